import Testing
@testable import TerminalUI

/// The fast paths of the display width (issue 12, item 25: frames built cheaply) give what the
/// full heuristics give.
@Suite struct DisplayWidthFastPathTests {
    /// Every scalar the fast path counts as one cell without looking anything up.
    static let singleCell: [Unicode.Scalar] = (0...0x10FFFF).compactMap(Unicode.Scalar.init).filter(\.isSingleCell)

    @Test func everySingleCellScalarIsOneCellByTheFullHeuristics() {
        #expect(Self.singleCell.count > 1500)
        let wrong = Self.singleCell.filter { Character($0).measuredWidth != 1 }
        #expect(wrong.isEmpty, "\(wrong.map { "U+" + String($0.value, radix: 16, uppercase: true) })")
    }

    @Test func everySingleCellScalarStandsAloneBesideAnyOther() {
        // A scalar that joined a neighbour (a combining mark, a joiner, a prepended mark) would
        // make one character of two, and the count by scalars would be wrong.
        let joined = Self.singleCell.filter { scalar in
            var text = String.UnicodeScalarView()
            text.append(contentsOf: ["a", scalar, scalar, "\u{0915}", scalar, "\u{1F600}", scalar, "a"])
            return String(text).count != 8
        }
        #expect(joined.isEmpty, "\(joined.map { "U+" + String($0.value, radix: 16, uppercase: true) })")
    }

    @Test(arguments: [
        "▕████████████▌                                             ▏",
        "WORK — PAUSED · round 3/8 · exercise 1/2",
        "[####------]  Elapsed 1:02   Remaining 3:48",
        "Temps écoulé · 25 m pool · Length 4 0:31 · 75/750 m ✓ ▶ ▲▼ ⅓ −5",
        "Burpees 日本語 🏃 e\u{301}",
        "a\u{AD}b\u{25FD}c",
        "",
    ])
    func aLineMeasuresAsItsCharactersDo(_ text: String) {
        #expect(text.displayWidth == text.reduce(0) { $0 + $1.measuredWidth })
    }

    @Test func controlsAreFoundInTheBytes() {
        #expect("a\u{85}b".hasTerminalControl)
        #expect("\u{9F}".hasTerminalControl)
        #expect("tab\there".hasTerminalControl)
        #expect("\u{7F}".hasTerminalControl)
        #expect(!"\u{A0}é€Â█".hasTerminalControl, "C2 A0, C3 82 and other sequences are not C1 controls")
        #expect(!"".hasTerminalControl)
    }

    @Test func repeatingWritesEveryCopy() {
        #expect(String.repeated("█", count: 3) == "███")
        #expect(String.repeated(" ", count: 80) == String(repeating: " ", count: 80))
        #expect(String.repeated("ab", count: 2) == "abab")
        #expect(String.repeated("x", count: 0) == "")
        #expect(String.repeated("x", count: -2) == "")
    }
}
