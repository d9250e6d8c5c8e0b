@testable import CardImages
import ShareCards
import Testing

/// Whether an installed font other than DejaVu has 日 (U+65E5): fonts-droid-fallback or
/// fonts-noto-cjk on Debian (`.ci/run` installs the first).
private let cjkFamily: String? = {
    guard var fonts = try? CardFonts(weight: .regular) else { return nil }
    let family = fonts.family(drawing: "日")
    return family == CardFonts.primaryFamily ? nil : family
}()

/// The PNG cards' font fallback (#17): characters DejaVu Sans lacks are drawn in a font that
/// has them, not as DejaVu's missing-glyph box.
@Suite("PNG cards draw characters DejaVu lacks in a font that has them")
struct CardFontsTests {
    /// One line of black text on white, rendered and read back.
    static func pixels(of text: String, weight: CardText.Weight = .regular) throws -> [UInt32] {
        let scene = CardScene(width: 200, height: 60, background: CardColor(0xFFFFFF), elements: [
            .text(CardText(text, x: 10, y: 40, size: 32, weight: weight, color: CardColor(0x000000), maximumWidth: 180)),
        ])
        return try CardPNG.decode(CardPNG.render(scene)).pixels
    }

    /// Columns of the 200-pixel-wide image that hold any ink.
    static func inkedColumns(_ pixels: [UInt32]) -> ClosedRange<Int>? {
        let columns = (0..<200).filter { column in
            stride(from: column, to: pixels.count, by: 200).contains { pixels[$0] & 0xFFFFFF != 0xFFFFFF }
        }
        guard let first = columns.first, let last = columns.last else { return nil }
        return first...last
    }

    @Test("Latin, digits and the card's signs are DejaVu's")
    func dejaVuDrawsWhatItHas() throws {
        var fonts = try CardFonts(weight: .bold)
        for scalar in "Leg day · 2 h 49 min ▲ – é Ж".unicodeScalars {
            #expect(fonts.family(drawing: scalar) == CardFonts.primaryFamily, "U+\(String(scalar.value, radix: 16))")
        }
        #expect(fonts.runs(of: "Crème brûlée") == [CardFonts.Run(family: CardFonts.primaryFamily, text: "Crème brûlée")])
    }

    @Test("Text is cut into runs by the font that draws it; a combining mark stays with its letter",
          .enabled(if: cjkFamily != nil, "no installed font has 日 (apt-get install fonts-droid-fallback)"))
    func runsByFamily() throws {
        var fonts = try CardFonts(weight: .regular)
        let fallback = try #require(cjkFamily)
        #expect(fonts.runs(of: "脚の日 · Leg day") == [
            CardFonts.Run(family: fallback, text: "脚の日"),
            CardFonts.Run(family: CardFonts.primaryFamily, text: " · Leg day"),
        ])
        #expect(fonts.runs(of: "日\u{0301}A").map(\.text) == ["日\u{0301}", "A"])
    }

    @Test("Two different CJK characters draw differently (a missing-glyph box would draw both the same)",
          .enabled(if: cjkFamily != nil, "no installed font has 日 (apt-get install fonts-droid-fallback)"),
          arguments: [CardText.Weight.regular, .bold])
    func cjkIsDrawnWithRealGlyphs(weight: CardText.Weight) throws {
        let sun = try Self.pixels(of: "日", weight: weight), book = try Self.pixels(of: "本", weight: weight)
        #expect(Self.inkedColumns(sun) != nil)
        let drawnAlike = sun == book
        #expect(!drawnAlike, "日 and 本 gave the same pixels: both drawn as the missing-glyph box")
    }

    @Test("A mixed line keeps its anchor and its room: it is drawn in one line no wider than allowed",
          .enabled(if: cjkFamily != nil, "no installed font has 日 (apt-get install fonts-droid-fallback)"))
    func mixedLineFits() throws {
        let columns = try #require(Self.inkedColumns(try Self.pixels(of: "脚の日 Leg day 脚の日 Leg day")))
        #expect(columns.lowerBound >= 10 && columns.upperBound <= 190, "ink in columns \(columns)")
        // Without the fallback the same text draws boxes; with it, the CJK part differs from the boxes' part.
        let drawnAlike = try Self.pixels(of: "脚の日") == Self.pixels(of: "日の脚")
        #expect(!drawnAlike, "脚の日 and 日の脚 gave the same pixels: drawn as missing-glyph boxes")
    }
}
