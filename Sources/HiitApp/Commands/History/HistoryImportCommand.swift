import CommandLineKit
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import WorkoutModel
import WorkoutStore

/// `hiit history import FILE [--verbose]`: appends the sessions of a JSON lines file that are
/// not already present (by id), in locked, flushed batches.
struct HistoryImportCommand: Command {
    static let configuration = CommandConfiguration(
        path: ["history", "import"], abstract: "Add the sessions of a JSON lines file to the history; sessions already present are skipped.",
        discussion: "A session is already present when the history holds a session with the same id. Lines that cannot be read are reported with their line numbers and skipped. Sessions are appended in batches, each one locked and flushed to the disk before it is reported.")

    /// The FILE argument as typed.
    @Argument("FILE", help: "A file written by 'hiit history export --json' (or a copy of another history.jsonl).")
    var file: String
    /// `--verbose`: whether each session is reported.
    @Flag("verbose", short: "v", help: "Print 'saved ID' for each session once it is on the disk, and 'already present ID' for each one skipped.")
    var isVerbose: Bool

    /// Sessions appended per locked, flushed write.
    static let batchSize = 200
    /// The largest file read, in bytes (1 GiB).
    static let maximumBytes = 1 << 30

    /// The file to import.
    var source: URL { URL(fileURLWithPath: file) }

    func run(_ context: CommandContext) throws -> Int32 {
        let console = context.console
        let history = DataFolder(url: context.locations.dataFolder).history
        let data: Data
        do {
            data = try DiskFile.readInput(at: source, maximumBytes: Self.maximumBytes)
        } catch {
            throw CommandFailure(status: ErrorReport.status(for: error),
                                 message: "\(error); nothing was imported")
        }
        let expected = "expected JSON lines as 'hiit history export --json' writes them"
        if let nul = Self.firstNUL(in: data) {
            let line = data[data.startIndex..<(data.startIndex + nul)].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
            let fit = data.count >= 12 && data[data.startIndex + 8..<data.startIndex + 12].elementsEqual(".FIT".utf8)
            let kind = fit ? "a FIT file (recorded activities cannot be imported yet)" : "not a text file (it holds a NUL byte)"
            throw CommandFailure.data("\(source.path), line \(line): \(kind); \(expected); nothing was imported")
        }
        let scan = HistoryFile.scan(data, path: source.path)
        if scan.entries.isEmpty, let line = Self.firstLineNotUTF8(data) {
            throw CommandFailure.data("\(source.path), line \(line): not UTF-8 text; \(expected); nothing was imported")
        }
        // Nothing could be read, or a JSON array (never JSON lines, even where one of its lines
        // reads as a session): say what the file looks like rather than "0 imported".
        let nothingRead = scan.entries.isEmpty && !scan.problems.isEmpty
        let isArray = data.first { ![0x20, 0x09, 0x0D, 0x0A].contains($0) } == UInt8(ascii: "[")
        if nothingRead || isArray, let kind = Self.kindOfFile(data) {
            throw CommandFailure.data("\(source.path): nothing to import: this is \(kind); \(expected); nothing was imported")
        }
        if nothingRead {
            HistoryReading.report(scan.problems, path: source.path, console: console)
            let bad = scan.problems.count
            throw CommandFailure.data("\(source.path): no line is a session (\(bad) bad \(bad == 1 ? "line" : "lines")); \(expected); nothing was imported")
        }
        HistoryReading.report(scan.problems, path: source.path, console: console)

        var imported = 0
        var present = 0
        let entries = scan.entries
        var start = 0
        var known = HistoryKnownIDs()
        do {
            try DataFolder(url: history.url.deletingLastPathComponent()).create()
            while start < entries.count {
                let batch = Array(entries[start..<min(start + Self.batchSize, entries.count)])
                start += batch.count
                let result = try history.appendNew(lines: batch, known: &known)
                imported += result.appended.count
                present += result.alreadyPresent.count
                if isVerbose {
                    for record in result.appended { console.out("saved \(record.id.uuidString)") }
                    for record in result.alreadyPresent { console.out("already present \(record.id.uuidString)") }
                }
            }
        } catch {
            throw CommandFailure(status: ErrorReport.status(for: error),
                                 message: "\(error) (\(imported) \(imported == 1 ? "session was" : "sessions were") imported before it)")
        }
        let bad = scan.problems.count
        console.out("Imported \(imported) \(imported == 1 ? "session" : "sessions"), skipped \(present) already present, \(bad) bad \(bad == 1 ? "line" : "lines").")
        return ExitStatus.success
    }

    /// What a file that holds no session looks like, for the error: hiit's own CSV or another
    /// CSV, a workout or plan file, a JSON array (`hiit history --json`), XML (GPX, TCX); `nil`
    /// when it looks like none of them.
    /// - Parameter data: the file's bytes (text: no NUL byte).
    /// - Returns: a phrase that completes "this is …", with what to do instead where there is one.
    static func kindOfFile(_ data: Data) -> String? {
        let text = String(decoding: data.prefix(64 * 1024), as: UTF8.self)
            .trimmingCharacters(in: CharacterSet.whitespacesAndNewlines.union(CharacterSet(charactersIn: "\u{FEFF}")))
        let firstLine = text.prefix { $0 != "\n" && $0 != "\r" }
        if firstLine.hasPrefix("id,workout,kind,") {
            return "CSV as 'hiit history export --csv' writes it, which cannot be read back"
        }
        if text.hasPrefix("<") {
            let root = text.contains("<gpx") ? "GPX" : text.contains("<TrainingCenterDatabase") ? "TCX" : "XML"
            return "\(root), not JSON lines"
        }
        if text.hasPrefix("[") {
            return "a JSON array (as 'hiit history --json' writes it), not JSON lines"
        }
        if text.hasPrefix("{"), let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] {
            if object["exercises"] != nil { return "a workout file; add it to the library with 'hiit import'" }
            if object["legs"] != nil, object["start"] == nil {
                return "a multisport plan file; add it to the library with 'hiit import'"
            }
            return nil
        }
        if !text.hasPrefix("{"), firstLine.filter({ $0 == "," }).count >= 2 { return "CSV, not JSON lines" }
        return nil
    }

    /// The offset of the first NUL byte in `data` (from its start), or `nil`: `memchr` over the
    /// bytes, as a byte-by-byte search of a large `Data` is slow.
    static func firstNUL(in data: Data) -> Int? {
        data.withUnsafeBytes { buffer -> Int? in
            guard let base = buffer.baseAddress, let found = memchr(base, 0, buffer.count) else { return nil }
            return base.distance(to: UnsafeRawPointer(found))
        }
    }

    /// The 1-based number of the first line that is not valid UTF-8, or `nil`.
    static func firstLineNotUTF8(_ data: Data) -> Int? {
        for (index, line) in data.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated()
        where String(data: Data(line), encoding: .utf8) == nil {
            return index + 1
        }
        return nil
    }
}
