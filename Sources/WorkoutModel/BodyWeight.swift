import Foundation

/// A body weight as a person types it: a number with an optional unit, `72.5`, `72.5kg`,
/// `160lb`, `160 lbs`. A number without a unit is in the profile's units (kg when metric,
/// lb when imperial). Stored weights are always kilograms (`weightKg`).
public struct BodyWeight: Equatable, Sendable {
    /// The unit a weight was typed in.
    public enum Unit: String, Sendable {
        /// Kilograms (`kg`, `kgs`, `kilo(s)`, `kilogram(s)`).
        case kilograms = "kg"
        /// International avoirdupois pounds (`lb`, `lbs`, `pound(s)`).
        case pounds = "lb"
    }

    /// Kilograms in one pound: the international avoirdupois pound, exactly 0.45359237 kg
    /// (International Yard and Pound Agreement, 1959).
    public static let kilogramsPerPound = 0.45359237

    /// The number as typed, finite and not negative.
    public var value: Double
    /// The unit typed; `nil` when none was (the profile's units decide).
    public var unit: Unit?

    /// Creates a weight of `value` in `unit` (`nil`: the profile's units).
    public init(_ value: Double, _ unit: Unit?) {
        self.value = value
        self.unit = unit
    }

    /// Parses a typed weight: ASCII digits with at most one `.`, optional spaces, then an
    /// optional unit (any case).
    /// - Returns: `nil` when the text is not a weight of that form (`heavy`, `70st`, `-5`).
    public init?(parsing text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        let digits = trimmed.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
        guard !digits.isEmpty, digits.filter({ $0 == "." }).count <= 1, digits != ".",
              let value = Double(digits), value.isFinite else { return nil }
        let unitText = trimmed.dropFirst(digits.count).trimmingCharacters(in: .whitespaces)
        switch unitText {
        case "": unit = nil
        case "kg", "kgs", "kilo", "kilos", "kilogram", "kilograms": unit = .kilograms
        case "lb", "lbs", "pound", "pounds": unit = .pounds
        default: return nil
        }
        self.value = value
    }

    /// The weight in kilograms, a unitless number being in `units` (lb when imperial).
    public func kilograms(unitless units: Profile.Units) -> Double {
        let unit = self.unit ?? (units == .imperial ? .pounds : .kilograms)
        return unit == .pounds ? value * Self.kilogramsPerPound : value
    }

    /// `kilograms` in pounds.
    public static func pounds(kilograms: Double) -> Double { kilograms / kilogramsPerPound }
}
