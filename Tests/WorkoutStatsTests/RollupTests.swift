import Foundation
import Testing
import WorkoutModel
@testable import WorkoutStats

/// The daily roll-up gives the same reports as the records (issue 5).
struct RollupTests {
    static let nows = [("Europe/Berlin", "2024-02-29T12:00:00+01:00"), ("America/Santiago", "2025-03-15T12:00:00-03:00"),
                       ("Europe/Berlin", "2024-10-27T02:30:00+01:00"), ("Australia/Lord_Howe", "2025-12-31T23:30:00+11:00"),
                       ("Asia/Kolkata", "2024-06-30T08:00:00+05:30")]

    @Test(arguments: nows)
    func rollupReportsEqualRecordReportsOnAGeneratedHistory(zoneID: String, now: String) throws {
        let history = try generatedHistory(seed: 2025, count: 1500)
        let rollup = DailyRollup(records: history)
        #expect(rollup.sessionCount == 1500)
        let specs: [PeriodSpec] = [.last7Days, .week, .month, .quarter, .year,
                                   .range(from: try day("2024-01-10"), to: try day("2024-01-30")),
                                   .range(from: try day("2023-11-10"), to: try day("2024-02-20")),
                                   .range(from: try day("2023-03-01"), to: try day("2024-06-30"))]
        let filters: [SessionFilter] = [.all, .intervals, .sport("running"), .sport("swimming"), .sport("transition")]
        do {
            let ctx = StatsContext(timeZone: try zone(zoneID), now: try instant(now), firstWeekday: .sunday)
            for spec in specs {
                for filter in filters {
                    for baseline in [Baseline.previous, .lastYear] {
                        for back in [0, 1] {
                            let query = StatsQuery(period: spec, back: back, baseline: baseline, metric: .distance, filter: filter)
                            let fromRecords = try StatsReport(records: history, query: query, context: ctx)
                            let fromRollup = try StatsReport(rollup: rollup, query: query, context: ctx)
                            #expect(fromRecords.buckets == fromRollup.buckets)
                            #expect(fromRecords.comparison == fromRollup.comparison)
                            #expect(try fromRecords.jsonData() == fromRollup.jsonData())
                        }
                    }
                }
            }
        }
    }

    @Test func rollupSurvivesItsBinaryFormIncrementalAddsAndMerges() throws {
        let history = try generatedHistory(seed: 99, count: 1200)
        let rollup = DailyRollup(records: history)
        let decoded = try DailyRollup(binaryForm: rollup.binaryForm)
        #expect(decoded == rollup)
        var incremental = DailyRollup(records: history.prefix(700))
        for record in history.dropFirst(700) { incremental.add(record) }
        #expect(incremental == rollup)
        let reversed = DailyRollup(records: history.reversed())
        #expect(reversed == rollup)
        // Parts rolled up apart (as a history read in parts at once) and merged, in any order;
        // then written, read back, and added to.
        var merged = DailyRollup(records: history[800...])
        merged.merge(DailyRollup(records: history[..<300]))
        var middle = DailyRollup(records: history[300..<500])
        middle.merge(DailyRollup(records: history[500..<800]))
        merged.merge(middle)
        #expect(merged == rollup)
        #expect(merged.sessionCount == 1200)
        #expect(try DailyRollup(binaryForm: merged.binaryForm) == rollup)
        var grown = try DailyRollup(binaryForm: merged.binaryForm)
        var added = merged
        let more = try generatedHistory(seed: 7, count: 50)
        for record in more {
            grown.add(record)
            added.add(record)
        }
        let reference = DailyRollup(records: history + more)
        #expect(grown == reference && added == reference)
        let ctx = try context("Europe/Berlin", now: "2024-02-29T12:00:00+01:00")
        for filter in [SessionFilter.all, .intervals, .sport("running")] {
            let query = StatsQuery(period: .range(from: try day("2023-01-01"), to: try day("2024-12-31")),
                                   metric: .distance, filter: filter)
            #expect(try StatsReport(rollup: merged, query: query, context: ctx).jsonData()
                    == StatsReport(records: history, query: query, context: ctx).jsonData())
        }
    }

    /// A report built record by record from parts of the history and merged (as a history read
    /// in parts at once) is the report of all the records, for every kind of period.
    @Test(arguments: [PeriodSpec.day, .last24Hours, .last7Days, .month, .year])
    func reportBuildersOfPartsMergeIntoTheWholeReport(period: PeriodSpec) throws {
        let history = try generatedHistory(seed: 5, count: 1500)
        let ctx = try context("Europe/Berlin", now: "2024-02-29T12:00:00+01:00")
        let query = StatsQuery(period: period, date: period == .last24Hours ? nil : try day("2024-02-20"),
                               baseline: .lastYear, metric: .distance)
        var first = try StatsReportBuilder(query: query, context: ctx)
        var second = try StatsReportBuilder(query: query, context: ctx)
        for (index, record) in history.enumerated() {
            if index % 3 == 0 { first.add(record) } else { second.add(record) }
        }
        first.merge(second)
        let whole = try StatsReport(records: history, query: query, context: ctx)
        #expect(try first.report.jsonData() == whole.jsonData())
        #expect(whole.totals.sessions + (whole.comparison?.totals.sessions ?? 0) > 0, "the period holds sessions")
    }

    @Test func rollupBinaryFormIsVersionedAndCompact() throws {
        let record = try multisport("2025-01-01T07:30:00+01:00", in: "Europe/Berlin", workout: "Run",
                                    legs: [("running", 5000.25)], minutes: 30, kcal: 300.5)
        let bytes = DailyRollup(records: [record]).binaryForm
        // version 2, 1 session; keys "all", "sport:running"; sport "running"; 2 cells: day 20089
        // (zigzag 40178), hour 7, key, 1 session, 1,800,000 ms twice (zigzag 3,600,000),
        // 300,500,000 µkcal (zigzag 601,000,000), one distance of 5,000,250 mm (zigzag 10,000,500).
        let cell: [UInt8] = [0xF2, 0xB9, 0x02, 7]
        let sums: [UInt8] = [1, 0x80, 0xDD, 0xDB, 0x01, 0x80, 0xDD, 0xDB, 0x01, 0xC0, 0x90, 0xCA, 0x9E, 0x02,
                             1, 0, 0xF4, 0xB0, 0xE2, 0x04]
        let expected: [UInt8] = [2, 1, 2, 3] + Array("all".utf8) + [13] + Array("sport:running".utf8)
            + [1, 7] + Array("running".utf8) + [2] + cell + [0] + sums + cell + [1] + sums
        #expect(bytes == expected)
    }

    @Test func brokenOrNewerRollupsAreRefused() throws {
        let good = try DailyRollup(records: [session("2025-01-01T07:30:00+01:00", in: "Europe/Berlin")]).binaryForm
        #expect(try DailyRollup(binaryForm: good).sessionCount == 1)
        var newer = good
        newer[0] = 3
        var older = good
        older[0] = 1
        var badHour = good
        let hourIndex = try #require(Self.indexOfHour(in: good))
        badHour[hourIndex] = 24
        var badKey = good
        badKey[hourIndex + 1] = 9
        let broken: [(String, [UInt8])] = [
            ("newer version", newer), ("older version", older), ("empty", []), ("cut short", Array(good.dropLast())),
            ("trailing byte", good + [0]), ("hour 24", badHour), ("key out of range", badKey),
            ("a varint longer than 64 bits", [2] + Array(repeating: 0xFF, count: 10) + [1]),
            ("a name that is not UTF-8", [2, 0, 1, 2, 0xC3, 0x28, 0, 0]),
            ("a count past the end", [2, 0, 0, 0, 0xFF, 0xFF, 0x03]),
        ]
        for (what, bytes) in broken {
            #expect(throws: DailyRollup.FormatError.self, "\(what)") { try DailyRollup(binaryForm: bytes) }
        }
        #expect(try DailyRollup(binaryForm: DailyRollup().binaryForm) == DailyRollup())
    }

    /// The offset of the first cell's hour in the binary form of a one-session interval roll-up
    /// (keys "all", "intervals", no sports; the first cell's day takes 3 bytes).
    static func indexOfHour(in bytes: [UInt8]) -> Int? {
        let header = 1 + 1 + 1 + (1 + 3) + (1 + 9) + 1 + 1  // version, count, keys, sports, cells
        return header + 3 < bytes.count ? header + 3 : nil
    }

    @Test func hourlyPeriodsNeedTheRecords() throws {
        let ctx = try context("UTC", now: "2025-01-01T12:00:00Z")
        #expect(throws: StatsError.hourlyPeriodNeedsRecords(period: "day")) {
            try StatsReport(rollup: DailyRollup(), query: StatsQuery(period: .day), context: ctx)
        }
        #expect(throws: StatsError.hourlyPeriodNeedsRecords(period: "24h")) {
            try StatsReport(rollup: DailyRollup(), query: StatsQuery(period: .last24Hours), context: ctx)
        }
    }

    @Test func dayTotalsAndDateRange() throws {
        let records = try [session("2025-01-01T07:30:00+01:00", in: "Europe/Berlin"),
                           session("2025-01-01T19:30:00+01:00", in: "Europe/Berlin", kcal: nil),
                           session("2025-01-03T07:30:00+01:00", in: "Europe/Berlin")]
        let rollup = DailyRollup(records: records)
        let totals = rollup.totals(on: try day("2025-01-01"), filter: .all)
        #expect(totals.sessions == 2)
        #expect(totals.kcal == 27.6)
        #expect(rollup.dateRange == (try day("2025-01-01"))...(try day("2025-01-03")))
        #expect(DailyRollup().dateRange == nil)
    }
}
