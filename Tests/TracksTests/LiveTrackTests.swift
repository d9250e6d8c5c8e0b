import Foundation
import Testing
@testable import Tracks
import WorkoutModel

/// A straight line due north from 48° N, 11° E: the fix `meters` along it, read `seconds` after
/// the start (receiver time and instant alike).
struct NorthLine {
    static let t0 = Date(timeIntervalSince1970: 1_796_299_200)  // 2026-12-03 12:00 UTC
    /// Metres per degree of latitude on the mean sphere: 2π × 6,371,008.8 m / 360.
    static let metersPerDegree = 2 * Double.pi * TrackThresholds.earthRadiusMeters / 360

    static func fix(meters: Double, seconds: Double, mode: Fix.Mode = .threeDimensional, error: Double? = 4,
                    speed: Double? = nil) -> Fix {
        Fix(mode: mode, point: TrackPoint(time: t0 + seconds, latitude: 48 + meters / metersPerDegree, longitude: 11,
                                          speedMetersPerSecond: speed, horizontalErrorMeters: error))
    }
}

/// Seconds as a `Duration` instant.
func at(_ seconds: Double) -> Duration { .milliseconds(Int64((seconds * 1000).rounded())) }

@Suite("Live fixes: the 20 m rule and its counts")
struct FixFilterTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var fix: Fix
        var verdict: FixVerdict
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "3-D at 4 m", fix: NorthLine.fix(meters: 0, seconds: 0), verdict: .accepted),
        Case(name: "2-D at 20 m exactly", fix: NorthLine.fix(meters: 0, seconds: 0, mode: .twoDimensional, error: 20), verdict: .accepted),
        Case(name: "3-D at 20.1 m", fix: NorthLine.fix(meters: 0, seconds: 0, error: 20.1), verdict: .dropped(.inaccurate)),
        Case(name: "no error reported", fix: NorthLine.fix(meters: 0, seconds: 0, error: nil), verdict: .accepted),
        Case(name: "an error that is NaN", fix: NorthLine.fix(meters: 0, seconds: 0, error: .nan), verdict: .dropped(.inaccurate)),
        Case(name: "mode 1, no fix", fix: NorthLine.fix(meters: 0, seconds: 0, mode: .noFix), verdict: .dropped(.noFix)),
        Case(name: "mode 0, not seen yet", fix: NorthLine.fix(meters: 0, seconds: 0, mode: .unknown), verdict: .dropped(.noFix)),
        Case(name: "3-D without a longitude", fix: Fix(mode: .threeDimensional, point: TrackPoint(time: NorthLine.t0, latitude: 48)),
             verdict: .dropped(.noPosition)),
        Case(name: "3-D at latitude 91", fix: Fix(mode: .threeDimensional, point: TrackPoint(time: NorthLine.t0, latitude: 91, longitude: 0)),
             verdict: .dropped(.noPosition)),
    ]

    @Test(arguments: cases)
    func verdict(_ example: Case) {
        var filter = FixFilter()
        #expect(filter.admit(example.fix) == example.verdict)
        #expect(filter.acceptedCount == (example.verdict == .accepted ? 1 : 0))
        #expect(filter.droppedCount == (example.verdict == .accepted ? 0 : 1))
    }

    @Test("the bar is the track module's 20 m, and counts are kept by reason")
    func countsByReason() {
        #expect(FixFilter().maximumHorizontalErrorMeters == 20)
        var filter = FixFilter()
        for fix in FixFilterTests.cases.map(\.fix) { _ = filter.admit(fix) }
        #expect(filter.acceptedCount == 3)
        #expect(filter.droppedCounts == [.inaccurate: 2, .noFix: 2, .noPosition: 2])
    }
}

@Suite("Live track: distance, pace, laps, pauses, jumps")
struct LiveTrackTests {
    @Test("3 m/s due north for 120 s: 360 m, pace 5:33 /km, every fix counted")
    func straightLine() {
        var track = LiveTrack(sport: .running)
        for second in 0...120 {
            let verdict = track.add(NorthLine.fix(meters: 3 * Double(second), seconds: Double(second)), at: at(Double(second))).verdict
            #expect(verdict == .accepted)
        }
        #expect(abs(track.distanceMeters - 360) < 0.01)
        #expect(track.filter.acceptedCount == 121)
        let current = track.currentSpeedMetersPerSecond ?? 0
        #expect(abs(current - 3) < 1e-6)
        #expect(abs((track.averagePaceSecondsPerKilometer ?? 0) - 1000.0 / 3) < 0.01)
        #expect(track.movingDuration == .seconds(120))
        #expect(track.timeSinceLastFix(at: at(132)) == .seconds(12))
        #expect(track.lastFix?.horizontalErrorMeters == 4)
    }

    @Test("the current pace sees only the last 30 s: 2 m/s then 4 m/s for 30 s reads 4 m/s")
    func rollingWindow() {
        var track = LiveTrack(sport: .running)
        var meters = 0.0
        for second in 0...60 {
            if second > 0 { meters += second <= 30 ? 2 : 4 }
            _ = track.add(NorthLine.fix(meters: meters, seconds: Double(second)), at: at(Double(second)))
        }
        #expect(abs((track.currentSpeedMetersPerSecond ?? 0) - 4) < 1e-6)
        #expect(abs((track.currentPaceSecondsPerKilometer ?? 0) - 250) < 1e-3)
        #expect(abs((track.averageSpeedMetersPerSecond ?? 0) - 3) < 1e-6)
    }

    @Test("the window's start is interpolated between fixes 10 s apart")
    func windowInterpolated() {
        var track = LiveTrack(sport: .running)
        // 0 m at 0 s, 10 m at 10 s (1 m/s), then 50 m more by 40 s (2.5 m/s over 10…40 s).
        _ = track.add(NorthLine.fix(meters: 0, seconds: 0), at: at(0))
        _ = track.add(NorthLine.fix(meters: 10, seconds: 10), at: at(10))
        _ = track.add(NorthLine.fix(meters: 60, seconds: 40), at: at(40))
        // Window 10…40 s: 50 m in 30 s.
        #expect(abs((track.currentSpeedMetersPerSecond ?? 0) - 50.0 / 30) < 1e-4)
        _ = track.add(NorthLine.fix(meters: 65, seconds: 45), at: at(45))
        // Window 15…45 s: at 15 s the track was at 10 + 5 × 50/30 m.
        let start = 10 + 5 * 50.0 / 30
        #expect(abs((track.currentSpeedMetersPerSecond ?? 0) - (65 - start) / 30) < 1e-4)
    }

    @Test("a single fix has no pace and the empty track no lost time")
    func fewFixes() {
        var track = LiveTrack(sport: .running)
        #expect(track.timeSinceLastFix(at: at(5)) == nil)
        _ = track.add(NorthLine.fix(meters: 0, seconds: 0), at: at(0))
        #expect(track.currentSpeedMetersPerSecond == nil)
        #expect(track.averagePaceSecondsPerKilometer == nil)
    }

    @Test("auto-lap every 1000 m at 3 m/s: each crossing at its interpolated instant")
    func autoLap() {
        var track = LiveTrack(sport: .running, autoLapMeters: 1000)
        var laps: [AutoLap] = []
        // Fixes every 2 s: 6 m per step; 1000 m falls between 996 m (332 s) and 1002 m (334 s).
        for step in 0...400 {
            let seconds = Double(step) * 2
            let events = track.add(NorthLine.fix(meters: 3 * seconds, seconds: seconds), at: at(seconds)).events
            for case let .lap(lap) in events { laps.append(lap) }
        }
        #expect(laps.count == 2)
        #expect(laps.map(\.number) == [1, 2])
        #expect(laps.map(\.distanceMeters) == [1000, 2000])
        // 1000 m / 3 m/s = 333.333 s; 2000 m at 666.667 s; lap 2 took 333.333 s.
        #expect(abs(laps[0].endedAt / .seconds(1) - 1000.0 / 3) < 1e-3)
        #expect(abs(laps[1].endedAt / .seconds(1) - 2000.0 / 3) < 1e-3)
        #expect(abs(laps[1].movingDuration / .seconds(1) - 1000.0 / 3) < 1e-3)
        #expect(track.laps == laps)
    }

    @Test("one long step after a gap closes every lap it crosses, in order")
    func lapsAcrossAGap() {
        var track = LiveTrack(sport: .cycling, autoLapMeters: 100)
        _ = track.add(NorthLine.fix(meters: 0, seconds: 0), at: at(0))
        let events = track.add(NorthLine.fix(meters: 250, seconds: 25), at: at(25)).events
        let laps = events.compactMap { if case let .lap(lap) = $0 { lap } else { nil } }
        #expect(laps.map(\.number) == [1, 2])
        #expect(laps.map { $0.endedAt / .seconds(1) }.map { ($0 * 1000).rounded() / 1000 } == [10, 20])
    }

    /// A ride: `speeds[i]` m/s reported by the receiver in second i, positions following them.
    static func ride(_ speeds: [Double], rule: AutoPause = .cycling) -> (LiveTrack, [LiveTrackEvent]) {
        var track = LiveTrack(sport: .cycling, autoPause: rule)
        var events: [LiveTrackEvent] = []
        var meters = 0.0
        for (second, speed) in speeds.enumerated() {
            if second > 0 { meters += speed }
            events += track.add(NorthLine.fix(meters: meters, seconds: Double(second), speed: speed), at: at(Double(second))).events
        }
        return (track, events)
    }

    /// A seeded linear congruential generator (Knuth's MMIX constants), for reproducible noise.
    struct Noise {
        var state: UInt64
        mutating func next(in range: ClosedRange<Double>) -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return range.lowerBound + Double(state >> 11) / Double(1 << 53) * (range.upperBound - range.lowerBound)
        }
    }

    @Test("a ride with noise: no pause while riding, one at the light after 5 s slow, resumed 2 s after pushing off")
    func autoPauseWithNoise() {
        var noise = Noise(state: 42)
        var speeds: [Double] = []
        // 0–59 s riding at 6 ± 2 m/s (dipping towards 4 m/s, never below the stop speed).
        speeds += (0..<60).map { _ in noise.next(in: 4...8) }
        // 60–99 s stopped at the light: the receiver wanders 0–0.9 m/s, with a 1.2 m/s blip at 80 s
        // and a 2.5 m/s spike at 90 s that lasts one second (must not resume).
        speeds += (60..<100).map { second in
            second == 80 ? 1.2 : second == 90 ? 2.5 : noise.next(in: 0...0.9)
        }
        // 100 s on: riding again at 5 ± 1 m/s.
        speeds += (100..<130).map { _ in noise.next(in: 4...6) }
        let (track, events) = Self.ride(speeds)
        let pauses = events.filter { if case .autoPaused = $0 { true } else { false } }
        let resumes = events.filter { if case .autoResumed = $0 { true } else { false } }
        #expect(pauses == [.autoPaused(at: at(60))])
        #expect(resumes == [.autoResumed(at: at(100))])
        #expect(track.pauses == [AutoPauseSpan(start: at(60), end: at(100))])
        #expect(!track.isPaused)
        // Moving: 0–60 s and 100–129 s.
        #expect(track.movingDuration == .seconds(89))
        // The wander at the light (60…99 s, after the pause began at 65 s) is not counted…
        let wander = speeds[66..<100].reduce(0, +)
        let total = speeds.dropFirst().reduce(0, +)
        #expect(abs(track.distanceMeters - (total - wander)) < 0.01)
    }

    @Test("a slow corner of 4 s does not pause; the 1.0/5 s and 2.0/2 s rule is the ride's")
    func slowCorner() {
        #expect(AutoPause.cycling == AutoPause(stopBelowMetersPerSecond: 1.0, stopAfter: .seconds(5),
                                               resumeAboveMetersPerSecond: 2.0, resumeAfter: .seconds(2)))
        let speeds = [Double](repeating: 6, count: 10) + [0.5, 0.5, 0.5, 0.5] + [Double](repeating: 6, count: 10)
        let (track, events) = Self.ride(speeds)
        #expect(events.isEmpty)
        #expect(track.movingDuration == .seconds(23))
    }

    @Test("between the two speeds nothing changes: 1.5 m/s neither pauses a ride nor resumes it")
    func hysteresisBand() {
        let riding = [Double](repeating: 6, count: 5) + [Double](repeating: 1.5, count: 20)
        #expect(Self.ride(riding).1.isEmpty)
        let stopped = [Double](repeating: 0, count: 10) + [Double](repeating: 1.5, count: 20)
        let (track, events) = Self.ride(stopped)
        // The first slow step ends at 1 s; 5 s of it pause the ride from there.
        #expect(events == [.autoPaused(at: at(1))])
        #expect(track.isPaused)
        #expect(track.distanceMeters == 0)
    }

    @Test("a jump of 300 m in a second is dropped on foot, and the run goes on from the last good fix")
    func jumpRejected() {
        var track = LiveTrack(sport: .running)
        _ = track.add(NorthLine.fix(meters: 0, seconds: 0), at: at(0))
        _ = track.add(NorthLine.fix(meters: 3, seconds: 1), at: at(1))
        #expect(track.add(NorthLine.fix(meters: 303, seconds: 2), at: at(2)).verdict == .dropped(.implausibleJump))
        #expect(track.add(NorthLine.fix(meters: 9, seconds: 3), at: at(3)).verdict == .accepted)
        #expect(abs(track.distanceMeters - 9) < 0.01)
        #expect(track.filter.acceptedCount == 3)
        #expect(track.filter.droppedCounts == [.implausibleJump: 1])
    }

    @Test("the jump limit is the sport's: 25 m/s is plausible on a bike, not on foot")
    func limitIsTheSports() {
        var ride = LiveTrack(sport: .cycling)
        _ = ride.add(NorthLine.fix(meters: 0, seconds: 0), at: at(0))
        #expect(ride.add(NorthLine.fix(meters: 25, seconds: 1), at: at(1)).verdict == .accepted)  // 90 km/h
        var run = LiveTrack(sport: .running)
        _ = run.add(NorthLine.fix(meters: 0, seconds: 0), at: at(0))
        #expect(run.add(NorthLine.fix(meters: 25, seconds: 1), at: at(1)).verdict == .dropped(.implausibleJump))
    }

    @Test("after three jumps in a row the fourth restarts the track there, adding nothing for the jump")
    func restartAfterJumps() {
        var track = LiveTrack(sport: .running)
        _ = track.add(NorthLine.fix(meters: 0, seconds: 0), at: at(0))
        var verdicts: [FixVerdict] = []
        for second in 1...5 {
            verdicts.append(track.add(NorthLine.fix(meters: 1000 + 3 * Double(second), seconds: Double(second)),
                                      at: at(Double(second))).verdict)
        }
        #expect(verdicts == [.dropped(.implausibleJump), .dropped(.implausibleJump), .dropped(.implausibleJump), .accepted, .accepted])
        #expect(abs(track.distanceMeters - 3) < 0.01)
    }

    @Test("a second report of the same epoch, or an instant not later, is dropped as not newer")
    func notNewer() {
        var track = LiveTrack(sport: .running)
        _ = track.add(NorthLine.fix(meters: 0, seconds: 0, mode: .twoDimensional, error: nil), at: at(0))
        #expect(track.add(NorthLine.fix(meters: 0, seconds: 0), at: at(0.01)).verdict == .dropped(.notNewer))
        #expect(track.add(NorthLine.fix(meters: 3, seconds: 1), at: at(0)).verdict == .dropped(.notNewer))
        #expect(track.filter.acceptedCount == 1)
        #expect(track.filter.droppedCounts == [.notNewer: 2])
        // The repeat of the first epoch (gpsd's RMC alone, then with its GGA) took its place:
        // the 3-D fix, read at 0.01 s, so the first step is timed from there.
        #expect(track.samples.count == 1)
        #expect(track.samples.first?.instant == at(0.01))
        #expect(track.samples.first?.point.horizontalErrorMeters != nil)
        _ = track.add(NorthLine.fix(meters: 3, seconds: 1), at: at(1.01))
        #expect(track.currentSpeedMetersPerSecond.map { abs($0 - 3) < 0.01 } == true, "\(String(describing: track.currentSpeedMetersPerSecond))")
    }

    @Test("a repeat of a later epoch changes nothing: only the first fix is replaced")
    func laterRepeatKeepsTheFirstReport() {
        var track = LiveTrack(sport: .running)
        _ = track.add(NorthLine.fix(meters: 0, seconds: 0), at: at(0))
        _ = track.add(NorthLine.fix(meters: 3, seconds: 1), at: at(1))
        #expect(track.add(NorthLine.fix(meters: 3, seconds: 1), at: at(1.5)).verdict == .dropped(.notNewer))
        #expect(track.samples.map(\.instant) == [at(0), at(1)])
        #expect(abs(track.distanceMeters - 3) < 0.01)
    }
}
