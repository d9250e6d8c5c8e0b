import Glibc
import Foundation
import POSIX

/// The terminal in raw mode for as long as this object is alive: no echo, no line buffering,
/// no signals from keys (Ctrl-C arrives as byte 3, Ctrl-Z as byte 0x1A), with output
/// post-processing kept so `\n` still moves to the start of the next line.
///
/// On creation it saves the `termios` struct with `tcgetattr`, applies `cfmakeraw` plus
/// `OPOST | ONLCR`, and (when given an output descriptor) switches to the alternate screen
/// buffer, hides the cursor and turns off automatic line wrap, and (when asked to) pushes the
/// window title onto the terminal's title stack (``TerminalTitle/push``). ``restore()`` undoes
/// all of it and puts back exactly the saved struct (never by flipping flags back). `deinit`
/// restores too, so the terminal comes back on every path that unwinds, including thrown
/// errors; a process that calls `exit()` inside the scope must call ``restore()`` first.
///
/// A job-control stop (Ctrl-Z, SIGTSTP) gives the terminal back for a while: ``suspend()``
/// restores it as ``restore()`` does, and ``resume()`` takes it again (reading the settings
/// anew, as the shell left them) and re-enters the alternate screen. ``reassert()`` puts raw
/// mode and the screen modes back after someone else changed them behind the program's back
/// (a SIGSTOP it could not catch, then SIGCONT).
///
/// A crash while raw (SIGSEGV, a Swift trap's SIGILL, SIGABRT, …) unwinds nothing: for those,
/// ``FaultRestore`` is armed while raw mode is in effect and puts the same saved struct and the
/// same leave sequence back from its signal handler before the crash goes on. Signals sent from
/// outside (SIGTERM, SIGQUIT, SIGUSR1, …) are the caller's to take through a ``SignalPipe``
/// and end on a path that calls ``restore()``.
///
/// Thread safety: every method may be called from any thread; ``restore()`` any number of
/// times (only the first call acts). (`@unchecked Sendable`: the mutable state is guarded by a
/// lock.)
public final class RawMode: @unchecked Sendable {
    /// Where the terminal stands.
    private enum State {
        /// Raw, the screen sequences sent: the program has the terminal.
        case raw
        /// Given back for a job-control stop (``suspend()``); ``resume()`` takes it again.
        case suspended
        /// Given back for good (``restore()``).
        case restored
    }

    /// The descriptor whose line discipline was changed (usually `STDIN_FILENO`).
    public let fd: Int32
    /// The descriptor that received the screen sequences, or nil when none were sent.
    public let output: Int32?
    /// Whether the window title was pushed on entry and is popped on leaving.
    public let keepsTitle: Bool

    private let lock = NSLock()
    private var state = State.raw
    private var original: termios
    /// Whether this raw mode armed ``FaultRestore`` (the first of several at once does).
    private var armedFaultRestore: Bool

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
    ///   - keepsTitle: push the window title on entry and pop it when leaving (on every path
    ///     that leaves, the fault handler's included), so a title the program sets goes away
    ///     with it; only with an `output` (default `false`).
    /// - Throws: ``TerminalError/notATerminal(fd:)`` when `fd` is not a terminal;
    ///   ``TerminalError/systemCall(function:fd:errno:)`` naming `tcgetattr` or `tcsetattr`
    ///   when the C call fails, or `write` when the screen sequences cannot be sent (the
    ///   terminal is then already put back as it was).
    public init(fd: Int32 = STDIN_FILENO, output: Int32? = STDOUT_FILENO, keepsTitle: Bool = false) throws(TerminalError) {
        self.fd = fd
        self.output = output
        self.keepsTitle = keepsTitle && output != nil
        original = try RawMode.enter(fd: fd, output: output, keepsTitle: self.keepsTitle)
        armedFaultRestore = FaultRestore.arm(fd: fd, output: output, saved: original, popsTitle: self.keepsTitle)
    }

    deinit {
        restore()
    }

    /// Whether raw mode is in effect now (neither ``restore()`` nor ``suspend()`` has given
    /// the terminal back since it was last taken).
    public var isRaw: Bool {
        lock.withLock { state == .raw }
    }

    /// The `termios` struct as it was before raw mode was last entered; ``restore()`` puts
    /// exactly this back.
    public var saved: termios {
        lock.withLock { original }
    }

    /// Leaves the alternate screen, shows the cursor, turns auto-wrap back on, pops the
    /// window title (when it was pushed), and puts back the saved `termios` struct with
    /// `tcsetattr(TCSAFLUSH)` (typed-ahead input is dropped so keys meant for the timer do not
    /// reach the shell).
    ///
    /// Safe to call more than once and from any thread: only the first call acts, later calls
    /// return nil; after ``suspend()`` the terminal is already given back and nothing is sent.
    /// Both steps are always attempted, even when the first fails (a terminal that hung up
    /// refuses the write).
    /// - Returns: nil on success, otherwise the first failure
    ///   (``TerminalError/systemCall(function:fd:errno:)`` naming `write` or `tcsetattr`).
    @discardableResult
    public func restore() -> TerminalError? {
        lock.withLock {
            defer { state = .restored }
            return state == .raw ? giveBack() : nil
        }
    }

    /// Gives the terminal back for a job-control stop: exactly what ``restore()`` does, after
    /// which ``resume()`` can take it again. Does nothing unless raw mode is in effect.
    /// - Returns: nil on success (or when there was nothing to do), otherwise the first
    ///   failure, as for ``restore()``.
    @discardableResult
    public func suspend() -> TerminalError? {
        lock.withLock {
            guard state == .raw else { return nil }
            state = .suspended
            return giveBack()
        }
    }

    /// Takes the terminal again after ``suspend()``: reads its settings anew (they become what
    /// ``restore()`` puts back, so a change made with `stty` while suspended is kept), enters
    /// raw mode, and sends the entry sequences again (alternate screen, cursor hidden,
    /// auto-wrap off, the title pushed). Does nothing unless suspended.
    /// - Throws: ``TerminalError/systemCall(function:fd:errno:)`` naming `tcgetattr`,
    ///   `tcsetattr` or `write`; the terminal then stays given back (``isRaw`` is false).
    public func resume() throws(TerminalError) {
        lock.lock()
        defer { lock.unlock() }
        guard state == .suspended else { return }
        original = try RawMode.enter(fd: fd, output: output, keepsTitle: keepsTitle)
        armedFaultRestore = FaultRestore.arm(fd: fd, output: output, saved: original, popsTitle: keepsTitle)
        state = .raw
    }

    /// Puts raw mode and the screen modes back while the program holds the terminal, in case
    /// someone else changed them (a shell that reset the terminal while the program was
    /// stopped by a SIGSTOP it could not catch): the raw settings made from the saved struct,
    /// and the entry sequences without pushing the title again. Does nothing unless raw.
    /// - Returns: nil on success, otherwise the failure (naming `tcsetattr` or `write`).
    @discardableResult
    public func reassert() -> TerminalError? {
        lock.withLock { () -> TerminalError? in
            guard state == .raw else { return nil }
            do throws(SystemCallError) {
                try FileDescriptor(rawValue: fd).setTerminalAttributes(RawMode.rawSettings(from: original), when: TCSAFLUSH)
            } catch {
                return TerminalError(error)
            }
            guard let output else { return nil }
            do throws(TerminalError) {
                try FileDescriptorIO.writeAll(RawMode.enterSequence, to: output)
            } catch {
                return error
            }
            return nil
        }
    }

    /// Saves the settings of `fd`, makes it raw and sends the entry sequences to `output`.
    /// - Returns: the settings saved.
    /// - Throws: as ``init(fd:output:keepsTitle:)``; on a failed write the terminal is put back.
    private static func enter(fd: Int32, output: Int32?, keepsTitle: Bool) throws(TerminalError) -> termios {
        let terminal = FileDescriptor(rawValue: fd)
        guard terminal.isTerminal else { throw .notATerminal(fd: fd) }
        let settings: termios
        do {
            settings = try terminal.terminalAttributes()
            try terminal.setTerminalAttributes(RawMode.rawSettings(from: settings), when: TCSAFLUSH)
        } catch {
            throw TerminalError(error)
        }
        if let output {
            do {
                try FileDescriptorIO.writeAll(RawMode.enterSequence + (keepsTitle ? TerminalTitle.push : ""), to: output)
            } catch {
                try? terminal.setTerminalAttributes(settings, when: TCSAFLUSH)
                throw error
            }
        }
        return settings
    }

    /// Sends the leave sequences and puts the saved settings back; the caller holds the lock.
    private func giveBack() -> TerminalError? {
        if armedFaultRestore {
            FaultRestore.disarm()
            armedFaultRestore = false
        }
        var failure: TerminalError?
        if let output {
            do {
                try FileDescriptorIO.writeAll(RawMode.leaveSequence + (keepsTitle ? TerminalTitle.pop : ""), to: output)
            } catch {
                failure = error
            }
        }
        do {
            try FileDescriptor(rawValue: fd).setTerminalAttributes(original, when: TCSAFLUSH)
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
