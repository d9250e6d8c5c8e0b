import Foundation
import Testing
import WorkoutModel

/// `hiit goal --weekly …` as people type it, and the goal as the profile stores it (issue 16).
@Suite struct WeeklyGoalTests {
    static let accepted: [(String, WeeklyGoal)] = [
        ("150min", WeeklyGoal(metric: .time, target: 9000)),
        ("150 min", WeeklyGoal(metric: .time, target: 9000)),
        ("90m", WeeklyGoal(metric: .time, target: 5400)),
        ("2h", WeeklyGoal(metric: .time, target: 7200)),
        ("1h30min", WeeklyGoal(metric: .time, target: 5400)),
        ("2:30:00", WeeklyGoal(metric: .time, target: 9000)),
        ("168h", WeeklyGoal(metric: .time, target: 604_800)),
        ("4sessions", WeeklyGoal(metric: .sessions, target: 4)),
        ("4 sessions", WeeklyGoal(metric: .sessions, target: 4)),
        ("1 session", WeeklyGoal(metric: .sessions, target: 1)),
        ("4 SESSIONS", WeeklyGoal(metric: .sessions, target: 4)),
        ("2000kcal", WeeklyGoal(metric: .kcal, target: 2000)),
        ("40km", WeeklyGoal(metric: .distance, target: 40_000, unit: .km)),
        ("42.2 km", WeeklyGoal(metric: .distance, target: 42_200, unit: .km)),
        ("25mi", WeeklyGoal(metric: .distance, target: 25 * 1609.344, unit: .mi)),
        ("10 miles", WeeklyGoal(metric: .distance, target: 10 * 1609.344, unit: .mi)),
    ]

    @Test(arguments: accepted)
    func goalsParse(text: String, goal: WeeklyGoal) throws {
        let parsed = try WeeklyGoal(parsing: text)
        #expect(parsed.metric == goal.metric)
        #expect(abs(parsed.target - goal.target) < 1e-6, "\(parsed.target)")
        #expect(parsed.unit == goal.unit)
        #expect(parsed.sport == nil)
    }

    /// What is typed, and a word the one-line error must contain.
    static let refused: [(String, String)] = [
        ("150", "a number needs its unit"),
        ("", "it is empty"),
        ("min", "does not start with a number"),
        ("-5km", "does not start with a number"),
        ("4 laps", "'laps' is not a unit"),
        ("20000m", "a time goal is 1 min to 168 h"),  // m is minutes (333 h), as in every duration
        ("200h", "a time goal is 1 min to 168 h"),
        ("30s", "a time goal is 1 min to 168 h"),
        ("0 sessions", "a sessions goal is 1 to 100 sessions"),
        ("3.5 sessions", "sessions are a whole number"),
        ("101sessions", "a sessions goal is 1 to 100 sessions"),
        ("0kcal", "an energy goal is 1 to 50000 kcal"),
        ("0.05km", "a distance goal is 0.1 to 10000 km"),
        ("99999km", "a distance goal is 0.1 to 10000 km"),
        ("1.2.3km", "no number before km"),
    ]

    @Test(arguments: refused)
    func badGoalsAreRefusedWithTheReasonAndTheForms(text: String, reason: String) {
        #expect {
            try WeeklyGoal(parsing: text)
        } throws: { error in
            let message = "\(error)"
            return message.contains(reason) && message.contains("expected a time (150min, 90m, 2h)")
                && message.contains("40km") && !message.contains("\n")
        }
    }

    @Test func theSportComesAlongAndIsChecked() throws {
        let goal = try WeeklyGoal(parsing: "40km", sport: "running")
        #expect(goal.sport == "running")
        #expect(try WeeklyGoal(parsing: "3 sessions", sport: "intervals").sport == "intervals")
        #expect(throws: PlanError.self) { try WeeklyGoal(parsing: "40km", sport: "jogging") }
    }

    @Test func aStoredGoalIsCheckedWhenTheProfileIs() {
        var profile = Profile(weeklyGoal: WeeklyGoal(metric: .time, target: 10))
        #expect(throws: PlanError.self) { try profile.validate() }
        profile.weeklyGoal = WeeklyGoal(metric: .time, target: 600, unit: .km)
        #expect(throws: PlanError.self) { try profile.validate() }
        profile.weeklyGoal = WeeklyGoal(metric: .distance, target: .nan, unit: .km)
        #expect(throws: PlanError.self) { try profile.validate() }
        profile.weeklyGoal = WeeklyGoal(metric: .sessions, target: 4)
        #expect(throws: Never.self) { try profile.validate() }
    }

    @Test func theProfileStoresTheGoalAndOldProfilesStayValid() throws {
        let old = try JSONDecoder().decode(Profile.self, from: Data(#"{"version": 1, "weightKg": 70, "units": "imperial"}"#.utf8))
        #expect(old.weeklyGoal == nil)
        #expect(old.weightKg == 70)
        let profile = Profile(weightKg: 70, weeklyGoal: WeeklyGoal(metric: .distance, target: 40_000, unit: .km, sport: "running"))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let text = String(decoding: try encoder.encode(profile), as: UTF8.self)
        #expect(text.contains(#""weeklyGoal":{"metric":"distance","sport":"running","target":40000,"unit":"km"}"#), "\(text)")
        #expect(try JSONDecoder().decode(Profile.self, from: Data(text.utf8)) == profile)
        // Without a goal the key is not written at all.
        #expect(!String(decoding: try encoder.encode(Profile()), as: UTF8.self).contains("weeklyGoal"))
    }
}
