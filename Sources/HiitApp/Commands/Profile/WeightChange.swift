import CommandLineKit
import WorkoutModel

/// `--weight KG` or `--no-weight` of `hiit profile`: set or remove the weight used for calorie
/// estimates; the two cannot go together.
struct WeightChange: ParsableArguments {
    /// `--weight KG`: the new weight in kg and the value as typed, if given.
    @Option("weight", valueName: "kg", help: "Body weight for calorie estimates, 20–400 kg (for example 72.5).",
            as: ValueConversion.decimal(range: Profile.weightRange, unit: "kg").keepingText)
    var weight: (value: Double, text: String)?
    /// `--no-weight`: remove the weight.
    @Flag("no-weight", help: "Remove the weight: no calorie estimates from now on.") var clearsWeight: Bool

    /// The new weight in kg, if one was given.
    var weightKg: Double? { weight?.value }

    /// - Throws: ``CommandLineError/badValue(option:value:reason:)`` for `--weight` with `--no-weight`.
    func validate() throws(CommandLineError) {
        if clearsWeight, let weight {
            throw .badValue(option: $weight.flagName, value: weight.text, reason: "cannot be given with \($clearsWeight.flagName)")
        }
    }
}
