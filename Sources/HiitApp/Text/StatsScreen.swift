import Calories
import Foundation
import TerminalUI
import WorkoutModel
import WorkoutStats

/// The `hiit stats` screen: a pure function from a report to styled lines (no clock, no zone,
/// no environment: they arrive in the ``StatsContext`` the report was made with).
///
/// ```
/// Last 7 days · 24–30 Nov 2026 (in progress)
/// Workout time per day
///
/// Tue 24 Nov  ███████████████▏                          3 min
/// Wed 25 Nov                                            0 min
/// …
///
///                       Total   Per day   Previous   Change
/// Sessions                  5       0.7          4    ▲ 25%
/// Workout time     1 h 20 min    11 min     1 h 10    ▲ 14%
///
/// Best: Wed 26 Nov (32 min)
/// Compared so far with the same part of the previous period: 17 Nov 2026 00:00 – 23 Nov 2026 12:00.
///
/// Streak 3 days (longest 12, 3–14 Mar 2026)
/// Week 95 of 150 min ▕██████░░░░▏ 63 %
/// Goal streak 2 weeks (the longest, 9–22 Nov 2026)
/// ```
///
/// Layout rules: a title (the period, the sport filter, "(in progress)"), a caption naming the
/// metric and the buckets, the bar chart (``BarChart``) at most `width` columns, then a table of
/// totals (sessions, workout time, total time, energy when any, distance per sport when any,
/// ascent when any counted leg in the period or its baseline climbed: `Ascent 412 m`, `1352 ft`)
/// with the average per bucket, the baseline's totals and the change (▲/▼ and a percentage,
/// `new` when the baseline is zero, `—` when both are zero), then the best bucket and which
/// dates the comparison covers, then (with ``streaks``) the streaks and the goal's progress
/// (``standingLines()``). Every duration on the screen reads in hours and minutes with
/// its units (``Format/hoursMinutes(_:)``: `49 min`, `1 h 53 min`). Numbers are right-aligned;
/// no line ends in a space. Every line fits `width` columns: the title, caption and notes wrap,
/// and a table too wide drops the average column first, then the baseline's, then the change
/// (``TextTable``). With ``Glyphs/ascii`` every character the screen makes is ASCII (`-` for
/// dashes and dots, `^`/`v` for arrows); a sport's name from the history is shown as stored.
struct StatsScreen {
    /// The report to show.
    let report: StatsReport
    /// The context the report was made in (today and now mark the current bucket).
    let context: StatsContext
    /// Distances in km/m or mi/yd, ascent in m or ft.
    let units: Profile.Units
    /// Block characters or ASCII.
    let glyphs: Glyphs
    /// The terminal's columns: every line fits them (the chart takes at most ``maximumWidth``).
    let width: Int
    /// The streaks and this week's goal progress, shown at the end when given.
    var streaks: StreakReport? = nil
    /// The running totals, drawn under the bars when given (``CumulativeChart``).
    var cumulative: CumulativeSeries? = nil

    /// The widest chart drawn, however wide the terminal: longer bars read no better.
    static let maximumWidth = 100

    /// The friendly line shown instead of a screen when the history holds no session at all.
    static let emptyHistoryLine =
        "No sessions yet, so there is nothing to count. Record a workout with 'hiit run', or try 'hiit demo' to see statistics of made-up sessions."

    // MARK: Lines

    /// The whole screen, top to bottom, each line without a line end.
    func lines() -> [StyledText] {
        var lines = wrapped(Self.title(report.period, filter: report.filter, context: context, glyphs: glyphs),
                            style: TextStyle(bold: true))
        lines += wrapped(caption(), style: TextStyle(dim: true))
        lines.append("")
        lines += BarChart.render(rows(), width: min(width, Self.maximumWidth), glyphs: glyphs)
        lines.append("")
        if let chart = cumulativeChart() {
            lines += chart
            lines.append("")
        }
        lines += table()
        var notes: [StyledText] = []
        if let best = report.best {
            notes += wrapped("Best: \(glyphs.text(best.label)) (\(noteText(best.totals.value(of: report.metric))))")
        }
        if let comparison = report.comparison {
            notes += wrapped(comparisonNote(comparison))
        }
        if !notes.isEmpty {
            lines.append("")
            lines += notes
        }
        let standing = standingLines()
        if !standing.isEmpty {
            lines.append("")
            lines += standing.map { StyledText($0) }
        }
        return lines
    }

    /// `hiit stats --cumulative`: the title, the running-total chart and its legend, and which
    /// dates the comparison covers (no bars, no table, no streaks).
    func cumulativeLines() -> [StyledText] {
        var lines = wrapped(Self.title(report.period, filter: report.filter, context: context, glyphs: glyphs),
                            style: TextStyle(bold: true))
        lines.append("")
        lines += cumulativeChart() ?? []
        if let comparison = report.comparison {
            lines.append("")
            lines += wrapped(comparisonNote(comparison))
        }
        return lines
    }

    /// The running-total chart of ``cumulative``, `nil` without one.
    func cumulativeChart() -> [StyledText]? {
        guard let cumulative else { return nil }
        return CumulativeChart(series: cumulative, report: report, glyphs: glyphs, width: width, valueText: noteText)
            .lines(caption: metricName())
    }

    /// The day streak, this week's progress towards the goal and the goal streak (issue 16):
    /// `Streak 5 days (longest 12, 3–14 Mar 2026)`, `Week 95 of 150 min ▕██████░░░░▏ 63 %`,
    /// `Goal streak 2 weeks (the longest, 16–29 Nov 2026)`; as of today, whatever the period.
    func standingLines() -> [String] {
        guard let streaks else { return [] }
        var lines: [String] = []
        if streaks.days.longest != nil {
            lines += Format.wrap(GoalText.streakText("Streak", streaks.days, unit: "day", glyphs: glyphs), width: width, indent: "  ")
        }
        if let progress = streaks.goal {
            lines += GoalText.progressLines(progress, units: units, glyphs: glyphs, width: width)
        }
        if let weeks = streaks.weeks {
            lines += Format.wrap(GoalText.streakText("Goal streak", weeks, unit: "week", glyphs: glyphs), width: width, indent: "  ")
        }
        return lines
    }

    /// `text` wrapped to the width (``Format/wrap(_:width:indent:)``), each line in `style`.
    private func wrapped(_ text: String, style: TextStyle = .plain) -> [StyledText] {
        Format.wrap(text, width: width, indent: "  ").map { StyledText($0, style: style) }
    }

    // MARK: Title and caption

    /// `Last 7 days · 24–30 Nov 2026 (in progress)`, `Week 48 · 23–29 Nov 2026`,
    /// `November 2026 · running only`, `Q4 2026`, `Sun 29 Nov 2026`, `Last 24 hours · …`.
    static func title(_ period: StatsPeriod, filter: SessionFilter, context: StatsContext, glyphs: Glyphs = .unicode) -> String {
        var text: String
        let dot = " \(glyphs.dot) "
        switch period.kind {
        case .last7Days:
            text = (period.isInProgress ? "Last 7 days" : "7 days") + dot + dateRange(period.firstDay, period.lastDay, glyphs: glyphs)
        case .week:
            text = "Week \(period.isoWeek?.week ?? period.firstDay.isoWeek.week)" + dot
                + dateRange(period.firstDay, period.lastDay, glyphs: glyphs)
        case .last24Hours:
            text = (period.isInProgress ? "Last 24 hours" : "24 hours") + dot
                + instantRange(period.start, period.end, context: context, glyphs: glyphs)
        case .range:
            text = dateRange(period.firstDay, period.lastDay, glyphs: glyphs)
        default:
            text = glyphs.text(period.title)
        }
        switch filter {
        case .all: break
        case .intervals: text += dot + "interval workouts only"
        case .sport(let name): text += dot + "\(name) only"
        }
        if period.isInProgress, period.kind != .last24Hours { text += " (in progress)" }
        return text
    }

    /// `Workout time per day`, `Sessions by days 1–7, 8–14, 15–21, 22–28`, `Energy per month`,
    /// `Ascent (ft) per week`.
    func caption() -> String {
        let what = metricName()
        if report.period.kind == .month {
            return "\(what) by days " + report.buckets.map { glyphs.text($0.label) }.joined(separator: ", ")
        }
        return "\(what) per \(bucketNoun())"
    }

    /// `Sessions`, `Workout time`, `Energy (kcal)`, `Distance`, `Ascent (m)` or `Ascent (ft)`.
    func metricName() -> String {
        switch report.metric {
        case .sessions: "Sessions"
        case .time: "Workout time"
        case .kcal: "Energy (kcal)"
        case .distance: "Distance"
        case .elevation: units == .imperial ? "Ascent (ft)" : "Ascent (m)"
        }
    }

    /// What one bar stands for: `hour`, `day`, `week`, `month`, or `bar` (a month's buckets of
    /// 7 days and the rest).
    func bucketNoun() -> String {
        switch report.period.kind {
        case .day, .last24Hours: return "hour"
        case .month: return "bar"
        case .quarter, .year: return "month"
        case .last7Days, .week: return "day"
        case .range:
            let days = report.period.firstDay.days(to: report.period.lastDay) + 1
            return days <= 31 ? "day" : days <= 182 ? "week" : "month"
        }
    }

    /// `24–30 Nov 2026`, `28 Nov – 4 Dec 2026`, `29 Dec 2025 – 4 Jan 2026`, `29 Nov 2026`.
    static func dateRange(_ first: LocalDay, _ last: LocalDay, glyphs: Glyphs = .unicode) -> String {
        let dash = glyphs.rangeDash
        if first == last { return "\(first.day) \(first.monthAbbreviation) \(first.year)" }
        if first.year != last.year {
            return "\(first.day) \(first.monthAbbreviation) \(first.year) \(dash) \(last.day) \(last.monthAbbreviation) \(last.year)"
        }
        if first.month == last.month { return "\(first.day)\(dash)\(last.day) \(last.monthAbbreviation) \(last.year)" }
        return "\(first.day) \(first.monthAbbreviation) \(dash) \(last.day) \(last.monthAbbreviation) \(last.year)"
    }

    /// `29 Nov 2026 13:00 – 30 Nov 2026 12:41` in the viewing zone.
    static func instantRange(_ start: Date, _ end: Date, context: StatsContext, glyphs: Glyphs = .unicode) -> String {
        "\(instant(start, context: context)) \(glyphs.rangeDash) \(instant(end, context: context))"
    }

    /// `15 Feb 2026 12:00` in the viewing zone.
    static func instant(_ date: Date, context: StatsContext) -> String {
        let day = context.localDay(of: date)
        let parts = context.calendar.dateComponents([.hour, .minute], from: date)
        return "\(day.day) \(day.monthAbbreviation) \(day.year) "
            + String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }

    // MARK: Chart

    /// One chart row per bucket: the metric's value, the current bucket marked (and `so far`
    /// while it is not over), the best bucket marked.
    func rows() -> [BarChart.Row] {
        let values = report.buckets.map { $0.totals.value(of: report.metric) }
        let period = report.period
        return report.buckets.enumerated().map { index, bucket in
            let span = bucket.span
            var current = false
            if period.isInProgress {
                if period.isHourly {
                    let isLast = index == report.buckets.count - 1
                    current = span.start <= context.now && (context.now < span.end || (isLast && period.kind == .last24Hours))
                } else {
                    current = span.firstDay <= context.today && context.today <= span.lastDay
                }
            }
            return BarChart.Row(label: glyphs.text(bucket.label), value: values[index], valueText: valueText(values[index]),
                                isCurrent: current, isInProgress: current, isBest: report.best?.span == span)
        }
    }

    /// A value of the report's metric as the chart shows it: a count; hours and minutes
    /// (`49 min`, `1 h 53 min`); `~N` kcal; distance in km (mi with imperial units) to 0.1;
    /// ascent in whole metres (feet with imperial units: `412 m`, `1352 ft`).
    func valueText(_ value: Double) -> String {
        switch report.metric {
        case .sessions:
            return String(Int(value.rounded()))
        case .time:
            return Format.hoursMinutes(value)
        case .kcal:
            return "~\(Int(value.rounded(.toNearestOrAwayFromZero)))"
        case .distance:
            let imperial = units == .imperial
            let amount = imperial ? value / LengthUnit.miles.meters : value / 1000
            return String(format: "%.1f %@", amount, imperial ? "mi" : "km")
        case .elevation:
            return ActivityDetailText.climb(value, units: units)
        }
    }

    /// A value of the report's metric with its unit, for the notes: `3 sessions`, `1 h 53 min`,
    /// `~312 kcal`, `20.0 km`, `412 m`.
    func noteText(_ value: Double) -> String {
        switch report.metric {
        case .sessions:
            let count = Int(value.rounded())
            return count == 1 ? "1 session" : "\(count) sessions"
        case .time: return Format.hoursMinutes(value)
        case .kcal: return HIITCalories.display(value)
        case .distance, .elevation: return valueText(value)
        }
    }

    // MARK: Totals table

    /// One row of the totals table.
    struct TableRow {
        var label: String
        var total: String
        var average: String
        var baseline: String
        var change: StatsChange?
    }

    /// The totals table: a header and one row per figure, columns right-aligned (the change
    /// left-aligned), the baseline columns only with a comparison.
    func table() -> [StyledText] {
        let totals = report.totals, average = report.averagePerBucket
        let comparison = report.comparison
        let before = comparison?.totals ?? StatsTotals()
        var rows: [TableRow] = [
            TableRow(label: "Sessions", total: String(totals.sessions), average: Self.decimal(average.sessions),
                     baseline: String(before.sessions), change: comparison?.change(of: .sessions)),
            TableRow(label: "Workout time", total: Format.hoursMinutes(totals.workoutSeconds),
                     average: Format.hoursMinutes(average.workoutSeconds),
                     baseline: Format.hoursMinutes(before.workoutSeconds), change: comparison?.change(of: .time)),
            TableRow(label: "Total time", total: Format.hoursMinutes(totals.totalSeconds),
                     average: Format.hoursMinutes(average.totalSeconds),
                     baseline: Format.hoursMinutes(before.totalSeconds), change: comparison?.totalSecondsChange),
        ]
        if totals.kcal > 0 || before.kcal > 0 {
            rows.append(TableRow(label: "Energy", total: HIITCalories.display(totals.kcal),
                                 average: HIITCalories.display(average.kcal), baseline: HIITCalories.display(before.kcal),
                                 change: comparison?.change(of: .kcal)))
        }
        let now = totals.distanceBySport, then = before.distanceBySport
        let changes = comparison?.distanceBySportChange ?? [:]
        for sport in Self.sportOrder(Set(now.keys).union(then.keys)) {
            rows.append(TableRow(label: Self.sportName(sport), total: distance(now[sport], sport: sport),
                                 average: distance(average.distanceBySport[sport], sport: sport),
                                 baseline: distance(then[sport], sport: sport), change: changes[sport]))
        }
        if totals.ascentMeters > 0 || before.ascentMeters > 0 {
            rows.append(TableRow(label: "Ascent", total: climb(totals.ascentMeters), average: climb(average.ascentMeters),
                                 baseline: climb(before.ascentMeters), change: comparison?.change(of: .elevation)))
        }

        let header = TableRow(label: "", total: "Total", average: "Per " + bucketNoun(),
                              baseline: comparison.map { $0.baseline == .lastYear ? "Last year" : "Previous" } ?? "",
                              change: nil)
        let changeTexts = rows.map { $0.change.map { Self.changeText($0, glyphs: glyphs) } ?? "" }
        var columns = [
            TextTable.Column(header: header.label), TextTable.Column(header: header.total, alignment: .right),
            TextTable.Column(header: header.average, alignment: .right, dropOrder: 1),
        ]
        if comparison != nil {
            columns += [TextTable.Column(header: header.baseline, alignment: .right, dropOrder: 2),
                        TextTable.Column(header: "Change", alignment: .right, dropOrder: 3)]
        }
        let cells = zip(rows, changeTexts).map { row, change in [row.label, row.total, row.average, row.baseline, change] }
        let layout = TextTable(columns: columns, rows: cells, gap: 3).layout(width: width)

        func line(_ cells: [String], change: TextStyle) -> StyledText {
            var line = StyledText("")
            for (position, (index, width)) in layout.enumerated() {
                let text = cells[index].padded(toWidth: width, alignment: columns[index].alignment, ellipsis: glyphs.ellipsis)
                line.append(StyledText(position == 0 ? text : "   " + text, style: index == 4 ? change : .plain))
            }
            return Self.trimmed(line)
        }
        var lines = [line(columns.map(\.header), change: .plain)]
        for (row, texts) in zip(rows, cells) {
            lines.append(line(texts, change: Self.changeStyle(row.change)))
        }
        return lines
    }

    /// `line` without spaces at its end.
    static func trimmed(_ line: StyledText) -> StyledText {
        var spans = line.spans
        while let last = spans.last {
            let kept = String(last.text.reversed().drop { $0 == " " }.reversed())
            spans.removeLast()
            if !kept.isEmpty {
                spans.append(StyledText.Span(kept, style: last.style))
                break
            }
        }
        return StyledText(spans: spans)
    }

    /// `▲ 25%`, `▼ 12%`, `new` (baseline zero), `—` (both zero), `same`, `▲ <1%`, `▲ >999%`
    /// (`^ 25%`, `v 12%`, `-` with ``Glyphs/ascii``).
    static func changeText(_ change: StatsChange, glyphs: Glyphs = .unicode) -> String {
        if change.isNew { return "new" }
        guard let percent = change.percent else { return glyphs.dash }
        if percent == 0 { return "same" }
        let arrow = percent > 0 ? glyphs.up : glyphs.down
        let whole = Int(min(abs(percent), 10_000).rounded())
        if whole > 999 { return "\(arrow) >999%" }
        return whole == 0 ? "\(arrow) <1%" : "\(arrow) \(whole)%"
    }

    /// Up green, down red, the rest plain (colours only where the output allows them).
    static func changeStyle(_ change: StatsChange?) -> TextStyle {
        guard let change, change.difference != 0 else { return .plain }
        return TextStyle(foreground: change.difference > 0 ? .green : .red)
    }

    /// `0.7`: one decimal, halves rounded away from zero (0.25 → `0.3`).
    static func decimal(_ value: Double) -> String {
        String(format: "%.1f", (value * 10).rounded(.toNearestOrAwayFromZero) / 10)
    }

    /// A distance for the table (`12.5 km`, `750 m`, `3.11 mi`, `1000 yd`), `—` for none.
    func distance(_ meters: Double?, sport: String) -> String {
        guard let meters, meters > 0 else { return glyphs.dash }
        return Format.distance(meters, units: units, sport: Sport(rawValue: sport), poolUnit: nil)
    }

    /// Metres climbed for the table (`412 m`, `1352 ft`), `—` for none.
    func climb(_ meters: Double) -> String {
        guard meters > 0 else { return glyphs.dash }
        return ActivityDetailText.climb(meters, units: units)
    }

    /// Swimming, cycling, running, the other known sports, then unknown sports by name.
    static func sportOrder(_ sports: Set<String>) -> [String] {
        let known = Sport.allCases.map(\.rawValue)
        return sports.sorted { a, b in
            let i = known.firstIndex(of: a) ?? known.count, j = known.firstIndex(of: b) ?? known.count
            return i != j ? i < j : a < b
        }
    }

    /// `Swimming`, `Cycling`, `Running`, `Paddling`: the sport's name with a capital.
    static func sportName(_ sport: String) -> String {
        sport.prefix(1).uppercased() + sport.dropFirst()
    }

    // MARK: Notes

    /// Which dates the comparison covers: `Compared with 1–31 Jan 2026 (the previous month).`,
    /// or, for a period in progress compared with the same elapsed part, `Compared so far with
    /// the same part of the previous period: 1 Feb 2026 00:00 – 15 Feb 2026 12:00.`
    func comparisonNote(_ comparison: StatsComparison) -> String {
        let which = comparison.baseline == .lastYear ? "the same period last year" : "the previous period"
        if report.period.isInProgress, comparison.isPartial, report.period.kind != .last24Hours {
            return "Compared so far with the same part of \(which): "
                + Self.instantRange(comparison.start, comparison.end, context: context, glyphs: glyphs) + "."
        }
        if report.period.kind == .last24Hours {
            return "Compared with \(which): " + Self.instantRange(comparison.start, comparison.end, context: context, glyphs: glyphs) + "."
        }
        return "Compared with \(which): " + Self.dateRange(comparison.firstDay, comparison.lastDay, glyphs: glyphs) + "."
    }
}
