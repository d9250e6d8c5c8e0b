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
    /// `--originals FOLDER`: where the kept originals of imported activities are copied.
    @Option("originals", valueName: "folder",
            help: "Also copy the kept original of each imported activity (FIT, GPX, TCX) into this folder (created 0700 when missing; files 0600, named by the session's id, never replaced).")
    var originalsFolder: String?

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
            try copyOriginals(of: scan.entries.map(\.record), context: context, reportOnStderr: true)
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
        try copyOriginals(of: scan.entries.map(\.record), context: context, reportOnStderr: false)
        return ExitStatus.success
    }

    /// Copies the kept originals of `records` into ``originalsFolder`` (when given), saying how
    /// many (on stderr when the export itself goes to stdout); a file already there is left as
    /// it is (the same id is the same bytes).
    /// - Throws: ``CommandFailure`` (74) when the folder cannot be made or a file written.
    func copyOriginals(of records: [SessionRecord], context: CommandContext, reportOnStderr: Bool) throws {
        guard let originalsFolder else { return }
        let folder = URL(fileURLWithPath: originalsFolder, isDirectory: true)
        let originals = ActivityOriginals(DataFolder(url: context.locations.dataFolder))
        var copied = 0, missing = 0
        do {
            try DiskFile.createFolder(at: folder)
            for record in records where record.source != nil {
                guard let kept = originals.find(record.id) else {
                    missing += 1
                    continue
                }
                let target = folder.appendingPathComponent(kept.lastPathComponent)
                guard !FileManager.default.fileExists(atPath: target.path), let (_, data) = try originals.read(record.id) else { continue }
                try DiskFile.writeAtomically(data, to: target)
                copied += 1
            }
        } catch {
            throw CommandFailure.io("\(error) (\(copied) original \(copied == 1 ? "file was" : "files were") copied before it)")
        }
        let missingText = missing > 0 ? "; \(missing) imported \(missing == 1 ? "session has" : "sessions have") no original kept" : ""
        let line = "Copied \(copied) original \(copied == 1 ? "file" : "files") to \(folder.path)\(missingText)"
        if reportOnStderr { context.console.err(line) } else { context.console.out(line) }
    }
}
