import POSIX
import TerminalUI
#if canImport(Glibc)
import Glibc
#endif

/// The run loop's wait in production: `poll` on the input and the signal pipe until a little
/// before the absolute deadline, then `nanosleep` the last stretch; for a redraw alone, `poll`
/// to the deadline's next whole millisecond and no more.
///
/// The kernel lets `poll` oversleep by 0.1 % of its timeout (1 ms in a second) and counts
/// whole milliseconds (LINUX-NOTES "Timing"); `nanosleep`'s slack is about 50 µs. Polling to
/// 0.2 % + 1 ms short of the deadline and sleeping the rest wakes within a fraction of a
/// millisecond of it, and because every deadline is absolute, error never accumulates.
final class DeadlineWait: RunWait {
    private let clock: RunClock
    private let signals: SignalPipe?
    /// The descriptor watched and read for input (standard input), or `nil` for none.
    let inputDescriptor: Int32?

    /// - Parameters:
    ///   - clock: the run's clock (the deadlines are instants on it).
    ///   - input: the descriptor to watch and read, e.g. `STDIN_FILENO`; `nil` reads nothing.
    ///   - signals: the signal pipe to watch, or `nil`.
    init(clock: RunClock, input: Int32?, signals: SignalPipe?) {
        self.clock = clock
        self.inputDescriptor = input
        self.signals = signals
    }

    /// Polls the input and the signal pipe until shortly before `deadline` and, when nothing
    /// came, sleeps precisely to the deadline; or, when not `precisely`, polls until the
    /// deadline rounded up to the millisecond (and sleeps what is left only if the poll came
    /// back early).
    /// - Throws: ``TerminalError`` naming `poll`.
    func wait(until deadline: Duration?, precisely: Bool, watchingInput: Bool) throws -> RunWake {
        try wait(until: deadline, precisely: precisely, watchingInput: watchingInput, watching: [])
    }

    /// ``wait(until:precisely:watchingInput:)`` watching `watched` too: a watched descriptor
    /// that becomes ready ends the wait at once (no sleep to the deadline after it).
    /// - Throws: ``TerminalError`` naming `poll` (`EBADF` with the descriptor for one not open).
    func wait(until deadline: Duration?, precisely: Bool, watchingInput: Bool,
              watching watched: [WatchedDescriptor]) throws -> RunWake {
        let current = clock.now
        var entries: [pollfd] = []
        if watchingInput, let inputDescriptor { entries.append(pollfd(fd: inputDescriptor, events: Int16(POLLIN), revents: 0)) }
        if let signals { entries.append(pollfd(fd: signals.readFD, events: Int16(POLLIN), revents: 0)) }
        entries += watched.map { pollfd(fd: $0.fd, events: $0.events, revents: 0) }
        let timeout: Duration? = deadline.map {
            precisely ? .milliseconds(Self.wholeMilliseconds(Self.pollWait(until: $0, from: current)))
                : .milliseconds(Self.wholeMilliseconds($0 - current, roundingUp: true))
        }
        do {
            _ = try Poll.wait(&entries, timeout: timeout)
        } catch {
            throw TerminalError.systemCall(function: "poll", fd: nil, errno: error.errno)
        }
        if let bad = entries.first(where: { Int32($0.revents) & Int32(POLLNVAL) != 0 }) {
            throw TerminalError.systemCall(function: "poll", fd: bad.fd, errno: EBADF)
        }
        let failed = Int32(POLLHUP) | Int32(POLLERR)
        func isReady(_ entry: pollfd) -> Bool { Int32(entry.revents) & (Int32(entry.events) | failed) != 0 }
        let ready = entries.filter(isReady).map(\.fd)
        if ready.isEmpty, let deadline, clock.now < deadline { Self.sleep(for: deadline - clock.now) }
        var wake = RunWake()
        if let signals, ready.contains(signals.readFD) { wake.signals = signals.drain() }
        if watchingInput, let inputDescriptor, ready.contains(inputDescriptor) { wake.inputIsReady = true }
        wake.readyDescriptors = watched.map(\.fd).filter { ready.contains($0) }
        return wake
    }

    /// One `read` of the input (up to 1024 bytes).
    /// - Returns: the bytes, or `nil` at end of input (also when there is no input).
    /// - Throws: ``TerminalError`` naming `read`.
    func readInput() throws -> [UInt8]? {
        guard let inputDescriptor else { return nil }
        return try FileDescriptorIO.read(from: inputDescriptor)
    }

    // MARK: The arithmetic

    /// `duration` in whole milliseconds, rounded down (or up), at least 0.
    static func wholeMilliseconds(_ duration: Duration, roundingUp: Bool = false) -> Int {
        guard duration > .zero else { return 0 }
        let (seconds, attoseconds) = duration.components
        let perMillisecond: Int64 = 1_000_000_000_000_000
        let extra = roundingUp && attoseconds % perMillisecond != 0 ? 1 : 0
        return Int(clamping: seconds) &* 1000 &+ Int(attoseconds / perMillisecond) &+ extra
    }

    /// How long to poll before sleeping precisely to `deadline`: the time left less 0.2 % of
    /// it and 1 ms (the kernel's poll slack is 0.1 % of the timeout), never negative.
    static func pollWait(until deadline: Duration, from now: Duration) -> Duration {
        let left = deadline - now
        return max(left - left / 500 - .milliseconds(1), .zero)
    }

    /// Sleeps for a short `duration` (the last few milliseconds before a deadline) with
    /// `nanosleep` (``ThreadSleep``), resumed after a signal with the time that is left. A
    /// sleep that fails otherwise (EINVAL, EFAULT: not for a valid duration) returns at once,
    /// and the loop polls again.
    static func sleep(for duration: Duration) {
        try? ThreadSleep.sleep(for: duration)
    }
}
