import CommandLineKit
import Foundation
import WorkoutModel

/// `hiit plan move PLAN N --to M` (DESIGN §6): moves leg N of a plan so that it becomes leg M.
struct PlanMoveCommand: Command {
    /// `--to M`: the leg's new position.
    static let to = OptionSpec("to", valueName: "m", help: "Its new position, from 1.", isRequired: true, example: "--to 1")
    /// The plan to change.
    static let plan = ArgumentSpec("PLAN", help: PlanCommand.planHelp)
    /// The leg to move.
    static let leg = ArgumentSpec("N", help: "The leg's position, from 1.")

    static let path = ["plan", "move"]
    static let spec = CommandSpec(
        name: "move",
        abstract: "Move leg N of a plan so that it becomes leg M.",
        discussion: PlanCommand.rules,
        arguments: [plan, leg],
        options: [to])

    /// The PLAN argument as typed.
    let word: String
    /// N as typed; checked against the plan's legs when it is read.
    let source: String?
    /// `--to` as typed; checked against the plan's legs when it is read.
    let target: String?

    init(_ parsed: ParsedCommand) throws(CommandLineError) {
        word = parsed.argument(Self.plan) ?? ""
        source = parsed.argument(Self.leg)
        target = parsed.value(Self.to)
    }

    func run(_ context: CommandContext) throws -> Int32 {
        try PlanChange.apply(to: word, context: context) { (plan: inout MultisportPlan) throws(CommandLineError) in
            let from = try PlanCommand.position(source, option: Self.leg.name, count: plan.legs.count)
            let to = try PlanCommand.position(target, option: Self.to.flagName, count: plan.legs.count)
            let leg = plan.legs.remove(at: from - 1)
            plan.legs.insert(leg, at: to - 1)
        }
    }
}
