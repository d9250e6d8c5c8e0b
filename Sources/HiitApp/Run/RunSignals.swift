import POSIX
#if canImport(Glibc)
import Glibc
#endif

/// Which signals a run takes through its ``TerminalUI/SignalPipe``, and how the one that ended
/// it is reported.
///
/// A run that changes the terminal (the full screen; plain lines with the keys read in raw
/// mode) takes every signal from outside whose default action would end the process
/// (``POSIX/SignalNumbers/asynchronous``: SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2,
/// SIGALRM, SIGVTALRM, SIGXCPU, SIGIO, SIGPWR, SIGSTKFLT and the real-time
/// signals), plus SIGWINCH. Each ends the run as SIGINT and SIGTERM always have: the
/// loop returns, the terminal is put back exactly as it was, nothing is recorded, and the
/// program exits with 128 + N. So no signal leaves the alternate screen on, the cursor hidden
/// or the line discipline raw (which bash would repair after a signal death, but dash does not),
/// and SIGQUIT never reaches the Swift runtime's backtracer (which would draw a backtrace over
/// the timer and wait 30 s for a key). The signals a thread brings on itself (crashes: SIGSEGV,
/// SIGILL, …; refused writes: SIGPIPE, SIGXFSZ; the profiling timer's SIGPROF) are ``TerminalUI/RawMode``'s to restore from:
/// the process then ends by the signal, as before, quietly for SIGPIPE (`hiit run | head -1`).
///
/// Such a run also takes the stop signals (SIGTSTP, SIGTTIN, SIGTTOU) that the process did not
/// start with ignored, and SIGCONT: a stop from outside gives the terminal back and stops, as
/// Ctrl-Z does (``RunSuspender``), and a continue after a SIGSTOP (which cannot be caught) takes
/// the terminal again and redraws.
///
/// A run that leaves the terminal alone (`--events`, or neither stdin nor stdout a terminal)
/// takes only SIGINT, SIGTERM and SIGHUP (and SIGWINCH), as before: the other signals keep
/// their default actions there (a stop signal stops the process; its clock goes on meanwhile).
enum RunSignals {
    /// The signals every run takes: SIGINT, SIGTERM, SIGHUP, SIGWINCH.
    static let always: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGWINCH]

    /// The signals to watch.
    /// - Parameters:
    ///   - changesTerminal: whether the run puts the terminal in raw mode.
    ///   - stops: the stop signals the run may stop with (those not ignored at start).
    /// - Returns: ``always``, or every terminating signal plus SIGWINCH, `stops` and SIGCONT.
    static func watched(changesTerminal: Bool, stops: [Int32] = []) -> [Int32] {
        changesTerminal ? SignalNumbers.asynchronous + [SIGWINCH] + stops + [SIGCONT] : always
    }
}
