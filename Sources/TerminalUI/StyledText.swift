/// A line of text made of runs (spans) that each have a ``TextStyle``.
///
/// Text is sanitized on the way in (control characters become `?`, see
/// ``Swift/String/sanitizedForTerminal``), empty spans are dropped and neighbouring spans
/// with the same style are merged, so two lines that look the same compare equal.
public struct StyledText: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// A run of text in one style.
    public struct Span: Hashable, Sendable {
        /// The text, free of control characters.
        public let text: String
        /// How it looks.
        public let style: TextStyle

        /// Creates a span; control characters in `text` become `?`.
        /// - Parameters:
        ///   - text: the characters.
        ///   - style: their look (default plain).
        public init(_ text: String, style: TextStyle = .plain) {
            self.text = text.sanitizedForTerminal
            self.style = style
        }
    }

    /// The runs, non-empty and with no two neighbours sharing a style.
    public private(set) var spans: [Span]

    /// A line of one span.
    /// - Parameters:
    ///   - text: the characters (control characters become `?`).
    ///   - style: their look (default plain).
    public init(_ text: String = "", style: TextStyle = .plain) {
        self.spans = []
        append(text, style: style)
    }

    /// A line from several spans, normalized (empty spans dropped, equal neighbours merged).
    /// - Parameter spans: the runs in order.
    public init(spans: [Span]) {
        self.spans = []
        for span in spans { append(span) }
    }

    /// A plain line from a string literal.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// Appends `text` in `style`.
    /// - Parameters:
    ///   - text: the characters (control characters become `?`).
    ///   - style: their look (default plain).
    public mutating func append(_ text: String, style: TextStyle = .plain) {
        append(Span(text, style: style))
    }

    /// Appends a span, merging it into the last one when the styles match.
    /// - Parameter span: the run to add; an empty one changes nothing.
    public mutating func append(_ span: Span) {
        guard !span.text.isEmpty else { return }
        if let last = spans.last, last.style == span.style {
            spans[spans.count - 1] = Span(last.text + span.text, style: span.style)
        } else {
            spans.append(span)
        }
    }

    /// Appends every span of `other`.
    public mutating func append(_ other: StyledText) {
        for span in other.spans { append(span) }
    }

    /// `lhs` followed by `rhs`.
    public static func + (lhs: StyledText, rhs: StyledText) -> StyledText {
        var result = lhs
        result.append(rhs)
        return result
    }

    /// The characters without styles.
    public var plainText: String { spans.map(\.text).joined() }

    /// The characters without styles (for test failures and logs).
    public var description: String { plainText }

    /// Terminal cells the line takes (see ``Swift/String/displayWidth``).
    public var displayWidth: Int { spans.reduce(0) { $0 + $1.text.displayWidth } }

    /// The line cut to at most `width` cells, ending with `ellipsis` (in the style of the text
    /// it replaces) when something was cut; see ``Swift/String/truncated(toWidth:ellipsis:)``.
    /// - Parameters:
    ///   - width: the most cells; 0 or negative gives an empty line.
    ///   - ellipsis: the mark for a cut (default `…`; `""` cuts hard, as a screen edge does).
    /// - Returns: a line whose ``displayWidth`` is at most `max(0, width)`.
    public func truncated(toWidth width: Int, ellipsis: String = "…") -> StyledText {
        guard width > 0 else { return StyledText() }
        if displayWidth <= width { return self }
        let mark = ellipsis.sanitizedForTerminal
        let markWidth = mark.displayWidth
        let useMark = markWidth < width
        let room = useMark ? width - markWidth : width
        var result = StyledText()
        var used = 0
        var lastStyle = spans.first?.style ?? .plain
        outer: for span in spans {
            lastStyle = span.style
            var piece = ""
            for character in span.text {
                let cells = character.displayWidth
                if used + cells > room {
                    result.append(piece, style: span.style)
                    break outer
                }
                piece.append(character)
                used += cells
            }
            result.append(piece, style: span.style)
        }
        if useMark { result.append(mark, style: lastStyle) }
        return result
    }

    /// The line cut and padded with spaces to exactly `width` cells.
    /// - Parameters:
    ///   - width: the field width in cells; 0 or negative gives an empty line.
    ///   - alignment: where the text sits (default left).
    ///   - fill: the style of the padding (default plain; give a background colour to make a
    ///     full-width banner).
    ///   - ellipsis: the mark for a cut (default `…`; `""` cuts hard).
    /// - Returns: a line whose ``displayWidth`` is exactly `max(0, width)`.
    public func padded(
        toWidth width: Int,
        alignment: TextAlignment = .left,
        fill: TextStyle = .plain,
        ellipsis: String = "…"
    ) -> StyledText {
        guard width > 0 else { return StyledText() }
        let cells = displayWidth
        if cells == width { return self }
        let body = cells < width ? self : truncated(toWidth: width, ellipsis: ellipsis)
        let gap = width - (cells < width ? cells : body.displayWidth)
        if gap == 0 { return body }
        let before: Int
        switch alignment {
        case .left: before = 0
        case .center: before = gap / 2
        case .right: before = gap
        }
        var result = StyledText(String.repeated(" ", count: before), style: fill)
        result.append(body)
        result.append(String.repeated(" ", count: gap - before), style: fill)
        return result
    }

    /// The line as bytes for the terminal: each span's SGR sequence (see
    /// ``TextStyle/sgr(in:)``) before its text, and a reset at the end when any style was
    /// sent. In ``StyleMode/plain`` this is just ``plainText``.
    /// - Parameter mode: how much styling to send.
    public func rendered(in mode: StyleMode) -> String {
        var output = ""
        var current = ""
        for span in spans {
            let sgr = span.style.sgr(in: mode)
            if sgr != current {
                output += sgr.isEmpty ? TextStyle.resetSequence : sgr
                current = sgr
            }
            output += span.text
        }
        if !current.isEmpty { output += TextStyle.resetSequence }
        return output
    }
}

// MARK: - ASCII fallbacks

extension StyledText {
    /// The ASCII of the same width (one cell) for the punctuation hiit's screens draw that a
    /// non-UTF-8 terminal cannot show: ``Glyphs/asciiSpelling(of:)`` where that is one
    /// character (`·` `–` `—` `−` → `-`, `×` → `x`, `▲` → `^`, `▼` → `v`, `✓` → `+`, `▶` → `>`,
    /// `←` → `<`); `nil` for any other scalar, and for those spelt wider (`…`, `±`, fractions),
    /// which would move the columns of a frame.
    public static func asciiPunctuation(for scalar: Unicode.Scalar) -> Unicode.Scalar? {
        guard let spelling = Glyphs.asciiSpelling(of: scalar), spelling.unicodeScalars.count == 1 else { return nil }
        return spelling.unicodeScalars.first
    }

    /// The text with the one-cell punctuation a non-UTF-8 terminal cannot show replaced by
    /// ASCII of the same width (``asciiPunctuation(for:)``); every cell stays where it was.
    public func withASCIIPunctuation() -> StyledText {
        replacingScalars { String(Self.asciiPunctuation(for: $0) ?? $0).unicodeScalars }
    }

    /// The text with every scalar replaced by what `replacement` gives for it (one or more
    /// scalars, or none), each span keeping its style.
    public func replacingScalars(_ replacement: (Unicode.Scalar) -> String.UnicodeScalarView) -> StyledText {
        StyledText(spans: spans.map { span in
            var text = String.UnicodeScalarView()
            for scalar in span.text.unicodeScalars { text.append(contentsOf: replacement(scalar)) }
            return Span(String(text), style: span.style)
        })
    }
}
