import Foundation
import WorkoutModel

/// A change from a baseline value to the current one.
public struct StatsChange: Equatable, Sendable {
    /// Current − baseline, in the metric's unit (always given).
    public let difference: Double
    /// `(current − baseline) / baseline × 100`, only when the baseline is above zero.
    public let percent: Double?
    /// The baseline is zero (or less) and the current value is above zero: shown as "new".
    public let isNew: Bool

    /// The change from `baseline` to `current`.
    public init(current: Double, baseline: Double) {
        difference = current - baseline
        percent = baseline > 0 ? (current - baseline) / baseline * 100 : nil
        isNew = baseline <= 0 && current > 0
    }
}

/// The baseline a period is compared with, and the changes.
///
/// A period in progress is compared with the same elapsed part of the baseline, cut at the
/// start of now's local clock hour (on 15 March 12:40 the month compares with 1 February
/// 00:00 to 15 February 12:00): the baseline's sessions before the cut date count whole, and on
/// the cut date those whose local start hour is before the cut hour. The cut is clamped to the
/// baseline's end (30 March → all of February); a baseline a year back cuts at today's date a
/// year earlier, 29 February → 28 February (so `year` against the previous year and against last
/// year is one window). `24h` windows keep the period's length in seconds. Always
/// `start ≤ end`. See ``StatsReport`` for how the baseline is chosen.
public struct StatsComparison: Equatable, Sendable {
    /// Which baseline.
    public let baseline: Baseline
    /// The baseline's first local date.
    public let firstDay: LocalDay
    /// The baseline's last local date included (the cut date when partial).
    public let lastDay: LocalDay
    /// The baseline's first instant.
    public let start: Date
    /// The instant just after what the baseline covers (the cut when partial).
    public let end: Date
    /// Whether only the elapsed part of the baseline is counted (the period is in progress and
    /// the cut falls inside the baseline), or the window is hourly (`day`, `24h`).
    public let isPartial: Bool
    /// Whether `start`/`end` are instants (hourly periods or a partial cut) rather than dates.
    let showsInstants: Bool
    /// The baseline's totals (same filter).
    public let totals: StatsTotals
    /// Current totals, kept to compute changes.
    let current: StatsTotals

    /// The change of one metric.
    public func change(of metric: Metric) -> StatsChange {
        StatsChange(current: current.value(of: metric), baseline: totals.value(of: metric))
    }

    /// Changes of total seconds (not a ``Metric``).
    public var totalSecondsChange: StatsChange {
        StatsChange(current: current.totalSeconds, baseline: totals.totalSeconds)
    }

    /// Distance changes per sport present in either period (metres).
    public var distanceBySportChange: [String: StatsChange] {
        let now = current.distanceBySport, then = totals.distanceBySport
        var result: [String: StatsChange] = [:]
        for sport in Set(now.keys).union(then.keys) {
            result[sport] = StatsChange(current: now[sport] ?? 0, baseline: then[sport] ?? 0)
        }
        return result
    }
}

/// Which part of which dates (or instants) a baseline covers.
struct BaselineWindow {
    var firstDay: LocalDay
    var lastDay: LocalDay
    /// Inclusive day numbers.
    var firstNumber: Int
    var lastNumber: Int
    /// Partial: sessions on `cutDay` count when their local start hour < `cutHour`; days after
    /// `cutDay` don't count. `nil`: the whole window.
    var cutDay: Int?
    var cutHour: Int
    /// Instant window for `24h` (by start instant).
    var instants: Range<Date>?
    /// The baseline period's last day before any cut (day-based periods; `nil` for `24h`): the
    /// cumulative chart draws the whole baseline period.
    var wholeLastDay: LocalDay? = nil

    func contains(dayNumber: Int, hour: Int) -> Bool {
        guard dayNumber >= firstNumber, dayNumber <= lastNumber else { return false }
        guard let cutDay else { return true }
        return dayNumber < cutDay || (dayNumber == cutDay && hour < cutHour)
    }
}

extension LocalDay {
    /// The same date a year earlier; 29 February → 28 February; `nil` in year 1 (the
    /// calendar's range starts there).
    var yearEarlier: LocalDay? {
        LocalDay(year: year - 1, month: month, day: min(day, LocalDay.daysIn(year: year - 1, month: month)))
    }
}

extension StatsPeriod {
    /// The baseline's dates and cut for this period (see ``StatsReport``).
    func baselineWindow(_ baseline: Baseline, context: StatsContext) -> BaselineWindow? {
        if kind == .last24Hours {
            // The same length as the period, ending at its end moved back: 24 hours (previous) or
            // a calendar year by `Calendar` (last year: the same wall-clock time, 29 February →
            // 28 February). Only the end is mapped, so the window can never turn inside out (mapping
            // both ends sends 28 February 13:00 and 29 February 12:40 to 28 February 13:00 and 12:40).
            let length = max(0, self.end.timeIntervalSince(self.start))
            let end: Date
            switch baseline {
            case .previous:
                end = self.end.addingTimeInterval(-86_400)
            case .lastYear:
                guard let e = context.calendar.date(byAdding: .year, value: -1, to: self.end) else { return nil }
                end = e
            }
            let start = end.addingTimeInterval(-length)
            let first = context.localDay(of: start), last = context.localDay(of: end.addingTimeInterval(-0.001))
            return BaselineWindow(firstDay: first, lastDay: last, firstNumber: first.dayNumber,
                                  lastNumber: last.dayNumber, cutDay: nil, cutHour: 24, instants: start..<end)
        }
        let length = firstDay.days(to: lastDay) + 1
        var first: LocalDay?, last: LocalDay?
        switch (baseline, kind) {
        case (.previous, .month), (.previous, .quarter), (.previous, .year):
            let months = kind == .month ? 1 : kind == .quarter ? 3 : 12
            first = firstDay.adding(months: -months)
            last = lastDay.firstOfMonth.adding(months: -months)?.lastOfMonth
        case (.previous, _):
            first = firstDay.adding(days: -length)
            last = lastDay.adding(days: -length)
        case (.lastYear, .last7Days):
            last = lastDay.yearEarlier
            first = last?.adding(days: -6)
        case (.lastYear, .week):
            // 52 weeks (364 days) back: the same weekdays, and the same week number except
            // after a year with 53 weeks (23–29 Nov 2026 → 24–30 Nov 2025, both ISO week 48;
            // 2021-W01 → 6–12 Jan 2020, 2020-W02; 2020-W53 → 2020-W01).
            first = firstDay.adding(days: -364)
            last = lastDay.adding(days: -364)
        case (.lastYear, .month), (.lastYear, .quarter), (.lastYear, .year):
            guard let shifted = firstDay.yearEarlier,
                  let bounds = StatsPeriod.bounds(of: kind, containing: shifted, back: 0, context: context) else { return nil }
            first = bounds.0
            last = bounds.1
        case (.lastYear, _):
            first = firstDay.yearEarlier
            last = lastDay.yearEarlier
        }
        guard let first, let last else { return nil }
        var window = BaselineWindow(firstDay: first, lastDay: last, firstNumber: first.dayNumber,
                                    lastNumber: last.dayNumber, cutDay: nil, cutHour: 24, instants: nil,
                                    wholeLastDay: last)
        let today = context.today
        guard isInProgress, firstDay <= today, today <= lastDay else { return window }
        let hour = context.localHour(of: context.now)
        var cut: (day: LocalDay, hour: Int)?
        switch (baseline, kind) {
        case (.lastYear, .week), (.previous, .last7Days), (.previous, .week), (.previous, .day), (.previous, .range):
            cut = first.adding(days: firstDay.days(to: today)).map { ($0, hour) }
        case (.lastYear, _), (.previous, .year):
            // The previous year is last year: the same cut whichever way it is named (issue 12,
            // item 14), today's date a year earlier with 29 February → 28 February.
            cut = today.yearEarlier.map { ($0, hour) }
        case (.previous, _):
            // Month and quarter: months and days elapsed since the period's first day, from the
            // baseline's first day; a day past the target month's end takes the whole month.
            let months = (today.year - firstDay.year) * 12 + today.month - firstDay.month
            if let target = first.adding(months: months) {
                if let day = LocalDay(year: target.year, month: target.month, day: today.day) {
                    cut = (day, hour)
                } else if let next = target.lastOfMonth.adding(days: 1) {
                    cut = (next, 0)
                }
            }
        }
        if let cut, cut.day <= last {
            window.cutDay = cut.day.dayNumber
            window.cutHour = cut.hour
            window.lastDay = cut.hour == 0 ? (cut.day.adding(days: -1) ?? cut.day) : cut.day
            window.lastNumber = window.lastDay.dayNumber
            if window.lastNumber < window.firstNumber { window.lastNumber = window.firstNumber - 1 }
        }
        return window
    }
}
