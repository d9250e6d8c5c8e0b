import Glibc

/// Putting the calling thread to sleep with `nanosleep(2)`.
public enum ThreadSleep {
    /// Sleeps for `duration` on the monotonic clock. A signal that interrupts the sleep
    /// (`EINTR`) does not shorten it: the sleep goes on for the time `nanosleep` says is left.
    ///
    /// For short waits (the last milliseconds before a deadline); a long wait to an absolute
    /// deadline is better done with `poll` or `ContinuousClock.sleep(until:)`.
    /// - Parameter duration: how long; zero or negative returns at once; precision is whole
    ///   nanoseconds (smaller parts are dropped).
    /// - Throws: ``SystemCallError`` naming `nanosleep` (`EINVAL`, never seen for a valid
    ///   duration).
    public static func sleep(for duration: Duration) throws(SystemCallError) {
        guard duration > .zero else { return }
        let (seconds, attoseconds) = duration.components
        var request = timespec(tv_sec: Int(clamping: seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
        var remaining = timespec()
        while true {
            do {
                try nothingOrErrno("nanosleep", retryOnInterrupt: false) { nanosleep(&request, &remaining) }
                return
            } catch where error.errno == EINTR {
                request = remaining
            }
        }
    }
}
