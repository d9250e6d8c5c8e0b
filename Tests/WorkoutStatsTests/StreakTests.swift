import Foundation
import Testing
import WorkoutModel
@testable import WorkoutStats

/// Streaks of days with a session and of weeks meeting the weekly goal (issue 16), from the
/// roll-up the statistics read, in fixed zones: DST days, New Year, 29 February, a zone a day
/// ahead of the viewer.
@Suite struct StreakTests {
    /// The streaks of sessions starting at `starts` (ISO 8601 with offsets) recorded in
    /// `zoneID`, seen from `viewer` at `now`.
    static func dayStreaks(_ starts: [String], in zoneID: String, viewer: String? = nil, now: String) throws -> Streaks {
        let records = try starts.map { try session($0, in: zoneID) }
        return Streaks.days(in: DailyRollup(records: records), context: try context(viewer ?? zoneID, now: now))
    }

    /// `count firstDay…lastDay`, or `none`.
    static func text(_ streak: Streak?) -> String {
        guard let streak else { return "none" }
        return "\(streak.count) \(streak.firstDay)…\(streak.lastDay)"
    }

    /// Sessions, now, and the current and longest day streak expected.
    static let dayCases: [(String, [String], String, String, String)] = [
        // Prague springs forward on 31 March 2024 (a 23-hour day): still three days in a row.
        ("spring forward, today has a session",
         ["2024-03-30T08:00:00+01:00", "2024-03-31T08:00:00+02:00", "2024-04-01T18:00:00+02:00"],
         "2024-04-01T20:00:00+02:00", "3 2024-03-30…2024-04-01", "3 2024-03-30…2024-04-01"),
        // Not broken before the day is over: through yesterday while today has none.
        ("spring forward, nothing yet today",
         ["2024-03-30T08:00:00+01:00", "2024-03-31T08:00:00+02:00", "2024-04-01T18:00:00+02:00"],
         "2024-04-02T23:59:00+02:00", "3 2024-03-30…2024-04-01", "3 2024-03-30…2024-04-01"),
        ("a whole day missed breaks it",
         ["2024-03-30T08:00:00+01:00", "2024-03-31T08:00:00+02:00", "2024-04-01T18:00:00+02:00"],
         "2024-04-03T00:01:00+02:00", "none", "3 2024-03-30…2024-04-01"),
        // Falling back on 27 October 2024 (25 hours): 02:30 CET, the second 02:30, is one day.
        ("fall back",
         ["2024-10-26T23:30:00+02:00", "2024-10-27T02:30:00+01:00", "2024-10-28T06:00:00+01:00"],
         "2024-10-28T07:00:00+01:00", "3 2024-10-26…2024-10-28", "3 2024-10-26…2024-10-28"),
        // 23:50 to 00:20 counts on the day it started only: 1 May, then a gap on 2 May.
        ("a session past midnight counts on its start day",
         ["2024-05-01T23:50:00+02:00", "2024-05-03T07:00:00+02:00"],
         "2024-05-03T08:00:00+02:00", "1 2024-05-03…2024-05-03", "1 2024-05-03…2024-05-03"),
        ("new year",
         ["2026-12-30T07:00:00+01:00", "2026-12-31T23:00:00+01:00", "2027-01-01T10:00:00+01:00"],
         "2027-01-02T09:00:00+01:00", "3 2026-12-30…2027-01-01", "3 2026-12-30…2027-01-01"),
        // Of two runs of the same length the latest is the longest shown.
        ("the latest of equal runs",
         ["2024-01-01T07:00:00+01:00", "2024-01-02T07:00:00+01:00", "2024-02-01T07:00:00+01:00", "2024-02-02T07:00:00+01:00"],
         "2024-03-01T07:00:00+01:00", "none", "2 2024-02-01…2024-02-02"),
        ("a longer past run stays the longest",
         ["2024-01-01T07:00:00+01:00", "2024-01-02T07:00:00+01:00", "2024-01-03T07:00:00+01:00", "2024-02-01T07:00:00+01:00"],
         "2024-02-01T09:00:00+01:00", "1 2024-02-01…2024-02-01", "3 2024-01-01…2024-01-03"),
        // 2028 is a leap year: 28 February, 29 February, 1 March are three days.
        ("29 February 2028",
         ["2028-02-28T07:00:00+01:00", "2028-02-29T07:00:00+01:00", "2028-03-01T07:00:00+01:00"],
         "2028-03-01T09:00:00+01:00", "3 2028-02-28…2028-03-01", "3 2028-02-28…2028-03-01"),
        // 2027 is not: 28 February and 1 March are consecutive.
        ("no 29 February in 2027",
         ["2027-02-28T07:00:00+01:00", "2027-03-01T07:00:00+01:00"],
         "2027-03-01T09:00:00+01:00", "2 2027-02-28…2027-03-01", "2 2027-02-28…2027-03-01"),
        ("several sessions a day count once",
         ["2024-06-01T07:00:00+02:00", "2024-06-01T18:00:00+02:00", "2024-06-02T07:00:00+02:00"],
         "2024-06-02T09:00:00+02:00", "2 2024-06-01…2024-06-02", "2 2024-06-01…2024-06-02"),
        ("no sessions", [], "2024-06-02T09:00:00+02:00", "none", "none"),
    ]

    @Test(arguments: dayCases)
    func dayStreaksInPrague(name: String, starts: [String], now: String, current: String, longest: String) throws {
        let streaks = try Self.dayStreaks(starts, in: "Europe/Prague", now: now)
        #expect(Self.text(streaks.current) == current, "\(name)")
        #expect(Self.text(streaks.longest) == longest, "\(name)")
    }

    /// Days are the stored local dates of the sessions, whatever the viewer's zone: a session
    /// in Pacific/Apia (UTC+13) on 11 June began on 10 June in New York, and is dated 11 June,
    /// tomorrow for a New York viewer on the evening of the 10th; the current run takes it in.
    @Test func aSessionDatedTomorrowWhereItTookPlaceExtendsTheCurrentRun() throws {
        let records = [
            try session("2024-06-08T07:00:00-04:00", in: "America/New_York"),
            try session("2024-06-09T07:00:00-04:00", in: "America/New_York"),
            try session("2024-06-10T07:00:00-04:00", in: "America/New_York"),
            try session("2024-06-11T08:00:00+13:00", in: "Pacific/Apia"),
        ]
        #expect(records[3].localDate.description == "2024-06-11")
        let rollup = DailyRollup(records: records)
        let evening = try context("America/New_York", now: "2024-06-10T22:00:00-04:00")
        let streaks = Streaks.days(in: rollup, context: evening)
        #expect(Self.text(streaks.current) == "4 2024-06-08…2024-06-11")
        // Seen from Apia it is already the 11th there: the same four days.
        let apia = Streaks.days(in: rollup, context: try context("Pacific/Apia", now: "2024-06-11T14:00:00+13:00"))
        #expect(Self.text(apia.current) == "4 2024-06-08…2024-06-11")
        // A session alone tomorrow, with nothing today or yesterday, is no current streak yet.
        let alone = DailyRollup(records: [try session("2024-06-11T08:00:00+13:00", in: "Pacific/Apia")])
        #expect(Streaks.days(in: alone, context: evening).current == nil)
    }

    @Test func theRollupAndTheDatesGiveTheSameStreaks() throws {
        let records = try generatedHistory(seed: 16, count: 600)
        let now = try context("Europe/Prague", now: "2025-12-31T12:00:00+01:00")
        let fromRollup = Streaks.days(in: DailyRollup(records: records), context: now)
        let fromDates = Streaks.days(records.map(\.localDate), today: now.today)
        #expect(fromRollup == fromDates)
        #expect((fromRollup.longest?.count ?? 0) >= 2)
    }

    // MARK: Weeks

    /// One session of `minutes` of work on each of `dates` (local dates in Prague at 07:00).
    static func rollup(_ dates: [String], minutes: Double = 30) throws -> DailyRollup {
        let records = try dates.map { date in
            let start = try #require(ISO8601DateFormatter().date(from: date + "T06:00:00Z"))
            return SessionRecord(id: UUID(), workout: "Run", kind: .intervals, start: start, end: start.addingTimeInterval(minutes * 60),
                                 timeZone: try zone("Europe/Prague"), workoutSeconds: minutes * 60, totalSeconds: minutes * 60,
                                 pausedSeconds: 0, rounds: 1, exercises: 1, weightKg: nil, kcal: nil)
        }
        return DailyRollup(records: records)
    }

    static let oneSession = WeeklyGoal(metric: .sessions, target: 1)

    /// Sunday 27 December 2026, Sunday 3 January 2027 and Saturday 9 January 2027: with weeks
    /// from Monday three weeks in a row across New Year (21–27 Dec, 28 Dec–3 Jan, 4–10 Jan);
    /// with weeks from Sunday two (27 Dec–2 Jan, 3–9 Jan).
    @Test(arguments: [
        (Profile.FirstWeekday.monday, "3 2026-12-21…2027-01-10"),
        (.sunday, "2 2026-12-27…2027-01-09"),
        (.saturday, "3 2026-12-26…2027-01-15"),
    ])
    func weeksFollowTheFirstWeekdayAcrossNewYear(firstWeekday: Profile.FirstWeekday, current: String) throws {
        let rollup = try Self.rollup(["2026-12-27", "2027-01-03", "2027-01-09"])
        let now = try context("Europe/Prague", now: "2027-01-09T20:00:00+01:00", firstWeekday: firstWeekday)
        let streaks = Streaks.weeks(meeting: Self.oneSession, in: rollup, context: now)
        #expect(Self.text(streaks.current) == current)
        #expect(streaks.longest == streaks.current)
    }

    @Test func thisWeekCountsOnlyOnceItMeetsTheGoal() throws {
        let twice = WeeklyGoal(metric: .sessions, target: 2)
        // Weeks from Monday: 2–8 Nov and 9–15 Nov met; 16–22 Nov (this week) has one so far.
        let rollup = try Self.rollup(["2026-11-03", "2026-11-05", "2026-11-10", "2026-11-14", "2026-11-17"])
        let wednesday = try context("Europe/Prague", now: "2026-11-18T12:00:00+01:00")
        let before = Streaks.weeks(meeting: twice, in: rollup, context: wednesday)
        #expect(Self.text(before.current) == "2 2026-11-02…2026-11-15")
        let progress = WeeklyGoalProgress(goal: twice, rollup: rollup, context: wednesday)
        #expect(progress.done == 1)
        #expect(!progress.isMet)
        #expect("\(progress.firstDay)…\(progress.lastDay)" == "2026-11-16…2026-11-22")
        // A second session this week: the week counts now.
        let after = Streaks.weeks(meeting: twice, in: try Self.rollup(["2026-11-03", "2026-11-05", "2026-11-10", "2026-11-14",
                                                                       "2026-11-17", "2026-11-18"]), context: wednesday)
        #expect(Self.text(after.current) == "3 2026-11-02…2026-11-22")
        // A whole week that missed the goal: no current streak, the longest stays.
        let later = Streaks.weeks(meeting: twice, in: rollup, context: try context("Europe/Prague", now: "2026-11-30T08:00:00+01:00"))
        #expect(later.current == nil)
        #expect(Self.text(later.longest) == "2 2026-11-02…2026-11-15")
    }

    @Test func aTimeGoalIsMetByWorkoutTimeReachingIt() throws {
        let goal = WeeklyGoal(metric: .time, target: 9000)  // 150 min
        // Five 30-minute sessions make exactly 150 min in 5–11 Oct; 4 × 30 min in 12–18 Oct.
        let rollup = try Self.rollup(["2026-10-05", "2026-10-06", "2026-10-07", "2026-10-08", "2026-10-09",
                                      "2026-10-12", "2026-10-13", "2026-10-14", "2026-10-15"])
        let now = try context("Europe/Prague", now: "2026-10-16T12:00:00+02:00")
        let streaks = Streaks.weeks(meeting: goal, in: rollup, context: now)
        #expect(Self.text(streaks.current) == "1 2026-10-05…2026-10-11")
        let progress = WeeklyGoalProgress(goal: goal, rollup: rollup, context: now)
        #expect(progress.done == 7200)
        #expect(abs(progress.fraction - 0.8) < 1e-12)
    }

    @Test func aSportGoalCountsThatSportsDistanceOnly() throws {
        let goal = WeeklyGoal(metric: .distance, target: 10_000, unit: .km, sport: "running")
        let records = [
            // 5–11 Oct: 20 km of cycling, 4 km of running.
            try multisport("2026-10-06T07:00:00+02:00", in: "Europe/Prague", legs: [("cycling", 20_000), ("running", 4000)]),
            // 12–18 Oct: 10 km of running.
            try multisport("2026-10-13T07:00:00+02:00", in: "Europe/Prague", legs: [("running", 10_000)]),
        ]
        let now = try context("Europe/Prague", now: "2026-10-14T12:00:00+02:00")
        let rollup = DailyRollup(records: records)
        let streaks = Streaks.weeks(meeting: goal, in: rollup, context: now)
        #expect(Self.text(streaks.current) == "1 2026-10-12…2026-10-18")
        #expect(Self.text(streaks.longest) == "1 2026-10-12…2026-10-18")
        #expect(WeeklyGoalProgress(goal: goal, rollup: rollup, context: now).done == 10_000)
        // The same distance without a sport: both weeks meet 10 km.
        let any = WeeklyGoal(metric: .distance, target: 10_000, unit: .km)
        #expect(Self.text(Streaks.weeks(meeting: any, in: rollup, context: now).current) == "2 2026-10-05…2026-10-18")
    }

    /// A week holding a spring-forward day (an hour short) is a week like any other: three
    /// Sundays in a row up to Prague's 31 March 2024 and New York's 10 March 2024.
    @Test(arguments: [("Europe/Prague", "2024-03-31T12:00:00+02:00"), ("America/New_York", "2024-03-10T12:00:00-04:00")])
    func weeksAcrossASpringForward(zoneID: String, now: String) throws {
        let day = try instant(now)
        let records = try (0..<3).map { weeks in
            try session(ISO8601DateFormatter().string(from: day.addingTimeInterval(-Double(weeks) * 7 * 86_400 - 3600)), in: zoneID)
        }
        let streaks = Streaks.weeks(meeting: Self.oneSession, in: DailyRollup(records: records), context: try context(zoneID, now: now))
        #expect(streaks.current?.count == 3)
    }

    // MARK: JSON

    @Test func statsJSONCarriesTheStreaksAndTheGoal() throws {
        let rollup = try Self.rollup(["2026-11-28", "2026-11-29", "2026-11-30"])
        let now = try context("Europe/Prague", now: "2026-12-01T09:00:00+01:00")
        let goal = WeeklyGoal(metric: .time, target: 9000, sport: "intervals")
        var report = try StatsReport(rollup: rollup, query: StatsQuery(), context: now)
        #expect(try report.jsonObject()["streaks"] == nil, "only when the caller adds them")
        report.streaks = StreakReport(rollup: rollup, goal: goal, context: now)
        let object = try report.jsonObject()
        let streaks = try #require(object["streaks"] as? [String: Any])
        let days = try #require(streaks["days"] as? [String: Any])
        #expect(days["current"] as? Int == 3)
        #expect(days["currentStart"] as? String == "2026-11-28")
        #expect(days["currentEnd"] as? String == "2026-11-30")
        #expect(days["longest"] as? Int == 3)
        #expect(days["longestStart"] as? String == "2026-11-28")
        let weeks = try #require(streaks["weeks"] as? [String: Any])
        #expect(weeks["current"] as? Int == 0)
        #expect(weeks["currentStart"] is NSNull)
        #expect(weeks["longest"] as? Int == 0)
        let goalObject = try #require(object["goal"] as? [String: Any])
        #expect(goalObject["metric"] as? String == "time")
        #expect(goalObject["target"] as? Double == 9000)
        #expect(goalObject["done"] as? Double == 1800)
        #expect(goalObject["met"] as? Bool == false)
        #expect(goalObject["sport"] as? String == "intervals")
        #expect(goalObject["unit"] == nil)
        #expect(goalObject["start"] as? String == "2026-11-30")
        #expect(goalObject["end"] as? String == "2026-12-06")

        report.streaks = StreakReport(rollup: rollup, goal: nil, context: now)
        let withoutGoal = try report.jsonObject()
        #expect(withoutGoal["goal"] is NSNull)
        #expect((withoutGoal["streaks"] as? [String: Any])?["weeks"] is NSNull)
    }
}
