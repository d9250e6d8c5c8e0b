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

    @Test func rollupSurvivesItsJSONFormAndIncrementalAdds() throws {
        let history = try generatedHistory(seed: 99, count: 1200)
        let rollup = DailyRollup(records: history)
        let data = try JSONEncoder().encode(rollup)
        let decoded = try JSONDecoder().decode(DailyRollup.self, from: data)
        #expect(decoded == rollup)
        var incremental = DailyRollup(records: history.prefix(700))
        for record in history.dropFirst(700) { incremental.add(record) }
        #expect(incremental == rollup)
        let reversed = DailyRollup(records: history.reversed())
        #expect(reversed == rollup)
    }

    @Test func rollupJSONIsVersionedAndCompact() throws {
        let record = try multisport("2025-01-01T07:30:00+01:00", in: "Europe/Berlin", workout: "Run",
                                    legs: [("running", 5000.25)], minutes: 30, kcal: 300.5)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let text = String(decoding: try encoder.encode(DailyRollup(records: [record])), as: UTF8.self)
        #expect(text == #"{"cells":"20250101,7,0,1,1800000,1800000,300500000,0,5000250;"#
                + #"20250101,7,1,1,1800000,1800000,300500000,0,5000250","keys":["all","sport:running"],"#
                + #""sessionCount":1,"sports":["running"],"version":1}"#)
    }

    @Test func brokenOrNewerRollupsAreRefused() throws {
        let newer = Data(#"{"cells":"","keys":[],"sessionCount":0,"sports":[],"version":2}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(DailyRollup.self, from: newer) }
        let badDate = Data(#"{"cells":"20250230,7,0,1,0,0,0","keys":["all"],"sessionCount":1,"sports":[],"version":1}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(DailyRollup.self, from: badDate) }
        let badKey = Data(#"{"cells":"20250101,7,3,1,0,0,0","keys":["all"],"sessionCount":1,"sports":[],"version":1}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(DailyRollup.self, from: badKey) }
        let badText = Data(#"{"cells":"20250101,7,0,1,0,0;x","keys":["all"],"sessionCount":1,"sports":[],"version":1}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(DailyRollup.self, from: badText) }
        let empty = Data(#"{"cells":"","keys":[],"sessionCount":0,"sports":[],"version":1}"#.utf8)
        #expect(try JSONDecoder().decode(DailyRollup.self, from: empty) == DailyRollup())
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
