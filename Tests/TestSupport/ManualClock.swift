import Foundation

/// A clock that moves only when a test moves it (swift-clocks' `TestClock` idea): code under
/// test is given this clock instead of `ContinuousClock`, and the test calls
/// ``advance(by:)`` or ``advance(to:)``, so time-driven code runs in microseconds of wall time
/// and gives the same result on every run.
///
/// Its instants are ``Instant`` values, a `Duration` since the clock was made (``now`` starts at
/// `.zero`); it never goes backwards. ``sleep(until:tolerance:)`` does not suspend: it moves the
/// clock to the deadline and returns (as swift-clocks' `ImmediateClock` does), so code that
/// sleeps on the clock still finishes. (`@unchecked Sendable`: the offset is read and written
/// only while holding `lock`.)
public final class ManualClock: Clock, @unchecked Sendable {
    /// An instant of a ``ManualClock``: the time since the clock was made.
    public struct Instant: InstantProtocol, CustomStringConvertible {
        /// The time since the clock was made.
        public var offset: Duration

        /// The instant `offset` after the clock was made.
        /// - Parameter offset: the time since the clock was made.
        public init(offset: Duration) {
            self.offset = offset
        }

        /// The instant `duration` later (earlier when negative).
        public func advanced(by duration: Duration) -> Instant {
            Instant(offset: offset + duration)
        }

        /// The time from this instant to `other` (negative when `other` is earlier).
        public func duration(to other: Instant) -> Duration {
            other.offset - offset
        }

        /// Whether `lhs` comes before `rhs`.
        public static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.offset < rhs.offset
        }

        /// The offset, e.g. `12.5 seconds`.
        public var description: String { "\(offset)" }
    }

    private let lock = NSLock()
    private var offset: Duration = .zero

    /// A clock at `.zero`.
    public init() {}

    /// The current instant.
    public var now: Instant {
        lock.withLock { Instant(offset: offset) }
    }

    /// The time since the clock was made: `now.offset`.
    public var elapsed: Duration {
        lock.withLock { offset }
    }

    /// The smallest step the clock can take: any (`.zero`).
    public var minimumResolution: Duration { .zero }

    /// Moves the clock forward by `duration`; a negative or zero `duration` changes nothing.
    /// - Parameter duration: how far to move.
    public func advance(by duration: Duration) {
        lock.withLock { offset += max(duration, .zero) }
    }

    /// Moves the clock to `offset` since it was made, unless it is already later (a clock never
    /// goes backwards).
    /// - Parameter offset: the instant to move to, as time since the clock was made.
    public func advance(to offset: Duration) {
        lock.withLock { self.offset = max(self.offset, offset) }
    }

    /// Moves the clock to `deadline` (unless it is already later) and returns at once.
    /// - Parameters:
    ///   - deadline: the instant to move to.
    ///   - tolerance: ignored.
    /// - Throws: `CancellationError` when the calling task is cancelled.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        advance(to: deadline.offset)
    }
}
