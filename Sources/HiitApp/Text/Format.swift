import Foundation
#if canImport(Glibc)
import Glibc
#endif
import POSIX
import SessionEngine
import WorkoutModel

/// Human-readable forms of times and plans.
enum Format {
    /// `m:ss`, or `h:mm:ss` from one hour, of whole seconds (rounded down); negative shows 0:00.
    static func clock(_ seconds: Double) -> String {
        Pace.clock(seconds.isFinite ? seconds.rounded(.down) : 0)
    }

    /// A distance in the person's units, with decimals and no fraction signs: swims in whole
    /// yards in a yard pool or with imperial units, else in whole metres (never km); other
    /// sports in miles (two decimals) with imperial units, else in whole metres below 1 km and
    /// kilometres (two decimals) from there (`750 m`, `20 km`, `1000 yd`, `3.11 mi`).
    static func distance(_ meters: Double, units: Profile.Units, sport: Sport?, poolUnit: LengthUnit?) -> String {
        let imperial = units == .imperial
        if sport == .swimming {
            // Swimmers count in metres or yards, never kilometres or miles (1500 m, 1650 yd).
            let yards = poolUnit == .yards || (poolUnit == nil && imperial)
            return yards ? decimal(meters / LengthUnit.yards.meters, places: 0) + " yd" : decimal(meters, places: 0) + " m"
        }
        if imperial { return decimal(meters / LengthUnit.miles.meters, places: 2) + " mi" }
        return meters < 1000 ? decimal(meters, places: 0) + " m" : decimal(meters / 1000, places: 2) + " km"
    }

    /// A measured quantity with at most `places` decimals, trailing zeros dropped (`19.6`,
    /// `20`, `4.29`); never a fraction sign, which is for lengths a person typed (`33⅓ yd`).
    static func decimal(_ value: Double, places: Int) -> String {
        guard value.isFinite else { return "0" }
        var text = String(format: "%.\(places)f", value)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }

    /// ``distance(_:units:sport:poolUnit:)`` for a plan leg: in the system its target was
    /// typed in when it is known (a `750m` swim in a 33⅓ yd pool counts metres; a `5mi` run
    /// miles, whatever the profile says), else by its pool unit and the profile's units.
    static func distance(_ meters: Double, units: Profile.Units, leg: Leg) -> String {
        if let typed = leg.targetDistanceUnit {
            let system: Profile.Units = typed == .yards || typed == .miles ? .imperial : .metric
            let poolUnit: LengthUnit? = leg.sport == .swimming ? (system == .imperial ? .yards : .meters) : nil
            return distance(meters, units: system, sport: leg.sport, poolUnit: poolUnit)
        }
        return distance(meters, units: units, sport: leg.sport, poolUnit: leg.poolLength == nil ? nil : (leg.poolUnit ?? .meters))
    }

    /// A countdown shows the seconds still to go rounded up: 2.3 s left reads `0:03`.
    static func countdown(_ duration: Duration) -> String {
        clock(duration.inSeconds.rounded(.up))
    }

    /// `4 min 50 s`, `20 s`, `1 h 5 min`: a duration in words for summaries.
    static func words(_ seconds: Double) -> String {
        let whole = seconds.isFinite ? max(Int(seconds.rounded()), 0) : 0
        let h = whole / 3600, m = (whole % 3600) / 60, s = whole % 60
        var parts: [String] = []
        if h > 0 { parts.append("\(h) h") }
        if m > 0 { parts.append("\(m) min") }
        if s > 0 || parts.isEmpty { parts.append("\(s) s") }
        return parts.joined(separator: " ")
    }

    /// The upper-case phase name shown on the timer.
    static func phase(_ kind: Segment.Kind) -> String {
        switch kind {
        case .prepare: "PREPARE"
        case .work: "WORK"
        case .rest: "REST"
        case .restBetweenExercises: "REST BETWEEN EXERCISES"
        case .leg: "LEG"
        case .transition: "TRANSITION"
        case .coolDown: "COOL-DOWN"
        }
    }

    /// One line describing a segment: `WORK  Burpees  round 1/8  exercise 1/1  0:20`.
    static func segmentLine(_ segment: Segment) -> String {
        var parts = [phase(segment.kind)]
        if segment.kind == .work || segment.kind == .rest { parts.append(segment.label) }
        if let round = segment.round, let rounds = segment.rounds { parts.append("round \(round)/\(rounds)") }
        if let exercise = segment.exercise, let exercises = segment.exercises, exercises > 1 {
            parts.append("exercise \(exercise)/\(exercises)")
        }
        parts.append(segment.duration.map { clock($0.inSeconds) } ?? "open")
        return parts.joined(separator: "  ")
    }

    /// The text of `hiit show W`: name, exercises, estimated time and the timeline.
    static func plan(_ workout: IntervalWorkout, program: Program) -> String {
        let prepare = program.segments.first { $0.kind == .prepare }?.duration?.inSeconds ?? 0
        var lines = ["\(workout.name) — intervals, estimated \(words(program.estimatedDuration.inSeconds))"
                     + (prepare > 0 ? " (+ \(words(prepare)) prepare)" : "")]
        for (index, exercise) in workout.exercises.enumerated() {
            lines.append("  \(index + 1). \(exercise.name): \(exercise.workSeconds)/\(exercise.restSeconds) s × \(exercise.rounds)")
        }
        if workout.exercises.count > 1 {
            lines.append("  Rest between exercises: \(workout.restBetweenExercisesSeconds) s")
        }
        lines.append("")
        lines.append("Timeline:")
        for (segment, start) in zip(program.segments, program.plannedStarts) {
            lines.append("  \(start.map { clock($0.inSeconds) } ?? "  ?  ")  \(segmentLine(segment))")
        }
        return lines.joined(separator: "\n")
    }

    /// A signal as a person reads it in "Stopped by …": `SIGINT (Ctrl-C)`, else its name as
    /// `kill -l` spells it with `SIG` (``POSIX/SignalNumbers/name(of:)``: `SIGTERM`, `SIGUSR1`,
    /// `SIGRTMIN+2`), else `signal N`.
    static func signal(_ number: Int32) -> String {
        number == SIGINT ? "SIGINT (Ctrl-C)" : SignalNumbers.name(of: number) ?? "signal \(number)"
    }
}
