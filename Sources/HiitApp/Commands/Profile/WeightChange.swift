import CommandLineKit
import WorkoutModel

/// `--weight WEIGHT` or `--no-weight` of `hiit profile`: set or remove the weight used for
/// calorie estimates; the two cannot go together. The weight is typed as ``WeightOption`` reads it.
struct WeightChange: ParsableArguments {
    /// `--weight WEIGHT`: the new weight as typed, if given.
    @Option("weight", valueName: WeightOption.valueName, help: WeightOption.help, as: WeightOption.conversion)
    var weight: WeightOption.Typed?
    /// `--no-weight`: remove the weight.
    @Flag("no-weight", help: "Remove the weight: no calorie estimates from now on.") var clearsWeight: Bool

    /// The new weight in kg, if one was given, a bare number being in `units`.
    /// - Throws: ``CommandLineError/badValue(option:value:reason:)`` outside 20–400 kg.
    func weightKg(units: Profile.Units) throws(CommandLineError) -> Double? {
        guard let weight else { return nil }
        return try WeightOption.kilograms(weight, units: units)
    }

    /// - Throws: ``CommandLineError/badValue(option:value:reason:)`` for `--weight` with `--no-weight`.
    func validate() throws(CommandLineError) {
        if clearsWeight, let weight {
            throw .badValue(option: $weight.flagName, value: weight.text, reason: "cannot be given with \($clearsWeight.flagName)")
        }
    }
}
