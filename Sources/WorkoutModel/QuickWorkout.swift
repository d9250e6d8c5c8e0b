import Foundation

extension IntervalWorkout {
    /// Parses the QUICK form of the command line: `WORK/REST[xROUNDS]`, such as `20/10x8`
    /// (work 20 s, rest 10 s, 8 rounds), `1:00/0:30x3`, `1m/30sx3` or `40/20` (one round).
    /// WORK and REST are durations as ``DurationText`` reads them (a bare number is seconds,
    /// `m` is minutes), in whole seconds; `×` is accepted for `x`. The workout is named as
    /// typed and has one exercise named `"Quick"`, which is never spoken: its cues have names
    /// and "Next" off (the work starts with "Start"; the prepare countdown does not say "Next:
    /// Quick"), so a quick run needs only the bundled sounds and never starts espeak-ng.
    /// - Parameter text: the word typed by the user.
    /// - Returns: `nil` when `text` does not look like a quick form at all (so it can be tried as
    ///   a workout name or path).
    /// - Throws: ``PlanError/badQuickForm(text:reason:)`` when it looks like one but a part is
    ///   not a time, or a number is out of range; the reason speaks of work, rest and rounds
    ///   (`0/10x8`: "work is 0 s; allowed 1–3600 s").
    public static func quick(_ text: String) throws(PlanError) -> IntervalWorkout? {
        guard let exercise = try Exercise.parseTiming(text, name: "Quick") else { return nil }
        let workout = IntervalWorkout(name: text, exercises: [exercise], cues: CueSettings(names: false, next: false))
        do {
            try workout.validate()
        } catch {
            if case let .outOfRange(field, value, range, unit) = error, let part = field.split(separator: " ").last {
                throw .badQuickForm(text: text, reason: PlanError.outOfRange(field: String(part), value: value, range: range,
                                                                              unit: unit).description)
            }
            throw error
        }
        return workout
    }
}

extension Exercise {
    /// The letters a quick form may hold besides digits, `/`, `x`, `:` and `.`: those of the
    /// time units ``DurationText`` reads (`h`, `min`, `s`, `sec`, `hours`, …).
    private static let unitLetters = Set("hrminsecou")

    /// Parses `WORK/REST[xROUNDS]` into an exercise with the given name: WORK and REST are
    /// durations (``DurationText``: `40`, `40s`, `1m30s`, `1:00`), ROUNDS a whole number
    /// (1 when `xROUNDS` is left out). `x` or `×`.
    /// - Returns: `nil` when `text` is not of that shape (no `/`, or characters no quick form
    ///   has, such as those of `workouts/tabata.json`); the numbers are not range-checked here.
    /// - Throws: ``PlanError/badQuickForm(text:reason:)`` when it has the shape but a part is
    ///   missing, is not a time, is not whole seconds, or is too large.
    public static func parseTiming(_ text: String, name: String) throws(PlanError) -> Exercise? {
        // `×` as `x`, scalar by scalar (the standard library's, not Foundation's NSString search,
        // which every run's start would load for this alone).
        let crosses = String(String.UnicodeScalarView(text.unicodeScalars.map { $0 == "×" ? "x" : $0 }))
        let normalised = crosses.lowercased().filter { $0 != " " }
        let times = normalised.split(separator: "/", omittingEmptySubsequences: false)
        guard times.count == 2, times[0].first?.isNumber == true,
              normalised.allSatisfy({ $0.isASCII && ($0.isNumber || "/x:.".contains($0) || unitLetters.contains($0)) })
        else { return nil }
        var restPart = times[1]
        var rounds = 1
        if let x = restPart.lastIndex(of: "x") {
            let count = restPart[restPart.index(after: x)...]
            restPart = restPart[..<x]
            guard !count.isEmpty else { throw .badQuickForm(text: text, reason: "the rounds after x are missing") }
            guard count.allSatisfy(\.isNumber), let parsed = Int(count), parsed <= 1_000_000 else {
                throw .badQuickForm(text: text, reason: "rounds \"\(count)\" is not a whole number such as 8")
            }
            rounds = parsed
        }
        return Exercise(name: name, workSeconds: try seconds(times[0], of: "work", in: text),
                        restSeconds: try seconds(restPart, of: "rest", in: text), rounds: rounds)
    }

    /// One duration of a quick form, in whole seconds.
    private static func seconds(_ part: Substring, of what: String, in text: String) throws(PlanError) -> Int {
        guard !part.isEmpty else { throw .badQuickForm(text: text, reason: "the \(what) time is missing") }
        guard let value = DurationText.seconds(String(part)) else {
            throw .badQuickForm(text: text, reason: "\(what) \"\(part)\" is not a time such as 40, 40s, 1m30s or 1:00")
        }
        guard value == value.rounded() else {
            throw .badQuickForm(text: text, reason: "\(what) \"\(part)\" is not a whole number of seconds")
        }
        guard value <= DurationText.maximumSeconds else {
            throw .badQuickForm(text: text, reason: "\(what) \"\(part)\" is too long")
        }
        return Int(value)
    }
}
