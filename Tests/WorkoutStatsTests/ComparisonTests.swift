import Foundation
import Testing
import WorkoutModel
@testable import WorkoutStats

/// Comparisons with the previous period and the same period last year (DESIGN §4).
struct ComparisonTests {
    private func berlin(_ starts: [String]) throws -> [SessionRecord] {
        try starts.map { try session($0, in: "Europe/Berlin") }
    }

    @Test func monthInProgressOn15MarchNoonComparesWith1To15FebruaryNoon() throws {
        let records = try berlin(["2025-02-03T08:00:00+01:00", "2025-02-15T11:30:00+01:00",
                                  "2025-02-15T12:10:00+01:00", "2025-02-20T08:00:00+01:00",
                                  "2025-03-02T08:00:00+01:00", "2025-03-15T07:00:00+01:00"])
        let ctx = try context("Europe/Berlin", now: "2025-03-15T12:00:00+01:00")
        let report = try StatsReport(records: records, query: StatsQuery(period: .month), context: ctx)
        let (start, end, partial, sessions) = try window(report)
        #expect(start == "2025-02-01T00:00:00+01:00")
        #expect(end == "2025-02-15T12:00:00+01:00")
        #expect(partial == true)
        #expect(sessions == 2)
        #expect(report.totals.sessions == 2)
        #expect(report.comparison?.change(of: .sessions) == StatsChange(current: 2, baseline: 2))
        #expect(report.comparison?.change(of: .sessions).percent == 0)
        // Within the hour the cut stays at its start: 12:40 still compares up to 12:00.
        let later = try StatsReport(records: records, query: StatsQuery(period: .month),
                                    context: context("Europe/Berlin", now: "2025-03-15T12:40:00+01:00"))
        #expect(try window(later).1 == "2025-02-15T12:00:00+01:00")
    }

    @Test(arguments: ["2025-03-29T12:00:00+01:00", "2025-03-30T12:00:00+02:00", "2025-03-31T23:59:00+02:00"])
    func monthInProgressAfter28MarchComparesWithAllOfFebruary(now: String) throws {
        let records = try berlin(["2025-02-03T08:00:00+01:00", "2025-02-28T21:00:00+01:00", "2025-03-30T08:00:00+02:00"])
        let report = try StatsReport(records: records, query: StatsQuery(period: .month), context: context("Europe/Berlin", now: now))
        let (start, end, partial, sessions) = try window(report)
        #expect(start == "2025-02-01")
        #expect(end == "2025-02-28")
        #expect(partial == false)
        #expect(sessions == 2)
    }

    @Test func leapDayComparesWithTheSameHourOn28FebruaryLastYear() throws {
        let records = try berlin(["2023-02-10T08:00:00+01:00", "2023-02-28T11:00:00+01:00", "2023-02-28T13:00:00+01:00",
                                  "2023-02-21T09:00:00+01:00", "2024-02-29T08:00:00+01:00"])
        let ctx = try context("Europe/Berlin", now: "2024-02-29T12:00:00+01:00")
        let month = try StatsReport(records: records, query: StatsQuery(period: .month, baseline: .lastYear), context: ctx)
        let (start, end, partial, sessions) = try window(month)
        #expect(start == "2023-02-01T00:00:00+01:00")
        #expect(end == "2023-02-28T12:00:00+01:00")
        #expect(partial == true)
        #expect(sessions == 3)
        let week = try StatsReport(records: records, query: StatsQuery(period: .last7Days, baseline: .lastYear), context: ctx)
        let weekWindow = try window(week)
        #expect(weekWindow.0 == "2023-02-22T00:00:00+01:00")
        #expect(weekWindow.1 == "2023-02-28T12:00:00+01:00")
        #expect(weekWindow.3 == 1)
        let day = try StatsReport(records: records, query: StatsQuery(period: .day, baseline: .lastYear), context: ctx)
        #expect(try window(day).3 == 1)
        #expect(try window(day).1 == "2023-02-28T12:00:00+01:00")
    }

    @Test func leapDayPreviousMonthComparesWith29January() throws {
        let records = try berlin(["2024-01-29T11:00:00+01:00", "2024-01-29T12:00:00+01:00", "2024-01-30T08:00:00+01:00"])
        let ctx = try context("Europe/Berlin", now: "2024-02-29T12:00:00+01:00")
        let report = try StatsReport(records: records, query: StatsQuery(period: .month), context: ctx)
        #expect(try window(report).1 == "2024-01-29T12:00:00+01:00")
        #expect(try window(report).3 == 1)
    }

    @Test func quarterPastTheEndOfTheBaselineMonthTakesTheWholeMonth() throws {
        let records = try berlin(["2025-01-10T08:00:00+01:00", "2025-02-28T20:00:00+01:00", "2025-03-01T08:00:00+01:00"])
        let ctx = try context("Europe/Berlin", now: "2025-05-31T12:00:00+02:00")
        let report = try StatsReport(records: records, query: StatsQuery(period: .quarter), context: ctx)
        let (start, end, partial, sessions) = try window(report)
        #expect(start == "2025-01-01T00:00:00+01:00")
        #expect(end == "2025-03-01T00:00:00+01:00")
        #expect(partial == true)
        #expect(sessions == 2)
    }

    @Test func pastPeriodComparesWithTheWholeBaseline() throws {
        let records = try berlin(["2025-01-31T23:00:00+01:00", "2025-02-10T08:00:00+01:00", "2025-02-11T08:00:00+01:00"])
        let ctx = try context("Europe/Berlin", now: "2025-03-15T12:00:00+01:00")
        let report = try StatsReport(records: records, query: StatsQuery(period: .month, back: 1), context: ctx)
        let (start, end, partial, sessions) = try window(report)
        #expect(start == "2025-01-01")
        #expect(end == "2025-01-31")
        #expect(partial == false)
        #expect(sessions == 1)
        let change = try #require(report.comparison?.change(of: .sessions))
        #expect(change.difference == 1)
        #expect(change.percent == 100)
        #expect(!change.isNew)
    }

    @Test func previousWeekAndLastYearWeek() throws {
        let ctx = try context("America/New_York", now: "2025-01-01T12:00:00-05:00", firstWeekday: .sunday)
        let records = try ["2024-12-22T08:00:00-05:00", "2024-12-25T11:00:00-05:00", "2024-12-25T12:30:00-05:00",
                           "2023-12-31T08:00:00-05:00", "2024-01-03T09:00:00-05:00"]
            .map { try session($0, in: "America/New_York") }
        let previous = try StatsReport(records: records, query: StatsQuery(period: .week), context: ctx)
        #expect(try window(previous).0 == "2024-12-22T00:00:00-05:00")
        #expect(try window(previous).1 == "2024-12-25T12:00:00-05:00")
        #expect(try window(previous).3 == 2)
        #expect(previous.comparison?.change(of: .sessions).isNew == false)
        #expect(previous.comparison?.change(of: .sessions).difference == -2)
        #expect(previous.comparison?.change(of: .sessions).percent == -100)
        // Last year: 52 weeks back, Sunday 31 December 2023 – Saturday 6 January 2024 (the same
        // weekdays), elapsed 3 days + 12 h: both sessions of that week count.
        let lastYear = try StatsReport(records: records, query: StatsQuery(period: .week, baseline: .lastYear), context: ctx)
        #expect(try window(lastYear).0 == "2023-12-31T00:00:00-05:00")
        #expect(try window(lastYear).1 == "2024-01-03T12:00:00-05:00")
        #expect(try window(lastYear).3 == 2)
    }

    @Test func lastYearOfAWeekIsTheSameWeekNumber() throws {
        // Week 48 of 2026 (Monday 23 – Sunday 29 November) against week 48 of 2025 (24–30 November).
        let ctx = try context("Europe/Berlin", now: "2026-11-30T12:00:00+01:00", firstWeekday: .monday)
        let report = try StatsReport(records: [], query: StatsQuery(period: .week, back: 1, baseline: .lastYear), context: ctx)
        #expect(report.period.firstDay.description == "2026-11-23")
        #expect(report.comparison?.firstDay.description == "2025-11-24")
        #expect(report.comparison?.lastDay.description == "2025-11-30")
        #expect(report.comparison?.firstDay.isoWeek.week == report.period.firstDay.isoWeek.week)
    }

    @Test func changeIsNewOnlyWhenTheBaselineIsZero() {
        #expect(StatsChange(current: 3, baseline: 0) == StatsChange(current: 3, baseline: 0))
        let new = StatsChange(current: 3, baseline: 0)
        #expect(new.isNew && new.percent == nil && new.difference == 3)
        let none = StatsChange(current: 0, baseline: 0)
        #expect(!none.isNew && none.percent == nil && none.difference == 0)
        let up = StatsChange(current: 3, baseline: 2)
        #expect(!up.isNew && up.percent == 50 && up.difference == 1)
    }

    @Test func rollingDayComparesWithTheSameLengthBefore() throws {
        let ctx = try context("UTC", now: "2025-03-10T12:30:00Z")
        let records = try ["2025-03-08T13:00:00Z", "2025-03-09T11:00:00Z", "2025-03-09T12:10:00Z", "2025-03-10T10:00:00Z"]
            .map { try session($0, in: "UTC") }
        let report = try StatsReport(records: records, query: StatsQuery(period: .last24Hours), context: ctx)
        // Now: 13:00 yesterday to 12:30 today; before: the same 23.5 hours a day earlier.
        #expect(report.totals.sessions == 1)
        #expect(try window(report).0 == "2025-03-08T13:00:00+00:00")
        #expect(try window(report).1 == "2025-03-09T12:30:00+00:00")
        #expect(try window(report).3 == 3)
    }

    @Test func noBaselineGivesNullComparison() throws {
        let report = try StatsReport(records: [], query: StatsQuery(baseline: nil),
                                     context: context("UTC", now: "2025-03-10T12:30:00Z"))
        #expect(report.comparison == nil)
        #expect(try report.jsonObject()["comparison"] is NSNull)
    }
}
