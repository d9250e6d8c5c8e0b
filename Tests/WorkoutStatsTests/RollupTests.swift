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
        let filters: [SessionFilter] = [.all, .intervals, .sport("running"), .sport("swimming"), .sport("transition"),
                                        .sport("hiking"), .sport("hiit")]
        do {
            let ctx = StatsContext(timeZone: try zone(zoneID), now: try instant(now), firstWeekday: .sunday)
            for spec in specs {
                for filter in filters {
                    for baseline in [Baseline.previous, .lastYear] {
                        for back in [0, 1] {
                            // Ascent (and its best bucket) as well as distance, bit for bit.
                            let query = StatsQuery(period: spec, back: back, baseline: baseline,
                                                   metric: back == 0 ? .distance : .elevation, filter: filter)
                            let fromRecords = try StatsReport(records: history, query: query, context: ctx)
                            let fromRollup = try StatsReport(rollup: rollup, query: query, context: ctx)
                            #expect(fromRecords.buckets == fromRollup.buckets)
                            #expect(fromRecords.comparison == fromRollup.comparison)
                            #expect(try fromRecords.jsonData() == fromRollup.jsonData())
                            #expect(fromRecords.totals.ascentMeters == fromRollup.totals.ascentMeters)
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
        for filter in [SessionFilter.all, .intervals, .sport("running"), .sport("hiking")] {
            let query = StatsQuery(period: .range(from: try day("2023-01-01"), to: try day("2024-12-31")),
                                   metric: .elevation, filter: filter)
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

    @Test func rollupBinaryFormIsVersionedAndFixedWidth() throws {
        var record = try multisport("2025-01-01T07:30:00+01:00", in: "Europe/Berlin", workout: "Run",
                                    legs: [("running", 5000.25)], minutes: 30, kcal: 300.5)
        record.legs[0].ascentMeters = 87.6544
        let bytes = DailyRollup(records: [record]).binaryForm
        func le<T: FixedWidthInteger>(_ value: T) -> [UInt8] { withUnsafeBytes(of: value.littleEndian) { Array($0) } }
        func name(_ text: String) -> [UInt8] { le(UInt32(text.utf8.count)) + Array(text.utf8) }
        // Two cells, day 20089 (2025-01-01) at 07:00: key 0 "all" and key 1 "sport:running", one
        // session of 1,800,000 ms, 300,500,000 µkcal and 87,654 mm climbed (87.6544 m rounded to
        // the millimetre), one distance each: 5,000,250 mm running. 49 bytes a cell (version 3).
        func cell(key: UInt32) -> [UInt8] {
            le(Int32(20089)) + [7] + le(key) + le(Int32(1)) + le(Int64(1_800_000)) + le(Int64(1_800_000))
                + le(Int64(300_500_000)) + le(Int64(87_654)) + le(UInt32(1))
        }
        #expect(cell(key: 0).count == 49)
        let distance = le(UInt32(0)) + le(Int64(5_000_250))
        let expected: [UInt8] = le(UInt32(3)) + le(Int64(1)) + le(UInt32(2)) + name("all") + name("sport:running")
            + le(UInt32(1)) + name("running") + le(UInt32(2)) + cell(key: 0) + cell(key: 1) + distance + distance
        #expect(bytes == expected)
    }

    @Test func brokenOrNewerRollupsAreRefused() throws {
        let good = try DailyRollup(records: [session("2025-01-01T07:30:00+01:00", in: "Europe/Berlin")]).binaryForm
        #expect(try DailyRollup(binaryForm: good).sessionCount == 1)
        // version, sessions, keys "all" and "intervals", no sports, 2 cells: the first at byte 44.
        let firstCell = 4 + 8 + 4 + (4 + 3) + (4 + 9) + 4 + 4
        func changed(at offset: Int, to values: [UInt8]) -> [UInt8] {
            var bytes = good
            bytes.replaceSubrange(offset..<offset + values.count, with: values)
            return bytes
        }
        let broken: [(String, [UInt8])] = [
            ("newer version", changed(at: 0, to: [4])), ("older version", changed(at: 0, to: [1])),
            ("version 2, whose cells have no ascent", changed(at: 0, to: [2])),
            ("empty", []), ("cut short", Array(good.dropLast())), ("trailing byte", good + [0]),
            ("a negative session count", changed(at: 4, to: [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF])),
            ("a day before the year 1", changed(at: firstCell, to: [0x00, 0x00, 0x00, 0x80])),
            ("hour 24", changed(at: firstCell + 4, to: [24])),
            ("key out of range", changed(at: firstCell + 5, to: [9])),
            ("negative sessions in a cell", changed(at: firstCell + 9, to: [0xFF, 0xFF, 0xFF, 0xFF])),
            ("a distance that is not there", changed(at: firstCell + 45, to: [1])),
            ("a name that is not UTF-8", changed(at: 4 + 8 + 4 + 4, to: [0xC3, 0x28])),
            ("a count past the end", changed(at: 4 + 8, to: [0xFF, 0xFF, 0xFF, 0x7F])),
        ]
        for (what, bytes) in broken {
            #expect(throws: DailyRollup.FormatError.self, "\(what)") { try DailyRollup(binaryForm: bytes) }
        }
        #expect(try DailyRollup(binaryForm: DailyRollup().binaryForm) == DailyRollup())
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
