import Foundation
import TerminalUI
import WorkoutModel
import WorkoutStats
import WorkoutStore

/// Where this week stands: the streaks and the weekly goal's progress of the history as of an
/// instant, read through the statistics' roll-up cache (``StatsData``: the fast history reader,
/// only the lines added since the cache was made). Used by `hiit goal` and the end of `hiit
/// run`; `hiit stats` builds the same ``StreakReport`` from the roll-up it has read already.
enum WeekStanding {
    /// The calendar facts of `now` as the statistics use them: the zone of `TZ`
    /// (``LocalTimeZone``), the profile's first weekday, the locale of `LC_ALL`/`LC_TIME`/`LANG`
    /// for `system` (``UserLocale``).
    /// - Parameters:
    ///   - now: the instant "now".
    ///   - firstWeekday: the profile's.
    ///   - environment: the process environment.
    static func context(now: Date, firstWeekday: Profile.FirstWeekday, environment: [String: String]) -> StatsContext {
        StatsContext(timeZone: LocalTimeZone.current(environment: environment, at: now), now: now,
                     firstWeekday: firstWeekday, locale: UserLocale.fromEnvironment(environment))
    }

    /// The streaks and this week's progress of the history of `folder`.
    /// - Parameters:
    ///   - folder: the data folder.
    ///   - goal: the weekly goal, if any.
    ///   - context: today and the first weekday.
    /// - Returns: the report and the history lines that could not be read (skipped).
    /// - Throws: ``StoreError/io(path:operation:errno:)`` when the history exists but cannot be read.
    static func read(folder: DataFolder, goal: WeeklyGoal?,
                     context: StatsContext) throws(StoreError) -> (report: StreakReport, problems: [HistoryProblem]) {
        let data = try StatsData.load(folder: folder)
        return (StreakReport(rollup: data.rollup, goal: goal, context: context), data.problems)
    }

    /// `Week: 95 of 150 min`, the end-of-workout line, or `nil` when no goal is set or the
    /// profile or the history cannot be read (the run has said what it had to; this line is
    /// never a reason to fail it).
    /// - Parameters:
    ///   - locations: where the data folder is.
    ///   - environment: the process environment (`TZ`, the locale).
    ///   - glyphs: the console's characters.
    ///   - now: the instant the session was saved.
    static func summaryLine(locations: Locations, environment: [String: String], glyphs: Glyphs,
                            now: Date) -> String? {
        progress(locations: locations, environment: environment, now: now).map { progress, units in
            GoalText.summaryLine(progress, units: units, glyphs: glyphs)
        }
    }

    /// `Week 95 of 150 min ▕██████░░░░▏ 63 %` for the timer's start (the prepare countdown),
    /// or `nil` as for ``summaryLine(locations:environment:glyphs:now:)``.
    /// - Parameters: as ``summaryLine(locations:environment:glyphs:now:)``, `now` the run's start.
    static func startLine(locations: Locations, environment: [String: String], glyphs: Glyphs, now: Date) -> String? {
        progress(locations: locations, environment: environment, now: now).flatMap { progress, units in
            GoalText.progressLines(progress, units: units, glyphs: glyphs, width: .max).first
        }
    }

    /// This week's progress towards the profile's goal and the profile's units, or `nil`.
    private static func progress(locations: Locations, environment: [String: String],
                                 now: Date) -> (WeeklyGoalProgress, Profile.Units)? {
        let folder = DataFolder(url: locations.dataFolder)
        guard let profile = try? ProfileFile(folder: folder).read(), let goal = profile.weeklyGoal else { return nil }
        let context = context(now: now, firstWeekday: profile.firstWeekday, environment: environment)
        guard let progress = (try? read(folder: folder, goal: goal, context: context))?.report.goal else { return nil }
        return (progress, profile.units)
    }
}
