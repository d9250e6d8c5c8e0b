import Foundation
import WorkoutModel

/// The `hiit stats --json` form (DESIGN §6), keys sorted by ``StatsReport/jsonData()``:
///
/// ```json
/// {"averagePerBucket": {"ascentMeters": 0, "buckets": 7, "distanceBySport": {}, "distanceMeters": 0,
///                       "kcal": 3.9, "sessions": 0.14, "totalSeconds": 32.8, "workoutSeconds": 22.8},
///  "best": {"label": "Sat 29 Nov", "start": "2026-11-29", "end": "2026-11-29", "sessions": 1, …} | null,
///  "buckets": [{"label": "Mon 24 Nov", "start": "2026-11-24", "end": "2026-11-24",
///               "sessions": 0, "workoutSeconds": 0, "totalSeconds": 0, "kcal": 0,
///               "distanceMeters": 0, "distanceBySport": {}, "ascentMeters": 0}, …],
///  "comparison": {"baseline": "previous", "start": "2026-11-17", "end": "2026-11-23", "partial": false,
///                 "totals": {…}, "change": {"sessions": {"difference": 1, "percent": null, "new": true}, …}} | null,
///  "filter": "all", "metric": "time",
///  "period": {"kind": "7d", "start": "2026-11-24", "end": "2026-11-30", "inProgress": true},
///  "totals": {"sessions": 1, "workoutSeconds": 160, "totalSeconds": 230, "kcal": 27.6,
///             "distanceMeters": 0, "distanceBySport": {}, "ascentMeters": 0},
///  "streaks": {"days": {"current": 5, "currentStart": "2026-11-26", "currentEnd": "2026-11-30",
///                       "longest": 12, "longestStart": "2026-03-03", "longestEnd": "2026-03-14"},
///              "weeks": {"current": 0, "currentStart": null, "currentEnd": null, "longest": 3, …} | null},
///  "goal": {"metric": "time", "target": 9000, "done": 5700, "met": false, "sport": "running",
///           "unit": "km", "start": "2026-11-30", "end": "2026-12-06"} | null}
/// ```
///
/// `streaks` and `goal` are there when the report carries a ``StreakReport`` (`hiit stats`
/// always adds one): they are as of today, whatever the period. A streak's `current` and
/// `longest` count days (weeks), 0 for none, with the first and last day they span (`null`
/// for none; a week streak spans whole weeks). `weeks` and `goal` are `null` without a weekly
/// goal; `goal.target` and `goal.done` are in the metric's base unit (seconds of workout time,
/// sessions, kcal, metres), `sport` and `unit` (km or mi, distance goals) only when set, and
/// `start`/`end` the days of this week.
///
/// Dates: periods and buckets of a day or longer give `YYYY-MM-DD`, `end` the last day
/// included; hourly buckets, the `24h` period and partial comparisons give ISO 8601
/// date-times with the UTC offset (`2024-10-27T02:00:00+01:00`), `end` exclusive.
/// Numbers: seconds, kcal and metres as JSON numbers (fractions allowed), sums of each
/// session's value rounded to the millisecond, the micro-kilocalorie (6 decimals) and the
/// millimetre (``StatsTotals``); `ascentMeters` is the metres climbed by the counted legs
/// (always metres, whatever the profile's units; 0 when no leg recorded an ascent), and its
/// change is in `comparison.change.ascentMeters`; `sessions` an integer
/// in totals and a fraction in averages; `percent` is `null` unless the baseline is above zero.
extension StatsReport: Encodable {
    private enum Keys: String, CodingKey {
        case period, buckets, totals, averagePerBucket, best, comparison, metric, filter
        case kind, start, end, inProgress, label, baseline, partial, change
        case sessions, workoutSeconds, totalSeconds, kcal, distanceMeters, distanceBySport, ascentMeters
        case difference, percent, new
        case streaks, goal, days, weeks, current, currentStart, currentEnd, longest, longestStart, longestEnd
        case target, done, met, sport, unit
        case cumulative, date, value, today, step
    }

    private struct SportKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Encodes the JSON form described above.
    /// - Throws: `EncodingError` only for non-finite numbers, which the sums cannot produce.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        var p = c.nestedContainer(keyedBy: Keys.self, forKey: .period)
        try p.encode(period.kind.rawValue, forKey: .kind)
        try encodeDates(of: period, asInstants: period.kind == .last24Hours, into: &p)
        try p.encode(period.isInProgress, forKey: .inProgress)
        try c.encode(metric.rawValue, forKey: .metric)
        try c.encode(filter.description, forKey: .filter)

        var list = c.nestedUnkeyedContainer(forKey: .buckets)
        for bucket in buckets {
            var b = list.nestedContainer(keyedBy: Keys.self)
            try encode(bucket, into: &b)
        }
        var t = c.nestedContainer(keyedBy: Keys.self, forKey: .totals)
        try Self.encode(totals, into: &t)

        var a = c.nestedContainer(keyedBy: Keys.self, forKey: .averagePerBucket)
        try Self.encode(averagePerBucket, into: &a)
        try a.encode(averagePerBucket.buckets, forKey: .buckets)

        if let best {
            var b = c.nestedContainer(keyedBy: Keys.self, forKey: .best)
            try encode(best, into: &b)
        } else {
            try c.encodeNil(forKey: .best)
        }

        if let comparison {
            var k = c.nestedContainer(keyedBy: Keys.self, forKey: .comparison)
            try k.encode(comparison.baseline.rawValue, forKey: .baseline)
            try encodeDates(of: comparison, asInstants: comparison.showsInstants, into: &k)
            try k.encode(comparison.isPartial, forKey: .partial)
            var kt = k.nestedContainer(keyedBy: Keys.self, forKey: .totals)
            try Self.encode(comparison.totals, into: &kt)
            var ch = k.nestedContainer(keyedBy: Keys.self, forKey: .change)
            try Self.encode(comparison.change(of: .sessions), into: &ch, forKey: .sessions)
            try Self.encode(comparison.change(of: .time), into: &ch, forKey: .workoutSeconds)
            try Self.encode(comparison.totalSecondsChange, into: &ch, forKey: .totalSeconds)
            try Self.encode(comparison.change(of: .kcal), into: &ch, forKey: .kcal)
            try Self.encode(comparison.change(of: .distance), into: &ch, forKey: .distanceMeters)
            try Self.encode(comparison.change(of: .elevation), into: &ch, forKey: .ascentMeters)
            var bySport = ch.nestedContainer(keyedBy: SportKey.self, forKey: .distanceBySport)
            for (sport, change) in comparison.distanceBySportChange {
                var s = bySport.nestedContainer(keyedBy: Keys.self, forKey: SportKey(stringValue: sport))
                try Self.encodeFields(change, into: &s)
            }
        } else {
            try c.encodeNil(forKey: .comparison)
        }
        if let streaks {
            try Self.encode(streaks, into: &c)
        }
        if let cumulative {
            try encode(cumulative, into: &c)
        }
    }

    /// `cumulative` {metric, unit, step, today, current, comparison}: each point `{date, value}`,
    /// `date` a day `YYYY-MM-DD`, or for hourly steps the hour's start as an ISO 8601 date-time.
    private func encode(_ series: CumulativeSeries, into c: inout KeyedEncodingContainer<Keys>) throws {
        var k = c.nestedContainer(keyedBy: Keys.self, forKey: .cumulative)
        try k.encode(series.metric.rawValue, forKey: .metric)
        try k.encode(series.metric.baseUnit, forKey: .unit)
        try k.encode(series.isHourly ? "hour" : "day", forKey: .step)
        func date(_ point: CumulativePoint) -> String {
            series.isHourly ? context.isoDateTime(point.start) : point.day.description
        }
        if let index = series.todayIndex, index < series.current.count {
            try k.encode(date(series.current[index]), forKey: .today)
        } else {
            try k.encodeNil(forKey: .today)
        }
        var list = k.nestedUnkeyedContainer(forKey: .current)
        for point in series.current {
            var p = list.nestedContainer(keyedBy: Keys.self)
            try p.encode(date(point), forKey: .date)
            try p.encode(point.value, forKey: .value)
        }
        if let comparison = series.comparison {
            var list = k.nestedUnkeyedContainer(forKey: .comparison)
            for point in comparison {
                var p = list.nestedContainer(keyedBy: Keys.self)
                try p.encode(date(point), forKey: .date)
                try p.encode(point.value, forKey: .value)
            }
        } else {
            try k.encodeNil(forKey: .comparison)
        }
    }

    /// `streaks` {days, weeks} and `goal` of a ``StreakReport``.
    private static func encode(_ report: StreakReport, into c: inout KeyedEncodingContainer<Keys>) throws {
        var s = c.nestedContainer(keyedBy: Keys.self, forKey: .streaks)
        var d = s.nestedContainer(keyedBy: Keys.self, forKey: .days)
        try encode(report.days, into: &d)
        if let weeks = report.weeks {
            var w = s.nestedContainer(keyedBy: Keys.self, forKey: .weeks)
            try encode(weeks, into: &w)
        } else {
            try s.encodeNil(forKey: .weeks)
        }
        guard let progress = report.goal else {
            try c.encodeNil(forKey: .goal)
            return
        }
        var g = c.nestedContainer(keyedBy: Keys.self, forKey: .goal)
        try g.encode(progress.goal.metric.rawValue, forKey: .metric)
        try g.encode(progress.goal.target, forKey: .target)
        try g.encode(progress.done, forKey: .done)
        try g.encode(progress.isMet, forKey: .met)
        try g.encodeIfPresent(progress.goal.sport, forKey: .sport)
        try g.encodeIfPresent(progress.goal.unit?.rawValue, forKey: .unit)
        try g.encode(progress.firstDay.description, forKey: .start)
        try g.encode(progress.lastDay.description, forKey: .end)
    }

    /// `current`, `longest` and the days each spans (`null` for none).
    private static func encode(_ streaks: Streaks, into c: inout KeyedEncodingContainer<Keys>) throws {
        for (streak, count, start, end) in [(streaks.current, Keys.current, Keys.currentStart, Keys.currentEnd),
                                            (streaks.longest, .longest, .longestStart, .longestEnd)] {
            try c.encode(streak?.count ?? 0, forKey: count)
            if let streak {
                try c.encode(streak.firstDay.description, forKey: start)
                try c.encode(streak.lastDay.description, forKey: end)
            } else {
                try c.encodeNil(forKey: start)
                try c.encodeNil(forKey: end)
            }
        }
    }

    private func encode(_ bucket: StatsBucket, into b: inout KeyedEncodingContainer<Keys>) throws {
        try b.encode(bucket.label, forKey: .label)
        try encodeDates(of: bucket.span, asInstants: bucket.span.isHourly, into: &b)
        try Self.encode(bucket.totals, into: &b)
    }

    /// `start` and `end` of a period, bucket or comparison: ISO 8601 date-times with the UTC
    /// offset (`end` exclusive) when `asInstants`, else `YYYY-MM-DD` days (`end` the last day).
    private func encodeDates(of span: some StatsDateSpan, asInstants: Bool,
                             into c: inout KeyedEncodingContainer<Keys>) throws {
        if asInstants {
            try c.encode(context.isoDateTime(span.start), forKey: .start)
            try c.encode(context.isoDateTime(span.end), forKey: .end)
        } else {
            try c.encode(span.firstDay.description, forKey: .start)
            try c.encode(span.lastDay.description, forKey: .end)
        }
    }

    /// The figures of totals or of an average: sessions, seconds, kcal, metres and metres climbed.
    private static func encode(_ totals: some StatsFigures, into c: inout KeyedEncodingContainer<Keys>) throws {
        try c.encode(totals.sessions, forKey: .sessions)
        try c.encode(totals.workoutSeconds, forKey: .workoutSeconds)
        try c.encode(totals.totalSeconds, forKey: .totalSeconds)
        try c.encode(totals.kcal, forKey: .kcal)
        try c.encode(totals.distanceMeters, forKey: .distanceMeters)
        try c.encode(totals.distanceBySport, forKey: .distanceBySport)
        try c.encode(totals.ascentMeters, forKey: .ascentMeters)
    }

    private static func encode(_ change: StatsChange, into c: inout KeyedEncodingContainer<Keys>, forKey key: Keys) throws {
        var n = c.nestedContainer(keyedBy: Keys.self, forKey: key)
        try encodeFields(change, into: &n)
    }

    private static func encodeFields(_ change: StatsChange, into n: inout KeyedEncodingContainer<Keys>) throws {
        try n.encode(change.difference, forKey: .difference)
        if let percent = change.percent { try n.encode(percent, forKey: .percent) } else { try n.encodeNil(forKey: .percent) }
        try n.encode(change.isNew, forKey: .new)
    }

    /// The report as `hiit stats --json` prints it: keys sorted, slashes unescaped, no newline.
    /// - Throws: `EncodingError` only for non-finite numbers, which the sums cannot produce.
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }
}

/// What a period, a bucket and a comparison have alike for their JSON dates: the days they
/// cover (both included) and the instants (`end` exclusive).
protocol StatsDateSpan {
    /// The first day covered.
    var firstDay: LocalDay { get }
    /// The last day covered.
    var lastDay: LocalDay { get }
    /// The first instant covered.
    var start: Date { get }
    /// The instant right after the last one covered.
    var end: Date { get }
}

extension StatsPeriod: StatsDateSpan {}
extension StatsBucketSpan: StatsDateSpan {}
extension StatsComparison: StatsDateSpan {}

/// What totals and an average per bucket have alike for their JSON figures.
protocol StatsFigures {
    /// Sessions: a whole number in totals, a fraction in an average.
    associatedtype SessionCount: Encodable
    /// Sessions counted (or per bucket).
    var sessions: SessionCount { get }
    /// Seconds in work segments.
    var workoutSeconds: Double { get }
    /// Seconds from first work to completion, pauses excluded.
    var totalSeconds: Double { get }
    /// The kcal estimates, unrounded.
    var kcal: Double { get }
    /// Distance in metres over all sports.
    var distanceMeters: Double { get }
    /// Distance in metres per sport (HealthKit raw value → metres).
    var distanceBySport: [String: Double] { get }
    /// Metres climbed by the counted legs.
    var ascentMeters: Double { get }
}

extension StatsTotals: StatsFigures {}
extension StatsAverage: StatsFigures {}
