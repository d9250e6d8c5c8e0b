import Foundation
import Testing
import WorkoutModel
@testable import WorkoutStats

/// Periods and buckets: calendar days (23/24/25 h), weeks, months, labels (DESIGN §4).
struct PeriodTests {
    private func hours(_ bucket: StatsBucketSpan) -> Double { bucket.end.timeIntervalSince(bucket.start) / 3600 }

    @Test(arguments: [
        ("Europe/Berlin", "2024-03-31T12:00:00+02:00", 23.0),
        ("Europe/Berlin", "2024-10-27T12:00:00+01:00", 25.0),
        ("America/New_York", "2024-03-10T12:00:00-04:00", 23.0),
        ("America/New_York", "2024-11-03T12:00:00-05:00", 25.0),
        ("Australia/Lord_Howe", "2024-04-07T12:00:00+10:30", 24.5),
        ("Australia/Lord_Howe", "2024-10-06T12:00:00+11:00", 23.5),
        ("America/Santiago", "2024-09-08T12:00:00-03:00", 23.0),
        ("Asia/Kolkata", "2024-10-27T12:00:00+05:30", 24.0),
        ("UTC", "2024-10-27T12:00:00Z", 24.0),
    ])
    func sevenDaysHaveOneBucketPerDateWhateverItsLength(zoneID: String, now: String, todayHours: Double) throws {
        let ctx = try context(zoneID, now: now)
        let period = try StatsPeriod(.last7Days, context: ctx)
        #expect(period.buckets.count == 7)
        #expect(period.buckets.map(\.firstDay) == (0..<7).compactMap { ctx.today.adding(days: $0 - 6) })
        #expect(period.buckets.allSatisfy { $0.firstDay == $0.lastDay })
        #expect(hours(period.buckets[6]) == todayHours)
        for (a, b) in zip(period.buckets, period.buckets.dropFirst()) { #expect(a.end == b.start) }
        #expect(period.isInProgress)
        #expect(period.bucketsBegun == 7)
    }

    @Test func santiagoDayStartsAtOneInTheMorning() throws {
        let ctx = try context("America/Santiago", now: "2024-09-08T12:00:00-03:00")
        let period = try StatsPeriod(.last7Days, context: ctx)
        let today = period.buckets[6]
        #expect(today.label == "Sun 8 Sep")
        #expect(ctx.isoDateTime(today.start) == "2024-09-08T01:00:00-03:00")
        #expect(ctx.isoDateTime(today.end) == "2024-09-09T00:00:00-03:00")
        #expect(ctx.isoDateTime(period.buckets[5].start) == "2024-09-07T00:00:00-04:00")
        let day = try StatsPeriod(.day, context: ctx)
        #expect(day.buckets.count == 23)
        #expect(day.buckets.first?.label == "01:00")
        #expect(day.buckets.last?.label == "23:00")
    }

    @Test func springForwardDayHas23HourlyBucketsAndNoTwoOClock() throws {
        let ctx = try context("Europe/Berlin", now: "2024-03-31T12:00:00+02:00")
        let day = try StatsPeriod(.day, context: ctx)
        #expect(day.buckets.count == 23)
        #expect(Array(day.buckets.prefix(3).map(\.label)) == ["00:00", "01:00", "03:00"])
        #expect(day.buckets.allSatisfy { hours($0) == 1 })
        #expect(ctx.isoDateTime(day.buckets[2].start) == "2024-03-31T03:00:00+02:00")
    }

    @Test func fallBackDayHas25HourlyBucketsWithTheRepeatedHourLabelledApart() throws {
        let ctx = try context("Europe/Berlin", now: "2024-10-27T12:00:00+01:00")
        let day = try StatsPeriod(.day, context: ctx)
        #expect(day.buckets.count == 25)
        #expect(Array(day.buckets.prefix(5).map(\.label)) == ["00:00", "01:00", "02:00", "02:00 (2)", "03:00"])
        #expect(ctx.isoDateTime(day.buckets[2].start) == "2024-10-27T02:00:00+02:00")
        #expect(ctx.isoDateTime(day.buckets[3].start) == "2024-10-27T02:00:00+01:00")
        #expect(day.buckets.last?.label == "23:00")
        #expect(day.isInProgress)
        #expect(day.bucketsBegun == 14) // 00, 01, 02, 02 (2), 03 … 12
    }

    @Test func newYorkFallBackRepeatsOneOClock() throws {
        let ctx = try context("America/New_York", now: "2024-11-03T20:00:00-05:00")
        let day = try StatsPeriod(.day, context: ctx)
        #expect(Array(day.buckets.prefix(4).map(\.label)) == ["00:00", "01:00", "01:00 (2)", "02:00"])
        #expect(day.buckets.count == 25)
    }

    @Test func lordHoweHalfHourChangesCutHalfHourBuckets() throws {
        let autumn = try StatsPeriod(.day, context: context("Australia/Lord_Howe", now: "2024-04-07T12:00:00+10:30"))
        #expect(Array(autumn.buckets.prefix(4).map(\.label)) == ["00:00", "01:00", "01:30", "02:00"])
        #expect(autumn.buckets.count == 25)
        #expect(hours(autumn.buckets[2]) == 0.5)
        let spring = try StatsPeriod(.day, context: context("Australia/Lord_Howe", now: "2024-10-06T12:00:00+11:00"))
        #expect(Array(spring.buckets.prefix(4).map(\.label)) == ["00:00", "01:00", "02:30", "03:00"])
        #expect(spring.buckets.count == 24)
        #expect(hours(spring.buckets[2]) == 0.5)
    }

    @Test func kolkataHoursCarryTheHalfHourOffset() throws {
        let ctx = try context("Asia/Kolkata", now: "2025-01-15T09:10:00+05:30")
        let day = try StatsPeriod(.day, context: ctx)
        #expect(day.buckets.count == 24)
        #expect(ctx.isoDateTime(day.buckets[9].start) == "2025-01-15T09:00:00+05:30")
        #expect(day.bucketsBegun == 10)
    }

    @Test func rollingDayIsTheCurrentHourAndThe23Before() throws {
        let ctx = try context("Europe/Berlin", now: "2024-10-27T14:37:00+01:00")
        let period = try StatsPeriod(.last24Hours, context: ctx)
        #expect(period.buckets.count == 24)
        #expect(period.buckets.first?.label == "16:00")
        #expect(ctx.isoDateTime(period.start) == "2024-10-26T16:00:00+02:00")
        #expect(period.buckets.last?.label == "14:00")
        #expect(period.labelsContain(["02:00", "02:00 (2)"]))
        #expect(period.end == ctx.now)
        #expect(period.isInProgress)
    }

    @Test(arguments: [
        (Profile.FirstWeekday.monday, "2024-12-30", "2025-01-05", "Mon 30 Dec", "Week 1, 30 Dec 2024 – 5 Jan 2025"),
        (.sunday, "2024-12-29", "2025-01-04", "Sun 29 Dec", "Week 1, 29 Dec 2024 – 4 Jan 2025"),
        (.saturday, "2024-12-28", "2025-01-03", "Sat 28 Dec", "Week 1, 28 Dec 2024 – 3 Jan 2025"),
        (.system, "2024-12-30", "2025-01-05", "Mon 30 Dec", "Week 1, 30 Dec 2024 – 5 Jan 2025"),
    ])
    func weeksAroundNewYear2025(firstWeekday: Profile.FirstWeekday, first: String, last: String,
                                firstLabel: String, title: String) throws {
        let ctx = try context("UTC", now: "2025-01-01T12:00:00Z", firstWeekday: firstWeekday)
        let week = try StatsPeriod(.week, context: ctx)
        #expect(week.firstDay == (try day(first)))
        #expect(week.lastDay == (try day(last)))
        #expect(week.buckets.count == 7)
        #expect(week.buckets.first?.label == firstLabel)
        #expect(week.title == title)
        #expect(week.isoWeek?.year == 2025 && week.isoWeek?.week == 1)
        #expect(week.bucketsBegun == 1 + (try day(first)).days(to: ctx.today))
    }

    @Test func systemFirstWeekdayFollowsTheLocaleAndMondayWithoutOne() throws {
        let us = try context("UTC", now: "2025-01-01T12:00:00Z", firstWeekday: .system, locale: Locale(identifier: "en_US"))
        #expect(us.firstWeekday == 1)
        #expect(try StatsPeriod(.week, context: us).firstDay == (try day("2024-12-29")))
        let de = try context("UTC", now: "2025-01-01T12:00:00Z", firstWeekday: .system, locale: Locale(identifier: "de_DE"))
        #expect(de.firstWeekday == 2)
        let none = try context("UTC", now: "2025-01-01T12:00:00Z", firstWeekday: .system)
        #expect(none.firstWeekday == 2)
    }

    @Test func weekBeforeNewYearIsIsoWeek52() throws {
        let ctx = try context("UTC", now: "2025-01-01T12:00:00Z")
        let week = try StatsPeriod(.week, back: 1, context: ctx)
        #expect(week.firstDay == (try day("2024-12-23")))
        #expect(week.isoWeek?.year == 2024 && week.isoWeek?.week == 52)
        #expect(!week.isInProgress)
        #expect(week.bucketsBegun == 7)
    }

    @Test(arguments: [("2024-12-30", 2025, 1), ("2021-01-03", 2020, 53), ("2027-01-01", 2026, 53),
                      ("2026-01-01", 2026, 1), ("2025-12-29", 2026, 1)])
    func isoWeekNumbers(date: String, year: Int, week: Int) throws {
        let iso = try day(date).isoWeek
        #expect(iso.year == year && iso.week == week)
    }

    @Test func februaryHasFourBucketsIn2025AndFiveIn2024() throws {
        let ctx = try context("Europe/Berlin", now: "2025-02-10T12:00:00+01:00")
        let feb2025 = try StatsPeriod(.month, context: ctx)
        #expect(feb2025.buckets.map(\.label) == ["1–7", "8–14", "15–21", "22–28"])
        #expect(feb2025.title == "February 2025")
        let feb2024 = try StatsPeriod(.month, back: 12, context: ctx)
        #expect(feb2024.buckets.map(\.label) == ["1–7", "8–14", "15–21", "22–28", "29"])
        let march = try StatsPeriod(.month, containing: try day("2025-03-15"), context: ctx)
        #expect(march.buckets.map(\.label) == ["1–7", "8–14", "15–21", "22–28", "29–31"])
        #expect(march.buckets[4].firstDay == (try day("2025-03-29")))
        #expect(march.buckets[4].lastDay == (try day("2025-03-31")))
        #expect(march.bucketsBegun == 0)
        #expect(!march.isInProgress)
    }

    @Test func quarterAndYearHaveMonthlyBuckets() throws {
        let ctx = try context("Europe/Berlin", now: "2025-05-20T12:00:00+02:00")
        let quarter = try StatsPeriod(.quarter, context: ctx)
        #expect(quarter.buckets.map(\.label) == ["Apr", "May", "Jun"])
        #expect(quarter.title == "Q2 2025")
        #expect(quarter.bucketsBegun == 2)
        let previous = try StatsPeriod(.quarter, back: 1, context: ctx)
        let expected = (try day("2025-01-01"), try day("2025-03-31"))
        #expect(previous.firstDay == expected.0 && previous.lastDay == expected.1)
        let year = try StatsPeriod(.year, context: ctx)
        #expect(year.buckets.count == 12)
        #expect(year.buckets.last?.label == "Dec")
        #expect(year.bucketsBegun == 5)
    }

    @Test func rangesChooseDaysWeeksOrMonths() throws {
        let ctx = try context("UTC", now: "2025-06-01T12:00:00Z")
        let short = try StatsPeriod(try PeriodSpec(argument: "2025-01-01..2025-01-31"), context: ctx)
        #expect(short.buckets.count == 31)
        #expect(short.buckets.first?.label == "Wed 1 Jan")
        let weeks = try StatsPeriod(try PeriodSpec(argument: "2025-01-01..2025-02-15"), context: ctx)
        #expect(weeks.buckets.first?.label == "1–5 Jan")
        #expect(weeks.buckets[4].label == "27 Jan–2 Feb")
        #expect(weeks.buckets.last?.label == "10–15 Feb")
        let months = try StatsPeriod(try PeriodSpec(argument: "2024-11-15..2025-12-31"), context: ctx)
        #expect(months.buckets.first?.label == "Nov 2024")
        #expect(months.buckets.first?.firstDay == (try day("2024-11-15")))
        #expect(months.buckets.count == 14)
        let back = try StatsPeriod(try PeriodSpec(argument: "2025-01-11..2025-01-20"), back: 1, context: ctx)
        let expected = (try day("2025-01-01"), try day("2025-01-10"))
        #expect(back.firstDay == expected.0 && back.lastDay == expected.1)
    }

    @Test func badRequestsAreRefusedWithTheirWords() throws {
        let ctx = try context("UTC", now: "2025-06-01T12:00:00Z")
        #expect(throws: StatsError.badPeriod("fortnight")) { try PeriodSpec(argument: "fortnight") }
        #expect(throws: StatsError.badDate("2025-02-30")) { try PeriodSpec(argument: "2025-02-30..2025-03-01") }
        #expect(throws: StatsError.rangeEndsBeforeStart(from: "2025-03-02", to: "2025-03-01")) {
            try PeriodSpec(argument: "2025-03-02..2025-03-01")
        }
        #expect(throws: StatsError.negativeBack(-1)) { try StatsPeriod(.week, back: -1, context: ctx) }
        #expect(throws: StatsError.dateNotAllowed(period: "24h")) {
            try StatsPeriod(.last24Hours, containing: try day("2025-01-01"), context: ctx)
        }
        #expect(throws: StatsError.badMetric("steps")) { try Metric(argument: "steps") }
        #expect(throws: StatsError.badBaseline("yesterday")) { try Baseline(argument: "yesterday") }
        #expect(throws: StatsError.badSportFilter("run!")) { try SessionFilter(argument: "run!") }
        #expect(StatsError.badPeriod("fortnight").description
                == "'fortnight' is not a period: expected 7d, week, month, quarter, year, day, 24h or FROM..TO (YYYY-MM-DD..YYYY-MM-DD)")
        #expect(try SessionFilter(argument: "run") == .sport("running"))
        #expect(try SessionFilter(argument: "HIIT") == .intervals)
        #expect(throws: StatsError.badSportFilter("runing"), "a typo is refused, not a sport with no sessions") {
            try SessionFilter(argument: "runing")
        }
        #expect(try Baseline(argument: "last-year") == .lastYear)
    }

    /// The same period last year maps 29 February to 28 February (the rest of LocalDay's
    /// arithmetic is tested with it, in WorkoutModelTests).
    @Test func aYearEarlierThan29FebruaryIs28February() throws {
        #expect(LocalDay("2024-02-29")?.yearEarlier?.description == "2023-02-28")
    }
}

extension StatsPeriod {
    func labelsContain(_ labels: [String]) -> Bool {
        let all = buckets.map(\.label)
        return labels.allSatisfy(all.contains)
    }
}
