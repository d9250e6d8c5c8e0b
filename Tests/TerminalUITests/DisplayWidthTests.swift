import Testing
import TerminalUI

@Suite struct DisplayWidthTests {
    @Test(arguments: [
        ("", 0),
        ("Burpees", 7),
        ("日本語", 6),
        ("ｗｉｄｅ", 8),            // fullwidth Latin
        ("한국어", 6),               // Hangul syllables
        ("e\u{301}", 1),            // e + combining acute, one cluster
        ("\u{301}", 0),             // a combining mark with no base
        ("a\u{200B}b", 2),          // zero-width space
        ("🏃", 2),                  // emoji presentation
        ("👨‍👩‍👧", 2),                 // ZWJ family, one cluster
        ("🇨🇿", 2),                  // flag: two regional indicators
        ("❤️", 2),                  // text-default heart + U+FE0F
        ("❤", 1),                   // text-default heart alone
        ("1️⃣", 2),                  // keycap
        ("©", 1),
        ("…", 1),
        ("tab\there", 8),           // control replaced by ?
        ("\u{1B}[31m", 5),          // an escape sequence cannot sneak through
    ])
    func countsCells(_ text: String, _ width: Int) {
        #expect(text.displayWidth == width)
    }

    @Test func controlCharactersBecomeQuestionMarks() {
        #expect("a\tb\u{1B}[2Jc\u{7F}\u{85}".sanitizedForTerminal == "a?b?[2Jc??")
        #expect("plain".sanitizedForTerminal == "plain")
    }

    @Test(arguments: [
        ("Burpees", 10, "Burpees"),
        ("Burpees", 7, "Burpees"),
        ("Burpees", 6, "Burpe…"),
        ("Burpees", 1, "B"),
        ("Burpees", 0, ""),
        ("Burpees", -4, ""),
        ("日本語テキスト", 7, "日本語…"),
        ("日本語テキスト", 6, "日本…"),        // 日本語 would need 6 + 1
        ("日本語", 1, ""),                     // a wide character never straddles the edge
        ("日本語", 2, "…"),                    // only the mark fits
        ("e\u{301}e\u{301}e\u{301}", 2, "e\u{301}…"),
        ("🏃🏃🏃", 4, "🏃…"),
        ("a\tb", 3, "a?b"),
    ])
    func truncatesWithEllipsis(_ text: String, _ width: Int, _ expected: String) {
        let cut = text.truncated(toWidth: width)
        #expect(cut == expected)
        #expect(cut.displayWidth <= max(0, width))
    }

    @Test func asciiEllipsisTakesThreeCells() {
        #expect("Mountain climbers".truncated(toWidth: 8, ellipsis: "...") == "Mount...")
        #expect("Mountain climbers".truncated(toWidth: 3, ellipsis: "...") == "Mou")
        #expect(Glyphs.ascii.ellipsis == "...")
        #expect(Glyphs.unicode.ellipsis == "…")
    }

    @Test func padsToExactWidthWithAlignment() {
        #expect("WORK".padded(toWidth: 10) == "WORK      ")
        #expect("WORK".padded(toWidth: 10, alignment: .center) == "   WORK   ")
        #expect("REST".padded(toWidth: 9, alignment: .center) == "  REST   ")
        #expect("WORK".padded(toWidth: 6, alignment: .right) == "  WORK")
        #expect("日本".padded(toWidth: 5, alignment: .center) == "日本 ")
        #expect("日本語".padded(toWidth: 3).displayWidth == 3)
        #expect("x".padded(toWidth: 0) == "")
    }

    @Test func everyWidthFromZeroToFiveHundredFits() {
        let samples = ["REST BETWEEN EXERCISES", "日本語のトレーニング", "🏃‍♀️ run 🚴 bike", "e\u{301}\u{302}x"]
        for text in samples {
            for width in 0...500 {
                #expect(text.padded(toWidth: width).displayWidth == width)
            }
        }
    }
}
