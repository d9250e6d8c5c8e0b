/// How wide a line of text is set in DejaVu Sans, estimated without a font file, and how a
/// text is made to fit the room it has (the layout's only knowledge of glyphs).
///
/// Printable ASCII uses DejaVu Sans 2.37's own advance widths (regular and bold, in
/// thousandths of an em, measured once with cairo and rounded up); East Asian wide characters
/// (CJK, kana, Hangul, full-width forms, emoji) count 1 em, combining marks nothing, and
/// anything else 0.72 em (0.8 bold): about the widest Latin, Greek and Cyrillic letters, so a
/// fallback font's text is not wider than its estimate.
public enum CardTextWidth {
    /// Advances of U+0020…U+007E in DejaVu Sans, 1/1000 em.
    static let regular: [Int] = [
        318, 401, 460, 838, 636, 950, 780, 275, 390, 390, 500, 838, 318, 361, 318, 337, 636, 636, 636, 636,
        636, 636, 636, 636, 636, 636, 337, 337, 838, 838, 838, 531, 1000, 684, 686, 698, 770, 632, 575, 775,
        752, 295, 295, 656, 557, 863, 748, 787, 603, 787, 695, 635, 611, 732, 684, 989, 685, 611, 685, 390,
        337, 390, 838, 500, 500, 613, 635, 550, 635, 615, 352, 635, 634, 278, 278, 579, 278, 974, 634, 612,
        635, 635, 411, 521, 392, 634, 592, 818, 592, 592, 525, 636, 337, 636, 838,
    ]
    /// Advances of U+0020…U+007E in DejaVu Sans Bold, 1/1000 em.
    static let bold: [Int] = [
        348, 456, 521, 838, 696, 1002, 872, 306, 457, 457, 523, 838, 380, 415, 380, 365, 696, 696, 696, 696,
        696, 696, 696, 696, 696, 696, 400, 400, 838, 838, 838, 580, 1000, 774, 762, 734, 830, 683, 683, 821,
        837, 372, 372, 775, 637, 995, 837, 850, 733, 850, 770, 720, 682, 812, 774, 1103, 771, 724, 725, 457,
        365, 457, 838, 500, 500, 675, 716, 593, 716, 678, 435, 716, 712, 343, 343, 665, 343, 1042, 712, 687,
        716, 716, 493, 595, 478, 712, 652, 924, 645, 652, 582, 712, 365, 712, 838,
    ]

    /// The estimated advance of `text` at `size` pixels, in pixels.
    public static func width(of text: String, size: Double, weight: CardText.Weight) -> Double {
        var thousandths = 0
        for scalar in text.unicodeScalars {
            thousandths += advance(of: scalar, weight: weight)
        }
        return Double(thousandths) * size / 1000
    }

    /// The advance of one scalar, 1/1000 em.
    static func advance(of scalar: Unicode.Scalar, weight: CardText.Weight) -> Int {
        let value = scalar.value
        if value >= 0x20, value < 0x7F {
            return (weight == .bold ? bold : regular)[Int(value - 0x20)]
        }
        switch value {
        case 0x00B7: return weight == .bold ? 380 : 318  // ·
        case 0x2013: return 500  // –
        case 0x2014, 0x2026: return 1000  // — …
        case 0x25B2, 0x25BC: return 769  // ▲ ▼
        case 0x0300...0x036F, 0x200B...0x200F, 0xFE00...0xFE0F: return 0  // combining, zero width, variation selectors
        default: break
        }
        if isWide(value) { return 1000 }
        return weight == .bold ? 800 : 720
    }

    /// Whether a scalar is East Asian wide or full-width (or an emoji), drawn about 1 em wide.
    static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x1F300...0x1FAFF, 0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }

    /// `text` made to fit `maximumWidth` pixels: at `size` if it fits, else at the size that
    /// fits (never below `minimumSize`), else at `minimumSize` cut at the end with `…`.
    /// - Parameters:
    ///   - text: one line.
    ///   - size: the size wanted, pixels.
    ///   - minimumSize: the smallest size accepted, pixels.
    ///   - weight: regular or bold.
    ///   - maximumWidth: the room, pixels.
    /// - Returns: the text (cut or whole) and its size in pixels.
    public static func fitted(_ text: String, size: Double, minimumSize: Double, weight: CardText.Weight,
                              maximumWidth: Double) -> (text: String, size: Double) {
        let full = width(of: text, size: size, weight: weight)
        if full <= maximumWidth { return (text, size) }
        let shrunk = (size * maximumWidth / full * 100).rounded(.down) / 100
        if shrunk >= minimumSize { return (text, shrunk) }
        var characters = Array(text)
        while !characters.isEmpty {
            characters.removeLast()
            let cut = String(characters).trimmedAtEnd + "…"
            if width(of: cut, size: minimumSize, weight: weight) <= maximumWidth { return (cut, minimumSize) }
        }
        return ("", minimumSize)
    }

    /// `text` on one line: control characters (line breaks, tabs, escapes) as spaces, runs of
    /// spaces as one, no spaces at the ends.
    public static func oneLine(_ text: String) -> String {
        var out = ""
        var lastWasSpace = true
        for scalar in text.unicodeScalars {
            let isControl = scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value < 0xA0)
                || scalar.value == 0x2028 || scalar.value == 0x2029
            // Noncharacters and private surrogate leftovers are not text.
            let isNoncharacter = (scalar.value & 0xFFFE) == 0xFFFE || (0xFDD0...0xFDEF).contains(scalar.value)
            if isNoncharacter { continue }
            if isControl || scalar == " " {
                if !lastWasSpace { out.append(" ") }
                lastWasSpace = true
            } else {
                out.unicodeScalars.append(scalar)
                lastWasSpace = false
            }
        }
        return out.trimmedAtEnd
    }
}

extension String {
    /// The string without spaces at its end.
    var trimmedAtEnd: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
