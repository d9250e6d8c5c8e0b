import Foundation
import Testing
import WorkoutModel
@testable import WorkoutStore
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// `history --last N` reads the history from its end (issue 12, item 27): the same sessions as
/// sorting the whole file, the bad lines it passes on the way, and as little of the file as it
/// can.
@Suite struct HistoryTailTests {
    /// A history file and the index beside it, in a folder of the test's own.
    struct Box {
        let folder: TemporaryFolder
        let history: HistoryFile
        let index: DerivedCacheFile

        init() throws {
            folder = try TemporaryFolder()
            history = HistoryFile(url: folder.file("history.jsonl"))
            index = DataFolder(url: folder.url).historyStartIndex
        }

        func write(_ data: Data) throws { try data.write(to: history.url) }

        func append(_ data: Data) throws {
            let handle = try FileHandle(forWritingTo: history.url)
            handle.seekToEndOfFile()
            handle.write(data)
            try handle.close()
        }

        var text: Data { (try? Data(contentsOf: history.url)) ?? Data() }
    }

    /// What `newest` must answer, from the whole file sorted: the `count` newest by start (later
    /// lines first among equal starts), and the bad lines after the oldest of them in the file
    /// (all of them when there are fewer sessions).
    static func expected(_ text: Data, count: Int, path: String) -> (ids: [UUID], lines: [Int], problems: [String]) {
        let scan = HistoryFile.scan(text, path: path)
        let sorted = scan.entries.sorted { ($0.record.start, $0.line) > ($1.record.start, $1.line) }
        let shown = Array(sorted.prefix(count))
        var problems = scan.problems
        if shown.count == count, let oldest = shown.map(\.line).min() { problems = problems.filter { $0.line > oldest } }
        return (shown.map(\.record.id), shown.map(\.line), problems.map(\.description))
    }

    static func check(_ box: Box, count: Int, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> HistoryTail {
        let tail = try box.history.newest(count, index: box.index)
        let want = expected(box.text, count: count, path: box.history.url.path)
        #expect(tail.entries.map(\.record.id) == want.ids, sourceLocation: sourceLocation)
        #expect(tail.entries.map(\.line) == want.lines, sourceLocation: sourceLocation)
        #expect(tail.problems.map(\.description) == want.problems, sourceLocation: sourceLocation)
        let scan = HistoryFile.scan(box.text, path: box.history.url.path)
        for entry in tail.entries {
            #expect(scan.entries.first { $0.line == entry.line } == entry, "text and record as stored",
                    sourceLocation: sourceLocation)
        }
        return tail
    }

    /// `count` records a minute apart from `first`, oldest first.
    static func lines(_ count: Int, from first: Int = 0) throws -> Data {
        var data = Data()
        for minute in first..<first + count {
            data.append(try sampleRecord(minute: minute).jsonLine())
            data.append(0x0A)
        }
        return data
    }

    @Test func aHistoryInOrderIsReadFromItsEndOnly() throws {
        let box = try Box()
        defer { box.folder.remove() }
        var text = Data("not json at the start\n".utf8)
        text.append(try Self.lines(3000))  // about 1 MB: many points in the index
        try box.write(text)
        let first = try Self.check(box, count: 5)
        #expect(first.readWholeHistory, "the first time, the whole file is read to build the index")
        #expect(first.problems.isEmpty, "the bad first line comes before the sessions shown")
        for count in [1, 5, 100, 1000] {
            let tail = try Self.check(box, count: count)
            #expect(!tail.readWholeHistory, "\(count): read from the end, with the index")
        }
        // Asking for more sessions than there are reads it all, and reports every bad line.
        let all = try Self.check(box, count: 5000)
        #expect(all.readWholeHistory && all.entries.count == 3000 && all.problems.count == 1)
    }

    @Test func oldSessionsImportedAtTheEndAreReadPast() throws {
        let box = try Box()
        defer { box.folder.remove() }
        // New sessions first, then an import of older ones after them, then one more new one.
        var text = try Self.lines(1500, from: 10_000)
        text.append(try Self.lines(1500, from: 0))
        text.append(try Self.lines(1, from: 20_000))
        try box.write(text)
        _ = try Self.check(box, count: 1)
        for count in [1, 2, 10, 400, 1600] {
            _ = try Self.check(box, count: count)
        }
    }

    @Test func equalStartsListTheLaterLineFirst() throws {
        let box = try Box()
        defer { box.folder.remove() }
        let twins = [sampleRecord(minute: 5), sampleRecord(minute: 5), sampleRecord(minute: 5)]
        var text = try Self.lines(400)
        for record in twins {
            text.append(try record.jsonLine())
            text.append(0x0A)
        }
        text.append(try Self.lines(400))
        try box.write(text)
        // Minute 5 is on lines 6, 401–403 and 409; 788 sessions are newer.
        _ = try Self.check(box, count: 1)
        for count in [788, 789, 790, 791, 792, 793, 794] {
            _ = try Self.check(box, count: count)
        }
        let tail = try Self.check(box, count: 791)
        #expect(tail.entries.suffix(3).map(\.line) == [409, 403, 402])
    }

    @Test func theLastLinesAsTheyComeCRLFLongAndTorn() throws {
        let box = try Box()
        defer { box.folder.remove() }
        let long = longRecord(minute: 80_000, laps: 9000)
        let longLine = try long.jsonLine()
        #expect(longLine.count > HistoryLineStream.chunkSize)
        var text = try Self.lines(200)
        text.append(longLine)
        text.append(Data("\r\n".utf8))
        text.append(try Self.lines(1, from: 60_000).dropLast())
        text.append(Data("\r\n\n   \n".utf8))
        text.append(longLine)  // the same session again, last and without a line end
        try box.write(text)
        _ = try Self.check(box, count: 2)
        let tail = try Self.check(box, count: 3)
        #expect(tail.entries.map(\.record.start) == [long.start, long.start, sampleRecord(minute: 60_000).start].sorted(by: >))
        #expect(tail.entries.first?.text == longLine, "the last line, without a line end, whole")
        // A torn last line is reported, and said to be one.
        try box.append(try sampleRecord(minute: 70_000).jsonLine().prefix(30))
        let torn = try Self.check(box, count: 1)
        #expect(torn.problems.count == 1 && torn.problems[0].isUnterminated)
        #expect(torn.readWholeHistory, "a state the index does not describe (grown from a line without end) is read again")
        _ = try Self.check(box, count: 1)
    }

    @Test func aHistoryOfOnlyBadLinesIsReadWholeAndReported() throws {
        let box = try Box()
        defer { box.folder.remove() }
        try box.write(Data(String(repeating: "x\n{\"version\": 1}\n", count: 3000).utf8))
        for _ in 0..<2 {
            let tail = try Self.check(box, count: 10)
            #expect(tail.entries.isEmpty && tail.problems.count == 6000 && tail.readWholeHistory)
        }
        try box.write(Data())
        let empty = try Self.check(box, count: 10)
        #expect(empty.entries.isEmpty && empty.problems.isEmpty)
        try FileManager.default.removeItem(at: box.history.url)
        #expect(try box.history.newest(3, index: box.index).entries.isEmpty, "a missing history is empty")
    }

    @Test func badLinesAfterTheOldestShownAreReportedAndOnlyThose() throws {
        let box = try Box()
        defer { box.folder.remove() }
        var text = try Self.lines(1000)
        text.append(Data("broken before the last ten\n".utf8))
        text.append(try Self.lines(5, from: 1000))
        text.append(Data("{\"broken\": \"among them\"}\n".utf8))
        text.append(try Self.lines(5, from: 1005))
        try box.write(text)
        for _ in 0..<2 {  // the same answer building the index and using it
            let ten = try Self.check(box, count: 10)
            #expect(ten.problems.map(\.line) == [1007])
            let eleven = try Self.check(box, count: 11)
            #expect(eleven.problems.map(\.line) == [1001, 1007])
        }
    }

    @Test func appendsExtendTheIndexAndRewritesRebuildIt() throws {
        let box = try Box()
        defer { box.folder.remove() }
        try box.history.append(contentsOf: (0..<2000).map { sampleRecord(minute: $0) })
        #expect(try Self.check(box, count: 3).readWholeHistory)
        let before = try #require(box.index.read())
        // Appended sessions, one older than all, one a bad line: read from the index's end.
        try box.history.append(contentsOf: [sampleRecord(minute: 3000), sampleRecord(minute: -5)])
        try box.append(Data("appended garbage\n".utf8))
        try box.history.append(sampleRecord(minute: 2500))
        let grown = try Self.check(box, count: 3)
        #expect(!grown.readWholeHistory)
        #expect(grown.problems.map(\.line) == [2003])
        let after = try #require(box.index.read())
        #expect(after.fingerprint.inode == before.fingerprint.inode && after.fingerprint.size > before.fingerprint.size)
        #expect(!(try Self.check(box, count: 3)).readWholeHistory)
        // history delete: a new file; the index no longer describes it.
        let victim = try box.history.read().records[1999].id
        _ = try box.history.removeSessions(withID: victim)
        #expect(try Self.check(box, count: 3).readWholeHistory)
        #expect(!(try Self.check(box, count: 3)).readWholeHistory)
        // A broken index is rebuilt, never believed.
        for junk in [Data(), Data("garbage\n".utf8), Data(repeating: 0xFF, count: 64)] {
            try junk.write(to: box.index.url)
            #expect(try Self.check(box, count: 4).readWholeHistory)
        }
        var cached = try #require(box.index.read())
        cached.payload = [1, 0, 0]
        try box.index.write(cached)
        #expect(try Self.check(box, count: 4).readWholeHistory)
    }

    /// Seeded histories of valid and broken lines in any order (the corpus' starts are spread
    /// over centuries), asked for any number of sessions, before and after appends: always what
    /// sorting the whole file gives.
    @Test(arguments: [11, 12, 13] as [UInt64])
    func newestAgreesWithSortingTheWholeFile(seed: UInt64) throws {
        let box = try Box()
        defer { box.folder.remove() }
        var corpus = HistoryCorpus(seed: seed)
        func someLines(_ count: Int) throws -> Data {
            var data = Data()
            for _ in 0..<count {
                data.append(contentsOf: corpus.chance(85) ? Array(try corpus.validLine().utf8) : try corpus.brokenLine())
                data.append(0x0A)
            }
            return data
        }
        try box.write(try someLines(1200))
        for round in 0..<3 {
            for count in [1, 2, 7, 50, 600, 2000] {
                _ = try Self.check(box, count: count)
            }
            if round == 0 { try box.append(try someLines(300)) }
            if round == 1 { try box.append(try someLines(5) + Data("{\"torn".utf8)) }
        }
    }

    /// A tail read holds the history's shared lock: an append in progress (holding the
    /// exclusive lock, its line half written) is waited for, and its line is read whole.
    @Test func aTailReadWaitsForAnAppendInProgress() throws {
        let box = try Box()
        defer { box.folder.remove() }
        try box.history.append(contentsOf: (0..<50).map { sampleRecord(minute: $0) })
        let line = try sampleRecord(minute: 1000).jsonLine() + Data([0x0A])
        let writer = open(box.history.url.path, O_WRONLY | O_APPEND)
        #expect(writer >= 0)
        defer { close(writer) }
        #expect(flock(writer, LOCK_EX) == 0)
        _ = line.prefix(40).withUnsafeBytes { Glibc.write(writer, $0.baseAddress, $0.count) }
        let inode = try #require((try FileManager.default.attributesOfItem(atPath: box.history.url.path)[.systemFileNumber]) as? UInt64)
        let result = TailResult()
        let reader = Thread {
            result.set(Result { try box.history.newest(1, index: box.index) })
        }
        reader.start()
        // Wait until the reader is blocked on the lock (Linux lists waiters in /proc/locks).
        let deadline = Date().addingTimeInterval(20)
        while !Self.someoneWaitsForALock(onInode: inode), Date() < deadline {
            Thread.sleep(forTimeInterval: 0.005)
        }
        #expect(Self.someoneWaitsForALock(onInode: inode), "the tail read waits for the lock")
        #expect(result.value == nil)
        _ = line.dropFirst(40).withUnsafeBytes { Glibc.write(writer, $0.baseAddress, $0.count) }
        #expect(flock(writer, LOCK_UN) == 0)
        while result.value == nil, Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }
        let tail = try #require(try result.value?.get())
        #expect(tail.problems.isEmpty, "no half line seen")
        #expect(tail.entries.map(\.record.start) == [sampleRecord(minute: 1000).start])
    }

    /// Whether `/proc/locks` lists a waiter (`->`) for a lock on the file with this inode.
    static func someoneWaitsForALock(onInode inode: UInt64) -> Bool {
        guard let text = try? String(contentsOfFile: "/proc/locks", encoding: .utf8) else { return false }
        return text.split(separator: "\n").contains { line in
            line.contains("->") && line.split(separator: " ").contains { $0.hasSuffix(":\(inode)") }
        }
    }

    final class TailResult: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: Result<HistoryTail, any Error>?
        var value: Result<HistoryTail, any Error>? { lock.withLock { stored } }
        func set(_ value: Result<HistoryTail, any Error>) { lock.withLock { stored = value } }
    }
}
