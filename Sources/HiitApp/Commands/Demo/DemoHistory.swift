import Calories
import Foundation
import SessionEngine
import WorkoutModel

/// A made-up but plausible year of training, for `hiit demo`: HIIT workouts named like the
/// shipped ones and multisport sessions (runs, rides, swims, bricks, triathlons) with legs,
/// laps, pauses and calorie estimates, 3–6 sessions a week at all times of day.
///
/// Pure: the same seed, end instant, calendar and weight always give the same records, on
/// any machine. Nothing is read from the clock or the environment.
///
/// Shape of the data:
/// - Weeks are the calendar's weeks (its `firstWeekday`). Each full week has 3 to 6 sessions
///   on different days; each day's session depends only on the seed and that date, so two
///   histories made with different end dates agree on the days they share.
/// - Weekdays lean to HIIT (Tabata, Classic HIIT, EMOM 10, Gentle start), easy and tempo
///   runs, pool swims and rides; weekends to long runs and rides, bricks and, in the northern
///   summer, races (sprint triathlon, aquathlon, open-water swims). Paces improve towards
///   late summer.
/// - Start times spread over the morning (05:30–11:00), afternoon (12:00–16:30), evening
///   (17:00–21:30) and night (22:30–23:59, HIIT and weekday runs, rides and swims; such a
///   session may run past midnight and still belongs to the day it started).
/// - Interval sessions: `workoutSeconds`, `totalSeconds`, `rounds` and `exercises` as the
///   engine counts them for the shipped workout (the rest after the last round is not run);
///   `kcal` from ``HIITCalories/kcal(weightKg:workoutSeconds:totalSeconds:)``; now and then a
///   pause (end = start + total + paused).
/// - Multisport sessions: one ``LegRecord`` per leg, transitions included, with laps (100 m in
///   the water, 1 km running, 5 km on the bike) that partition each leg's elapsed time; a run
///   may hold a stop (elapsed > timer). `workoutSeconds` is the timer time of the sport legs
///   (transitions excluded), `totalSeconds` the timer time of every leg, `pausedSeconds` the
///   stops; `rounds` counts the sport legs and `exercises` is 0 (as a recorded multisport session). Leg kcal come from
///   ``LegCalories/kcal(sport:distanceMeters:timerSeconds:weightKg:isOpenWater:)``; the
///   session's kcal is their unrounded sum.
/// - Times are whole seconds (history dates are stored to the second), ids are version 4
///   UUIDs drawn from the generator.
enum DemoHistory {
    /// The seed `hiit demo` uses, so every user gets the same demo.
    static let defaultSeed: UInt64 = 0x4849_4954_2D44_454D  // "HIIT-DEM"

    /// The weight of the demo profile, kg.
    static let defaultWeightKg = 70.0

    /// The demo sessions that started in the year before `now` and ended by `now`, oldest first.
    /// - Parameters:
    ///   - seed: picks the history; the same seed gives the same sessions.
    ///   - now: the end of the history (sessions that would end later are left out); the
    ///     history starts one calendar year earlier.
    ///   - calendar: local dates, weeks (`firstWeekday`) and the time zone the sessions are
    ///     recorded in (`calendar.timeZone`).
    ///   - weightKg: the weight stored with each session and used for its calories; `nil`
    ///     stores no weight and no calories.
    /// - Returns: between about 150 and 320 records, every one within the limits history
    ///   accepts.
    static func sessions(seed: UInt64, now: Date, calendar: Calendar, weightKg: Double?) -> [SessionRecord] {
        let yearAgo = calendar.date(byAdding: .year, value: -1, to: now) ?? now.addingTimeInterval(-365 * 86_400)
        var weekPlans: [Int: Set<Int>] = [:]
        var records: [SessionRecord] = []
        var day = calendar.startOfDay(for: yearAgo)
        // 368 days at most: a year and the partial days at both ends.
        var daysLeft = 368
        while day <= now, daysLeft > 0 {
            daysLeft -= 1
            guard let dayInterval = calendar.dateInterval(of: .day, for: day),
                  let week = calendar.dateInterval(of: .weekOfYear, for: day),
                  let offset = calendar.dateComponents([.day], from: calendar.startOfDay(for: week.start), to: day).day
            else { break }
            let weekKey = dateKey(week.start, calendar)
            let plan = weekPlans[weekKey] ?? weekPlan(seed: seed, weekKey: weekKey)
            weekPlans[weekKey] = plan
            if plan.contains(offset),
               let record = session(seed: seed, day: day, calendar: calendar, weightKg: weightKg),
               record.start >= yearAgo, record.end <= now {
                records.append(record)
            }
            day = dayInterval.end
        }
        return records
    }

    // MARK: Weeks and days

    /// `20250317` for 17 March 2025 in the calendar's zone: a key for seeding.
    static func dateKey(_ date: Date, _ calendar: Calendar) -> Int {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return (parts.year ?? 0) * 10_000 + (parts.month ?? 0) * 100 + (parts.day ?? 0)
    }

    /// The days of a week (0 = its first day) that have a session: 3 to 6 different days.
    static func weekPlan(seed: UInt64, weekKey: Int) -> Set<Int> {
        var random = SplitMix64(seed: seed, keys: [weekKey, 0])
        let count = random.int(in: 3...6)
        return Set(random.shuffled(Array(0..<7)).prefix(count))
    }

    /// How far into the northern summer a day is: 0 in mid-January, 1 in mid-July.
    static func summer(_ day: Date, _ calendar: Calendar) -> Double {
        let dayOfYear = Double(calendar.ordinality(of: .day, in: .year, for: day) ?? 1)
        return 0.5 - 0.5 * cos(2 * Double.pi * (dayOfYear - 15) / 365.25)
    }

    // MARK: Sessions

    /// What is done on a day.
    enum Activity: CaseIterable {
        case tabata, classicHIIT, emom, gentleStart
        case easyRun, tempoRun, longRun, ride, longRide, poolSwim, openWaterSwim
        case brick, sprintTriathlon, aquathlon, duathlon

        /// How likely the activity is on a weekday or a weekend day, `summer` in 0...1.
        func weight(weekend: Bool, summer: Double) -> Double {
            switch (self, weekend) {
            case (.tabata, false): 0.14 - 0.04 * summer
            case (.classicHIIT, false): 0.16 - 0.05 * summer
            case (.emom, false): 0.10 - 0.03 * summer
            case (.gentleStart, false): 0.06
            case (.easyRun, false): 0.16
            case (.tempoRun, false): 0.08
            case (.poolSwim, false): 0.12
            case (.ride, false): 0.06 + 0.10 * summer
            case (.classicHIIT, true): 0.10 - 0.05 * summer
            case (.tabata, true): 0.04
            case (.longRun, true): 0.22
            case (.longRide, true): 0.10 + 0.20 * summer
            case (.brick, true): 0.08 + 0.10 * summer
            case (.sprintTriathlon, true): summer > 0.75 ? 0.2 : 0
            case (.aquathlon, true): summer > 0.6 ? 0.08 : 0
            case (.openWaterSwim, true): summer > 0.5 ? 0.12 * summer : 0
            case (.poolSwim, true): 0.08 * (1 - summer)
            case (.duathlon, true): 0.1 * (1 - summer)
            default: 0
            }
        }

        /// The shipped interval workout this activity runs, if it is one.
        var intervalWorkout: IntervalShape? {
            switch self {
            case .tabata: IntervalShape(name: "Tabata", exercises: [(20, 10, 8)], restBetween: 60, labels: ["Burpees"])
            case .classicHIIT: IntervalShape(name: "Classic HIIT", exercises: Array(repeating: (40, 20, 3), count: 4),
                                             restBetween: 60, labels: ["Jump squats", "Push-ups", "Mountain climbers", "Burpees"])
            case .emom: IntervalShape(name: "EMOM 10", exercises: [(60, 0, 5), (60, 0, 5)], restBetween: 30,
                                      labels: ["Kettlebell swings", "Goblet squats"])
            case .gentleStart: IntervalShape(name: "Gentle start", exercises: Array(repeating: (20, 40, 4), count: 3),
                                             restBetween: 90, labels: ["Marching in place", "Wall push-ups", "Chair squats"])
            default: nil
            }
        }
    }

    /// An interval workout's structure: per exercise (work s, rest s, rounds), rest between
    /// exercises in seconds.
    struct IntervalShape {
        var name: String
        var exercises: [(work: Int, rest: Int, rounds: Int)]
        var restBetween: Int
        /// The exercises' names, in order.
        var labels: [String]

        /// The segments as the timer records them: the program this workout compiles to
        /// (``Program``, no prepare), one after another, with `pausedSeconds` paused in the first.
        func segments(pausedSeconds: Double) -> [SegmentRecord] {
            let workout = IntervalWorkout(
                name: name,
                exercises: exercises.enumerated().map { index, exercise in
                    Exercise(name: index < labels.count ? labels[index] : "Exercise \(index + 1)",
                             workSeconds: exercise.work, restSeconds: exercise.rest, rounds: exercise.rounds)
                },
                restBetweenExercisesSeconds: restBetween, prepareSeconds: 0)
            var segments: [SegmentRecord] = []
            var clock = 0.0
            for segment in Program(workout).segments {
                guard let kind = SegmentRecord.Kind(recording: segment.kind), let duration = segment.duration else { continue }
                let seconds = duration.inSeconds, paused = segments.isEmpty ? pausedSeconds : 0
                segments.append(SegmentRecord(kind: kind, label: segment.label, startSeconds: clock,
                                              elapsedSeconds: seconds + paused, timerSeconds: seconds))
                clock += seconds + paused
            }
            return segments
        }

        /// Seconds in work segments.
        var workoutSeconds: Int { exercises.reduce(0) { $0 + $1.work * $1.rounds } }
        /// Seconds from the first work segment to the end: the last round of an exercise has
        /// no rest after it, and there is no rest between exercises after the last one.
        var totalSeconds: Int {
            exercises.reduce(0) { $0 + $1.work * $1.rounds + $1.rest * max(0, $1.rounds - 1) }
                + restBetween * max(0, exercises.count - 1)
        }
        /// Work segments run.
        var rounds: Int { exercises.reduce(0) { $0 + $1.rounds } }
    }

    /// A part of the day, with the local start times it allows (seconds after midnight).
    enum Slot {
        case morning, afternoon, evening, night

        /// Earliest and latest local start, seconds after midnight.
        var window: ClosedRange<Int> {
            switch self {
            case .morning: 5 * 3600 + 1800...11 * 3600
            case .afternoon: 12 * 3600...16 * 3600 + 1800
            case .evening: 17 * 3600...21 * 3600 + 1800
            case .night: 22 * 3600 + 1800...23 * 3600 + 3599
            }
        }
    }

    /// The session of one day, or `nil` when its local start time does not exist that day.
    static func session(seed: UInt64, day: Date, calendar: Calendar, weightKg: Double?) -> SessionRecord? {
        let key = dateKey(day, calendar)
        var random = SplitMix64(seed: seed, keys: [key, 1])
        let id = random.uuid()
        let weekday = calendar.component(.weekday, from: day)
        let weekend = weekday == 1 || weekday == 7
        let summer = summer(day, calendar)
        let activity = random.pick(Activity.allCases.map { ($0, $0.weight(weekend: weekend, summer: summer)) })
        // Pace factor: 1.03 in winter, 0.97 at the end of summer (a little fitter).
        let fitness = 1.03 - 0.06 * summer

        let slot: Slot
        if activity.intervalWorkout != nil {
            slot = random.pick([(.morning, 0.35), (.afternoon, 0.15), (.evening, 0.35), (.night, 0.15)])
        } else if weekend {
            slot = random.pick([(.morning, 0.75), (.afternoon, 0.2), (.evening, 0.05)])
        } else {
            slot = random.pick([(.morning, 0.45), (.afternoon, 0.1), (.evening, 0.37), (.night, 0.08)])
        }
        let secondOfDay = random.int(in: slot.window)
        var parts = calendar.dateComponents([.year, .month, .day], from: day)
        parts.hour = secondOfDay / 3600
        parts.minute = secondOfDay / 60 % 60
        parts.second = secondOfDay % 60
        guard let start = calendar.date(from: parts), dateKey(start, calendar) == key else { return nil }

        if let shape = activity.intervalWorkout {
            let paused = random.chance(0.15) ? Double(random.int(in: 20...180)) : 0
            let workout = Double(shape.workoutSeconds), total = Double(shape.totalSeconds)
            return SessionRecord(
                id: id, workout: shape.name, kind: .intervals, start: start,
                end: start.addingTimeInterval(total + paused), timeZone: calendar.timeZone,
                workoutSeconds: workout, totalSeconds: total, pausedSeconds: paused,
                rounds: shape.rounds, exercises: shape.exercises.count, weightKg: weightKg,
                kcal: weightKg.map { HIITCalories.kcal(weightKg: $0, workoutSeconds: workout, totalSeconds: total) },
                segments: shape.segments(pausedSeconds: paused))
        }
        let (name, plans) = multisportPlan(activity, random: &random)
        let legs = legRecords(plans, fitness: fitness, weightKg: weightKg, random: &random)
        let elapsed = legs.reduce(0) { $0 + $1.elapsedSeconds }
        let timer = legs.reduce(0) { $0 + $1.timerSeconds }
        return SessionRecord(
            id: id, workout: name, kind: .multisport, start: start, end: start.addingTimeInterval(elapsed),
            timeZone: calendar.timeZone,
            workoutSeconds: SessionRecord.workoutSeconds(ofLegs: legs), totalSeconds: timer,
            pausedSeconds: elapsed - timer, rounds: SessionRecord.rounds(ofLegs: legs), exercises: 0, weightKg: weightKg,
            kcal: SessionRecord.kcal(ofLegs: legs, weightKg: weightKg), legs: legs)
    }

    // MARK: Multisport legs

    /// One leg to generate: the sport, metres (0 for a transition), how it is paced.
    struct LegPlan {
        enum Effort { case easy, tempo, long, race }
        var sport: Sport
        var meters: Int
        var effort: Effort
        var isOpenWater = false
        /// T1 (after the swim) takes longer than T2: a wetsuit.
        var isFirstTransition = false
    }

    /// The name and legs of a multisport activity (distances vary from session to session).
    static func multisportPlan(_ activity: Activity, random: inout SplitMix64) -> (String, [LegPlan]) {
        switch activity {
        case .easyRun:
            return ("Easy run", [LegPlan(sport: .running, meters: 500 * random.int(in: 10...20), effort: .easy)])
        case .tempoRun:
            return ("Tempo run", [LegPlan(sport: .running, meters: 1000 * random.int(in: 6...10), effort: .tempo)])
        case .longRun:
            return ("Long run", [LegPlan(sport: .running, meters: 1000 * random.int(in: 14...21), effort: .long)])
        case .ride:
            return ("Ride", [LegPlan(sport: .cycling, meters: 5000 * random.int(in: 4...8), effort: .tempo)])
        case .longRide:
            return ("Long ride", [LegPlan(sport: .cycling, meters: 10_000 * random.int(in: 5...10), effort: .long)])
        case .poolSwim:
            return ("Pool swim", [LegPlan(sport: .swimming, meters: 100 * random.int(in: 10...25), effort: .easy)])
        case .openWaterSwim:
            return ("Open water swim", [LegPlan(sport: .swimming, meters: 250 * random.int(in: 4...12), effort: .easy,
                                                isOpenWater: true)])
        case .brick:
            return ("Bike-run brick", [
                LegPlan(sport: .cycling, meters: 40_000, effort: .tempo),
                LegPlan(sport: .transition, meters: 0, effort: .race),
                LegPlan(sport: .running, meters: 5000, effort: .tempo),
            ])
        case .sprintTriathlon:
            return ("Sprint triathlon", [
                LegPlan(sport: .swimming, meters: 750, effort: .race),
                LegPlan(sport: .transition, meters: 0, effort: .race, isFirstTransition: true),
                LegPlan(sport: .cycling, meters: 20_000, effort: .race),
                LegPlan(sport: .transition, meters: 0, effort: .race),
                LegPlan(sport: .running, meters: 5000, effort: .race),
            ])
        case .aquathlon:
            return ("Aquathlon", [
                LegPlan(sport: .swimming, meters: 750, effort: .race, isOpenWater: true),
                LegPlan(sport: .transition, meters: 0, effort: .race, isFirstTransition: true),
                LegPlan(sport: .running, meters: 5000, effort: .race),
            ])
        default:
            return ("Duathlon", [
                LegPlan(sport: .running, meters: 5000, effort: .race),
                LegPlan(sport: .transition, meters: 0, effort: .race),
                LegPlan(sport: .cycling, meters: 20_000, effort: .race),
                LegPlan(sport: .transition, meters: 0, effort: .race),
                LegPlan(sport: .running, meters: 2500, effort: .race),
            ])
        }
    }

    /// Timer seconds for `meters` of `plan`'s sport at its effort: swims 1:50–2:15 per 100 m,
    /// rides 25–30 km/h, runs 4:50–5:45 per km, scaled by `fitness` and ±4 % day to day.
    static func timerSeconds(_ plan: LegPlan, fitness: Double, random: inout SplitMix64) -> Double {
        let dayToDay = random.double(in: 0.96...1.04)
        let meters = Double(plan.meters)
        let secondsPerMeter: Double
        switch plan.sport {
        case .swimming:
            secondsPerMeter = (plan.isOpenWater ? 135 : plan.effort == .race ? 110 : 120) / 100
        case .cycling:
            let kmh: Double = plan.effort == .race ? 30 : plan.effort == .long ? 25 : 27
            secondsPerMeter = 3.6 / kmh
        case .transition:
            let base = plan.isFirstTransition ? Double(random.int(in: 70...150)) : Double(random.int(in: 40...90))
            return base.rounded()
        default:
            switch plan.effort {
            case .easy: secondsPerMeter = 0.330
            case .tempo: secondsPerMeter = 0.290
            case .long: secondsPerMeter = 0.345
            case .race: secondsPerMeter = 0.305
            }
        }
        return max(1, (meters * secondsPerMeter * fitness * dayToDay).rounded())
    }

    /// The legs of a session, one after the other from 0 s, with laps and kcal.
    static func legRecords(_ plans: [LegPlan], fitness: Double, weightKg: Double?,
                           random: inout SplitMix64) -> [LegRecord] {
        var legs: [LegRecord] = []
        var legStart = 0.0
        for plan in plans {
            let timer = timerSeconds(plan, fitness: fitness, random: &random)
            // A stop at a crossing or a drink now and then on training runs and rides.
            let canStop = plan.effort != .race && (plan.sport == .running || plan.sport == .cycling)
            let stop = canStop && random.chance(0.3) ? Double(random.int(in: 15...120)) : 0
            let elapsed = timer + stop
            let distance: Double? = plan.sport == .transition ? nil : Double(plan.meters)
            let laps = lapRecords(plan, legStart: legStart, elapsed: elapsed, random: &random)
            let kcal = weightKg.flatMap {
                LegCalories.kcal(sport: plan.sport, distanceMeters: distance, timerSeconds: timer,
                                 weightKg: $0, isOpenWater: plan.isOpenWater)
            }
            legs.append(LegRecord(sport: plan.sport.rawValue, startSeconds: legStart, elapsedSeconds: elapsed,
                                  timerSeconds: timer, distanceMeters: distance, kcal: kcal, laps: laps))
            legStart += elapsed
        }
        return legs
    }

    /// Laps of 100 m (swim), 1 km (run) or 5 km (bike) that partition the leg's elapsed time;
    /// the last lap is the remainder. Transitions have none.
    static func lapRecords(_ plan: LegPlan, legStart: Double, elapsed: Double,
                           random: inout SplitMix64) -> [LapRecord] {
        let lapMeters: Int
        switch plan.sport {
        case .swimming: lapMeters = 100
        case .cycling: lapMeters = 5000
        case .transition: return []
        default: lapMeters = 1000
        }
        var lengths: [Double] = []
        var left = plan.meters
        while left > 0 {
            lengths.append(Double(min(lapMeters, left)) * random.double(in: 0.95...1.05))
            left -= lapMeters
        }
        let total = lengths.reduce(0, +)
        guard total > 0 else { return [] }
        var laps: [LapRecord] = []
        var used = 0.0
        for (index, length) in lengths.enumerated() {
            let seconds = index == lengths.count - 1 ? elapsed - used : (elapsed * length / total).rounded()
            laps.append(LapRecord(startSeconds: legStart + used, elapsedSeconds: max(0, seconds)))
            used += seconds
        }
        return laps
    }
}
