import CommandLineKit
import Foundation
import WorkoutModel

/// The exercise form of the command line: `NAME WORK/REST[xROUNDS]`, e.g. `"Squats 40/20x3"`
/// (work 40 s, rest 20 s, 3 rounds) or `"Plank 1:00/0:30"` (one round); times as
/// ``Exercise/parseTiming(_:name:)`` reads them. The timing is the last word; everything before it is
/// the name. A bare timing (`40/20x3`) gets the name `Exercise N` from its position.
enum ExerciseArgument {
    /// `--exercise "Burpees 40/20x3"`: an example of the option as typed, for messages.
    static let example = "--exercise \"Burpees 40/20x3\""

    /// Parses an exercise; the numbers are checked later with the whole workout.
    /// - Parameters:
    ///   - text: the option's value.
    ///   - option: the option as shown in errors (`--exercise`, `--add`).
    /// - Returns: the exercise; its name is empty when none was given.
    /// - Throws: ``CommandLineError/badValue(option:value:reason:)`` naming the form expected.
    static func parse(_ text: String, option: String) throws(CommandLineError) -> Exercise {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let timing: Substring
        let name: Substring
        if let space = trimmed.lastIndex(where: \.isWhitespace) {
            timing = trimmed[trimmed.index(after: space)...]
            name = trimmed[..<space]
        } else {
            timing = Substring(trimmed)
            name = ""
        }
        let expected = "is not NAME WORK/REST[xROUNDS] such as 'Squats 40/20x3' (work 40 s, rest 20 s, 3 rounds)"
        let exercise: Exercise?
        do {
            exercise = try Exercise.parseTiming(String(timing), name: name.trimmingCharacters(in: .whitespaces))
        } catch {
            if case let .badQuickForm(_, reason) = error {
                throw .badValue(option: option, value: text, reason: "\(expected): \(reason)")
            }
            throw .badValue(option: option, value: text, reason: error.description)
        }
        guard let exercise else { throw .badValue(option: option, value: text, reason: expected) }
        return exercise
    }

    /// The conversion of `--exercise`: ``parse(_:option:)``, then an unnamed exercise is
    /// named `Exercise N` from its position among the values (``named(_:position:)``).
    static var conversion: ValueConversion<Exercise> {
        ValueConversion { text, origin throws(CommandLineError) in
            named(try parse(text, option: origin.name), position: origin.position)
        }
    }

    /// Gives an unnamed exercise the name `Exercise N`.
    static func named(_ exercise: Exercise, position: Int) -> Exercise {
        guard exercise.name.isEmpty else { return exercise }
        var named = exercise
        named.name = "Exercise \(position)"
        return named
    }
}
