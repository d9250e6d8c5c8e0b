/// One of the 16 standard terminal colours (SGR 30–37/90–97 for text, 40–47/100–107 for
/// backgrounds). Terminals choose the exact shades, so these follow the user's theme.
public enum Color: Hashable, Sendable, CaseIterable {
    /// The eight normal colours (SGR 30–37 / 40–47).
    case black, red, green, yellow, blue, magenta, cyan, white
    /// The eight bright colours (SGR 90–97 / 100–107).
    case brightBlack, brightRed, brightGreen, brightYellow, brightBlue, brightMagenta, brightCyan, brightWhite

    /// The SGR number for this colour as text colour (30–37, 90–97).
    var foregroundCode: Int {
        let index = Color.allCases.firstIndex(of: self) ?? 0
        return index < 8 ? 30 + index : 90 + (index - 8)
    }

    /// The SGR number for this colour as background (40–47, 100–107).
    var backgroundCode: Int { foregroundCode + 10 }
}

/// How a run of text looks: colours (nil = the terminal's default) and attributes.
public struct TextStyle: Hashable, Sendable {
    /// Text colour, nil for the terminal's default.
    public var foreground: Color?
    /// Background colour, nil for the terminal's default.
    public var background: Color?
    /// Bold (SGR 1).
    public var isBold: Bool
    /// Dim / faint (SGR 2).
    public var isDim: Bool
    /// Underlined (SGR 4).
    public var isUnderlined: Bool
    /// Reverse video: text and background swapped (SGR 7). Readable without colours, so it
    /// is kept in ``StyleMode/monochrome``.
    public var isReversed: Bool

    /// Creates a style; every part defaults to off / the terminal's default.
    public init(
        foreground: Color? = nil,
        background: Color? = nil,
        bold: Bool = false,
        dim: Bool = false,
        underlined: Bool = false,
        reversed: Bool = false
    ) {
        self.foreground = foreground
        self.background = background
        self.isBold = bold
        self.isDim = dim
        self.isUnderlined = underlined
        self.isReversed = reversed
    }

    /// The terminal's default look.
    public static let plain = TextStyle()

    /// The SGR sequence that sets exactly this style starting from a reset (`ESC [ 0 ; … m`),
    /// or an empty string when `mode` allows nothing of it.
    /// - Parameter mode: ``StyleMode/plain`` gives `""`; ``StyleMode/monochrome`` drops the
    ///   colours; ``StyleMode/color`` keeps everything.
    /// - Returns: e.g. `"\u{1B}[0;1;97;41m"` for bold bright white on red.
    public func sgr(in mode: StyleMode) -> String {
        guard mode.usesAttributes else { return "" }
        var codes: [Int] = []
        if isBold { codes.append(1) }
        if isDim { codes.append(2) }
        if isUnderlined { codes.append(4) }
        if isReversed { codes.append(7) }
        if mode.usesColor {
            if let foreground { codes.append(foreground.foregroundCode) }
            if let background { codes.append(background.backgroundCode) }
        }
        guard !codes.isEmpty else { return "" }
        return "\u{1B}[0;" + codes.map(String.init).joined(separator: ";") + "m"
    }

    /// The sequence that resets all attributes (`ESC [ 0 m`).
    public static let resetSequence = "\u{1B}[0m"
}
