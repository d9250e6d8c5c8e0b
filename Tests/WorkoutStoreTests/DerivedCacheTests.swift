import Foundation
import Testing
import WorkoutModel
@testable import WorkoutStore
import TestSupport

@Suite struct HistoryFingerprintTests {
    private func history(in folder: TemporaryFolder, records: [SessionRecord]) throws -> HistoryFile {
        let history = HistoryFile(url: folder.file("history.jsonl"))
        try history.append(contentsOf: records)
        return history
    }

    @Test func unchangedHistoryIsRecognisedWithItsBadLinesReportedAgain() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let history = try history(in: folder, records: [sampleRecord(minute: 1)])
        let handle = try FileHandle(forWritingTo: history.url)
        handle.seekToEndOfFile()
        handle.write(Data("{\"version\": 1, \"id\": 5}\n".utf8))
        try handle.close()
        try history.append(sampleRecord(minute: 2))
        let read = try history.readWithFingerprint()
        #expect(read.records.count == 2)
        #expect(read.problems.map(\.line) == [2])
        #expect(read.problemLines.map(\.line) == [2])
        let fingerprint = try #require(read.fingerprint)
        #expect(fingerprint.lineEnds == 3)
        #expect(fingerprint.endsWithNewline)
        guard case let .unchanged(problems) = try history.change(since: fingerprint, problemLines: read.problemLines)
        else { Issue.record("expected unchanged"); return }
        #expect(problems == read.problems)
        #expect(try problems.map(\.description) == history.read().problems.map(\.description))
    }

    @Test func appendOnlyGrowthReadsOnlyTheNewLines() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let history = try history(in: folder, records: (0..<3).map { sampleRecord(minute: $0) })
        let before = try history.readWithFingerprint()
        let added = [sampleRecord(minute: 10), sampleRecord(minute: 11)]
        try history.append(contentsOf: added)
        let handle = try FileHandle(forWritingTo: history.url)
        handle.seekToEndOfFile()
        handle.write(Data("not json\n".utf8))
        try handle.close()
        guard case let .appended(read) = try history.change(since: #require(before.fingerprint), problemLines: [])
        else { Issue.record("expected appended"); return }
        #expect(read.records == added)
        #expect(read.problems.map(\.line) == [6])
        #expect(try read.problems == history.read().problems)
        let whole = try history.readWithFingerprint()
        #expect(read.fingerprint == whole.fingerprint)
        #expect(read.problemLines == whole.problemLines)
    }

    @Test func rewriteShrinkAndRemovalMeanRebuild() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let first = sampleRecord(minute: 1)
        let history = try history(in: folder, records: [first, sampleRecord(minute: 2)])
        var fingerprint = try #require(try history.readWithFingerprint().fingerprint)
        // history delete: a new file renamed over the old one.
        _ = try history.removeSessions(withID: first.id)
        guard case .replaced = try history.change(since: fingerprint, problemLines: []) else {
            Issue.record("a rewrite must be seen"); return
        }
        // The same inode, cut short and grown again to a larger size with other bytes.
        fingerprint = try #require(try history.readWithFingerprint().fingerprint)
        let text = try Data(contentsOf: history.url)
        let handle = try FileHandle(forWritingTo: history.url)
        handle.truncateFile(atOffset: 0)
        handle.write(Data(repeating: UInt8(ascii: " "), count: 10) + text)
        try handle.close()
        guard case .replaced = try history.change(since: fingerprint, problemLines: []) else {
            Issue.record("changed bytes before the old size must be seen"); return
        }
        try FileManager.default.removeItem(at: history.url)
        guard case .replaced = try history.change(since: fingerprint, problemLines: []) else {
            Issue.record("a removed history must be seen"); return
        }
    }

    @Test func tornLastLineIsNotReadAsATail() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let history = try history(in: folder, records: [sampleRecord(minute: 1)])
        let handle = try FileHandle(forWritingTo: history.url)
        handle.seekToEndOfFile()
        handle.write(Data("{\"version\":1,\"id\"".utf8))
        try handle.close()
        let before = try history.readWithFingerprint()
        #expect(before.problems.map(\.isUnterminated) == [true])
        let fingerprint = try #require(before.fingerprint)
        #expect(!fingerprint.endsWithNewline)
        guard case let .unchanged(problems) = try history.change(since: fingerprint, problemLines: before.problemLines)
        else { Issue.record("expected unchanged"); return }
        #expect(problems == before.problems)
        try history.append(sampleRecord(minute: 2))  // ends the torn line first
        guard case .replaced = try history.change(since: fingerprint, problemLines: before.problemLines) else {
            Issue.record("a torn line completed by an append must mean a rebuild"); return
        }
    }
}

@Suite struct DerivedCacheFileTests {
    private let fingerprint = HistoryFingerprint(device: 1, inode: 2, size: 3, modificationNanoseconds: 4,
                                                 tailHash: 5, lineEnds: 6, endsWithNewline: true)

    @Test func contentsSurviveAWriteAndTheFileIsPrivate() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let cache = DerivedCacheFile(folder: DataFolder(url: folder.url), name: "x.cache", kind: "test-1")
        #expect(cache.read() == nil)
        let contents = DerivedCacheFile.Contents(
            fingerprint: fingerprint, problemLines: [HistoryLineSpan(line: 2, offset: 10, length: 4)],
            payload: Array("{\"a\":1}\n\u{0}binary".utf8))
        try cache.write(contents)
        #expect(cache.read() == contents)
        #expect(try permissions(of: cache.url) == 0o600)
        #expect(try permissions(of: cache.url.deletingLastPathComponent()) == 0o700)
        #expect(DerivedCacheFile(url: cache.url, kind: "test-2").read() == nil)
        try cache.remove()
        #expect(cache.read() == nil)
        try cache.remove()
    }

    @Test func brokenOrNewerCacheReadsAsNone() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let cache = DerivedCacheFile(url: folder.file("x.cache"), kind: "k")
        try cache.write(DerivedCacheFile.Contents(fingerprint: fingerprint, problemLines: [], payload: Array("12345".utf8)))
        let good = try Data(contentsOf: cache.url)
        let broken: [Data] = [
            Data(), Data("garbage".utf8), Data("{}\n".utf8), good.dropLast(), good + Data("6".utf8),
            Data(String(decoding: good, as: UTF8.self).replacingOccurrences(of: "\"version\":1", with: "\"version\":2").utf8),
            Data(String(decoding: good, as: UTF8.self).replacingOccurrences(of: "\"tailHash\":5", with: "\"tailHash\":\"5\"").utf8),
        ]
        for data in broken {
            try data.write(to: cache.url)
            #expect(cache.read() == nil)
        }
        try good.write(to: cache.url)
        #expect(cache.read()?.payload == Array("12345".utf8))
    }
}

/// File times far from now never trap (issue 11, item 5: `touch -d 2300-01-01 history.jsonl`
/// crashed `hiit stats` with an arithmetic overflow).
@Suite struct FileTimeTests {
    @Test(arguments: [
        (Int64(10_413_792_000), Int64(0), Int64.max),          // 2300-01-01: past 2262
        (Int64(253_402_300_799), Int64(999_999_999), Int64.max), // 9999-12-31 23:59:59
        (Int64(-62_135_596_800), Int64(0), Int64.min),         // 0001-01-01
        (Int64(1_796_018_400), Int64(5), Int64(1_796_018_400_000_000_005)),
        (Int64(9_223_372_036), Int64(854_775_807), Int64.max), // exactly Int64.max
        (Int64(9_223_372_036), Int64(854_775_808), Int64.max), // one past: clamped
    ])
    func fileTimesAreClampedNeverTrapped(seconds: Int64, nanoseconds: Int64, expected: Int64) {
        #expect(HistoryFingerprint.nanoseconds(seconds: seconds, nanoseconds: nanoseconds) == expected)
    }

    @Test func aHistoryDatedIn2300IsReadWithItsFingerprint() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let history = HistoryFile(url: folder.file("history.jsonl"))
        try history.append(sampleRecord(minute: 1))
        let future = Date(timeIntervalSince1970: 10_413_792_000)
        try FileManager.default.setAttributes([.modificationDate: future], ofItemAtPath: history.url.path)
        let read = try history.readWithFingerprint()
        #expect(read.records.count == 1)
        let fingerprint = try #require(read.fingerprint)
        #expect(fingerprint.modificationNanoseconds == .max)
        guard case .unchanged = try history.change(since: fingerprint, problemLines: read.problemLines)
        else { Issue.record("expected unchanged"); return }
    }
}
