import Testing
import TerminalUI

@Suite struct FrameTests {
    let esc = "\u{1B}"

    @Test func linesArePaddedAndCutToTheSize() {
        let frame = Frame(size: TerminalSize(columns: 6, rows: 4), lines: ["WORK", "Burpees and more", "日本語です"])
        #expect(frame.text == [
            "WORK  ",
            "Burpee",
            "日本語",
            "      ",
        ].joined(separator: "\n"))
        #expect(frame.lines.count == 4)
        #expect(frame.lines.allSatisfy { $0.displayWidth == 6 })
    }

    @Test func setLineAlignsAndIgnoresRowsOutside() {
        var frame = Frame(size: TerminalSize(columns: 8, rows: 2))
        frame.setLine(0, "0:05", alignment: .center)
        frame.setLine(1, "REST", alignment: .right)
        frame.setLine(2, "ignored")
        frame.setLine(-1, "ignored")
        #expect(frame.text == "  0:05  \n    REST")
    }

    @Test(arguments: [
        TerminalSize(columns: 0, rows: 0),
        TerminalSize(columns: 0, rows: 3),
        TerminalSize(columns: 5, rows: 0),
        TerminalSize(columns: 1, rows: 1),
        TerminalSize(columns: 500, rows: 2),
    ])
    func oddSizesAreSafe(_ size: TerminalSize) {
        let frame = Frame(size: size, lines: ["REST BETWEEN EXERCISES", "日本語", "🏃"])
        #expect(frame.lines.count == size.rows)
        #expect(frame.lines.allSatisfy { $0.displayWidth == size.columns })
        var writer = FrameWriter(mode: .color)
        _ = writer.update(to: frame)
        #expect(writer.update(to: frame) == "")
    }

    @Test func firstFrameIsAFullRedraw() {
        var writer = FrameWriter(mode: .plain)
        let frame = Frame(size: TerminalSize(columns: 4, rows: 3), lines: ["ab", "", "cd"])
        #expect(writer.update(to: frame) == "\(esc)[H\(esc)[2J\(esc)[1;1Hab  \(esc)[3;1Hcd  ")
    }

    @Test func onlyChangedLinesAreSent() {
        var writer = FrameWriter(mode: .plain)
        let size = TerminalSize(columns: 5, rows: 3)
        _ = writer.update(to: Frame(size: size, lines: ["WORK", "0:20", "1/8"]))
        let output = writer.update(to: Frame(size: size, lines: ["WORK", "0:19", "1/8"]))
        #expect(output == "\(esc)[2;1H\(esc)[2K0:19 ")
        #expect(writer.update(to: Frame(size: size, lines: ["WORK", "0:19", "1/8"])) == "")
        let two = writer.update(to: Frame(size: size, lines: ["REST", "0:19", "2/8"]))
        #expect(two == "\(esc)[1;1H\(esc)[2KREST \(esc)[3;1H\(esc)[2K2/8  ")
    }

    @Test func styleChangeAloneCountsAsAChange() {
        var writer = FrameWriter(mode: .color)
        let size = TerminalSize(columns: 4, rows: 1)
        _ = writer.update(to: Frame(size: size, lines: [StyledText("WORK", style: TextStyle(foreground: .red))]))
        let output = writer.update(to: Frame(size: size, lines: [StyledText("WORK", style: TextStyle(foreground: .green))]))
        #expect(output == "\(esc)[1;1H\(esc)[2K\(esc)[0;32mWORK\(esc)[0m")
    }

    @Test func resizeRedrawsEverything() {
        var writer = FrameWriter(mode: .color)
        _ = writer.update(to: Frame(size: TerminalSize(columns: 4, rows: 2), lines: ["ab", "cd"]))
        let output = writer.update(to: Frame(size: TerminalSize(columns: 3, rows: 2), lines: ["ab", "cd"]))
        #expect(output == "\(esc)[0m\(esc)[H\(esc)[2J\(esc)[1;1Hab \(esc)[2;1Hcd ")
    }

    @Test func invalidateForcesAFullRedraw() {
        var writer = FrameWriter(mode: .plain)
        let frame = Frame(size: TerminalSize(columns: 2, rows: 2), lines: ["a", "b"])
        _ = writer.update(to: frame)
        #expect(writer.update(to: frame) == "")
        writer.invalidate()
        #expect(writer.previous == nil)
        #expect(writer.update(to: frame) == "\(esc)[H\(esc)[2J\(esc)[1;1Ha \(esc)[2;1Hb ")
    }

    @Test func framesCompareAsMultiLineText() {
        let digits = BigDigits(glyphs: .ascii, scale: 1)
        let size = TerminalSize(columns: 15, rows: 7)
        var lines = digits.render("0:05").map { StyledText($0) }
        lines.append(StyledText(ProgressBar.render(fraction: 0.25, width: 13, glyphs: .ascii)))
        let frame = Frame(size: size, lines: lines)
        #expect(frame.text == [
            "###   ### ###  ",
            "# # # # # #    ",
            "# #   # # ###  ",
            "# # # # #   #  ",
            "###   ### ###  ",
            "###----------  ",
            "               ",
        ].joined(separator: "\n"))
    }
}

/// A terminal that cannot show UTF-8 gets the same screen with ASCII punctuation.
@Suite struct FrameASCIITests {
    @Test func punctuationBecomesASCIIOfTheSameWidth() {
        let size = TerminalSize(columns: 24, rows: 1)
        let frame = Frame(size: size, lines: [StyledText("✓ Swim · T1 — ▶ ▲▼")])
        let ascii = frame.withASCIIPunctuation()
        let text = ascii.lines[0].plainText
        #expect(text == "+ Swim - T1 - > ^v      ")
        let allASCII = text.unicodeScalars.allSatisfy { $0.isASCII }
        #expect(allASCII)
    }
}
