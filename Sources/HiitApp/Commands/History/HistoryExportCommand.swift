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
    static let file = ArgumentSpec("FILE", help: "Where to write (created 0600); standard output when left out.", isOptional: true)
    static let json = OptionSpec("json", help: "JSON lines (the default).")
    static let csv = OptionSpec("csv", help: "CSV with a header row.")
    static let force = OptionSpec("force", help: "Replace FILE when it exists.")

    static let path = ["history", "export"]
    static let spec = CommandSpec(
        name: "export",
        abstract: "Write the history as JSON lines (the format 'history import' reads) or CSV.",
        discussion: "JSON lines are the stored lines, oldest first, exactly as stored. CSV (RFC 4180, CRLF line ends) has the columns id, workout, kind, start, end, timeZone, localDate, workoutSeconds, totalSeconds, pausedSeconds, rounds, exercises, weightKg, kcal. Lines that cannot be read are reported and left out.",
        arguments: [file],
        options: [json, csv, force])

    /// Whether to write CSV rather than JSON lines.
    let isCSV: Bool
    /// Where to write; `nil` for standard output.
    let destination: URL?
    /// Whether an existing file is replaced.
    let replaces: Bool

    init(_ parsed: ParsedCommand) throws(CommandLineError) {
        if parsed.hasFlag(Self.csv), parsed.hasFlag(Self.json) {
            throw .conflict("--csv and --json cannot be given together; choose one format")
        }
        isCSV = parsed.hasFlag(Self.csv)
        destination = parsed.argument(Self.file).map { URL(fileURLWithPath: $0) }
        replaces = parsed.hasFlag(Self.force)
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
