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
        guard let sport = Sport(planWord: parts[0].trimmingCharacters(in: .whitespaces)) else {
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
                leg.setTargetDistance(try Distance(parsing: target))
            } catch {
                throw .badValue(option: field, value: word,
                                reason: "has a target that is neither a distance (750m, 20km, 5k, 5mi, 1500yd) nor a time (30min, 1h, 1h30min, 25:00)")
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

    /// A leg's target time: a duration as ``DurationText`` reads it (`1h30min`, `30min`, `45s`,
    /// `1:20:00`, `25:00`), with no bare numbers. In a LEG word `m` is metres (`run:800m`), so
    /// minutes are `min` there; `--time` also takes `m` (`--time 30m`).
    /// - Parameters:
    ///   - text: what was typed.
    ///   - minutes: whether `m` means minutes (default: no, as in a LEG word).
    /// - Returns: seconds above 0, or `nil` when the text is not such a time.
    static func seconds(_ text: String, minutes: DurationText.Minutes = .onlyMin) -> Double? {
        guard let seconds = DurationText.seconds(text, bareNumber: .refused, minutes: minutes), seconds > 0 else { return nil }
        return seconds
    }

    /// What `--pool` sets on a swim: a pool length in m or yd, or open water.
    enum PoolSetting: Equatable {
        /// A pool of `length` in `unit` (`.meters` or `.yards`).
        case pool(length: Double, unit: LengthUnit)
        /// Open water (no pool).
        case openWater

        /// Applies the setting to a leg (a swim). A target distance keeps the unit it reads in
        /// (``Leg/keepTargetDistanceUnit()``): a new pool never converts it.
        func apply(to leg: inout Leg) {
            leg.keepTargetDistanceUnit()
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
