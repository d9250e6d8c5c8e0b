/// One full screen: exactly `size.rows` lines, each exactly `size.columns` cells wide.
///
/// Screens are pure functions `render(state, size) -> Frame`; a ``FrameWriter`` turns frames
/// into terminal output. Lines that are too long are cut hard at the right edge (as a screen
/// would clip them; truncate with an ellipsis before if a mark is wanted), short lines are
/// padded with plain spaces, missing lines are blank, extra lines are dropped.
public struct Frame: Hashable, Sendable, CustomStringConvertible {
    /// The screen size this frame was laid out for.
    public let size: TerminalSize
    /// The lines, top to bottom: `size.rows` of them, each `size.columns` cells wide.
    public private(set) var lines: [StyledText]

    /// A blank frame.
    /// - Parameter size: the screen size; a 0 dimension gives no lines or empty lines.
    public init(size: TerminalSize) {
        self.size = size
        let blank = StyledText().padded(toWidth: size.columns, ellipsis: "")
        self.lines = Array(repeating: blank, count: size.rows)
    }

    /// A frame from lines, fitted to `size` (see the type's rules).
    /// - Parameters:
    ///   - size: the screen size.
    ///   - lines: the lines from the top; fewer or more than `size.rows` is fine.
    public init(size: TerminalSize, lines: [StyledText]) {
        self.init(size: size)
        for (row, line) in lines.prefix(size.rows).enumerated() {
            setLine(row, line)
        }
    }

    /// Replaces one line, fitted to the width.
    /// - Parameters:
    ///   - row: 0-based from the top; a row outside the frame is ignored.
    ///   - text: the new line.
    ///   - alignment: where a shorter line sits (default left).
    public mutating func setLine(_ row: Int, _ text: StyledText, alignment: TextAlignment = .left) {
        guard lines.indices.contains(row) else { return }
        lines[row] = text.padded(toWidth: size.columns, alignment: alignment, ellipsis: "")
    }

    /// The frame's characters without styles, lines joined by `\n` (no trailing newline):
    /// what a person would read, for comparing frames in tests.
    public var text: String { lines.map(\.plainText).joined(separator: "\n") }

    /// Same as ``text``.
    public var description: String { text }

    /// The frame with the one-cell punctuation a non-UTF-8 terminal cannot show replaced by
    /// ASCII of the same width (``StyledText/asciiPunctuation(for:)``). Every cell stays where
    /// it was.
    public func withASCIIPunctuation() -> Frame {
        var frame = self
        frame.lines = lines.map { $0.withASCIIPunctuation() }
        return frame
    }
}
