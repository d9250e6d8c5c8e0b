import Glibc

/// Linux's signals grouped by what their default action does to a process (signal(7)), and
/// their names.
public enum SignalNumbers {
    /// The signals that end a process by default, can be caught, and arrive from outside the
    /// thread: sent by another process (`kill`), the terminal (SIGHUP) or the kernel for the
    /// whole process (SIGALRM, SIGXCPU, …): SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM,
    /// SIGTERM, SIGSTKFLT, SIGXCPU, SIGVTALRM, SIGIO (SIGPOLL), SIGPWR, and the
    /// real-time signals SIGRTMIN…SIGRTMAX (34–64 with glibc, which keeps 32 and 33 for its
    /// threads). In ascending order. Fit for a self-pipe (a `DispatchSource`).
    ///
    /// Not here: SIGKILL and SIGSTOP (never caught), the stop signals (SIGTSTP, SIGTTIN,
    /// SIGTTOU: their default stops, not ends), the ignored ones (SIGCHLD, SIGCONT, SIGURG,
    /// SIGWINCH), and ``synchronous`` (SIGPROF among them).
    public static let asynchronous: [Int32] = {
        let classic: [Int32] = [SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGTERM, SIGSTKFLT,
                                SIGXCPU, SIGVTALRM, SIGIO, SIGPWR]
        return classic + Array(realTimeRange)
    }()

    /// The signals that end a process by default and that a thread brings on itself, so they
    /// are delivered to that thread, which may not go on as if nothing happened: the faults
    /// (SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGSEGV, SIGSYS: a program error, or `abort`)
    /// and the refused writes (SIGPIPE: a pipe with no reader; SIGXFSZ: past the file size
    /// limit). In ascending order. Not for a self-pipe: libdispatch does not pass a signal
    /// directed at one thread on to its sources, so whatever is done for them is done in the C
    /// handler, async-signal-safely. (Sent with `kill`, they arrive like any other.)
    ///
    /// SIGPROF is here too: it is the profiling timer's signal (`setitimer(ITIMER_PROF)`),
    /// delivered to whichever thread runs, and watched through libdispatch it was lost in
    /// loaded full test runs (the run never ended: measured three times in one session, never
    /// when run alone); handled in the C handler, it restores the terminal and ends hiit.
    public static let synchronous: [Int32] = [SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGSEGV, SIGPIPE, SIGXFSZ,
                                              SIGPROF, SIGSYS]

    /// The signals whose default action stops a process and that can be caught: SIGTSTP (Ctrl-Z
    /// at a terminal in cooked mode, or `kill -TSTP`), SIGTTIN and SIGTTOU (a background process
    /// that reads from, or changes, its controlling terminal). signal(7). SIGSTOP stops too, but
    /// can never be caught. In ascending order.
    public static let stopping: [Int32] = [SIGTSTP, SIGTTIN, SIGTTOU]

    /// Whether the process ignores `number` (its disposition is `SIG_IGN`), read with
    /// `sigaction(2)` without changing it. A program started with a stop signal ignored (by a
    /// shell without job control) should not stop itself with it, as `less` and `vi` do not.
    /// - Parameter number: the signal number; one outside 1–64 answers `false`.
    /// - Returns: `true` when the disposition is `SIG_IGN`.
    public static func isIgnored(_ number: Int32) -> Bool {
        var current = sigaction()
        guard (1...64).contains(number), sigaction(number, nil, &current) == 0 else { return false }
        return isIgnoring(current)
    }

    /// Whether `action` is `SIG_IGN` (a plain handler, not `SA_SIGINFO`, whose value is 1).
    /// - Parameter action: a disposition read with `sigaction(2)`.
    public static func isIgnoring(_ action: sigaction) -> Bool {
        action.sa_flags & SA_SIGINFO == 0 && unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self) == 1
    }

    /// The real-time signals an application may use: `SIGRTMIN`…`SIGRTMAX` as glibc reports
    /// them at run time (`__libc_current_sigrtmin`, `__libc_current_sigrtmax`).
    public static var realTimeRange: ClosedRange<Int32> {
        __libc_current_sigrtmin()...__libc_current_sigrtmax()
    }

    /// A signal's name as `kill -l` spells it with the `SIG` prefix: `SIGUSR1`, `SIGPIPE`,
    /// `SIGRTMIN+3`; `nil` for a number that names no signal (0, 65, −1).
    /// - Parameter number: the signal number.
    public static func name(of number: Int32) -> String? {
        let names: [Int32: String] = [
            SIGHUP: "SIGHUP", SIGINT: "SIGINT", SIGQUIT: "SIGQUIT", SIGILL: "SIGILL", SIGTRAP: "SIGTRAP",
            SIGABRT: "SIGABRT", SIGBUS: "SIGBUS", SIGFPE: "SIGFPE", SIGKILL: "SIGKILL", SIGUSR1: "SIGUSR1",
            SIGSEGV: "SIGSEGV", SIGUSR2: "SIGUSR2", SIGPIPE: "SIGPIPE", SIGALRM: "SIGALRM", SIGTERM: "SIGTERM",
            SIGSTKFLT: "SIGSTKFLT", SIGCHLD: "SIGCHLD", SIGCONT: "SIGCONT", SIGSTOP: "SIGSTOP", SIGTSTP: "SIGTSTP",
            SIGTTIN: "SIGTTIN", SIGTTOU: "SIGTTOU", SIGURG: "SIGURG", SIGXCPU: "SIGXCPU", SIGXFSZ: "SIGXFSZ",
            SIGVTALRM: "SIGVTALRM", SIGPROF: "SIGPROF", SIGWINCH: "SIGWINCH", SIGIO: "SIGIO", SIGPWR: "SIGPWR",
            SIGSYS: "SIGSYS",
        ]
        if let name = names[number] { return name }
        let realTime = realTimeRange
        guard realTime.contains(number) else { return nil }
        return number == realTime.lowerBound ? "SIGRTMIN" : "SIGRTMIN+\(number - realTime.lowerBound)"
    }
}
