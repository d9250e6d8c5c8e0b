import Foundation
import Testing
import Tracks
import WorkoutModel

@Suite("Track summaries: the run tracker's cases")
struct TrackSummaryTests {
    let t0 = Date(timeIntervalSince1970: 1_780_000_000)

    @Test("no points and a single point cover no distance")
    func noPoints() {
        #expect(TrackSummary(points: [], pauses: [], sport: .running).distanceMeters == 0)
        let one = TrackPoint(time: t0, latitude: 50, longitude: 14)
        let summary = TrackSummary(points: [one], pauses: [], sport: .running)
        #expect(summary.distanceMeters == 0)
        #expect(summary.elapsedSeconds == 0)
    }

    @Test("points without positions or distances (an indoor ride) have no distance")
    func indoor() {
        let points = (0..<3).map { TrackPoint(time: t0 + Double($0), heartRate: 120) }
        #expect(TrackSummary(points: points, pauses: [], sport: .cycling).distanceMeters == nil)
    }

    @Test("speeds of 0 throughout and no distance (a trainer without a speed sensor): moving time unknown, not 0 s")
    func neverMoving() {
        let points = (0..<5).map { TrackPoint(time: t0 + Double($0) * 5, distanceMeters: 0, heartRate: 120, speedMetersPerSecond: 0) }
        #expect(TrackSummary(points: points, pauses: [], sport: .cycling).movingSeconds == nil)
        var moving = points
        moving[3].speedMetersPerSecond = 4
        moving[4].speedMetersPerSecond = 4
        #expect(TrackSummary(points: moving, pauses: [], sport: .cycling).movingSeconds == 10)
    }

    @Test("one degree of latitude along a meridian is 111.195 km on the mean sphere")
    func oneDegree() {
        // 2π × 6,371,008.8 m / 360 = 111,195.08 m
        let meters = GreatCircle.meters(latitude1: 0, longitude1: 0, latitude2: 1, longitude2: 0)
        #expect(abs(meters - 111_195.08) < 0.01)
    }

    @Test("a point with a horizontal error above 20 m is not accepted")
    func accuracyFilter() {
        let step = 0.001  // degrees of latitude: 111.195 m
        let points = [
            TrackPoint(time: t0, latitude: 50, longitude: 14),
            TrackPoint(time: t0 + 30, latitude: 50 + step, longitude: 14.01, horizontalErrorMeters: 35),
            TrackPoint(time: t0 + 60, latitude: 50 + 2 * step, longitude: 14),
        ]
        let distance = TrackSummary(points: points, pauses: [], sport: .running).distanceMeters ?? 0
        #expect(abs(distance - 222.39) < 0.01)
    }

    @Test("ascent counts only changes of 3 m or more")
    func ascentHysteresis() {
        let altitudes: [Double] = [100, 101, 102, 101, 104, 110, 108, 109, 103]
        let points = altitudes.enumerated().map { TrackPoint(time: t0 + Double($0.offset), altitudeMeters: $0.element) }
        let summary = TrackSummary(points: points, pauses: [], sport: .running)
        // 100 → 104 (+4) → 110 (+6); 110 → 103 (−7); the 1–2 m wobbles are not counted
        #expect(summary.ascentMeters == 10)
        #expect(summary.descentMeters == 7)
    }
}
