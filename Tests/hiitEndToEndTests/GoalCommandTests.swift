import Foundation
import Testing
import TestSupport
import WorkoutModel
@testable import HiitApp

/// `hiit goal` and the streaks and weekly goal on `hiit stats` and at the end of `hiit run`
/// (issue 16), as a person uses them. What depends on today runs in-process through the
/// binary's entry point (``CommandTree/main(arguments:environment:console:now:)``) with a fixed
/// "now"; the rest runs the built binary in a sandbox.
@Suite struct GoalCommandTests {
    /// The environment of every run: Prague, 80 columns, no colours, a UTF-8 locale.
    static let environment = ["TZ": "Europe/Prague", "COLUMNS": "80", "NO_COLOR": "1", "LANG": "C.UTF-8"]

    /// Thursday 3 December 2026, 18:00 in Prague.
    static let thursday = Date(timeIntervalSince1970: 1_796_317_200)

    /// A 30-minute interval session at 07:00 in Prague on a local date (winter, UTC+1).
    static func session(_ n: Int, _ date: String) -> SessionRecord {
        let day = localDay(date)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Prague") ?? calendar.timeZone
        let start = calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day, hour: 7)) ?? Date.distantPast
        return SessionRecord(
            id: numberedID(n, group: 16), workout: "Circuit", kind: .intervals, start: start, end: start.addingTimeInterval(1800),
            timeZone: "Europe/Prague", utcOffsetSeconds: 3600, localDate: day, workoutSeconds: 1800, totalSeconds: 1800,
            pausedSeconds: 0, rounds: 6, exercises: 5, weightKg: nil, kcal: nil)
    }

    /// 16–20 November (150 min), 23–27 November (150 min), 30 November – 2 December (90 min so
    /// far this week): days in a row 5, 5 and 3 (through yesterday, Wednesday); weeks from
    /// Monday meeting 150 min: the two before this one.
    static let history = ["2026-11-16", "2026-11-17", "2026-11-18", "2026-11-19", "2026-11-20",
                          "2026-11-23", "2026-11-24", "2026-11-25", "2026-11-26", "2026-11-27",
                          "2026-11-30", "2026-12-01", "2026-12-02"].enumerated().map { session($0.offset, $0.element) }

    static func sandbox(profile: String? = nil, history: [SessionRecord] = history) throws -> E2ESandbox {
        let box = try E2ESandbox(environment: environment)
        try box.writeHistory(try jsonLines(history))
        if let profile { try box.writeProfile(Data(profile.utf8)) }
        return box
    }

    /// `hiit arguments…` in this process as of `now`.
    static func run(_ box: E2ESandbox, _ arguments: [String], now: Date = thursday) -> (status: Int32, stdout: [String], stderr: String) {
        let capture = ConsoleCapture()
        let status = CommandTree.main(arguments: arguments, environment: box.environment(), console: Console(capture: capture),
                                      now: now)
        return (status, capture.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).dropLast(),
                capture.stderr)
    }

    static let timeGoal = #"{"version": 1, "firstWeekday": "monday", "weeklyGoal": {"metric": "time", "target": 9000}}"#

    // MARK: As of a fixed today

    @Test func statsEndsWithTheStreakTheWeeksBarAndTheGoalStreak() throws {
        let box = try Self.sandbox(profile: Self.timeGoal)
        let run = Self.run(box, ["stats"])
        #expect(run.status == 0, "\(run)")
        #expect(run.stderr.isEmpty, "\(run)")
        #expect(Array(run.stdout.suffix(4)) == [
            "",
            "Streak 3 days (longest 5, 23–27 Nov 2026)",
            "Week 90 of 150 min ▕██████░░░░▏ 60 %",
            "Goal streak 2 weeks (the longest, 16–29 Nov 2026)",
        ], "\(run)")
        #expect(run.stdout.allSatisfy { $0.displayWidth <= 80 && !$0.hasSuffix(" ") })
        // A session today: four days, and this week reaches 120 of 150 min.
        let today = try Self.sandbox(profile: Self.timeGoal, history: Self.history + [Self.session(99, "2026-12-03")])
        #expect(Array(Self.run(today, ["stats", "month"]).stdout.suffix(3)) == [
            "Streak 4 days (longest 5, 23–27 Nov 2026)",
            "Week 120 of 150 min ▕████████░░▏ 80 %",
            "Goal streak 2 weeks (the longest, 16–29 Nov 2026)",
        ])
        // Tuesday after: Thursday and Friday were missed, the last week fell short of the goal.
        let later = Self.run(box, ["stats"], now: Self.thursday.addingTimeInterval(5 * 86_400))
        #expect(Array(later.stdout.suffix(3)) == [
            "Streak 0 days (longest 5, 23–27 Nov 2026)",
            "Week 0 of 150 min ▕░░░░░░░░░░▏ 0 %",
            "Goal streak 0 weeks (longest 2, 16–29 Nov 2026)",
        ], "\(later)")
    }

    /// Weeks from Sunday: 15–21, 22–28 November met, 29 November – 5 December in progress.
    @Test func weeksStartOnTheProfilesFirstWeekday() throws {
        let box = try Self.sandbox(profile: #"{"version": 1, "firstWeekday": "sunday", "weeklyGoal": {"metric": "time", "target": 9000}}"#)
        let run = Self.run(box, ["goal"])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout == [
            "Weekly goal: 150 min of workout time a week.",
            "Week 90 of 150 min ▕██████░░░░▏ 60 %",
            "This week: 29 Nov – 5 Dec 2026 (weeks start on Sunday).",
            "Goal streak 2 weeks (the longest, 15–28 Nov 2026)",
        ], "\(run)")
    }

    @Test func withoutAGoalStatsShowsTheDayStreakOnly() throws {
        let box = try Self.sandbox()
        let run = Self.run(box, ["stats", "week"])
        #expect(run.stdout.last == "Streak 3 days (longest 5, 23–27 Nov 2026)", "\(run)")
        #expect(!run.stdout.contains { $0.hasPrefix("Week ") && $0.contains(" of ") })
        let json = try #require(try JSONSerialization.jsonObject(with: Data(Self.run(box, ["stats", "--json"]).stdout.joined().utf8))
            as? [String: Any])
        #expect(json["goal"] is NSNull)
        let streaks = try #require(json["streaks"] as? [String: Any])
        #expect(streaks["weeks"] is NSNull)
        #expect((streaks["days"] as? [String: Any])?["current"] as? Int == 3)
    }

    @Test func statsJSONHasTheStreaksAndTheGoal() throws {
        let box = try Self.sandbox(profile: #"{"version": 1, "weeklyGoal": {"metric": "distance", "target": 40000, "unit": "km", "sport": "running"}}"#)
        let run = Self.run(box, ["stats", "month", "--date", "2026-02-15", "--json"])
        #expect(run.status == 0, "\(run)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.joined().utf8)) as? [String: Any])
        // As of today, whatever the period shown.
        let days = try #require((json["streaks"] as? [String: Any])?["days"] as? [String: Any])
        #expect(days["current"] as? Int == 3)
        #expect(days["currentStart"] as? String == "2026-11-30")
        #expect(days["currentEnd"] as? String == "2026-12-02")
        #expect(days["longest"] as? Int == 5)
        #expect(days["longestStart"] as? String == "2026-11-23")
        #expect(days["longestEnd"] as? String == "2026-11-27")
        let weeks = try #require((json["streaks"] as? [String: Any])?["weeks"] as? [String: Any])
        #expect(weeks["current"] as? Int == 0)
        #expect(weeks["longest"] as? Int == 0)
        let goal = try #require(json["goal"] as? [String: Any])
        #expect(goal["metric"] as? String == "distance")
        #expect(goal["target"] as? Double == 40_000)
        #expect(goal["done"] as? Double == 0, "no running this week")
        #expect(goal["sport"] as? String == "running")
        #expect(goal["unit"] as? String == "km")
        #expect(goal["start"] as? String == "2026-11-30")
        #expect(goal["end"] as? String == "2026-12-06")
        #expect(goal["met"] as? Bool == false)
    }

    // MARK: The command, with the binary

    @Test func aGoalIsSetShownAndClearedInTheProfile() throws {
        let box = try Self.sandbox(history: [])
        #expect(try box.run(["profile", "--weight", "70"]).status == 0)
        let set = try box.run(["goal", "--weekly", "4", "sessions"])
        #expect(set.status == 0, "\(set)")
        #expect(set.stdoutLines.prefix(2) == ["Saved the weekly goal: 4 sessions a week.", "Week 0 of 4 sessions ▕░░░░░░░░░░▏ 0 %"],
                "\(set)")
        let stored = try String(contentsOf: box.profileURL, encoding: .utf8)
        #expect(stored.contains("\"weeklyGoal\" : {\n    \"metric\" : \"sessions\",\n    \"target\" : 4\n  }"), "\(stored)")
        #expect(stored.contains("\"weightKg\" : 70"), "the rest of the profile is kept: \(stored)")
        #expect(try fileModeBits(of: box.profileURL) == 0o600)

        let shown = try box.run(["goal"])
        #expect(shown.status == 0, "\(shown)")
        #expect(shown.stdoutLines.first == "Weekly goal: 4 sessions a week.")
        #expect(try box.run(["profile"]).stdoutLines.contains("Weekly goal    4 sessions a week ('hiit goal' shows this week)"))

        let changed = try box.run(["goal", "--weekly", "40km", "--sport", "run"])
        #expect(changed.stdoutLines.first == "Saved the weekly goal: 40 km a week, running only.", "\(changed)")

        let cleared = try box.run(["goal", "--clear"])
        #expect(cleared.status == 0, "\(cleared)")
        #expect(cleared.stdoutLines == ["Removed the weekly goal."])
        #expect(!(try String(contentsOf: box.profileURL, encoding: .utf8)).contains("weeklyGoal"))
        #expect(try box.run(["goal", "--clear"]).stdoutLines == ["There was no weekly goal to remove."])
        #expect(try box.run(["goal"]).stdoutLines == [
            "No weekly goal. Set one with 'hiit goal --weekly 150min' (or 4sessions,",
            "2000kcal, 40km --sport running).",
        ])
    }

    @Test(arguments: [
        (["goal", "--weekly", "150"],
         "Error: --weekly: '150' is not a weekly goal: a number needs its unit; expected a time (150min, 90m, 2h), sessions (4sessions, \"4 sessions\"), energy (2000kcal) or a distance (40km, 25mi)"),
        (["goal", "--weekly", "4 laps"], "Error: --weekly: '4 laps' is not a weekly goal: 'laps' is not a unit of time, sessions, kcal or distance;"),
        (["goal", "--weekly", "200h"], "Error: --weekly: '200h' is not a weekly goal: a time goal is 1 min to 168 h;"),
        (["goal", "--weekly", "2.5", "sessions"], "Error: --weekly: '2.5 sessions' is not a weekly goal: sessions are a whole number;"),
        (["goal", "--weekly", "40km", "--sport", "jogging"], "Error: --sport: 'jogging' is not a sport: use one of swimming,"),
        (["goal", "--weekly", "2h", "--clear"], "Error: --clear cannot be given with --weekly: it removes the goal."),
        (["goal", "--sport", "running"], "Error: --sport needs --weekly: give the whole goal, such as --weekly 40km --sport running."),
        (["goal", "sessions"], "Error: Unexpected argument 'sessions'."),
        (["goal", "--weekly"], "Error: Missing value for '--weekly <goal>'."),
    ])
    func badGoalsAreUsageErrorsThatChangeNothing(arguments: [String], message: String) throws {
        let box = try Self.sandbox(profile: Self.timeGoal)
        let before = try Data(contentsOf: box.profileURL)
        let run = try box.run(arguments)
        #expect(run.status == 64, "\(run)")
        #expect(run.allStderrLines.first?.hasPrefix(message) == true, "\(run)")
        #expect(run.allStderrLines.first.map { !$0.contains("\n") } == true)
        #expect(run.stdout.isEmpty, "\(run)")
        #expect(try Data(contentsOf: box.profileURL) == before)
    }

    @Test func aBrokenProfileIsNeverReplaced() throws {
        let box = try Self.sandbox(profile: "{ \"weightKg\": 70,")
        let before = try Data(contentsOf: box.profileURL)
        let run = try box.run(["goal", "--weekly", "2h"])
        #expect(run.status == 65, "\(run)")
        #expect(run.allStderrLines.count == 1, "\(run)")
        #expect(run.allStderrLines.first?.hasPrefix("Error: \(box.profileURL.path), line 1") == true, "\(run)")
        #expect(run.allStderrLines.first?.hasSuffix("(nothing was changed; fix or delete the file, then try again)") == true)
        #expect(try Data(contentsOf: box.profileURL) == before)
    }

    @Test func anOldProfileKeepsItsSettings() throws {
        let box = try Self.sandbox(profile: #"{"version": 1, "weightKg": 61.5, "firstWeekday": "saturday", "units": "imperial", "selectedWorkout": "Tabata"}"#)
        let run = try box.run(["goal", "--weekly", "25mi", "--sport", "bike"])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdoutLines.first == "Saved the weekly goal: 25 mi a week, cycling only.")
        let profile = try JSONDecoder().decode(Profile.self, from: Data(contentsOf: box.profileURL))
        #expect(profile == Profile(weightKg: 61.5, firstWeekday: .saturday, units: .imperial, selectedWorkout: "Tabata",
                                   weeklyGoal: WeeklyGoal(metric: .distance, target: 25 * 1609.344, unit: .mi, sport: "cycling")))
        #expect(run.stdoutLines.contains { $0.hasPrefix("This week: ") && $0.hasSuffix("(weeks start on Saturday).") }, "\(run)")
    }

    @Test func helpNamesTheAcceptedForms() throws {
        let run = try Self.sandbox(history: []).run(["goal", "--help"])
        #expect(run.status == 0, "\(run)")
        let text = run.stdoutLines.joined(separator: " ")
        #expect(text.contains("USAGE: hiit goal"), "\(run)")
        for form in ["150min", "90m", "2h", "4sessions", "2000kcal", "40km", "25mi", "--sport", "--clear"] {
            #expect(text.contains(form), "\(form): \(run)")
        }
    }

    // MARK: The end of a workout

    @Test func theEndOfAWorkoutSaysWhereTheWeekStands() async throws {
        let box = try E2ESandbox()
        #expect(try box.run(["goal", "--weekly", "4sessions"]).status == 0)
        let result = try await box.runHiit(["run", "1/1x1", "--prepare", "0"])
        #expect(result.status == 0, "\(result.transcript)")
        // The session just saved is this week's first.
        let saved = try #require(result.stdoutLines.firstIndex { $0.hasPrefix("Saved to history") }, "\(result.transcript)")
        #expect(result.stdoutLines.dropFirst(saved + 1).first == "Week: 1 of 4 sessions", "\(result.transcript)")
    }

    @Test func aProfileThatCannotBeReadLeavesTheLineOutAndTheRunSucceeds() async throws {
        let box = try E2ESandbox()
        try box.writeProfile(Data("{ broken".utf8))
        let result = try await box.runHiit(["run", "1/1x1", "--prepare", "0"])
        #expect(result.status == 0, "\(result.transcript)")
        #expect(result.stdout.contains("Saved to history"), "\(result.transcript)")
        #expect(!result.stdout.contains("Week:"), "\(result.transcript)")
        #expect(try box.historyLines().count == 1)
    }
}
