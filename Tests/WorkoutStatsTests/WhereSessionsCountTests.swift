import Foundation
import Testing
import WorkoutModel
@testable import WorkoutStats

/// What the README and `hiit help stats` say about where sessions count (issue 12, items 15
/// and 18): `day` by the wall-clock time recorded where the session took place, `24h` by its
/// start instant in the viewer's zone; a week against last year is the week 364 days back;
/// kcal is summed to the micro-kilocalorie.
struct WhereSessionsCountTests {
    /// A session at 07:00 in New York (12:00 UTC, 13:00 in Prague) on 28 November 2026.
    func newYorkMorning() throws -> SessionRecord {
        try session("2026-11-28T07:00:00-05:00", in: "America/New_York")
    }

    @Test func aNewYorkSessionViewedFromPragueIsAt0700InDayAndAt1300In24h() throws {
        let record = try newYorkMorning()
        let prague = try context("Europe/Prague", now: "2026-11-28T20:30:00+01:00")
        // `day`: the local date and hour recorded in New York.
        let day = try StatsReport(records: [record], query: StatsQuery(period: .day, date: try day("2026-11-28")), context: prague)
        #expect(day.sessions("07:00") == 1)
        #expect(day.sessions("13:00") == 0)
        #expect(day.totals.sessions == 1)
        // `24h`: a rolling window of real time, so the start instant in Prague's hours.
        let rolling = try StatsReport(records: [record], query: StatsQuery(period: .last24Hours), context: prague)
        #expect(rolling.sessions("13:00") == 1)
        #expect(rolling.sessions("07:00") == 0)
        #expect(rolling.totals.sessions == 1)
    }

    @Test func aLateNewYorkSessionIsOnItsNewYorkDateInDayAndOnThePragueDayIn24h() throws {
        // 22:30 on 27 November in New York is 04:30 on 28 November in Prague.
        let record = try session("2026-11-27T22:30:00-05:00", in: "America/New_York")
        let prague = try context("Europe/Prague", now: "2026-11-28T12:10:00+01:00")
        let the27th = try StatsReport(records: [record], query: StatsQuery(period: .day, date: try day("2026-11-27")),
                                      context: prague)
        #expect(the27th.sessions("22:00") == 1)
        let the28th = try StatsReport(records: [record], query: StatsQuery(period: .day, date: try day("2026-11-28")),
                                      context: prague)
        #expect(the28th.totals.sessions == 0)
        let rolling = try StatsReport(records: [record], query: StatsQuery(period: .last24Hours), context: prague)
        #expect(rolling.sessions("04:00") == 1)
    }

    @Test func aWeekAfterA53WeekYearIsComparedWithTheWeek364DaysBack() throws {
        // 2020 has 53 ISO weeks. 2021-W01 (Mon 4 – Sun 10 January 2021) goes 52 weeks back to
        // Mon 6 – Sun 12 January 2020, which is 2020-W02, not 2020-W01 (30 Dec 2019 – 5 Jan 2020)
        // nor 2020-W53 (28 Dec 2020 – 3 Jan 2021).
        let ctx = try context("UTC", now: "2021-03-01T12:00:00Z")
        let records = [
            try session("2020-01-01T08:00:00Z", in: "UTC"),   // 2020-W01
            try session("2020-01-08T08:00:00Z", in: "UTC"),   // 2020-W02
            try session("2020-01-09T08:00:00Z", in: "UTC"),   // 2020-W02
            try session("2020-12-30T08:00:00Z", in: "UTC"),   // 2020-W53
        ]
        let query = StatsQuery(period: .week, date: try day("2021-01-06"), baseline: .lastYear)
        let report = try StatsReport(records: records, query: query, context: ctx)
        #expect(report.period.firstDay.description == "2021-01-04")
        #expect(report.period.isoWeek?.year == 2021 && report.period.isoWeek?.week == 1)
        let baseline = try #require(report.comparison)
        #expect(baseline.firstDay.description == "2020-01-06")
        #expect(baseline.lastDay.description == "2020-01-12")
        #expect(baseline.firstDay.isoWeek.week == 2)
        #expect(baseline.totals.sessions == 2)
        // 2020-W53 itself goes back to 30 Dec 2019 – 5 Jan 2020: week 1 of its own year.
        let week53 = try StatsReport(records: records, query: StatsQuery(period: .week, date: try day("2020-12-30"),
                                                                         baseline: .lastYear), context: ctx)
        #expect(week53.period.isoWeek?.week == 53)
        #expect(week53.comparison?.firstDay.description == "2019-12-30")
        #expect(week53.comparison?.firstDay.isoWeek.year == 2020 && week53.comparison?.firstDay.isoWeek.week == 1)
        #expect(week53.comparison?.totals.sessions == 1)
    }

    @Test func kcalAreSummedToTheMicroKilocalorieEachSessionRoundedOnce() throws {
        // Stored unrounded in the records; the statistics add each session's value rounded to
        // 6 decimals (exact sums in any order, the roll-up equal to the records).
        let ctx = try context("UTC", now: "2026-11-30T12:00:00Z")
        let records = [
            try session("2026-11-29T08:00:00Z", in: "UTC", kcal: 27.123_456_4),
            try session("2026-11-29T09:00:00Z", in: "UTC", kcal: 10.000_000_4),
        ]
        let report = try StatsReport(records: records, query: StatsQuery(), context: ctx)
        // Unrounded the sum would be 37.1234568.
        #expect(report.totals.kcal == 37.123_456)
        let json = try report.jsonObject()
        let totals = try #require(json["totals"] as? [String: Any])
        #expect((totals["kcal"] as? Double) == 37.123_456)
        let fromRollup = try StatsReport(rollup: DailyRollup(records: records), query: StatsQuery(), context: ctx)
        #expect(fromRollup.totals == report.totals)
    }
}
