import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
import TestSupport

/// Special files where hiit expects its own files (issue 11, item 3): a FIFO or a device at
/// `workouts/x.json`, `history.jsonl`, the stats cache or `profile.json` is named in a clear
/// error (or passed over, for a cache), never waited on; the library's is deletable; an input
/// to `history import` that is not text ends the import at its first block.
///
/// Each run has a timeout: a hiit that blocks on the FIFO is killed and the test fails, rather
/// than the suite hanging.
@Suite struct SpecialFileTests {
    /// A sandbox with a seeded library and one saved session.
    static func sandbox() throws -> E2ESandbox {
        let box = try E2ESandbox.forHistory()
        #expect(try box.run(["list"]).status == 0)
        try box.writeHistory(try jsonLines([historyRecord(1)]))
        #expect(try box.run(["stats"]).status == 0)
        return box
    }

    /// Replaces the file at `url` with a FIFO (`mkfifo`, 0600).
    static func makeFIFO(at url: URL) throws {
        unlink(url.path)
        guard mkfifo(url.path, 0o600) == 0 else {
            throw E2EFailure("mkfifo \(url.path): \(String(cString: strerror(errno)))")
        }
    }

    /// Replaces the file at `url` with a symbolic link to `/dev/zero` (a device that never ends).
    static func makeZeroDevice(at url: URL) throws {
        unlink(url.path)
        guard symlink("/dev/zero", url.path) == 0 else {
            throw E2EFailure("symlink \(url.path): \(String(cString: strerror(errno)))")
        }
    }

    static let timeout: Duration = .seconds(15)

    @Test(arguments: ["fifo", "device"])
    func aSpecialFileInTheLibraryIsBrokenAndDeletable(kind: String) throws {
        let box = try Self.sandbox()
        let file = box.libraryFolder.appendingPathComponent("x.json")
        try kind == "fifo" ? Self.makeFIFO(at: file) : Self.makeZeroDevice(at: file)
        let type = kind == "fifo" ? "a FIFO (named pipe)" : "a character device"
        let message = "\(file.path): is \(type), not a regular file"

        let list = try box.run(["list"], timeout: Self.timeout)
        #expect(list.status == 0, "\(list)")
        #expect(list.stdout.contains("x.json"), "the special file is listed as broken: \(list)")
        #expect(list.stderr.contains(message), "\(list)")
        for command in [["show", "x"], ["run", "x", "--mute"], ["show", file.path]] {
            let run = try box.run(command, timeout: Self.timeout)
            #expect(run.status == 74, "\(command): \(run)")
            #expect(run.stderrLines.first == "Error: \(message); hiit reads and writes only regular files", "\(command): \(run)")
        }
        let delete = try box.run(["delete", "x", "--yes"], timeout: Self.timeout)
        #expect(delete.status == 0, "\(delete)")
        #expect(delete.stdout.contains("Deleted the broken file x.json"), "\(delete)")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: file.path)) == nil)
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    @Test(arguments: ["fifo", "device"])
    func aSpecialHistoryFileIsAnErrorForEveryCommand(kind: String) throws {
        let box = try Self.sandbox()
        try kind == "fifo" ? Self.makeFIFO(at: box.historyURL) : Self.makeZeroDevice(at: box.historyURL)
        let type = kind == "fifo" ? "a FIFO (named pipe)" : "a character device"
        let commands: [[String]] = [
            ["history"], ["history", "--json"], ["history", "export"], ["stats"], ["stats", "--json"],
            ["history", "delete", "0000", "--yes"], ["run", "2/1x1", "--prepare", "0", "--mute"],
            ["history", "show", "0000"],
        ]
        for command in commands {
            let run = try box.run(command, timeout: Self.timeout)
            #expect(run.status == 74, "\(command): \(run)")
            #expect(run.stderr.contains("\(box.historyURL.path): is \(type), not a regular file"), "\(command): \(run)")
        }
        // The library does not need the history: it still works.
        #expect(try box.run(["list"], timeout: Self.timeout).status == 0)
    }

    @Test func aFIFOAsTheStatsCacheIsReplacedByTheCache() throws {
        let box = try Self.sandbox()
        let cache = box.dataFolder.appendingPathComponent("cache/stats-rollup.cache")
        #expect(FileManager.default.fileExists(atPath: cache.path), "the cache exists after 'hiit stats'")
        try Self.makeFIFO(at: cache)
        let stats = try box.run(["stats", "--json"], timeout: Self.timeout)
        #expect(stats.status == 0, "\(stats)")
        #expect(stats.stdout.contains("\"sessions\""), "\(stats)")
        let type = try FileManager.default.attributesOfItem(atPath: cache.path)[.type] as? FileAttributeType
        #expect(type == .typeRegular, "the FIFO was replaced by a new cache file")
    }

    @Test func aFIFOAsTheProfileIsNamedAndNothingWaits() throws {
        let box = try Self.sandbox()
        try Self.makeFIFO(at: box.profileURL)
        let message = "\(box.profileURL.path): is a FIFO (named pipe), not a regular file"
        let list = try box.run(["list"], timeout: Self.timeout)
        #expect(list.status == 0, "\(list)")
        #expect(list.stderr.contains(message), "a warning names it: \(list)")
        for command in [["profile"], ["profile", "--weight", "70"]] {
            let run = try box.run(command, timeout: Self.timeout)
            #expect(run.status == 74, "\(command): \(run)")
            #expect(run.stderr.contains(message), "\(command): \(run)")
        }
    }

    @Test func anEditorThatLeavesAFIFOIsAnErrorNotAWait() throws {
        let box = try Self.sandbox()
        let editor = try writeLibraryEditorScript("rm -f \"$1\"; mkfifo \"$1\"\n", named: "fifo-editor.sh", in: box.url)
        let before = try Data(contentsOf: box.workoutFile("tabata.json"))
        let run = try box.run(["edit", "tabata"], input: "d\n", extraEnvironment: ["EDITOR": editor], timeout: Self.timeout)
        #expect(run.stderr.contains("is a FIFO (named pipe), not a regular file"), "\(run)")
        #expect(try Data(contentsOf: box.workoutFile("tabata.json")) == before, "the workout is unchanged")
        let left = try FileManager.default.contentsOfDirectory(atPath: box.url.appendingPathComponent("tmp").path)
        #expect(left.isEmpty, "temporary copies left: \(left)")
    }

    /// `history import` of a FIFO whose writer sends a block with a NUL byte and then stays
    /// open: the import stops at that block (a hiit reading on to the end would wait forever).
    @Test func importStopsAtTheFirstBlockThatIsNotText() throws {
        let box = try Self.sandbox()
        let fifo = box.file("input")
        try Self.makeFIFO(at: fifo)
        let before = box.historyBytes()
        let process = try box.start(["history", "import", fifo.path], input: "")
        let writer = open(fifo.path, O_WRONLY)
        #expect(writer >= 0)
        defer { close(writer) }
        let block = [UInt8](repeating: 0, count: 4096)
        #expect(block.withUnsafeBytes { write(writer, $0.baseAddress, $0.count) } == 4096)
        let run = try process.wait(timeout: Self.timeout)
        #expect(run.status == 65, "\(run)")
        #expect(run.stderrLines == ["Error: \(fifo.path), line 1: not a text file (it holds a NUL byte); expected JSON lines as 'hiit history export --json' writes them; nothing was imported"], "\(run)")
        #expect(box.historyBytes() == before)
    }

    /// A FIFO named as the import's input is read like `cat` reads it: to the writer's end.
    @Test func importReadsAFIFOToItsEnd() throws {
        let box = try Self.sandbox()
        let exported = try box.run(["history", "export", "--json"])
        #expect(exported.status == 0)
        let other = try E2ESandbox.forHistory()
        let fifo = other.file("input")
        try Self.makeFIFO(at: fifo)
        let process = try other.start(["history", "import", fifo.path], input: "")
        let writer = open(fifo.path, O_WRONLY)
        #expect(writer >= 0)
        let bytes = Array(exported.stdout.utf8)
        #expect(bytes.withUnsafeBytes { write(writer, $0.baseAddress, $0.count) } == bytes.count)
        close(writer)
        let run = try process.wait(timeout: Self.timeout)
        #expect(run.status == 0, "\(run)")
        #expect(run.stdoutLines == ["Imported 1 session, skipped 0 already present, 0 bad lines."], "\(run)")
    }
}
