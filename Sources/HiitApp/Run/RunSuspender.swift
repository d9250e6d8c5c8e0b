import POSIX
import TerminalUI
#if canImport(Glibc)
import Glibc
#endif

/// How a run that holds the terminal stops for the shell's job control and takes the terminal
/// again, as `less` and `vi` do: on Ctrl-Z (a key in raw mode) and on SIGTSTP, SIGTTIN or
/// SIGTTOU from outside, the run loop pauses what pauses (``RunnableSession/pausesWhileSuspended``)
/// and calls ``suspend(stoppingWith:processGroup:)``, which gives the terminal back, stops the
/// process and returns once it is continued in the foreground, with the terminal taken again.
///
/// In production it is ``TerminalSuspender``; in-process tests give the loop one that moves a
/// manual clock by the time away. A run that leaves the terminal alone (`--events`, plain lines
/// with no keys) has none: there the stop signals keep their default action (the process stops,
/// its clock goes on, and the run catches up when continued, dropping stale cues).
protocol RunSuspender: AnyObject {
    /// Whether the run may stop with `signal`: not when the process started with it ignored
    /// (a shell without job control, which could never continue it), as `less` does.
    func canStop(with signal: Int32) -> Bool

    /// Gives the terminal back, stops, and returns once continued in the foreground with the
    /// terminal taken again (raw, the alternate screen, the title pushed). Blocks meanwhile.
    /// - Parameters:
    ///   - signal: the stop signal (SIGTSTP for Ctrl-Z, else the one that came).
    ///   - processGroup: stop the whole process group, as Ctrl-Z does in a cooked terminal.
    /// - Throws: ``TerminalUI/TerminalError`` when the terminal cannot be taken again.
    func suspend(stoppingWith signal: Int32, processGroup: Bool) throws

    /// Puts raw mode and the screen modes back after a continue (SIGCONT) the run did not stop
    /// for itself: a SIGSTOP, which cannot be caught, left the terminal to the shell meanwhile.
    /// - Throws: ``TerminalUI/TerminalError`` when the terminal refuses.
    func reclaim() throws
}

/// The ``RunSuspender`` of a run in raw mode (the full screen, or plain lines with raw keys).
final class TerminalSuspender: RunSuspender {
    private let rawMode: RawMode
    private let allowed: [Int32]

    /// - Parameters:
    ///   - rawMode: the terminal the run holds.
    ///   - allowed: the stop signals the process may stop with (those not ignored at start).
    init(rawMode: RawMode, allowed: [Int32]) {
        self.rawMode = rawMode
        self.allowed = allowed
    }

    /// The stop signals not ignored when the run started (``POSIX/SignalNumbers/stopping``
    /// less those whose disposition was `SIG_IGN`), read before any are watched.
    static func stopSignalsNotIgnored() -> [Int32] {
        SignalNumbers.stopping.filter { !SignalNumbers.isIgnored($0) }
    }

    func canStop(with signal: Int32) -> Bool {
        allowed.contains(signal)
    }

    func suspend(stoppingWith signal: Int32, processGroup: Bool) throws {
        try JobControl.suspend(rawMode, stoppingWith: signal, processGroup: processGroup)
    }

    func reclaim() throws {
        if let failure = rawMode.reassert() { throw failure }
    }
}
