import Testing
import TerminalUI

@Suite struct ProgressBarTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let fraction: Double
        let width: Int
        let unicode: String
        let ascii: String
        var testDescription: String { "\(fraction) in \(width)" }
    }

    static let table: [Case] = [
        Case(fraction: 0, width: 0, unicode: "", ascii: ""),
        Case(fraction: 0.5, width: 0, unicode: "", ascii: ""),
        Case(fraction: 1, width: 0, unicode: "", ascii: ""),
        Case(fraction: .nan, width: 0, unicode: "", ascii: ""),
        Case(fraction: 0, width: 1, unicode: " ", ascii: "-"),
        Case(fraction: 0.5, width: 1, unicode: "▌", ascii: "-"),
        Case(fraction: 1, width: 1, unicode: "█", ascii: "#"),
        Case(fraction: .nan, width: 1, unicode: " ", ascii: "-"),
        Case(fraction: -1, width: 1, unicode: " ", ascii: "-"),
        Case(fraction: 2, width: 1, unicode: "█", ascii: "#"),
        Case(fraction: 0, width: 10, unicode: "          ", ascii: "----------"),
        Case(fraction: 0.5, width: 10, unicode: "█████     ", ascii: "#####-----"),
        Case(fraction: 1, width: 10, unicode: "██████████", ascii: "##########"),
        Case(fraction: .nan, width: 10, unicode: "          ", ascii: "----------"),
        Case(fraction: -1, width: 10, unicode: "          ", ascii: "----------"),
        Case(fraction: 2, width: 10, unicode: "██████████", ascii: "##########"),
        Case(fraction: .infinity, width: 10, unicode: "██████████", ascii: "##########"),
        Case(fraction: 0.3, width: 10, unicode: "███       ", ascii: "###-------"),
        Case(fraction: 0.0125, width: 10, unicode: "▏         ", ascii: "----------"),
        Case(fraction: 0.4375, width: 4, unicode: "█▊  ", ascii: "#---"),
        Case(fraction: 0.99, width: 10, unicode: "█████████▉", ascii: "#########-"),
        Case(fraction: 0.5, width: -3, unicode: "", ascii: ""),
    ]

    @Test(arguments: table)
    func drawsTheFilledPart(_ testCase: Case) {
        #expect(ProgressBar.render(fraction: testCase.fraction, width: testCase.width) == testCase.unicode)
        #expect(ProgressBar.render(fraction: testCase.fraction, width: testCase.width, glyphs: .ascii) == testCase.ascii)
    }

    @Test func alwaysExactlyTheWidthAsked() {
        for width in [0, 1, 2, 7, 80, 500] {
            for step in 0...64 {
                let bar = ProgressBar.render(fraction: Double(step) / 64, width: width)
                #expect(bar.count == width)
                #expect(bar.displayWidth == width)
            }
        }
    }

    @Test func growsMonotonically() {
        var previousFilled = 0.0
        for step in 0...400 {
            let bar = ProgressBar.render(fraction: Double(step) / 400, width: 20)
            let filled = bar.reduce(0.0) { total, character in
                switch character {
                case "█": return total + 8
                case " ": return total
                default: return total + Double(["▏", "▎", "▍", "▌", "▋", "▊", "▉"].firstIndex(of: character).map { $0 + 1 } ?? 0)
                }
            }
            #expect(filled >= previousFilled)
            previousFilled = filled
        }
        #expect(previousFilled == 160)
    }
}
