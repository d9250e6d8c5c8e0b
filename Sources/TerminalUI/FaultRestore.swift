import Glibc
import POSIX

/// Puts the terminal back when a signal the thread brought on itself ends the program in raw
/// mode (``POSIX/SignalNumbers/synchronous``: a crash, SIGSEGV, SIGILL from a Swift trap,
/// SIGABRT, …; or a refused write, SIGPIPE, SIGXFSZ), from a C signal handler that does only
/// async-signal-safe work, then lets the signal end the process as it would have.
///
/// ``RawMode`` arms it once it has changed the terminal and disarms it in
/// ``RawMode/restore()``, so one place (RawMode) owns restoring. While armed, the handler for
/// each fault signal:
/// 1. writes ``RawMode/leaveSequence`` to the output descriptor (attributes reset, auto-wrap
///    on, cursor shown, main screen) with `write(2)`, and ``TerminalTitle/pop`` when RawMode
///    pushed the window title;
/// 2. puts back the `termios` struct RawMode saved, with `tcsetattr(TCSAFLUSH)`;
/// 3. hands the signal on to the handler that was there before, if any (the Swift runtime's
///    backtracer, which then prints its report on the normal screen), then puts back `SIG_DFL`
///    and raises the signal again, so the process ends as the default action would (128 + N in
///    the shell, a core dump where enabled), even for a fault signal sent with `kill`.
///
/// A signal the process ignored when armed (SIGPIPE under a parent that ignores it, so that
/// writes fail with EPIPE instead) is left ignored. Steps 1 and 2 happen at most once,
/// whichever thread faults. `write`, `tcsetattr`,
/// `sigaction` and `raise` are async-signal-safe (signal-safety(7)); the handler allocates
/// nothing, takes no lock and touches no Swift object: its state lives in memory allocated when
/// first armed, written only while no handler is installed.
///
/// The signals that arrive from outside (SIGTERM, SIGQUIT, …) are not handled here: the run
/// loop takes them through a ``SignalPipe`` and restores on its normal path. (libdispatch,
/// behind SignalPipe, does not pass on a signal directed at one thread, such as the SIGPIPE of
/// a write, which is why these are handled here.)
enum FaultRestore {
    /// What the handler reads, in one block of memory that never moves.
    struct State {
        /// 1 while armed; set to 0 by the first handler that restores.
        var isArmed: Int32 = 0
        /// The terminal whose attributes are put back.
        var inputFD: Int32 = -1
        /// Where the leave sequence goes; −1 for none.
        var outputFD: Int32 = -1
        /// 1 when the window title was pushed and must be popped.
        var popsTitle: Int32 = 0
        /// The attributes to put back.
        var saved = termios()
    }

    /// The handler's state (allocated once, never freed).
    nonisolated(unsafe) static let state: UnsafeMutablePointer<State> = {
        let memory = UnsafeMutablePointer<State>.allocate(capacity: 1)
        memory.initialize(to: State())
        return memory
    }()

    /// The dispositions the handler replaced, indexed by signal number (0–64).
    nonisolated(unsafe) static let previous: UnsafeMutablePointer<sigaction> = {
        let memory = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
        memory.initialize(repeating: sigaction(), count: 65)
        return memory
    }()

    /// Installs the handler for every synchronous signal the process does not ignore, after
    /// recording what to put back.
    /// Does nothing when already armed (one raw terminal at a time).
    /// - Parameters:
    ///   - fd: the terminal whose attributes were changed.
    ///   - output: where the screen sequences were sent, or nil.
    ///   - saved: the attributes to put back.
    ///   - popsTitle: whether the window title was pushed (and is popped after the leave
    ///     sequence).
    /// - Returns: whether this call armed it (and so the caller must ``disarm()``).
    static func arm(fd: Int32, output: Int32?, saved: termios, popsTitle: Bool = false) -> Bool {
        let state = FaultRestore.state
        guard state.pointee.isArmed == 0 else { return false }
        state.pointee.inputFD = fd
        state.pointee.outputFD = output ?? -1
        state.pointee.saved = saved
        state.pointee.popsTitle = popsTitle ? 1 : 0
        state.pointee.isArmed = 1
        for number in SignalNumbers.synchronous {
            sigaction(number, nil, previous + Int(number))
            guard !SignalNumbers.isIgnoring(previous[Int(number)]) else { continue }
            var action = sigaction()
            action.__sigaction_handler.sa_sigaction = FaultRestore.handler
            action.sa_flags = SA_SIGINFO | SA_ONSTACK
            sigemptyset(&action.sa_mask)
            sigaction(number, &action, nil)
        }
        return true
    }

    /// Puts back the dispositions ``arm(fd:output:saved:)`` replaced and forgets the state.
    static func disarm() {
        for number in SignalNumbers.synchronous {
            sigaction(number, previous + Int(number), nil)
        }
        state.pointee.isArmed = 0
    }

    /// The C handler: a closure that captures nothing, so it converts to a C function pointer.
    private static let handler: @convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?) -> Void = {
        number, info, context in
        FaultRestore.handle(number, info: info, context: context)
    }

    /// Writes all of `bytes` to `fd` with `write(2)`, retrying on EINTR, giving up on any other
    /// failure. Async-signal-safe.
    private static func writeAll(_ bytes: StaticString, to fd: Int32) {
        var start = UnsafeRawPointer(bytes.utf8Start)
        var left = bytes.utf8CodeUnitCount
        while left > 0 {
            let written = write(fd, start, left)
            if written < 0, errno == EINTR { continue }
            if written <= 0 { break }
            start += written
            left -= written
        }
    }

    /// Steps 1–3 of the type's discussion. Async-signal-safe.
    private static func handle(_ number: Int32, info: UnsafeMutablePointer<siginfo_t>?, context: UnsafeMutableRawPointer?) {
        let state = FaultRestore.state
        if state.pointee.isArmed != 0 {
            state.pointee.isArmed = 0
            if state.pointee.outputFD >= 0 {
                writeAll(RawMode.leaveBytes, to: state.pointee.outputFD)
                if state.pointee.popsTitle != 0 { writeAll(TerminalTitle.popBytes, to: state.pointee.outputFD) }
            }
            _ = tcsetattr(state.pointee.inputFD, TCSAFLUSH, &state.pointee.saved)
        }
        guard (0...64).contains(number) else { return }
        let before = previous[Int(number)]
        let isSigInfo = before.sa_flags & SA_SIGINFO != 0
        let raw = unsafeBitCast(before.__sigaction_handler.sa_handler, to: Int.self)
        if isSigInfo, let chained = before.__sigaction_handler.sa_sigaction {
            chained(number, info, context)
        } else if raw != 0, raw != 1, let chained = before.__sigaction_handler.sa_handler {
            chained(number)
        }
        // Then (or when there was no handler before: SIG_DFL) end as the default action does. The backtracer returns once it has printed,
        // expecting the faulting instruction to fault again, which a signal sent with `kill`
        // never does. The signal is blocked while this handler runs, so the raised one stays
        // pending and is delivered, with SIG_DFL, as soon as the handler returns.
        var fallback = sigaction()
        fallback.__sigaction_handler.sa_handler = SIG_DFL
        sigemptyset(&fallback.sa_mask)
        sigaction(number, &fallback, nil)
        raise(number)
    }
}
