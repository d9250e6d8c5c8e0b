import Foundation
import Testing
import TestSupport
import WorkoutModel

/// Issue 17, "Progress over time" and "Settings the statistics app has", run as a person runs
/// them: the built binary in a sandbox with ``StatsCommandTests/history`` (February 2026
/// against January 2026), Europe/Berlin, 80 columns, no colours, every period in the past.
@Suite struct StatsChartAndSettingsTests {
    @Test func cumulativeChartEndsAtThePeriodsTotals() throws {
        let box = try StatsCommandTests.sandbox()
        let run = try box.run(["stats", "month", "--date", "2026-02-15", "--cumulative"])
        #expect(run.status == 0, "\(run)")
        let lines = run.stdoutLines
        #expect(lines.first == "February 2026")
        #expect(lines.contains("Workout time added up day by day"), "\(lines)")
        // The y axis: the larger total at the top, 0 at the bottom, with units.
        #expect(lines.contains { $0.hasPrefix("1 h 41 min ┤") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("     0 min ┤") }, "\(lines)")
        // The x axis: the first and last day of February; no today in a past month.
        #expect(lines.contains { $0.hasPrefix("            1 Feb") && $0.hasSuffix("28 Feb") }, "\(lines)")
        #expect(!lines.contains { $0.contains("today") })
        // The legend: both periods and their totals (the plain screen's Total and Previous).
        #expect(lines.contains("━━ February 2026: 1 h 41 min"), "\(lines)")
        #expect(lines.contains("┄┄ January 2026: 53 min"), "\(lines)")
        #expect(lines.last == "Compared with the previous period: 1–31 Jan 2026.")
        #expect(lines.allSatisfy { $0.displayWidth <= 80 && !$0.hasSuffix(" ") })
        // Braille dots only in the plot; the baseline's are there too.
        #expect(lines.contains { $0.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) } })
        // Piped, plain `hiit stats` stays as it was: no chart.
        let plain = try box.run(["stats", "month", "--date", "2026-02-15"])
        #expect(!plain.stdoutLines.contains("Workout time added up day by day"))
        #expect(plain.stdoutLines.contains { $0.hasPrefix("Workout time   1 h 41 min") && $0.contains("53 min") }, "\(plain)")
    }

    @Test func cumulativeJSONGivesBothSeries() throws {
        let box = try StatsCommandTests.sandbox()
        let run = try box.run(["stats", "month", "--date", "2026-02-15", "--cumulative", "--json", "--metric", "sessions"])
        #expect(run.status == 0, "\(run)")
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        let cumulative = try #require(object?["cumulative"] as? [String: Any], "\(run)")
        #expect(cumulative["metric"] as? String == "sessions" && cumulative["unit"] as? String == "sessions")
        let current = try #require(cumulative["current"] as? [[String: Any]])
        #expect(current.count == 28)
        #expect(current.last?["date"] as? String == "2026-02-28" && current.last?["value"] as? Double == 6)
        let comparison = try #require(cumulative["comparison"] as? [[String: Any]])
        #expect(comparison.count == 31 && comparison.last?["value"] as? Double == 2)
        // Without --cumulative the JSON has no series.
        let plain = try box.run(["stats", "month", "--date", "2026-02-15", "--json"])
        #expect(!plain.stdout.contains("\"cumulative\""))
    }

    @Test func profileDefaultsAreWhatPlainStatsShows() throws {
        let box = try StatsCommandTests.sandbox()
        let set = try box.run(["profile", "--default-period", "month", "--default-compare", "last-year"])
        #expect(set.status == 0, "\(set)")
        #expect(set.stdoutLines.contains("Statistics     'hiit stats' shows this month against the same period last year"), "\(set)")
        let stored = try String(contentsOf: box.profileURL, encoding: .utf8)
        #expect(stored.contains("\"defaultCompare\" : \"last-year\"") && stored.contains("\"defaultPeriod\" : \"month\""), "\(stored)")
        let stats = try box.run(["stats", "--date", "2026-02-15"])
        #expect(stats.stdoutLines.first == "February 2026", "\(stats)")
        #expect(stats.stdoutLines.last { $0.hasPrefix("Compared") } == "Compared with the same period last year: 1–28 Feb 2025.", "\(stats)")
        // The command line still wins.
        let week = try box.run(["stats", "week", "--date", "2026-02-15", "--compare", "previous"])
        #expect(week.stdoutLines.first?.hasPrefix("Week 7") == true, "\(week)")
        // none forgets them: the file is as before they were set.
        let cleared = try box.run(["profile", "--default-period", "none", "--default-compare", "none"])
        #expect(cleared.status == 0, "\(cleared)")
        #expect(!cleared.stdoutLines.contains { $0.hasPrefix("Statistics") })
        #expect(try String(contentsOf: box.profileURL, encoding: .utf8) == "{\n  \"firstWeekday\" : \"system\",\n  \"units\" : \"metric\",\n  \"version\" : 1\n}\n")
    }

    @Test(arguments: [
        (["--default-period", "fortnight"], "Error: --default-period: 'fortnight' is not one of 7d, day, 24h, week, month, quarter, year, FROM..TO (YYYY-MM-DD..YYYY-MM-DD), none"),
        (["--default-compare", "yesterday"], "Error: --default-compare: 'yesterday' is not one of previous, last-year, none"),
    ])
    func badDefaultsAreUsageErrorsAndTouchNothing(arguments: [String], message: String) throws {
        let box = try StatsCommandTests.sandbox()
        try box.writeProfile(Data(#"{"version": 1, "weightKg": 70}"#.utf8))
        let run = try box.run(["profile"] + arguments)
        #expect(run.status == 64, "\(run)")
        #expect(run.stderr.split(separator: "\n").first.map(String.init) == message, "\(run)")
        #expect(try String(contentsOf: box.profileURL, encoding: .utf8) == #"{"version": 1, "weightKg": 70}"#)
    }

    @Test func cacheStateAndRebuild() throws {
        let box = try StatsCommandTests.sandbox()
        let none = try box.run(["stats", "--cache"])
        #expect(none.status == 0, "\(none)")
        #expect(none.stdoutLines.contains("State          no cache yet: the next 'hiit stats' builds it"), "\(none)")
        _ = try box.run(["stats", "month"])
        let built = try box.run(["stats", "--cache"])
        #expect(built.stdoutLines.first?.hasPrefix("Roll-up cache  ") == true && built.stdoutLines.first?.hasSuffix("/cache/stats-rollup.cache") == true, "\(built)")
        #expect(built.stdoutLines.contains("Holds          9 sessions on 9 days (3 Feb 2025 – 28 Feb 2026)"), "\(built)")
        #expect(built.stdoutLines.contains("State          matches the history: 'hiit stats' reads the cache, not the history"))
        let history = try Data(contentsOf: box.historyURL)
        let rebuilt = try box.run(["stats", "--rebuild-cache"])
        #expect(rebuilt.status == 0, "\(rebuilt)")
        #expect(rebuilt.stdoutLines == ["Rebuilt the roll-up cache from the whole history: 9 sessions on 9 days."])
        #expect(try Data(contentsOf: box.historyURL) == history, "the history is never touched")
        let json = try box.run(["stats", "--cache", "--json"])
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect(object?["state"] as? String == "current" && object?["days"] as? Int == 9 && object?["matchesHistory"] as? Bool == true, "\(json)")
        let conflict = try box.run(["stats", "month", "--cache"])
        #expect(conflict.status == 64, "\(conflict)")
    }
}
