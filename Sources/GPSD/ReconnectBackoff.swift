/// How long to wait before each reconnect to gpsd: 1 s after the first failure, doubling after
/// each further one, at most 30 s (issue 15). Pure arithmetic; the client keeps the count.
///
/// 1 s notices a restarted gpsd almost at once; 30 s keeps a session without gpsd from trying
/// more than twice a minute.
public struct ReconnectBackoff: Sendable, Hashable {
    /// The wait after the first failure.
    public var first: Duration
    /// The longest wait.
    public var maximum: Duration

    /// A backoff; defaults 1 s and 30 s.
    public init(first: Duration = .seconds(1), maximum: Duration = .seconds(30)) {
        self.first = first
        self.maximum = max(first, maximum)
    }

    /// The wait after `failures` failures in a row: `first` × 2^(failures − 1), at most
    /// `maximum`; zero for no failures.
    /// - Parameter failures: failures in a row, from 0.
    public func delay(afterFailures failures: Int) -> Duration {
        guard failures > 0 else { return .zero }
        var delay = first
        for _ in 1..<min(failures, 64) {
            delay = delay * 2
            if delay >= maximum { return maximum }
        }
        return min(delay, maximum)
    }
}
