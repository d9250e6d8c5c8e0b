import CommandLineKit
import Foundation
import WorkoutModel

/// `hiit plan set PLAN N [--distance D|none] [--time T|none] [--pool P|open-water]
/// [--indoor|--outdoor]` (DESIGN §6): sets leg N's target distance or time, pool or open
/// water, indoor or outdoor.
struct PlanSetCommand: Command {
    /// `--distance D|none`.
    static let distance = OptionSpec("distance", valueName: "distance", help: "Target distance: 750m, 20km, 5mi, 1500yd, or none.")
    /// `--time T|none`.
    static let time = OptionSpec("time", valueName: "time", help: "Target time: 30min, 1h, 1h30min, 25:00, or none.")
    /// `--pool P|open-water` (swim legs only).
    static let pool = OptionSpec("pool", valueName: "length",
                                 help: "Pool length in m or yd (25m, 25yd, 33⅓yd), or open-water (swim legs only).")
    /// The plan to change.
    static let plan = ArgumentSpec("PLAN", help: PlanCommand.planHelp)
    /// The leg to set.
    static let leg = ArgumentSpec("N", help: "The leg's position, from 1.")

    static let path = ["plan", "set"]
    static let spec = CommandSpec(
        name: "set",
        abstract: "Set leg N's target distance or time, pool length or open water, indoor or outdoor.",
        discussion: "Example: hiit plan set \"Sprint triathlon\" 3 --distance 19.6km --outdoor\n'none' clears a distance or time. " + PlanCommand.rules,
        arguments: [plan, leg],
        options: [distance, time, pool, PlanCommand.indoor, PlanCommand.outdoor])

    /// The PLAN argument as typed.
    let word: String
    /// N as typed; checked against the plan's legs when it is read.
    let position: String?
    /// The new target distance in metres: `.some(nil)` clears it, `nil` leaves it.
    let distanceMeters: Double??
    /// The new target time in seconds: `.some(nil)` clears it, `nil` leaves it.
    let seconds: Double??
    /// The new pool setting and `--pool` as typed, if given.
    let poolSetting: (setting: LegArgument.PoolSetting, typed: String)?
    /// `--indoor` → `true`, `--outdoor` → `false`, neither → `nil`.
    let isIndoor: Bool?

    init(_ parsed: ParsedCommand) throws(CommandLineError) {
        word = parsed.argument(Self.plan) ?? ""
        position = parsed.argument(Self.leg)
        distanceMeters = try parsed.value(Self.distance).map { (value: String) throws(CommandLineError) -> Double? in
            if value.lowercased() == "none" { return nil }
            do {
                return try Distance(parsing: value).meters
            } catch {
                throw .badValue(option: Self.distance.flagName, value: value,
                                reason: "is not a distance; use a number and m, km, yd or mi such as 750m, 20km or 33⅓yd, or none")
            }
        }
        seconds = try parsed.value(Self.time).map { (value: String) throws(CommandLineError) -> Double? in
            if value.lowercased() == "none" { return nil }
            guard let seconds = LegArgument.seconds(value) else {
                throw .badValue(option: Self.time.flagName, value: value,
                                reason: "is not a time; use 30min, 1h, 1h30min, 45s, 25:00 or 1:20:00, or none")
            }
            return seconds
        }
        poolSetting = try parsed.value(Self.pool).map { (value: String) throws(CommandLineError) in
            (try LegArgument.pool(value, option: Self.pool.flagName), value)
        }
        isIndoor = try PlanCommand.isIndoor(parsed)
        guard distanceMeters != nil || seconds != nil || poolSetting != nil || isIndoor != nil else {
            throw .missingArgument("--distance, --time, --pool, --indoor or --outdoor")
        }
    }

    func run(_ context: CommandContext) throws -> Int32 {
        try PlanChange.apply(to: word, context: context) { (plan: inout MultisportPlan) throws(CommandLineError) in
            let index = try PlanCommand.position(position, option: Self.leg.name, count: plan.legs.count) - 1
            if let distanceMeters { plan.legs[index].targetDistanceMeters = distanceMeters }
            if let seconds { plan.legs[index].targetSeconds = seconds }
            if let poolSetting {
                guard plan.legs[index].sport == .swimming else {
                    throw .badValue(option: Self.pool.flagName, value: poolSetting.typed,
                                    reason: "applies to swim legs only; leg \(index + 1) is \(plan.label(ofLeg: index))")
                }
                poolSetting.setting.apply(to: &plan.legs[index])
            }
            if let isIndoor { plan.legs[index].isIndoor = isIndoor }
        }
    }
}
