import CommandLineKit
import Foundation
import WorkoutModel

/// `--weight` of `hiit profile` and `hiit run`: a body weight as ``BodyWeight`` reads it
/// (`72.5`, `72.5kg`, `160lb`), a bare number being in the profile's units, checked against
/// ``Profile/weightRange`` (20–400 kg) once the units are known.
enum WeightOption {
    /// The option's help.
    static let help = "Body weight for calorie estimates, 20–400 kg (44–882 lb), as 72.5, 72.5kg or 160lb; a bare number is in the profile's units (lb when imperial)."

    /// The value's name in usage lines.
    static let valueName = "weight"

    /// The conversion of `--weight`: the weight as typed (its range is checked by
    /// ``kilograms(_:units:)``), with the text for messages.
    /// - Throws (when converting): ``CommandLineError/badValue(option:value:reason:)`` for a
    ///   value that is not a weight.
    static var conversion: ValueConversion<Typed> {
        ValueConversion { text, origin throws(CommandLineError) in
            guard let weight = BodyWeight(parsing: text) else {
                throw .badValue(option: origin.name, value: text, reason: "is not a weight such as 72.5, 72.5kg or 160lb (20–400 kg)")
            }
            return Typed(weight: weight, text: text, option: origin.name)
        }
    }

    /// A `--weight` value as typed.
    struct Typed: Equatable {
        /// The weight read.
        var weight: BodyWeight
        /// The text typed, for messages.
        var text: String
        /// The option as shown (`--weight`).
        var option: String
    }

    /// The weight in kilograms, a bare number being in `units`.
    /// - Throws: ``CommandLineError/badValue(option:value:reason:)`` when it is outside
    ///   20–400 kg: "is 453.6 kg; allowed 20–400 kg (44.1–881.8 lb)".
    static func kilograms(_ typed: Typed, units: Profile.Units) throws(CommandLineError) -> Double {
        let kilograms = typed.weight.kilograms(unitless: units)
        guard Profile.weightRange.contains(kilograms) else {
            let range = Profile.weightRange
            let pounds = "\(Format.decimal(BodyWeight.pounds(kilograms: range.lowerBound), places: 1))–\(Format.decimal(BodyWeight.pounds(kilograms: range.upperBound), places: 1)) lb"
            let inKilograms = typed.weight.unit == .kilograms || (typed.weight.unit == nil && units == .metric)
            let value = inKilograms ? "is outside" : "is \(Format.decimal(kilograms, places: 1)) kg, outside"
            throw .badValue(option: typed.option, value: typed.text,
                            reason: "\(value) \(Format.decimal(range.lowerBound, places: 0))–\(Format.decimal(range.upperBound, places: 0)) kg (\(pounds))")
        }
        return kilograms
    }

    /// A stored weight as the profile's units show it: `72.5 kg`, or `160 lb` when imperial.
    static func text(kilograms: Double, units: Profile.Units) -> String {
        units == .imperial ? "\(Format.decimal(BodyWeight.pounds(kilograms: kilograms), places: 1)) lb"
            : "\(Format.decimal(kilograms, places: 2)) kg"
    }
}
