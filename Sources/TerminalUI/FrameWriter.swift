/// Turns successive ``Frame``s into terminal output: only the lines that changed, or the whole
/// screen after a size change or ``invalidate()``.
///
/// Each call returns ONE string, to be sent with a single
/// ``FileDescriptorIO/writeAll(_:to:)`` so the screen never shows half a frame. Output uses
/// absolute cursor positioning (`ESC [ row ; 1 H`), so it does not depend on where the cursor
/// was left. Expect auto-wrap to be off (``RawMode`` turns it off), so a line whose width was
/// underestimated is clipped instead of scrolling the screen.
///
/// - A changed line: `ESC [ row ; 1 H`, `ESC [ 2 K` (erase the line), the line with its SGR
///   sequences (``StyledText/rendered(in:)``).
/// - A full redraw: `ESC [ 0 m` (when styles are in use), `ESC [ H ESC [ 2 J` (home, erase
///   screen), then every line that is not blank, positioned as above without the erase.
public struct FrameWriter: Sendable {
    /// How much styling to send.
    public var mode: StyleMode
    /// The last frame returned by ``update(to:)``, nil at first and after ``invalidate()``.
    public private(set) var previous: Frame?

    /// A writer whose first update redraws the whole screen.
    /// - Parameter mode: how much styling to send.
    public init(mode: StyleMode) {
        self.mode = mode
        self.previous = nil
    }

    /// Forgets what is on screen, so the next ``update(to:)`` redraws everything (after a
    /// SIGWINCH, a Ctrl-L, or anything else that may have disturbed the screen).
    public mutating func invalidate() {
        previous = nil
    }

    /// The output that turns the screen from the previous frame into `frame`, which becomes
    /// the new previous frame.
    /// - Parameter frame: the new screen.
    /// - Returns: the bytes to write; `""` when nothing changed.
    public mutating func update(to frame: Frame) -> String {
        let output = FrameWriter.output(from: previous, to: frame, mode: mode)
        previous = frame
        return output
    }

    /// The pure diff behind ``update(to:)``.
    /// - Parameters:
    ///   - old: what is on screen, or nil when unknown (forces a full redraw, as does a
    ///     different size).
    ///   - new: the screen to show.
    ///   - mode: how much styling to send.
    /// - Returns: the bytes to write; `""` when nothing changed.
    public static func output(from old: Frame?, to new: Frame, mode: StyleMode) -> String {
        var output = ""
        guard let old, old.size == new.size else {
            if mode.usesAttributes { output += TextStyle.resetSequence }
            output += "\u{1B}[H\u{1B}[2J"
            for (row, line) in new.lines.enumerated() where !line.isBlank {
                output += moveTo(row: row) + line.rendered(in: mode)
            }
            return output
        }
        for (row, line) in new.lines.enumerated() where line != old.lines[row] {
            output += moveTo(row: row) + "\u{1B}[2K" + line.rendered(in: mode)
        }
        return output
    }

    /// `ESC [ row ; 1 H` for a 0-based row.
    static func moveTo(row: Int) -> String {
        "\u{1B}[\(row + 1);1H"
    }
}

extension StyledText {
    /// Only plain spaces: what an erased line already shows.
    var isBlank: Bool {
        spans.allSatisfy { $0.style == .plain && $0.text.allSatisfy { $0 == " " } }
    }
}
