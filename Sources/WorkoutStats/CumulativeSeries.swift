import Foundation
import WorkoutModel

/// One step of a running total: a day (or a clock hour) and the total of the metric from the
/// period's start through it.
public struct CumulativePoint: Equatable, Sendable {
    /// The step's local date (for an hourly step, the date of its hour).
    public let day: LocalDay
    /// The step's first instant (the start of the day, or of the hour).
    public let start: Date
    /// The metric's total from the first step through this one, in the metric's base unit
    /// (sessions, seconds of workout time, kcal, metres, metres climbed).
    public let value: Double
}

/// The running total of a report's metric over its period, step by step, and the same for the
/// whole baseline period: what `hiit stats --cumulative` draws (issue 17, "Progress over time").
///
/// Steps are calendar days for every period of a day or longer (a month has 28–31 steps, a year
/// 365 or 366, whatever its bars are), and the report's hourly buckets for `day` and `24h`
/// (23–25 on a day the clocks change). Each value is the fixed-point sum of
/// ``StatsTotals`` up to that step, so the last step of a past period equals the report's total
/// exactly.
///
/// - The current series stops at today (at the current hour for `day` and `24h`) while the
///   period is in progress: the days after today have no point, rather than a flat line to the
///   period's end.
/// - The comparison series covers the whole baseline period (all of last month, not only the
///   part elapsed), each step on its own dates: day `i` of the baseline beside day `i` of the
///   period (``aligned(_:steps:)``). `day` compares by the clock hour where each session took
///   place (24 slots), `24h` by whole hours from the baseline window's start.
public struct CumulativeSeries: Equatable, Sendable {
    /// The metric summed.
    public let metric: Metric
    /// Whether the steps are clock hours (`day`, `24h`) rather than days.
    public let isHourly: Bool
    /// Steps in the whole current period (days, or hourly buckets).
    public let steps: Int
    /// The current period's running total, one point per step through today (all steps for a
    /// past period; none for a future one).
    public let current: [CumulativePoint]
    /// The baseline's running total over its whole period, one point per step on its own dates;
    /// `nil` when the report has no comparison.
    public let comparison: [CumulativePoint]?
    /// The baseline period's name in English (`October 2026`, `16–22 Nov 2026`), when there is one.
    public let comparisonTitle: String?
    /// The step holding today (now, for hourly steps) while the period is in progress; `nil` otherwise.
    public let todayIndex: Int?

    /// The current total at its last point (0 when there is none).
    public var currentTotal: Double { current.last?.value ?? 0 }
    /// The baseline's total over its whole period; `nil` without a comparison.
    public var comparisonTotal: Double? { comparison.map { $0.last?.value ?? 0 } }
    /// The baseline's running total beside each step of the current period (``aligned(_:steps:)``);
    /// empty without a comparison.
    public var alignedComparison: [Double] {
        guard let comparison else { return [] }
        return Self.aligned(comparison.map(\.value), steps: steps)
    }
    /// The baseline's running total by the same step as today (``todayIndex``); `nil` when the
    /// period is not in progress or there is no comparison.
    public var comparisonAtToday: Double? {
        guard let todayIndex, comparison != nil else { return nil }
        let aligned = alignedComparison
        return todayIndex < aligned.count ? aligned[todayIndex] : nil
    }

    // MARK: Building

    /// The series of a report of a day-or-longer period, from the roll-up it was built from.
    /// - Parameters:
    ///   - rollup: the daily roll-up of the history.
    ///   - report: a report of a day-or-longer period made from `rollup` (its period, metric,
    ///     filter, baseline and context are used).
    /// - Returns: the series; for an hourly report, ``init(hourly:)``'s.
    public init(rollup: DailyRollup, report: StatsReport) {
        let period = report.period
        guard !period.isHourly else {
            self.init(hourly: report)
            return
        }
        let context = report.context
        let days = Self.days(from: period.firstDay, through: period.lastDay)
        var window: (first: LocalDay, last: LocalDay)?
        if let kind = report.comparison?.baseline, let found = period.baselineWindow(kind, context: context) {
            window = (found.firstDay, found.wholeLastDay ?? found.lastDay)
        }
        let baselineDays = window.map { Self.days(from: $0.first, through: $0.last) } ?? []
        var sums = [StatsTotals](repeating: StatsTotals(), count: days.count)
        var baselineSums = [StatsTotals](repeating: StatsTotals(), count: baselineDays.count)
        let first = period.firstDay.dayNumber, baselineFirst = window?.first.dayNumber ?? 0
        rollup.forEachCell(of: report.filter) { dayNumber, _, cell in
            let i = dayNumber - first, j = dayNumber - baselineFirst
            if i >= 0, i < sums.count { sums[i].add(cell) }
            if j >= 0, j < baselineSums.count { baselineSums[j].add(cell) }
        } distance: { dayNumber, _, sport, mm in
            let i = dayNumber - first, j = dayNumber - baselineFirst
            if i >= 0, i < sums.count { sums[i].addDistance(mm, sport: sport) }
            if j >= 0, j < baselineSums.count { baselineSums[j].addDistance(mm, sport: sport) }
        }
        let today = context.today
        let shown = period.isInProgress ? days.prefix { $0 <= today }.count : (period.firstDay > today ? 0 : days.count)
        let running = Self.running(sums, metric: report.metric)
        let current = (0..<shown).map { CumulativePoint(day: days[$0], start: context.startOfDay(days[$0]), value: running[$0]) }
        var comparison: [CumulativePoint]?
        var title: String?
        if let window {
            let baselineRunning = Self.running(baselineSums, metric: report.metric)
            comparison = baselineDays.indices.map {
                CumulativePoint(day: baselineDays[$0], start: context.startOfDay(baselineDays[$0]), value: baselineRunning[$0])
            }
            title = StatsPeriod.title(period.kind == .range ? .range : period.kind, first: window.first, last: window.last,
                                      context: context)
        }
        self.init(metric: report.metric, isHourly: false, steps: days.count, current: current, comparison: comparison,
                  comparisonTitle: title, todayIndex: period.isInProgress ? max(0, shown - 1) : nil)
    }

    /// The series of an hourly report (`day`, `24h`): the current steps are its buckets, the
    /// baseline's the 24 clock hours the report's builder kept.
    /// - Parameter report: a report built from records (``StatsReport/init(records:query:context:)``
    ///   or a ``StatsReportBuilder``); a report of a longer period gives its buckets as steps and
    ///   no comparison (use ``init(rollup:report:)`` for those).
    public init(hourly report: StatsReport) {
        let context = report.context, period = report.period
        let now = context.now
        let shown = period.isInProgress ? report.buckets.prefix { $0.span.start <= now }.count
            : (period.start > now ? 0 : report.buckets.count)
        let running = Self.running(report.buckets.map(\.totals), metric: report.metric)
        let current = (0..<shown).map {
            CumulativePoint(day: report.buckets[$0].span.firstDay, start: report.buckets[$0].span.start, value: running[$0])
        }
        var comparison: [CumulativePoint]?
        var title: String?
        if let kind = report.comparison?.baseline, report.hourlyBaseline.count == 24,
           let window = period.baselineWindow(kind, context: context) {
            let baselineRunning = Self.running(report.hourlyBaseline, metric: report.metric)
            comparison = (0..<24).map { hour in
                let start = window.instants.map { $0.lowerBound.addingTimeInterval(Double(hour) * 3600) }
                    ?? context.instant(of: window.firstDay, hour: hour)
                return CumulativePoint(day: context.localDay(of: start), start: start, value: baselineRunning[hour])
            }
            title = window.instants == nil
                ? StatsPeriod.title(.day, first: window.firstDay, last: window.firstDay, context: context)
                : "24 hours to " + Self.clock(window.instants?.upperBound ?? now, context: context)
        }
        self.init(metric: report.metric, isHourly: true, steps: report.buckets.count, current: current,
                  comparison: comparison, comparisonTitle: title, todayIndex: period.isInProgress ? max(0, shown - 1) : nil)
    }

    /// A series from its parts (see the properties); for tests and other callers that have
    /// their own steps.
    public init(metric: Metric, isHourly: Bool, steps: Int, current: [CumulativePoint], comparison: [CumulativePoint]?,
                comparisonTitle: String?, todayIndex: Int?) {
        self.metric = metric
        self.isHourly = isHourly
        self.steps = steps
        self.current = current
        self.comparison = comparison
        self.comparisonTitle = comparisonTitle
        self.todayIndex = todayIndex
    }

    // MARK: The maths

    /// Running totals of per-step sums: element `i` is the metric's value of steps 0…i added
    /// in fixed point (``StatsTotals/add(_:)``), so the last equals the sum of all exactly.
    /// - Parameters:
    ///   - steps: the totals of each step.
    ///   - metric: the value taken from each running sum.
    /// - Returns: one value per step, in the metric's base unit.
    public static func running(_ steps: [StatsTotals], metric: Metric) -> [Double] {
        var sum = StatsTotals()
        return steps.map { step in
            sum.add(step)
            return sum.value(of: metric)
        }
    }

    /// A baseline's running totals laid beside the current period's steps, by step index (day 1
    /// beside day 1): value `i` is the baseline's total through its step `i`. A shorter baseline
    /// (February beside March) stays at its total for the steps it lacks; a longer one (January
    /// beside February) has its remaining days in the last step, so both lines end at their
    /// period's total.
    /// - Parameters:
    ///   - values: the baseline's running totals, one per step of its own (non-decreasing).
    ///   - steps: steps of the current period (0 or more).
    /// - Returns: `steps` values (zeros for an empty baseline).
    public static func aligned(_ values: [Double], steps: Int) -> [Double] {
        guard steps > 0 else { return [] }
        guard let last = values.last else { return Array(repeating: 0, count: steps) }
        return (0..<steps).map { i in i == steps - 1 ? last : values[min(i, values.count - 1)] }
    }

    /// The local dates from `first` through `last` (empty when `last` is before `first`).
    static func days(from first: LocalDay, through last: LocalDay) -> [LocalDay] {
        let count = first.days(to: last) + 1
        return count > 0 ? (0..<count).compactMap { first.adding(days: $0) } : []
    }

    /// `28 Feb 2023 12:40` in the viewing zone.
    static func clock(_ date: Date, context: StatsContext) -> String {
        let day = context.localDay(of: date)
        let parts = context.calendar.dateComponents([.hour, .minute], from: date)
        return "\(day.day) \(day.monthAbbreviation) \(day.year) \(StatsContext.two(parts.hour ?? 0)):\(StatsContext.two(parts.minute ?? 0))"
    }
}
