import CommandLineKit
import Foundation
import WorkoutModel

/// `hiit plan add PLAN LEG [--at N] [--pool P] [--indoor|--outdoor]` (DESIGN §6): adds a leg to
/// a plan, at the end or as leg N.
struct PlanAddCommand: Command {
    static let configuration = CommandConfiguration(
        path: ["plan", "add"], abstract: "Add a leg to a plan (at the end, or as leg N).",
        discussion: "Example: hiit plan add Brick t1 --at 2\n" + PlanCommand.rules)

    /// `--at N` as typed; checked against the plan's legs when it is read.
    @Option("at", valueName: "n", help: "The new leg's position, 1 to the number of legs + 1 (default: last).")
    var position: String?
    /// The PLAN argument as typed.
    @Argument("PLAN", help: PlanCommand.planHelp) var word: String
    /// The LEG argument, without the settings of the options.
    @Argument("LEG", help: PlanCommand.legHelp, as: LegArgument.conversion) var typedLeg: Leg
    /// `--pool LENGTH` as typed; read by ``leg()`` once the leg is known to be a swim.
    @Option("pool", valueName: "length", help: PlanCommand.poolHelp) var pool: String?
    /// `--indoor` or `--outdoor`.
    @OptionGroup var surroundings: Surroundings

    /// The new leg with its settings.
    /// - Throws: ``CommandLineError/badValue(option:value:reason:)`` for `--pool` on a leg that
    ///   is not a swim or a pool that does not parse, and for `--indoor` with `--outdoor`.
    func leg() throws(CommandLineError) -> Leg {
        var leg = typedLeg
        if let pool {
            guard leg.sport == .swimming else {
                throw .badValue(option: $pool.flagName, value: pool, reason: "applies to swim legs only")
            }
            try LegArgument.pool(pool, option: $pool.flagName).apply(to: &leg)
        }
        if let indoor = try surroundings.isIndoor() { leg.isIndoor = indoor }
        return leg
    }

    /// - Throws: what ``leg()`` throws.
    func validate() throws(CommandLineError) { _ = try leg() }

    func run(_ context: CommandContext) throws -> Int32 {
        let leg = try self.leg()
        return try PlanChange.apply(to: word, context: context) { (plan: inout MultisportPlan) throws(CommandLineError) in
            let index = try position.map { (value: String) throws(CommandLineError) in
                try PlanCommand.position(value, option: $position.flagName, count: plan.legs.count + 1)
            } ?? plan.legs.count + 1
            plan.legs.insert(leg, at: index - 1)
        }
    }
}
