import Foundation
import Testing
import WorkoutModel
@testable import WorkoutStore
import TestSupport

/// The cache policy of data derived from the history (`DerivedCacheFile.derive`): when the
/// cache stands in for the history, when only the appended lines are read, when everything is
/// rebuilt, and that a cache never changes the answer.
@Suite struct DerivedHistoryTests {
    /// A derived value that shows how it was made: the ids rolled up, how many times it was
    /// built from all the records, and (not stored in the cache) how many records were added
    /// to it while it was built and after it came from the cache.
    struct Tally: Codable, Equatable, Sendable {
        var ids: [UUID] = []
        var builds = 0
        var addedWhileBuilding = 0
        var addedToCached = 0
        var isCached = false

        enum CodingKeys: String, CodingKey { case ids, builds }

        static func == (lhs: Tally, rhs: Tally) -> Bool { lhs.ids == rhs.ids && lhs.builds == rhs.builds }
    }

    /// `derive` with a `Tally`, counting the records added in a build and to a cached value.
    struct Probe {
        let history: HistoryFile
        let cache: DerivedCacheFile
        var built = 0
        var added = 0

        init(_ folder: TemporaryFolder) {
            history = HistoryFile(url: folder.file("history.jsonl"))
            cache = DerivedCacheFile(url: folder.file("cache/tally.cache"), kind: "tally-1")
        }

        mutating func derive(readsEverything: Bool = false) throws -> DerivedHistory<Tally> {
            let result = try cache.derive(
                from: history, readsEverything: readsEverything, empty: { Tally(builds: 1) },
                add: { tally, record in
                    tally.ids.append(record.id)
                    if tally.isCached { tally.addedToCached += 1 } else { tally.addedWhileBuilding += 1 }
                },
                merge: { tally, other in
                    tally.ids += other.ids
                    tally.addedWhileBuilding += other.addedWhileBuilding
                },
                payload: { try? Array(JSONEncoder().encode($0)) },
                value: { bytes in
                    guard var tally = try? JSONDecoder().decode(Tally.self, from: Data(bytes)) else { return nil }
                    tally.isCached = true
                    return tally
                })
            built = result.value.isCached ? 0 : result.value.addedWhileBuilding
            added = result.value.addedToCached
            return result
        }

        func appendRaw(_ text: String) throws {
            let handle = try FileHandle(forWritingTo: history.url)
            handle.seekToEndOfFile()
            handle.write(Data(text.utf8))
            try handle.close()
        }
    }

    @Test func theFirstReadBuildsFromTheHistoryAndTheNextUsesTheCache() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var probe = Probe(folder)
        let records = (0..<5).map { sampleRecord(minute: $0) }
        try probe.history.append(contentsOf: Array(records[0..<3]))
        try probe.appendRaw("{\"version\": 1, \"workout\": 5}\n")
        try probe.history.append(contentsOf: Array(records[3...]))

        let cold = try probe.derive()
        #expect(probe.built == 5 && probe.added == 0)
        #expect(cold.value == Tally(ids: records.map(\.id), builds: 1))
        #expect(cold.readWholeHistory)
        #expect(cold.problems.map(\.line) == [4])
        #expect(probe.cache.read() != nil)

        let warm = try probe.derive()
        #expect(probe.built == 0 && probe.added == 0, "neither built nor added to: read from the cache")
        #expect(!warm.readWholeHistory)
        #expect(warm.value == cold.value)
        #expect(warm.problems == cold.problems, "the bad line is reported again, with the same message")
    }

    @Test func onlyAppendedLinesAreAdded() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var probe = Probe(folder)
        try probe.history.append(contentsOf: (0..<4).map { sampleRecord(minute: $0) })
        _ = try probe.derive()
        let before = try #require(probe.cache.read())
        let added = [sampleRecord(minute: 10), sampleRecord(minute: 11)]
        try probe.history.append(added[0])
        try probe.appendRaw("{broken\n")
        try probe.history.append(added[1])

        let grown = try probe.derive()
        #expect(probe.built == 0 && probe.added == 2)
        #expect(grown.value.builds == 1 && grown.value.ids.suffix(2) == added.map(\.id)[...])
        #expect(grown.problems.map(\.line) == [6])
        let after = try #require(probe.cache.read())
        #expect(after.fingerprint.inode == before.fingerprint.inode && after.fingerprint.size > before.fingerprint.size)
        // What a rebuild finds, the grown value and the rewritten cache find too.
        let warm = try probe.derive()
        #expect(probe.built == 0 && probe.added == 0)
        try probe.cache.remove()
        let rebuilt = try probe.derive()
        #expect(probe.built == 6)
        #expect(rebuilt.value.ids == grown.value.ids && warm.value == grown.value)
        #expect(rebuilt.problems.map(\.description) == grown.problems.map(\.description))
    }

    @Test func aRewrittenHistoryIsReadWhole() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var probe = Probe(folder)
        let records = (0..<4).map { sampleRecord(minute: $0) }
        try probe.history.append(contentsOf: records)
        _ = try probe.derive()
        _ = try probe.history.removeSessions(withID: records[1].id)
        let after = try probe.derive()
        #expect(probe.built == 3 && probe.added == 0)
        #expect(after.value.ids == [records[0], records[2], records[3]].map(\.id))
    }

    @Test func readingEverythingReadsTheHistoryWholeAndStillWritesTheCache() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var probe = Probe(folder)
        let records = (0..<3).map { sampleRecord(minute: $0) }
        try probe.history.append(contentsOf: records)
        _ = try probe.derive()
        let whole = try probe.derive(readsEverything: true)
        #expect(probe.built == 3, "the cache is not used when every record is needed")
        #expect(whole.readWholeHistory && whole.value.ids == records.map(\.id))
        _ = try probe.derive()
        #expect(probe.built == 0, "and the next read may use it again")
    }

    @Test func aCacheThatIsNotTheValueIsRebuiltAndAnUnwritableOneIsNoError() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var probe = Probe(folder)
        try probe.history.append(contentsOf: (0..<3).map { sampleRecord(minute: $0) })
        _ = try probe.derive()
        var cached = try #require(probe.cache.read())
        cached.payload = Array("{\"version\": 99}".utf8)
        try probe.cache.write(cached)
        #expect(try probe.derive().value.ids.count == 3)
        #expect(probe.built == 3)
        for junk in [Data(), Data("garbage\n{}".utf8), Data(repeating: 0xFF, count: 100)] {
            try junk.write(to: probe.cache.url)
            #expect(try probe.derive().value.ids.count == 3)
            #expect(probe.built == 3)
            #expect(probe.cache.read() != nil, "rewritten")
        }
        try FileManager.default.removeItem(at: probe.cache.url)
        try FileManager.default.createDirectory(at: probe.cache.url, withIntermediateDirectories: true)
        #expect(try probe.derive().value.ids.count == 3)
    }

    @Test func noHistoryIsAnEmptyValueAndLeavesNoCache() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var probe = Probe(folder)
        let empty = try probe.derive()
        #expect(empty.value == Tally(ids: [], builds: 1) && empty.problems.isEmpty)
        #expect(probe.cache.read() == nil)
        try probe.history.append(sampleRecord(minute: 1))
        _ = try probe.derive()
        #expect(probe.cache.read() != nil)
        try FileManager.default.removeItem(at: probe.history.url)
        #expect(try probe.derive().value.ids.isEmpty, "a cache left from a removed history is not believed")
        #expect(probe.cache.read() == nil)
    }
}
