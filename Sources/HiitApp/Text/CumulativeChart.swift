import TerminalUI
import WorkoutModel
import WorkoutStats

/// The running total of a period beside its baseline as a braille line chart (`hiit stats
/// --cumulative`, and under the bars of `hiit stats` on a tall terminal): a pure function of a
/// ``CumulativeSeries`` to styled lines.
///
/// ```
/// Workout time added up day by day
/// 4 h 10 min ┤                      ┊           ⢀⣀⠤⠤
///            │                      ┊   ⢀⡠⠔⠊⠉⠁
///            │                  ⢀⡠⠔⠊┊⠁
///      0 min ┤⣀⣀⣀⡠⠤⠤⠒⠒⠊⠉⠁
///            └──────────────────────┴─────────────────
///             1 Nov               today          30 Nov
/// ━━ November 2026: 2 h 3 min so far
/// ┄┄ October 2026: 4 h 10 min (1 h 40 min by the same day)
/// ```
///
/// Rules:
/// - The y axis runs from 0 (bottom label, with the metric's unit) to the larger of the two
///   lines' highest values (top label); the x axis over the current period's steps, labelled
///   with its first and last day (or hour) and `today` under today's step while the period is
///   in progress (`┴` on the axis and a faint `┊` up the plot where no line is).
/// - The current line is drawn solid and stops at today. The baseline is laid beside it by
///   step index (``CumulativeSeries/aligned(_:steps:)``) and drawn dotted, every second dot of
///   its path, in faint text (SGR 2) where colours are allowed, so the two differ without
///   colour too. With ``Glyphs/ascii`` each cell is one dot: `*` for the current line, `.` for
///   the baseline, `:` for today, `|`, `+`, `-`, `^` for the axes.
/// - Every line fits `width` columns (at most ``maximumWidth``); no line ends in a space.
struct CumulativeChart {
    /// The series to draw.
    let series: CumulativeSeries
    /// The report the series belongs to (its period names the x axis and the legend).
    let report: StatsReport
    /// Braille or ASCII.
    let glyphs: Glyphs
    /// Columns available.
    let width: Int
    /// A value of the metric with its unit (`1 h 53 min`, `3 sessions`, `20.0 km`).
    let valueText: (Double) -> String
    /// Rows of the plot (at least 2).
    var plotRows = 10

    /// The widest chart drawn.
    static let maximumWidth = 100

    /// The chart: caption, plot rows, axis, x labels and legend.
    /// - Parameter caption: the metric's name as the bars' caption has it (`Workout time`).
    func lines(caption: String) -> [StyledText] {
        let total = min(width, Self.maximumWidth)
        let steps = max(1, series.steps)
        let aligned = series.alignedComparison
        let top = max(series.current.map(\.value).max() ?? 0, aligned.max() ?? 0)
        let topLabel = valueText(top), bottomLabel = valueText(0)
        let labelWidth = max(topLabel.displayWidth, bottomLabel.displayWidth)
        let plotWidth = max(4, total - labelWidth - 2)
        let rows = max(2, plotRows)

        var current = DotCanvas(width: plotWidth, height: rows, glyphs: glyphs)
        var baseline = DotCanvas(width: plotWidth, height: rows, glyphs: glyphs)
        var both = DotCanvas(width: plotWidth, height: rows, glyphs: glyphs)
        let across = Double(current.dotsAcross - 1), down = Double(current.dotsDown - 1)
        func x(_ step: Int) -> Int { steps <= 1 ? 0 : Int((Double(step) * across / Double(steps - 1)).rounded()) }
        func y(_ value: Double) -> Int { top > 0 ? Int((down - value / top * down).rounded()) : Int(down) }
        let currentDots = series.current.indices.map { (x($0), y(series.current[$0].value)) }
        let baselineDots = aligned.indices.map { (x($0), y(aligned[$0])) }
        baseline.dottedPolyline(baselineDots, spacing: 2)
        both.dottedPolyline(baselineDots, spacing: 2)
        current.polyline(currentDots)
        both.polyline(currentDots)

        let cellsPerDot = glyphs == .unicode ? 2 : 1
        let todayColumn = series.todayIndex.map { x($0) / cellsPerDot }
        let unicode = glyphs == .unicode
        let characters = both.lines().map(Array.init)
        let faint = TextStyle(dim: true)

        var lines: [StyledText] = [StyledText(caption + " added up " + (series.isHourly ? "hour by hour" : "day by day"),
                                              style: faint)]
        func pad(_ text: String) -> String { String(repeating: " ", count: max(0, labelWidth - text.displayWidth)) + text }
        for row in 0..<rows {
            let label = row == 0 ? pad(topLabel) + " " + (unicode ? "┤" : "+")
                : row == rows - 1 ? pad(bottomLabel) + " " + (unicode ? "┤" : "+")
                : String(repeating: " ", count: labelWidth + 1) + (unicode ? "│" : "|")
            var line = StyledText(label)
            for column in 0..<plotWidth {
                let cell = column < characters[row].count ? characters[row][column] : " "
                if current.hasDots(column: column, row: row) {
                    line.append(unicode ? String(cell) : "*")
                } else if baseline.hasDots(column: column, row: row) {
                    line.append(unicode ? String(cell) : ".", style: faint)
                } else if column == todayColumn {
                    line.append(unicode ? "┊" : ":", style: faint)
                } else {
                    line.append(" ")
                }
            }
            lines.append(StatsScreen.trimmed(line))
        }
        var axis = String(repeating: " ", count: labelWidth + 1) + (unicode ? "└" : "+")
        for column in 0..<plotWidth {
            axis += column == todayColumn ? (unicode ? "┴" : "^") : (unicode ? "─" : "-")
        }
        lines.append(StyledText(axis))
        lines.append(StyledText(xLabels(offset: labelWidth + 2, plotWidth: plotWidth, todayColumn: todayColumn)))
        lines += legend(width: total)
        return lines
    }

    /// The x labels: the first and last step under the axis's ends, `today` under today's
    /// column when it fits between them with a space either side.
    func xLabels(offset: Int, plotWidth: Int, todayColumn: Int?) -> String {
        let first = stepLabel(0), last = stepLabel(max(0, series.steps - 1))
        var cells = Array(repeating: Character(" "), count: offset + plotWidth)
        func put(_ text: String, at start: Int) {
            for (i, character) in text.enumerated() where start + i < cells.count && start + i >= 0 {
                cells[start + i] = character
            }
        }
        put(first, at: offset)
        let lastStart = max(offset + first.count + 1, offset + plotWidth - last.count)
        if let todayColumn {
            let word = "today"
            let start = offset + todayColumn - word.count / 2
            let clamped = min(max(start, offset + first.count + 1), lastStart - word.count - 1)
            if clamped >= offset + first.count + 1, abs(clamped - start) <= word.count / 2 + 1 {
                put(word, at: clamped)
            }
        }
        if series.steps > 1 {
            if cells.count < lastStart + last.count { cells += Array(repeating: " ", count: lastStart + last.count - cells.count) }
            put(last, at: lastStart)
        }
        return String(String(cells).reversed().drop { $0 == " " }.reversed())
    }

    /// A step's label: `1 Nov` (`1 Nov 2025` when the period spans two years), or the hourly
    /// bucket's own label (`14:00`).
    func stepLabel(_ step: Int) -> String {
        let period = report.period
        if series.isHourly {
            return step < report.buckets.count ? glyphs.text(report.buckets[step].label) : ""
        }
        let day = period.firstDay.adding(days: step) ?? period.firstDay
        let year = period.firstDay.year != period.lastDay.year ? " \(day.year)" : ""
        return "\(day.day) \(day.monthAbbreviation)\(year)"
    }

    /// `━━ November 2026: 2 h 3 min so far` and `┄┄ October 2026: 4 h 10 min (1 h 40 min by the
    /// same day)`, the baseline's faint; each wrapped to `width`.
    func legend(width: Int) -> [StyledText] {
        let unicode = glyphs == .unicode
        let period = report.period
        var now = (unicode ? "━━ " : "** ") + glyphs.text(period.title) + ": " + valueText(series.currentTotal)
        if series.todayIndex != nil { now += " so far" }
        var lines = Format.wrap(now, width: width, indent: "   ").map { StyledText($0) }
        if let total = series.comparisonTotal, let title = series.comparisonTitle {
            var then = (unicode ? "┄┄ " : ".. ") + glyphs.text(title) + ": " + valueText(total)
            if let atToday = series.comparisonAtToday {
                then += " (\(valueText(atToday)) by the same \(series.isHourly ? "hour" : "day"))"
            }
            lines += Format.wrap(then, width: width, indent: "   ").map { StyledText($0, style: TextStyle(dim: true)) }
        }
        return lines
    }
}
