/// Which characters the program may write: in drawings (big digits, bars) and in its own
/// text (dashes, dots, arrows, the ellipsis). ``ascii`` replaces each by ASCII for a locale
/// that is not UTF-8, one cell for one cell except the ellipsis (`...`, three cells), so
/// tables laid out with these glyphs keep their column widths. User data (a workout named
/// "Čeština") is never passed through these: it is printed as it is.
public enum Glyphs: Hashable, Sendable {
    /// Block elements (`█ ▏▎▍▌▋▊▉`), typographic punctuation and the one-cell ellipsis `…`.
    case unicode
    /// Plain ASCII: `#` and `-` for drawings, `-` `x` `^` `v` for punctuation, `...` for
    /// text cut short.
    case ascii

    /// Decides whether Unicode drawings are safe, from the locale the caller read: the first
    /// non-empty of `LC_ALL`, `LC_CTYPE`, `LANG` must name UTF-8 (`UTF-8` or `utf8`, any
    /// case), and `TERM` must not be `dumb`. Everything else (`C`, `POSIX`, unset) gives ASCII.
    /// - Parameters:
    ///   - lcAll: the `LC_ALL` value or nil.
    ///   - lcCtype: the `LC_CTYPE` value or nil.
    ///   - lang: the `LANG` value or nil.
    ///   - term: the `TERM` value or nil.
    /// - Returns: ``unicode`` or ``ascii``.
    public static func decide(lcAll: String?, lcCtype: String?, lang: String?, term: String?) -> Glyphs {
        if term == "dumb" { return .ascii }
        let locale = [lcAll, lcCtype, lang].compactMap { $0 }.first { !$0.isEmpty } ?? ""
        let lowered = locale.lowercased()
        return lowered.contains("utf-8") || lowered.contains("utf8") ? .unicode : .ascii
    }

    /// ``decide(lcAll:lcCtype:lang:term:)`` from an environment's `LC_ALL`, `LC_CTYPE`, `LANG`
    /// and `TERM`.
    /// - Parameter environment: the process environment (or a test's).
    /// - Returns: ``unicode`` or ``ascii``.
    public static func decide(environment: [String: String]) -> Glyphs {
        decide(lcAll: environment["LC_ALL"], lcCtype: environment["LC_CTYPE"], lang: environment["LANG"],
               term: environment["TERM"])
    }

    /// The mark for text cut short: `…` (one cell) or `...` (three cells).
    public var ellipsis: String { self == .unicode ? "…" : "..." }
    /// The dash of a sentence and of an empty cell (`Tabata — completed`): `—` or `-`.
    public var dash: String { self == .unicode ? "—" : "-" }
    /// The dash between the ends of a range (`1–7`, `23–29 Nov`): `–` or `-`.
    public var rangeDash: String { self == .unicode ? "–" : "-" }
    /// The dot between items of one line (`7 days · 23–29 Nov`): `·` or `-`.
    public var dot: String { self == .unicode ? "·" : "-" }
    /// The sign of "times" (`20/10 s × 8`): `×` or `x`.
    public var times: String { self == .unicode ? "×" : "x" }
    /// The minus sign (`UTC−03:30`): `−` or `-`.
    public var minus: String { self == .unicode ? "−" : "-" }
    /// A rise (`▲ 25%`): `▲` or `^`.
    public var up: String { self == .unicode ? "▲" : "^" }
    /// A fall (`▼ 12%`): `▼` or `v`.
    public var down: String { self == .unicode ? "▼" : "v" }

    /// Text the program made itself (help, messages, labels such as `1–7` made by a library),
    /// spelled for this output: unchanged for ``unicode``; for ``ascii`` every character of
    /// the program's own punctuation replaced by ASCII (see ``asciiSpelling(of:)``), any other
    /// character kept as it is (the text may quote user data: a name stays a name).
    /// - Parameter text: the program's text.
    /// - Returns: the text to write.
    public func text(_ text: String) -> String {
        guard self == .ascii, text.unicodeScalars.contains(where: { !$0.isASCII }) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            guard let ascii = Self.asciiSpelling(of: scalar) else {
                result.append(scalar)
                continue
            }
            // `33⅓` reads `33 1/3`, not `331/3`.
            if ascii.contains("/"), ascii != "+/-", let last = result.last, ("0"..."9").contains(last) { result.append(" ") }
            result.append(contentsOf: ascii.unicodeScalars)
        }
        return String(result)
    }

    /// The ASCII for one character of the program's own text, or `nil` for a character that
    /// is not the program's (kept as it is): `— – · −` → `-`, `×` → `x`, `…` → `...`,
    /// `▲` → `^`, `▼` → `v`, `✓` → `+`, `▶` → `>`, `←` → `<`, `±` → `+/-`, `½ ⅓ ⅔ ¼ ¾` → `1/2` `1/3` … (after a digit
    /// ``text(_:)`` puts a space before them: `33 1/3`).
    /// Everything but the ellipsis, `±` and the fractions keeps its one cell.
    /// - Parameter scalar: one Unicode scalar.
    /// - Returns: its ASCII spelling or `nil`.
    public static func asciiSpelling(of scalar: Unicode.Scalar) -> String? {
        switch scalar {
        case "—", "–", "·", "−": "-"
        case "×": "x"
        case "…": "..."
        case "▲": "^"
        case "▼": "v"
        case "✓": "+"
        case "▶": ">"
        case "←": "<"
        case "±": "+/-"
        case "½": "1/2"
        case "⅓": "1/3"
        case "⅔": "2/3"
        case "¼": "1/4"
        case "¾": "3/4"
        default: nil
        }
    }
}
