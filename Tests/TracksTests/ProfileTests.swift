import Foundation
import Testing
@testable import Tracks

@Suite("Elevation and heart rate profiles against distance or time, downsampled keeping extremes")
struct ProfileTests {
    let t0 = Date(timeIntervalSince1970: 1_780_000_000)  // a fixed UTC instant

    @Test("elevation against the device's distance, one point per sample with an altitude")
    func elevationAgainstDistance() {
        let points = [
            TrackPoint(time: t0, altitudeMeters: 200, distanceMeters: 1_000),
            TrackPoint(time: t0 + 10, altitudeMeters: 204.5, distanceMeters: 1_040),
            TrackPoint(time: t0 + 20, distanceMeters: 1_080),  // no altitude: no point
            TrackPoint(time: t0 + 30, altitudeMeters: 199, distanceMeters: 1_120),
        ]
        let profile = Profile(.elevation, points: points, pauses: [])
        #expect(profile.axis == .distanceMeters)
        #expect(profile.points == [ProfilePoint(x: 0, y: 200), ProfilePoint(x: 40, y: 204.5), ProfilePoint(x: 120, y: 199)])
    }

    @Test("heart rate along GPS steps: 0.001° of latitude is 111.195 m")
    func heartRateAlongTrace() throws {
        let points = (0..<3).map { TrackPoint(time: t0 + Double($0) * 30, latitude: Double($0) * 0.001, longitude: 0, heartRate: 120 + Double($0)) }
        let profile = Profile(.heartRate, points: points, pauses: [])
        #expect(profile.axis == .distanceMeters)
        #expect(profile.points.map(\.y) == [120, 121, 122])
        #expect(abs(profile.points[1].x - 111.195) < 0.001)
        #expect(abs(profile.points[2].x - 222.390) < 0.001)
    }

    @Test("a watch that writes 0 m throughout (no GPS, no sensor): against timer time, not a line at 0 m")
    func zeroDistanceAgainstTime() {
        let points = (0..<4).map { TrackPoint(time: t0 + Double($0) * 10, altitudeMeters: 184 + Double($0), distanceMeters: 0) }
        let profile = Profile(.elevation, points: points, pauses: [])
        #expect(profile.axis == .timerSeconds)
        #expect(profile.points.map(\.x) == [0, 10, 20, 30])
    }

    @Test("a device distance of 0 m throughout beside GPS positions: along the GPS steps")
    func zeroDeviceDistanceWithPositions() throws {
        let points = (0..<3).map {
            TrackPoint(time: t0 + Double($0) * 30, latitude: Double($0) * 0.001, longitude: 0, distanceMeters: 0, heartRate: 120)
        }
        let profile = Profile(.heartRate, points: points, pauses: [])
        #expect(profile.axis == .distanceMeters)
        #expect(abs(profile.points[2].x - 222.390) < 0.001)
    }

    @Test("an indoor ride without distance: heart rate against timer time, the pause left out")
    func heartRateAgainstTime() {
        let points = [
            TrackPoint(time: t0, heartRate: 110), TrackPoint(time: t0 + 60, heartRate: 130),
            TrackPoint(time: t0 + 180, heartRate: 125), TrackPoint(time: t0 + 240, heartRate: 140),
        ]
        let pause = TimerPause(start: t0 + 60, end: t0 + 150)  // 90 s stopped
        let profile = Profile(.heartRate, points: points, pauses: [pause])
        #expect(profile.axis == .timerSeconds)
        #expect(profile.points == [
            ProfilePoint(x: 0, y: 110), ProfilePoint(x: 60, y: 130), ProfilePoint(x: 90, y: 125), ProfilePoint(x: 150, y: 140),
        ])
        #expect(Profile(.elevation, points: points, pauses: []).points == [])
        #expect(Profile(.heartRate, points: [], pauses: []).points == [])
    }

    @Test("downsampled to at most N points, a peak and a dip kept, x in order")
    func downsampled() {
        // 1,000 samples 1 m apart, altitude a gentle wave, one 50 m peak and one 40 m dip.
        let points = (0..<1_000).map { index -> TrackPoint in
            var altitude = 300 + 5 * sin(Double(index) / 50)
            if index == 500 { altitude = 350 }
            if index == 777 { altitude = 260 }
            return TrackPoint(time: t0 + Double(index), altitudeMeters: altitude, distanceMeters: Double(index))
        }
        let profile = Profile(.elevation, points: points, pauses: [], maximumPoints: 100)
        #expect(profile.points.count <= 100)
        #expect(profile.points.count >= 90)
        #expect(profile.points.contains(ProfilePoint(x: 500, y: 350)))
        #expect(profile.points.contains(ProfilePoint(x: 777, y: 260)))
        #expect(zip(profile.points, profile.points.dropFirst()).allSatisfy { $0.x < $1.x })
        // The default keeps 500; a short leg is kept whole.
        #expect(Profile(.elevation, points: points, pauses: []).points.count == 500)
        #expect(Profile(.elevation, points: Array(points.prefix(500)), pauses: []).points.count == 500)
    }
}
