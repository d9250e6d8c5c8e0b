import TerminalUI

/// What the interval timer's screen (``TimerScreen``) and the multisport screen
/// (``MultisportScreen``) draw alike: the cue state, the header line, and the body centred
/// between the header and the footer.
enum RunScreen {
    /// The cue state the header shows: `cues off` when cues cannot play at all (a reason is
    /// set), else `muted` or `cues on`.
    static func cueState(isMuted: Bool, cuesOffReason: String?) -> String {
        if cuesOffReason != nil { return "cues off" }
        return isMuted ? "muted" : "cues on"
    }

    /// The header: ` NAME` in bold on the left (at least half the width, cut with an ellipsis),
    /// `cues` dimmed on the right, exactly `width` cells.
    static func header(name: String, cues: String, width: Int, glyphs: Glyphs) -> StyledText {
        let name = " " + name
        let nameWidth = min(name.displayWidth, max(width / 2, width - (cues.displayWidth + 2)))
        let left = name.padded(toWidth: nameWidth, ellipsis: glyphs.ellipsis)
        let right = (cues + " ").padded(toWidth: width - nameWidth - 1, alignment: .right, ellipsis: glyphs.ellipsis)
        return StyledText(spans: [.init(left + " ", style: TextStyle(bold: true)), .init(right, style: TextStyle(dim: true))])
    }

    /// The largest size of big digits a window scales them up to: 3 × 5 rows.
    static let largestDigitRows = 3

    /// The big digits that show `time` in a full layout of `rows` rows, `reserved` of which the
    /// layout's other lines take, within `width` cells less a margin of one each side; `nil`
    /// when none fit (the compact layouts).
    ///
    /// In a large window the digits grow: 2 or 3 rows per pixel (10 or 15 rows, 4 or 6 columns
    /// per pixel, so they keep their shape) when they then fit the width and take at most
    /// 30 % of the rows (a 200×50 window gets 15-row digits; 80×24 keeps 5 rows). Otherwise
    /// 5 rows at 2 columns per pixel when that fits the width, else at 1.
    static func bigDigits(for time: String, width: Int, rows: Int, reserved: Int, glyphs: Glyphs) -> BigDigits? {
        let scaled = (2...largestDigitRows).reversed().map { BigDigits(glyphs: glyphs, scale: 2 * $0, rowsPerPixel: $0) }
            .filter { $0.height * 10 <= rows * 3 }
        return (scaled + [BigDigits(glyphs: glyphs, scale: 2), BigDigits(glyphs: glyphs, scale: 1)])
            .first { $0.width(of: time) <= width - 2 && rows >= reserved + $0.height }
    }

    /// The top of the full layout, each line centred in `width` cells: the title bold in the
    /// phase's colour, the detail, a blank line, `time` in big digits (bold, in the colour) and
    /// a blank line.
    static func bigTimeLines(title: String, detail: String, time: String, digits: BigDigits, colour: Color,
                             width: Int) -> [StyledText] {
        let phaseStyle = TextStyle(foreground: colour, bold: true)
        let lines = [(title, phaseStyle), (detail, .plain), ("", .plain)]
            + digits.render(time).map { ($0, phaseStyle) } + [("", .plain)]
        return lines.map { text, style in StyledText(text.padded(toWidth: width, alignment: .center), style: style) }
    }

    /// A frame of `size.rows` lines: `header` first, `footer` last, `body` centred between
    /// them (an odd blank line goes below), blank lines `size.columns` cells wide.
    static func frame(header: StyledText, body: [StyledText], footer: StyledText, size: TerminalSize) -> Frame {
        let free = max(size.rows, 0) - 2 - body.count
        let blank = StyledText("".padded(toWidth: max(size.columns, 0)))
        let above = bodyTop(bodyRows: body.count, size: size) - 1
        let lines = [header] + Array(repeating: blank, count: above) + body
            + Array(repeating: blank, count: max(free - above, 0)) + [footer]
        return Frame(size: size, lines: lines)
    }

    /// The row where ``frame(header:body:footer:size:)`` puts the first of `bodyRows` body lines.
    static func bodyTop(bodyRows: Int, size: TerminalSize) -> Int {
        1 + max((max(size.rows, 0) - 2 - bodyRows) / 2, 0)
    }

    /// `frame` with its punctuation in ASCII when the glyphs are ASCII.
    static func punctuated(_ frame: Frame, glyphs: Glyphs) -> Frame {
        glyphs == .ascii ? frame.withASCIIPunctuation() : frame
    }
}
