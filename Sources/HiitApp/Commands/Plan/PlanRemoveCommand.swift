import CommandLineKit
import Foundation
import WorkoutModel

/// `hiit plan remove PLAN N` (DESIGN §6): removes leg N from a plan.
struct PlanRemoveCommand: Command {
    /// The plan to change.
    static let plan = ArgumentSpec("PLAN", help: PlanCommand.planHelp)
    /// The leg to remove.
    static let leg = ArgumentSpec("N", help: "The leg's position, from 1, as 'hiit show PLAN' numbers them.")

    static let path = ["plan", "remove"]
    static let spec = CommandSpec(
        name: "remove",
        abstract: "Remove leg N from a plan.",
        discussion: PlanCommand.rules,
        arguments: [plan, leg])

    /// The PLAN argument as typed.
    let word: String
    /// N as typed; checked against the plan's legs when it is read.
    let position: String?

    init(_ parsed: ParsedCommand) throws(CommandLineError) {
        word = parsed.argument(Self.plan) ?? ""
        position = parsed.argument(Self.leg)
    }

    func run(_ context: CommandContext) throws -> Int32 {
        try PlanChange.apply(to: word, context: context) { (plan: inout MultisportPlan) throws(CommandLineError) in
            let index = try PlanCommand.position(position, option: Self.leg.name, count: plan.legs.count)
            plan.legs.remove(at: index - 1)
        }
    }
}
