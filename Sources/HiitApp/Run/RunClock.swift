/// The clock a run is timed on, read as the time since the run's origin.
///
/// It wraps any `Clock` whose durations are `Duration` (swift-clocks style: code depends on a
/// clock it is given): `ContinuousClock` in production (CLOCK_BOOTTIME on Linux, so it keeps
/// counting through a suspend, as a real workout does), a manual clock in tests. The origin
/// is the clock's instant when the `RunClock` is made; copies share it, so the run loop and
/// its wait read the same instants.
struct RunClock: Sendable {
    private let elapsed: @Sendable () -> Duration

    /// Starts measuring on `clock` from its current instant.
    /// - Parameter clock: the clock to read; it must be monotonic (never go backwards).
    init<C: Clock>(_ clock: C) where C.Duration == Duration {
        let origin = clock.now
        elapsed = { origin.duration(to: clock.now) }
    }

    /// The current instant: the time since the origin on the wrapped clock.
    var now: Duration { elapsed() }
}
