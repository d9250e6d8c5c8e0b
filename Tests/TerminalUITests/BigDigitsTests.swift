import Testing
import TerminalUI

@Suite struct BigDigitsTests {
    /// The rendering as one string, spaces shown as `·` so trailing blanks are visible.
    func picture(_ lines: [String]) -> String {
        lines.map { String($0.map { $0 == " " ? "·" : $0 }) }.joined(separator: "\n")
    }

    @Test func minutesAndSecondsInFullBlocks() {
        let font = BigDigits()
        #expect(picture(font.render("12:34")) == """
        ··██····██████······██████··██··██
        ████········██··██······██··██··██
        ··██····██████······██████··██████
        ··██····██······██······██······██
        ██████··██████······██████······██
        """)
        #expect(font.width(of: "12:34") == 34)
        #expect(font.height == 5)
    }

    @Test func hoursMinutesSecondsInAsciiAtScaleOne() {
        let font = BigDigits(glyphs: .ascii, scale: 1)
        #expect(picture(font.render("1:02:03")) == """
        ·#····###·###···###·###
        ##··#·#·#···#·#·#·#···#
        ·#····#·#·###···#·#·###
        ·#··#·#·#·#···#·#·#···#
        ###···###·###···###·###
        """)
        #expect(font.width(of: "1:02:03") == 23)
    }

    @Test func everyDigitHasItsShape() {
        let font = BigDigits(glyphs: .ascii, scale: 1)
        #expect(picture(font.render("0123456789")) == """
        ###··#··###·###·#·#·###·###·###·###·###
        #·#·##····#···#·#·#·#···#·····#·#·#·#·#
        #·#··#··###·###·###·###·###···#·###·###
        #·#··#··#·····#···#···#·#·#···#·#·#···#
        ###·###·###·###···#·###·###···#·###·###
        """)
    }

    @Test func everyLineHasTheAnnouncedWidth() {
        for scale in [0, 1, 2, 3, 9] {
            let font = BigDigits(scale: scale)
            for text in ["", "0:05", "12:34", "1:02:03", "-0:01", "9.5", "ab"] {
                let lines = font.render(text)
                #expect(lines.count == 5)
                #expect(lines.allSatisfy { $0.count == font.width(of: text) }, "\(text) at scale \(scale)")
            }
        }
    }

    @Test func rowsPerPixelRepeatEachPixelRow() {
        let font = BigDigits(glyphs: .ascii, scale: 2, rowsPerPixel: 2)
        #expect(font.height == 10)
        #expect(picture(font.render("1")) == """
        ··##··
        ··##··
        ####··
        ####··
        ··##··
        ··##··
        ··##··
        ··##··
        ######
        ######
        """)
        #expect(font.width(of: "12:34") == 34, "the width does not change with the rows")
        #expect(BigDigits(rowsPerPixel: 0).height == 5)
        #expect(BigDigits(rowsPerPixel: 9).height == 20, "clamped to 4 rows a pixel")
        #expect(BigDigits(scale: 6, rowsPerPixel: 3).render("").count == 15)
    }

    @Test func unknownCharactersAreBlankCells() {
        let font = BigDigits(glyphs: .ascii, scale: 1)
        #expect(font.render("x").allSatisfy { $0 == "   " })
        #expect(font.width(of: "") == 0)
        #expect(font.render("") == ["", "", "", "", ""])
    }
}
