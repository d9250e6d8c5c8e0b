import Foundation
import Testing
@testable import Tracks
import WorkoutModel

@Suite("Splits per km and per mile, pauses excluded, along the device's distance first")
struct SplitsTests {
    let t0 = Date(timeIntervalSince1970: 1_780_000_000)  // a fixed UTC instant

    /// A sample `seconds` after t0 with the device's distance.
    func device(_ seconds: Double, _ meters: Double, latitude: Double? = nil) -> TrackPoint {
        TrackPoint(time: t0 + seconds, latitude: latitude, longitude: latitude.map { _ in 0 }, distanceMeters: meters)
    }

    /// A sample `seconds` after t0 on the Greenwich meridian (no device distance).
    func gps(_ seconds: Double, latitude: Double) -> TrackPoint {
        TrackPoint(time: t0 + seconds, latitude: latitude, longitude: 0)
    }

    @Test("the run tracker's hand-made case: distance, elapsed time, m:ss /km pace and the two km splits")
    func handMade() {
        // Two steps of 0.009° along a meridian: 0.009 × 111,195.08 m = 1,000.7557 m each.
        let points = [gps(0, latitude: 0), gps(300, latitude: 0.009), gps(630, latitude: 0.018)]
        let summary = TrackSummary(points: points, pauses: [], sport: .running)
        let distance = summary.distanceMeters ?? 0
        #expect(abs(distance - 2_001.511) < 0.001)
        #expect(summary.elapsedSeconds == 630)
        // 630 s / 2.001511 km = 314.76 s/km → 5:15 /km
        let pace = Pace.secondsPerKilometer(meters: distance, seconds: summary.elapsedSeconds)
        #expect(abs((pace ?? 0) - 314.762) < 0.001)
        #expect(pace.map(Pace.clock) == "5:15")

        let splits = Splits.of(points: points, pauses: [], splitMeters: Splits.kilometer)
        #expect(splits.count == 3)
        // km 1 ends 1000 / 1000.7557 of the first step in: 300 × 0.999245 = 299.773 s
        #expect(splits[0].distanceMeters == 1_000)
        #expect(abs(splits[0].seconds - 299.773) < 0.001)
        // km 2 ends (2000 − 1000.7557) / 1000.7557 = 0.998490 of the second step: 300 + 330 × 0.998490 = 629.502 s
        #expect(splits[1].distanceMeters == 1_000)
        #expect(abs(splits[1].seconds - (629.502 - 299.773)) < 0.001)
        // the rest: 1.511 m in 0.498 s
        #expect(abs(splits[2].distanceMeters - 1.511) < 0.001)
        #expect(abs(splits[2].seconds - 0.498) < 0.001)
        #expect(splits.map { $0.secondsPerKilometer.map(Pace.clock) ?? "" }.prefix(2) == ["5:00", "5:30"])
    }

    @Test("no points and a single point: zero distance, no splits, no pace")
    func noPoints() {
        #expect(Splits.of(points: [], pauses: [], splitMeters: 1_000) == [])
        #expect(Splits.of(points: [gps(0, latitude: 50)], pauses: [], splitMeters: 1_000) == [])
        #expect(TrackSummary(points: [gps(0, latitude: 50)], pauses: [], sport: .running).distanceMeters == 0)
        #expect(Pace.secondsPerKilometer(meters: 0, seconds: 0) == nil)
        #expect(Split(distanceMeters: 0, seconds: 12).secondsPerKilometer == nil)
        #expect(Splits.of(points: [gps(0, latitude: 50), gps(60, latitude: 50)], pauses: [], splitMeters: 1_000) == [])
    }

    @Test("each boundary is interpolated between the samples around it; the last split keeps its own distance")
    func interpolated() {
        let points = [device(0, 0), device(100, 400), device(200, 800), device(300, 1_200), device(400, 1_600), device(500, 1_800)]
        // 1000 m lies half way from 800 m (200 s) to 1200 m (300 s): 250 s; the rest 800 m in 250 s.
        #expect(Splits.of(points: points, pauses: [], splitMeters: 1_000) == [
            Split(distanceMeters: 1_000, seconds: 250), Split(distanceMeters: 800, seconds: 250),
        ])
        // Per 500 m: 125 s (500 m at 125 s), 125 s (1000 m at 250 s), 125 s (1500 m at 375 s), 300 m in 125 s.
        #expect(Splits.of(points: points, pauses: [], splitMeters: 500) == [
            Split(distanceMeters: 500, seconds: 125), Split(distanceMeters: 500, seconds: 125),
            Split(distanceMeters: 500, seconds: 125), Split(distanceMeters: 300, seconds: 125),
        ])
        // One long step holding two boundaries: 0 → 2500 m in 500 s gives 200 s, 200 s, then 500 m in 100 s.
        #expect(Splits.of(points: [device(0, 0), device(500, 2_500)], pauses: [], splitMeters: 1_000) == [
            Split(distanceMeters: 1_000, seconds: 200), Split(distanceMeters: 1_000, seconds: 200),
            Split(distanceMeters: 500, seconds: 100),
        ])
        // A leg of exactly one kilometre has no empty last split.
        #expect(Splits.of(points: [device(0, 0), device(300, 1_000)], pauses: [], splitMeters: 1_000) == [
            Split(distanceMeters: 1_000, seconds: 300),
        ])
    }

    @Test("a pause is excluded from the split it falls in")
    func pausesExcluded() {
        let points = [device(0, 0), device(100, 400), device(200, 800), device(300, 1_200), device(400, 1_600), device(500, 1_800)]
        let pause = TimerPause(start: t0 + 150, end: t0 + 170)
        // Timer time at 200 s is 180 s, at 300 s 280 s: 1000 m at 230 s; the rest from 230 s to 480 s.
        #expect(Splits.of(points: points, pauses: [pause], splitMeters: 1_000) == [
            Split(distanceMeters: 1_000, seconds: 230), Split(distanceMeters: 800, seconds: 250),
        ])
        // Along GPS points a step across a pause counts no distance and its time is the pause's.
        let step = 0.009  // 1,000.7557 m
        let gpsPoints = [gps(0, latitude: 0), gps(300, latitude: step), gps(900, latitude: step), gps(1_200, latitude: 2 * step)]
        let gpsPause = TimerPause(start: t0 + 300, end: t0 + 900)
        let splits = Splits.of(points: gpsPoints, pauses: [gpsPause], splitMeters: 1_000)
        #expect(splits.count == 3)
        #expect(abs(splits[0].seconds - 299.773) < 0.001)
        // km 2 ends 0.998490 of the last step: timer 300 + 300 × 0.998490 = 599.547 s
        #expect(abs(splits[1].seconds - (599.547 - 299.773)) < 0.001)
    }

    @Test("the device's distance is preferred to the GPS trace, which is longer")
    func devicePreferred() {
        // Eleven points 0.001° apart (111.195 m each: 1,111.95 m of trace) whose device says 100 m each.
        let points = (0...10).map { device(Double($0) * 30, Double($0) * 100, latitude: Double($0) * 0.001) }
        #expect(Splits.of(points: points, pauses: [], splitMeters: Splits.kilometer) == [Split(distanceMeters: 1_000, seconds: 300)])
        let trace = points.map { TrackPoint(time: $0.time, latitude: $0.latitude, longitude: $0.longitude) }
        let splits = Splits.of(points: trace, pauses: [], splitMeters: Splits.kilometer)
        #expect(splits.count == 2)
        #expect(abs(splits[1].distanceMeters - 111.951) < 0.001)
    }

    @Test("per mile: 1,609.344 m")
    func perMile() {
        let points = [device(0, 0), device(1_000, 3_218.688)]
        #expect(Splits.of(points: points, pauses: [], splitMeters: Splits.mile) == [
            Split(distanceMeters: 1_609.344, seconds: 500), Split(distanceMeters: 1_609.344, seconds: 500),
        ])
    }

    @Test("a damaged distance field cannot make a hundred thousand splits and more")
    func bounded() {
        let points = [device(0, 0), device(10, 1e12)]
        let splits = Splits.of(points: points, pauses: [], splitMeters: 1)
        #expect(splits.count == Splits.mostSplits)
        #expect(splits.last?.distanceMeters == 1e12 - Double(Splits.mostSplits - 1))
    }
}
