import CommandLineKit
import Foundation
import SessionEngine
import TerminalUI
import WorkoutModel
import WorkoutStore

/// The workout library: `hiit show`, `list`, `select`, `new`, `edit`, `rename`, `delete`,
/// `duplicate`, `import`, `export` (DESIGN §6, issue 3). The work itself is in
/// `Sources/hiit/Library/`.
enum LibraryCommands: CommandGroup {
    static let specs = [
        CommandSpec(
            name: "show",
            abstract: "Show a workout's exercises, timeline and estimated time, or a multisport plan's legs.",
            arguments: [ArgumentSpec("WORKOUT", help: WorkoutResolver.argumentHelp)],
            options: [OptionSpec("json", help: "Write the timeline as JSON.")]),
        CommandSpec(
            name: "list",
            abstract: "List the workouts and multisport plans of the library with kind, exercises or legs, estimated time and the selected one.",
            discussion: "The selected workout (the one plain 'hiit' runs) is marked with '*'. A file that cannot be read is listed as broken and its error (file, line, column) is written to standard error; the other workouts are listed all the same.\nOn first use the example workouts shipped with hiit are copied into the library, so editing them never changes the package.",
            options: [OptionSpec("json", help: "Write the list as JSON."),
                      OptionSpec("names", help: "Write only the names of the workouts and plans, one per line, sorted, without a header or notes (for scripts and shell completion; broken files are left out silently).")]),
        CommandSpec(
            name: "select",
            abstract: "Choose the workout that plain 'hiit' runs.",
            discussion: "Without a selection, or when the selected workout no longer exists, plain 'hiit' runs Tabata (20/10x8) and says so.\nWithout WORKOUT, shows which workout is selected. 'hiit select --none' clears the selection, so plain 'hiit' runs Tabata again.",
            arguments: [ArgumentSpec("WORKOUT", help: "A workout's name (case-insensitive) or a quick form such as 30/30x10.", isOptional: true)],
            options: [OptionSpec("none", help: "Clear the selection: plain 'hiit' runs Tabata.")]),
        CommandSpec(
            name: "new",
            abstract: "Create a workout from exercises given on the command line.",
            discussion: "Example: hiit new \"Leg day\" --exercise \"Squats 40/20x3\" --exercise \"Lunges 30/15x4\" --rest-between 60\nLimits: 1–20 exercises; work 1–3600 s; rest 0–3600 s; rounds 1–99; names 1–60 characters. A name already in the library (compared ignoring case) is refused.",
            arguments: [ArgumentSpec("NAME", help: "The new workout's name, 1–60 characters.")],
            options: [
                OptionSpec("exercise", short: "e", valueName: "exercise",
                           help: "An exercise as NAME WORK/RESTxROUNDS, e.g. \"Squats 40/20x3\": work 40 s, rest 20 s, 3 rounds. At least one is needed; repeat for each exercise, in order.",
                           isRepeatable: true, isRequired: true, example: ExerciseArgument.example),
                OptionSpec("rest-between", valueName: "seconds",
                           help: "Rest between two exercises, 5–300 s (default: 60)."),
                OptionSpec("prepare", valueName: "seconds",
                           help: "Countdown before the first work segment, 0–3600 s; 0 turns it off (default: 10)."),
            ]),
        CommandSpec(
            name: "edit",
            abstract: "Change a workout: in your editor, or with quick edits.",
            discussion: "Without options, opens a copy of the workout's JSON file in $VISUAL, else $EDITOR, else vi. When the editor exits the file is checked: a valid workout is saved; an invalid one is shown with its error and you choose to (e)dit again or (d)iscard. An invalid workout is never saved. A library file that does not parse opens the same way (name it by its file name, e.g. legs-2): once it holds a valid workout, that replaces the broken file.\nQuick edits change the workout without an editor. They are applied in the order given, each position counting the exercises as they are after the edits before it, and the result is checked once: nothing is saved unless every edit applies and the workout is valid. Example: hiit edit \"Leg day\" --add \"Lunges 30/15x4\" --at 1 --work 2=45 --remove 3",
            arguments: [ArgumentSpec("WORKOUT", help: "A workout of the library, by name (case-insensitive) or file name.")],
            options: QuickEdits.optionSpecs),
        CommandSpec(
            name: "rename",
            abstract: "Rename a workout (its file follows). History keeps the old name.",
            arguments: [ArgumentSpec("WORKOUT", help: "A workout of the library."),
                        ArgumentSpec("NEW_NAME", help: "The new name, 1–60 characters, not already in the library.")]),
        CommandSpec(
            name: "delete",
            abstract: "Delete a workout from the library. History keeps its sessions.",
            discussion: "Asks 'Delete NAME? [y/N]' first. When standard input is not a terminal, --yes is required. A library file that does not parse can be deleted too, by its file name (e.g. legs-2).",
            arguments: [ArgumentSpec("WORKOUT", help: "A workout of the library.")],
            options: [OptionSpec("yes", short: "y", help: "Delete without asking.")]),
        CommandSpec(
            name: "duplicate",
            abstract: "Copy a workout into the library under a new name.",
            arguments: [ArgumentSpec("WORKOUT", help: WorkoutResolver.argumentHelp),
                        ArgumentSpec("NEW_NAME", help: "The copy's name (default: 'NAME copy', then 'NAME copy 2', …).", isOptional: true)]),
        CommandSpec(
            name: "import",
            abstract: "Copy workout files into the library.",
            discussion: "Each file is checked on its own and reported on its own line. A workout whose name is already in the library is refused unless --rename is given.",
            arguments: [ArgumentSpec("FILE", help: "Workout files (JSON).", isRepeating: true)],
            options: [OptionSpec("rename", help: "Import a workout whose name is taken as 'NAME 2' (or 3, …).")]),
        CommandSpec(
            name: "export",
            abstract: "Write a workout as a JSON file, or to standard output.",
            arguments: [ArgumentSpec("WORKOUT", help: WorkoutResolver.argumentHelp),
                        ArgumentSpec("FILE", help: "Where to write it; standard output when left out or '-'.", isOptional: true)],
            options: [OptionSpec("force", short: "f", help: "Replace FILE when it exists.")]),
    ]

    static func handle(_ parsed: ParsedCommand, context: CommandContext) throws(CommandLineError) -> Int32? {
        guard let name = parsed.path.first, parsed.path.count == 1, specs.contains(where: { $0.name == name }) else {
            return nil
        }
        let command = LibraryCommand(context: context)
        let word = parsed.argument("WORKOUT") ?? ""
        switch name {
        case "show": return command.show(word, json: parsed.hasFlag("json"))
        case "list":
            if parsed.hasFlag("names") {
                if parsed.hasFlag("json") { throw .conflict("--names and --json are two forms of the list; give one") }
                return command.listNames()
            }
            return command.list(json: parsed.hasFlag("json"))
        case "select": return command.select(parsed.argument("WORKOUT"), clearing: parsed.hasFlag("none"))
        case "new": return try command.create(parsed)
        case "edit": return try command.edit(word, parsed: parsed)
        case "rename": return command.rename(word, to: parsed.argument("NEW_NAME") ?? "")
        case "delete": return command.delete(word, confirmed: parsed.hasFlag("yes"))
        case "duplicate": return command.duplicate(word, as: parsed.argument("NEW_NAME"))
        case "import": return command.importFiles(parsed.argumentValues("FILE"), renaming: parsed.hasFlag("rename"))
        case "export": return command.export(word, to: parsed.argument("FILE"), force: parsed.hasFlag("force"))
        default: return nil
        }
    }

    /// The workout `hiit run` runs: the one named, else the profile's selected workout when
    /// it still resolves, else Tabata. When the selection no longer exists, one line on
    /// stderr says so and which workout runs. The library is read once.
    /// - Parameters:
    ///   - word: the WORKOUT argument, if given.
    ///   - selection: the profile's `selectedWorkout` (`nil` when none is set or the profile
    ///     cannot be read).
    /// - Throws: ``WorkoutResolver/ResolveError`` for an unknown name, a bad file or QUICK form.
    static func workoutToRun(_ context: CommandContext, named word: String?, selection: String?)
        throws(WorkoutResolver.ResolveError) -> LibraryDocument {
        try LibraryCommand(locations: context.locations, console: context.console)
            .workoutToRun(named: word, selection: selection)
    }
}
