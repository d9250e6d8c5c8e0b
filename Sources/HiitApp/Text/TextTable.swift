import TerminalUI

/// A table of text columns laid out to fit a terminal width (pure): `hiit history`, the leg
/// table, the statistics totals.
///
/// Layout: each column is as wide as its widest cell (the header included), columns are
/// separated by ``gap`` spaces after ``indent``. When the table is wider than the width, the
/// droppable columns go first, lowest ``Column/dropOrder`` first, until it fits with the
/// flexible column at its minimum; the flexible column (the one cut with the ellipsis) then
/// takes the columns left over, up to its maximum. A table whose kept columns do not fit even
/// so gets a flexible column of 1 cell and lines as short as they can be (wider than the
/// width only below about 20 columns). A column with no text at all is left out. No line
/// ends in a space.
struct TextTable {
    /// One column: its header, how its cells are aligned, when it may be dropped.
    struct Column {
        /// The header cell (may be empty).
        var header: String
        /// Where cells sit in the column.
        var alignment: TextAlignment = .left
        /// When the table is too wide, droppable columns go in this order (1 first); `nil`
        /// never goes.
        var dropOrder: Int?
        /// The flexible column's narrowest and widest widths in cells (`nil` for a column as
        /// wide as its widest cell). At most one column of a table is flexible.
        var flexible: ClosedRange<Int>?
    }

    /// The columns in order.
    var columns: [Column]
    /// The cells, one array per row with one cell per column (missing cells are empty).
    var rows: [[String]]
    /// Spaces between two columns.
    var gap = 2
    /// Text before every line (a leading space).
    var indent = ""

    /// The columns kept at `width` and the width of each, in column order.
    /// - Parameter width: the terminal's columns.
    /// - Returns: (column index, width in cells) for each kept column.
    func layout(width: Int) -> [(index: Int, width: Int)] {
        let natural = columns.indices.map { index in
            ([columns[index].header] + rows.map { index < $0.count ? $0[index] : "" }).map(\.displayWidth).max() ?? 0
        }
        // A column with nothing in it (not even a header) takes no room and no gap.
        var kept = columns.indices.filter { natural[$0] > 0 }
        func widths(flexibleAt: (ClosedRange<Int>, Int) -> Int) -> [Int] {
            kept.map { index in
                guard let range = columns[index].flexible else { return natural[index] }
                return flexibleAt(range, natural[index])
            }
        }
        func total(_ widths: [Int]) -> Int {
            indent.displayWidth + widths.reduce(0, +) + gap * max(widths.count - 1, 0)
        }
        let narrowest = { (range: ClosedRange<Int>, natural: Int) in min(natural, range.lowerBound) }
        let droppable = columns.indices.filter { columns[$0].dropOrder != nil }
            .sorted { (columns[$0].dropOrder ?? 0, $0) < (columns[$1].dropOrder ?? 0, $1) }
        for index in droppable where total(widths(flexibleAt: narrowest)) > width {
            kept.removeAll { $0 == index }
        }
        let fixed = total(widths { _, _ in 0 })
        let result = widths { range, natural in
            max(1, min(width - fixed, natural, range.upperBound))
        }
        return Array(zip(kept, result)).map { (index: $0.0, width: $0.1) }
    }

    /// The header line and one line per row, laid out for `width`.
    /// - Parameters:
    ///   - width: the terminal's columns.
    ///   - glyphs: the ellipsis for a cut cell.
    ///   - header: whether to write the header line (a table of empty headers has none).
    /// - Returns: lines without line ends or trailing spaces.
    func lines(width: Int, glyphs: Glyphs, header: Bool = true) -> [String] {
        let layout = layout(width: width)
        let all = (header ? [columns.map(\.header)] : []) + rows
        return all.map { row in
            let cells = layout.map { index, width in
                (index < row.count ? row[index] : "").padded(toWidth: width, alignment: columns[index].alignment,
                                                              ellipsis: glyphs.ellipsis)
            }
            return Self.trimmed(indent + cells.joined(separator: String(repeating: " ", count: gap)))
        }
    }

    /// `line` without spaces at its end.
    static func trimmed(_ line: String) -> String {
        var line = line
        while line.hasSuffix(" ") { line.removeLast() }
        return line
    }
}
