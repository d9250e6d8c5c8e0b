import WorkoutModel

/// A run of consecutive days (or weeks) and the dates it spans, both included.
public struct Streak: Equatable, Sendable {
    /// Days (or weeks) in the run, 1 or more.
    public let count: Int
    /// The first day of the run (for weeks: the first day of its first week).
    public let firstDay: LocalDay
    /// The last day of the run (for weeks: the last day of its last week).
    public let lastDay: LocalDay
}

/// The current and the longest streak of a history (issue 16), as `hiit stats` shows them.
///
/// Rules, for days and weeks alike (a "unit" is a local calendar day, or a calendar week
/// starting on the profile's first weekday):
/// - A unit counts when it holds a session (days: any session, by its stored `localDate`,
///   the date where it took place, as every day-or-longer statistic attributes it), or when its
///   totals meet the weekly goal (weeks: ``WeeklyGoal``, counted as `hiit stats` counts, with the
///   goal's sport filter).
/// - Units are consecutive when their dates are: day arithmetic is on dates (``LocalDay``), so a
///   23- or 25-hour DST day, New Year and 29 February are one day like any other.
/// - **Current**: the run that holds today (this week); when today (this week) does not count
///   yet, the run that holds yesterday (last week), because a day is not lost before it is over.
///   Otherwise there is none (`nil`, shown as 0). The run is taken whole, so it may reach a
///   date after today: a session recorded where the date was already tomorrow (Pacific/Apia
///   seen from New York).
/// - **Longest**: the longest run in the whole history (the current one included); of runs of
///   equal length, the latest. `nil` when no unit counts.
public struct Streaks: Equatable, Sendable {
    /// The run through today (or yesterday), see above; `nil` for none.
    public let current: Streak?
    /// The longest run, the latest of equals; `nil` when nothing counts.
    public let longest: Streak?

    /// The streaks of runs of consecutive units.
    /// - Parameters:
    ///   - units: the indices of the units that count (day numbers, week numbers), any order,
    ///     repeats allowed.
    ///   - now: the index of today's unit.
    ///   - span: the first and last day of a run from its first to its last unit.
    static func runs(of units: some Sequence<Int>, now: Int, span: (Int, Int) -> (LocalDay, LocalDay)?) -> Streaks {
        let sorted = Set(units).sorted()
        var current: Streak?
        var longest: Streak?
        var index = 0
        while index < sorted.count {
            var end = index
            while end + 1 < sorted.count, sorted[end + 1] == sorted[end] + 1 { end += 1 }
            let first = sorted[index], last = sorted[end]
            if let (firstDay, lastDay) = span(first, last) {
                let run = Streak(count: end - index + 1, firstDay: firstDay, lastDay: lastDay)
                if run.count >= (longest?.count ?? 0) { longest = run }
                if first <= now, now <= last { current = run }
                if current == nil, first <= now - 1, now - 1 <= last { current = run }
            }
            index = end + 1
        }
        return Streaks(current: current, longest: longest)
    }

    // MARK: Days

    /// The day streaks of local dates with a session.
    /// - Parameters:
    ///   - days: the dates with at least one session, any order.
    ///   - today: the local date of now (``StatsContext/today``).
    public static func days(_ days: some Sequence<LocalDay>, today: LocalDay) -> Streaks {
        runs(of: days.lazy.map(\.dayNumber), now: today.dayNumber, span: daySpan)
    }

    /// The dates of a run of day numbers; `nil` outside the years 1–9999.
    static func daySpan(_ first: Int, _ last: Int) -> (LocalDay, LocalDay)? {
        guard let firstDay = LocalDay(dayNumber: first), let lastDay = LocalDay(dayNumber: last) else { return nil }
        return (firstDay, lastDay)
    }

    /// The day streaks of a history's roll-up (every session counts, whatever its sport).
    /// - Parameters:
    ///   - rollup: the history's daily roll-up.
    ///   - context: gives today.
    public static func days(in rollup: DailyRollup, context: StatsContext) -> Streaks {
        var numbers: [Int] = []
        rollup.forEachCell(of: .all) { dayNumber, _, sums in
            if sums.sessions > 0 { numbers.append(dayNumber) }
        } distance: { _, _, _, _ in }
        return runs(of: numbers, now: context.today.dayNumber, span: daySpan)
    }

    // MARK: Weeks

    /// The week streaks of weeks meeting `goal`.
    /// - Parameters:
    ///   - goal: the weekly goal (its metric, target and sport filter).
    ///   - rollup: the history's daily roll-up.
    ///   - context: today and the first weekday.
    public static func weeks(meeting goal: WeeklyGoal, in rollup: DailyRollup, context: StatsContext) -> Streaks {
        let calendarWeeks = CalendarWeeks(firstWeekday: context.firstWeekday)
        let totals = weeklyTotals(rollup, filter: goal.filter, weeks: calendarWeeks)
        let met = totals.compactMap { week, sums in goal.isMet(by: sums) ? week : nil }
        return runs(of: met, now: calendarWeeks.week(of: context.today)) { first, last in
            guard let firstDay = calendarWeeks.firstDay(of: first),
                  let lastDay = calendarWeeks.firstDay(of: last)?.adding(days: 6) else { return nil }
            return (firstDay, lastDay)
        }
    }

    /// The totals of each week with sessions under `filter` (week number → totals).
    static func weeklyTotals(_ rollup: DailyRollup, filter: SessionFilter, weeks: CalendarWeeks) -> [Int: StatsTotals] {
        var totals: [Int: StatsTotals] = [:]
        rollup.forEachCell(of: filter) { dayNumber, _, sums in
            totals[weeks.week(ofDayNumber: dayNumber), default: StatsTotals()].add(sums)
        } distance: { dayNumber, _, sport, mm in
            totals[weeks.week(ofDayNumber: dayNumber), default: StatsTotals()].addDistance(mm, sport: sport)
        }
        return totals
    }
}

/// Calendar weeks starting on a first weekday, numbered consecutively (week 0 starts on the
/// first such weekday from 1970-01-01 on), so that consecutive weeks have consecutive numbers
/// across New Year and every year length. Pure date arithmetic on ``LocalDay`` day numbers;
/// the streaks, the weekly goal and ``StatsPeriod``'s weeks all use it.
struct CalendarWeeks: Sendable {
    /// The first day of a week, `Calendar` numbering: 1 = Sunday, 2 = Monday, 7 = Saturday.
    let firstWeekday: Int

    /// The day number of a day that starts a week (0–6: the first such day from 1970-01-01, a
    /// Thursday, on).
    private var firstStart: Int { StatsContext.floorMod(firstWeekday - 5, 7) }

    /// The number of the week holding a day number.
    func week(ofDayNumber dayNumber: Int) -> Int { StatsContext.floorDiv(dayNumber - firstStart, 7) }

    /// The number of the week holding a date.
    func week(of day: LocalDay) -> Int { week(ofDayNumber: day.dayNumber) }

    /// The first day of a week; `nil` outside the years 1–9999.
    func firstDay(of week: Int) -> LocalDay? { LocalDay(dayNumber: week * 7 + firstStart) }
}
