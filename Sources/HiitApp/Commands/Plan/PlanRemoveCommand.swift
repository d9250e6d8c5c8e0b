import CommandLineKit
import Foundation
import WorkoutModel

/// `hiit plan remove PLAN N` (DESIGN §6): removes leg N from a plan.
struct PlanRemoveCommand: Command {
    static let configuration = CommandConfiguration(
        path: ["plan", "remove"], abstract: "Remove leg N from a plan.",
        discussion: PlanCommand.rules)

    /// The PLAN argument as typed.
    @Argument("PLAN", help: PlanCommand.planHelp) var word: String
    /// N as typed; checked against the plan's legs when it is read.
    @Argument("N", help: "The leg's position, from 1, as 'hiit show PLAN' numbers them.") var position: String

    func run(_ context: CommandContext) throws -> Int32 {
        try PlanChange.apply(to: word, context: context) { (plan: inout MultisportPlan) throws(CommandLineError) in
            let index = try PlanCommand.position(position, option: $position.name, count: plan.legs.count)
            plan.legs.remove(at: index - 1)
        }
    }
}
