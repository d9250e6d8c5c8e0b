/// The terminal window's title: the sequences that set it and that save and restore the title
/// it had, so a full-screen program can show its state in the title bar (or a tmux status
/// line, a tab) and give the old title back when it ends.
///
/// The sequences are xterm's (XTerm Control Sequences, "Operating System Commands" `OSC 2`
/// and "Window manipulation" `XTWINOPS` 22 and 23), which tmux, VTE (GNOME Terminal, Tilix)
/// and most terminal emulators also implement; a terminal that does not know them ignores
/// them (they are well-formed OSC and CSI sequences).
public enum TerminalTitle {
    /// `CSI 22 ; 0 t`: push the icon and window titles onto the terminal's title stack.
    public static let push = "\u{1B}[22;0t"
    /// `CSI 23 ; 0 t`: pop them again, putting back the titles saved by ``push``.
    /// A `StaticString`, so ``FaultRestore``'s signal handler can write its bytes too.
    public static let popBytes: StaticString = "\u{1B}[23;0t"
    /// ``popBytes`` as a `String`.
    public static let pop = popBytes.description

    /// `OSC 2 ; text BEL`: sets the window title to `text`.
    ///
    /// Control characters (C0, DEL and C1, among them the BEL and ESC that would end the
    /// sequence early or start another) are left out, so any text is safe to send.
    /// - Parameter text: the title, e.g. `WORK 0:12 · 3/8 · hiit`.
    /// - Returns: the sequence to write.
    public static func set(_ text: String) -> String {
        var clean = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where !(scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)) {
            clean.append(scalar)
        }
        return "\u{1B}]2;" + String(clean) + "\u{07}"
    }

    /// Whether a terminal of type `term` has a window title to set: any type but none, empty,
    /// `dumb` (no escape sequences at all) and `linux` (the Linux console has no title, and
    /// older kernels print an OSC sequence's text instead of ignoring it).
    /// - Parameter term: the `TERM` value, or nil when unset.
    /// - Returns: whether to send title sequences.
    public static func isSupported(term: String?) -> Bool {
        guard let term, !term.isEmpty else { return false }
        return term != "dumb" && term != "linux"
    }
}

/// Keeps the window title current without sending it more often than it changes: it remembers
/// the last title sent and returns a sequence only for a different one.
public struct TitleWriter: Sendable {
    /// The title last returned by ``update(to:)``, nil at first and after ``invalidate()``.
    public private(set) var current: String?

    /// A writer whose first update sends the title.
    public init() {}

    /// Forgets the title sent, so the next ``update(to:)`` sends it again (after the terminal
    /// was given back and taken again: a suspend, a continue).
    public mutating func invalidate() {
        current = nil
    }

    /// The sequence that shows `title`, or `""` when it is already shown.
    /// - Parameter title: the title wanted now.
    /// - Returns: ``TerminalTitle/set(_:)`` of it, or `""`.
    public mutating func update(to title: String) -> String {
        guard title != current else { return "" }
        current = title
        return TerminalTitle.set(title)
    }
}
