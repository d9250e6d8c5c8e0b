/// A horizontal bar chart drawn with text, one row per bucket (a day, an hour, a week), as
/// `hiit stats` shows it:
///
/// ```
/// Mon 24  ████████████████████████████████████████████████▌        28:40
/// Tue 25                                                            0:00
/// Wed 26  ██████████████████████████████████████████████████████   32:10  best
/// Sun 30  ████████████▍                                            7:20  so far
/// ```
///
/// Layout, left to right: the label (padded to the widest label by display width, so CJK
/// labels line up), a space, the bar field, a space, the value text (right-aligned to the
/// widest one) and, when any row is the best or in progress, a space and a note (`best`,
/// `so far`, `best so far`). The bar field takes every cell the other columns leave, and the
/// largest value fills it exactly.
///
/// Bars are Unicode full blocks `█` ending in one eighth block (`▏▎▍▌▋▊▉`), so a bar has a
/// resolution of 1/8 cell, or ASCII `#` in whole cells (``Glyphs/ascii``). Lengths are rounded
/// to the nearest eighth (cell); a value above zero always gets at least one eighth (cell), so
/// "a little" never looks like "nothing". Zero, negative, NaN and infinite values draw no bar
/// but keep their row. An all-zero chart draws rows without bars (nothing is divided by zero).
///
/// Styles (colours only appear when the ``StyleMode`` used to render allows them): bars are
/// cyan, the best row's bar green; the current row's label and value are bold; notes are dim.
public enum BarChart {
    /// One bar of the chart.
    public struct Row: Hashable, Sendable {
        /// The bucket's name, e.g. `Mon 24`, `1–7`, `14:00`; control characters are shown as `?`.
        public var label: String
        /// The value the bar's length stands for, in any unit (all rows share one); values that
        /// are not finite and above zero draw no bar.
        public var value: Double
        /// The value as the person reads it, already formatted (`28:40`, `~312 kcal`, `12.5 km`).
        public var valueText: String
        /// Whether this row holds now (today, this hour): label and value are bold.
        public var isCurrent: Bool
        /// Whether the bucket is not over yet: the note says `so far`.
        public var isInProgress: Bool
        /// Whether this is the period's best bucket: the bar is green and the note says `best`.
        public var isBest: Bool

        /// Creates a row.
        /// - Parameters:
        ///   - label: the bucket's name.
        ///   - value: the bar's value (any unit shared by all rows).
        ///   - valueText: the value formatted for reading.
        ///   - isCurrent: the row holds now (default `false`).
        ///   - isInProgress: the bucket is not over yet (default `false`).
        ///   - isBest: the period's best bucket (default `false`).
        public init(label: String, value: Double, valueText: String,
                    isCurrent: Bool = false, isInProgress: Bool = false, isBest: Bool = false) {
            self.label = label
            self.value = value
            self.valueText = valueText
            self.isCurrent = isCurrent
            self.isInProgress = isInProgress
            self.isBest = isBest
        }

        /// The note after the value: `best`, `so far`, `best so far` or `""`.
        public var note: String {
            switch (isBest, isInProgress) {
            case (true, true): "best so far"
            case (true, false): "best"
            case (false, true): "so far"
            case (false, false): ""
            }
        }
    }

    /// The fewest cells the bar field keeps before labels are shortened.
    public static let preferredMinimumBarWidth = 10

    /// The fewest cells a shortened label keeps (an ellipsis included).
    public static let minimumLabelWidth = 3

    /// The bar's colour.
    static let barStyle = TextStyle(foreground: .cyan)
    /// The best row's bar colour.
    static let bestBarStyle = TextStyle(foreground: .green)
    /// The current row's label and value.
    static let currentStyle = TextStyle(bold: true)
    /// The notes.
    static let noteStyle = TextStyle(dim: true)

    /// Draws the chart.
    ///
    /// Narrow widths degrade in this order: the bar field shrinks to
    /// ``preferredMinimumBarWidth`` cells, then labels are shortened with an ellipsis (never
    /// below ``minimumLabelWidth`` cells), then the bar field shrinks further (to nothing);
    /// a line that still does not fit is cut at `width`. Values and notes are never shortened
    /// before that last cut.
    /// - Parameters:
    ///   - rows: the bars, top to bottom; none gives no lines.
    ///   - width: the columns available (80 on a common terminal; works down to about 30).
    ///   - glyphs: block elements or ASCII `#` (default Unicode).
    /// - Returns: one line per row, each at most `max(0, width)` cells, without trailing spaces.
    public static func render(_ rows: [Row], width: Int, glyphs: Glyphs = .unicode) -> [StyledText] {
        guard !rows.isEmpty, width > 0 else { return rows.isEmpty ? [] : rows.map { _ in StyledText() } }
        let labels = rows.map { $0.label.sanitizedForTerminal }
        let notes = rows.map(\.note)
        let valueWidth = rows.map(\.valueText.displayWidth).max() ?? 0
        let noteWidth = notes.map(\.displayWidth).max() ?? 0
        let noteColumn = noteWidth > 0 ? 1 + noteWidth : 0
        let widestLabel = labels.map(\.displayWidth).max() ?? 0
        // Cells for everything but the label and the bar: the two spaces around the bar,
        // the values and the notes.
        let fixed = 2 + valueWidth + noteColumn
        let labelRoom = width - fixed - preferredMinimumBarWidth
        let labelWidth = widestLabel <= labelRoom ? widestLabel : min(widestLabel, max(labelRoom, minimumLabelWidth))
        let barWidth = max(0, width - fixed - labelWidth)
        let largest = rows.map { drawable($0.value) }.max() ?? 0

        var lines: [StyledText] = []
        for (index, row) in rows.enumerated() {
            let emphasis: TextStyle = row.isCurrent ? currentStyle : .plain
            var line = StyledText(labels[index], style: emphasis)
                .padded(toWidth: labelWidth, ellipsis: glyphs.ellipsis)
            line.append(" ")
            let bar = self.bar(fraction: largest > 0 ? drawable(row.value) / largest : 0,
                               width: barWidth, glyphs: glyphs)
            line.append(bar, style: row.isBest ? bestBarStyle : barStyle)
            line.append(String(repeating: " ", count: barWidth - bar.count + 1))
            line.append(row.valueText.padded(toWidth: valueWidth, alignment: .right), style: emphasis)
            if !notes[index].isEmpty {
                line.append(" ")
                line.append(notes[index], style: noteStyle)
            }
            lines.append(trimmingTrailingSpaces(line.truncated(toWidth: width, ellipsis: "")))
        }
        return lines
    }

    /// `line` without the spaces at its end (whatever their style).
    static func trimmingTrailingSpaces(_ line: StyledText) -> StyledText {
        var spans = line.spans
        while let last = spans.last {
            let kept = String(last.text.reversed().drop { $0 == " " }.reversed())
            if kept.isEmpty {
                spans.removeLast()
                continue
            }
            spans[spans.count - 1] = StyledText.Span(kept, style: last.style)
            break
        }
        return StyledText(spans: spans)
    }

    /// The part of a value a bar can show: finite values above zero, else 0.
    static func drawable(_ value: Double) -> Double {
        value.isFinite && value > 0 ? value : 0
    }

    /// The filled part of a bar, without the spaces after it.
    /// - Parameters:
    ///   - fraction: 0...1 of `width`; above 0 always draws at least one eighth (cell).
    ///   - width: the bar field in cells.
    ///   - glyphs: eighth blocks or `#`.
    /// - Returns: at most `width` one-cell characters.
    static func bar(fraction: Double, width: Int, glyphs: Glyphs) -> String {
        guard width > 0, fraction > 0 else { return "" }
        let clamped = min(1, fraction)
        switch glyphs {
        case .unicode:
            let eighths = min(width * 8, max(1, Int((clamped * Double(width) * 8).rounded())))
            var text = String(repeating: "█", count: eighths / 8)
            if eighths % 8 > 0 { text.append(ProgressBar.eighths[eighths % 8 - 1]) }
            return text
        case .ascii:
            return String(repeating: "#", count: min(width, max(1, Int((clamped * Double(width)).rounded()))))
        }
    }
}
