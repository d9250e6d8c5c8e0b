/// A block font for the remaining time: `12:34`, `0:05`, `1:02:03` drawn 5 rows tall, or a
/// multiple of 5 for a large window.
///
/// Each glyph is a 3×5 grid of pixels (the colon and the dot are 1 pixel wide); a pixel is
/// `scale` cells wide and `rowsPerPixel` rows tall, so with the default scale 2 and one row per
/// pixel a digit is 6 columns wide and 5 rows tall and looks about as tall as wide again, as on
/// a stopwatch (a cell is about twice as tall as wide); scale 4 with 2 rows per pixel, or 6
/// with 3, keeps that shape at twice or three times the size. Glyphs are separated by `scale`
/// blank columns. Pixels are `█` (U+2588 FULL BLOCK) or `#` in ASCII.
///
/// Supported characters: `0`–`9`, `:`, `.`, `-`, space. Any other character is drawn as a
/// blank digit-wide cell, so a layout never breaks on unexpected input.
public struct BigDigits: Hashable, Sendable {
    /// Pixel characters: `█` for ``Glyphs/unicode``, `#` for ``Glyphs/ascii``.
    public var glyphs: Glyphs
    /// Columns per pixel, 1–8 (values outside are clamped). 2 gives 6-column digits, 1 gives
    /// 3-column digits for compact layouts.
    public let scale: Int
    /// Rows per pixel, 1–4 (values outside are clamped): the rendering is 5 × this rows tall.
    public let rowsPerPixel: Int

    /// Pixel rows of every glyph: the rows a rendering has at one row per pixel.
    public static let height = 5

    /// Creates a font.
    /// - Parameters:
    ///   - glyphs: full blocks or ASCII `#` (default Unicode).
    ///   - scale: columns per pixel, clamped to 1–8 (default 2).
    ///   - rowsPerPixel: rows per pixel, clamped to 1–4 (default 1).
    public init(glyphs: Glyphs = .unicode, scale: Int = 2, rowsPerPixel: Int = 1) {
        self.glyphs = glyphs
        self.scale = min(8, max(1, scale))
        self.rowsPerPixel = min(4, max(1, rowsPerPixel))
    }

    /// Rows a rendering takes: ``height`` (5) × ``rowsPerPixel``.
    public var height: Int { BigDigits.height * rowsPerPixel }

    /// Columns `text` takes when rendered: the sum of its glyph widths (3 × scale for digits,
    /// 1 × scale for `:` and `.`) plus `scale` between neighbouring glyphs; 0 for `""`.
    /// - Parameter text: the time string, e.g. `"12:34"`.
    public func width(of text: String) -> Int {
        guard !text.isEmpty else { return 0 }
        let pixels = text.reduce(0) { $0 + BigDigits.pattern(for: $1)[0].count }
        return pixels * scale + (text.count - 1) * scale
    }

    /// Draws `text`.
    /// - Parameter text: the time string, e.g. `"12:34"`.
    /// - Returns: exactly ``height`` lines, each exactly ``width(of:)`` columns (trailing
    ///   spaces kept, so the block can be centred as a whole); ``height`` empty lines for `""`.
    public func render(_ text: String) -> [String] {
        let on: [UInt8] = Array(String.repeated(glyphs == .unicode ? "█" : "#", count: scale).utf8)
        let off = [UInt8](repeating: 0x20, count: scale)
        // Each row's bytes are gathered in one array and made a string once.
        var rows = Array(repeating: [UInt8](), count: BigDigits.height)
        for (index, character) in text.enumerated() {
            let pattern = BigDigits.pattern(for: character)
            for row in 0..<BigDigits.height {
                if index > 0 { rows[row] += off }
                for bit in pattern[row].utf8 {
                    rows[row] += bit == UInt8(ascii: "#") ? on : off
                }
            }
        }
        return rows.flatMap { Array(repeating: String(decoding: $0, as: UTF8.self), count: rowsPerPixel) }
    }

    /// The 5-row pixel pattern of `character`: `#` on, `.` off.
    static func pattern(for character: Character) -> [String] {
        switch character {
        case "0": return ["###", "#.#", "#.#", "#.#", "###"]
        case "1": return [".#.", "##.", ".#.", ".#.", "###"]
        case "2": return ["###", "..#", "###", "#..", "###"]
        case "3": return ["###", "..#", "###", "..#", "###"]
        case "4": return ["#.#", "#.#", "###", "..#", "..#"]
        case "5": return ["###", "#..", "###", "..#", "###"]
        case "6": return ["###", "#..", "###", "#.#", "###"]
        case "7": return ["###", "..#", "..#", "..#", "..#"]
        case "8": return ["###", "#.#", "###", "#.#", "###"]
        case "9": return ["###", "#.#", "###", "..#", "###"]
        case ":": return [".", "#", ".", "#", "."]
        case ".": return [".", ".", ".", ".", "#"]
        case "-": return ["...", "...", "###", "...", "..."]
        default: return ["...", "...", "...", "...", "..."]
        }
    }
}
