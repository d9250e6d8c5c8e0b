import Foundation
import Testing
import TestSupport
import WorkoutModel
@testable import HiitApp

/// `hiit stats` run as a person runs it: the built binary in a sandbox, with a small history of
/// known sessions in February 2026 (and a few in January 2026 and February 2025 to compare
/// with), viewed from Europe/Berlin at 80 columns without colours. Every period asked for is in
/// the past, so the results do not depend on today; nor does the streak line at the end, on
/// any day after 1 March 2026 (no streak through today, the longest the latest of single
/// days: 28 February). Streaks as of a fixed today are in GoalCommandTests.
@Suite struct StatsCommandTests {
    /// The environment of every run: a fixed zone, width, colours off, a UTF-8 locale.
    static let environment = ["TZ": "Europe/Berlin", "COLUMNS": "80", "NO_COLOR": "1", "LANG": "C.UTF-8"]

    /// A session in Europe/Berlin (UTC+1 in winter) starting at a local date and time.
    /// - Parameters:
    ///   - n: makes the id.
    ///   - date: local `YYYY-MM-DD`.
    ///   - hour: local start hour; `minute` its minutes.
    ///   - sport: `nil` for a Tabata (160 s of work in 230 s, 70 kg: 27.61 kcal); else one leg of
    ///     that sport with `meters`, `seconds` and `kcal`.
    static func session(_ n: Int, _ date: String, hour: Int, minute: Int = 0, sport: String? = nil,
                        meters: Double = 0, seconds: Double = 0, kcal: Double = 0) -> SessionRecord {
        let parts = date.split(separator: "-").compactMap { Int($0) }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin") ?? calendar.timeZone
        let start = calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2],
                                                       hour: hour, minute: minute)) ?? Date()
        let offset = calendar.timeZone.secondsFromGMT(for: start)
        guard let sport else {
            return SessionRecord(
                id: numberedID(n, group: 7), workout: "Tabata", kind: .intervals, start: start,
                end: start.addingTimeInterval(230), timeZone: "Europe/Berlin", utcOffsetSeconds: offset,
                localDate: localDay(date), workoutSeconds: 160, totalSeconds: 230, pausedSeconds: 0, rounds: 8,
                exercises: 1, weightKg: 70, kcal: 8.0 * 70 * 160 / 3600 + 2.0 * 70 * 70 / 3600)
        }
        let leg = LegRecord(sport: sport, startSeconds: 0, elapsedSeconds: seconds, timerSeconds: seconds,
                            distanceMeters: meters, kcal: kcal, laps: [LapRecord(startSeconds: 0, elapsedSeconds: seconds)])
        return SessionRecord(
            id: numberedID(n, group: 7), workout: sport, kind: .multisport, start: start,
            end: start.addingTimeInterval(seconds), timeZone: "Europe/Berlin", utcOffsetSeconds: offset,
            localDate: localDay(date), workoutSeconds: seconds, totalSeconds: seconds, pausedSeconds: 0, rounds: 1,
            exercises: 0, weightKg: 70, kcal: kcal, legs: [leg])
    }

    /// February 2026: 6 sessions, 1:40:40 of work, 1:45:20 in all, ~910 kcal, a 5 km run and a
    /// 20 km ride; January 2026: 2 sessions (a 10 km run); February 2025: one 3 km run.
    static let history: [SessionRecord] = [
        session(1, "2025-02-03", hour: 9, sport: "running", meters: 3000, seconds: 1200, kcal: 200),
        session(2, "2026-01-15", hour: 7),
        session(3, "2026-01-20", hour: 18, sport: "running", meters: 10_000, seconds: 3000, kcal: 600),
        session(4, "2026-02-02", hour: 7),
        session(5, "2026-02-05", hour: 18, minute: 30, sport: "running", meters: 5000, seconds: 1800, kcal: 300),
        session(6, "2026-02-10", hour: 6),
        session(7, "2026-02-20", hour: 12, sport: "cycling", meters: 20_000, seconds: 3600, kcal: 500),
        session(8, "2026-02-25", hour: 7),
        // 23:50 to 00:10: it counts on the 28th, the day it started.
        session(9, "2026-02-28", hour: 23, minute: 50),
    ]

    /// A sandbox holding ``history`` (plus `extra` raw lines at the end).
    static func sandbox(extra: String = "") throws -> E2ESandbox {
        let box = try E2ESandbox(environment: environment)
        var content = try jsonLines(history)
        content.append(Data(extra.utf8))
        try box.writeHistory(content)
        return box
    }

    /// The screen of February 2026 as `hiit stats month --date 2026-02-15` shows it.
    static let februaryScreen = [
        "February 2026",
        "Workout time by days 1–7, 8–14, 15–21, 22–28",
        "",
        // 1960 s, 160 s, 3600 s and 320 s of work on 62 cells: 33¾, 2¾, 62 and 5½ cells.
        // Durations in hours and minutes, rounded to the minute: 1960 s is 33 min.
        "1–7   █████████████████████████████████▊                             33 min",
        "8–14  ██▊                                                             3 min",
        "15–21 ██████████████████████████████████████████████████████████████    1 h best",
        "22–28 █████▌                                                          5 min",
        "",
        "                    Total     Per bar    Previous   Change",
        "Sessions                6         1.5           2   ▲ 200%",
        "Workout time   1 h 41 min      25 min      53 min    ▲ 91%",
        "Total time     1 h 45 min      26 min      54 min    ▲ 96%",
        "Energy          ~910 kcal   ~228 kcal   ~628 kcal    ▲ 45%",
        "Cycling             20 km        5 km           —      new",
        "Running              5 km     1.25 km       10 km    ▼ 50%",
        "",
        "Best: 15–21 (1 h)",
        "Compared with the previous period: 1–31 Jan 2026.",
        "",
        "Streak 0 days (longest 1, 28 Feb 2026)",
    ]

    @Test func aPastMonthShowsItsChartTotalsAndComparison() throws {
        let box = try Self.sandbox()
        let run = try box.run(["stats", "month", "--date", "2026-02-15"])
        #expect(run.status == 0, "\(run)")
        #expect(run.stderr.isEmpty, "\(run)")
        #expect(run.stdoutLines == Self.februaryScreen, "\(run)")
        #expect(run.stdoutLines.allSatisfy { !$0.hasSuffix(" ") && $0.displayWidth <= 80 })
        // --back from a date in March reaches the same month.
        let back = try box.run(["stats", "month", "--date", "2026-03-31", "--back", "1"])
        #expect(back.stdoutLines == Self.februaryScreen, "\(back)")
    }

    @Test func jsonIsTheReportForScripts() throws {
        let box = try Self.sandbox()
        let run = try box.run(["stats", "month", "--date", "2026-02-15", "--json"])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.hasSuffix("}\n"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(Set(object.keys).isSuperset(of: ["period", "buckets", "totals", "averagePerBucket", "best", "comparison"]))
        let period = try #require(object["period"] as? [String: Any])
        #expect(period["kind"] as? String == "month")
        #expect(period["start"] as? String == "2026-02-01")
        #expect(period["end"] as? String == "2026-02-28")
        let buckets = try #require(object["buckets"] as? [[String: Any]])
        #expect(buckets.map { $0["label"] as? String } == ["1–7", "8–14", "15–21", "22–28"])
        #expect(buckets.map { $0["sessions"] as? Int } == [2, 1, 1, 2])
        #expect(buckets.map { $0["workoutSeconds"] as? Double } == [1960, 160, 3600, 320])
        #expect(buckets.last?["end"] as? String == "2026-02-28")
        let totals = try #require(object["totals"] as? [String: Any])
        #expect(totals["sessions"] as? Int == 6)
        #expect(totals["workoutSeconds"] as? Double == 6040)
        #expect(totals["totalSeconds"] as? Double == 6320)
        #expect((object["best"] as? [String: Any])?["label"] as? String == "15–21")
        let comparison = try #require(object["comparison"] as? [String: Any])
        #expect(comparison["start"] as? String == "2026-01-01")
        #expect(comparison["end"] as? String == "2026-01-31")
        #expect((comparison["totals"] as? [String: Any])?["sessions"] as? Int == 2)
    }

    @Test func kcalBarsShowTheEstimates() throws {
        let box = try Self.sandbox()
        let run = try box.run(["stats", "month", "--date", "2026-02-15", "--metric", "kcal"])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdoutLines.dropFirst().first == "Energy (kcal) per bar".replacingOccurrences(of: "per bar", with: "by days 1–7, 8–14, 15–21, 22–28"))
        // 27.61 + 300, 27.61, 500, 2 × 27.61.
        #expect(run.stdoutLines.dropFirst(3).prefix(4).map { $0.split(separator: " ").dropFirst().last.map(String.init) }
            == ["~328", "~28", "best", "~55"])
        #expect(run.stdoutLines.contains("Best: 15–21 (~500 kcal)"))
    }

    @Test func aSportFilterCountsThatSportOnly() throws {
        let box = try Self.sandbox()
        let run = try box.run(["stats", "month", "--date", "2026-02-15", "--sport", "run", "--metric", "distance"])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdoutLines.first == "February 2026 · running only")
        #expect(run.stdoutLines.dropFirst(3).prefix(4) == [
            "1–7   ██████████████████████████████████████████████████████████████ 5.0 km best",
            "8–14                                                                 0.0 km",
            "15–21                                                                0.0 km",
            "22–28                                                                0.0 km",
        ], "\(run)")
        #expect(run.stdoutLines.contains("Sessions               1        0.3           1     same"), "\(run)")
        #expect(run.stdoutLines.contains("Energy         ~300 kcal   ~75 kcal   ~600 kcal    ▼ 50%"), "\(run)")
        #expect(run.stdoutLines.contains("Running             5 km    1.25 km       10 km    ▼ 50%"), "\(run)")
        #expect(run.stdoutLines.contains("Workout time      30 min      8 min      50 min    ▼ 40%"), "\(run)")
        #expect(run.stdoutLines.contains("Best: 1–7 (5.0 km)"))
        #expect(!run.stdoutLines.contains { $0.hasPrefix("Cycling") })
    }

    @Test func lastYearComparesWithTheSameMonthAYearEarlier() throws {
        let box = try Self.sandbox()
        let run = try box.run(["stats", "month", "--date", "2026-02-15", "--compare", "last-year"])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdoutLines.dropFirst(8).prefix(7) == [
            "                    Total     Per bar   Last year   Change",
            "Sessions                6         1.5           1   ▲ 500%",
            "Workout time   1 h 41 min      25 min      20 min   ▲ 403%",
            "Total time     1 h 45 min      26 min      20 min   ▲ 427%",
            "Energy          ~910 kcal   ~228 kcal   ~200 kcal   ▲ 355%",
            "Cycling             20 km        5 km           —      new",
            "Running              5 km     1.25 km        3 km    ▲ 67%",
        ], "\(run)")
        // Before the blank line and the streak.
        #expect(run.stdoutLines.dropLast(2).last == "Compared with the same period last year: 1–28 Feb 2025.")
    }

    @Test func aDayHasABarPerHour() throws {
        let box = try Self.sandbox()
        let run = try box.run(["stats", "day", "--date", "2026-02-05"])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdoutLines.first == "Thu 5 Feb 2026")
        #expect(run.stdoutLines.filter { $0.count >= 5 && $0.dropFirst(2).hasPrefix(":00 ") }.count == 24)
        #expect(run.stdoutLines.contains { $0.hasPrefix("18:00 █") && $0.hasSuffix(" 30 min best") }, "\(run)")
        #expect(run.stdoutLines.dropLast(2).last == "Compared with the previous period: 4 Feb 2026.")
    }

    @Test func asciiWhenTheLocaleCannotShowBlocks() throws {
        let box = try Self.sandbox()
        let run = try box.run(["stats", "month", "--date", "2026-02-15"], extraEnvironment: ["LANG": "C"])
        #expect(run.status == 0, "\(run)")
        let isASCII = run.stdout.unicodeScalars.allSatisfy { $0.isASCII }
        #expect(isASCII, "\(run)")
        let ascii = Self.februaryScreen.map {
            $0.replacingOccurrences(of: "–", with: "-").replacingOccurrences(of: "—", with: "-")
                .replacingOccurrences(of: "▲", with: "^").replacingOccurrences(of: "▼", with: "v")
        }
        #expect(run.stdoutLines.filter { !$0.contains("#") } == ascii.filter { !$0.contains("█") }, "\(run)")
        #expect(run.stdoutLines.contains("15-21 ##############################################################    1 h best"))
        #expect(run.stdoutLines.contains("1-7   ##################################                             33 min"))
    }

    @Test(arguments: [
        (["stats", "fortnight"],
         "Error: <period>: 'fortnight' is not one of 7d, day, 24h, week, month, quarter, year, FROM..TO (YYYY-MM-DD..YYYY-MM-DD)"),
        (["stats", "2026-02-10..2026-02-01"], "Error: <period>: '2026-02-10..2026-02-01' ends before it starts"),
        (["stats", "2026-02-30..2026-03-01"], "Error: <period>: '2026-02-30..2026-03-01' has a date that is not a date YYYY-MM-DD: '2026-02-30'"),
        (["stats", "--date", "2026-02-30"], "Error: --date: '2026-02-30' is not a date YYYY-MM-DD, such as 2026-11-29"),
        (["stats", "--back", "-1"], "Error: --back: '-1' is outside 0–10000 periods"),
        (["stats", "--back", "two"], "Error: --back: 'two' is not a whole number of periods (0–10000)"),
        (["stats", "--compare", "yesterday"], "Error: --compare: 'yesterday' is not one of previous, last-year"),
        (["stats", "--metric", "pace"], "Error: --metric: 'pace' is not one of sessions, time, kcal, distance, elevation"),
        (["stats", "--sport", "a b"],
         "Error: --sport: 'a b' is not a sport: use one of swimming, cycling, running, walking, rowing, transition, hiking, paddling, skiing, strength, hiit, other (or run, bike, swim, walk, row, hike, paddle, ski), or intervals"),
        (["stats", "--sport", "runing"],
         "Error: --sport: 'runing' is not a sport: use one of swimming, cycling, running, walking, rowing, transition, hiking, paddling, skiing, strength, hiit, other (or run, bike, swim, walk, row, hike, paddle, ski), or intervals"),
        (["stats", "24h", "--date", "2026-02-15"],
         "Error: --date cannot be given with the period 24h: 24h is always the 24 hours up to now."),
        (["stats", "year", "--date", "0001-06-01", "--back", "1"], "Error: --date: '0001-06-01' reaches outside the years 1–9999"),
        (["stats", "--colour"], "Error: Unknown option '--colour'."),
    ])
    func badArgumentsAreUsageErrorsNamingTheWord(_ arguments: [String], _ message: String) throws {
        let box = try Self.sandbox()
        let run = try box.run(arguments)
        #expect(run.status == 64, "\(run)")
        #expect(run.stdout.isEmpty, "\(run)")
        #expect(run.allStderrLines.first == message, "\(run)")
        #expect(run.allStderrLines.dropFirst().first == "Usage: hiit stats [<period>] [--date <date>] [--back <n>] [--compare <baseline>]")
    }

    @Test func aBrokenHistoryLineIsReportedAndSkipped() throws {
        let box = try Self.sandbox(extra: "{\"not a session\": true}\n")
        let run = try box.run(["stats", "month", "--date", "2026-02-15"])
        #expect(run.status == 0, "\(run)")
        #expect(run.allStderrLines.count == 1, "\(run)")
        #expect(run.allStderrLines.first?.hasPrefix("Skipped: \(box.historyURL.path), line \(Self.history.count + 1), column 1:") == true, "\(run)")
        #expect(run.stdoutLines == Self.februaryScreen)
    }

    @Test func anEmptyHistorySaysSoAndNamesTheDemo() throws {
        let box = try E2ESandbox(environment: Self.environment)
        let run = try box.run(["stats"])
        #expect(run.status == 0, "\(run)")
        // Wrapped to the 80 columns.
        #expect(run.stdoutLines == [
            "No sessions yet, so there is nothing to count. Record a workout with 'hiit run',",
            "or try 'hiit demo' to see statistics of made-up sessions.",
        ])
        #expect(run.stderr.isEmpty)
        let json = try box.run(["stats", "week", "--date", "2026-02-15", "--json"])
        #expect(json.status == 0, "\(json)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect((object["totals"] as? [String: Any])?["sessions"] as? Int == 0)
        #expect((object["buckets"] as? [Any])?.count == 7)
    }

    @Test func aBrokenProfileWarnsOnceAndUsesTheDefaults() throws {
        let box = try Self.sandbox()
        try box.writeProfile(Data("{ broken".utf8))
        let run = try box.run(["stats", "month", "--date", "2026-02-15"])
        #expect(run.status == 0, "\(run)")
        #expect(run.allStderrLines.count == 1, "\(run)")
        #expect(run.allStderrLines.first?.hasPrefix("Warning: weeks start on Monday and distances are metric: the profile cannot be read:") == true)
        #expect(run.stdoutLines == Self.februaryScreen)
    }

    @Test func helpDescribesTheCommand() throws {
        let box = try E2ESandbox(environment: Self.environment)
        let help = try box.run(["stats", "--help"])
        #expect(help.status == 0)
        #expect(help.stdoutLines.first?.hasPrefix("OVERVIEW: Show how your workouts add up over a period") == true)
        #expect(help.stdoutLines.contains("USAGE: hiit stats [<period>] [--date <date>] [--back <n>] [--compare <baseline>]"))
        #expect(help.stdoutLines.contains("ARGUMENTS:"))
        #expect(help.stdoutLines.contains("OPTIONS:"))
        let root = try box.run(["--help"])
        #expect(root.stdoutLines.contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix("stats ") }, "\(root)")
    }
}

// MARK: - Elevation (issue #13, "Statistics")

extension StatsCommandTests {
    /// An imported-looking activity in Europe/Berlin (winter, UTC+1): one leg of `sport` with the
    /// values a device's summary gives (ascent, descent, heart rate, moving time, a lap), the
    /// file it came from and the device's kcal.
    static func imported(_ n: Int, _ date: String, hour: Int, sport: String, meters: Double, seconds: Double,
                         ascent: Double?, kcal: Double) -> SessionRecord {
        var record = session(n, date, hour: hour, sport: sport, meters: meters, seconds: seconds, kcal: kcal)
        record.workout = "Morning \(sport)"
        record.legs[0].ascentMeters = ascent
        record.legs[0].descentMeters = ascent.map { $0 - 3 }
        record.legs[0].avgHeartRate = 141
        record.legs[0].maxHeartRate = 172
        record.legs[0].movingSeconds = seconds - 60
        record.legs[0].laps = [LapRecord(startSeconds: 0, elapsedSeconds: seconds, distanceMeters: meters)]
        record.source = RecordSource(format: "fit", fileName: "\(date)-\(n).fit", sha256: String(repeating: "ab", count: 32),
                                     manufacturer: "garmin", product: "edge530")
        record.kcalSource = .device
        return record
    }

    /// Week 11 of 2026 (9–15 March) with a hike (612.4 m up), a ride (843.25 m) and a flat run
    /// whose file has no ascent, a Tabata; the week before, a ride of 500 m up.
    static let climbs: [SessionRecord] = [
        imported(20, "2026-03-07", hour: 9, sport: "cycling", meters: 40_000, seconds: 5400, ascent: 500, kcal: 900),
        imported(21, "2026-03-10", hour: 9, sport: "hiking", meters: 12_000, seconds: 14_400, ascent: 612.4, kcal: 1100),
        session(22, "2026-03-11", hour: 7),
        imported(23, "2026-03-14", hour: 8, sport: "cycling", meters: 60_000, seconds: 9000, ascent: 843.25, kcal: 1500),
        imported(24, "2026-03-15", hour: 7, sport: "running", meters: 10_000, seconds: 3000, ascent: nil, kcal: 700),
    ]

    static func climbSandbox() throws -> E2ESandbox {
        let box = try E2ESandbox(environment: environment)
        try box.writeHistory(try jsonLines(climbs))
        return box
    }

    @Test func elevationBarsShowMetresClimbedAndTheTableAnAscentRow() throws {
        let box = try Self.climbSandbox()
        let run = try box.run(["stats", "week", "--date", "2026-03-15", "--metric", "elevation"])
        #expect(run.status == 0, "\(run)")
        #expect(run.stderr.isEmpty, "\(run)")
        // 612.4 and 843.25 m on 58 cells: 42⅛ and 58; 1455.65 m in the week, 207.95 m a day.
        #expect(run.stdoutLines == [
            "Week 11 · 9–15 Mar 2026",
            "Ascent (m) per day",
            "",
            "Mon 9 Mar                                                               0 m",
            "Tue 10 Mar ██████████████████████████████████████████▏                612 m",
            "Wed 11 Mar                                                              0 m",
            "Thu 12 Mar                                                              0 m",
            "Fri 13 Mar                                                              0 m",
            "Sat 14 Mar ██████████████████████████████████████████████████████████ 843 m best",
            "Sun 15 Mar                                                              0 m",
            "",
            "                    Total     Per day     Previous   Change",
            "Sessions                4         0.6            1   ▲ 300%",
            "Workout time   7 h 23 min   1 h 3 min   1 h 30 min   ▲ 392%",
            "Total time     7 h 24 min   1 h 3 min   1 h 30 min   ▲ 393%",
            "Energy         ~3328 kcal   ~475 kcal    ~900 kcal   ▲ 270%",
            "Cycling             60 km     8.57 km        40 km    ▲ 50%",
            "Running             10 km     1.43 km            —      new",
            "Hiking              12 km     1.71 km            —      new",
            "Ascent             1456 m       208 m        500 m   ▲ 191%",
            "",
            "Best: Sat 14 Mar (843 m)",
            "Compared with the previous period: 2–8 Mar 2026.",
            "",
            // 10–11 and 14–15 March: the latest of the two longest.
            "Streak 0 days (longest 2, 14–15 Mar 2026)",
        ], "\(run)")
        // The second run reads the roll-up from the cache: the same screen.
        let cached = try box.run(["stats", "week", "--date", "2026-03-15", "--metric", "elevation"])
        #expect(cached.stdoutLines == run.stdoutLines, "\(cached)")
        // Another metric shows the Ascent row too; February 2026 (no ascent anywhere) has none.
        let time = try box.run(["stats", "week", "--date", "2026-03-15"])
        #expect(time.stdoutLines.contains("Ascent             1456 m       208 m        500 m   ▲ 191%"), "\(time)")
        let flat = try Self.sandbox().run(["stats", "month", "--date", "2026-02-15", "--metric", "elevation"])
        #expect(flat.status == 0, "\(flat)")
        #expect(flat.stdoutLines.dropFirst().first == "Ascent (m) by days 1–7, 8–14, 15–21, 22–28", "\(flat)")
        #expect(flat.stdoutLines.filter { $0.hasPrefix("Ascent") }.count == 1, "no Ascent row: \(flat)")
        #expect(flat.stdoutLines.dropFirst(3).prefix(4).allSatisfy { $0.hasSuffix(" 0 m") }, "\(flat)")
    }

    @Test func imperialUnitsShowAscentInFeet() throws {
        let box = try Self.climbSandbox()
        let profile = try box.run(["profile", "--units", "imperial"])
        #expect(profile.status == 0, "\(profile)")
        let run = try box.run(["stats", "week", "--date", "2026-03-15", "--metric", "elevation"])
        #expect(run.status == 0, "\(run)")
        // 612.4 m = 2009.2 ft, 843.25 m = 2766.6 ft; 1455.65 m = 4775.8 ft, 207.95 m = 682.2 ft, 500 m = 1640.4 ft.
        #expect(run.stdoutLines.prefix(10) == [
            "Week 11 · 9–15 Mar 2026",
            "Ascent (ft) per day",
            "",
            "Mon 9 Mar                                                              0 ft",
            "Tue 10 Mar ████████████████████████████████████████▋                2009 ft",
            "Wed 11 Mar                                                             0 ft",
            "Thu 12 Mar                                                             0 ft",
            "Fri 13 Mar                                                             0 ft",
            "Sat 14 Mar ████████████████████████████████████████████████████████ 2767 ft best",
            "Sun 15 Mar                                                             0 ft",
        ], "\(run)")
        #expect(run.stdoutLines.contains("Ascent            4776 ft      682 ft      1640 ft   ▲ 191%"), "\(run)")
        #expect(run.stdoutLines.contains("Best: Sat 14 Mar (2767 ft)"), "\(run)")
        // JSON stays in metres whatever the units.
        let json = try box.run(["stats", "week", "--date", "2026-03-15", "--metric", "elevation", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect((object["totals"] as? [String: Any])?["ascentMeters"] as? Double == 1455.65)
    }

    @Test func elevationJSONAndASportFilter() throws {
        let box = try Self.climbSandbox()
        let run = try box.run(["stats", "week", "--date", "2026-03-15", "--metric", "elevation", "--json"])
        #expect(run.status == 0, "\(run)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(object["metric"] as? String == "elevation")
        let buckets = try #require(object["buckets"] as? [[String: Any]])
        #expect(buckets.map { $0["ascentMeters"] as? Double } == [0, 612.4, 0, 0, 0, 843.25, 0])
        #expect((object["totals"] as? [String: Any])?["ascentMeters"] as? Double == 1455.65)
        #expect((object["averagePerBucket"] as? [String: Any])?["ascentMeters"] as? Double == 207.95)
        #expect((object["best"] as? [String: Any])?["label"] as? String == "Sat 14 Mar")
        let comparison = try #require(object["comparison"] as? [String: Any])
        #expect((comparison["totals"] as? [String: Any])?["ascentMeters"] as? Double == 500)
        let change = try #require((comparison["change"] as? [String: Any])?["ascentMeters"] as? [String: Any])
        let difference: Double = 1455.65 - 500  // 955.6500000000001, as the JSON says
        #expect(change["difference"] as? Double == difference)
        #expect(change["percent"] as? Double == 191.13)
        #expect(change["new"] as? Bool == false)

        let hikes = try box.run(["stats", "week", "--date", "2026-03-15", "--metric", "elevation", "--sport", "hike"])
        #expect(hikes.status == 0, "\(hikes)")
        #expect(hikes.stdoutLines.first == "Week 11 · 9–15 Mar 2026 · hiking only", "\(hikes)")
        #expect(hikes.stdoutLines.contains("Ascent              612 m        87 m          —      new"), "\(hikes)")
        #expect(!hikes.stdoutLines.contains { $0.hasPrefix("Cycling") }, "\(hikes)")
        #expect(hikes.stdoutLines.contains("Best: Tue 10 Mar (612 m)"), "\(hikes)")
    }
}
