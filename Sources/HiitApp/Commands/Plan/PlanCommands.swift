import CommandLineKit
import Foundation
import WorkoutModel
import WorkoutStore

/// Multisport plans: `hiit plan new|add|remove|move|set` (DESIGN §6, issue 4). Plans live in
/// the library beside the interval workouts, so `hiit list`, `show`, `rename`, `delete`,
/// `duplicate`, `import`, `export` and `edit` work on them too. The work is in
/// ``PlanActions``.
enum PlanCommands: CommandGroup {
    static let legHelp = "A leg as SPORT[:TARGET]: swim:750m, bike:20km, run:5km, run:30min, bike:1h, t1, t2. Sports by HealthKit name (swimming, cycling, running, transition) or swim, bike, run, t1, t2; a target distance (m, km, yd, mi; 33⅓yd) or time (30min, 1h, 1h30min, 25:00). 30m is 30 metres."
    static let planHelp = "A multisport plan of the library, by name (case-insensitive) or file name."
    static let rules = "A plan has at least one sport leg, never starts or ends with a transition and never has two transitions in a row; an invalid plan is refused with the leg and the rule, and nothing is saved."

    static let poolOption = OptionSpec(
        "pool", valueName: "length",
        help: "Pool length for swim legs, in m or yd (25m, 50m, 25yd, 33⅓yd), or open-water.")
    static let indoorOption = OptionSpec("indoor", help: "Indoors (pool, trainer, treadmill).")
    static let outdoorOption = OptionSpec("outdoor", help: "Outdoors.")

    static let specs = [
        CommandSpec(
            name: "plan",
            abstract: "Create and change multisport plans (swim, bike, run, transitions).",
            discussion: "List, show, rename, delete, duplicate, import, export and edit plans with the library commands ('hiit list', 'hiit show PLAN', …). Run a plan with 'hiit run PLAN' (leg by leg: n next leg, l lap, u undo, f finish).",
            subcommands: [
                CommandSpec(
                    name: "new",
                    abstract: "Create a multisport plan from its legs.",
                    discussion: "Example: hiit plan new \"Sprint triathlon\" swim:750m t1 bike:20km t2 run:5km --pool 25m\n--pool applies to every swim leg; --indoor or --outdoor to every sport leg. " + rules,
                    arguments: [ArgumentSpec("NAME", help: "The plan's name, 1–60 characters, not already in the library."),
                                ArgumentSpec("LEG", help: legHelp, isRepeating: true)],
                    options: [poolOption, indoorOption, outdoorOption]),
                CommandSpec(
                    name: "add",
                    abstract: "Add a leg to a plan (at the end, or as leg N).",
                    discussion: "Example: hiit plan add Brick t1 --at 2\n" + rules,
                    arguments: [ArgumentSpec("PLAN", help: planHelp), ArgumentSpec("LEG", help: legHelp)],
                    options: [OptionSpec("at", valueName: "n", help: "The new leg's position, 1 to the number of legs + 1 (default: last)."),
                              poolOption, indoorOption, outdoorOption]),
                CommandSpec(
                    name: "remove",
                    abstract: "Remove leg N from a plan.",
                    discussion: rules,
                    arguments: [ArgumentSpec("PLAN", help: planHelp), ArgumentSpec("N", help: "The leg's position, from 1, as 'hiit show PLAN' numbers them.")]),
                CommandSpec(
                    name: "move",
                    abstract: "Move leg N of a plan so that it becomes leg M.",
                    discussion: rules,
                    arguments: [ArgumentSpec("PLAN", help: planHelp), ArgumentSpec("N", help: "The leg's position, from 1.")],
                    options: [OptionSpec("to", valueName: "m", help: "Its new position, from 1.", isRequired: true, example: "--to 1")]),
                CommandSpec(
                    name: "set",
                    abstract: "Set leg N's target distance or time, pool length or open water, indoor or outdoor.",
                    discussion: "Example: hiit plan set \"Sprint triathlon\" 3 --distance 19.6km --outdoor\n'none' clears a distance or time. " + rules,
                    arguments: [ArgumentSpec("PLAN", help: planHelp), ArgumentSpec("N", help: "The leg's position, from 1.")],
                    options: [OptionSpec("distance", valueName: "distance", help: "Target distance: 750m, 20km, 5mi, 1500yd, or none."),
                              OptionSpec("time", valueName: "time", help: "Target time: 30min, 1h, 1h30min, 25:00, or none."),
                              OptionSpec("pool", valueName: "length", help: "Pool length in m or yd (25m, 25yd, 33⅓yd), or open-water (swim legs only)."),
                              indoorOption, outdoorOption]),
            ]),
    ]

    static func handle(_ parsed: ParsedCommand, context: CommandContext) throws(CommandLineError) -> Int32? {
        guard parsed.path.first == "plan" else { return nil }
        let actions = PlanActions(command: LibraryCommand(context: context))
        let word = parsed.argument("PLAN") ?? ""
        switch parsed.path {
        case ["plan"]:
            throw .missingArgument("<subcommand> (new, add, remove, move or set)")
        case ["plan", "new"]:
            return try actions.create(parsed)
        case ["plan", "add"]:
            return try actions.add(word, parsed: parsed)
        case ["plan", "remove"]:
            return try actions.remove(word, parsed: parsed)
        case ["plan", "move"]:
            return try actions.move(word, parsed: parsed)
        case ["plan", "set"]:
            return try actions.set(word, parsed: parsed)
        default:
            return nil
        }
    }
}
