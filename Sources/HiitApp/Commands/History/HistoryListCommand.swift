import CommandLineKit
import Foundation
import WorkoutModel
import WorkoutStore

/// `hiit history [--last N] [--json]`: completed sessions, newest first (DESIGN §3, §6).
///
/// Every history command reads the history under its lock and reports each line it cannot
/// read on stderr (file, line, column, what is wrong) and carries on with the rest; `--last N`
/// reads from the end of the file and reports only the bad lines after the oldest session it
/// shows (``HistoryFile/newest(_:index:)``). Only
/// `delete` and `edit` rewrite the file, keeping every other line byte for byte; `import` only
/// appends.
struct HistoryListCommand: Command {
    static let configuration = CommandConfiguration(
        path: ["history"], abstract: "List completed sessions, newest first.",
        discussion: "Columns: ID, the first characters of the session's id (enough for 'history show' and 'history delete'); DATE and START, the local date and start time where the session took place; WORKOUT, the session named by its time of day and workout (Morning Tabata, Evening run: night 22–05, morning 05–12, afternoon 12–17, evening 17–22); WORKOUT TIME (time in work segments) and TOTAL TIME (from the warm-up, or the first work segment, to the end, pauses excluded), in hours and minutes (3 min, 1 h 53 min); DISTANCE, the legs' distances added up in the profile's units (km or mi), when a session has one; KCAL, the calorie estimate, when a weight was set. The table fits the terminal's width (COLUMNS when it is not a terminal, else 80): narrower, it leaves out TOTAL TIME first, then START, KCAL, DISTANCE and WORKOUT TIME. 'hiit history show ID' has every figure to the second.\nLines of the history file that cannot be read are reported on standard error and skipped; the file is never changed by reading it. With --last the file is read from its end, only as far back as the newest n sessions need, so only the unreadable lines after the oldest of them are reported (all of them when the history has fewer than n sessions).")

    /// `--last N`: how many of the newest sessions to show; `nil` for all.
    @Option("last", valueName: "n", help: "Show only the newest n sessions (1–1000000), read from the end of the history file (unreadable lines before the oldest of them are not read, nor reported).",
            as: .wholeNumber(range: 1...1_000_000, unit: "sessions"))
    var count: Int?
    /// `--json`: write the stored records as a JSON array.
    @Flag("json", help: "Write a JSON array of the stored records, newest first; each element is the stored line, byte for byte.")
    var isJSON: Bool

    func run(_ context: CommandContext) throws -> Int32 {
        let folder = DataFolder(url: context.locations.dataFolder)
        let history = folder.history
        let console = context.console
        // With --last the file is read from its end (only the bad lines read on the way to the
        // sessions shown are reported); without it, whole.
        let shown: [HistoryEntry]
        let hasProblems: Bool
        if let count {
            let tail = try HistoryReading.newest(count, in: folder, console: console)
            shown = tail.entries
            hasProblems = !tail.problems.isEmpty
        } else {
            // The table and the stored lines need no segments: they are only checked.
            let scan = try HistoryReading.scan(history, console: console, keepingSegments: false)
            shown = Self.newestFirst(scan.entries)
            hasProblems = !scan.problems.isEmpty
        }
        if isJSON {
            let json = Self.jsonArray(shown)
            console.out(console.stdoutIsTerminal ? TerminalText.escaped(json) : json)
            return ExitStatus.success
        }
        if shown.isEmpty {
            if !hasProblems {
                console.out("No sessions yet: a workout is recorded here when it completes. Try one: hiit run 20/10x8")
            } else {
                console.out("No readable sessions in \(history.url.path).")
            }
            return ExitStatus.success
        }
        let units = ProfileLoader.load(context.locations, console: console, consequence: nil).units
        for line in HistoryText.table(shown.map(\.record), units: units, width: context.width, glyphs: context.glyphs) {
            console.out(line)
        }
        return ExitStatus.success
    }

    /// Entries newest first: by start, later lines first among equal starts.
    static func newestFirst(_ entries: [HistoryEntry]) -> [HistoryEntry] {
        entries.sorted { ($0.record.start, $0.line) > ($1.record.start, $1.line) }
    }

    /// A JSON array whose elements are the stored lines, byte for byte (see
    /// ``HistoryEntry/storedJSON``).
    static func jsonArray(_ entries: [HistoryEntry]) -> String {
        guard !entries.isEmpty else { return "[]" }
        return "[\n" + entries.map(\.storedJSON).joined(separator: ",\n") + "\n]"
    }
}

extension HistoryEntry {
    /// The stored line as text, without a leading byte-order mark (which the reader allows
    /// but is not JSON inside an array or in the middle of a JSON lines file).
    var storedJSON: String {
        let bom = Data([0xEF, 0xBB, 0xBF])
        return String(decoding: text.starts(with: bom) ? text.dropFirst(3) : text, as: UTF8.self)
    }
}
