import Glibc

/// Waiting on several file descriptors at once with `poll(2)`.
public enum Poll {
    /// Waits until one of `entries` has one of its `events`, or `timeout` passes.
    ///
    /// Each entry's `revents` is cleared first and then set by `poll`. When a signal
    /// interrupts the wait (`EINTR`) it is resumed with the time that is left, measured on
    /// the monotonic clock (`ContinuousClock`), so the total wait never exceeds `timeout` by
    /// more than the scheduler's latency. The timeout is rounded up to whole milliseconds
    /// (``milliseconds(roundingUp:)``), so the wait never ends before a deadline computed as
    /// `deadline − now`.
    /// - Parameters:
    ///   - entries: the descriptors and the events to wait for (`POLLIN`, `POLLOUT`); an entry
    ///     with a negative `fd` is skipped (poll's convention).
    ///   - timeout: the longest wait; `nil` waits with no limit; zero or negative only checks.
    /// - Returns: how many entries have `revents` set; 0 when the time ran out.
    /// - Throws: ``SystemCallError`` naming `poll` (`EINVAL`, `ENOMEM`). A descriptor that is
    ///   not open is no error: its entry gets `POLLNVAL`.
    public static func wait(_ entries: inout [pollfd], timeout: Duration?) throws(SystemCallError) -> Int {
        let clock = ContinuousClock()
        let start = clock.now
        while true {
            var wait: Int32 = -1
            if let timeout {
                wait = milliseconds(roundingUp: timeout - (clock.now - start))
            }
            for index in entries.indices { entries[index].revents = 0 }
            do {
                let ready = try entries.withUnsafeMutableBufferPointer { buffer throws(SystemCallError) in
                    try valueOrErrno("poll", retryOnInterrupt: false) {
                        Glibc.poll(buffer.baseAddress, nfds_t(buffer.count), wait)
                    }
                }
                return Int(ready)
            } catch where error.errno == EINTR {
                continue  // again, with the time that is left
            }
        }
    }

    /// `duration` in whole milliseconds, rounded up, clamped to `0...Int32.max` (poll's
    /// timeout argument; about 24.8 days at most).
    /// - Parameter duration: any duration; zero or negative gives 0.
    /// - Returns: milliseconds.
    public static func milliseconds(roundingUp duration: Duration) -> Int32 {
        if duration <= .zero { return 0 }
        let (seconds, attoseconds) = duration.components
        if seconds >= Int64(Int32.max / 1000) { return Int32.max }
        let attosecondsPerMillisecond: Int64 = 1_000_000_000_000_000
        var millis = seconds * 1000 + attoseconds / attosecondsPerMillisecond
        if attoseconds % attosecondsPerMillisecond != 0 { millis += 1 }
        return Int32(clamping: millis)
    }
}
