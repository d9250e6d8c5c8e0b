import Testing
@testable import TerminalUI

/// One table of ASCII spellings (``Glyphs/asciiSpelling(of:)``) serves the program's text and
/// its screens; a screen takes only the one-cell spellings, so its columns never move.
@Suite struct ASCIIPunctuationTests {
    @Test(arguments: [("·", "-"), ("–", "-"), ("—", "-"), ("−", "-"), ("×", "x"), ("▲", "^"), ("▼", "v"),
                      ("✓", "+"), ("▶", ">"), ("←", "<")] as [(Unicode.Scalar, Unicode.Scalar)])
    func oneCellSpellingsAreTheScreensToo(scalar: Unicode.Scalar, ascii: Unicode.Scalar) {
        #expect(Glyphs.asciiSpelling(of: scalar) == String(ascii))
        #expect(StyledText.asciiPunctuation(for: scalar) == ascii)
    }

    @Test(arguments: ["…", "±", "½", "⅓"] as [Unicode.Scalar])
    func widerSpellingsAreLeftToTheText(scalar: Unicode.Scalar) {
        #expect((Glyphs.asciiSpelling(of: scalar)?.count ?? 0) > 1)
        #expect(StyledText.asciiPunctuation(for: scalar) == nil, "a frame keeps its widths")
    }

    @Test func lettersAndDigitsAreNotTheProgramsPunctuation() {
        for scalar in ["a", "Z", "7", " ", "é"] as [Unicode.Scalar] {
            #expect(Glyphs.asciiSpelling(of: scalar) == nil)
            #expect(StyledText.asciiPunctuation(for: scalar) == nil)
        }
    }
}
