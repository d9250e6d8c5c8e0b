import Glibc
import POSIX

/// Waits on several file descriptors at once with `poll(2)` (``POSIX/Poll``): the run loop watches standard
/// input and a ``SignalPipe`` together and wakes at the next deadline.
public enum Poller {
    /// Waits until at least one of `fds` is readable or the timeout passes.
    ///
    /// "Readable" includes end of file, hang-up and error conditions (`POLLIN`, `POLLHUP`,
    /// `POLLERR`): a following `read` will not block and tells which it was. When a signal
    /// interrupts the wait (`EINTR`) it is resumed with the time that is left, measured on the
    /// monotonic clock, so the total wait never exceeds the timeout by more than the
    /// scheduler's latency.
    /// - Parameters:
    ///   - fds: the descriptors to watch; negative values are skipped (poll's convention).
    ///   - timeoutMilliseconds: the longest wait in milliseconds; `nil` waits with no limit,
    ///     0 only checks, negative values count as 0.
    /// - Returns: the readable descriptors, in the order given; empty when the time ran out.
    /// - Throws: ``TerminalError/systemCall(function:fd:errno:)`` naming `poll` with `EBADF`
    ///   and the descriptor when one of `fds` is not open, or another `poll` failure.
    public static func readable(_ fds: [Int32], timeoutMilliseconds: Int?) throws(TerminalError) -> [Int32] {
        let limit: Duration? = timeoutMilliseconds.map { .milliseconds(max(0, $0)) }
        var entries = fds.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        do {
            _ = try Poll.wait(&entries, timeout: limit)
        } catch {
            throw TerminalError(error)
        }
        if let bad = entries.first(where: { Int32($0.revents) & Int32(POLLNVAL) != 0 }) {
            throw .systemCall(function: "poll", fd: bad.fd, errno: EBADF)
        }
        let ready = Int32(POLLIN) | Int32(POLLHUP) | Int32(POLLERR)
        return entries.filter { Int32($0.revents) & ready != 0 }.map(\.fd)
    }

    /// Waits until at least one of `fds` is readable or `timeout` passes; see
    /// ``readable(_:timeoutMilliseconds:)``.
    ///
    /// The timeout is rounded up to whole milliseconds, so the wait never ends before a deadline
    /// computed as `deadline − now` (no busy loop just short of it).
    /// - Parameters:
    ///   - fds: the descriptors to watch.
    ///   - timeout: the longest wait; `nil` waits with no limit; zero or negative only checks.
    /// - Returns: the readable descriptors, in the order given; empty when the time ran out.
    /// - Throws: ``TerminalError/systemCall(function:fd:errno:)`` naming `poll`.
    public static func readable(_ fds: [Int32], timeout: Duration?) throws(TerminalError) -> [Int32] {
        try readable(fds, timeoutMilliseconds: timeout.map { Int(milliseconds(roundingUp: $0)) })
    }

    /// `duration` in whole milliseconds, rounded up, clamped to `0...Int32.max`
    /// (``POSIX/Poll/milliseconds(roundingUp:)``).
    static func milliseconds(roundingUp duration: Duration) -> Int32 {
        Poll.milliseconds(roundingUp: duration)
    }
}
