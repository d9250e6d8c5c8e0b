import CommandLineKit
import Foundation
import WorkoutModel

/// The words of `hiit plan …` that describe legs: `swim:750m`, `bike:20km`, `run:30min`,
/// `bike:1h`, `t1`; target times (`30min`, `1h`, `1h30min`, `90s`, `25:00`, `1:20:00`);
/// pool lengths (`25m`, `25yd`, `33⅓yd`, `open-water`). Each failure is a
/// ``CommandLineError/badValue(option:value:reason:)`` naming the word (exit 64).
enum LegArgument {
    /// Parses a LEG word: a sport (HealthKit name or `swim`, `bike`, `run`, `t1`, `t2`, …),
    /// optionally `:` and a target distance (`750m`, `20km`, `5mi`, `1500yd`) or time
    /// (`30min`, `1h`, `25:00`). A transition takes a time only. `30m` is 30 metres: minutes
    /// are `min`.
    /// - Parameters:
    ///   - word: the word typed.
    ///   - position: the leg's place among the words (1-based), for the message.
    /// - Throws: ``CommandLineError/badValue(option:value:reason:)``.
    static func parse(_ word: String, position: Int) throws(CommandLineError) -> Leg {
        let field = "leg \(position)"
        let parts = word.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard let sport = Sport(commandLine: parts[0].trimmingCharacters(in: .whitespaces)) else {
            throw .badValue(option: field, value: word,
                            reason: "does not start with a sport; use swim, bike, run, t1, t2 (or swimming, cycling, running, transition), e.g. swim:750m")
        }
        var leg = Leg(sport: sport)
        guard parts.count == 2 else { return leg }
        let target = parts[1].trimmingCharacters(in: .whitespaces)
        if let seconds = seconds(target) {
            leg.targetSeconds = seconds
        } else {
            do {
                leg.targetDistanceMeters = try Distance(parsing: target).meters
            } catch {
                throw .badValue(option: field, value: word,
                                reason: "has a target that is neither a distance (750m, 20km, 5mi, 1500yd) nor a time (30min, 1h, 1h30min, 25:00)")
            }
            if sport == .transition {
                throw .badValue(option: field, value: word, reason: "gives a transition a distance; a transition takes a time only")
            }
        }
        return leg
    }

    /// The conversion of a LEG argument: ``parse(_:position:)`` with the word's position.
    static var conversion: ValueConversion<Leg> {
        ValueConversion { word, origin throws(CommandLineError) in try parse(word, position: origin.position) }
    }

    /// The conversion of `--pool`: ``pool(_:option:)``.
    static var poolConversion: ValueConversion<PoolSetting> {
        ValueConversion { value, origin throws(CommandLineError) in try pool(value, option: origin.name) }
    }

    /// A time typed as `1h30min`, `30min`, `45s`, `1h`, `90 s` (units h, min, s, combined
    /// from largest to smallest, decimals allowed) or as a clock `m:ss` / `h:mm:ss`.
    /// - Returns: seconds above 0, or `nil` when the text is not such a time.
    static func seconds(_ text: String) -> Double? {
        let trimmed = text.replacingOccurrences(of: " ", with: "").lowercased()
        guard !trimmed.isEmpty else { return nil }
        if trimmed.contains(":") {
            let fields = trimmed.split(separator: ":", omittingEmptySubsequences: false)
            guard (2...3).contains(fields.count),
                  fields.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }) else { return nil }
            let numbers = fields.compactMap { Double($0) }
            guard numbers.count == fields.count, numbers.dropFirst().allSatisfy({ $0 < 60 }) else { return nil }
            let total = numbers.reduce(0) { $0 * 60 + $1 }
            return total > 0 ? total : nil
        }
        var total = 0.0
        var rest = Substring(trimmed)
        var lastScale = Double.infinity
        while !rest.isEmpty {
            let number = rest.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
            guard !number.isEmpty, let value = Double(number) else { return nil }
            rest = rest.dropFirst(number.count)
            let unit = rest.prefix { $0.isLetter }
            rest = rest.dropFirst(unit.count)
            let scale: Double
            switch unit {
            case "h", "hr", "hrs", "hour", "hours": scale = 3600
            case "min", "mins", "minute", "minutes": scale = 60
            case "s", "sec", "secs", "second", "seconds": scale = 1
            default: return nil
            }
            guard scale < lastScale else { return nil }
            lastScale = scale
            total += value * scale
        }
        return total.isFinite && total > 0 ? total : nil
    }

    /// What `--pool` sets on a swim: a pool length in m or yd, or open water.
    enum PoolSetting: Equatable {
        /// A pool of `length` in `unit` (`.meters` or `.yards`).
        case pool(length: Double, unit: LengthUnit)
        /// Open water (no pool).
        case openWater

        /// Applies the setting to a leg (a swim).
        func apply(to leg: inout Leg) {
            switch self {
            case let .pool(length, unit):
                leg.poolLength = length
                leg.poolUnit = unit
                leg.isOpenWater = nil
            case .openWater:
                leg.poolLength = nil
                leg.poolUnit = nil
                leg.isOpenWater = true
            }
        }
    }

    /// Parses `--pool`: `25m`, `50m`, `25yd`, `33⅓yd`, `33.33yd`, or `open-water` (also
    /// `open`, `openwater`, `ow`). A length of 0 is let through so that the plan's rules
    /// refuse it naming the leg.
    /// - Throws: ``CommandLineError/badValue(option:value:reason:)``.
    static func pool(_ value: String, option: String = "--pool") throws(CommandLineError) -> PoolSetting {
        let lowered = value.trimmingCharacters(in: .whitespaces).lowercased()
        if ["open-water", "open", "openwater", "open_water", "ow"].contains(lowered) { return .openWater }
        let reason = "is not a pool length; use a length in m or yd such as 25m, 50m, 25yd or 33⅓yd, or open-water"
        do {
            let distance = try Distance(parsing: value)
            guard distance.unit == .meters || distance.unit == .yards else {
                throw CommandLineError.badValue(option: option, value: value, reason: reason)
            }
            return .pool(length: distance.value, unit: distance.unit)
        } catch {
            // "0m": a zero pool is refused by the plan's rules, which name the leg.
            let unitPart = lowered.drop { "0.".contains($0) }.trimmingCharacters(in: .whitespaces)
            if unitPart.count < lowered.count, lowered.first?.isNumber == true, unitPart == "m" || unitPart == "yd" {
                return .pool(length: 0, unit: unitPart == "yd" ? .yards : .meters)
            }
            throw .badValue(option: option, value: value, reason: reason)
        }
    }
}
