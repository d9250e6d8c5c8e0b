/// One key press, decoded from the bytes a terminal in raw mode sends.
public enum Key: Hashable, Sendable, CustomStringConvertible {
    /// A printable character other than space: letters, digits, punctuation, any Unicode
    /// character typed (`"q"`, `"N"`, `"é"`, `"日"`).
    case character(Character)
    /// The space bar (byte 0x20).
    case space
    /// Return/Enter (byte 0x0D, or 0x0A from a pipe; CR LF counts once).
    case enter
    /// Backspace (byte 0x7F, or 0x08 Ctrl-H).
    case backspace
    /// Tab (byte 0x09).
    case tab
    /// Shift-Tab (`ESC [ Z`).
    case backTab
    /// The Escape key alone (byte 0x1B not followed by a sequence; see ``KeyDecoder/flush()``).
    case escape
    /// Ctrl-C (byte 0x03). Raw mode turns off the terminal's signal keys, so this arrives as a
    /// key and not as SIGINT.
    case interrupt
    /// Ctrl-D (byte 0x04), end of input at a shell prompt.
    case endOfInput
    /// Any other Ctrl-letter combination, as its lower-case letter: Ctrl-L is
    /// `.control("l")`, Ctrl-Z is `.control("z")`.
    case control(Character)
    /// Arrow up (`ESC [ A` or `ESC O A`, with or without modifiers).
    case up
    /// Arrow down.
    case down
    /// Arrow left.
    case left
    /// Arrow right.
    case right
    /// Home (`ESC [ H`, `ESC O H`, `ESC [ 1 ~`, `ESC [ 7 ~`).
    case home
    /// End (`ESC [ F`, `ESC O F`, `ESC [ 4 ~`, `ESC [ 8 ~`).
    case end
    /// Page Up (`ESC [ 5 ~`).
    case pageUp
    /// Page Down (`ESC [ 6 ~`).
    case pageDown
    /// Insert (`ESC [ 2 ~`).
    case insert
    /// Forward delete (`ESC [ 3 ~`).
    case delete
    /// A function key F1–F12 by number (`ESC O P`… and `ESC [ 15 ~`…).
    case function(Int)

    /// A short readable name: `q`, `space`, `ctrl-c`, `up`, `F5`.
    public var description: String {
        switch self {
        case let .character(c): return String(c)
        case .space: return "space"
        case .enter: return "enter"
        case .backspace: return "backspace"
        case .tab: return "tab"
        case .backTab: return "shift-tab"
        case .escape: return "escape"
        case .interrupt: return "ctrl-c"
        case .endOfInput: return "ctrl-d"
        case let .control(c): return "ctrl-\(c)"
        case .up: return "up"
        case .down: return "down"
        case .left: return "left"
        case .right: return "right"
        case .home: return "home"
        case .end: return "end"
        case .pageUp: return "page-up"
        case .pageDown: return "page-down"
        case .insert: return "insert"
        case .delete: return "delete"
        case let .function(n): return "F\(n)"
        }
    }
}
