/// A drawing surface of dots laid on terminal cells, for routes and line charts
/// (`hiit history show`).
///
/// With ``Glyphs/unicode`` each cell holds 2 × 4 dots as a Unicode braille pattern
/// (U+2800–U+28FF: dot 1 at the top left is bit 0x01, dots 1–3 down the left column 0x01,
/// 0x02, 0x04, dots 4–6 down the right 0x08, 0x10, 0x20, dots 7 and 8 along the bottom 0x40,
/// 0x80; Unicode Standard, chapter 21.3 "Braille"), so a cell of a terminal, about twice as
/// tall as it is wide, holds dots about as far apart across as down. With ``Glyphs/ascii``
/// each cell is one dot (`*`), and the surface is `width × height` dots.
///
/// Coordinates are dots from the top left: x to the right, y down. A dot outside the surface
/// is ignored. Marks (a letter in one cell, such as `S` and `F` for start and finish) are drawn
/// over the dots of their cell.
public struct DotCanvas: Sendable, Equatable {
    /// Cells across.
    public let width: Int
    /// Cells down.
    public let height: Int
    /// The characters used.
    public let glyphs: Glyphs
    private var bits: [UInt8]
    private var marks: [Int: Character] = [:]

    /// An empty surface of `width × height` cells (each at least 1).
    public init(width: Int, height: Int, glyphs: Glyphs) {
        self.width = max(1, width)
        self.height = max(1, height)
        self.glyphs = glyphs
        bits = Array(repeating: 0, count: self.width * self.height)
    }

    /// Dots across: 2 per cell, or 1 in ASCII.
    public var dotsAcross: Int { width * (glyphs == .unicode ? 2 : 1) }
    /// Dots down: 4 per cell, or 1 in ASCII.
    public var dotsDown: Int { height * (glyphs == .unicode ? 4 : 1) }

    /// The cell holding dot (`x`, `y`) and the dot's bit in it; `nil` outside the surface.
    private func place(x: Int, y: Int) -> (cell: Int, bit: UInt8)? {
        guard x >= 0, y >= 0, x < dotsAcross, y < dotsDown else { return nil }
        guard glyphs == .unicode else { return (y * width + x, 1) }
        return ((y / 4) * width + x / 2, Self.bit(column: x % 2, row: y % 4))
    }

    /// Sets the dot at (`x`, `y`); nothing outside the surface.
    public mutating func set(x: Int, y: Int) {
        guard let (cell, bit) = place(x: x, y: y) else { return }
        bits[cell] |= bit
    }

    /// Whether the dot at (`x`, `y`) is set (`false` outside the surface).
    public func isSet(x: Int, y: Int) -> Bool {
        guard let (cell, bit) = place(x: x, y: y) else { return false }
        return bits[cell] & bit != 0
    }

    /// Sets the dots of a straight line from one dot to another, both ends included
    /// (Bresenham's algorithm); parts outside the surface are ignored.
    public mutating func line(fromX x0: Int, y y0: Int, toX x1: Int, y y1: Int) {
        var x = x0, y = y0
        let dx = abs(x1 - x0), dy = -abs(y1 - y0)
        let stepX = x0 < x1 ? 1 : -1, stepY = y0 < y1 ? 1 : -1
        var error = dx + dy
        // At most as many steps as the longer side, so a huge line cannot run long.
        for _ in 0...max(dx, -dy) {
            set(x: x, y: y)
            if x == x1 && y == y1 { break }
            let doubled = 2 * error
            if doubled >= dy { error += dy; x += stepX }
            if doubled <= dx { error += dx; y += stepY }
        }
    }

    /// Sets the dots of straight lines through `dots` in order (one dot alone is set).
    public mutating func polyline(_ dots: [(Int, Int)]) {
        guard var previous = dots.first else { return }
        set(x: previous.0, y: previous.1)
        for next in dots.dropFirst() {
            line(fromX: previous.0, y: previous.1, toX: next.0, y: next.1)
            previous = next
        }
    }

    /// Sets every `spacing`-th dot along straight lines through `dots` in order, counting on
    /// across the corners (a dotted line: the first dot is set, then one in `spacing`); with a
    /// spacing of 1 the same dots as ``polyline(_:)``.
    /// - Parameters:
    ///   - dots: the corners, in order.
    ///   - spacing: dots along the path from one set dot to the next (at least 1).
    public mutating func dottedPolyline(_ dots: [(Int, Int)], spacing: Int) {
        let spacing = max(1, spacing)
        guard let first = dots.first else { return }
        var count = 0
        set(x: first.0, y: first.1)
        var previous = first
        for next in dots.dropFirst() {
            var x = previous.0, y = previous.1
            let dx = abs(next.0 - x), dy = -abs(next.1 - y)
            let stepX = x < next.0 ? 1 : -1, stepY = y < next.1 ? 1 : -1
            var error = dx + dy
            for _ in 0..<max(dx, -dy) {
                let doubled = 2 * error
                if doubled >= dy { error += dy; x += stepX }
                if doubled <= dx { error += dx; y += stepY }
                count += 1
                if count % spacing == 0 { set(x: x, y: y) }
            }
            previous = next
        }
    }

    /// Whether the cell at `column`, `row` has a dot set (`false` outside the surface).
    public func hasDots(column: Int, row: Int) -> Bool {
        guard column >= 0, row >= 0, column < width, row < height else { return false }
        return bits[row * width + column] != 0
    }

    /// Puts `mark` in the cell that holds dot (`x`, `y`), over its dots.
    public mutating func mark(x: Int, y: Int, _ mark: Character) {
        guard let (cell, _) = place(x: x, y: y) else { return }
        marks[cell] = mark
    }

    /// The surface as `height` lines of `width` cells each (empty cells are spaces; braille's
    /// empty pattern U+2800 is never written, so the lines can be trimmed and compared).
    public func lines() -> [String] {
        (0..<height).map { row in
            var line = ""
            for column in 0..<width {
                let cell = row * width + column
                if let mark = marks[cell] {
                    line.append(mark)
                } else if bits[cell] == 0 {
                    line.append(" ")
                } else if glyphs == .unicode, let scalar = Unicode.Scalar(0x2800 + UInt32(bits[cell])) {
                    line.unicodeScalars.append(scalar)
                } else {
                    line.append("*")
                }
            }
            return line
        }
    }

    /// The braille bit of the dot at `column` (0–1) and `row` (0–3) of a cell.
    static func bit(column: Int, row: Int) -> UInt8 {
        switch (column, row) {
        case (0, 3): 0x40
        case (1, 3): 0x80
        case (0, _): UInt8(1) << UInt8(row)
        default: UInt8(0x08) << UInt8(row)
        }
    }
}

/// A route drawn on a ``DotCanvas``: points in a plane (metres east and north of any origin,
/// e.g. from `Tracks`' projection, which corrects for latitude) fitted to the surface with one
/// scale for both axes, so a round loop stays round, centred, start and finish marked `S` and
/// `F` (one `S` when they share a cell).
public enum RouteDrawing {
    /// The drawing's lines.
    /// - Parameters:
    ///   - points: east (x) and north (y) in metres, in order; non-finite points are skipped.
    ///   - width: cells across (at least 1).
    ///   - height: cells down (at least 1).
    ///   - glyphs: braille or ASCII.
    /// - Returns: `height` lines; empty lines for fewer than two finite points.
    public static func lines(_ points: [(x: Double, y: Double)], width: Int, height: Int, glyphs: Glyphs) -> [String] {
        var canvas = DotCanvas(width: width, height: height, glyphs: glyphs)
        let finite = points.filter { $0.x.isFinite && $0.y.isFinite }
        guard finite.count >= 2, let minX = finite.map(\.x).min(), let maxX = finite.map(\.x).max(),
              let minY = finite.map(\.y).min(), let maxY = finite.map(\.y).max() else { return canvas.lines() }
        // ASCII cells are one dot each, about twice as tall as wide: a dot down stands for two across.
        let aspect = glyphs == .unicode ? 1.0 : 2.0
        let across = Double(canvas.dotsAcross - 1), down = Double(canvas.dotsDown - 1)
        let spanX = max(maxX - minX, 1e-9), spanY = max(maxY - minY, 1e-9)
        let scale = min(across / spanX, down * aspect / spanY)
        let offsetX = (across - spanX * scale) / 2
        let offsetY = (down - spanY * scale / aspect) / 2
        func dot(_ point: (x: Double, y: Double)) -> (Int, Int) {
            (Int(((point.x - minX) * scale + offsetX).rounded()),
             Int((down - (point.y - minY) * scale / aspect - offsetY).rounded()))
        }
        let dots = finite.map(dot)
        canvas.polyline(dots)
        if let start = dots.first, let finish = dots.last {
            canvas.mark(x: finish.0, y: finish.1, "F")
            canvas.mark(x: start.0, y: start.1, "S")
        }
        return canvas.lines()
    }
}

/// A line chart of one series on a ``DotCanvas`` with labelled axes, as `hiit history show`
/// draws elevation and heart rate:
///
/// ```
///  412 m ┤      ⢀⡠⠤⠒⠒⠤⣀
///        │   ⢀⠔⠁       ⠈⠢⡀
///  208 m ┤⠤⠒⠁             ⠈⠒⠤
///        └──────────────────────
///         0 km             40.1 km
/// ```
///
/// The y axis runs from the series' lowest to its highest value (labels at both ends, right
/// aligned); the x axis from the first x to the last, or over the range given (labels under
/// its ends). In ASCII the axis is `|`, `+`, `-`.
public enum LineChart {
    /// The chart's lines: `height` rows of the plot, the axis line, and the x labels.
    /// - Parameters:
    ///   - points: (x, y) in any units, in x order; non-finite points are skipped.
    ///   - width: cells of the whole chart, labels included.
    ///   - height: rows of the plot (at least 2).
    ///   - yLabel: formats a y value (`412 m`, `171 bpm`).
    ///   - xLabel: formats an x value (`40.1 km`, `1:02:00`).
    ///   - xRange: the x axis's ends, when it must be the same as another chart's (two charts
    ///     of one leg lined up); `nil` for the series' own first and last x. Points outside it
    ///     are drawn at its ends.
    ///   - glyphs: braille or ASCII.
    /// - Returns: the lines; none for fewer than two finite points.
    public static func lines(_ points: [(x: Double, y: Double)], width: Int, height: Int,
                             yLabel: (Double) -> String, xLabel: (Double) -> String,
                             xRange: ClosedRange<Double>? = nil, glyphs: Glyphs) -> [String] {
        let finite = points.filter { $0.x.isFinite && $0.y.isFinite }
        guard finite.count >= 2, let minY = finite.map(\.y).min(), let maxY = finite.map(\.y).max(),
              let ownFirst = finite.first?.x, let ownLast = finite.last?.x else { return [] }
        let firstX = xRange?.lowerBound ?? ownFirst, lastX = xRange?.upperBound ?? ownLast
        let rows = max(2, height)
        let top = yLabel(maxY), bottom = yLabel(minY)
        let labelWidth = max(top.displayWidth, bottom.displayWidth)
        let plotWidth = max(4, width - labelWidth - 2)
        var canvas = DotCanvas(width: plotWidth, height: rows, glyphs: glyphs)
        let across = Double(canvas.dotsAcross - 1), down = Double(canvas.dotsDown - 1)
        let spanX = max(lastX - firstX, 1e-9), spanY = maxY - minY
        func dot(_ point: (x: Double, y: Double)) -> (Int, Int) {
            let x = Int((min(max(point.x - firstX, 0), spanX) / spanX * across).rounded())
            let y = spanY > 0 ? Int((down - (point.y - minY) / spanY * down).rounded()) : Int(down / 2)
            return (x, y)
        }
        canvas.polyline(finite.map(dot))
        let tick = glyphs == .unicode ? "┤" : "+", bar = glyphs == .unicode ? "│" : "|"
        let corner = glyphs == .unicode ? "└" : "+", rule = glyphs == .unicode ? "─" : "-"
        func pad(_ text: String) -> String { String(repeating: " ", count: max(0, labelWidth - text.displayWidth)) + text }
        var lines: [String] = []
        for (index, row) in canvas.lines().enumerated() {
            let label = index == 0 ? pad(top) + " " + tick : index == rows - 1 ? pad(bottom) + " " + tick
                : String(repeating: " ", count: labelWidth + 1) + bar
            lines.append(label + row)
        }
        lines.append(String(repeating: " ", count: labelWidth + 1) + corner + String(repeating: rule, count: plotWidth))
        let left = xLabel(firstX), right = xLabel(lastX)
        let gap = max(1, plotWidth - left.displayWidth - right.displayWidth)
        lines.append(String(repeating: " ", count: labelWidth + 2) + left + String(repeating: " ", count: gap) + right)
        return lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }
    }
}
