import Glibc
import POSIX

/// Stopping the process for the shell's job control, as `less`, `vi` and `htop` do on Ctrl-Z:
/// give the terminal back, stop, and take the terminal again once continued (`fg`).
///
/// In raw mode the terminal sends Ctrl-Z as a byte instead of SIGTSTP, and a SIGTSTP, SIGTTIN
/// or SIGTTOU sent from outside arrives through a ``SignalPipe`` instead of stopping the
/// process; either way the program calls ``suspend(_:stoppingWith:processGroup:)``, which
/// stops it for real with the signal's default action.
public enum JobControl {
    /// Gives the terminal back (``RawMode/suspend()``), stops the process with `signal`'s
    /// default action, and once it is continued in the foreground takes the terminal again
    /// (``RawMode/resume()``). Blocks while stopped.
    ///
    /// Continued in the background (`bg`), the process would be stopped by the kernel as soon
    /// as it changed the terminal's settings: it stops itself again with SIGTTOU instead, as
    /// the kernel would, until it is continued in the foreground (`fg`). A terminal that is
    /// not the process's controlling terminal counts as foreground.
    /// - Parameters:
    ///   - rawMode: the terminal to give back and take again.
    ///   - signal: SIGTSTP for Ctrl-Z; SIGTSTP, SIGTTIN or SIGTTOU to stop as the one that came.
    ///   - processGroup: stop the whole process group, as Ctrl-Z does in a cooked terminal, so
    ///     the other commands of a pipeline stop too; else this process only.
    /// - Throws: what ``RawMode/resume()`` throws when the terminal cannot be taken again
    ///   (it then stays given back).
    public static func suspend(_ rawMode: RawMode, stoppingWith signal: Int32, processGroup: Bool) throws(TerminalError) {
        rawMode.suspend()
        stop(with: signal, processGroup: processGroup)
        // Bounded: in an orphaned process group the kernel discards stop signals (POSIX), so
        // SIGTTOU would return at once every time; the settings are then taken (or refused
        // with EIO, which resume reports).
        var backgroundStops = 0
        while !isInForeground(rawMode.fd), backgroundStops < 100 {
            stop(with: SIGTTOU, processGroup: false)
            backgroundStops += 1
        }
        try rawMode.resume()
    }

    /// Stops the process (or its process group) with `signal`'s default action and returns
    /// once it is continued (SIGCONT).
    ///
    /// The stop is sent to this thread (`raise`), never to the process as a whole: a
    /// process-wide signal can be taken by libdispatch's `signalfd` on another thread before
    /// this one acts on it (measured: the first Ctrl-Z of a pipeline then did not stop). So
    /// for the process group, the signal goes to the group first while this process ignores
    /// it (`SIG_IGN` drops it here at once), then to this thread. Meanwhile its disposition is
    /// `SIG_DFL` and it is unblocked in this thread (a ``SignalPipe`` watching it would
    /// otherwise catch it again); both are put back before returning. In a process group that
    /// POSIX calls orphaned (no parent in the session to continue it) the kernel discards the
    /// stop and this returns at once.
    /// - Parameters:
    ///   - signal: a stop signal (``POSIX/SignalNumbers/stopping``).
    ///   - processGroup: stop the other processes of the group too (`kill(0, signal)`).
    public static func stop(with signal: Int32, processGroup: Bool) {
        var previous = sigaction()
        sigaction(signal, nil, &previous)
        var only = sigset_t()
        sigemptyset(&only)
        sigaddset(&only, signal)
        var mask = sigset_t()
        pthread_sigmask(SIG_UNBLOCK, &only, &mask)
        if processGroup {
            setDisposition(of: signal, to: SIG_IGN)
            kill(0, signal)
        }
        setDisposition(of: signal, to: SIG_DFL)
        // Delivered to this thread before the call returns: the process stops inside it, and
        // the call returns when continued.
        raise(signal)
        pthread_sigmask(SIG_SETMASK, &mask, nil)
        sigaction(signal, &previous, nil)
    }

    /// Sets `signal`'s disposition to `SIG_DFL` or `SIG_IGN`, with nothing blocked meanwhile.
    private static func setDisposition(of signal: Int32, to handler: __sighandler_t?) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = handler
        sigemptyset(&action.sa_mask)
        sigaction(signal, &action, nil)
    }

    /// Whether this process may use terminal `fd` without being stopped: its process group is
    /// the terminal's foreground group, or `fd` is not its controlling terminal at all.
    /// - Parameter fd: the terminal's descriptor.
    public static func isInForeground(_ fd: Int32) -> Bool {
        guard let group = try? FileDescriptor(rawValue: fd).foregroundProcessGroup() else { return true }
        return group == getpgrp()
    }
}
