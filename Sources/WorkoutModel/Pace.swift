import Foundation

/// Pace and speed in each sport's unit (DESIGN §2 "Multisport rules"), as text:
///
/// | sport     | metric        | imperial        |
/// |-----------|---------------|-----------------|
/// | swimming  | `2:00 /100m`  | `2:00 /100yd`   |
/// | cycling   | `30.0 km/h`   | `18.6 mph`      |
/// | running   | `5:00 /km`    | `8:03 /mi`      |
/// | transition| no pace       | no pace         |
///
/// Rounding: a pace (time per distance) is rounded once, to the nearest whole second, before
/// it is split into minutes and seconds, so 59.6 s reads `1:00` (never `0:60`) and 59.4 s
/// reads `0:59`; halves round away from zero (`Double.rounded()`). A speed is rounded to one
/// decimal the same way (29.96 km/h reads `30.0 km/h`). Yards are 0.9144 m and miles
/// 1609.344 m exactly (international yard, 1959).
public enum Pace {
    /// `m:ss` (or `h:mm:ss` from one hour) of `seconds` rounded to the nearest whole second.
    ///
    /// Built from integers directly rather than with `String(format:)`: the timer draws this
    /// several times a frame, and Foundation's formatting costs about twenty times as much.
    /// - Parameter seconds: a time in seconds; negative or non-finite reads `0:00`.
    public static func clock(_ seconds: Double) -> String {
        // Clamped below Int.max's seconds, so a huge value cannot trap on the conversion.
        let whole = seconds.isFinite ? Int(min(max(seconds.rounded(), 0), 1e15)) : 0
        let h = whole / 3600, m = (whole % 3600) / 60, s = whole % 60
        return h > 0 ? "\(h):\(twoDigits(m)):\(twoDigits(s))" : "\(m):\(twoDigits(s))"
    }

    /// `n` (0–99) with a leading zero below 10: `05`, `42`.
    private static func twoDigits(_ n: Int) -> String {
        n < 10 ? "0\(n)" : "\(n)"
    }

    /// Swim pace: time per 100 m or per 100 yd, e.g. `2:00 /100m`.
    /// - Parameters:
    ///   - meters: the distance swum, in metres (above 0).
    ///   - seconds: the time taken, in seconds (above 0).
    ///   - unit: `.yards` for `/100yd`; anything else gives `/100m`.
    /// - Returns: the text, or `nil` when the distance or time is not above 0.
    public static func swim(meters: Double, seconds: Double, per unit: LengthUnit = .meters) -> String? {
        let yards = unit == .yards
        let hundred = (yards ? LengthUnit.yards.meters : 1) * 100
        guard let perHundred = timePer(hundred, meters: meters, seconds: seconds) else { return nil }
        return clock(perHundred) + (yards ? " /100yd" : " /100m")
    }

    /// Bike speed with one decimal, e.g. `30.0 km/h` or `20.0 mph`.
    /// - Parameters:
    ///   - meters: the distance ridden, in metres (above 0).
    ///   - seconds: the time taken, in seconds (above 0).
    ///   - unit: `.miles` for mph; anything else gives km/h.
    /// - Returns: the text, or `nil` when the distance or time is not above 0.
    public static func speed(meters: Double, seconds: Double, in unit: LengthUnit = .kilometers) -> String? {
        guard meters.isFinite, seconds.isFinite, meters > 0, seconds > 0 else { return nil }
        let miles = unit == .miles
        let perHour = meters / (miles ? LengthUnit.miles.meters : 1000) / (seconds / 3600)
        return String(format: "%.1f", (perHour * 10).rounded() / 10) + (miles ? " mph" : " km/h")
    }

    /// Run pace: time per kilometre or per mile, e.g. `5:00 /km`.
    /// - Parameters:
    ///   - meters: the distance run, in metres (above 0).
    ///   - seconds: the time taken, in seconds (above 0).
    ///   - unit: `.miles` for `/mi`; anything else gives `/km`.
    /// - Returns: the text, or `nil` when the distance or time is not above 0.
    public static func run(meters: Double, seconds: Double, per unit: LengthUnit = .kilometers) -> String? {
        let miles = unit == .miles
        guard let per = timePer(miles ? LengthUnit.miles.meters : 1000, meters: meters, seconds: seconds) else { return nil }
        return clock(per) + (miles ? " /mi" : " /km")
    }

    /// The pace of a leg in its sport's unit: swims per 100 m (per 100 yd in a yard pool, or
    /// when `units` is imperial and the pool unit is not metres), bikes in km/h or mph, runs
    /// and walks per km or per mile, others in km/h or mph; a transition has none.
    /// - Parameters:
    ///   - sport: the leg's sport.
    ///   - meters: the distance, in metres.
    ///   - seconds: the time (timer time, pauses excluded), in seconds.
    ///   - units: the person's units (metric by default).
    ///   - poolUnit: a swim's pool unit, which wins over `units`.
    /// - Returns: the text, or `nil` for a transition or when the distance or time is not above 0.
    public static func text(for sport: Sport, meters: Double, seconds: Double,
                            units: Profile.Units = .metric, poolUnit: LengthUnit? = nil) -> String? {
        let imperial = units == .imperial
        switch sport {
        case .transition, .strength, .hiit:
            return nil
        case .swimming:
            let unit = poolUnit ?? (imperial ? .yards : .meters)
            return swim(meters: meters, seconds: seconds, per: unit)
        case .running, .walking, .hiking:
            return run(meters: meters, seconds: seconds, per: imperial ? .miles : .kilometers)
        case .cycling, .rowing, .paddling, .skiing, .other:
            return speed(meters: meters, seconds: seconds, in: imperial ? .miles : .kilometers)
        }
    }

    /// Seconds per kilometre for `meters` covered in `seconds` (a leg or a split of a recorded
    /// activity); `nil` when the distance is zero or either value is not finite (pace is absent
    /// whenever distance is zero, the run tracker's rule).
    public static func secondsPerKilometer(meters: Double, seconds: Double) -> Double? {
        guard meters > 0, meters.isFinite, seconds.isFinite, seconds >= 0 else { return nil }
        return seconds / meters * 1_000
    }

    /// Seconds per `length` metres, or `nil` when the inputs are not positive and finite.
    private static func timePer(_ length: Double, meters: Double, seconds: Double) -> Double? {
        guard meters.isFinite, seconds.isFinite, meters > 0, seconds > 0 else { return nil }
        return seconds * length / meters
    }
}

/// A distance as a person types and reads it: a number and a unit (`750m`, `20km`, `5mi`,
/// `1500yd`, `33.33yd`, `33⅓yd`).
public struct Distance: Equatable, Hashable, Sendable {
    /// The number, in `unit`.
    public var value: Double
    /// The unit the number is in.
    public var unit: LengthUnit

    /// Creates a distance of `value` in `unit`.
    public init(_ value: Double, _ unit: LengthUnit) {
        self.value = value
        self.unit = unit
    }

    /// The distance in metres.
    public var meters: Double { value * unit.meters }

    /// The vulgar fractions accepted after a whole number, with their values.
    public static let fractions: [Character: Double] = ["½": 0.5, "⅓": 1.0 / 3, "⅔": 2.0 / 3, "¼": 0.25, "¾": 0.75]

    /// Parses a distance: a positive number (digits with an optional `.` decimal part, or a
    /// whole number followed by one of ½ ⅓ ⅔ ¼ ¾), optional spaces, then a unit `m`, `km`,
    /// `yd` or `mi` (also `meters`, `metres`, `yards`, `miles`, any case), or `k` for
    /// kilometres as runners write race distances (`5k`, `10k`, `21.1k`).
    /// - Parameter text: what was typed, e.g. `33⅓yd`.
    /// - Throws: ``PlanError/badDistance(text:reason:)`` for a missing or unknown unit, a
    ///   number that does not parse, or a distance that is not above 0.
    public init(parsing text: String) throws(PlanError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let numberPart = trimmed.prefix { $0.isASCII && ($0.isNumber || $0 == ".") || Self.fractions[$0] != nil }
        let unitText = trimmed.dropFirst(numberPart.count).trimmingCharacters(in: .whitespaces).lowercased()
        guard !numberPart.isEmpty else {
            throw .badDistance(text: text, reason: "it does not start with a number")
        }
        var digits = String(numberPart)
        var fraction = 0.0
        if let last = digits.last, let value = Self.fractions[last] {
            digits.removeLast()
            guard digits.allSatisfy(\.isNumber) else {
                throw .badDistance(text: text, reason: "a fraction such as ⅓ follows a whole number")
            }
            fraction = value
        }
        let number: Double
        if digits.isEmpty, fraction > 0 {
            number = 0
        } else if let parsed = Double(digits) {
            number = parsed
        } else {
            throw .badDistance(text: text, reason: "\"\(numberPart)\" is not a number")
        }
        let unit: LengthUnit
        switch unitText {
        case "m", "meter", "meters", "metre", "metres": unit = .meters
        case "km", "k", "kilometer", "kilometers", "kilometre", "kilometres": unit = .kilometers  // 5k, 21.1k
        case "yd", "yard", "yards": unit = .yards
        case "mi", "mile", "miles": unit = .miles
        case "": throw .badDistance(text: text, reason: "the unit is missing; use m, km, yd or mi")
        default: throw .badDistance(text: text, reason: "unknown unit \"\(unitText)\"; use m, km, yd or mi")
        }
        let value = number + fraction
        guard value.isFinite, value > 0 else {
            throw .badDistance(text: text, reason: "a distance must be above 0")
        }
        self.init(value, unit)
    }

    /// The distance as text: the number with at most two decimals (trailing zeros dropped),
    /// or with a fraction when it is within 0.005 of a whole number and a third (`33⅓ yd`),
    /// a space, then the unit: `750 m`, `2.5 km`, `33⅓ yd`.
    public var text: String { Self.number(value) + " " + unit.rawValue }

    /// A number as ``text`` writes it.
    public static func number(_ value: Double) -> String {
        let whole = value.rounded(.down)
        for (symbol, part) in [("⅓", 1.0 / 3), ("⅔", 2.0 / 3)] where abs(value - whole - part) < 0.005 {
            return (whole > 0 ? String(format: "%.0f", whole) : "") + symbol
        }
        var text = String(format: "%.2f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// A distance in metres as a person reads it in `unit`'s system: below 1000 m in metres
    /// (`750 m`), else in kilometres (`2.5 km`); with `.yards` in yards (`1000 yd`) and with
    /// `.miles` in miles (`3.1 mi`).
    public static func reading(meters: Double, in unit: LengthUnit = .meters) -> String {
        switch unit {
        case .yards, .miles: Distance(meters / unit.meters, unit).text
        case .meters, .kilometers:
            meters < 1000 ? Distance(meters, .meters).text : Distance(meters / 1000, .kilometers).text
        }
    }
}
