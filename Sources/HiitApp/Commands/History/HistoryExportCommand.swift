import CommandLineKit
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import WorkoutModel
import WorkoutStore

/// `hiit history export [--csv|--json] [--force] [FILE]`: the history as JSON lines (the stored
/// lines, oldest first) or CSV, to FILE or standard output.
struct HistoryExportCommand: Command {
    static let configuration = CommandConfiguration(
        path: ["history", "export"], abstract: "Write the history as JSON lines (the format 'history import' reads) or CSV.",
        discussion: "JSON lines are the stored lines, oldest first, exactly as stored. CSV (RFC 4180, CRLF line ends) has the columns id, workout, kind, start, end, timeZone, localDate, workoutSeconds, totalSeconds, pausedSeconds, rounds, exercises, weightKg, kcal, distanceMeters (the legs' distances added up, in metres; empty for interval workouts) and legDistances (every leg in order as sport=metres, separated by semicolons, nothing after = for a leg without a distance: swimming=750;transition=;cycling=20000). Lines that cannot be read are reported and left out.")

    /// The FILE argument as typed; `nil` for standard output.
    @Argument("FILE", help: "Where to write (created 0600); standard output when left out.") var file: String?
    /// `--json`: JSON lines, the default.
    @Flag("json", help: "JSON lines (the default).") var isJSON: Bool
    /// `--csv`: CSV rather than JSON lines.
    @Flag("csv", help: "CSV with a header row.") var isCSV: Bool
    /// `--force`: whether an existing file is replaced.
    @Flag("force", help: "Replace FILE when it exists.") var replaces: Bool

    /// Where to write; `nil` for standard output.
    var destination: URL? { file.map { URL(fileURLWithPath: $0) } }

    /// - Throws: ``CommandLineError/conflict(_:)`` for `--csv` with `--json`.
    func validate() throws(CommandLineError) {
        if isCSV, isJSON { throw .conflict("--csv and --json cannot be given together; choose one format") }
    }

    func run(_ context: CommandContext) throws -> Int32 {
        let console = context.console
        let history = DataFolder(url: context.locations.dataFolder).history
        let scan = try HistoryReading.scan(history, console: console)
        let text = isCSV
            ? HistoryCSV.document(scan.entries.map(\.record))
            : scan.entries.map { $0.storedJSON + "\n" }.joined()
        guard let destination else {
            // The console adds the final "\n" itself. (Drop that byte, not the last Character:
            // CSV's "\r\n" is one Character.)
            // On a terminal, what a name holds is shown, never obeyed.
            let shown = console.stdoutIsTerminal ? TerminalText.escaped(text) : text
            if !shown.isEmpty { console.out(String(decoding: Data(shown.utf8).dropLast(), as: UTF8.self)) }
            return ExitStatus.success
        }
        do {
            try HistoryExport.write(Data(text.utf8), to: destination, replacing: replaces)
        } catch {
            if case let .io(_, operation, code) = error, code == EEXIST, operation == "create" {
                throw CommandFailure.usage("\(destination.path) exists; add --force to replace it")
            }
            throw CommandFailure.io("\(error)")
        }
        let count = scan.entries.count
        console.out("Exported \(count) \(count == 1 ? "session" : "sessions") to \(destination.path)")
        return ExitStatus.success
    }
}
