import Foundation
import Testing
import WorkoutModel
@testable import WorkoutStats

/// The running totals of `hiit stats --cumulative` (issue 17): fixed zones and "now", a leap
/// February against a 31-day January, a 30-day month against a 31-day one, a DST day.
@Suite struct CumulativeSeriesTests {
    /// Sessions of 160 s of work at 09:00 in Berlin on each date.
    static func history(_ dates: [String]) throws -> [SessionRecord] {
        try dates.map { date in
            let month = Int(date.split(separator: "-")[1]) ?? 1
            let offset = (4...10).contains(month) ? "+02:00" : "+01:00"
            return try session("\(date)T09:00:00\(offset)", in: "Europe/Berlin")
        }
    }

    static func series(_ dates: [String], query: StatsQuery, now: String) throws -> (CumulativeSeries, StatsReport) {
        let records = try history(dates)
        let context = try context("Europe/Berlin", now: now)
        let rollup = DailyRollup(records: records)
        let report = try StatsReport(rollup: rollup, query: query, context: context)
        return (CumulativeSeries(rollup: rollup, report: report), report)
    }

    @Test func alignsByStepIndexFoldingALongerBaselineIntoTheLastStep() {
        // January (31 days) beside a 29-day February: days 29–31 of January land on the last step.
        let january = (1...31).map(Double.init)
        let aligned = CumulativeSeries.aligned(january, steps: 29)
        #expect(aligned.count == 29)
        #expect(aligned[0] == 1 && aligned[27] == 28 && aligned[28] == 31)
        // February (28 days) beside March (31 days): flat at its total for the days it lacks.
        let february = (1...28).map(Double.init)
        #expect(Array(CumulativeSeries.aligned(february, steps: 31).suffix(4)) == [28, 28, 28, 28])
        #expect(CumulativeSeries.aligned([], steps: 3) == [0, 0, 0])
        #expect(CumulativeSeries.aligned([5], steps: 0) == [])
    }

    @Test func leapFebruaryAgainstJanuaryEndsAtBothTotals() throws {
        let (series, report) = try Self.series(["2024-01-01", "2024-01-31", "2024-02-01", "2024-02-29"],
                                              query: StatsQuery(period: .month, date: try day("2024-02-10")),
                                              now: "2024-03-05T12:00:00+01:00")
        #expect(series.steps == 29)
        #expect(series.current.count == 29, "a past month: every day")
        #expect(series.current.first?.value == 160)
        #expect(series.currentTotal == report.totals.workoutSeconds)
        #expect(series.current.last?.day == (try day("2024-02-29")))
        #expect(series.comparison?.count == 31)
        #expect(series.comparisonTotal == 320)
        #expect(series.alignedComparison.last == 320, "31 January folds into 29 February")
        #expect(series.alignedComparison[27] == 160)
        #expect(series.comparisonTitle == "January 2024")
        #expect(series.todayIndex == nil)
    }

    @Test func aMonthInProgressStopsAtTodayAndKnowsTheBaselineByTheSameDay() throws {
        let (series, report) = try Self.series(["2026-10-02", "2026-10-20", "2026-11-01", "2026-11-03"],
                                              query: StatsQuery(period: .month), now: "2026-11-15T12:00:00+01:00")
        #expect(series.steps == 30)
        #expect(series.current.count == 15, "1–15 November, not flat to the 30th")
        #expect(series.todayIndex == 14)
        #expect(series.currentTotal == report.totals.workoutSeconds)
        #expect(series.comparison?.count == 31, "the whole of October")
        #expect(series.comparisonAtToday == 160)
        #expect(series.comparisonTotal == 320)
    }

    @Test func aDayWhenTheClocksGoBackHasItsTwentyFiveHours() throws {
        let records = [try session("2024-10-27T02:30:00+02:00", in: "Europe/Berlin"),
                       try session("2024-10-27T02:30:00+01:00", in: "Europe/Berlin"),
                       try session("2024-10-26T08:00:00+02:00", in: "Europe/Berlin")]
        let context = try context("Europe/Berlin", now: "2024-10-28T12:00:00+01:00")
        let report = try StatsReport(records: records, query: StatsQuery(period: .day, date: try day("2024-10-27")), context: context)
        let series = CumulativeSeries(hourly: report)
        #expect(series.steps == 25)
        #expect(series.current.count == 25)
        #expect(series.currentTotal == 320)
        #expect(series.comparison?.count == 24, "the day before, by clock hour")
        #expect(series.comparisonTotal == 160)
        #expect(series.comparison?[7].value == 0 && series.comparison?[8].value == 160)
    }

    @Test func jsonHasBothSeries() throws {
        var (series, report) = try Self.series(["2026-11-01", "2026-10-02"], query: StatsQuery(period: .month),
                                               now: "2026-11-02T12:00:00+01:00")
        report.cumulative = series
        let object = try JSONSerialization.jsonObject(with: try report.jsonData()) as? [String: Any]
        let cumulative = try #require(object?["cumulative"] as? [String: Any])
        #expect(cumulative["metric"] as? String == "time")
        #expect(cumulative["unit"] as? String == "s")
        #expect(cumulative["step"] as? String == "day")
        #expect(cumulative["today"] as? String == "2026-11-02")
        let current = try #require(cumulative["current"] as? [[String: Any]])
        #expect(current.count == 2)
        #expect(current.first?["date"] as? String == "2026-11-01" && current.first?["value"] as? Double == 160)
        let comparison = try #require(cumulative["comparison"] as? [[String: Any]])
        #expect(comparison.count == 31)
        #expect(comparison.last?["date"] as? String == "2026-10-31" && comparison.last?["value"] as? Double == 160)
        series = CumulativeSeries(metric: .time, isHourly: false, steps: 0, current: [], comparison: nil,
                                  comparisonTitle: nil, todayIndex: nil)
        #expect(series.currentTotal == 0 && series.comparisonTotal == nil)
    }

    @Test func storedProfileWordsAreTheWordsStatsTakes() throws {
        for word in Profile.statsPeriodWords { #expect(try PeriodSpec(argument: word).argument == word) }
        for word in Profile.statsCompareWords { #expect(try Baseline(argument: word).rawValue == word) }
        #expect(Profile.isStatsPeriod("2026-01-01..2026-03-31"))
        #expect(!Profile.isStatsPeriod("2026-03-01..2026-01-31"))
        #expect(!Profile.isStatsPeriod("fortnight"))
    }
}
