/// How much styling output may carry, decided once at start-up from the environment.
public enum StyleMode: Hashable, Sendable {
    /// No escape sequences for styles at all: output is not a terminal, or `TERM=dumb`.
    case plain
    /// Bold, dim, underline and reverse video, but no colours: `NO_COLOR` is set.
    case monochrome
    /// Everything, colours included.
    case color

    /// Whether colours may be used (only in ``color``).
    public var usesColor: Bool { self == .color }

    /// Whether any SGR attribute may be sent (``monochrome`` or ``color``).
    public var usesAttributes: Bool { self != .plain }

    /// Decides the style mode; a pure function of what the caller read.
    ///
    /// Rules (https://no-color.org and the `dumb` terminal convention):
    /// - not a terminal → ``plain``;
    /// - `TERM` unset, empty or `dumb` → ``plain`` (no escape sequences are understood);
    /// - `NO_COLOR` present and not empty → ``monochrome``;
    /// - otherwise ``color``.
    /// - Parameters:
    ///   - isTerminal: whether the output descriptor is a terminal
    ///     (``FileDescriptorIO/isTerminal(_:)``).
    ///   - noColor: the `NO_COLOR` environment value, nil when unset.
    ///   - term: the `TERM` environment value, nil when unset.
    /// - Returns: the mode to render with.
    public static func decide(isTerminal: Bool, noColor: String?, term: String?) -> StyleMode {
        guard isTerminal else { return .plain }
        guard let term, !term.isEmpty, term != "dumb" else { return .plain }
        if let noColor, !noColor.isEmpty { return .monochrome }
        return .color
    }

    /// Whether `TERM` names a dumb terminal: one that understands no escape sequences at all,
    /// so no full screen (no cursor moves, no alternate screen) can be drawn on it, only plain
    /// lines, as on a pipe. Only `dumb` itself counts; an unset or empty `TERM` on a terminal
    /// keeps the full screen (most terminals understand it even when the variable is lost).
    /// - Parameter term: the `TERM` environment value, nil when unset.
    /// - Returns: true for `TERM=dumb`.
    public static func isDumb(term: String?) -> Bool {
        term == "dumb"
    }
}
