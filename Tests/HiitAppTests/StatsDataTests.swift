import Foundation
import Testing
import WorkoutModel
import WorkoutStats
import WorkoutStore
@testable import HiitApp

/// `StatsData.load` and its roll-up cache: the same roll-up and the same reported bad lines
/// with the cache, without it, after an append, after a delete and with a broken cache file.
@Suite struct StatsDataTests {
    /// A data folder under the temporary directory, removed at the end of each test.
    struct Folder {
        let data: DataFolder
        init() throws {
            let url = FileManager.default.temporaryDirectory
                .appendingPathComponent("hiit-statsdata-\(UUID().uuidString)", isDirectory: true)
            data = DataFolder(url: url)
            try data.create()
        }
        func remove() { try? FileManager.default.removeItem(at: data.url) }
        var cache: DerivedCacheFile { StatsData.cacheFile(folder: data) }
    }

    /// Sessions on several days and hours, intervals and multisport with two sports.
    static func records(_ count: Int, from first: Int = 0) -> [SessionRecord] {
        (first..<first + count).map { n in
            let start = Date(timeIntervalSince1970: 1_767_225_600 + Double(n) * 37_000)  // from 2026-01-01
            let legs = n % 3 == 0 ? [] : [
                LegRecord(sport: "running", startSeconds: 0, elapsedSeconds: 1200, timerSeconds: 1180,
                          distanceMeters: 4000 + Double(n), kcal: 250.5, laps: [LapRecord(startSeconds: 0, elapsedSeconds: 600)]),
                LegRecord(sport: n % 2 == 0 ? "cycling" : "running", startSeconds: 1200, elapsedSeconds: 600,
                          timerSeconds: 600, distanceMeters: 5000, kcal: 100.25, laps: []),
            ]
            return SessionRecord(
                id: UUID(), workout: "W\(n)", kind: legs.isEmpty ? .intervals : .multisport, start: start,
                end: start.addingTimeInterval(1800), timeZone: TimeZone(identifier: "Europe/Berlin") ?? .gmt,
                workoutSeconds: 1500, totalSeconds: 1800, pausedSeconds: 0, rounds: 8, exercises: 1,
                weightKg: 70, kcal: 300.0 + Double(n) / 3, legs: legs)
        }
    }

    /// What a load without any cache gives (the reference).
    static func fresh(_ folder: Folder) throws -> (rollup: DailyRollup, problems: [String]) {
        try folder.cache.remove()
        let data = try StatsData.load(folder: folder.data)
        return (data.rollup, data.problems.map(\.description))
    }

    static func appendRaw(_ text: String, to folder: Folder) throws {
        let handle = try FileHandle(forWritingTo: folder.data.historyURL)
        handle.seekToEndOfFile()
        handle.write(Data(text.utf8))
        try handle.close()
    }

    @Test func cachedLoadEqualsLoadFromTheHistory() throws {
        let folder = try Folder()
        defer { folder.remove() }
        try folder.data.history.append(contentsOf: Self.records(40))
        try Self.appendRaw("{\"version\": 1, \"workout\": 5}\n", to: folder)
        try folder.data.history.append(contentsOf: Self.records(5, from: 40))
        let cold = try StatsData.load(folder: folder.data)
        #expect(cold.rollup.sessionCount == 45)
        #expect(cold.hourly == nil)
        #expect(cold.problems.map(\.line) == [41])
        #expect(folder.cache.read() != nil)
        let warm = try StatsData.load(folder: folder.data)
        #expect(warm.rollup == cold.rollup)
        #expect(warm.problems == cold.problems)
        let records = try folder.data.history.read().records
        #expect(cold.rollup == DailyRollup(records: records))
        // An hourly period reads every record into its report, through no cache.
        let context = StatsContext(timeZone: TimeZone(identifier: "Europe/Berlin") ?? .gmt,
                                   now: Date(timeIntervalSince1970: 1_768_000_000), firstWeekday: .monday)
        for period in [PeriodSpec.day, .last24Hours] {
            let query = StatsQuery(period: period, date: period == .day ? LocalDay("2026-01-05") : nil)
            let hourly = try StatsData.load(folder: folder.data, hourly: StatsReportBuilder(query: query, context: context))
            let expected = try StatsReport(records: records, query: query, context: context)
            #expect(try hourly.hourly?.jsonData() == expected.jsonData())
            #expect(expected.totals.sessions > 0, "the day has sessions")
            #expect(hourly.rollup == cold.rollup)
            #expect(hourly.problems == cold.problems)
        }
    }

    /// The warm path trusts the cache while the history is in the state it describes (the
    /// history itself is not read), and only then.
    @Test func cacheIsUsedOnlyForTheStateItDescribes() throws {
        let folder = try Folder()
        defer { folder.remove() }
        try folder.data.history.append(contentsOf: Self.records(10))
        _ = try StatsData.load(folder: folder.data)
        var cached = try #require(folder.cache.read())
        cached.payload = DailyRollup(records: Self.records(2)).binaryForm
        try folder.cache.write(cached)
        #expect(try StatsData.load(folder: folder.data).rollup.sessionCount == 2)
        // A rewrite (history delete) changes the file: the cache is not trusted any more.
        let id = try folder.data.history.read().records[0].id
        _ = try folder.data.history.removeSessions(withID: id)
        let rebuilt = try StatsData.load(folder: folder.data)
        #expect(rebuilt.rollup.sessionCount == 9)
        #expect(try rebuilt.rollup == Self.fresh(folder).rollup)
    }

    /// A cache written before the roll-up's cells had an ascent (format 2, kind
    /// `stats-rollup-2`) describing this very history is not read: the roll-up is rebuilt from
    /// the history, ascent included, and the cache rewritten in format 3 (issue #13).
    @Test func aCacheOfTheFormatWithoutAscentIsRebuilt() throws {
        let folder = try Folder()
        defer { folder.remove() }
        var records = Self.records(6)
        records[1].legs[0].ascentMeters = 123.4567
        try folder.data.history.append(contentsOf: records)
        _ = try StatsData.load(folder: folder.data)
        let current = try #require(folder.cache.read())
        // The same state, as the previous program wrote it: its kind and a version 2 payload.
        var old = current
        old.payload.replaceSubrange(0..<4, with: [2, 0, 0, 0])
        let oldFile = DerivedCacheFile(url: folder.cache.url, kind: "stats-rollup-2")
        try oldFile.write(old)
        #expect(StatsData.cacheKind == "stats-rollup-3")
        #expect(folder.cache.read() == nil, "a cache of another kind reads as no cache")
        let loaded = try StatsData.load(folder: folder.data)
        #expect(loaded.rollup == DailyRollup(records: records))
        #expect(loaded.rollup.totals(on: records[1].localDate, filter: .all).ascentMeters == 123.457)
        #expect(try #require(folder.cache.read()).payload.prefix(4) == [3, 0, 0, 0])
    }

    @Test func appendedSessionsAreAddedFromTheTail() throws {
        let folder = try Folder()
        defer { folder.remove() }
        try folder.data.history.append(contentsOf: Self.records(20))
        _ = try StatsData.load(folder: folder.data)
        let before = try #require(folder.cache.read())
        try folder.data.history.append(contentsOf: Self.records(7, from: 20))
        try Self.appendRaw("{broken\n", to: folder)
        try folder.data.history.append(contentsOf: Self.records(3, from: 27))
        let grown = try StatsData.load(folder: folder.data)
        #expect(grown.rollup.sessionCount == 30)
        #expect(grown.problems.map(\.line) == [28])
        let after = try #require(folder.cache.read())
        #expect(after.fingerprint.inode == before.fingerprint.inode)
        #expect(after.fingerprint.size > before.fingerprint.size)
        let reference = try Self.fresh(folder)
        #expect(grown.rollup == reference.rollup)
        #expect(grown.problems.map(\.description) == reference.problems)
        // And once more warm, from the rewritten cache.
        let warm = try StatsData.load(folder: folder.data)
        #expect(warm.rollup == reference.rollup)
        #expect(warm.problems.map(\.description) == reference.problems)
    }

    @Test func deleteMeansRebuild() throws {
        let folder = try Folder()
        defer { folder.remove() }
        let records = Self.records(15)
        try folder.data.history.append(contentsOf: records)
        let first = try StatsData.load(folder: folder.data)
        _ = try folder.data.history.removeSessions(withID: records[3].id)
        let after = try StatsData.load(folder: folder.data)
        #expect(after.rollup.sessionCount == first.rollup.sessionCount - 1)
        #expect(after.rollup == DailyRollup(records: records.enumerated().filter { $0.offset != 3 }.map(\.element)))
    }

    @Test func brokenCacheIsRebuiltAndNeverFailsTheStatistics() throws {
        let folder = try Folder()
        defer { folder.remove() }
        try folder.data.history.append(contentsOf: Self.records(12))
        let reference = try Self.fresh(folder)
        let cacheURL = folder.cache.url
        for junk in [Data(), Data("garbage\n{}".utf8), Data(repeating: 0xFF, count: 100)] {
            try junk.write(to: cacheURL)
            let data = try StatsData.load(folder: folder.data)
            #expect(data.rollup == reference.rollup)
            #expect(folder.cache.read() != nil)
        }
        // A cache whose payload is not a roll-up.
        var cached = try #require(folder.cache.read())
        cached.payload = Array("{\"version\": 99}".utf8)
        try folder.cache.write(cached)
        #expect(try StatsData.load(folder: folder.data).rollup == reference.rollup)
        // A cache that cannot be written (a folder in its place) is no error.
        try FileManager.default.removeItem(at: cacheURL)
        try FileManager.default.createDirectory(at: cacheURL, withIntermediateDirectories: true)
        #expect(try StatsData.load(folder: folder.data).rollup == reference.rollup)
    }

    @Test func missingHistoryIsEmptyAndLeavesNoCache() throws {
        let folder = try Folder()
        defer { folder.remove() }
        let data = try StatsData.load(folder: folder.data)
        #expect(data.rollup.sessionCount == 0)
        #expect(data.problems.isEmpty)
        #expect(folder.cache.read() == nil)
        // A cache left over from a removed history is not believed.
        try folder.data.history.append(contentsOf: Self.records(4))
        _ = try StatsData.load(folder: folder.data)
        try FileManager.default.removeItem(at: folder.data.historyURL)
        #expect(try StatsData.load(folder: folder.data).rollup.sessionCount == 0)
    }
}
