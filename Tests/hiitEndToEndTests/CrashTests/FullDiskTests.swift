import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
import TestSupport
import WorkoutModel

/// A disk that fills up during an append (issue 11, item 2): the failed append is cut back to
/// the file's length before it, so no torn line is ever left in `history.jsonl`; an import
/// reports exactly the sessions that are on the disk; a run that says "not saved" saved nothing.
///
/// Two ways to fill the disk: a file size limit (`ulimit -f`, with SIGXFSZ ignored, so the
/// write fails with `EFBIG`; needs nothing special) and, where mounting is allowed, a 128 KiB
/// tmpfs as the data folder (`ENOSPC`), as a person would meet it.
@Suite struct FullDiskTests {
    /// What a run left: its status, stderr, and the history file's bytes afterwards.
    struct Outcome {
        let status: Int32
        let stderr: String
        let history: Data
    }

    /// 1,000 sessions as JSON lines (about 360 KB).
    static func bigExport() throws -> Data {
        try jsonLines((1...1000).map { historyRecord($0) })
    }

    /// Runs `hiit arguments…` through `sh -c` with the file size limit `blocks` × 512 bytes
    /// (`ulimit -f`, SIGXFSZ ignored) and `environment`, stdin and stdout on `/dev/null`.
    static func runLimited(_ arguments: [String], blocks: Int, environment: [String: String],
                           history: URL) throws -> Outcome {
        let run = try runHiitThroughShell("trap '' XFSZ; ulimit -f \(blocks) && exec \"$0\" \"$@\"", arguments: arguments,
                                          environment: environment)
        return Outcome(status: run.status, stderr: run.stderr, history: (try? Data(contentsOf: history)) ?? Data())
    }

    /// The number N in "(N sessions were imported before it)".
    static func importedBefore(_ stderr: String) -> Int? {
        guard let range = stderr.range(of: #"\((\d+) sessions? (were|was) imported before it\)"#, options: .regularExpression)
        else { return nil }
        return Int(stderr[range].dropFirst().prefix { $0.isNumber })
    }

    /// Every line of `history` ends with a newline and is a session record.
    static func expectWholeLines(_ history: Data, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(history.last == 0x0A, "the file ends with a whole line", sourceLocation: sourceLocation)
        let lines = history.split(separator: 0x0A)
        let records = lines.compactMap { try? SessionRecord(jsonLine: Data($0)) }
        #expect(records.count == lines.count, "every line is a session: \(lines.count - records.count) torn",
                sourceLocation: sourceLocation)
    }

    @Test func anImportCutShortByTheFileSizeLimitLeavesOnlyWholeBatches() async throws {
        try await onOwnThread { () throws -> Void in
            let box = try E2ESandbox.forHistory()
            try box.writeHistory(try jsonLines([historyRecord(5000)]))
            let big = box.file("big.jsonl")
            try Self.bigExport().write(to: big)
            // Room for the first batch of 200 (about 73 KB) and half of the second.
            let lineSize = try historyRecord(1).jsonLine().count + 1
            let limit = box.historyBytes().count + lineSize * 300
            let outcome = try Self.runLimited(["history", "import", big.path], blocks: limit / 512,
                                              environment: box.environment(), history: box.historyURL)
            #expect(outcome.status == 74, "\(outcome.stderr)")
            #expect(outcome.stderr.contains("File too large"), "\(outcome.stderr)")
            let imported = try #require(Self.importedBefore(outcome.stderr), "\(outcome.stderr)")
            #expect(imported == 200, "\(outcome.stderr)")
            Self.expectWholeLines(outcome.history)
            #expect(storedIDs(outcome.history).count == 1 + imported, "the report counts what is on the disk")
            let history = try box.run(["history"])
            #expect(history.status == 0)
            #expect(history.stderr.isEmpty, "no torn line to warn about: \(history.stderr)")
        }
    }

    @Test func aRunThatCannotBeSavedLeavesTheFileAsItWas() async throws {
        try await onOwnThread { () throws -> Void in
            let box = try E2ESandbox.forHistory()
            // A history whose size leaves 1 to 199 bytes before the next 512-byte block: room
            // for part of a line (a run's line is about 300 bytes), so the write is torn.
            let count = try #require((1...40).first { n in
                let size = (try? jsonLines((1...n).map { historyRecord($0) }).count) ?? 0
                return (1..<200).contains(512 - size % 512)
            })
            try box.writeHistory(try jsonLines((1...count).map { historyRecord($0) }))
            let before = box.historyBytes()
            let blocks = (before.count + 511) / 512
            let outcome = try Self.runLimited(["run", "1/1x1", "--prepare", "0", "--mute"], blocks: blocks,
                                              environment: box.environment(), history: box.historyURL)
            #expect(outcome.status == 74, "\(outcome.stderr)")
            #expect(outcome.stderr.contains("the session was not saved"), "\(outcome.stderr)")
            #expect(outcome.history == before, "not saved means not in the file")
        }
    }

    // MARK: A real full disk

    /// Whether this process may mount a tmpfs (root, or a user namespace that allows it).
    static let canMount: Bool = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hiit-mount-probe-\(getpid())")
        guard (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil else { return false }
        defer { rmdir(folder.path) }
        guard mount("tmpfs", folder.path, "tmpfs", 0, "size=64k") == 0 else { return false }
        umount(folder.path)
        return true
    }()

    @Test(.enabled(if: canMount, "mounting a tmpfs is not allowed here (needs root)"))
    func anImportOntoAFullTmpfsReportsExactlyWhatIsOnTheDisk() async throws {
        try await onOwnThread { () throws -> Void in
            let box = try E2ESandbox.forHistory()
            let disk = box.file("disk")
            try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
            #expect(mount("tmpfs", disk.path, "tmpfs", 0, "size=128k,mode=0700") == 0)
            defer { umount(disk.path) }
            let big = box.file("big.jsonl")
            try Self.bigExport().write(to: big)
            let history = disk.appendingPathComponent("hiit/history.jsonl")
            let environment = box.environment(extra: ["XDG_DATA_HOME": disk.path])
            let outcome = try Self.runLimited(["history", "import", big.path], blocks: 1 << 20,
                                              environment: environment, history: history)
            #expect(outcome.status == 74, "\(outcome.stderr)")
            #expect(outcome.stderr.contains("No space left on device"), "\(outcome.stderr)")
            let imported = try #require(Self.importedBefore(outcome.stderr), "\(outcome.stderr)")
            // 128 KiB hold the first batch of 200 sessions (about 73 KB), not the second.
            #expect(imported == 200, "\(outcome.stderr)")
            #expect(storedIDs(outcome.history).count == imported, "the report counts what is on the disk")
            Self.expectWholeLines(outcome.history)
            let list = try box.run(["history"], extraEnvironment: ["XDG_DATA_HOME": disk.path])
            #expect(list.status == 0)
            #expect(list.stderr.isEmpty, "no torn line to warn about: \(list.stderr)")
        }
    }
}
