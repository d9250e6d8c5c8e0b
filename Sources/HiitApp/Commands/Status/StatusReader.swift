import Foundation
import POSIX
import RunStatus
import WorkoutModel
import WorkoutStats
import WorkoutStore

/// Reads what `hiit status` shows: the running timer's `state.json` in the ``RuntimeFolder``
/// (stale when its pid is gone), else the week from the profile and the history.
struct StatusReader {
    /// Where the timer's files are.
    let folder: RuntimeFolder
    /// Where the data folder is.
    let locations: Locations
    /// The process environment (`TZ`, the locale).
    let environment: [String: String]

    /// The running timer's state, if a file is there, in a folder fit to trust (``RuntimeFolder/check()``),
    /// and readable; else `nil`. Whether its process lives is not checked here.
    func state() -> RunState? {
        guard (try? folder.check()) != nil, let data = FileManager.default.contents(atPath: folder.statePath) else { return nil }
        return try? RunState(data: data)
    }

    /// The reading at `now`: the state when its process lives, else the week.
    func reading(now: Date) -> StatusReading {
        StatusReading.resolve(state: state(), isAlive: RunningProcess.exists) { week(now: now) }
    }

    /// The week at `now`: with a weekly goal, its progress in the goal's metric and unit and its
    /// change against last week up to the same day and hour; without one, the workout time in
    /// whole minutes and its change. A profile or history that cannot be read counts nothing
    /// (`hiit goal` and `hiit stats` say what is wrong; a status bar has no room for it).
    func week(now: Date) -> WeekFigures {
        let dataFolder = DataFolder(url: locations.dataFolder)
        let profile = (try? ProfileFile(folder: dataFolder).read()) ?? Profile()
        let context = WeekStanding.context(now: now, firstWeekday: profile.firstWeekday, environment: environment)
        let rollup = (try? StatsData.load(folder: dataFolder))?.rollup ?? DailyRollup()
        let goal = profile.weeklyGoal
        let query = StatsQuery(period: .week, baseline: .previous, metric: goal?.statsMetric ?? .time,
                               filter: goal?.filter ?? .all)
        let report = try? StatsReport(rollup: rollup, query: query, context: context)
        let change = report?.comparison?.change(of: query.metric).percent
        if let goal {
            let progress = WeeklyGoalProgress(goal: goal, rollup: rollup, context: context)
            return WeekFigures(amount: GoalText.shortAmounts(progress, units: profile.units), goalFraction: progress.fraction,
                               isGoalMet: progress.isMet, changePercent: change)
        }
        let seconds = report?.totals.value(of: .time) ?? 0
        return WeekFigures(amount: "\(Int((seconds / 60 + 1e-9).rounded(.down))) min", changePercent: change)
    }
}
