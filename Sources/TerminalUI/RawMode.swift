import Glibc
import Foundation
import POSIX

/// The terminal in raw mode for as long as this object is alive: no echo, no line buffering,
/// no signals from keys (Ctrl-C arrives as byte 3), with output post-processing kept so `\n`
/// still moves to the start of the next line.
///
/// On creation it saves the `termios` struct with `tcgetattr`, applies `cfmakeraw` plus
/// `OPOST | ONLCR`, and (when given an output descriptor) switches to the alternate screen
/// buffer, hides the cursor and turns off automatic line wrap. ``restore()`` undoes all of it
/// and puts back exactly the saved struct (never by flipping flags back). `deinit` restores
/// too, so the terminal comes back on every path that unwinds, including thrown errors; a
/// process that calls `exit()` inside the scope must call ``restore()`` first.
///
/// A crash while raw (SIGSEGV, a Swift trap's SIGILL, SIGABRT, …) unwinds nothing: for those,
/// ``FaultRestore`` is armed while raw mode is in effect and puts the same saved struct and the
/// same leave sequence back from its signal handler before the crash goes on. Signals sent from
/// outside (SIGTERM, SIGQUIT, SIGUSR1, …) are the caller's to take through a ``SignalPipe``
/// and end on a path that calls ``restore()``.
///
/// Thread safety: ``restore()`` may be called from any thread, any number of times; only the
/// first call acts. (`@unchecked Sendable`: the mutable state is guarded by a lock.)
public final class RawMode: @unchecked Sendable {
    /// The descriptor whose line discipline was changed (usually `STDIN_FILENO`).
    public let fd: Int32
    /// The descriptor that received the screen sequences, or nil when none were sent.
    public let output: Int32?
    /// The `termios` struct as it was before raw mode; ``restore()`` puts exactly this back.
    public let saved: termios

    private let lock = NSLock()
    private var isActive = true
    /// Whether this raw mode armed ``FaultRestore`` (the first of several at once does).
    private let armedFaultRestore: Bool

    /// Sequences sent on entry: alternate screen on, cursor hidden, auto-wrap off.
    static let enterSequence = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l"
    /// Sequences sent on restore: attributes reset, auto-wrap on, cursor shown, main screen.
    /// A `StaticString`, so ``FaultRestore``'s signal handler can write its bytes too.
    static let leaveBytes: StaticString = "\u{1B}[0m\u{1B}[?7h\u{1B}[?25h\u{1B}[?1049l"
    /// ``leaveBytes`` as a `String`.
    static let leaveSequence = leaveBytes.description

    /// Puts the terminal on `fd` into raw mode and, when `output` is given, switches that
    /// descriptor's screen to the alternate buffer with the cursor hidden and auto-wrap off.
    ///
    /// - Parameters:
    ///   - fd: the terminal's input descriptor (default `STDIN_FILENO`).
    ///   - output: where to send the screen sequences (default `STDOUT_FILENO`); nil sends
    ///     none, for programs that only need raw keys.
    /// - Throws: ``TerminalError/notATerminal(fd:)`` when `fd` is not a terminal;
    ///   ``TerminalError/systemCall(function:fd:errno:)`` naming `tcgetattr` or `tcsetattr`
    ///   when the C call fails, or `write` when the screen sequences cannot be sent (the
    ///   terminal is then already put back as it was).
    public init(fd: Int32 = STDIN_FILENO, output: Int32? = STDOUT_FILENO) throws(TerminalError) {
        let terminal = FileDescriptor(rawValue: fd)
        guard terminal.isTerminal else { throw .notATerminal(fd: fd) }
        let original: termios
        do {
            original = try terminal.terminalAttributes()
            try terminal.setTerminalAttributes(RawMode.rawSettings(from: original), when: TCSAFLUSH)
        } catch {
            throw TerminalError(error)
        }
        if let output {
            do {
                try FileDescriptorIO.writeAll(RawMode.enterSequence, to: output)
            } catch {
                try? terminal.setTerminalAttributes(original, when: TCSAFLUSH)
                throw error
            }
        }
        self.fd = fd
        self.output = output
        self.saved = original
        self.armedFaultRestore = FaultRestore.arm(fd: fd, output: output, saved: original)
    }

    deinit {
        restore()
    }

    /// Whether raw mode is still in effect (``restore()`` has not run yet).
    public var isRaw: Bool {
        lock.lock()
        defer { lock.unlock() }
        return isActive
    }

    /// Leaves the alternate screen, shows the cursor, turns auto-wrap back on, and puts back
    /// the saved `termios` struct with `tcsetattr(TCSAFLUSH)` (typed-ahead input is dropped so
    /// keys meant for the timer do not reach the shell).
    ///
    /// Safe to call more than once and from any thread: only the first call acts, later calls
    /// return nil. Both steps are always attempted, even when the first fails (a terminal that
    /// hung up refuses the write).
    /// - Returns: nil on success, otherwise the first failure
    ///   (``TerminalError/systemCall(function:fd:errno:)`` naming `write` or `tcsetattr`).
    @discardableResult
    public func restore() -> TerminalError? {
        lock.lock()
        defer { lock.unlock() }
        guard isActive else { return nil }
        isActive = false
        if armedFaultRestore { FaultRestore.disarm() }
        var failure: TerminalError?
        if let output {
            do {
                try FileDescriptorIO.writeAll(RawMode.leaveSequence, to: output)
            } catch {
                failure = error
            }
        }
        do {
            try FileDescriptor(rawValue: fd).setTerminalAttributes(saved, when: TCSAFLUSH)
        } catch {
            if failure == nil { failure = TerminalError(error) }
        }
        return failure
    }

    /// `settings` after `cfmakeraw`, with `OPOST | ONLCR` kept on so `\n` still starts a new
    /// line, and reads that return as soon as one byte is there (`VMIN` 1, `VTIME` 0).
    static func rawSettings(from settings: termios) -> termios {
        var raw = settings
        cfmakeraw(&raw)
        raw.c_oflag |= tcflag_t(OPOST) | tcflag_t(ONLCR)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        return raw
    }
}

/// Runs `body` with the terminal in raw mode and restores it however `body` ends (returns or
/// throws); see ``RawMode``.
///
/// - Parameters:
///   - fd: the terminal's input descriptor (default `STDIN_FILENO`).
///   - output: where to send the alternate-screen and cursor sequences (default
///     `STDOUT_FILENO`); nil sends none.
///   - body: the work to do in raw mode; it receives the ``RawMode`` (e.g. to restore early
///     before printing a final message).
/// - Returns: what `body` returns.
/// - Throws: ``TerminalError`` when raw mode cannot be entered, whatever `body` throws (the
///   terminal is restored first), or ``TerminalError`` when restoring fails after `body`
///   succeeded.
public func withRawMode<Result>(
    fd: Int32 = STDIN_FILENO,
    output: Int32? = STDOUT_FILENO,
    _ body: (RawMode) throws -> Result
) throws -> Result {
    let mode = try RawMode(fd: fd, output: output)
    let result: Result
    do {
        result = try body(mode)
    } catch {
        mode.restore()
        throw error
    }
    if let failure = mode.restore() { throw failure }
    return result
}
