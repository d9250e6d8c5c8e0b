import Foundation
import Testing
import TerminalUI
import WorkoutModel
@testable import WorkoutStats
@testable import HiitApp

/// The weekly goal and the streaks in words (issue 16): amounts, the bar, what fits a width.
@Suite struct GoalTextTests {
    static func progress(_ goal: WeeklyGoal, done: Double) throws -> WeeklyGoalProgress {
        WeeklyGoalProgress(goal: goal, firstDay: try #require(LocalDay("2026-11-30")), lastDay: try #require(LocalDay("2026-12-06")),
                           done: done)
    }

    static let time = WeeklyGoal(metric: .time, target: 9000)

    @Test(arguments: [
        (WeeklyGoal(metric: .time, target: 9000), 5700.0, Profile.Units.metric, "95 of 150 min"),
        // Rounded down: 149 min 59 s is not yet 150.
        (WeeklyGoal(metric: .time, target: 9000), 8999.0, .metric, "149 of 150 min"),
        (WeeklyGoal(metric: .time, target: 7200), 7200.0, .metric, "120 of 120 min"),
        (WeeklyGoal(metric: .sessions, target: 4), 3.0, .metric, "3 of 4 sessions"),
        (WeeklyGoal(metric: .sessions, target: 1), 0.0, .metric, "0 of 1 session"),
        (WeeklyGoal(metric: .kcal, target: 2000), 1234.9, .metric, "~1234 of 2000 kcal"),
        (WeeklyGoal(metric: .distance, target: 40_000, unit: .km, sport: "running"), 12_390.0, .imperial, "12.3 of 40 km running"),
        (WeeklyGoal(metric: .distance, target: 25 * 1609.344, unit: .mi), 1609.344 * 3.05, .metric, "3 of 25 mi"),
        // A distance goal without a unit (written by hand) follows the profile's units.
        (WeeklyGoal(metric: .distance, target: 16_093.44), 0.0, .imperial, "0 of 10 mi"),
        (WeeklyGoal(metric: .sessions, target: 3, sport: "intervals"), 5.0, .metric, "5 of 3 sessions intervals"),
    ])
    func amountsReadAsTheGoalWasTyped(goal: WeeklyGoal, done: Double, units: Profile.Units, text: String) throws {
        #expect(GoalText.amounts(try Self.progress(goal, done: done), units: units) == text)
    }

    /// 1.5 % is one eighth of the first cell, which beside the bar's left end looked like a
    /// doubled border (found by a new-user check): it is drawn a quarter wide.
    @Test func aBarJustStartedIsNotASecondBorder() throws {
        #expect(GoalText.bar(try Self.progress(Self.time, done: 135), glyphs: .unicode) == "▕▎░░░░░░░░░▏")
        #expect(GoalText.bar(try Self.progress(Self.time, done: 0), glyphs: .unicode) == "▕░░░░░░░░░░▏")
        #expect(GoalText.bar(try Self.progress(Self.time, done: 270), glyphs: .unicode) == "▕▎░░░░░░░░░▏")
    }

    @Test func theLineHasABarAndAPercentage() throws {
        let progress = try Self.progress(Self.time, done: 5700)
        #expect(GoalText.progressLines(progress, units: .metric, glyphs: .unicode, width: 80)
            == ["Week 95 of 150 min ▕██████▎░░░▏ 63 %"])
        #expect(GoalText.progressLines(progress, units: .metric, glyphs: .ascii, width: 80)
            == ["Week 95 of 150 min [######----] 63 %"])
        let over = try Self.progress(Self.time, done: 10_800)
        #expect(GoalText.progressLines(over, units: .metric, glyphs: .unicode, width: 80)
            == ["Week 180 of 150 min ▕██████████▏ 120 %"])
        let none = try Self.progress(Self.time, done: 0)
        #expect(GoalText.progressLines(none, units: .metric, glyphs: .unicode, width: 80)
            == ["Week 0 of 150 min ▕░░░░░░░░░░▏ 0 %"])
    }

    @Test(arguments: [
        (36, ["Week 95 of 150 min ▕██████▎░░░▏ 63 %"]),
        (35, ["Week 95 of 150 min 63 %"]),
        (20, ["Week 95 of 150 min", "  63 %"]),
        (12, ["Week 95 of", "  150 min", "  63 %"]),
        // Narrower than a piece: each piece on a line of its own, never cut.
        (6, ["Week", "  95 of", "  150 min", "  63 %"]),
    ])
    func narrowTerminalsDropTheBarThenWrap(width: Int, lines: [String]) throws {
        #expect(GoalText.progressLines(try Self.progress(Self.time, done: 5700), units: .metric, glyphs: .unicode, width: width)
            == lines)
    }

    @Test func streaksSayTheLongestAndItsDates() throws {
        func streak(_ count: Int, _ first: String, _ last: String) throws -> Streak {
            Streak(count: count, firstDay: try #require(LocalDay(first)), lastDay: try #require(LocalDay(last)))
        }
        let march = try streak(12, "2026-03-03", "2026-03-14")
        #expect(GoalText.streakText("Streak", Streaks(current: try streak(5, "2026-11-26", "2026-11-30"), longest: march),
                                    unit: "day", glyphs: .unicode) == "Streak 5 days (longest 12, 3–14 Mar 2026)")
        #expect(GoalText.streakText("Streak", Streaks(current: march, longest: march), unit: "day", glyphs: .ascii)
            == "Streak 12 days (the longest, 3-14 Mar 2026)")
        #expect(GoalText.streakText("Streak", Streaks(current: nil, longest: try streak(1, "2026-02-28", "2026-02-28")),
                                    unit: "day", glyphs: .unicode) == "Streak 0 days (longest 1, 28 Feb 2026)")
        #expect(GoalText.streakText("Goal streak", Streaks(current: nil, longest: nil), unit: "week", glyphs: .unicode)
            == "Goal streak 0 weeks (none yet)")
        #expect(GoalText.streakText("Goal streak", Streaks(current: try streak(1, "2026-11-30", "2026-12-06"),
                                                           longest: try streak(1, "2026-11-30", "2026-12-06")),
                                    unit: "week", glyphs: .unicode) == "Goal streak 1 week (the longest, 30 Nov – 6 Dec 2026)")
    }

    @Test func theGoalIsDescribedWithWhatCounts() {
        #expect(GoalText.description(Self.time, units: .metric) == "150 min of workout time a week")
        #expect(GoalText.description(WeeklyGoal(metric: .distance, target: 40_000, unit: .km, sport: "running"), units: .metric)
            == "40 km a week, running only")
        #expect(GoalText.description(WeeklyGoal(metric: .sessions, target: 4, sport: "intervals"), units: .metric)
            == "4 sessions a week, interval workouts only")
        #expect(GoalText.description(WeeklyGoal(metric: .kcal, target: 2000), units: .metric) == "2000 kcal a week")
    }
}
