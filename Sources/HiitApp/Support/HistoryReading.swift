import Foundation
import WorkoutStore

/// How commands read the history: under its lock, each line that cannot be read reported on
/// stderr (file, line, column, what is wrong), the rest kept.
enum HistoryReading {
    /// Unreadable lines reported one by one before the rest are summed up in one line.
    static let reportedProblemLimit = 20

    /// Reads `history` and reports its unreadable lines; with `keepingSegments` false the
    /// records come without their segments and laps (``HistoryFile/scan(keepingSegments:)``).
    /// - Throws: ``CommandFailure/io(_:)`` with the ``StoreError``'s text when the file
    ///   cannot be read at all (exit 74, whatever the reason: nothing of it was read).
    static func scan(_ history: HistoryFile, console: Console, keepingSegments: Bool = true) throws -> HistoryScan {
        let scan: HistoryScan
        do {
            scan = try history.scan(keepingSegments: keepingSegments)
        } catch {
            throw CommandFailure.io("\(error)")
        }
        report(scan.problems, path: history.url.path, console: console)
        return scan
    }

    /// Reads the newest `count` sessions of the history of `folder` from the end of the file
    /// (``HistoryFile/newest(_:index:)``) and reports the unreadable lines it read: those after
    /// the oldest session it shows (all of them when the history has fewer than `count`).
    /// - Throws: ``CommandFailure/io(_:)`` with the ``StoreError``'s text when the file
    ///   cannot be read at all (exit 74).
    static func newest(_ count: Int, in folder: DataFolder, console: Console) throws -> HistoryTail {
        let tail: HistoryTail
        do {
            tail = try folder.history.newest(count, index: folder.historyStartIndex)
        } catch {
            throw CommandFailure.io("\(error)")
        }
        report(tail.problems, path: folder.historyURL.path, console: console)
        return tail
    }

    /// One stderr line per unreadable line (`Skipped: file, line, column, what`), at most
    /// ``reportedProblemLimit``, then one line counting the rest.
    /// - Parameters:
    ///   - problems: the lines that could not be read.
    ///   - path: the file they are in, for the summing-up line.
    ///   - console: where the lines go.
    static func report(_ problems: [HistoryProblem], path: String, console: Console) {
        for problem in problems.prefix(reportedProblemLimit) {
            console.err("Skipped: \(problem)")
        }
        if problems.count > reportedProblemLimit {
            let more = problems.count - reportedProblemLimit
            console.err("Skipped: \(more) more \(more == 1 ? "line" : "lines") of \(path) that cannot be read")
        }
    }
}
