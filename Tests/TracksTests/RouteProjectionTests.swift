import Foundation
import Testing
import Tracks

@Suite("Routes projected to metres with the latitude correction, so a loop stays round")
struct RouteProjectionTests {
    let t0 = Date(timeIntervalSince1970: 1_780_000_000)  // a fixed UTC instant

    func at(_ latitude: Double, _ longitude: Double, error: Double? = nil) -> TrackPoint {
        TrackPoint(time: t0, latitude: latitude, longitude: longitude, horizontalErrorMeters: error)
    }

    @Test("at 60° north a square of 0.001° by 0.002° is drawn square: east–west metres as the ground has them")
    func squareAtSixtyNorth() throws {
        let route = try #require(RouteProjection(points: [at(60, 10), at(60, 10.002), at(60.001, 10.002), at(60.001, 10)]))
        #expect(abs(route.centerLatitude - 60.0005) < 1e-9)
        #expect(abs(route.centerLongitude - 10.001) < 1e-9)
        let width = route.points[1].x - route.points[0].x
        let height = route.points[2].y - route.points[1].y
        // The ground: great-circle metres along the mean parallel and along a meridian.
        let groundWidth = GreatCircle.meters(latitude1: 60.0005, longitude1: 10, latitude2: 60.0005, longitude2: 10.002)
        let groundHeight = GreatCircle.meters(latitude1: 60, longitude1: 10, latitude2: 60.001, longitude2: 10)
        #expect(abs(width - groundWidth) < 0.01)
        #expect(abs(height - groundHeight) < 0.01)
        #expect(abs(width / height - 1) < 0.001)  // 111.19 m by 111.20 m; unprojected it would be 2:1
        // Centred: the corners sit symmetrically around (0, 0).
        #expect(abs(route.points[0].x + route.points[2].x) < 1e-6)
        #expect(abs(route.points[0].y + route.points[2].y) < 1e-6)
    }

    @Test("a route across the 180° meridian stays in one piece")
    func antimeridian() throws {
        let route = try #require(RouteProjection(points: [at(0, 179.999), at(0, -179.999)]))
        #expect(abs((route.points[1].x - route.points[0].x) - 222.390) < 0.001)  // 0.002° at the equator
        #expect(abs(abs(route.centerLongitude) - 180) < 1e-9)
    }

    @Test("points without a position or with an error above 20 m are left out; none at all gives no route")
    func accepted() throws {
        let route = try #require(RouteProjection(points: [at(50, 14), TrackPoint(time: t0), at(51, 15, error: 35), at(50.002, 14, error: 20)]))
        #expect(route.points.count == 2)
        #expect(abs(route.centerLatitude - 50.001) < 1e-9)
        #expect(RouteProjection(points: [TrackPoint(time: t0, heartRate: 120)]) == nil)
        #expect(RouteProjection(points: []) == nil)
    }
}
