/// When a live track pauses and resumes by itself: a stop speed and how long the speed must
/// stay below it, a resume speed and how long it must stay above it (hysteresis both in speed
/// and in time, so that GPS noise at a standstill and a slow corner do not flicker the state).
///
/// Speeds are the receiver's own (gpsd TPV `speed`, Doppler-derived, steadier than positions)
/// where the fix has one, else the step's distance over its seconds.
public struct AutoPause: Sendable, Equatable {
    /// Below this speed, metres per second, the track is stopping.
    public var stopBelowMetersPerSecond: Double
    /// The speed must stay below ``stopBelowMetersPerSecond`` this long before the track pauses.
    public var stopAfter: Duration
    /// Above this speed, metres per second, a paused track is starting again.
    public var resumeAboveMetersPerSecond: Double
    /// The speed must stay above ``resumeAboveMetersPerSecond`` this long before it resumes.
    public var resumeAfter: Duration

    /// A rule; see the properties for units.
    public init(stopBelowMetersPerSecond: Double, stopAfter: Duration,
                resumeAboveMetersPerSecond: Double, resumeAfter: Duration) {
        self.stopBelowMetersPerSecond = stopBelowMetersPerSecond
        self.stopAfter = stopAfter
        self.resumeAboveMetersPerSecond = resumeAboveMetersPerSecond
        self.resumeAfter = resumeAfter
    }

    /// The rule for rides: pause below 1.0 m/s for 5 s, resume above 2.0 m/s for 2 s.
    ///
    /// - 1.0 m/s (3.6 km/h) is ``TrackThresholds/stoppedSpeed(for:)`` for cycling: a bike below
    ///   it is not being ridden.
    /// - 5 s: a track stand at a light or a tight hairpin lasts a few seconds and must not pause
    ///   the ride; a real stop lasts longer.
    /// - 2.0 m/s (7.2 km/h) is twice the stop speed: a receiver at a standstill wanders by up
    ///   to about 1 m/s in speed, and pushing off passes 2 m/s within a second or two.
    /// - 2 s: long enough that one noisy fix does not resume, short enough that the first
    ///   metres after the light are counted (they are, from the first fast fix on).
    ///
    /// The project's values, after Garmin's and Wahoo's auto-pause habits for cycling.
    public static let cycling = AutoPause(
        stopBelowMetersPerSecond: TrackThresholds.stoppedSpeed(for: .cycling), stopAfter: .seconds(5),
        resumeAboveMetersPerSecond: 2.0, resumeAfter: .seconds(2))
}
