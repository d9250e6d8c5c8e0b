import Testing
import TerminalUI

/// The chart `hiit stats` shows, compared as whole multi-line strings.
@Suite struct BarChartTests {
    /// A week of workout time: Wednesday is the best day, Sunday is today and not over yet.
    static let week: [BarChart.Row] = [
        BarChart.Row(label: "Mon 24", value: 1720, valueText: "28:40"),
        BarChart.Row(label: "Tue 25", value: 0, valueText: "0:00"),
        BarChart.Row(label: "Wed 26", value: 1930, valueText: "32:10", isBest: true),
        BarChart.Row(label: "Thu 27", value: 860, valueText: "14:20"),
        BarChart.Row(label: "Sun 30", value: 440, valueText: "7:20", isCurrent: true, isInProgress: true),
    ]

    static func text(_ lines: [StyledText]) -> String {
        lines.map(\.plainText).joined(separator: "\n")
    }

    @Test func weekAt80ColumnsFillsTheWidthWithEighthBlocks() {
        let lines = BarChart.render(Self.week, width: 80)
        #expect(Self.text(lines) == """
            Mon 24 █████████████████████████████████████████████████████▌       28:40
            Tue 25                                                               0:00
            Wed 26 ████████████████████████████████████████████████████████████ 32:10 best
            Thu 27 ██████████████████████████▊                                  14:20
            Sun 30 █████████████▋                                                7:20 so far
            """)
        #expect(lines.map(\.displayWidth) == [73, 73, 78, 73, 80])
    }

    @Test func weekAt80ColumnsInASCII() {
        #expect(Self.text(BarChart.render(Self.week, width: 80, glyphs: .ascii)) == """
            Mon 24 #####################################################        28:40
            Tue 25                                                               0:00
            Wed 26 ############################################################ 32:10 best
            Thu 27 ###########################                                  14:20
            Sun 30 ##############                                                7:20 so far
            """)
    }

    @Test func weekAt30Columns() {
        #expect(Self.text(BarChart.render(Self.week, width: 30)) == """
            Mon 24 ████████▉  28:40
            Tue 25             0:00
            Wed 26 ██████████ 32:10 best
            Thu 27 ████▌      14:20
            Sun 30 ██▎         7:20 so far
            """)
        #expect(Self.text(BarChart.render(Self.week, width: 30, glyphs: .ascii)) == """
            Mon 24 #########  28:40
            Tue 25             0:00
            Wed 26 ########## 32:10 best
            Thu 27 ####       14:20
            Sun 30 ##          7:20 so far
            """)
    }

    @Test func emptyChartHasNoLines() {
        #expect(BarChart.render([], width: 80).isEmpty)
        #expect(BarChart.render([], width: 30, glyphs: .ascii).isEmpty)
    }

    @Test func allZeroValuesKeepTheirRowsWithoutBars() {
        let rows = ["1–7", "8–14", "15–21", "22–28"].map { BarChart.Row(label: $0, value: 0, valueText: "0") }
        #expect(Self.text(BarChart.render(rows, width: 30)) == """
            1–7                          0
            8–14                         0
            15–21                        0
            22–28                        0
            """)
    }

    @Test func oneHugeValueLeavesSmallOnesVisibleAndZeroEmpty() {
        let rows = [
            BarChart.Row(label: "a", value: 1_000_000_000, valueText: "1e9"),
            BarChart.Row(label: "b", value: 1, valueText: "1"),
            BarChart.Row(label: "c", value: 0, valueText: "0"),
        ]
        #expect(Self.text(BarChart.render(rows, width: 30)) == """
            a ████████████████████████ 1e9
            b ▏                          1
            c                            0
            """)
        #expect(Self.text(BarChart.render(rows, width: 30, glyphs: .ascii)) == """
            a ######################## 1e9
            b #                          1
            c                            0
            """)
    }

    @Test func wideLabelsLineUpByDisplayWidth() {
        let rows = [
            BarChart.Row(label: "月曜日", value: 3, valueText: "3"),
            BarChart.Row(label: "火", value: 1, valueText: "1"),
            BarChart.Row(label: "Wed", value: 0, valueText: "0"),
        ]
        let lines = BarChart.render(rows, width: 30)
        #expect(Self.text(lines) == """
            月曜日 █████████████████████ 3
            火     ███████               1
            Wed                          0
            """)
        #expect(lines.allSatisfy { $0.displayWidth == 30 })
    }

    @Test func longLabelsAreShortenedWithAnEllipsisBeforeTheBarsShrink() {
        let rows = [
            BarChart.Row(label: "Sprint triathlon training block", value: 2, valueText: "2"),
            BarChart.Row(label: "日本語のラベルです長い", value: 1, valueText: "1"),
            BarChart.Row(label: "Rest", value: 0, valueText: "0"),
        ]
        #expect(Self.text(BarChart.render(rows, width: 30)) == """
            Sprint triathlon… ██████████ 2
            日本語のラベルで… █████      1
            Rest                         0
            """)
        #expect(Self.text(BarChart.render(rows, width: 30, glyphs: .ascii)) == """
            Sprint triathl... ########## 2
            日本語のラベル... #####      1
            Rest                         0
            """)
    }

    @Test(arguments: [1, 2, 5, 12, 20, 29, 30, 31, 40, 79, 80, 81, 200])
    func everyLineFitsTheWidth(_ width: Int) {
        let rows = Self.week + [
            BarChart.Row(label: "A label far longer than any bucket's name", value: 99, valueText: "~1234 kcal"),
            BarChart.Row(label: "二〇二五年第一週", value: 3, valueText: "3", isInProgress: true, isBest: true),
        ]
        for glyphs in [Glyphs.unicode, .ascii] {
            let lines = BarChart.render(rows, width: width, glyphs: glyphs)
            #expect(lines.count == rows.count)
            for line in lines {
                #expect(line.displayWidth <= width, "\(line)")
                #expect(!line.plainText.hasSuffix(" "), "\(line)")
            }
        }
    }

    @Test func nonFiniteAndNegativeValuesDrawNoBar() {
        let rows = [
            BarChart.Row(label: "x", value: .nan, valueText: "?"),
            BarChart.Row(label: "y", value: -5, valueText: "-5"),
            BarChart.Row(label: "z", value: .infinity, valueText: "inf"),
        ]
        #expect(Self.text(BarChart.render(rows, width: 30)) == """
            x                            ?
            y                           -5
            z                          inf
            """)
    }

    @Test func coloursAppearOnlyWhenStylesAreOn() {
        let lines = BarChart.render(Self.week, width: 30)
        // Wednesday, the best day: a green bar, a dim note.
        #expect(lines[2].rendered(in: .plain) == "Wed 26 ██████████ 32:10 best")
        #expect(lines[2].rendered(in: .color)
            == "Wed 26 \u{1B}[0;32m██████████\u{1B}[0m 32:10 \u{1B}[0;2mbest\u{1B}[0m")
        #expect(lines[2].rendered(in: .monochrome) == "Wed 26 ██████████ 32:10 \u{1B}[0;2mbest\u{1B}[0m")
        // Sunday, today: bold label and value, a cyan bar.
        #expect(lines[4].rendered(in: .color)
            == "\u{1B}[0;1mSun 30\u{1B}[0m \u{1B}[0;36m██▎\u{1B}[0m        \u{1B}[0;1m 7:20\u{1B}[0m \u{1B}[0;2mso far\u{1B}[0m")
        #expect(lines.allSatisfy { !$0.rendered(in: .plain).contains("\u{1B}") })
    }

    @Test func notesNameBestAndInProgress() {
        #expect(BarChart.Row(label: "", value: 0, valueText: "").note == "")
        #expect(BarChart.Row(label: "", value: 0, valueText: "", isBest: true).note == "best")
        #expect(BarChart.Row(label: "", value: 0, valueText: "", isInProgress: true).note == "so far")
        #expect(BarChart.Row(label: "", value: 0, valueText: "", isInProgress: true, isBest: true).note == "best so far")
    }
}
