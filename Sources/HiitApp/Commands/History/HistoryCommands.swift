import CommandLineKit
import Foundation
import WorkoutModel
import WorkoutStore

/// The history of completed sessions (DESIGN §3, §6):
/// `hiit history [--last N] [--json]`, `history show ID`, `history delete ID [--yes]`,
/// `history export [--csv|--json] [--force] [FILE]`, `history import FILE [--verbose]`.
///
/// Every command reads the history under its lock and reports each line it cannot read on
/// stderr (file, line, column, what is wrong) and carries on with the rest. Only `delete`
/// rewrites the file, and it keeps every other line byte for byte; `import` only appends.
enum HistoryCommands: CommandGroup {
    static let specs = [
        CommandSpec(
            name: "history",
            abstract: "List completed sessions, newest first.",
            discussion: "Columns: the first characters of the session's id (enough for 'history show' and 'history delete'), the local date and start time where the session took place, the session named by its time of day and workout (Morning Tabata, Evening run: night 22–05, morning 05–12, afternoon 12–17, evening 17–22), Workout Time (time in work segments), Total Time (from the first work segment to the end, pauses excluded) and the calorie estimate when a weight was set.\nLines of the history file that cannot be read are reported on standard error and skipped; the file is never changed by reading it.",
            options: [
                OptionSpec("last", valueName: "n", help: "Show only the newest n sessions (1–1000000)."),
                OptionSpec("json", help: "Write a JSON array of the stored records, newest first; each element is the stored line, byte for byte."),
            ],
            subcommands: [
                CommandSpec(
                    name: "show",
                    abstract: "Show everything recorded about one session.",
                    arguments: [ArgumentSpec("ID", help: idHelp)]),
                CommandSpec(
                    name: "edit",
                    abstract: "Correct a multisport leg's distance; its pace and kcal are recomputed.",
                    discussion: "The leg is numbered as 'hiit history show ID' lists it. The calorie estimate uses the weight stored with the session. Every other line of the history file is kept exactly as it is.",
                    arguments: [ArgumentSpec("ID", help: idHelp)],
                    options: [
                        OptionSpec("leg", valueName: "n", help: "The leg to correct, from 1.", isRequired: true, example: "--leg 3"),
                        OptionSpec("distance", valueName: "distance",
                                   help: "The distance covered: a number and m, km, yd or mi (19.6km, 750m, 1000yd, 33⅓yd).",
                                   isRequired: true, example: "--distance 19.6km"),
                    ]),
                CommandSpec(
                    name: "delete",
                    abstract: "Delete one session from the history (asks first).",
                    discussion: "Every other line of the history file is kept exactly as it is, including lines that cannot be read. Without --yes the command asks on the terminal and refuses when standard input is not a terminal.",
                    arguments: [ArgumentSpec("ID", help: idHelp)],
                    options: [OptionSpec("yes", short: "y", help: "Delete without asking.")]),
                CommandSpec(
                    name: "export",
                    abstract: "Write the history as JSON lines (the format 'history import' reads) or CSV.",
                    discussion: "JSON lines are the stored lines, oldest first, exactly as stored. CSV (RFC 4180, CRLF line ends) has the columns id, workout, kind, start, end, timeZone, localDate, workoutSeconds, totalSeconds, pausedSeconds, rounds, exercises, weightKg, kcal. Lines that cannot be read are reported and left out.",
                    arguments: [ArgumentSpec("FILE", help: "Where to write (created 0600); standard output when left out.", isOptional: true)],
                    options: [
                        OptionSpec("json", help: "JSON lines (the default)."),
                        OptionSpec("csv", help: "CSV with a header row."),
                        OptionSpec("force", help: "Replace FILE when it exists."),
                    ]),
                CommandSpec(
                    name: "import",
                    abstract: "Add the sessions of a JSON lines file to the history; sessions already present are skipped.",
                    discussion: "A session is already present when the history holds a session with the same id. Lines that cannot be read are reported with their line numbers and skipped. Sessions are appended in batches, each one locked and flushed to the disk before it is reported.",
                    arguments: [ArgumentSpec("FILE", help: "A file written by 'hiit history export --json' (or a copy of another history.jsonl).")],
                    options: [OptionSpec("verbose", short: "v", help: "Print 'saved ID' for each session once it is on the disk, and 'already present ID' for each one skipped.")]),
            ]),
    ]

    /// The profile's units, quietly metric when the profile cannot be read (reading history
    /// does not need it).
    static func units(_ context: CommandContext) -> Profile.Units {
        (try? ProfileFile(folder: DataFolder(url: context.locations.dataFolder)).read())?.units ?? .metric
    }

    static let idHelp = "The session's id, or its first characters (at least 4; case and hyphens do not matter), as in the ID column of 'hiit history'."

    static func handle(_ parsed: ParsedCommand, context: CommandContext) throws(CommandLineError) -> Int32? {
        guard parsed.path.first == "history" else { return nil }
        let history = DataFolder(url: context.locations.dataFolder).history
        let console = context.console
        switch parsed.path {
        case ["history"]:
            var last: Int?
            if let value = parsed.value("last") {
                last = try OptionValue.wholeNumber(value, option: "--last", range: 1...1_000_000, unit: "sessions")
            }
            return HistoryActions.list(history, last: last, json: parsed.hasFlag("json"), console: console)
        case ["history", "show"]:
            return HistoryActions.show(history, id: parsed.argument("ID") ?? "", units: units(context), console: console)
        case ["history", "edit"]:
            let leg = try OptionValue.wholeNumber(parsed.value("leg") ?? "", option: "--leg", range: 0...1000, unit: "")
            let text = parsed.value("distance") ?? ""
            let distance: Distance
            do {
                distance = try Distance(parsing: text)
            } catch {
                throw .badValue(option: "--distance", value: text,
                                reason: "is not a distance; use a number and m, km, yd or mi, such as 19.6km, 750m or 33⅓yd")
            }
            return HistoryActions.edit(history, id: parsed.argument("ID") ?? "", leg: leg, distance: distance,
                                       units: units(context), console: console)
        case ["history", "delete"]:
            return HistoryActions.delete(history, id: parsed.argument("ID") ?? "", assumeYes: parsed.hasFlag("yes"),
                                         console: console)
        case ["history", "export"]:
            if parsed.hasFlag("csv"), parsed.hasFlag("json") {
                console.err("Error: --csv and --json cannot be given together; choose one format.")
                return CommandLineError.exitStatus
            }
            let file = parsed.argument("FILE").map { URL(fileURLWithPath: $0) }
            return HistoryActions.export(history, csv: parsed.hasFlag("csv"), to: file, force: parsed.hasFlag("force"),
                                         console: console)
        case ["history", "import"]:
            return HistoryActions.importFile(URL(fileURLWithPath: parsed.argument("FILE") ?? ""), into: history,
                                             verbose: parsed.hasFlag("verbose"), console: console)
        default:
            return nil
        }
    }
}
