import CommandLineKit
import Foundation
import WorkoutModel
import WorkoutStore

/// `hiit plan new NAME LEG… [--pool P] [--indoor|--outdoor]` (DESIGN §6): creates a multisport
/// plan in the library from its legs; `--pool` applies to every swim leg, `--indoor` or
/// `--outdoor` to every sport leg.
struct PlanNewCommand: Command {
    static let configuration = CommandConfiguration(
        path: ["plan", "new"], abstract: "Create a multisport plan from its legs.",
        discussion: "Example: hiit plan new \"Sprint triathlon\" swim:750m t1 bike:20km t2 run:5km --pool 25m\n--pool applies to every swim leg; --indoor or --outdoor to every sport leg. " + PlanCommand.rules)

    /// The plan's name as typed; trimmed by ``name``.
    @Argument("NAME", help: "The plan's name, 1–60 characters, not already in the library.") var typedName: String
    /// The legs as typed, in order.
    @Argument("LEG", help: PlanCommand.legHelp, as: LegArgument.conversion) var typedLegs: [Leg]
    /// `--pool LENGTH`: the pool of every swim leg.
    @Option("pool", valueName: "length", help: PlanCommand.poolHelp, as: LegArgument.poolConversion)
    var pool: LegArgument.PoolSetting?
    /// `--indoor` or `--outdoor` for every sport leg.
    @OptionGroup var surroundings: Surroundings

    /// The plan's name, trimmed.
    var name: String { typedName.trimmingCharacters(in: .whitespacesAndNewlines) }
    /// Whether `--pool` was given.
    var setsPool: Bool { pool != nil }

    /// The legs as typed, with the pool and indoor settings applied.
    /// - Throws: ``CommandLineError/badValue(option:value:reason:)`` for `--indoor` with `--outdoor`.
    func legs() throws(CommandLineError) -> [Leg] {
        let indoor = try surroundings.isIndoor()
        var legs = typedLegs
        for index in legs.indices where legs[index].sport != .transition {
            if legs[index].sport == .swimming { pool?.apply(to: &legs[index]) }
            if let indoor { legs[index].isIndoor = indoor }
        }
        return legs
    }

    /// - Throws: what ``legs()`` throws.
    func validate() throws(CommandLineError) { _ = try legs() }

    func run(_ context: CommandContext) throws -> Int32 {
        let legs = try self.legs()
        // The plan's rules first: a refused plan is said as `cannot create 'NAME': …` (64),
        // without a usage line, and nothing is written.
        if setsPool, !legs.contains(where: { $0.sport == .swimming }) {
            throw CommandFailure.usage("--pool applies to swim legs, and '\(name.oneLineEscaped)' has none")
        }
        return try UserLibrary(context).create(.multisport(MultisportPlan(name: name, legs: legs)))
    }
}
