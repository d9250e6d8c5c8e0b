import CommandLineKit
import Foundation
import WorkoutModel
import WorkoutStore

/// `hiit plan new NAME LEG… [--pool P] [--indoor|--outdoor]` (DESIGN §6): creates a multisport
/// plan in the library from its legs; `--pool` applies to every swim leg, `--indoor` or
/// `--outdoor` to every sport leg.
struct PlanNewCommand: Command {
    /// The plan's name.
    static let name = ArgumentSpec("NAME", help: "The plan's name, 1–60 characters, not already in the library.")
    /// The legs, in order.
    static let legs = ArgumentSpec("LEG", help: PlanCommand.legHelp, isRepeating: true)

    static let path = ["plan", "new"]
    static let spec = CommandSpec(
        name: "new",
        abstract: "Create a multisport plan from its legs.",
        discussion: "Example: hiit plan new \"Sprint triathlon\" swim:750m t1 bike:20km t2 run:5km --pool 25m\n--pool applies to every swim leg; --indoor or --outdoor to every sport leg. " + PlanCommand.rules,
        arguments: [name, legs],
        options: [PlanCommand.pool, PlanCommand.indoor, PlanCommand.outdoor])

    /// The plan's name, trimmed.
    let name: String
    /// The legs as typed, with the pool and indoor settings applied.
    let legs: [Leg]
    /// Whether `--pool` was given.
    let setsPool: Bool

    init(_ parsed: ParsedCommand) throws(CommandLineError) {
        name = (parsed.argument(Self.name) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        let words = parsed.argumentValues(Self.legs)
        guard !words.isEmpty else { throw .missingArgument(Self.legs.label) }
        var legs: [Leg] = []
        for (index, word) in words.enumerated() {
            legs.append(try LegArgument.parse(word, position: index + 1))
        }
        let pool = try parsed.value(PlanCommand.pool).map { (value: String) throws(CommandLineError) in
            try LegArgument.pool(value, option: PlanCommand.pool.flagName)
        }
        let indoor = try PlanCommand.isIndoor(parsed)
        for index in legs.indices where legs[index].sport != .transition {
            if legs[index].sport == .swimming { pool?.apply(to: &legs[index]) }
            if let indoor { legs[index].isIndoor = indoor }
        }
        self.legs = legs
        setsPool = pool != nil
    }

    func run(_ context: CommandContext) throws -> Int32 {
        // The plan's rules first: a refused plan is said as `cannot create 'NAME': …` (64),
        // without a usage line, and nothing is written.
        if setsPool, !legs.contains(where: { $0.sport == .swimming }) {
            throw CommandFailure.usage("--pool applies to swim legs, and '\(name.oneLineEscaped)' has none")
        }
        let plan = MultisportPlan(name: name, legs: legs)
        do {
            try plan.validate()
        } catch {
            throw CommandFailure.usage("cannot create '\(name.oneLineEscaped)': \(error)")
        }
        let library = UserLibrary(context)
        library.seedIfFirstUse()
        let entry = try library.library.add(.multisport(plan))
        context.console.out("Created '\(plan.name)' (\(entry.url.path)):")
        for line in WorkoutSummary.lines(of: .multisport(plan)) { context.console.out(line) }
        return ExitStatus.success
    }
}
