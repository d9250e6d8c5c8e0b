import Testing
import TerminalUI

@Suite struct StyleTests {
    @Test(arguments: [
        // isTerminal, NO_COLOR, TERM → mode
        (true, nil, "xterm-256color", StyleMode.color),
        (true, nil, "screen", StyleMode.color),
        (true, "1", "xterm-256color", StyleMode.monochrome),
        (true, "anything", "xterm", StyleMode.monochrome),
        (true, "", "xterm", StyleMode.color),             // empty NO_COLOR does not count
        (true, nil, "dumb", StyleMode.plain),
        (true, "1", "dumb", StyleMode.plain),
        (true, nil, nil, StyleMode.plain),
        (true, nil, "", StyleMode.plain),
        (false, nil, "xterm-256color", StyleMode.plain),
        (false, "1", "xterm", StyleMode.plain),
    ] as [(Bool, String?, String?, StyleMode)])
    func colourDecision(_ isTerminal: Bool, _ noColor: String?, _ term: String?, _ expected: StyleMode) {
        #expect(StyleMode.decide(isTerminal: isTerminal, noColor: noColor, term: term) == expected)
    }

    @Test func onlyColorModeUsesColour() {
        #expect(StyleMode.color.usesColor)
        #expect(!StyleMode.monochrome.usesColor)
        #expect(StyleMode.monochrome.usesAttributes)
        #expect(!StyleMode.plain.usesAttributes)
    }

    @Test(arguments: [
        ("en_US.UTF-8", nil, nil, "xterm", Glyphs.unicode),
        (nil, "C.utf8", nil, "xterm", Glyphs.unicode),
        (nil, nil, "cs_CZ.UTF-8", "linux", Glyphs.unicode),
        ("", "", "de_DE.utf8", "xterm", Glyphs.unicode),
        ("C", nil, "en_US.UTF-8", "xterm", Glyphs.ascii),  // LC_ALL wins
        ("POSIX", nil, nil, "xterm", Glyphs.ascii),
        (nil, nil, nil, "xterm", Glyphs.ascii),
        ("en_US.UTF-8", nil, nil, "dumb", Glyphs.ascii),
    ] as [(String?, String?, String?, String?, Glyphs)])
    func glyphDecision(_ lcAll: String?, _ lcCtype: String?, _ lang: String?, _ term: String?, _ expected: Glyphs) {
        #expect(Glyphs.decide(lcAll: lcAll, lcCtype: lcCtype, lang: lang, term: term) == expected)
    }

    @Test func sgrSequences() {
        let banner = TextStyle(foreground: .brightWhite, background: .red, bold: true)
        #expect(banner.sgr(in: .color) == "\u{1B}[0;1;97;41m")
        #expect(banner.sgr(in: .monochrome) == "\u{1B}[0;1m")
        #expect(banner.sgr(in: .plain) == "")
        #expect(TextStyle(dim: true, underlined: true, reversed: true).sgr(in: .color) == "\u{1B}[0;2;4;7m")
        #expect(TextStyle(foreground: .green).sgr(in: .color) == "\u{1B}[0;32m")
        #expect(TextStyle(background: .brightBlack).sgr(in: .color) == "\u{1B}[0;100m")
        #expect(TextStyle(foreground: .green).sgr(in: .monochrome) == "")
        #expect(TextStyle.plain.sgr(in: .color) == "")
    }

    @Test func styledTextRendersSpansAndResets() {
        var line = StyledText("WORK", style: TextStyle(foreground: .red, bold: true))
        line.append(" round 1/8")
        #expect(line.rendered(in: .color) == "\u{1B}[0;1;31mWORK\u{1B}[0m round 1/8")
        #expect(line.rendered(in: .monochrome) == "\u{1B}[0;1mWORK\u{1B}[0m round 1/8")
        #expect(line.rendered(in: .plain) == "WORK round 1/8")
        let ending = StyledText("x") + StyledText("REST", style: TextStyle(reversed: true))
        #expect(ending.rendered(in: .monochrome) == "x\u{1B}[0;7mREST\u{1B}[0m")
    }

    @Test func styledTextNormalizesSpans() {
        let split = StyledText(spans: [.init("ab"), .init(""), .init("cd"), .init("e", style: TextStyle(bold: true))])
        #expect(split == StyledText("abcd") + StyledText("e", style: TextStyle(bold: true)))
        #expect(split.spans.count == 2)
        #expect(StyledText("a\u{1B}b").plainText == "a?b")
    }

    @Test func styledTextTruncatesAndPadsAcrossSpans() {
        let bold = TextStyle(bold: true)
        let line = StyledText("Round ") + StyledText("12 of 20", style: bold)
        let cut = line.truncated(toWidth: 9)
        #expect(cut.plainText == "Round 12…")
        #expect(cut.spans.last == StyledText.Span("12…", style: bold))
        let banner = StyledText("WORK", style: bold).padded(toWidth: 10, alignment: .center, fill: TextStyle(reversed: true))
        #expect(banner.plainText == "   WORK   ")
        #expect(banner.spans.count == 3)
        #expect(line.padded(toWidth: 0).plainText == "")
    }
}
