/// Which characters drawings (big digits, bars, ellipses) may use.
public enum Glyphs: Hashable, Sendable {
    /// Block elements (`█ ▏▎▍▌▋▊▉`) and the one-cell ellipsis `…`.
    case unicode
    /// Plain ASCII: `#` and `-` for drawings, `...` for text cut short.
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

    /// The mark for text cut short: `…` (one cell) or `...` (three cells).
    public var ellipsis: String { self == .unicode ? "…" : "..." }
}
