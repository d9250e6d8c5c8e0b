import Foundation
import Testing
import WorkoutModel
@testable import WorkoutStore
import TestSupport

@Suite struct HistoryFileTests {
    @Test func dataFolderIsCreatedPrivate() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let data = DataFolder(url: folder.file("share/hiit"))
        try data.create()
        #expect(try permissions(of: data.url) == 0o700)
        #expect(try permissions(of: data.workoutsURL) == 0o700)
        #expect(try permissions(of: folder.file("share")) == 0o700)
        try data.create()  // a second time changes nothing and does not fail
        try data.history.append(sampleRecord())
        #expect(try permissions(of: data.historyURL) == 0o600)
    }

    @Test func fileInPlaceOfFolderIsReported() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try Data("x".utf8).write(to: folder.file("hiit"))
        let data = DataFolder(url: folder.file("hiit"))
        #expect(throws: StoreError.notAFolder(path: folder.file("hiit").path)) { try data.create() }
    }

    @Test func recordSurvivesAppendAndRead() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let history = HistoryFile(url: folder.file("history.jsonl"))
        #expect(try history.read() == HistoryContents(records: [], problems: []))
        let first = sampleRecord()
        var second = sampleRecord(workout: "Swim/Bike", minute: 10)
        second.kind = .multisport
        second.weightKg = nil
        second.kcal = nil
        second.legs = [LegRecord(sport: "swimming", startSeconds: 0, elapsedSeconds: 905.5, timerSeconds: 905.5,
                                 distanceMeters: 750, kcal: nil,
                                 laps: [LapRecord(startSeconds: 0, elapsedSeconds: 30)])]
        try history.append(first)
        try history.append(second)
        let contents = try history.read()
        #expect(contents.records == [first, second])
        #expect(contents.problems.isEmpty)
        let text = try String(contentsOf: history.url, encoding: .utf8)
        #expect(text == String(decoding: try first.jsonLine(), as: UTF8.self) + "\n"
            + String(decoding: try second.jsonLine(), as: UTF8.self) + "\n")
    }

    @Test func tornLastLineIsKeptAndNewLineIsWhole() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let history = HistoryFile(url: folder.file("history.jsonl"))
        let good = sampleRecord()
        var before = try good.jsonLine()
        before.append(0x0A)
        let torn = try sampleRecord().jsonLine().prefix(57)
        before.append(torn)
        try before.write(to: history.url)

        let tornProblem = try history.read().problems
        #expect(tornProblem.count == 1)
        #expect(tornProblem.first?.isUnterminated == true)

        let added = sampleRecord(workout: "After crash", minute: 5)
        try history.append(added)

        var expected = before
        expected.append(0x0A)
        expected.append(try added.jsonLine())
        expected.append(0x0A)
        #expect(try Data(contentsOf: history.url) == expected)

        let contents = try history.read()
        #expect(contents.records == [good, added])
        #expect(contents.problems.count == 1)
        #expect(contents.problems.first?.line == 2)
        #expect(contents.problems.first?.isUnterminated == false)
        #expect(contents.problems.first?.description.hasPrefix("\(history.url.path), line 2, column ") == true)
    }

    @Test func badLinesAreReportedAndSkippedNeverRewritten() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let url = folder.file("history.jsonl")
        let good = sampleRecord()
        var newer = String(decoding: try sampleRecord().jsonLine(), as: UTF8.self)
        newer = newer.replacingOccurrences(of: "\"version\":1", with: "\"version\":2")
        var wrongType = String(decoding: try sampleRecord().jsonLine(), as: UTF8.self)
        wrongType = wrongType.replacingOccurrences(of: "\"rounds\":8", with: "\"rounds\":\"eight\"")
        let lines = [
            String(decoding: try good.jsonLine(), as: UTF8.self),
            "",
            "this is not json",
            newer,
            wrongType,
            #"{"version": 1}"#,
            "{\"version\": 1, \"id\": \"cut",
        ]
        let content = Data(lines.joined(separator: "\n").utf8)
        try content.write(to: url)

        let contents = try HistoryFile(url: url).read()
        #expect(contents.records == [good])
        let path = url.path
        let rounds = wrongType.utf8.count - (wrongType.range(of: "\"eight\"").map { wrongType[$0.lowerBound...].utf8.count } ?? 0) + 1
        #expect(contents.problems.map(\.description) == [
            "\(path), line 3, column 1: JSON syntax error: expected a value (object, array, string, number, true, false or null), found 'this'",
            "\(path), line 4: version 2 is not supported (this hiit reads version 1; a newer hiit wrote it)",
            "\(path), line 5, column \(rounds): rounds: expected a whole number, found the string \"eight\"",
            "\(path), line 6, column 1: id is missing (expected a UUID string)",
            "\(path), line 7, column 22: JSON syntax error: a string is not closed: it starts here and the text ends before its closing '\"' (the last line has no line end: it was probably cut off while being written)",
        ])
        #expect(try Data(contentsOf: url) == content)
    }

    @Test func historyWithJunkIsReportedQuickly() throws {
        var generator = SeededGenerator(seed: 7)
        let junk = randomBytes(10_000_000, using: &generator)
        let clock = ContinuousClock()
        let started = clock.now
        let contents = HistoryFile.parse(junk, path: "history.jsonl")
        #expect(clock.now - started < .seconds(5))
        #expect(contents.records.isEmpty)
        #expect(!contents.problems.isEmpty)
        #expect(contents.problems.allSatisfy { !$0.description.contains("\n") })
    }

    @Test func concurrentAppendsFromThreadsKeepEveryLineWhole() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let history = HistoryFile(url: folder.file("history.jsonl"))
        let threads = 8
        let perThread = 25
        let ids = (0..<threads * perThread).map { _ in UUID() }
        let failures = FailureCount()
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for n in 0..<perThread {
                let record = sampleRecord(id: ids[thread * perThread + n], workout: "thread \(thread) #\(n)")
                do { try history.append(record) } catch { failures.add() }
            }
        }
        #expect(failures.value == 0)
        let contents = try history.read()
        #expect(contents.problems.isEmpty)
        #expect(contents.records.count == threads * perThread)
        #expect(Set(contents.records.map(\.id)) == Set(ids))
        let text = try String(contentsOf: history.url, encoding: .utf8)
        #expect(text.hasSuffix("\n"))
        #expect(text.split(separator: "\n", omittingEmptySubsequences: false).count == threads * perThread + 1)
    }
}

/// A thread-safe counter for failures inside `concurrentPerform`.
final class FailureCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func add() { lock.lock(); count += 1; lock.unlock() }
    var value: Int { lock.lock(); defer { lock.unlock() }; return count }
}

@Suite struct AtomicWriteTests {
    @Test func replacementIsWholeAndPrivate() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let url = folder.file("profile.json")
        try DiskFile.writeAtomically(Data("one\n".utf8), to: url)
        #expect(try permissions(of: url) == 0o600)
        try DiskFile.writeAtomically(Data("two\n".utf8), to: url)
        #expect(try String(contentsOf: url, encoding: .utf8) == "two\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["profile.json"])
    }

    @Test func failedReplacementLeavesOldFileAndNoTemporary() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // The destination is a non-empty folder: rename fails with EISDIR/ENOTEMPTY.
        let target = folder.file("taken")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: false)
        try Data("keep".utf8).write(to: target.appendingPathComponent("inside"))
        #expect(throws: StoreError.self) { try DiskFile.writeAtomically(Data("new".utf8), to: target) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["taken"])
        #expect(try String(contentsOf: target.appendingPathComponent("inside"), encoding: .utf8) == "keep")
    }
}
