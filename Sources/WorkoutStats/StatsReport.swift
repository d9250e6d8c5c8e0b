import Foundation
import WorkoutModel

/// One bucket of a report: its span and its totals.
public struct StatsBucket: Equatable, Sendable {
    /// Label, dates and instants.
    public let span: StatsBucketSpan
    /// Totals of the sessions attributed to this bucket.
    public let totals: StatsTotals

    /// The label shown beside the bar (see ``StatsBucketSpan/label``).
    public var label: String { span.label }
}

/// Everything `hiit stats` shows for one query: buckets, totals, average per bucket, best
/// bucket and comparison. Build it from the records (every period) or from a ``DailyRollup``
/// (day-or-longer periods); both give identical reports.
///
/// Rules (DESIGN §4):
/// - A session counts once, whole, in the bucket holding its local start. Day-or-longer
///   buckets use the stored `localDate` (a past session never moves when the zone changes; a
///   session recorded in Asia/Singapore stays on its Singapore date when viewed from Los
///   Angeles).
/// - `day`: the sessions whose `localDate` is that day, placed by the wall-clock time of their
///   start in their own offset (`start + utcOffsetSeconds`): the hour bucket whose wall-clock
///   span holds it, preferring the one with the same UTC offset (so on a fall-back day a
///   02:30 CEST session goes to `02:00` and a 02:30 CET one to `02:00 (2)`); a wall time the
///   viewing day skips (a spring-forward gap, or before Santiago's 01:00 start) goes to the
///   last bucket starting before it, else the first bucket.
/// - `24h`: sessions whose start instant lies in a bucket's instants (up to now): a rolling
///   window of real time in the viewer's zone, so a session recorded at 07:00 in New York
///   (13:00 in Prague) is in the `13:00` bar of `24h` seen from Prague and in the `07:00` bar
///   of `day`, which goes by the wall-clock time recorded where it took place.
/// - Totals of buckets add up to the period's totals exactly (fixed-point sums: each session's
///   seconds rounded to the millisecond, kcal to the micro-kilocalorie, 6 decimals, and
///   distance to the millimetre before adding; see ``StatsTotals``).
/// - Average per bucket: the period totals divided by the buckets begun by now (all of them for
///   a past period; today's bucket included; never more than the period has).
/// - Best bucket: the bucket with the largest value of the metric, the earliest of equals;
///   `nil` when every bucket is zero.
/// - Baseline `previous`: the period before (same length for `7d`, `week`, `day`, ranges; the
///   previous calendar month, quarter, year; for `24h` the window of the same length ending
///   24 hours earlier, so the current partial hour compares with the same minutes a day before).
///   `lastYear`: the same dates a year earlier, each date mapped with 29 February → 28 February
///   (`7d`: the 7 days ending on last year's date; week: the week 52 weeks (364 days) earlier,
///   the same weekdays, and the same ISO week number except after a 53-week year: 2021-W01
///   (4–10 January 2021) compares with 6–12 January 2020, 2020-W02, and 2020-W53 with
///   2020-W01; month, quarter, year: the calendar period holding the
///   first day's date a year earlier; `day` and ranges: each date mapped). `24h` last year: the
///   window of the same length (seconds) ending at the period's end moved back one calendar
///   year by `Calendar` (the same wall-clock time; 29 February → 28 February; a time skipped by
///   DST resolves as `Calendar` does): on 29 February 2024 12:40 UTC, 28 February 13:00 –
///   29 February 12:40 compares with 27 February 2023 13:00 – 28 February 2023 12:40. Only the
///   end is mapped, so the window's start is never after its end; an end `Calendar` cannot
///   move back gives no comparison (`nil`) rather than a trap.
/// - A period in progress compares with the same elapsed part (see ``StatsComparison``): the
///   elapsed days counted from the first day (weeks, 7 days, days, ranges against the previous
///   one; weeks against last year), or months and day of month (month and quarter against the
///   previous one: 15 March → 15 February, 30 March → all of February), or today's date a year
///   earlier with 29 February → 28 February (last year, and `year` against the previous year:
///   the previous year is last year, so both give the same window; on 29 February 2024 12:40
///   both compare 1 January 2023 00:00 – 28 February 2023 12:00).
public struct StatsReport: Sendable {
    /// The resolved period.
    public let period: StatsPeriod
    /// What the bars show and what "best" means.
    public let metric: Metric
    /// Which sessions were counted.
    public let filter: SessionFilter
    /// The buckets in time order.
    public let buckets: [StatsBucket]
    /// The sum of the buckets.
    public let totals: StatsTotals
    /// The period totals over the buckets begun (``StatsPeriod/bucketsBegun``).
    public let averagePerBucket: StatsAverage
    /// The bucket with the largest metric value; `nil` when every value is zero.
    public let best: StatsBucket?
    /// The comparison, when the query asked for a baseline.
    public let comparison: StatsComparison?
    /// The context the report was made in (for date formats).
    let context: StatsContext
    /// The streaks and this week's goal progress as of today, when the caller adds them (`hiit
    /// stats` does); written by ``jsonData()`` as `streaks` and `goal` when set.
    public var streaks: StreakReport?
    /// The running totals of the metric and of its baseline, when the caller adds them (`hiit
    /// stats --cumulative`); written by ``jsonData()`` as `cumulative` when set.
    public var cumulative: CumulativeSeries?
    /// Hourly periods built by a ``StatsReportBuilder``: the baseline's totals per clock hour
    /// (24 slots: `day` by the wall-clock hour where each session took place, `24h` by whole hours
    /// since the baseline window's start); empty otherwise.
    var hourlyBaseline: [StatsTotals] = []

    /// Builds a report from the records (every period kind).
    /// - Parameters:
    ///   - records: the history, any order; records outside the period are skipped.
    ///   - query: period, date, back, baseline, metric, filter.
    ///   - context: zone, now, first weekday.
    /// - Throws: the errors of ``StatsPeriod/init(_:containing:back:context:)``.
    public init(records: some Sequence<SessionRecord>, query: StatsQuery, context: StatsContext) throws(StatsError) {
        var builder = try StatsReportBuilder(query: query, context: context)
        for record in records { builder.add(record) }
        self = builder.report
    }

    /// Builds a report from a daily roll-up: identical to the report from the records it was
    /// built from, for every day-or-longer period.
    /// - Throws: ``StatsError/hourlyPeriodNeedsRecords(period:)`` for `day` and `24h`; the errors
    ///   of ``StatsPeriod/init(_:containing:back:context:)``.
    public init(rollup: DailyRollup, query: StatsQuery, context: StatsContext) throws(StatsError) {
        if query.period == .day || query.period == .last24Hours {
            throw .hourlyPeriodNeedsRecords(period: query.period.argument)
        }
        let period = try StatsPeriod(query.period, containing: query.date, back: query.back, context: context)
        let window = query.baseline.flatMap { period.baselineWindow($0, context: context) }
        var sums = [StatsTotals](repeating: StatsTotals(), count: period.buckets.count)
        var baseline = StatsTotals()
        let map = DayBucketMap(period)
        rollup.forEachCell(of: query.filter) { dayNumber, hour, cell in
            if let index = map.bucket(of: dayNumber) { sums[index].add(cell) }
            if let window, window.contains(dayNumber: dayNumber, hour: hour) { baseline.add(cell) }
        } distance: { dayNumber, hour, sport, mm in
            if let index = map.bucket(of: dayNumber) { sums[index].addDistance(mm, sport: sport) }
            if let window, window.contains(dayNumber: dayNumber, hour: hour) { baseline.addDistance(mm, sport: sport) }
        }
        self.init(period: period, sums: sums, baseline: window.map { ($0, baseline) }, query: query, context: context)
    }

    /// The report of a builder's sums.
    init(builder: StatsReportBuilder) {
        self.init(period: builder.period, sums: builder.sums, baseline: builder.window.map { ($0, builder.baseline) },
                  query: builder.query, context: builder.context)
        hourlyBaseline = builder.baselineHours
    }

    private init(period: StatsPeriod, sums: [StatsTotals], baseline: (BaselineWindow, StatsTotals)?,
                 query: StatsQuery, context: StatsContext) {
        self.period = period
        self.metric = query.metric
        self.filter = query.filter
        self.context = context
        let buckets = zip(period.buckets, sums).map { StatsBucket(span: $0, totals: $1) }
        self.buckets = buckets
        var totals = StatsTotals()
        for sum in sums { totals.add(sum) }
        self.totals = totals
        averagePerBucket = StatsAverage(totals, buckets: period.bucketsBegun)
        var best: StatsBucket?
        for bucket in buckets where bucket.totals.value(of: query.metric) > (best?.totals.value(of: query.metric) ?? 0) {
            best = bucket
        }
        self.best = best
        if let (window, baselineTotals) = baseline, let kind = query.baseline {
            let start: Date, end: Date, instants: Bool
            if let range = window.instants {
                start = range.lowerBound
                end = range.upperBound
                instants = true
            } else {
                start = context.startOfDay(window.firstDay)
                if let cutDay = window.cutDay, let day = LocalDay(dayNumber: cutDay) {
                    end = context.instant(of: day, hour: window.cutHour)
                    instants = true
                } else {
                    end = context.startOfDay(window.lastDay.adding(days: 1) ?? window.lastDay)
                    instants = period.kind == .day && window.cutDay != nil
                }
            }
            comparison = StatsComparison(baseline: kind, firstDay: window.firstDay, lastDay: window.lastDay,
                                         start: start, end: end, isPartial: window.cutDay != nil || window.instants != nil,
                                         showsInstants: instants, totals: baselineTotals, current: totals)
        } else {
            comparison = nil
        }
    }
}

/// A report built from records handed over one at a time, so that the records never need to be
/// held together (`hiit stats day` and `24h` read a long history this way, as they read it).
/// ``StatsReport/init(records:query:context:)`` is this builder over a sequence; the report is
/// the same whatever the order of the records.
public struct StatsReportBuilder: Sendable {
    let period: StatsPeriod
    let window: BaselineWindow?
    let query: StatsQuery
    let context: StatsContext
    var sums: [StatsTotals]
    var baseline = StatsTotals()
    /// Hourly periods: the baseline's totals per clock hour (see ``StatsReport/hourlyBaseline``).
    var baselineHours: [StatsTotals]
    /// Bucket starts of a `24h` period.
    private let starts: [Date]
    /// Date → bucket of a day-or-longer period.
    private let map: DayBucketMap

    /// A builder for the report of `query` with no records yet.
    /// - Parameters:
    ///   - query: period, date, back, baseline, metric, filter.
    ///   - context: zone, now, first weekday.
    /// - Throws: the errors of ``StatsPeriod/init(_:containing:back:context:)``.
    public init(query: StatsQuery, context: StatsContext) throws(StatsError) {
        let period = try StatsPeriod(query.period, containing: query.date, back: query.back, context: context)
        self.period = period
        self.window = query.baseline.flatMap { period.baselineWindow($0, context: context) }
        self.query = query
        self.context = context
        sums = [StatsTotals](repeating: StatsTotals(), count: period.buckets.count)
        baselineHours = [StatsTotals](repeating: StatsTotals(), count: period.isHourly && window != nil ? 24 : 0)
        starts = period.kind == .last24Hours ? period.buckets.map(\.start) : []
        map = period.kind == .last24Hours || period.kind == .day ? DayBucketMap(firstNumber: 0, indices: []) : DayBucketMap(period)
    }

    /// Counts one record where it belongs (nowhere when it is outside the period and the
    /// baseline, or the filter leaves it out).
    public mutating func add(_ record: SessionRecord) {
        let filter = query.filter
        guard filter.includes(record) else { return }
        switch period.kind {
        case .last24Hours:
            let t = record.start
            if t >= period.start, t < period.end {
                let index = (starts.lastIndex { $0 <= t }) ?? 0
                sums[index].add(record, filter: filter)
            }
            if let range = window?.instants, range.contains(t) {
                baseline.add(record, filter: filter)
                let slot = Int(t.timeIntervalSince(range.lowerBound) / 3600)
                baselineHours[min(23, max(0, slot))].add(record, filter: filter)
            }
        case .day:
            let place = RecordPlace(record)
            if place.dayNumber == period.firstDay.dayNumber {
                sums[period.hourlyBucketIndex(wallSeconds: place.wallSeconds, utcOffsetSeconds: record.utcOffsetSeconds)]
                    .add(record, filter: filter)
            }
            if let window, window.contains(dayNumber: place.dayNumber, hour: place.hour) {
                baseline.add(record, filter: filter)
                baselineHours[min(23, max(0, place.hour))].add(record, filter: filter)
            }
        default:
            let place = RecordPlace(record)
            if let index = map.bucket(of: place.dayNumber) { sums[index].add(record, filter: filter) }
            if let window, window.contains(dayNumber: place.dayNumber, hour: place.hour) {
                baseline.add(record, filter: filter)
            }
        }
    }

    /// Adds the records of another builder of the same query and context (another part of the
    /// history): the report is then that of both parts' records.
    /// - Parameter other: a builder made with the same query and context (a programmer error
    ///   otherwise: its buckets would not line up).
    public mutating func merge(_ other: StatsReportBuilder) {
        precondition(other.sums.count == sums.count, "builders of different periods")
        for index in sums.indices { sums[index].add(other.sums[index]) }
        baseline.add(other.baseline)
        for index in baselineHours.indices where index < other.baselineHours.count {
            baselineHours[index].add(other.baselineHours[index])
        }
    }

    /// The report of the records added so far.
    public var report: StatsReport { StatsReport(builder: self) }
}

/// Local date → bucket index for a day-based period, built once per period (an array indexed
/// by day number, so no Calendar call per record).
struct DayBucketMap: Sendable {
    let firstNumber: Int
    let indices: [Int]

    init(firstNumber: Int, indices: [Int]) {
        self.firstNumber = firstNumber
        self.indices = indices
    }

    init(_ period: StatsPeriod) {
        firstNumber = period.firstDay.dayNumber
        var indices = [Int](repeating: -1, count: max(0, period.firstDay.days(to: period.lastDay) + 1))
        for (index, bucket) in period.buckets.enumerated() {
            let from = bucket.firstDay.dayNumber - firstNumber, to = bucket.lastDay.dayNumber - firstNumber
            if from <= to, from >= 0, to < indices.count {
                for i in from...to { indices[i] = index }
            }
        }
        self.indices = indices
    }

    func bucket(of dayNumber: Int) -> Int? {
        let i = dayNumber - firstNumber
        guard i >= 0, i < indices.count else { return nil }
        let index = indices[i]
        return index >= 0 ? index : nil
    }
}

extension StatsPeriod {
    /// The hourly bucket of a `day` period for a wall-clock start time (seconds after local
    /// midnight) in a given offset: the bucket whose wall span holds it with the same offset,
    /// else any whose wall span holds it, else the last starting before it, else the first.
    func hourlyBucketIndex(wallSeconds: Int, utcOffsetSeconds: Int) -> Int {
        var any: Int?
        var before: Int?
        for (index, bucket) in buckets.enumerated() {
            if bucket.wallStart <= wallSeconds {
                before = index
                if wallSeconds < bucket.wallEnd {
                    if bucket.utcOffsetSeconds == utcOffsetSeconds { return index }
                    if any == nil { any = index }
                }
            }
        }
        return any ?? before ?? 0
    }
}
