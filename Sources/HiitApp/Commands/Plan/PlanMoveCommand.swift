import CommandLineKit
import Foundation
import WorkoutModel

/// `hiit plan move PLAN N --to M` (DESIGN §6): moves leg N of a plan so that it becomes leg M.
struct PlanMoveCommand: Command {
    static let configuration = CommandConfiguration(
        path: ["plan", "move"], abstract: "Move leg N of a plan so that it becomes leg M.",
        discussion: PlanCommand.rules)

    /// `--to M` as typed; checked against the plan's legs when it is read.
    @Option("to", valueName: "m", help: "Its new position, from 1.", example: "--to 1") var target: String
    /// The PLAN argument as typed.
    @Argument("PLAN", help: PlanCommand.planHelp) var word: String
    /// N as typed; checked against the plan's legs when it is read.
    @Argument("N", help: "The leg's position, from 1.") var source: String

    func run(_ context: CommandContext) throws -> Int32 {
        try PlanChange.apply(to: word, context: context) { (plan: inout MultisportPlan) throws(CommandLineError) in
            let from = try PlanCommand.position(source, option: $source.name, count: plan.legs.count)
            let to = try PlanCommand.position(target, option: $target.flagName, count: plan.legs.count)
            let leg = plan.legs.remove(at: from - 1)
            plan.legs.insert(leg, at: to - 1)
        }
    }
}
