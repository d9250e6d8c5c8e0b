import Foundation
#if canImport(Glibc)
import Glibc
#endif
import SessionEngine
import WorkoutModel
import WorkoutStore

/// The work of the `hiit history` commands; each returns the exit status and writes only
/// through the ``Console``.
enum HistoryActions {
    /// Unreadable lines reported one by one before the rest are summed up in one line.
    static let reportedProblemLimit = 20
    /// Sessions appended per locked, flushed write by `history import`.
    static let importBatchSize = 200
    /// The largest file `history import` reads, in bytes (1 GiB).
    static let importMaximumBytes = 1 << 30

    // MARK: Reading

    /// Reads the history; on failure prints the error and returns `nil` (exit 74).
    private static func scan(_ history: HistoryFile, console: Console) -> HistoryScan? {
        do {
            let scan = try history.scan()
            report(scan.problems, path: history.url.path, console: console)
            return scan
        } catch {
            console.err("Error: \(error)")
            return nil
        }
    }

    /// One stderr line per unreadable line (file, line, column, what), at most
    /// ``reportedProblemLimit``, then one line counting the rest.
    static func report(_ problems: [HistoryProblem], path: String, console: Console) {
        for problem in problems.prefix(reportedProblemLimit) {
            console.err("Skipped: \(problem)")
        }
        if problems.count > reportedProblemLimit {
            let more = problems.count - reportedProblemLimit
            console.err("Skipped: \(more) more \(more == 1 ? "line" : "lines") of \(path) that cannot be read")
        }
    }

    /// Entries newest first: by start, later lines first among equal starts.
    static func newestFirst(_ entries: [HistoryEntry]) -> [HistoryEntry] {
        entries.sorted { ($0.record.start, $0.line) > ($1.record.start, $1.line) }
    }

    /// A JSON array whose elements are the stored lines, byte for byte, less a byte-order mark
    /// that a line may start with (the reader allows one; inside an array it is not JSON).
    static func jsonArray(_ entries: [HistoryEntry]) -> String {
        guard !entries.isEmpty else { return "[]" }
        return "[\n" + entries.map(storedJSON).joined(separator: ",\n") + "\n]"
    }

    /// An entry's stored line as text, without a leading byte-order mark (which the reader
    /// allows but is not JSON inside an array or in the middle of a JSON lines file).
    static func storedJSON(_ entry: HistoryEntry) -> String {
        let bom = Data([0xEF, 0xBB, 0xBF])
        return String(decoding: entry.text.starts(with: bom) ? entry.text.dropFirst(3) : entry.text, as: UTF8.self)
    }

    // MARK: history

    /// `hiit history [--last N] [--json]`.
    static func list(_ history: HistoryFile, last: Int?, json: Bool, console: Console) -> Int32 {
        guard let scan = scan(history, console: console) else { return ExitStatus.ioError }
        var shown = newestFirst(scan.entries)
        if let last { shown = Array(shown.prefix(last)) }
        if json {
            console.out(jsonArray(shown))
            return ExitStatus.success
        }
        if shown.isEmpty {
            if scan.problems.isEmpty {
                console.out("No sessions yet: a workout is recorded here when it completes. Try one: hiit run 20/10x8")
            } else {
                console.out("No readable sessions in \(history.url.path).")
            }
            return ExitStatus.success
        }
        for line in HistoryText.table(shown.map(\.record)) {
            console.out(line)
        }
        return ExitStatus.success
    }

    // MARK: history show

    /// `hiit history show ID`.
    static func show(_ history: HistoryFile, id: String, units: Profile.Units = .metric, console: Console) -> Int32 {
        guard let scan = scan(history, console: console) else { return ExitStatus.ioError }
        let match = SessionIDMatch.find(id, in: scan.entries)
        guard case let .found(entry) = match else {
            console.err("Error: " + (match.message(for: id, path: history.url.path) ?? ""))
            return ExitStatus.usage
        }
        console.out(HistoryText.details(entry, path: history.url.path, units: units).joined(separator: "\n"))
        return ExitStatus.success
    }

    // MARK: history edit

    /// `hiit history edit ID --leg N --distance D`: corrects a leg's distance; its pace (shown,
    /// never stored) and kcal follow, and the session's kcal becomes the sum of its legs'. The
    /// weight used is the one stored with the session. Every other line is kept byte for byte.
    /// - Parameters:
    ///   - leg: the leg's number as `hiit history show` lists it (from 1).
    ///   - distance: the new distance.
    static func edit(_ history: HistoryFile, id: String, leg number: Int, distance: Distance, units: Profile.Units,
                     console: Console) -> Int32 {
        guard let scan = scan(history, console: console) else { return ExitStatus.ioError }
        let match = SessionIDMatch.find(id, in: scan.entries)
        guard case let .found(entry) = match else {
            console.err("Error: " + (match.message(for: id, path: history.url.path) ?? ""))
            return ExitStatus.usage
        }
        let named = HistoryText.oneLine(entry.record)
        let legs = entry.record.legs
        guard !legs.isEmpty else {
            console.err("Error: session \(named) has no legs (it is an interval workout); --leg applies to multisport sessions")
            return ExitStatus.usage
        }
        guard (1...legs.count).contains(number) else {
            console.err("Error: --leg: '\(number)' is not a leg of session \(named); it has legs 1–\(legs.count)")
            return ExitStatus.usage
        }
        let label = LegTable.labels(legs)[number - 1]
        guard legs[number - 1].sport != Sport.transition.rawValue else {
            console.err("Error: --leg: leg \(number) of session \(named) is a transition (\(label)), which has no distance")
            return ExitStatus.usage
        }
        guard distance.meters <= RecordLimits.legDistanceMeters.upperBound else {
            console.err("Error: --distance: '\(distance.text)' is more than \(Distance.reading(meters: RecordLimits.legDistanceMeters.upperBound))")
            return ExitStatus.usage
        }
        let updated: [SessionRecord]
        do {
            updated = try history.updateSession(withID: entry.record.id) { record in
                var record = record
                guard number - 1 < record.legs.count else { return record }
                record.legs[number - 1].distanceMeters = distance.meters
                record.legs[number - 1].recomputeKcal(weightKg: record.weightKg)
                if let kcal = SessionRecord.kcal(ofLegs: record.legs, weightKg: record.weightKg) { record.kcal = kcal }
                return record
            }
        } catch {
            console.err("Error: \(error); nothing was changed")
            return WorkoutResolver.exitStatus(for: error)
        }
        guard let record = updated.first else {
            console.err("Error: session \(entry.record.id.uuidString) is no longer in \(history.url.path); nothing was changed")
            return ExitStatus.usage
        }
        console.out("Leg \(number) (\(label)) of session \(named): distance \(distance.text).")
        console.out("")
        console.out(LegTable.lines(record.legs, units: units).joined(separator: "\n"))
        return ExitStatus.success
    }

    // MARK: history delete

    /// `hiit history delete ID [--yes]`: asks on a terminal, refuses without one unless `--yes`.
    static func delete(_ history: HistoryFile, id: String, assumeYes: Bool, console: Console,
                       answer: () -> String? = { readLine(strippingNewline: true) }) -> Int32 {
        guard let scan = scan(history, console: console) else { return ExitStatus.ioError }
        let match = SessionIDMatch.find(id, in: scan.entries)
        guard case let .found(entry) = match else {
            console.err("Error: " + (match.message(for: id, path: history.url.path) ?? ""))
            return ExitStatus.usage
        }
        let named = HistoryText.oneLine(entry.record)
        if !assumeYes {
            guard console.stdinIsTerminal else {
                console.err("Error: not deleting \(named) without confirmation: standard input is not a terminal to ask on; add --yes to delete it")
                return ExitStatus.usage
            }
            console.out("Delete session \(named) from the history? This cannot be undone. [y/N]")
            let reply = (answer() ?? "").trimmingCharacters(in: .whitespaces).lowercased()
            guard reply == "y" || reply == "yes" else {
                console.out("Nothing was deleted.")
                return ExitStatus.success
            }
        }
        do {
            let removed = try history.removeSessions(withID: entry.record.id)
            guard !removed.isEmpty else {
                console.err("Error: session \(entry.record.id.uuidString) is no longer in \(history.url.path); nothing was deleted")
                return ExitStatus.usage
            }
            console.out("Deleted session \(named) (\(entry.record.id.uuidString)).")
            return ExitStatus.success
        } catch {
            console.err("Error: \(error); nothing was deleted")
            return ExitStatus.ioError
        }
    }

    // MARK: history export

    /// `hiit history export [--csv|--json] [--force] [FILE]`.
    static func export(_ history: HistoryFile, csv: Bool, to file: URL?, force: Bool, console: Console) -> Int32 {
        guard let scan = scan(history, console: console) else { return ExitStatus.ioError }
        let text: String
        if csv {
            text = HistoryCSV.document(scan.entries.map(\.record))
        } else {
            text = scan.entries.map { storedJSON($0) + "\n" }.joined()
        }
        guard let file else {
            // The console adds the final "\n" itself. (Drop that byte, not the last Character:
            // CSV's "\r\n" is one Character.)
            if !text.isEmpty { console.out(String(decoding: Data(text.utf8).dropLast(), as: UTF8.self)) }
            return ExitStatus.success
        }
        do {
            try HistoryExport.write(Data(text.utf8), to: file, replacing: force)
        } catch {
            if case let .io(_, operation, code) = error, code == EEXIST, operation == "create" {
                console.err("Error: \(file.path) exists; add --force to replace it")
                return ExitStatus.usage
            }
            console.err("Error: \(error)")
            return ExitStatus.ioError
        }
        let count = scan.entries.count
        console.out("Exported \(count) \(count == 1 ? "session" : "sessions") to \(file.path)")
        return ExitStatus.success
    }

    // MARK: history import

    /// `hiit history import FILE [--verbose]`.
    static func importFile(_ file: URL, into history: HistoryFile, verbose: Bool, console: Console) -> Int32 {
        let data: Data
        do {
            data = try DiskFile.read(at: file, maximumBytes: importMaximumBytes)
        } catch {
            console.err("Error: \(error); nothing was imported")
            if case .io = error { return ExitStatus.ioError }
            return ExitStatus.dataError
        }
        let expected = "expected JSON lines as 'hiit history export --json' writes them"
        if let nul = firstNUL(in: data) {
            let line = data[data.startIndex..<(data.startIndex + nul)].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
            console.err("Error: \(file.path), line \(line): not a text file (it holds a NUL byte); \(expected); nothing was imported")
            return ExitStatus.dataError
        }
        let scan = HistoryFile.scan(data, path: file.path)
        if scan.entries.isEmpty, let line = firstLineNotUTF8(data) {
            console.err("Error: \(file.path), line \(line): not UTF-8 text; \(expected); nothing was imported")
            return ExitStatus.dataError
        }
        report(scan.problems, path: file.path, console: console)

        var imported = 0
        var present = 0
        let entries = scan.entries
        var start = 0
        var known = HistoryKnownIDs()
        do {
            try DataFolder(url: history.url.deletingLastPathComponent()).create()
            while start < entries.count {
                let batch = Array(entries[start..<min(start + importBatchSize, entries.count)])
                start += batch.count
                let result = try history.appendNew(lines: batch, known: &known)
                imported += result.appended.count
                present += result.alreadyPresent.count
                if verbose {
                    for record in result.appended { console.out("saved \(record.id.uuidString)") }
                    for record in result.alreadyPresent { console.out("already present \(record.id.uuidString)") }
                }
            }
        } catch {
            console.err("Error: \(error) (\(imported) \(imported == 1 ? "session was" : "sessions were") imported before it)")
            if case .io = error { return ExitStatus.ioError }
            return ExitStatus.dataError
        }
        let bad = scan.problems.count
        console.out("Imported \(imported) \(imported == 1 ? "session" : "sessions"), skipped \(present) already present, \(bad) bad \(bad == 1 ? "line" : "lines").")
        return ExitStatus.success
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
