import Glibc

extension FileDescriptor {
    /// Whether the descriptor is connected to a terminal (`isatty(3)` returned 1). A closed
    /// descriptor, a pipe or a file answer `false`.
    public var isTerminal: Bool {
        isatty(rawValue) == 1
    }

    /// The terminal's settings with `tcgetattr(3)`.
    /// - Returns: the `termios` structure, to put back later with ``setTerminalAttributes(_:when:)``.
    /// - Throws: ``SystemCallError`` naming `tcgetattr` (`ENOTTY` for a pipe or file).
    public func terminalAttributes() throws(SystemCallError) -> termios {
        let fd = rawValue
        var settings = termios()
        try nothingOrErrno("tcgetattr", fd: fd) { tcgetattr(fd, &settings) }
        return settings
    }

    /// Applies terminal settings with `tcsetattr(3)`.
    /// - Parameters:
    ///   - settings: the `termios` structure to apply.
    ///   - when: `TCSAFLUSH` (default: after output is sent, dropping unread input), `TCSADRAIN`
    ///     (after output is sent) or `TCSANOW`.
    /// - Throws: ``SystemCallError`` naming `tcsetattr`.
    public func setTerminalAttributes(_ settings: termios, when: Int32 = TCSAFLUSH) throws(SystemCallError) {
        let fd = rawValue
        var copy = settings
        try nothingOrErrno("tcsetattr", fd: fd) { tcsetattr(fd, when, &copy) }
    }

    /// The terminal's size with `ioctl(2)` `TIOCGWINSZ`: `ws_col` columns and `ws_row` rows of
    /// character cells (some terminals report 0 for either).
    /// - Returns: the `winsize` structure.
    /// - Throws: ``SystemCallError`` naming `ioctl` (`ENOTTY` when it is not a terminal).
    public func windowSize() throws(SystemCallError) -> winsize {
        let fd = rawValue
        var size = winsize()
        try nothingOrErrno("ioctl", fd: fd) { ioctl(fd, UInt(TIOCGWINSZ), &size) }
        return size
    }

    /// The terminal's foreground process group with `tcgetpgrp(3)`: the group whose members may
    /// read from it and change its settings without being stopped (SIGTTIN, SIGTTOU).
    /// - Returns: the foreground group's id.
    /// - Throws: ``SystemCallError`` naming `tcgetpgrp`: `ENOTTY` when the descriptor is not the
    ///   calling process's controlling terminal (a pseudo-terminal opened with `O_NOCTTY`, a pipe).
    public func foregroundProcessGroup() throws(SystemCallError) -> pid_t {
        let fd = rawValue
        return try valueOrErrno("tcgetpgrp", fd: fd) { tcgetpgrp(fd) }
    }
}
