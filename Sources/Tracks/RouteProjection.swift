import Foundation

/// A position on the drawing plane, metres east (`x`) and north (`y`) of the route's centre.
public struct PlanePoint: Sendable, Equatable {
    /// Metres east of the centre.
    public var x: Double
    /// Metres north of the centre.
    public var y: Double
}

/// A route's positions projected onto a plane in metres, for drawing it so that a loop stays
/// round: the equirectangular (equidistant cylindrical) projection around the mean latitude,
/// `x = R · Δλ · cos φ̄`, `y = R · Δφ` (the equidistant cylindrical projection of J. P.
/// Snyder, "Map Projections — A Working Manual", USGS Professional Paper 1395, 1987), with ``TrackThresholds/earthRadiusMeters``. A
/// degree of longitude is shortened by the cosine of the mean latitude, so east–west and
/// north–south metres are drawn alike; over a route of tens of kilometres the error is a small
/// fraction of a percent.
public struct RouteProjection: Sendable, Equatable {
    /// The mean latitude of the accepted positions, degrees (the projection's standard
    /// parallel and the plane's `y = 0`).
    public var centerLatitude: Double
    /// The mean longitude of the accepted positions, degrees, −180…180 (the plane's `x = 0`).
    public var centerLongitude: Double
    /// The accepted positions in the order given, projected.
    public var points: [PlanePoint]

    /// Projects the accepted positions of `points` (``TrackPoint/isAcceptedPosition``: with a
    /// position and a horizontal error of at most 20 m), in the order given. Longitudes are
    /// taken as a continuous path from the first one, so a route across the 180° meridian
    /// stays in one piece.
    /// - Returns: `nil` when no point has an accepted position.
    public init?(points: [TrackPoint]) {
        var latitudes: [Double] = []
        var longitudes: [Double] = []
        for point in points where point.isAcceptedPosition {
            guard let latitude = point.latitude, let longitude = point.longitude, latitude.isFinite, longitude.isFinite else { continue }
            latitudes.append(latitude)
            if let previous = longitudes.last {
                var step = (longitude - previous).truncatingRemainder(dividingBy: 360)
                if step > 180 { step -= 360 }
                if step < -180 { step += 360 }
                longitudes.append(previous + step)
            } else {
                longitudes.append(longitude)
            }
        }
        guard !latitudes.isEmpty else { return nil }
        let meanLatitude = latitudes.reduce(0, +) / Double(latitudes.count)
        let meanLongitude = longitudes.reduce(0, +) / Double(longitudes.count)
        let radians = Double.pi / 180
        let radius = TrackThresholds.earthRadiusMeters
        let scale = cos(meanLatitude * radians)
        centerLatitude = meanLatitude
        var wrapped = meanLongitude.truncatingRemainder(dividingBy: 360)
        if wrapped > 180 { wrapped -= 360 }
        if wrapped < -180 { wrapped += 360 }
        centerLongitude = wrapped
        self.points = zip(latitudes, longitudes).map { latitude, longitude in
            PlanePoint(x: radius * (longitude - meanLongitude) * radians * scale, y: radius * (latitude - meanLatitude) * radians)
        }
    }
}
