import TestSupport
@testable import HiitApp

/// The run loop's job control in in-process tests: a suspension "stops" by moving the manual
/// clock on by the time spent away, as a real stop followed by `fg` would, and is noted.
final class ScriptedSuspender: RunSuspender {
    /// One suspension: the signal it stopped with, whether for the whole process group, and the
    /// instant it began.
    struct Stop: Equatable {
        var signal: Int32
        var processGroup: Bool
        var at: Duration
    }

    private let clock: ManualClock
    private let away: Duration
    private let ignored: [Int32]
    /// Every suspension, in order.
    private(set) var stops: [Stop] = []
    /// How many times the terminal was reclaimed after a SIGCONT the run did not stop for.
    private(set) var reclaims = 0

    /// - Parameters:
    ///   - clock: the run's manual clock.
    ///   - away: how long each suspension lasts on that clock (the time until `fg`).
    ///   - ignored: stop signals the process "started with ignored" (default none).
    init(clock: ManualClock, away: Duration, ignored: [Int32] = []) {
        self.clock = clock
        self.away = away
        self.ignored = ignored
    }

    func canStop(with signal: Int32) -> Bool { !ignored.contains(signal) }

    func suspend(stoppingWith signal: Int32, processGroup: Bool) throws {
        stops.append(Stop(signal: signal, processGroup: processGroup, at: clock.elapsed))
        clock.advance(by: away)
    }

    func reclaim() throws {
        reclaims += 1
    }
}
