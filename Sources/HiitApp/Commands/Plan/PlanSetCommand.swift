import CommandLineKit
import Foundation
import WorkoutModel

/// `hiit plan set PLAN N [--distance D|none] [--time T|none] [--pool P|open-water]
/// [--indoor|--outdoor]` (DESIGN §6): sets leg N's target distance or time, pool or open
/// water, indoor or outdoor.
struct PlanSetCommand: Command {
    static let configuration = CommandConfiguration(
        path: ["plan", "set"], abstract: "Set leg N's target distance or time, pool length or open water, indoor or outdoor.",
        discussion: "Example: hiit plan set \"Sprint triathlon\" 3 --distance 19.6km --outdoor\n'none' clears a distance or time. " + PlanCommand.rules)

    /// The PLAN argument as typed.
    @Argument("PLAN", help: PlanCommand.planHelp) var word: String
    /// N as typed; checked against the plan's legs when it is read.
    @Argument("N", help: "The leg's position, from 1.") var position: String
    /// `--distance D|none`: the new target distance as typed: `.some(nil)` clears it, `nil`
    /// leaves it.
    @Option("distance", valueName: "distance", help: "Target distance: 750m, 20km, 5k, 5mi, 1500yd, or none.",
            as: Self.distanceConversion)
    var distance: Distance??
    /// `--time T|none`: the new target time in seconds: `.some(nil)` clears it, `nil` leaves it.
    @Option("time", valueName: "time", help: "Target time: 30min, 30m, 1h, 1h30min, 25:00, or none.", as: Self.timeConversion)
    var seconds: Double??
    /// `--pool P|open-water` (swim legs only): the new pool setting and the value as typed.
    @Option("pool", valueName: "length", help: "Pool length in m or yd (25m, 25yd, 33⅓yd), or open-water (swim legs only).",
            as: LegArgument.poolConversion.keepingText)
    var poolSetting: (value: LegArgument.PoolSetting, text: String)?
    /// `--indoor` or `--outdoor`.
    @OptionGroup var surroundings: Surroundings

    /// `--indoor` → `true`, `--outdoor` → `false`, neither → `nil` (checked by ``validate()``).
    var isIndoor: Bool? { try? surroundings.isIndoor() }

    /// - Throws: ``CommandLineError/badValue(option:value:reason:)`` for `--indoor` with
    ///   `--outdoor`; ``CommandLineError/missingArgument(_:)`` when nothing is to be set.
    func validate() throws(CommandLineError) {
        let isIndoor = try surroundings.isIndoor()
        guard distance != nil || seconds != nil || poolSetting != nil || isIndoor != nil else {
            throw .missingArgument("--distance, --time, --pool, --indoor or --outdoor")
        }
    }

    /// `--distance`'s conversion: a distance, or `none` (`nil`).
    private static var distanceConversion: ValueConversion<Distance?> {
        ValueConversion { value, origin throws(CommandLineError) -> Distance? in
            if value.lowercased() == "none" { return nil }
            do {
                return try Distance(parsing: value)
            } catch {
                throw .badValue(option: origin.name, value: value,
                                reason: "is not a distance; use a number and m, km, yd or mi such as 750m, 20km or 33⅓yd, or none")
            }
        }
    }

    /// `--time`'s conversion: a time, or `none` (`nil`).
    private static var timeConversion: ValueConversion<Double?> {
        ValueConversion { value, origin throws(CommandLineError) -> Double? in
            if value.lowercased() == "none" { return nil }
            guard let seconds = LegArgument.seconds(value, minutes: .mayBeM) else {
                throw .badValue(option: origin.name, value: value,
                                reason: "is not a time; use 30min, 30m, 1h, 1h30min, 45s, 25:00 or 1:20:00, or none")
            }
            return seconds
        }
    }

    func run(_ context: CommandContext) throws -> Int32 {
        try PlanChange.apply(to: word, context: context) { (plan: inout MultisportPlan) throws(CommandLineError) in
            let index = try PlanCommand.position(position, option: $position.name, count: plan.legs.count) - 1
            if let distance { plan.legs[index].setTargetDistance(distance) }
            if let seconds { plan.legs[index].targetSeconds = seconds }
            if let poolSetting {
                guard plan.legs[index].sport == .swimming else {
                    throw .badValue(option: $poolSetting.flagName, value: poolSetting.text,
                                    reason: "applies to swim legs only; leg \(index + 1) is \(plan.label(ofLeg: index))")
                }
                poolSetting.value.apply(to: &plan.legs[index])
            }
            if let isIndoor { plan.legs[index].isIndoor = isIndoor }
        }
    }
}
