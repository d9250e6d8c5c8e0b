import CommandLineKit
import Foundation
import WorkoutModel

/// `hiit plan` (DESIGN §6, issue 4): the parent of `hiit plan new|add|remove|move|set`, which
/// create and change multisport plans. Plans live in the library beside the interval
/// workouts, so `hiit list`, `show`, `rename`, `delete`, `duplicate`, `import`, `export` and
/// `edit` work on them too. Alone, it asks for a subcommand (exit 64).
///
/// It also holds what its subcommands share: the help texts of LEG and PLAN, the rules of a
/// plan, the help of `--pool`; ``Surroundings`` holds `--indoor` and `--outdoor`.
struct PlanCommand: Command {
    /// Help for a LEG argument.
    static let legHelp = "A leg as SPORT[:TARGET]: swim:750m, bike:20km, run:5km, run:30min, bike:1h, t1, t2. Sports by HealthKit name (swimming, cycling, running, transition) or swim, bike, run, t1, t2; a target distance (m, km, yd, mi; 33⅓yd) or time (30min, 1h, 1h30min, 25:00). 30m is 30 metres."
    /// Help for a PLAN argument.
    static let planHelp = "A multisport plan of the library, by name (case-insensitive) or file name."
    /// The rules every change keeps, for the subcommands' help.
    static let rules = "A plan has at least one sport leg, never starts or ends with a transition and never has two transitions in a row; an invalid plan is refused with the leg and the rule, and nothing is saved."

    /// Help for `--pool` of `plan new` and `plan add`: the pool of the swim legs.
    static let poolHelp = "Pool length for swim legs, in m or yd (25m, 50m, 25yd, 33⅓yd), or open-water."

    static let configuration = CommandConfiguration(
        path: ["plan"], abstract: "Create and change multisport plans (swim, bike, run, transitions).",
        discussion: "List, show, rename, delete, duplicate, import, export and edit plans with the library commands ('hiit list', 'hiit show PLAN', …). Run a plan with 'hiit run PLAN' (leg by leg: n next leg, l lap, u undo, f finish).")

    func run(_ context: CommandContext) throws -> Int32 {
        throw CommandLineError.missingArgument("<subcommand> (new, add, remove, move or set)")
    }

    // MARK: Shared checks

    /// A leg position typed for `N`, `--at` or `--to`, from 1 to `count`.
    /// - Parameters:
    ///   - value: the word typed (`nil` reads as empty, and is refused).
    ///   - option: the argument or option as named in the message (`N`, `--to`).
    ///   - count: the highest position allowed (at least 1 is allowed).
    /// - Throws: ``CommandLineError/badValue(option:value:reason:)`` naming the range.
    static func position(_ value: String?, option: String, count: Int) throws(CommandLineError) -> Int {
        try OptionValue.wholeNumber(value ?? "", option: option, range: 1...max(count, 1), unit: "")
    }
}
