import CommandLineKit
import Foundation
import TerminalUI
import WorkoutModel
import WorkoutStore

/// `hiit list [--json | --names]` (DESIGN §6): every workout and plan of the library, sorted
/// by name, then the broken files; the selected workout or plan (the one plain `hiit` runs) is
/// marked with `*`. With nothing selected nothing is marked, and the note under the table says
/// that plain `hiit` runs Tabata: a `*` on Tabata would claim a selection that does not exist.
/// On the library's first use the shipped workouts are copied into it first.
struct ListCommand: Command {
    static let configuration = CommandConfiguration(
        path: ["list"], abstract: "List the workouts and multisport plans of the library with kind, exercises or legs, estimated time and the selected one.",
        discussion: "The selected workout or plan (the one plain 'hiit' runs) is marked with '*'; with none selected nothing is marked and plain 'hiit' runs Tabata. A file that cannot be read is listed as broken and its error (file, line, column) is written to standard error; the other workouts are listed all the same.\nOn first use the example workouts shipped with hiit are copied into the library, so editing them never changes the package.")

    /// `--json`: the rows as a JSON array.
    @Flag("json", help: "Write the list as JSON.") var isJSON: Bool
    /// `--names`: only the names, for scripts and shell completion.
    @Flag("names", help: "Write only the names of the workouts and plans, one per line, sorted, without a header or notes (for scripts and shell completion; broken files are left out silently).")
    var isNamesOnly: Bool

    /// The form of the list.
    enum Form: Equatable {
        /// The aligned table with a header and notes.
        case table
        /// A JSON array of ``Row``s.
        case json
        /// The names only, one per line.
        case names
    }

    /// The form asked for.
    var form: Form { isNamesOnly ? .names : isJSON ? .json : .table }

    /// - Throws: ``CommandLineError/conflict(_:)`` for `--names` with `--json`.
    func validate() throws(CommandLineError) {
        if isNamesOnly, isJSON { throw .conflict("--names and --json are two forms of the list; give one") }
    }

    /// One line of `hiit list`, and one object of `hiit list --json`.
    struct Row: Encodable {
        /// The workout's name; `nil` for a broken file.
        var name: String?
        /// `intervals`, `multisport` or `broken`.
        var kind: String
        /// The number of exercises of an interval workout.
        var exercises: Int?
        /// The number of legs of a multisport plan.
        var legs: Int? = nil
        /// The estimated time (a plan's expected time), seconds; `nil` when unknown.
        var estimatedSeconds: Int?
        /// The file's path.
        var file: String
        /// Whether this is the selected workout or plan, the one plain `hiit` runs; false in
        /// every row when nothing is selected (plain `hiit` then runs Tabata).
        var selected: Bool
        /// A broken file's error (file, line, column, what).
        var error: String?
    }

    func run(_ context: CommandContext) throws -> Int32 {
        let library = UserLibrary(context)
        library.seedIfFirstUse()
        if form == .names { return Self.listNames(library.library, console: context.console) }
        let console = context.console
        let entries = try library.library.entries()
        let selected = library.selection(consequence: "no selected workout")
        let selectedKey = selected.map(WorkoutFileName.matchKey)
        let workouts = entries.compactMap { entry in entry.document.map { (entry, $0) } }
        let selectionIsPresent = workouts.contains { WorkoutFileName.matchKey($0.1.name) == selectedKey }
        let selectionIsQuick = selected.flatMap { try? IntervalWorkout.quick($0) } != nil
        // The row marked: the selection when the library has it; never Tabata as a stand-in.
        let runKey = selectionIsPresent ? selectedKey : nil

        var rows: [Row] = []
        var seen = Set<String>()
        for (entry, document) in workouts.sorted(by: { $0.1.name.lowercased() < $1.1.name.lowercased() }) {
            let key = WorkoutFileName.matchKey(document.name)
            let isFirst = seen.insert(key).inserted
            if !isFirst { console.err("Warning: \(entry.url.path): another file also holds '\(document.name)'; 'hiit run' uses the first") }
            switch document {
            case let .intervals(workout):
                rows.append(Row(name: workout.name, kind: "intervals", exercises: workout.exercises.count,
                                estimatedSeconds: workout.estimatedSeconds, file: entry.url.path,
                                selected: isFirst && key == runKey, error: nil))
            case let .multisport(plan):
                rows.append(Row(name: plan.name, kind: "multisport", exercises: nil, legs: plan.legs.count,
                                estimatedSeconds: plan.expectedSeconds.map { Int($0.rounded()) }, file: entry.url.path,
                                selected: isFirst && key == runKey, error: nil))
            }
        }
        for entry in entries {
            guard let error = entry.error else { continue }
            console.err("Warning: \(error)")
            rows.append(Row(name: nil, kind: "broken", exercises: nil, estimatedSeconds: nil,
                            file: entry.url.path, selected: false, error: error.description))
        }

        if form == .json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
            let data: Data
            do { data = try encoder.encode(rows) } catch { throw CommandFailure.io("cannot write JSON: \(error)") }
            console.out(String(decoding: data, as: UTF8.self))
            return ExitStatus.success
        }
        // The notes wrap to the terminal's width, as the table fits it.
        func note(_ text: String) {
            for line in Format.wrap(text, width: context.width) { console.out(line) }
        }
        if rows.isEmpty {
            note("The library is empty. Create a workout with 'hiit new', or run a quick one: hiit run 20/10x8")
        } else {
            for line in Self.table(rows, width: context.width, glyphs: context.glyphs) { console.out(line) }
        }
        console.out("")
        if let selected, !selectionIsPresent, !selectionIsQuick {
            note("The selected workout '\(selected)' is not in the library; plain 'hiit' runs \(WorkoutResolver.tabata.name).")
        } else if selectionIsQuick, let selected {
            note("Selected: the quick workout \(selected); plain 'hiit' runs it.")
        } else if rows.contains(where: \.selected) {
            note("* selected: plain 'hiit' runs it.")
        } else {
            // Nothing selected: plain `hiit` runs the library's Tabata, else the built-in one.
            let tabataKey = WorkoutFileName.matchKey(WorkoutResolver.tabata.name)
            let hasTabata = workouts.contains { WorkoutFileName.matchKey($0.1.name) == tabataKey }
            note("No workout is selected: plain 'hiit' runs \(WorkoutResolver.tabata.name)"
                 + (hasTabata ? "." : " (built in, 20/10x8)."))
        }
        console.out("Library: \(library.library.url.path)")
        return ExitStatus.success
    }

    /// `hiit list --names`: the name of each workout and plan of the library, one per line,
    /// sorted as `hiit list` sorts them, each name once, nothing else: no header, no notes, no
    /// warnings (shell completion runs it on every Tab).
    /// - Returns: 0; for a library that cannot be read no lines and the error's status (74,
    ///   65 for a broken folder), with nothing on stderr.
    private static func listNames(_ library: WorkoutLibrary, console: Console) -> Int32 {
        let entries: [LibraryEntry]
        do {
            entries = try library.entries()
        } catch {
            return ErrorReport.status(for: error)
        }
        var seen = Set<String>()
        let names = entries.compactMap { $0.document?.name }
            .sorted { $0.lowercased() < $1.lowercased() }
            .filter { seen.insert(WorkoutFileName.matchKey($0)).inserted }
        for name in names { console.out(name) }
        return ExitStatus.success
    }

    /// The rows as aligned text lines with a header, laid out for `width` (``TextTable``): names
    /// of 10 to 40 cells after the `*` mark, cut with the ellipsis; `-` for no time of an
    /// interval workout, `—` for a plan without an expected time. Too narrow for every column,
    /// EXERCISES goes first, then KIND.
    /// - Parameters:
    ///   - rows: the rows, in order.
    ///   - width: the terminal's columns.
    ///   - glyphs: Unicode or ASCII punctuation.
    /// - Returns: the header and one line per row, without trailing spaces.
    static func table(_ rows: [Row], width: Int = 80, glyphs: Glyphs = .unicode) -> [String] {
        let cells = rows.map { row -> [String] in
            let name = row.name ?? URL(fileURLWithPath: row.file).lastPathComponent
            let exercises = row.exercises.map(String.init) ?? row.legs.map { $0 == 1 ? "1 leg" : "\($0) legs" } ?? "-"
            let time = row.estimatedSeconds.map { Format.clock(Double($0)) } ?? (row.legs == nil ? "-" : glyphs.dash)
            return [(row.selected ? "* " : "  ") + name.sanitizedForTerminal, row.kind, exercises, time]
        }
        return TextTable(columns: [
            TextTable.Column(header: "  NAME", flexible: 10...42), TextTable.Column(header: "KIND", dropOrder: 2),
            TextTable.Column(header: "EXERCISES", alignment: .right, dropOrder: 1),
            TextTable.Column(header: "   TIME", alignment: .right),
        ], rows: cells).lines(width: width, glyphs: glyphs)
    }
}
