import ActivityFiles
import Foundation
import Tracks
import WorkoutModel

/// A history record as the activity a file can hold (DESIGN §8, export), for
/// ``ActivityFile/encodeFIT(_:)``. Pure: the record in, the activity out.
public enum SessionExport {
    /// The activity of `record`, for a session hiit's timer recorded or that was typed (an
    /// imported session exports from its kept original instead, where there is one).
    ///
    /// Rules:
    /// - An interval session is one session of sport `hiit` whose sub-sport is
    ///   ``intervalSubSport(workout:)``, from the record's start for Total Time plus paused
    ///   seconds (the history keeps its dates to the second, its durations exactly), timer time
    ///   the record's Total Time, kcal the record's; one lap per recorded segment
    ///   (``lap(of:recordStart:)``) with whole kcal by timer time that add up to the session's
    ///   (``wholeKcal(_:sharedBy:)``), or one active lap for a record that keeps no segments.
    /// - A multisport session is one session per leg in order (transitions as sessions of sport
    ///   `transition`), each with the leg's start, times, distance, kcal, climb, heart rate and
    ///   laps (one per recorded lap), a pool swim with its pool length and each lap as a length
    ///   too (hiit's laps in a pool are lengths); the kind of event is
    ///   ``multisportName(legs:)``.
    /// - Points: one each whole second from each session's start and one at its end, with only
    ///   a time, and for a leg with a distance the distance so far, linear in time (no track is
    ///   recorded; platforms refuse records without times).
    /// - Paused time: the record says how much, not when; it is written as one pause at the
    ///   end of each segment that was paused (of the session when there are no segments, of
    ///   each leg for multisport).
    /// - hiit's own values (id, kind, workout, zone, rounds, exercises, Workout Time, exact kcal
    ///   and weight) go along as ``HiitSessionData``, so that the file imported again is the
    ///   same record.
    /// - Parameter record: the session.
    /// - Returns: the activity; its format is ``RecordedActivity/Format/fit`` (the encoder
    ///   chosen sets the file's format).
    public static func activity(of record: SessionRecord) -> RecordedActivity {
        let mark = HiitSessionData(
            id: record.id, kind: record.kind, workout: record.workout, timeZone: record.timeZone,
            rounds: record.rounds, exercises: record.exercises, workoutSeconds: record.workoutSeconds,
            kcal: record.kcal, weightKg: record.weightKg)
        let sessions: [RecordedSession]
        var multisport: String?
        switch record.kind {
        case .intervals:
            // The measured durations, not end − start: the history keeps its dates to the second.
            let timer = max(0, record.totalSeconds)
            let elapsed = timer + max(0, record.pausedSeconds)
            let totals = RecordedTotals(elapsedSeconds: elapsed, timerSeconds: timer, kcal: record.kcal)
            var laps = [RecordedLap(start: record.start, totals: totals, intensity: .active)]
            var pauses = pauses(endingAt: record.start.addingTimeInterval(elapsed), seconds: elapsed - timer)
            if !record.segments.isEmpty {
                laps = record.segments.map { lap(of: $0, recordStart: record.start) }
                if let kcal = record.kcal {
                    for (index, share) in wholeKcal(kcal, sharedBy: record.segments.map(\.timerSeconds)).enumerated() {
                        laps[index].totals.kcal = share
                    }
                }
                pauses = record.segments.flatMap { segment in
                    Self.pauses(endingAt: record.start.addingTimeInterval(segment.startSeconds + segment.elapsedSeconds),
                                seconds: segment.elapsedSeconds - segment.timerSeconds)
                }
            }
            sessions = [RecordedSession(
                sport: .hiit, sportName: "hiit/" + intervalSubSport(workout: record.workout), start: record.start,
                totals: totals, laps: laps,
                points: points(from: record.start, seconds: elapsed, meters: nil), pauses: pauses)]
        case .multisport:
            sessions = record.legs.map { session(of: $0, recordStart: record.start) }
            multisport = multisportName(legs: record.legs)
        }
        return RecordedActivity(format: .fit, utcOffsetSeconds: record.utcOffsetSeconds, name: record.workout,
                                sessions: sessions, multisportName: multisport, hiitSession: mark)
    }

    /// An imported session's original activity (`activity`, decoded from the kept file)
    /// completed with what its stored record knows, for writing it in another format: a GPX
    /// has no totals and a TCX lap no elapsed time, but the record holds the device's values or
    /// those computed from the points (``ImportedActivity``), and a platform reading the file
    /// wants them.
    ///
    /// Rules: when the activity has as many sessions as the record has legs, each session's
    /// totals the file lacks (elapsed and timer time, distance, ascent, descent, kcal, average
    /// and maximum heart rate, average cadence) are the leg's; a lap without an elapsed time
    /// gets the time to the next lap's start (for the last, to the session's end,
    /// ``RecordedSession/end(elapsedSeconds:)``), at least its timer time; the UTC offset, when
    /// the file has none, is the record's. Values the file has are kept as they are.
    /// - Parameters:
    ///   - activity: the original, decoded.
    ///   - record: the session stored for it.
    /// - Returns: the activity with the missing values filled in.
    public static func completed(_ activity: RecordedActivity, with record: SessionRecord) -> RecordedActivity {
        var activity = activity
        if activity.utcOffsetSeconds == nil { activity.utcOffsetSeconds = record.utcOffsetSeconds }
        guard activity.sessions.count == record.legs.count else { return activity }
        for (index, leg) in record.legs.enumerated() {
            var session = activity.sessions[index]
            var totals = session.totals
            totals.elapsedSeconds = totals.elapsedSeconds ?? max(leg.elapsedSeconds, leg.timerSeconds)
            totals.timerSeconds = totals.timerSeconds ?? leg.timerSeconds
            totals.distanceMeters = totals.distanceMeters ?? leg.distanceMeters
            totals.ascentMeters = totals.ascentMeters ?? leg.ascentMeters
            totals.descentMeters = totals.descentMeters ?? leg.descentMeters
            totals.kcal = totals.kcal ?? leg.kcal
            totals.averageHeartRate = totals.averageHeartRate ?? leg.avgHeartRate
            totals.maximumHeartRate = totals.maximumHeartRate ?? leg.maxHeartRate
            totals.averageCadence = totals.averageCadence ?? leg.avgCadence
            session.totals = totals
            let end = session.end(elapsedSeconds: totals.elapsedSeconds ?? 0)
            for lapIndex in session.laps.indices where session.laps[lapIndex].totals.elapsedSeconds == nil {
                let lap = session.laps[lapIndex]
                let next = lapIndex + 1 < session.laps.count ? session.laps[lapIndex + 1].start : end
                session.laps[lapIndex].totals.elapsedSeconds = max(next.timeIntervalSince(lap.start), lap.totals.timerSeconds ?? 0)
            }
            activity.sessions[index] = session
        }
        return activity
    }

    /// The lap of one segment of an interval session: its start and times, its label as the
    /// lap's name and its intensity (``intensity(of:)``); no kcal (see
    /// ``wholeKcal(_:sharedBy:)``).
    /// - Parameters:
    ///   - segment: the segment as recorded.
    ///   - recordStart: the session's start.
    public static func lap(of segment: SegmentRecord, recordStart: Date) -> RecordedLap {
        RecordedLap(
            start: recordStart.addingTimeInterval(segment.startSeconds),
            totals: RecordedTotals(elapsedSeconds: segment.elapsedSeconds, timerSeconds: segment.timerSeconds),
            intensity: intensity(of: segment.kind), name: segment.label)
    }

    /// `kcal` shared by parts in proportion to `weights` (a lap's timer seconds), as whole kcal
    /// that add up to `kcal` rounded (as the files hold a session's kcal): each part is the
    /// rounded running total less the one before it. Equal weights all zero share nothing.
    /// - Parameters:
    ///   - kcal: the whole, kcal.
    ///   - weights: each part's weight, ≥ 0.
    /// - Returns: one whole number of kcal per weight.
    public static func wholeKcal(_ kcal: Double, sharedBy weights: [Double]) -> [Double] {
        let sum = weights.reduce(0, +)
        guard sum > 0, kcal.isFinite else { return weights.map { _ in 0 } }
        var running = 0.0, given = 0.0
        return weights.map { weight in
            running += kcal * weight / sum
            let part = running.rounded() - given
            given += part
            return part
        }
    }

    /// The FIT lap intensity of a segment's kind (FIT SDK Profile.xlsx, `intensity`): work
    /// `active`, rest `rest`, rest between exercises `recovery`, cool-down `cooldown`, warm-up
    /// `warmup`, rest between sets `other` (FIT has no intensity of its own for it, and the
    /// others each stand for one kind already); each kind its own, so that a lap read back
    /// says which segment it was (``segmentKind(of:)``).
    public static func intensity(of kind: SegmentRecord.Kind) -> LapIntensity {
        switch kind {
        case .work: .active
        case .rest: .rest
        case .restBetweenExercises: .recovery
        case .coolDown: .cooldown
        case .warmUp: .warmup
        case .restBetweenSets: .other
        }
    }

    /// The segment kind a lap's intensity stands for, the inverse of ``intensity(of:)``; `nil`
    /// for the one it never writes (interval).
    public static func segmentKind(of intensity: LapIntensity) -> SegmentRecord.Kind? {
        switch intensity {
        case .active: .work
        case .rest: .rest
        case .recovery: .restBetweenExercises
        case .cooldown: .coolDown
        case .warmup: .warmUp
        case .other: .restBetweenSets
        case .interval: nil
        }
    }

    /// FIT's sub-sport of an interval workout (FIT SDK Profile.xlsx, `sub_sport`), from its
    /// name: `tabata` (75) when it says Tabata, `emom` (74) for EMOM, `amrap` (73) for AMRAP,
    /// else `hiit` (70).
    /// - Parameter workout: the workout's name as recorded.
    public static func intervalSubSport(workout: String) -> String {
        let name = workout.lowercased()
        if name.contains("tabata") { return "tabata" }
        if name.contains("emom") { return "emom" }
        if name.contains("amrap") { return "amrap" }
        return "hiit"
    }

    /// The kind of multisport event of `legs` by their sports in order, transitions left out
    /// (FIT SDK Profile.xlsx, `sub_sport`): swim, bike, run is `triathlon`; run, bike, run is
    /// `duathlon`; bike, run is `brick`; swims and runs only, both present, is `swim_run`;
    /// anything else `nil`.
    /// - Parameter legs: the legs in order.
    public static func multisportName(legs: [LegRecord]) -> String? {
        let sports = legs.map(\.sport).filter { $0 != Sport.transition.rawValue }
        let swim = Sport.swimming.rawValue, bike = Sport.cycling.rawValue, run = Sport.running.rawValue
        switch sports {
        case [swim, bike, run]: return "triathlon"
        case [run, bike, run]: return "duathlon"
        case [bike, run]: return "brick"
        default:
            let kinds = Set(sports)
            return kinds == [swim, run] ? "swim_run" : nil
        }
    }

    /// One leg as a recorded session.
    static func session(of leg: LegRecord, recordStart: Date) -> RecordedSession {
        let start = recordStart.addingTimeInterval(leg.startSeconds)
        let elapsed = max(leg.elapsedSeconds, leg.timerSeconds)
        let totals = RecordedTotals(
            elapsedSeconds: elapsed, timerSeconds: leg.timerSeconds, distanceMeters: leg.distanceMeters,
            ascentMeters: leg.ascentMeters, descentMeters: leg.descentMeters, kcal: leg.kcal,
            averageHeartRate: leg.avgHeartRate, maximumHeartRate: leg.maxHeartRate, averageCadence: leg.avgCadence)
        let laps = leg.laps.map { lap in
            RecordedLap(start: recordStart.addingTimeInterval(lap.startSeconds),
                        totals: RecordedTotals(elapsedSeconds: lap.elapsedSeconds, timerSeconds: lap.elapsedSeconds,
                                               distanceMeters: lap.distanceMeters),
                        intensity: .active)
        }
        let sport = leg.knownSport ?? .other
        // In a pool swim each of hiit's laps is one length of the pool: each is a FIT length too.
        let lengths = leg.poolLengthMeters == nil ? [] : leg.laps.map { lap in
            RecordedLength(start: recordStart.addingTimeInterval(lap.startSeconds), seconds: lap.elapsedSeconds, isActive: true)
        }
        return RecordedSession(
            sport: sport, sportName: leg.sportName ?? leg.sport, start: start, totals: totals, laps: laps,
            lengths: lengths, poolLengthMeters: leg.poolLengthMeters,
            points: points(from: start, seconds: elapsed, meters: leg.distanceMeters),
            pauses: pauses(endingAt: start.addingTimeInterval(elapsed), seconds: elapsed - leg.timerSeconds))
    }

    /// A point each whole second from `start` and one at `start + seconds`, with the distance
    /// so far when `meters` is given (linear in time).
    static func points(from start: Date, seconds: Double, meters: Double?) -> [TrackPoint] {
        guard seconds.isFinite, seconds >= 0 else { return [] }
        var offsets = (0...Int(seconds.rounded(.down))).map(Double.init)
        if seconds > offsets[offsets.count - 1] { offsets.append(seconds) }
        return offsets.map { offset in
            let distance = meters.map { seconds > 0 ? $0 * offset / seconds : 0 }
            return TrackPoint(time: start.addingTimeInterval(offset), distanceMeters: distance)
        }
    }

    /// One pause of `seconds` ending at `end`; none when it is under a second (FIT's events are
    /// whole seconds).
    static func pauses(endingAt end: Date, seconds: Double) -> [TimerPause] {
        guard seconds.isFinite, seconds >= 1 else { return [] }
        return [TimerPause(start: end.addingTimeInterval(-seconds), end: end)]
    }
}
