import Foundation

/// One sample of a recorded activity: an instant and whatever the device measured then
/// (a FIT `record` message, a GPX `trkpt`, a TCX `Trackpoint`, a gpsd TPV report).
///
/// Every measurement is optional: an indoor ride has no position, a GPX file no distance,
/// a watch without a strap no heart rate. Units are the SI units the field's name says.
public struct TrackPoint: Sendable, Equatable {
    /// The instant of the sample (UTC).
    public var time: Date
    /// Latitude in degrees, WGS 84, −90…90.
    public var latitude: Double?
    /// Longitude in degrees, WGS 84, −180…180.
    public var longitude: Double?
    /// Altitude in metres above mean sea level (the device's enhanced altitude where it has one).
    public var altitudeMeters: Double?
    /// The device's own cumulative distance from the activity's start, metres (FIT
    /// `record.distance`, TCX `DistanceMeters`); `nil` in a GPX file.
    public var distanceMeters: Double?
    /// Heart rate, beats per minute.
    public var heartRate: Double?
    /// Cadence as recorded: revolutions per minute on a bike, steps (or strides, as the device
    /// writes them) per minute on foot.
    public var cadence: Double?
    /// Speed reported by the device, metres per second.
    public var speedMetersPerSecond: Double?
    /// The horizontal error the receiver reported, metres (gpsd `eph`/`epx`, some GPX
    /// `hdop`-derived values); `nil` when not reported.
    public var horizontalErrorMeters: Double?

    /// Creates a sample; see the properties for units.
    public init(time: Date, latitude: Double? = nil, longitude: Double? = nil, altitudeMeters: Double? = nil,
                distanceMeters: Double? = nil, heartRate: Double? = nil, cadence: Double? = nil,
                speedMetersPerSecond: Double? = nil, horizontalErrorMeters: Double? = nil) {
        self.time = time
        self.latitude = latitude
        self.longitude = longitude
        self.altitudeMeters = altitudeMeters
        self.distanceMeters = distanceMeters
        self.heartRate = heartRate
        self.cadence = cadence
        self.speedMetersPerSecond = speedMetersPerSecond
        self.horizontalErrorMeters = horizontalErrorMeters
    }

    /// Whether the sample has both a latitude and a longitude.
    public var hasPosition: Bool { latitude != nil && longitude != nil }
}

/// A span during which the activity's timer was stopped (a FIT timer stop…start pair, the gap
/// between two GPX segments): from `start` to `end`, UTC.
public struct TimerPause: Sendable, Equatable {
    /// The instant the timer stopped.
    public var start: Date
    /// The instant it started again.
    public var end: Date

    /// Creates a pause from `start` to `end` (an `end` before `start` is taken as `start`).
    public init(start: Date, end: Date) {
        self.start = start
        self.end = max(start, end)
    }

    /// The pause's length in seconds.
    public var seconds: Double { end.timeIntervalSince(start) }
}
