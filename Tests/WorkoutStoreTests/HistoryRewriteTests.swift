import Foundation
import Testing
import WorkoutModel
@testable import WorkoutStore
#if canImport(Glibc)
import Glibc
import TestSupport
#endif

/// `HistoryFile.removeSessions(withID:)`: the only rewrite of the history, and its race with appends.
@Suite struct HistoryRewriteTests {
    @Test func removalKeepsEveryOtherLineByteForByte() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let history = HistoryFile(url: folder.file("history.jsonl"))
        let doomed = sampleRecord(workout: "Doomed")
        let keep = try sampleRecord(workout: "Keep").jsonLine()
        var content = Data()
        content.append(keep); content.append(Data("\r\n".utf8))
        content.append(Data("{\"cut\": \n\n  \t\n".utf8))
        content.append(try doomed.jsonLine()); content.append(0x0A)
        content.append(Data([0xC3, 0x28, 0x0A]))
        content.append(Data(#"{"version": 9, "id": "x"}"#.utf8)); content.append(0x0A)
        content.append(try doomed.jsonLine()); content.append(0x0A)   // the same session twice
        content.append(keep.prefix(20))                                // torn last line, kept torn
        try content.write(to: history.url)

        let removed = try history.removeSessions(withID: doomed.id)
        #expect(removed == [doomed, doomed])
        var expected = content
        while let range = expected.range(of: try doomed.jsonLine() + Data([0x0A])) { expected.removeSubrange(range) }
        #expect(try Data(contentsOf: history.url) == expected)
        #expect(try permissions(of: history.url) == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["history.jsonl"])
    }

    @Test func removingTheLastLineWithoutALineEndKeepsTheLineBefore() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let history = HistoryFile(url: folder.file("history.jsonl"))
        let first = sampleRecord(workout: "First")
        let last = sampleRecord(workout: "Last", minute: 3)
        let content = try first.jsonLine() + Data([0x0A]) + (try last.jsonLine())
        try content.write(to: history.url)
        #expect(try history.removeSessions(withID: last.id) == [last])
        #expect(try Data(contentsOf: history.url) == (try first.jsonLine() + Data([0x0A])))
    }

    @Test func anUnknownIDChangesNothingNotEvenTheFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let history = HistoryFile(url: folder.file("history.jsonl"))
        #expect(try history.removeSessions(withID: UUID()) == [], "no file is no session")
        #expect(!FileManager.default.fileExists(atPath: history.url.path), "and creates no file")
        try history.append(sampleRecord())
        let before = try Data(contentsOf: history.url)
        let inode = try inodeNumber(history.url)
        #expect(try history.removeSessions(withID: UUID()) == [])
        #expect(try Data(contentsOf: history.url) == before)
        #expect(try inodeNumber(history.url) == inode, "not rewritten")
    }

    @Test func staleTemporaryFilesOfAKilledRewriteAreRemoved() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let history = HistoryFile(url: folder.file("history.jsonl"))
        let record = sampleRecord()
        try history.append(record)
        try Data("half a rewrite".utf8).write(to: folder.file(".history.jsonl.tmp-abc123"))
        try Data("someone else's".utf8).write(to: folder.file(".profile.json.tmp-xyz"))
        try history.removeSessions(withID: record.id)
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder.url.path))
            == ["history.jsonl", ".profile.json.tmp-xyz"])
    }

    /// The race of the issue: an append opens the file, a rewrite renames a new file over it
    /// before the append gets its lock. The append must land in the new file.
    @Test func anAppendThatOpenedTheReplacedFileReopensAndLandsInTheNewOne() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let history = HistoryFile(url: folder.file("history.jsonl"))
        let doomed = sampleRecord(workout: "Doomed")
        let kept = sampleRecord(workout: "Kept", minute: 1)
        try history.append(contentsOf: [doomed, kept])
        let added = sampleRecord(workout: "Added during the delete", minute: 2)
        var opens = 0
        try history.append(contentsOf: [added], afterOpening: {
            opens += 1
            // Exactly between the append's open and its lock: a complete delete.
            if opens == 1 { _ = try? history.removeSessions(withID: doomed.id) }
        })
        #expect(opens == 2, "the append saw the file replaced and opened it again")
        #expect(try history.read().records == [kept, added])
    }

    @Test func aRewriteThatOpenedAReplacedFileWorksOnTheNewOne() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let history = HistoryFile(url: folder.file("history.jsonl"))
        let first = sampleRecord(workout: "First")
        let second = sampleRecord(workout: "Second", minute: 1)
        let third = sampleRecord(workout: "Third", minute: 2)
        try history.append(contentsOf: [first, second, third])
        var opens = 0
        let removed = try history.removeSessions(withID: second.id, afterOpening: {
            opens += 1
            if opens == 1 { _ = try? history.removeSessions(withID: first.id) }
        })
        #expect(removed == [second])
        #expect(opens == 2)
        #expect(try history.read().records == [third], "neither removal was undone by the other")
    }

    /// Threads append one record at a time while another deletes records one at a time; each
    /// operation has its own descriptor, so `flock` works between them as between processes.
    @Test func appendsRacingWithDeletesLoseNothing() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let history = HistoryFile(url: folder.file("history.jsonl"))
        let seeded = (0..<60).map { sampleRecord(workout: "seed \($0)", minute: $0) }
        try history.append(contentsOf: seeded)
        let appenders = 3, perAppender = 40
        let failures = FailureCount()
        DispatchQueue.concurrentPerform(iterations: appenders + 1) { worker in
            if worker == appenders {
                for record in seeded where record.workout.hasSuffix("0") == false {
                    do { _ = try history.removeSessions(withID: record.id) } catch { failures.add() }
                }
            } else {
                for n in 0..<perAppender {
                    do { try history.append(sampleRecord(workout: "appender \(worker) #\(n)")) } catch { failures.add() }
                }
            }
        }
        #expect(failures.value == 0)
        let contents = try history.read()
        #expect(contents.problems.isEmpty)
        let names = contents.records.map(\.workout)
        #expect(names.filter { $0.hasPrefix("appender") }.count == appenders * perAppender)
        #expect(Set(names.filter { $0.hasPrefix("seed") }) == Set(seeded.map(\.workout).filter { $0.hasSuffix("0") }))
    }

    private func inodeNumber(_ url: URL) throws -> UInt64 {
        var info = stat()
        guard stat(url.path, &info) == 0 else { throw StoreError.io(path: url.path, operation: "stat", errno: errno) }
        return UInt64(info.st_ino)
    }
}

/// `HistoryFile.appendNew(_:)`, used by `history import`.
@Suite struct HistoryImportAppendTests {
    @Test func sessionsAlreadyPresentAreSkippedAndCounted() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let history = HistoryFile(url: folder.file("history.jsonl"))
        let a = sampleRecord(workout: "A"), b = sampleRecord(workout: "B", minute: 1)
        let c = sampleRecord(workout: "C", minute: 2)
        try history.append(a)
        let result = try history.appendNew([a, b, c, b])
        #expect(result == HistoryAppendResult(appended: [b, c], alreadyPresent: [a, b]))
        #expect(try history.read().records == [a, b, c])
        let again = try history.appendNew([c, b, a])
        #expect(again.appended.isEmpty)
        #expect(again.alreadyPresent.count == 3)
    }

    @Test func laterBatchesSeeWhatOthersAppendedAndRemoved() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let history = HistoryFile(url: folder.file("history.jsonl"))
        let a = sampleRecord(workout: "A"), b = sampleRecord(workout: "B", minute: 1)
        let c = sampleRecord(workout: "C", minute: 2), d = sampleRecord(workout: "D", minute: 3)
        var known = HistoryKnownIDs()
        #expect(try history.appendNew([a], known: &known).appended == [a])
        try history.append(b)  // another process, between two batches
        #expect(try history.appendNew([b, c], known: &known) == HistoryAppendResult(appended: [c], alreadyPresent: [b]))
        try history.removeSessions(withID: a.id)  // a rewrite, between two batches
        #expect(try history.appendNew([a, d], known: &known) == HistoryAppendResult(appended: [a, d], alreadyPresent: []))
        // A torn line left by a crash, then a batch: the torn line is ended, not counted.
        var content = try Data(contentsOf: history.url)
        content.append(try sampleRecord(workout: "Torn").jsonLine().prefix(40))
        try content.write(to: history.url)
        #expect(try history.appendNew([b, d, c], known: &known).alreadyPresent == [b, d, c])
        #expect(try history.read().records == [b, c, a, d])
    }

    @Test func importedLinesKeepTheirOwnTextButNotTheSpaceAround() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let history = HistoryFile(url: folder.file("history.jsonl"))
        let newer = #"{"end":"2026-11-30T06:04:00Z","heartRate":{"max":171},"id":"00000001-0000-4000-8000-000000000000","kind":"intervals","localDate":"2026-11-30","start":"2026-11-30T06:00:00Z","timeZone":"UTC","totalSeconds":230,"utcOffsetSeconds":0,"version":1,"workout":"From a newer hiit","workoutSeconds":160}"#
        let source = Data(("  " + newer + " \r\n\r\n").utf8)
        var known = HistoryKnownIDs()
        let scan = HistoryFile.scan(source, path: "export.jsonl")
        #expect(try history.appendNew(lines: scan.entries, known: &known).appended.map(\.workout) == ["From a newer hiit"])
        #expect(try Data(contentsOf: history.url) == Data((newer + "\n").utf8))
        #expect(try history.appendNew(lines: scan.entries, known: &known).alreadyPresent.count == 1)
    }

    @Test func nothingNewWritesNothingEvenAfterATornLine() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let history = HistoryFile(url: folder.file("history.jsonl"))
        let a = sampleRecord()
        let content = try a.jsonLine() + Data([0x0A]) + (try a.jsonLine()).prefix(33)
        try content.write(to: history.url)
        #expect(try history.appendNew([a]).appended.isEmpty)
        #expect(try Data(contentsOf: history.url) == content, "the torn line is left as it is")
        let b = sampleRecord(workout: "B")
        #expect(try history.appendNew([b]).appended == [b])
        #expect(try Data(contentsOf: history.url) == content + Data([0x0A]) + (try b.jsonLine()) + Data([0x0A]))
    }

    @Test func aNonFiniteNumberWritesNothingAtAll() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let history = HistoryFile(url: folder.file("history.jsonl"))
        var bad = sampleRecord(workout: "Bad")
        bad.kcal = .nan
        #expect(throws: StoreError.self) { try history.appendNew([sampleRecord(), bad]) }
        #expect(!FileManager.default.fileExists(atPath: history.url.path))
    }
}
