import Foundation
import Testing
import TerminalUI

@Suite("Braille dots, routes and line charts")
struct DotCanvasTests {
    @Test("each dot of a cell is its braille bit; a full cell is ⣿; ASCII is a dot per cell")
    func brailleBits() {
        var canvas = DotCanvas(width: 2, height: 1, glyphs: .unicode)
        canvas.set(x: 0, y: 0)
        #expect(canvas.lines() == ["\u{2801} "])
        canvas.set(x: 1, y: 3)
        #expect(canvas.lines() == ["\u{2881} "])
        for x in 2...3 { for y in 0...3 { canvas.set(x: x, y: y) } }
        #expect(canvas.lines() == ["\u{2881}\u{28FF}"])
        canvas.set(x: 4, y: 0)
        canvas.set(x: -1, y: 2)
        #expect(canvas.lines() == ["\u{2881}\u{28FF}"], "dots outside are ignored")
        #expect(canvas.isSet(x: 1, y: 3) && !canvas.isSet(x: 1, y: 2))

        var ascii = DotCanvas(width: 3, height: 2, glyphs: .ascii)
        ascii.line(fromX: 0, y: 0, toX: 2, y: 1)
        #expect(ascii.lines() == ["*  ", " **"])
    }

    @Test("a line sets every dot between its ends, in any direction")
    func lines() {
        var canvas = DotCanvas(width: 4, height: 1, glyphs: .unicode)
        canvas.line(fromX: 7, y: 0, toX: 0, y: 0)
        #expect(canvas.lines() == [String(repeating: "\u{2809}", count: 4)])
        var steep = DotCanvas(width: 1, height: 2, glyphs: .unicode)
        steep.line(fromX: 0, y: 7, toX: 0, y: 0)
        #expect(steep.lines() == ["\u{2847}", "\u{2847}"])
    }

    @Test("a round loop stays round: as many dots across as down, start and finish marked")
    func roundRoute() {
        // A circle of 500 m radius, metres east and north.
        let circle = (0...72).map { step -> (x: Double, y: Double) in
            let angle = Double(step) * .pi / 36
            return (x: 500 * cos(angle), y: 500 * sin(angle))
        }
        let lines = RouteDrawing.lines(circle, width: 40, height: 10, glyphs: .unicode)
        #expect(lines.count == 10)
        // The circle fills the 40 dots down; across it takes about as many of the 80 dots.
        let used = lines.map { $0.enumerated().filter { $0.element != " " }.map(\.offset) }
        let columns = Set(used.flatMap { $0 })
        let across = (columns.max() ?? 0) - (columns.min() ?? 0) + 1
        #expect((19...21).contains(across), "a 40-dot circle is 20 cells across, was \(across)")
        #expect(lines.joined().filter { $0 == "S" }.count == 1, "start and finish share a cell: one S")

        let out = RouteDrawing.lines([(x: 0, y: 0), (x: 1000, y: 0)], width: 10, height: 3, glyphs: .ascii)
        #expect(out == ["          ", "S********F", "          "])
        #expect(RouteDrawing.lines([(x: 0, y: 0)], width: 3, height: 1, glyphs: .unicode) == ["   "])
    }

    @Test("a line chart labels its lowest and highest values and its x ends")
    func lineChart() {
        let climb: [(x: Double, y: Double)] = (0...40).map { step in
            let height = Double(step <= 20 ? step : 40 - step) * 10
            return (x: Double(step) * 1000, y: 200 + height)
        }
        let lines = LineChart.lines(climb, width: 40, height: 4, yLabel: { "\(Int($0)) m" },
                                    xLabel: { String(format: "%.0f km", $0 / 1000) }, glyphs: .ascii)
        #expect(lines.count == 6)
        #expect(lines[0].hasPrefix("400 m +"))
        #expect(lines[3].hasPrefix("200 m +"))
        #expect(lines[1].hasPrefix("      |") && lines[2].hasPrefix("      |"))
        #expect(lines[4] == "      +" + String(repeating: "-", count: 33))
        #expect(lines[5].hasPrefix("       0 km") && lines[5].hasSuffix("40 km"))
        // The peak is at the top row, in the middle of the plot; the ends on the bottom row.
        let topPlot = Array(lines[0].dropFirst(7))
        // 370–400 m (steps 17–23 of 40) round to the top row: dots 14–18 of 0–32, centred on 16.
        #expect(topPlot.firstIndex(of: "*") == 14 && topPlot.lastIndex(of: "*") == 18)
        #expect(lines[3].dropFirst(7).first == "*" && lines[3].last == "*")
        #expect(LineChart.lines([(x: 0, y: 1)], width: 40, height: 4, yLabel: { "\($0)" }, xLabel: { "\($0)" }, glyphs: .ascii).isEmpty)
    }

    @Test("a chart given another chart's x range: its series starts where its x is on that axis, the labels are the range's")
    func sharedXRange() {
        // A heart rate that starts at 20 km of a 40 km leg (the strap joined late), flat.
        let late: [(x: Double, y: Double)] = (20...40).map { (x: Double($0) * 1000, y: $0 % 2 == 0 ? 150 : 140) }
        let lines = LineChart.lines(late, width: 40, height: 4, yLabel: { "\(Int($0)) bpm" },
                                    xLabel: { String(format: "%.0f km", $0 / 1000) }, xRange: 0...40_000, glyphs: .ascii)
        #expect(lines.count == 6)
        // "150 bpm" is 7 cells: the plot starts after it, a space and the axis (9 cells), and
        // is 40 − 7 − 2 = 31 cells wide, dots 0–30; 20 km of 0–40 km is dot 15.
        #expect(lines[5].hasPrefix("         0 km") && lines[5].hasSuffix("40 km"), "\(lines[5])")
        let plot = lines[0..<4].map { Array($0.dropFirst(9)) }
        let firstDot = plot.compactMap { $0.firstIndex(of: "*") }.min()
        #expect(firstDot == 15, "\(lines.joined(separator: "\n"))")
        #expect(plot.map(\.count).max() == 31, "the series reaches the right end")
        let own = LineChart.lines(late, width: 40, height: 4, yLabel: { "\(Int($0)) bpm" },
                                  xLabel: { String(format: "%.0f km", $0 / 1000) }, glyphs: .ascii)
        #expect(own[5].hasPrefix("         20 km"), "without a range the axis starts at the series' first x")
    }
}
