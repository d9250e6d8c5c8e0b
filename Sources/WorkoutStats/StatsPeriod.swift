import Foundation
import WorkoutModel

/// The kinds of period `hiit stats` shows; the raw value is the word on the command line and
/// in JSON (`period.kind`).
public enum PeriodKind: String, Sendable, CaseIterable, Codable {
    /// One local calendar day, hourly buckets.
    case day
    /// The current clock hour and the 23 before it, hourly buckets (rolling).
    case last24Hours = "24h"
    /// Today and the 6 calendar days before it, daily buckets (the default).
    case last7Days = "7d"
    /// A calendar week starting on the first weekday, daily buckets.
    case week
    /// A calendar month, buckets by day of month 1–7, 8–14, 15–21, 22–28, 29–end.
    case month
    /// A calendar quarter (Jan–Mar, Apr–Jun, Jul–Sep, Oct–Dec), monthly buckets.
    case quarter
    /// A calendar year, monthly buckets.
    case year
    /// A custom range of dates `FROM..TO`: daily buckets up to 31 days, calendar weeks up to
    /// 182 days, calendar months beyond.
    case range
}

/// Which period to show, as `hiit stats` takes it.
public enum PeriodSpec: Equatable, Sendable {
    /// One local day, hourly buckets.
    case day
    /// The rolling last 24 hours, hourly buckets.
    case last24Hours
    /// Today and the 6 days before.
    case last7Days
    /// A calendar week.
    case week
    /// A calendar month.
    case month
    /// A calendar quarter.
    case quarter
    /// A calendar year.
    case year
    /// The dates `from` through `to`, both included.
    case range(from: LocalDay, to: LocalDay)

    /// Parses the period word: `day`, `24h`, `7d`, `week`, `month`, `quarter`, `year`, or
    /// `YYYY-MM-DD..YYYY-MM-DD` (both dates included).
    /// - Throws: ``StatsError/badPeriod(_:)`` for another word, ``StatsError/badDate(_:)`` for a
    ///   range with an invalid date, ``StatsError/rangeEndsBeforeStart(from:to:)``.
    public init(argument: String) throws(StatsError) {
        switch argument.lowercased() {
        case "day", "today": self = .day
        case "24h": self = .last24Hours
        case "7d": self = .last7Days
        case "week": self = .week
        case "month": self = .month
        case "quarter": self = .quarter
        case "year": self = .year
        default:
            guard let dots = argument.range(of: "..") else { throw .badPeriod(argument) }
            let fromText = String(argument[..<dots.lowerBound])
            let toText = String(argument[dots.upperBound...])
            guard let from = LocalDay(fromText) else { throw .badDate(fromText) }
            guard let to = LocalDay(toText) else { throw .badDate(toText) }
            guard from <= to else { throw .rangeEndsBeforeStart(from: fromText, to: toText) }
            self = .range(from: from, to: to)
        }
    }

    /// The kind of this period.
    public var kind: PeriodKind {
        switch self {
        case .day: .day
        case .last24Hours: .last24Hours
        case .last7Days: .last7Days
        case .week: .week
        case .month: .month
        case .quarter: .quarter
        case .year: .year
        case .range: .range
        }
    }

    /// The word as typed: `7d`, `month`, `2025-01-01..2025-01-31`, …
    public var argument: String {
        if case .range(let from, let to) = self { return "\(from)..\(to)" }
        return kind.rawValue
    }
}

/// One bucket of a period: its label, its local dates and its instants.
public struct StatsBucketSpan: Equatable, Sendable {
    /// What the chart shows beside the bar (English, fixed formats, at most 13 columns):
    /// hourly `14:00` (a repeated clock hour on a fall-back day: `02:00 (2)`; a bucket starting
    /// at a half hour after a Lord Howe change: `01:30`); daily `Mon 24 Nov`; month chunks
    /// `1–7` … `29–31` (`29` alone in a leap February); weeks of a range `24–30 Nov` or
    /// `28 Nov–4 Dec`; months `Jan` (`Jan 2025` in a range).
    public let label: String
    /// The first local date in the bucket.
    public let firstDay: LocalDay
    /// The last local date in the bucket (included).
    public let lastDay: LocalDay
    /// The bucket's first instant.
    public let start: Date
    /// The instant just after the bucket (exclusive); for the current hour of `24h`, now.
    public let end: Date
    /// Whether this is an hourly bucket (JSON then shows date-times, not dates).
    public let isHourly: Bool
    /// Hourly buckets: the viewing zone's UTC offset during the bucket, seconds; 0 otherwise.
    public let utcOffsetSeconds: Int
    /// Hourly buckets: seconds after local midnight at the bucket's start and end (wall clock).
    let wallStart: Int
    let wallEnd: Int
}

/// A resolved period: its dates and instants, its buckets and whether it is in progress.
public struct StatsPeriod: Equatable, Sendable {
    /// The kind of period.
    public let kind: PeriodKind
    /// The first local date included (for `24h`, the date of its first bucket).
    public let firstDay: LocalDay
    /// The last local date included.
    public let lastDay: LocalDay
    /// The first instant (start of `firstDay`, or of the first hourly bucket).
    public let start: Date
    /// The instant just after the period (start of the day after `lastDay`; for `24h`, the end
    /// of the window: now, or now − 24 h × back).
    public let end: Date
    /// The buckets in time order; they cover the period without gaps or overlaps.
    public let buckets: [StatsBucketSpan]
    /// Whether the period contains now (today, for day-based periods).
    public let isInProgress: Bool
    /// How many buckets have begun by now (all of them for a past period, 0 for a future one):
    /// the divisor of the average per bucket.
    public let bucketsBegun: Int
    /// A heading in English: `7 days, 24–30 Nov 2026`, `Week 48, 24–30 Nov 2026`,
    /// `November 2026`, `Q4 2026`, `2026`, `Sun 27 Oct 2024`, `Last 24 hours`,
    /// `1 Jan 2025 – 31 Mar 2025`.
    public let title: String

    /// Whether the buckets are hours (`day`, `24h`).
    public var isHourly: Bool { kind == .day || kind == .last24Hours }

    /// For a week: the ISO 8601 week (year, number) of the Monday inside it; `nil` otherwise.
    public var isoWeek: (year: Int, week: Int)? {
        guard kind == .week else { return nil }
        for offset in 0..<7 {
            if let day = firstDay.adding(days: offset), day.weekday == 2 { return day.isoWeek }
        }
        return nil
    }

    /// Resolves a period.
    /// - Parameters:
    ///   - spec: which period.
    ///   - date: the local date the period must contain; `nil` for today (the local date of
    ///     `context.now`). For `7d` the date is the last of the seven days.
    ///   - back: periods to step back (0 or more): 7 days for `7d`, a week, a calendar month,
    ///     quarter or year, a day for `day`, 24 hours for `24h`, the range's own length in days
    ///     for `FROM..TO`.
    ///   - context: zone, now and first weekday.
    /// - Throws: ``StatsError/negativeBack(_:)``, ``StatsError/dateNotAllowed(period:)`` for a date
    ///   with `24h` or a range, ``StatsError/outOfCalendarRange(_:)`` beyond years 1–9999.
    public init(_ spec: PeriodSpec, containing date: LocalDay? = nil, back: Int = 0,
                context: StatsContext) throws(StatsError) {
        guard back >= 0 else { throw .negativeBack(back) }
        if date != nil {
            switch spec {
            case .last24Hours, .range: throw .dateNotAllowed(period: spec.argument)
            default: break
            }
        }
        let anchor = date ?? context.today
        switch spec {
        case .last24Hours:
            self = StatsPeriod.rolling24Hours(endingAt: context.now.addingTimeInterval(-86_400 * Double(back)),
                                              context: context)
        case .day:
            guard let day = anchor.adding(days: -back) else { throw .outOfCalendarRange(anchor.description) }
            self = StatsPeriod.hourlyDay(day, context: context)
        case .range(let from, let to):
            let length = from.days(to: to) + 1
            guard let first = from.adding(days: -length * back), let last = to.adding(days: -length * back) else {
                throw .outOfCalendarRange(from.description)
            }
            self = try StatsPeriod.dayBased(.range, first: first, last: last, context: context)
        default:
            guard let (first, last) = StatsPeriod.bounds(of: spec.kind, containing: anchor, back: back, context: context) else {
                throw .outOfCalendarRange(anchor.description)
            }
            self = try StatsPeriod.dayBased(spec.kind, first: first, last: last, context: context)
        }
    }

    private init(kind: PeriodKind, firstDay: LocalDay, lastDay: LocalDay, start: Date, end: Date,
                 buckets: [StatsBucketSpan], isInProgress: Bool, bucketsBegun: Int, title: String) {
        self.kind = kind
        self.firstDay = firstDay
        self.lastDay = lastDay
        self.start = start
        self.end = end
        self.buckets = buckets
        self.isInProgress = isInProgress
        self.bucketsBegun = bucketsBegun
        self.title = title
    }

    // MARK: Day-based periods

    /// First and last day of a calendar-kind period containing `anchor`, `back` periods earlier.
    static func bounds(of kind: PeriodKind, containing anchor: LocalDay, back: Int,
                       context: StatsContext) -> (LocalDay, LocalDay)? {
        switch kind {
        case .last7Days:
            guard let last = anchor.adding(days: -7 * back), let first = last.adding(days: -6) else { return nil }
            return (first, last)
        case .week:
            // The weeks the streaks count too (``CalendarWeeks``): one rule for where a week begins.
            let weeks = CalendarWeeks(firstWeekday: context.firstWeekday)
            guard let first = weeks.firstDay(of: weeks.week(of: anchor) - back), let last = first.adding(days: 6) else { return nil }
            return (first, last)
        case .month:
            guard let first = anchor.firstOfMonth.adding(months: -back) else { return nil }
            return (first, first.lastOfMonth)
        case .quarter:
            guard let start = LocalDay(year: anchor.year, month: (anchor.month - 1) / 3 * 3 + 1, day: 1),
                  let first = start.adding(months: -3 * back),
                  let lastMonth = first.adding(months: 2) else { return nil }
            return (first, lastMonth.lastOfMonth)
        case .year:
            guard let first = LocalDay(year: anchor.year - back, month: 1, day: 1),
                  let last = LocalDay(year: anchor.year - back, month: 12, day: 31) else { return nil }
            return (first, last)
        case .day, .last24Hours, .range:
            return (anchor, anchor)
        }
    }

    /// A period of whole days with its buckets (daily, month chunks, weeks or months).
    static func dayBased(_ kind: PeriodKind, first: LocalDay, last: LocalDay,
                         context: StatsContext) throws(StatsError) -> StatsPeriod {
        guard let after = last.adding(days: 1) else { throw .outOfCalendarRange(first.description) }
        let ranges: [(LocalDay, LocalDay, String)]
        let length = first.days(to: last) + 1
        switch kind {
        case .month:
            ranges = monthChunks(first)
        case .quarter, .year:
            ranges = monthRanges(first: first, last: last, withYear: false)
        case .range where length > 182:
            ranges = monthRanges(first: first, last: last, withYear: true)
        case .range where length > 31:
            ranges = weekRanges(first: first, last: last, firstWeekday: context.firstWeekday)
        default:
            ranges = (0..<length).compactMap { offset in
                first.adding(days: offset).map { ($0, $0, "\($0.weekdayAbbreviation) \($0.day) \($0.monthAbbreviation)") }
            }
        }
        var starts = ranges.map { context.startOfDay($0.0) }
        starts.append(context.startOfDay(after))
        let buckets = ranges.enumerated().map { index, range in
            StatsBucketSpan(label: range.2, firstDay: range.0, lastDay: range.1, start: starts[index],
                            end: starts[index + 1], isHourly: false, utcOffsetSeconds: 0, wallStart: 0, wallEnd: 0)
        }
        let today = context.today
        let inProgress = first <= today && today <= last
        let begun = buckets.filter { $0.firstDay <= today }.count
        return StatsPeriod(kind: kind, firstDay: first, lastDay: last, start: starts[0], end: starts[starts.count - 1],
                           buckets: buckets, isInProgress: inProgress, bucketsBegun: begun,
                           title: title(kind, first: first, last: last, context: context))
    }

    /// Buckets 1–7, 8–14, 15–21, 22–28, 29–end of the month starting at `first` (no fifth
    /// bucket in a 28-day February).
    static func monthChunks(_ first: LocalDay) -> [(LocalDay, LocalDay, String)] {
        let days = LocalDay.daysIn(year: first.year, month: first.month)
        var result: [(LocalDay, LocalDay, String)] = []
        var from = 1
        while from <= days {
            let to = min(from == 29 ? days : from + 6, days)
            if let a = LocalDay(year: first.year, month: first.month, day: from),
               let b = LocalDay(year: first.year, month: first.month, day: to) {
                result.append((a, b, from == to ? "\(from)" : "\(from)–\(to)"))
            }
            from = to + 1
        }
        return result
    }

    /// Calendar months from `first` to `last`, clipped to them.
    static func monthRanges(first: LocalDay, last: LocalDay, withYear: Bool) -> [(LocalDay, LocalDay, String)] {
        var result: [(LocalDay, LocalDay, String)] = []
        var from = first
        while from <= last {
            let to = min(from.lastOfMonth, last)
            result.append((from, to, withYear ? "\(from.monthAbbreviation) \(from.year)" : from.monthAbbreviation))
            guard let next = to.adding(days: 1) else { break }
            from = next
        }
        return result
    }

    /// Calendar weeks (starting on `firstWeekday`) from `first` to `last`, clipped to them.
    static func weekRanges(first: LocalDay, last: LocalDay, firstWeekday: Int) -> [(LocalDay, LocalDay, String)] {
        var result: [(LocalDay, LocalDay, String)] = []
        var from = first
        while from <= last {
            let toEndOfWeek = 6 - (from.weekday - firstWeekday + 7) % 7
            guard let weekEnd = from.adding(days: toEndOfWeek) else { break }
            let to = min(weekEnd, last)
            result.append((from, to, shortRange(from, to)))
            guard let next = to.adding(days: 1) else { break }
            from = next
        }
        return result
    }

    /// `24–30 Nov`, `28 Nov–4 Dec`, `3 Mar` for one day.
    static func shortRange(_ from: LocalDay, _ to: LocalDay) -> String {
        if from == to { return "\(from.day) \(from.monthAbbreviation)" }
        if from.month == to.month { return "\(from.day)–\(to.day) \(to.monthAbbreviation)" }
        return "\(from.day) \(from.monthAbbreviation)–\(to.day) \(to.monthAbbreviation)"
    }

    static func title(_ kind: PeriodKind, first: LocalDay, last: LocalDay, context: StatsContext) -> String {
        let span = first.year == last.year
            ? "\(shortRange(first, last)) \(last.year)"
            : "\(first.day) \(first.monthAbbreviation) \(first.year) – \(last.day) \(last.monthAbbreviation) \(last.year)"
        switch kind {
        case .last7Days: return "7 days, \(span)"
        case .week:
            let monday = (0..<7).compactMap { first.adding(days: $0) }.first { $0.weekday == 2 } ?? first
            return "Week \(monday.isoWeek.week), \(span)"
        case .month:
            return "\(monthNames[first.month - 1]) \(first.year)"
        case .quarter: return "Q\((first.month - 1) / 3 + 1) \(first.year)"
        case .year: return "\(first.year)"
        case .day: return "\(first.weekdayAbbreviation) \(first.day) \(first.monthAbbreviation) \(first.year)"
        case .last24Hours: return "Last 24 hours"
        case .range:
            return "\(first.day) \(first.monthAbbreviation) \(first.year) – \(last.day) \(last.monthAbbreviation) \(last.year)"
        }
    }

    static let monthNames = ["January", "February", "March", "April", "May", "June", "July",
                             "August", "September", "October", "November", "December"]

    // MARK: Hourly periods

    /// One local day cut into clock hours (a DST change also cuts): 23, 24, 25 buckets
    /// (24 with a half-hour bucket on Lord Howe's change days).
    static func hourlyDay(_ day: LocalDay, context: StatsContext) -> StatsPeriod {
        let start = context.startOfDay(day)
        let end = context.startOfDay(day.adding(days: 1) ?? day)
        let buckets = hourlySegments(from: start, to: end, context: context)
        let now = context.now
        let begun = buckets.filter { $0.start <= now }.count
        return StatsPeriod(kind: .day, firstDay: day, lastDay: day, start: start, end: end, buckets: buckets,
                           isInProgress: start <= now && now < end, bucketsBegun: begun,
                           title: title(.day, first: day, last: day, context: context))
    }

    /// The clock hour holding `end` and the 23 buckets before it; the last bucket ends at `end`.
    static func rolling24Hours(endingAt end: Date, context: StatsContext) -> StatsPeriod {
        let all = hourlySegments(from: end.addingTimeInterval(-27 * 3600), to: end, context: context)
        let buckets = relabel(Array(all.suffix(24)), context: context)
        let start = buckets.first?.start ?? end
        let first = context.localDay(of: start)
        let last = context.localDay(of: end.addingTimeInterval(-0.001))
        let now = context.now
        return StatsPeriod(kind: .last24Hours, firstDay: first, lastDay: last, start: start, end: end,
                           buckets: buckets, isInProgress: start <= now && now <= end,
                           bucketsBegun: buckets.filter { $0.start <= now }.count,
                           title: title(.last24Hours, first: first, last: last, context: context))
    }

    /// Segments of `[from, to)` cut at every local clock hour and every UTC-offset change,
    /// labelled `HH:mm` by their local start, repeats numbered `(2)`, `(3)`.
    static func hourlySegments(from: Date, to: Date, context: StatsContext) -> [StatsBucketSpan] {
        let zone = context.timeZone
        var result: [StatsBucketSpan] = []
        var s = from.timeIntervalSince1970
        let limit = to.timeIntervalSince1970
        while s < limit, result.count < 200 {
            let date = Date(timeIntervalSince1970: s)
            let offset = zone.secondsFromGMT(for: date)
            let local = s + Double(offset)
            let intoHour = local - (local / 3600).rounded(.down) * 3600
            var e = s + 3600 - intoHour
            if let change = zone.nextDaylightSavingTimeTransition(after: date)?.timeIntervalSince1970, change < e {
                e = change
            }
            e = min(e, limit)
            let wall = local - (local / 86_400).rounded(.down) * 86_400
            let wallStart = Int(wall.rounded(.down))
            result.append(StatsBucketSpan(
                label: "", firstDay: context.localDay(of: date), lastDay: context.localDay(of: date),
                start: date, end: Date(timeIntervalSince1970: e), isHourly: true, utcOffsetSeconds: offset,
                wallStart: wallStart, wallEnd: wallStart + Int((e - s).rounded(.up))))
            s = e
        }
        return relabel(result, context: context)
    }

    /// Labels hourly segments `HH:mm` from their wall-clock start; a repeated label gets `(2)`, `(3)`.
    static func relabel(_ spans: [StatsBucketSpan], context: StatsContext) -> [StatsBucketSpan] {
        var seen: [String: Int] = [:]
        return spans.map { span in
            let base = "\(StatsContext.two(span.wallStart / 3600)):\(StatsContext.two(span.wallStart % 3600 / 60))"
            let count = (seen[base] ?? 0) + 1
            seen[base] = count
            return StatsBucketSpan(label: count == 1 ? base : "\(base) (\(count))", firstDay: span.firstDay,
                                   lastDay: span.lastDay, start: span.start, end: span.end, isHourly: true,
                                   utcOffsetSeconds: span.utcOffsetSeconds, wallStart: span.wallStart,
                                   wallEnd: span.wallEnd)
        }
    }
}
