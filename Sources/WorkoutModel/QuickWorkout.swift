import Foundation

extension IntervalWorkout {
    /// Parses the QUICK form of the command line: `WORK/RESTxROUNDS` in seconds, such as
    /// `20/10x8` (work 20 s, rest 10 s, 8 rounds). `×` is accepted for `x`. The workout is
    /// named `"20/10x8"` and has one exercise named `"Quick"`.
    /// - Parameter text: the word typed by the user.
    /// - Returns: `nil` when `text` does not look like a quick form at all (so it can be tried as
    ///   a workout name or path).
    /// - Throws: ``PlanError`` when it looks like one but a number is out of range
    ///   (e.g. `0/10x8`: work 0 s; allowed 1–3600 s).
    public static func quick(_ text: String) throws(PlanError) -> IntervalWorkout? {
        guard let exercise = try Exercise.parseTiming(text, name: "Quick") else { return nil }
        let workout = IntervalWorkout(name: text, exercises: [exercise])
        try workout.validate()
        return workout
    }
}

extension Exercise {
    /// Parses `WORK/RESTxROUNDS` (seconds, `x` or `×`) into an exercise with the given name.
    /// - Returns: `nil` when `text` is not of that shape; the numbers are not range-checked here.
    public static func parseTiming(_ text: String, name: String) throws(PlanError) -> Exercise? {
        let normalised = text.replacingOccurrences(of: "×", with: "x").lowercased()
        let parts = normalised.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        let times = parts[0].split(separator: "/", omittingEmptySubsequences: false)
        guard times.count == 2,
              times.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              !parts[1].isEmpty, parts[1].allSatisfy({ $0.isASCII && $0.isNumber })
        else {
            let looksQuick = normalised.contains("/") && normalised.contains("x")
                && normalised.allSatisfy { $0.isNumber || $0 == "/" || $0 == "x" }
            if looksQuick { throw .badQuickForm(text: text, reason: "a number is missing") }
            return nil
        }
        guard let work = Int(times[0]), let rest = Int(times[1]), let rounds = Int(parts[1]) else {
            throw .badQuickForm(text: text, reason: "a number is too large")
        }
        return Exercise(name: name, workSeconds: work, restSeconds: rest, rounds: rounds)
    }
}
