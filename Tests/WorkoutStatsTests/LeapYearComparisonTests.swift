import Foundation
import Testing
import WorkoutModel
@testable import WorkoutStats

/// One row of the comparison-window table: a zone, a local wall-clock time in it, a period, a
/// baseline and how many periods back.
struct WindowCase: Sendable, CustomTestStringConvertible {
    /// IANA zone name.
    let zone: String
    /// Local wall-clock time `YYYY-MM-DD HH:MM` (a time skipped by DST resolves as `Calendar` does).
    let now: String
    let kind: PeriodKind
    let baseline: Baseline
    let back: Int

    var testDescription: String { "\(zone) \(now) \(kind.rawValue) back \(back) --compare \(baseline.rawValue)" }
}

/// Comparison windows on and around 29 February, at the turn of a year and on DST days
/// (issue 12, items 13 and 14): every period × every baseline gives an ordered window of the
/// length the rule says, and never traps.
struct LeapYearComparisonTests {
    static let zones = ["UTC", "Europe/Prague", "America/New_York"]

    /// Around 29 February (2024 a leap year, 2025 not), the last day of 2023, and the DST days of
    /// Prague (2024-03-31, 2024-10-27, 2025-03-30) and New York (2024-03-10, 2024-11-03, 2025-03-09),
    /// each at 01:30, 02:30 (in the gap or the repeated hour where there is one) and 12:40.
    static let nows: [String] = {
        var nows = ["2024-02-28 12:40", "2024-02-29 00:30", "2024-02-29 12:40", "2024-02-29 23:50",
                    "2024-03-01 00:30", "2024-03-01 12:40", "2025-02-28 12:40", "2025-03-01 12:40",
                    "2023-12-31 12:40", "2023-12-31 23:50"]
        for date in ["2024-03-31", "2024-10-27", "2025-03-30", "2024-03-10", "2024-11-03", "2025-03-09"] {
            for time in ["01:30", "02:30", "12:40"] { nows.append("\(date) \(time)") }
        }
        return nows
    }()

    static let cases: [WindowCase] = zones.flatMap { zone in
        nows.flatMap { now in
            PeriodKind.allCases.flatMap { kind in
                Baseline.allCases.flatMap { baseline in
                    [0, 1].map { WindowCase(zone: zone, now: now, kind: kind, baseline: baseline, back: $0) }
                }
            }
        }
    }

    /// The instant of a local wall-clock time `YYYY-MM-DD HH:MM` in a zone.
    static func wallInstant(_ text: String, in zone: TimeZone) throws -> Date {
        let numbers = text.split { $0 == "-" || $0 == " " || $0 == ":" }.compactMap { Int($0) }
        try #require(numbers.count == 5, "wall time \(text)")
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return try #require(calendar.date(from: DateComponents(year: numbers[0], month: numbers[1], day: numbers[2],
                                                               hour: numbers[3], minute: numbers[4])),
                            "wall time \(text) in \(zone.identifier)")
    }

    static func wallContext(_ zoneID: String, wall: String) throws -> StatsContext {
        let tz = try zone(zoneID)
        return StatsContext(timeZone: tz, now: try wallInstant(wall, in: tz),
                            firstWeekday: zoneID == "America/New_York" ? .sunday : .monday)
    }

    /// The period spec of a kind; a range is the three days around today.
    static func spec(_ kind: PeriodKind, context: StatsContext) throws -> PeriodSpec {
        switch kind {
        case .day: return .day
        case .last24Hours: return .last24Hours
        case .last7Days: return .last7Days
        case .week: return .week
        case .month: return .month
        case .quarter: return .quarter
        case .year: return .year
        case .range:
            return .range(from: try #require(context.today.adding(days: -1)), to: try #require(context.today.adding(days: 1)))
        }
    }

    static func report(_ kind: PeriodKind, _ baseline: Baseline, back: Int = 0,
                       context: StatsContext) throws -> StatsReport {
        try StatsReport(records: [], query: StatsQuery(period: spec(kind, context: context), back: back, baseline: baseline),
                        context: context)
    }

    @Test(arguments: cases)
    func comparisonWindowIsOrderedAndHasTheRuleLength(_ row: WindowCase) throws {
        let ctx = try Self.wallContext(row.zone, wall: row.now)
        let report = try Self.report(row.kind, row.baseline, back: row.back, context: ctx)
        let period = report.period
        let comparison = try #require(report.comparison)
        // Ordered, wholly before the period, dates ordered (an empty partial window aside).
        #expect(comparison.start <= comparison.end)
        #expect(comparison.end <= period.start)
        #expect(comparison.firstDay <= comparison.lastDay || comparison.start == comparison.end)

        let calendar = ctx.calendar
        if row.kind == .last24Hours {
            // The same length as the period, ending 24 hours earlier (previous) or at the period's
            // end moved back a calendar year (29 February → 28 February).
            #expect(comparison.end.timeIntervalSince(comparison.start) == period.end.timeIntervalSince(period.start))
            let end = row.baseline == .previous
                ? period.end.addingTimeInterval(-86_400)
                : try #require(calendar.date(byAdding: .year, value: -1, to: period.end))
            #expect(comparison.end == end)
            return
        }
        if !period.isHourly {
            let fromRollup = try StatsReport(rollup: DailyRollup(), query: StatsQuery(
                period: Self.spec(row.kind, context: ctx), back: row.back, baseline: row.baseline), context: ctx)
            #expect(fromRollup.comparison == comparison)
        }
        #expect(comparison.start == ctx.startOfDay(comparison.firstDay))
        let days = period.firstDay.days(to: period.lastDay) + 1
        if !period.isInProgress {
            #expect(!comparison.isPartial)
            #expect(comparison.end == ctx.startOfDay(try #require(comparison.lastDay.adding(days: 1))))
            let baselineDays = comparison.firstDay.days(to: comparison.lastDay) + 1
            switch (row.kind, row.baseline) {
            case (.month, _), (.quarter, _), (.year, _):
                let months = row.kind == .month ? 1 : row.kind == .quarter ? 3 : 12
                #expect(comparison.firstDay.day == 1)
                #expect(comparison.lastDay == comparison.lastDay.lastOfMonth)
                #expect(comparison.firstDay.adding(months: months - 1)?.lastOfMonth == comparison.lastDay)
                if row.baseline == .lastYear { #expect(comparison.firstDay == period.firstDay.yearEarlier) }
            case (.range, .lastYear):
                #expect(comparison.firstDay == period.firstDay.yearEarlier)
                #expect(comparison.lastDay == period.lastDay.yearEarlier)
            default:
                #expect(baselineDays == days)
            }
            return
        }
        // In progress: cut at the start of now's local clock hour on the baseline's matching date.
        let hour = ctx.localHour(of: ctx.now)
        switch (row.kind, row.baseline) {
        case (.month, .previous), (.quarter, .previous):
            break // months and day of month; see ComparisonTests
        case (.week, .lastYear), (.last7Days, .previous), (.week, .previous), (.day, .previous), (.range, .previous):
            let cutDay = try #require(comparison.firstDay.adding(days: period.firstDay.days(to: ctx.today)))
            #expect(comparison.end == ctx.instant(of: cutDay, hour: hour))
            #expect(comparison.isPartial)
        default:
            // Last year, and `year` against the previous year: the date a year earlier.
            let cutDay = try #require(ctx.today.yearEarlier)
            #expect(comparison.end == ctx.instant(of: cutDay, hour: hour))
            #expect(comparison.isPartial)
        }
    }

    /// Item 14: `year` with `--compare previous` and with `--compare last-year` name the same
    /// baseline year, so they give the same window.
    @Test(arguments: zones, nows)
    func yearAgainstThePreviousYearIsTheSameWindowAsLastYear(zoneID: String, wall: String) throws {
        let ctx = try Self.wallContext(zoneID, wall: wall)
        for back in [0, 1] {
            let previous = try #require(try Self.report(.year, .previous, back: back, context: ctx).comparison)
            let lastYear = try #require(try Self.report(.year, .lastYear, back: back, context: ctx).comparison)
            #expect(previous.start == lastYear.start)
            #expect(previous.end == lastYear.end)
            #expect(previous.firstDay == lastYear.firstDay)
            #expect(previous.lastDay == lastYear.lastDay)
            #expect(previous.isPartial == lastYear.isPartial)
        }
    }

    /// Item 14 written out: on 29 February 2024 12:40 UTC both ways compare 1 January 2023 00:00
    /// up to 28 February 2023 12:00.
    @Test(arguments: [Baseline.previous, .lastYear])
    func leapDayYearComparesUpTo28FebruaryNoon(baseline: Baseline) throws {
        let records = try ["2023-01-05T08:00:00Z", "2023-02-28T11:30:00Z", "2023-02-28T12:10:00Z",
                           "2023-03-01T08:00:00Z", "2024-02-29T08:00:00Z"].map { try session($0, in: "UTC") }
        let ctx = try context("UTC", now: "2024-02-29T12:40:00Z")
        let report = try StatsReport(records: records, query: StatsQuery(period: .year, baseline: baseline), context: ctx)
        let (start, end, partial, sessions) = try window(report)
        #expect(start == "2023-01-01T00:00:00+00:00")
        #expect(end == "2023-02-28T12:00:00+00:00")
        #expect(partial == true)
        #expect(sessions == 2)
    }

    /// Item 13 written out: `24h --compare last-year` on 29 February 2024 12:40 UTC (the window
    /// 28 February 13:00 – 29 February 12:40) compares with the same 23 h 40 min ending on
    /// 28 February 2023 12:40; on 1 March with the 23 h 40 min ending on 1 March 2023 12:40.
    @Test(arguments: [("2024-02-29T12:40:00Z", "2023-02-27T13:00:00+00:00", "2023-02-28T12:40:00+00:00", 2),
                      ("2024-03-01T12:40:00Z", "2023-02-28T13:00:00+00:00", "2023-03-01T12:40:00+00:00", 1),
                      ("2025-03-01T12:40:00Z", "2024-02-29T13:00:00+00:00", "2024-03-01T12:40:00+00:00", 1)])
    func rollingDayLastYearKeepsItsLength(now: String, start: String, end: String, sessions: Int) throws {
        let records = try ["2023-02-27T12:50:00Z", "2023-02-27T13:10:00Z", "2023-02-28T12:30:00Z",
                           "2023-02-28T12:50:00Z", "2023-03-01T12:30:00Z", "2024-02-29T09:00:00Z",
                           "2024-02-29T13:30:00Z"]
            .map { try session($0, in: "UTC") }
        let ctx = try context("UTC", now: now)
        let report = try StatsReport(records: records, query: StatsQuery(period: .last24Hours, baseline: .lastYear),
                                     context: ctx)
        let comparison = try #require(report.comparison)
        let length: TimeInterval = 23 * 3600 + 40 * 60
        #expect(comparison.end.timeIntervalSince(comparison.start) == length)
        let (s, e, partial, count) = try window(report)
        #expect(s == start)
        #expect(e == end)
        #expect(partial == true)
        #expect(count == sessions)
    }
}
