import CommandLineKit
import Foundation
import WorkoutModel

/// `hiit plan add PLAN LEG [--at N] [--pool P] [--indoor|--outdoor]` (DESIGN §6): adds a leg to
/// a plan, at the end or as leg N.
struct PlanAddCommand: Command {
    /// `--at N`: the new leg's position.
    static let at = OptionSpec("at", valueName: "n", help: "The new leg's position, 1 to the number of legs + 1 (default: last).")
    /// The plan to change.
    static let plan = ArgumentSpec("PLAN", help: PlanCommand.planHelp)
    /// The leg to add.
    static let leg = ArgumentSpec("LEG", help: PlanCommand.legHelp)

    static let path = ["plan", "add"]
    static let spec = CommandSpec(
        name: "add",
        abstract: "Add a leg to a plan (at the end, or as leg N).",
        discussion: "Example: hiit plan add Brick t1 --at 2\n" + PlanCommand.rules,
        arguments: [plan, leg],
        options: [at, PlanCommand.pool, PlanCommand.indoor, PlanCommand.outdoor])

    /// The PLAN argument as typed.
    let word: String
    /// The new leg with its settings.
    let leg: Leg
    /// `--at` as typed; checked against the plan's legs when it is read.
    let position: String?

    init(_ parsed: ParsedCommand) throws(CommandLineError) {
        word = parsed.argument(Self.plan) ?? ""
        var leg = try LegArgument.parse(parsed.argument(Self.leg) ?? "", position: 1)
        if let value = parsed.value(PlanCommand.pool) {
            guard leg.sport == .swimming else {
                throw .badValue(option: PlanCommand.pool.flagName, value: value, reason: "applies to swim legs only")
            }
            try LegArgument.pool(value, option: PlanCommand.pool.flagName).apply(to: &leg)
        }
        if let indoor = try PlanCommand.isIndoor(parsed) { leg.isIndoor = indoor }
        self.leg = leg
        position = parsed.value(Self.at)
    }

    func run(_ context: CommandContext) throws -> Int32 {
        try PlanChange.apply(to: word, context: context) { (plan: inout MultisportPlan) throws(CommandLineError) in
            let index = try position.map { (value: String) throws(CommandLineError) in
                try PlanCommand.position(value, option: Self.at.flagName, count: plan.legs.count + 1)
            } ?? plan.legs.count + 1
            plan.legs.insert(leg, at: index - 1)
        }
    }
}
