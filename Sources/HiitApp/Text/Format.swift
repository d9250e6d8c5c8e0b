import Foundation
import POSIX
import SessionEngine
import TerminalUI
import WorkoutModel

/// Human-readable forms of times and plans.
enum Format {
    /// `m:ss`, or `h:mm:ss` from one hour, of whole seconds (rounded down); negative shows 0:00.
    static func clock(_ seconds: Double) -> String {
        Pace.clock(clockSeconds(seconds))
    }

    /// The whole seconds ``clock(_:)`` shows for `seconds`: rounded down, 0 when not finite.
    static func clockSeconds(_ seconds: Double) -> Double {
        seconds.isFinite ? seconds.rounded(.down) : 0
    }

    /// The distance worth showing: `meters` when above 0, else `nil`. A device without a speed
    /// sensor or GPS (an indoor ride, a treadmill, a row) writes 0 m, which is no reading: the
    /// tables, `hiit history show` and the import's line leave it out, as they do a missing one.
    /// The record keeps what the device wrote.
    static func shownDistance(_ meters: Double?) -> Double? {
        meters.flatMap { $0 > 0 ? $0 : nil }
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
        Pace.clock(countdownSeconds(duration))
    }

    /// The whole seconds ``countdown(_:)`` shows for `duration`: rounded up.
    static func countdownSeconds(_ duration: Duration) -> Double {
        clockSeconds(duration.inSeconds.rounded(.up))
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

    /// `0 min`, `<1 min`, `4 min`, `1 h`, `1 h 10 min`: a duration to the nearest minute with
    /// its units, the one style of durations on the statistics screen and in `hiit history`
    /// (a duration that is not zero never reads `0 min`).
    static func hoursMinutes(_ seconds: Double) -> String {
        let whole = seconds.isFinite ? max(seconds, 0) : 0
        let minutes = Int((whole / 60).rounded(.toNearestOrAwayFromZero))
        if minutes == 0 { return whole > 0 ? "<1 min" : "0 min" }
        let h = minutes / 60, m = minutes % 60
        if h == 0 { return "\(m) min" }
        return m == 0 ? "\(h) h" : "\(h) h \(m) min"
    }

    /// Greedy wrap: `first`, then the pieces one space apart (none after a `first` or `indent`
    /// that ends with a space), cut into lines of at most
    /// `width` cells between pieces; lines after the first start with `indent`. A piece too
    /// wide for a line gets a line of its own (never cut).
    /// - Parameters:
    ///   - pieces: the words (or items such as `5 min 52 s,`), in order.
    ///   - first: the start of the first line (empty for none).
    ///   - indent: the start of every later line.
    ///   - width: the most cells a line should take.
    /// - Returns: the lines, without trailing spaces.
    static func wrap(_ pieces: [String], first: String = "", indent: String = "", width: Int) -> [String] {
        var lines: [String] = []
        var line = first
        var lineHasPiece = false
        for piece in pieces where !piece.isEmpty {
            let candidate = line + (line.isEmpty || line.hasSuffix(" ") ? "" : " ") + piece
            if lineHasPiece, candidate.displayWidth > width {
                lines.append(line)
                line = indent + piece
            } else {
                line = candidate
            }
            lineHasPiece = true
        }
        lines.append(line)
        return lines.map { var line = $0; while line.hasSuffix(" ") { line.removeLast() }; return line }
    }

    /// A sentence or a title wrapped at its spaces to `width` cells, later lines indented by
    /// `indent` (see ``wrap(_:first:indent:width:)``). A number and the word after it stay on
    /// one line (`25 s`, `23–29 Nov`, `~285 kcal`).
    static func wrap(_ text: String, width: Int, indent: String = "") -> [String] {
        wrap(pieces(text), indent: indent, width: width)
    }

    /// The pieces ``wrap(_:width:indent:)`` breaks a text between: its words, a number and the
    /// word after it kept together (`25 s`, `~285 kcal`).
    static func pieces(_ text: String) -> [String] {
        var pieces: [String] = []
        for word in text.split(separator: " ").map(String.init) {
            if let last = pieces.last, isNumber(last), word.first?.isLetter == true {
                pieces[pieces.count - 1] = last + " " + word
            } else {
                pieces.append(word)
            }
        }
        return pieces
    }

    /// Whether `word` is a number as the screens write one (`25`, `1:53`, `23–29`, `~285`).
    private static func isNumber(_ word: String) -> Bool {
        word.contains(where: \.isNumber) && word.allSatisfy { $0.isNumber || ".:,~/–-".contains($0) }
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
        case .coolDown: "COOL DOWN"
        case .warmUp: "WARM UP"
        case .restBetweenSets: "REST BETWEEN SETS"
        }
    }

    /// One line describing a segment: `WORK  Burpees  round 1/8  exercise 1/2  set 2/3  0:20`
    /// (`set i/n` in a workout of several sets).
    static func segmentLine(_ segment: Segment) -> String {
        var parts = [phase(segment.kind)]
        if segment.kind == .work || segment.kind == .rest { parts.append(segment.label) }
        if let round = segment.round, let rounds = segment.rounds { parts.append("round \(round)/\(rounds)") }
        if let exercise = segment.exercise, let exercises = segment.exercises, exercises > 1 {
            parts.append("exercise \(exercise)/\(exercises)")
        }
        if let set = setText(segment) { parts.append(set) }
        parts.append(segment.duration.map { clock($0.inSeconds) } ?? "open")
        return parts.joined(separator: "  ")
    }

    /// `set 2/3` for a segment of a workout of several sets, else `nil`.
    static func setText(_ segment: Segment) -> String? {
        guard let set = segment.set, let sets = segment.sets, sets > 1 else { return nil }
        return "set \(set)/\(sets)"
    }

    /// The text of `hiit show W`: name, exercises, estimated time and the timeline, every line
    /// at most `width` columns (the title wraps; an exercise's name is cut with the ellipsis).
    ///
    /// The timeline is a table without a header: the start (`m:ss`, `h:mm:ss` from an hour,
    /// right-aligned to the widest, so 9:10 and 10:10 stay in line), the phase (the rest
    /// between exercises as `REST` and `between exercises`, the rest between sets as `REST` and
    /// `between sets`), the exercise, `round i/n`, `exercise j/m` (workouts of several
    /// exercises), `set k/s` (workouts of several sets) and the duration. Too narrow for all
    /// of it, `exercise j/m` goes first, then the round, then the set (in a circuit the set
    /// says more of where one is than the round of one exercise) (``TextTable``).
    /// - Parameters:
    ///   - workout: the workout.
    ///   - program: its compiled program.
    ///   - width: the terminal's columns.
    ///   - glyphs: Unicode or ASCII punctuation.
    static func plan(_ workout: IntervalWorkout, program: Program, width: Int = 80, glyphs: Glyphs = .unicode) -> String {
        let prepare = program.segments.first { $0.kind == .prepare }?.duration?.inSeconds ?? 0
        var lines = wrap("\(workout.name.sanitizedForTerminal) \(glyphs.dash) intervals, estimated \(words(program.estimatedDuration.inSeconds))"
                         + (prepare > 0 ? " (+ \(words(prepare)) prepare)" : ""), width: width, indent: "  ")
        lines += exerciseLines(workout, width: width, glyphs: glyphs)
        // `40/20` is one round of 40 s: its 20 s rest would come after the end (a rest runs
        // between rounds), so say so rather than drop it unsaid.
        if program.segments.last?.kind == .work, let last = workout.exercises.last, last.restSeconds > 0 {
            lines += wrap(pieces("No rest after the last round: the workout ends with its work."), first: "  ", indent: "    ",
                          width: width)
        }
        lines.append("")
        lines.append("Timeline:")
        let rows = zip(program.segments, program.plannedStarts).map { segment, start -> [String] in
            let named = segment.kind == .work || segment.kind == .rest
            // REST, then "between exercises": the phase column stays 9 cells at most.
            let between = segment.kind == .restBetweenExercises ? "between exercises"
                : segment.kind == .restBetweenSets ? "between sets" : nil
            var round = "", exercise = ""
            if let r = segment.round, let rounds = segment.rounds { round = "round \(r)/\(rounds)" }
            if let e = segment.exercise, let exercises = segment.exercises, exercises > 1 { exercise = "exercise \(e)/\(exercises)" }
            var row = [start.map { clock($0.inSeconds) } ?? "?", between == nil ? phase(segment.kind) : phase(.rest),
                       named ? segment.label : between ?? "", round, exercise]
            if workout.sets > 1 { row.append(segment.kind == .restBetweenSets ? "" : setText(segment) ?? "") }
            return row + [segment.duration.map { clock($0.inSeconds) } ?? "open"]
        }
        var columns = [
            TextTable.Column(header: "", alignment: .right), TextTable.Column(header: ""),
            TextTable.Column(header: "", flexible: 20...60), TextTable.Column(header: "", dropOrder: 2),
            TextTable.Column(header: "", dropOrder: 1),
        ]
        if workout.sets > 1 { columns.append(TextTable.Column(header: "", dropOrder: 3)) }
        columns.append(TextTable.Column(header: "", alignment: .right))
        let table = TextTable(columns: columns, rows: rows, indent: "  ")
        lines += table.lines(width: width, glyphs: glyphs, header: false)
        return lines.joined(separator: "\n")
    }

    /// `  Warm up: 5 min` when the workout has one, `  1. Burpees: 20/10 s × 8` for each
    /// exercise (the name cut to fit `width`; `, then 15 s rest` when it has its own rest
    /// after it), the rest between exercises when there are several, `  Sets: 3, rest between
    /// sets 2 min` for a circuit, `  Cool down: 3 min` and the cues that differ from the
    /// standard ones (`  Cues: names off, countdown in words`). `hiit show` and the summaries of
    /// `hiit new` and `hiit edit` share it.
    static func exerciseLines(_ workout: IntervalWorkout, width: Int = 80, glyphs: Glyphs = .unicode) -> [String] {
        var lines: [String] = []
        if let warmUp = workout.warmUpSeconds, warmUp > 0 { lines.append("  Warm up: \(words(Double(warmUp)))") }
        lines += workout.exercises.enumerated().map { index, exercise in
            let head = "  \(index + 1). "
            var tail = ": \(exercise.workSeconds)/\(exercise.restSeconds) s \(glyphs.times) \(exercise.rounds)"
            if let restAfter = exercise.restAfterSeconds { tail += ", then \(restAfter) s rest" }
            let room = max(width - head.displayWidth - tail.displayWidth, 8)
            return head + exercise.name.truncated(toWidth: room, ellipsis: glyphs.ellipsis) + tail
        }
        if workout.exercises.count > 1 {
            lines.append("  Rest between exercises: \(workout.restBetweenExercisesSeconds) s")
        }
        if workout.sets > 1 {
            lines.append("  Sets: \(workout.sets), rest between sets \(words(Double(workout.effectiveRestBetweenSetsSeconds)))")
        }
        if let coolDown = workout.coolDownSeconds, coolDown > 0 { lines.append("  Cool down: \(words(Double(coolDown)))") }
        if let cues = cueLine(workout.cues) { lines.append("  Cues: \(cues)") }
        return lines
    }

    /// What differs from the standard cues, as a person reads it: `names off, countdown in
    /// words`; `nil` for the standard cues.
    static func cueLine(_ cues: CueSettings) -> String? {
        var parts: [String] = []
        if !cues.names { parts.append("names off") }
        if !cues.next { parts.append("next off") }
        if !cues.halfway { parts.append("half way off") }
        if !cues.lastRound { parts.append("last round off") }
        switch cues.countdown {
        case .beeps: break
        case .words: parts.append("countdown in words")
        case .off: parts.append("no countdown")
        }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    /// A signal as a person reads it in "Stopped by …": `SIGINT (Ctrl-C)`, else its name as
    /// `kill -l` spells it with `SIG` (``POSIX/SignalNumbers/name(of:)``: `SIGTERM`, `SIGUSR1`,
    /// `SIGRTMIN+2`), else `signal N`.
    static func signal(_ number: Int32) -> String {
        number == SIGINT ? "SIGINT (Ctrl-C)" : SignalNumbers.name(of: number) ?? "signal \(number)"
    }
}
