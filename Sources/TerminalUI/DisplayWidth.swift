/// Where text sits when padded to a wider field.
public enum TextAlignment: Hashable, Sendable {
    /// Text first, spaces after.
    case left
    /// Spaces split around the text; an odd leftover space goes to the right.
    case center
    /// Spaces first, text last.
    case right
}

// MARK: - Display width

/// How many terminal cells text takes, and how to cut and pad it to a field.
///
/// Heuristics (good for the names, labels and numbers a timer shows; not a full UAX #11
/// implementation):
/// - Widths are counted per grapheme cluster (`Character`), so a base letter with combining
///   accents is one cell and a flag or a ZWJ emoji family is two.
/// - Two cells: East Asian Wide and Fullwidth blocks (Hangul Jamo leading consonants, CJK
///   radicals, punctuation, Kana, Bopomofo, CJK ideographs and extensions, Yi, Hangul
///   syllables, compatibility ideographs, vertical and small forms, fullwidth forms, Tangut,
///   Kana supplements, planes 2 and 3); characters with default emoji presentation; any
///   emoji followed by U+FE0F (emoji presentation selector); a pair of regional indicators.
/// - Zero cells: a cluster that starts with a combining mark (categories Mn, Me), a format
///   character (Cf, such as U+200B or a lone U+200D) or a Hangul medial/final jamo.
/// - Control characters (C0, DEL, C1) are never sent to the terminal: the `…ForTerminal`
///   functions replace each with `?`, which takes one cell. East Asian Ambiguous characters
///   (`…`, `°`, Greek, Cyrillic) count as one cell, as in a non-CJK locale.
extension String {
    /// The string with every control character (U+0000–U+001F, U+007F–U+009F) replaced by `?`,
    /// so it can be written to a screen without moving the cursor or changing modes.
    public var sanitizedForTerminal: String {
        guard hasTerminalControl else { return self }
        var result = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            result.append(scalar.isTerminalControl ? "?" : scalar)
        }
        return String(result)
    }

    /// The number of terminal cells the sanitized string takes (see ``sanitizedForTerminal``
    /// and the heuristics above); 0 for an empty string.
    ///
    /// Text made only of ``Unicode/Scalar/isSingleCell`` scalars (ASCII, Latin, the dashes,
    /// blocks and marks the screens draw) takes one cell per scalar and is counted without
    /// grapheme breaking or Unicode property look-ups; anything else is measured per
    /// `Character`.
    public var displayWidth: Int {
        if isPrintableASCII { return utf8.count }
        var cells = 0
        for scalar in unicodeScalars {
            guard scalar.isSingleCell else { return sanitizedForTerminal.reduce(0) { $0 + $1.displayWidth } }
            cells += 1
        }
        return cells
    }

    /// The sanitized string cut to at most `width` cells, ending with `ellipsis` when
    /// something was cut.
    ///
    /// A wide character that would straddle the limit is left out, so the result may be one
    /// cell narrower than `width`. When even the ellipsis does not fit, the text is cut
    /// without it.
    /// - Parameters:
    ///   - width: the most cells the result may take; 0 or negative gives `""`.
    ///   - ellipsis: the mark for a cut (default `…`, one cell; ``Glyphs/ellipsis`` picks one).
    /// - Returns: text whose ``displayWidth`` is at most `max(0, width)`.
    public func truncated(toWidth width: Int, ellipsis: String = "…") -> String {
        guard width > 0 else { return "" }
        if isPrintableASCII, utf8.count <= width { return self }
        let text = sanitizedForTerminal
        if text.displayWidth <= width { return text }
        let mark = ellipsis.sanitizedForTerminal
        let markWidth = mark.displayWidth
        let room = markWidth < width ? width - markWidth : width
        var result = ""
        var used = 0
        for character in text {
            let cells = character.displayWidth
            if used + cells > room { break }
            result.append(character)
            used += cells
        }
        return markWidth < width ? result + mark : result
    }

    /// The sanitized string cut (see ``truncated(toWidth:ellipsis:)``) and padded with spaces
    /// to exactly `width` cells.
    /// - Parameters:
    ///   - width: the field width in cells; 0 or negative gives `""`.
    ///   - alignment: where the text sits in the field (default left).
    ///   - ellipsis: the mark for a cut (default `…`).
    /// - Returns: text whose ``displayWidth`` is exactly `max(0, width)`.
    public func padded(toWidth width: Int, alignment: TextAlignment = .left, ellipsis: String = "…") -> String {
        guard width > 0 else { return "" }
        var text = sanitizedForTerminal
        var cells = text.displayWidth
        if cells == width { return text }
        if cells > width {
            text = text.truncated(toWidth: width, ellipsis: ellipsis)
            cells = text.displayWidth
        }
        let gap = width - cells
        let before: Int
        switch alignment {
        case .left: before = 0
        case .center: before = gap / 2
        case .right: before = gap
        }
        // Spaces, the text and spaces, written into one buffer.
        return text.utf8.withContiguousStorageIfAvailable { bytes in
            String(unsafeUninitializedCapacity: gap + bytes.count) { buffer in
                buffer.initialize(repeating: 0x20)
                _ = UnsafeMutableBufferPointer(rebasing: buffer[before...]).initialize(from: bytes)
                return gap + bytes.count
            }
        } ?? String.repeated(" ", count: before) + text + String.repeated(" ", count: gap - before)
    }

    /// Whether the text holds a C0 control, DEL or a C1 control (U+0080–U+009F, `C2 80`–`C2 9F`
    /// in UTF-8), found from the UTF-8 bytes without decoding scalars.
    var hasTerminalControl: Bool {
        func scan(_ bytes: some Sequence<UInt8>) -> Bool {
            var afterC2 = false
            for byte in bytes {
                if byte < 0x20 || byte == 0x7F || (afterC2 && byte <= 0x9F) { return true }
                afterC2 = byte == 0xC2
            }
            return false
        }
        return utf8.withContiguousStorageIfAvailable(scan) ?? scan(utf8)
    }

    /// Whether every byte is printable ASCII (U+0020–U+007E): one cell, and one `Character`, per byte.
    var isPrintableASCII: Bool {
        // 0x20...0x7E is the one range where `byte - 0x20` (wrapping) is below 0x5F.
        func scan(_ bytes: some Sequence<UInt8>) -> Bool { bytes.allSatisfy { $0 &- 0x20 < 0x5F } }
        return utf8.withContiguousStorageIfAvailable(scan) ?? scan(utf8)
    }

    /// `count` copies of `unit` one after another (`""` for a `count` of 0 or less), written
    /// into one buffer: the standard `String(repeating:count:)` appends one copy at a time,
    /// which every padded line of a screen paid for.
    static func repeated(_ unit: String, count: Int) -> String {
        guard count > 0 else { return "" }
        var unit = unit
        return unit.withUTF8 { bytes in
            String(unsafeUninitializedCapacity: bytes.count * count) { buffer in
                var offset = 0
                for _ in 0..<count {
                    _ = UnsafeMutableBufferPointer(rebasing: buffer[offset...]).initialize(from: bytes)
                    offset += bytes.count
                }
                return offset
            }
        }
    }
}

extension Character {
    /// Terminal cells this character takes: 0, 1 or 2 (see the heuristics on `String`).
    /// A character holding control characters counts one cell for each, as
    /// ``Swift/String/sanitizedForTerminal`` turns each into `?`.
    public var displayWidth: Int {
        let scalars = unicodeScalars
        if let only = scalars.first, only.isSingleCell, scalars.index(after: scalars.startIndex) == scalars.endIndex {
            return 1
        }
        return measuredWidth
    }

    /// The heuristics of ``displayWidth`` applied in full, with Unicode property look-ups (no
    /// fast path for ``Unicode/Scalar/isSingleCell`` scalars).
    var measuredWidth: Int {
        let scalars = unicodeScalars
        let controls = scalars.filter(\.isTerminalControl).count
        if controls > 0 { return controls }
        guard let first = scalars.first else { return 0 }
        if first.isZeroWidth { return 0 }
        let properties = first.properties
        if scalars.contains("\u{FE0E}") { return first.isEastAsianWide ? 2 : 1 }
        if properties.isEmojiPresentation { return first.isRegionalIndicator && scalars.count < 2 ? 1 : 2 }
        if properties.isEmoji && scalars.contains("\u{FE0F}") { return 2 }
        return first.isEastAsianWide ? 2 : 1
    }
}

extension Unicode.Scalar {
    /// A scalar that always takes exactly one cell and always stands alone as a `Character`
    /// (its grapheme cluster break property is Other, so no neighbour joins it): printable
    /// ASCII; Latin-1 to the spacing modifiers (U+00A0–U+02FF) but the soft hyphen (a format
    /// character, no cell); the dashes, quotes, bullets and ellipsis of U+2010–U+2027; number
    /// forms (`⅓`); mathematical operators (`−`); box drawing, block elements and geometric
    /// shapes (`█▕▲▶`) but the two with emoji presentation (U+25FD, U+25FE); `✓`; braille.
    /// The fast path of ``Swift/String/displayWidth``: what the heuristics give for these, found
    /// without Unicode property look-ups (a test checks every one against them).
    var isSingleCell: Bool {
        switch value {
        case 0x20...0x7E, 0xA0...0xAC, 0xAE...0x2FF, 0x2010...0x2027, 0x2150...0x218B, 0x2200...0x22FF,
             0x2500...0x25FC, 0x25FF, 0x2713, 0x2800...0x28FF:
            return true
        default:
            return false
        }
    }

    /// C0 controls, DEL and C1 controls.
    var isTerminalControl: Bool {
        value < 0x20 || (0x7F...0x9F).contains(value)
    }

    /// Combining marks, format characters and Hangul medial/final jamo: no cell of their own.
    var isZeroWidth: Bool {
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format:
            return true
        default:
            return (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value)
        }
    }

    /// A regional indicator letter (U+1F1E6–U+1F1FF); two make a flag.
    var isRegionalIndicator: Bool {
        (0x1F1E6...0x1F1FF).contains(value)
    }

    /// East Asian Wide (W) or Fullwidth (F), by block; see the heuristics on `String`.
    var isEastAsianWide: Bool {
        switch value {
        case 0x1100...0x115F,   // Hangul Jamo, leading consonants
             0x2329...0x232A,   // angle brackets
             0x2E80...0x303E,   // CJK radicals, Kangxi, ideographic description, CJK punctuation
             0x3041...0x33FF,   // Hiragana, Katakana, Bopomofo, Hangul compatibility jamo, CJK compatibility
             0x3400...0x4DBF,   // CJK extension A
             0x4E00...0x9FFF,   // CJK unified ideographs
             0xA000...0xA4CF,   // Yi
             0xA960...0xA97F,   // Hangul Jamo extended A
             0xAC00...0xD7A3,   // Hangul syllables
             0xF900...0xFAFF,   // CJK compatibility ideographs
             0xFE10...0xFE19,   // vertical forms
             0xFE30...0xFE6F,   // CJK compatibility forms, small form variants
             0xFF00...0xFF60,   // fullwidth forms
             0xFFE0...0xFFE6,   // fullwidth signs
             0x16FE0...0x16FE4, // ideographic symbols
             0x17000...0x18CFF, // Tangut, Khitan
             0x1B000...0x1B2FF, // Kana supplement and extensions, Nushu
             0x1F200...0x1F2FF, // enclosed ideographic supplement
             0x20000...0x2FFFD, // plane 2
             0x30000...0x3FFFD: // plane 3
            return true
        default:
            return false
        }
    }
}
