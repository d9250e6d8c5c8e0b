import WorkoutModel

extension WeeklyGoal {
    /// The sessions the goal counts: ``SessionFilter/all`` without a sport, else that sport's
    /// sessions (or interval workouts), as `hiit stats --sport` counts them. A stored sport
    /// word that is not a filter counts every session (``validate()`` refuses it anyway).
    public var filter: SessionFilter {
        guard let sport else { return .all }
        return (try? SessionFilter(argument: sport)) ?? .all
    }

    /// The statistics' metric of the goal: workout time, sessions, kcal or distance.
    public var statsMetric: WorkoutStats.Metric {
        switch metric {
        case .sessions: .sessions
        case .time: .time
        case .kcal: .kcal
        case .distance: .distance
        }
    }

    /// Whether totals (of one week, under ``filter``) reach the target. Totals are exact to the
    /// millisecond, the micro-kcal and the millimetre, so a target is met by a sum equal to it.
    public func isMet(by totals: StatsTotals) -> Bool {
        isReached(by: totals.value(of: statsMetric))
    }

    /// Whether a value of the goal's metric (seconds, sessions, kcal, metres) reaches the target.
    public func isReached(by value: Double) -> Bool {
        value >= target - 1e-9
    }
}

/// How far this week is towards the weekly goal: the week's dates, what is done and the target.
public struct WeeklyGoalProgress: Equatable, Sendable {
    /// The goal.
    public let goal: WeeklyGoal
    /// The first day of the week holding today (the profile's first weekday).
    public let firstDay: LocalDay
    /// The last day of that week.
    public let lastDay: LocalDay
    /// The week's value of the goal's metric under its filter, in base units (seconds,
    /// sessions, kcal, metres).
    public let done: Double

    /// Creates a progress value.
    public init(goal: WeeklyGoal, firstDay: LocalDay, lastDay: LocalDay, done: Double) {
        self.goal = goal
        self.firstDay = firstDay
        self.lastDay = lastDay
        self.done = done
    }

    /// The progress of the week holding today.
    /// - Parameters:
    ///   - goal: the weekly goal.
    ///   - rollup: the history's daily roll-up.
    ///   - context: today and the first weekday.
    public init(goal: WeeklyGoal, rollup: DailyRollup, context: StatsContext) {
        let weeks = CalendarWeeks(firstWeekday: context.firstWeekday)
        let week = weeks.week(of: context.today)
        let first = weeks.firstDay(of: week) ?? context.today
        let totals = Streaks.weeklyTotals(rollup, filter: goal.filter, weeks: weeks)[week] ?? StatsTotals()
        self.init(goal: goal, firstDay: first, lastDay: first.adding(days: 6) ?? first,
                  done: totals.value(of: goal.statsMetric))
    }

    /// `done / target`, 0 or more (above 1 past the goal).
    public var fraction: Double { goal.target > 0 ? done / goal.target : 0 }

    /// Whether the week has reached the goal.
    public var isMet: Bool { goal.isReached(by: done) }
}

/// The streaks and this week's goal progress of a history as of today, as `hiit stats` shows
/// them and `hiit stats --json` writes them under `streaks` and `goal` (see
/// ``StatsReport/jsonData()``). They are always as of today, whatever period the report shows.
public struct StreakReport: Equatable, Sendable {
    /// Days in a row with a session.
    public let days: Streaks
    /// Weeks in a row meeting the weekly goal; `nil` without a goal.
    public let weeks: Streaks?
    /// This week's progress; `nil` without a goal.
    public let goal: WeeklyGoalProgress?

    /// Creates a report from its parts.
    public init(days: Streaks, weeks: Streaks?, goal: WeeklyGoalProgress?) {
        self.days = days
        self.weeks = weeks
        self.goal = goal
    }

    /// The streaks and the goal's progress of a history's roll-up.
    /// - Parameters:
    ///   - rollup: the history's daily roll-up.
    ///   - goal: the profile's weekly goal, if any.
    ///   - context: today and the first weekday.
    public init(rollup: DailyRollup, goal: WeeklyGoal?, context: StatsContext) {
        days = Streaks.days(in: rollup, context: context)
        weeks = goal.map { Streaks.weeks(meeting: $0, in: rollup, context: context) }
        self.goal = goal.map { WeeklyGoalProgress(goal: $0, rollup: rollup, context: context) }
    }
}
