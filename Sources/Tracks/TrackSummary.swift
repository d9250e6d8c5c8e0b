import Foundation
import WorkoutModel

/// Great-circle distance on a sphere of ``TrackThresholds/earthRadiusMeters``.
public enum GreatCircle {
    /// The haversine distance in metres between two positions given in degrees (2-D: altitude
    /// is not used, as the run tracker does). Source: R. W. Sinnott, "Virtues of the
    /// Haversine", Sky & Telescope 68(2), 1984.
    public static func meters(latitude1: Double, longitude1: Double, latitude2: Double, longitude2: Double) -> Double {
        let radians = Double.pi / 180
        let phi1 = latitude1 * radians
        let phi2 = latitude2 * radians
        let dPhi = (latitude2 - latitude1) * radians
        let dLambda = (longitude2 - longitude1) * radians
        let a = sin(dPhi / 2) * sin(dPhi / 2) + cos(phi1) * cos(phi2) * sin(dLambda / 2) * sin(dLambda / 2)
        return 2 * TrackThresholds.earthRadiusMeters * asin(min(1, a.squareRoot()))
    }
}

/// What the points of one leg say when the file gives no totals (a truncated FIT, a GPX):
/// DESIGN §8's rules, each threshold in ``TrackThresholds``.
///
/// - Distance: the device's own cumulative distance field where the points carry one that
///   grows (last minus first); otherwise the sum of great-circle steps between consecutive accepted points
///   (a point with a horizontal error above 20 m is not accepted), steps across a timer pause
///   left out. No points or a single one: 0 (the run tracker's rule). A distance field that
///   never grows and no positions: 0, as the device says. Points of which none has a position
///   or a distance (an indoor ride): `nil`, unknown rather than zero.
/// - Moving time: the timer time during which the speed was above the sport's stopped speed,
///   with hysteresis; `nil` when no speed can be known (no positions, no distance, no speed)
///   or when nothing ever moved (every speed 0 and no distance covered: an indoor ride whose
///   watch has no speed sensor writes 0 m/s throughout, which is no measurement).
/// - Ascent and descent: altitude changes of at least 3 m from the last counted altitude;
///   `nil` without altitudes.
/// - Heart rate and cadence: time-weighted averages (each sample's value holds until the next
///   one, pauses left out) and maxima; `nil` without samples.
public struct TrackSummary: Sendable, Equatable {
    /// Seconds from the first point to the last, pauses included; 0 for fewer than two points.
    public var elapsedSeconds: Double
    /// ``elapsedSeconds`` less the pauses inside it.
    public var timerSeconds: Double
    /// Distance in metres (see the type's rules), or `nil`.
    public var distanceMeters: Double?
    /// Seconds moving (see the type's rules), or `nil`.
    public var movingSeconds: Double?
    /// Metres climbed with 3 m hysteresis, or `nil` without altitudes.
    public var ascentMeters: Double?
    /// Metres descended with 3 m hysteresis, or `nil` without altitudes.
    public var descentMeters: Double?
    /// Time-weighted average heart rate, beats per minute, or `nil`.
    public var averageHeartRate: Double?
    /// Highest heart rate sampled, beats per minute, or `nil`.
    public var maximumHeartRate: Double?
    /// Time-weighted average cadence, as recorded (rpm or steps per minute), or `nil`.
    public var averageCadence: Double?
    /// Highest cadence sampled, or `nil`.
    public var maximumCadence: Double?

    /// Summarises `points` (in time order) of a leg of `sport`, with the timer's `pauses`.
    public init(points: [TrackPoint], pauses: [TimerPause], sport: Sport) {
        let sorted = points.sorted { $0.time < $1.time }
        let span = sorted.count >= 2 ? sorted[sorted.count - 1].time.timeIntervalSince(sorted[0].time) : 0
        elapsedSeconds = max(0, span)
        let paused = sorted.count >= 2 ? Self.pausedSeconds(from: sorted[0].time, to: sorted[sorted.count - 1].time, pauses: pauses) : 0
        timerSeconds = max(0, elapsedSeconds - paused)

        let steps = Self.steps(sorted, pauses: pauses)
        let deviceDistances = sorted.compactMap(\.distanceMeters)
        if Self.deviceDistanceGrows(sorted), let first = deviceDistances.first, let last = deviceDistances.last {
            distanceMeters = max(0, last - first)
        } else if steps.contains(where: { $0.meters != nil }) {
            distanceMeters = steps.reduce(0) { $0 + ($1.meters ?? 0) }
        } else if sorted.count <= 1 || deviceDistances.count >= 2 || sorted.contains(where: \.hasPosition) {
            distanceMeters = 0  // the run tracker's rule: no points or one point cover no distance
        } else {
            distanceMeters = nil
        }
        movingSeconds = Self.movingSeconds(steps, sport: sport)
        (ascentMeters, descentMeters) = Self.climb(sorted.compactMap(\.altitudeMeters))
        (averageHeartRate, maximumHeartRate) = Self.weighted(sorted, \.heartRate, pauses: pauses)
        (averageCadence, maximumCadence) = Self.weighted(sorted, \.cadence, pauses: pauses)
    }

    /// One step between consecutive points with the timer running: its seconds, its metres
    /// (device distance difference, or great-circle between accepted positions; `nil` when
    /// neither is known), the device's speed at its end, and the index of its end point in the
    /// points given to ``steps(_:pauses:)`` (splits and profiles lay points along the steps).
    struct Step {
        var seconds: Double
        var meters: Double?
        var speed: Double?
        var end: Int = 0
    }

    /// Whether the device's cumulative distance field measures the leg: it grows past its first
    /// value somewhere in `points` (time order). A field that stays at its first value (a watch
    /// without GPS or a speed sensor writes 0 m throughout) measured nothing, and the GPS
    /// positions, where there are any, are the distance.
    static func deviceDistanceGrows(_ points: [TrackPoint]) -> Bool {
        guard let first = points.lazy.compactMap(\.distanceMeters).first else { return false }
        return points.contains { ($0.distanceMeters ?? first) > first }
    }

    /// The steps between consecutive points; a step that overlaps a pause is left out, and a
    /// point not accepted (horizontal error above the bar) is skipped for positions.
    static func steps(_ points: [TrackPoint], pauses: [TimerPause]) -> [Step] {
        let deviceDistance = deviceDistanceGrows(points)
        var steps: [Step] = []
        var lastAccepted: TrackPoint?
        var previous: TrackPoint?
        for (index, point) in points.enumerated() {
            let accepted = point.isAcceptedPosition
            defer {
                previous = point
                if accepted { lastAccepted = point }
            }
            guard let before = previous else { continue }
            if pauses.contains(where: { $0.start < point.time && $0.end > before.time }) {
                lastAccepted = nil
                continue
            }
            var meters: Double?
            if deviceDistance, let a = before.distanceMeters, let b = point.distanceMeters {
                meters = max(0, b - a)
            } else if accepted, let from = lastAccepted, let lat1 = from.latitude, let lon1 = from.longitude,
                      let lat2 = point.latitude, let lon2 = point.longitude {
                meters = GreatCircle.meters(latitude1: lat1, longitude1: lon1, latitude2: lat2, longitude2: lon2)
            }
            steps.append(Step(seconds: point.time.timeIntervalSince(before.time), meters: meters,
                              speed: point.speedMetersPerSecond, end: index))
        }
        return steps
    }

    /// Moving seconds over `steps` with the sport's stopped speed and hysteresis.
    static func movingSeconds(_ steps: [Step], sport: Sport) -> Double? {
        guard steps.contains(where: { ($0.meters ?? 0) > 0 || ($0.speed ?? 0) > 0 }) else { return nil }
        let stopped = TrackThresholds.stoppedSpeed(for: sport)
        let moving = TrackThresholds.movingSpeed(for: sport)
        var isMoving = false
        var total = 0.0
        for step in steps where step.seconds > 0 {
            let average = step.meters.map { $0 / step.seconds }
            let speed = step.seconds > TrackThresholds.longestSampleGapSeconds ? (average ?? step.speed) : (step.speed ?? average)
            guard let speed else { continue }
            if isMoving { isMoving = speed >= stopped } else { isMoving = speed > moving }
            if isMoving { total += step.seconds }
        }
        return total
    }

    /// Ascent and descent of `altitudes` with ``TrackThresholds/ascentHysteresisMeters``.
    static func climb(_ altitudes: [Double]) -> (Double?, Double?) {
        guard var reference = altitudes.first else { return (nil, nil) }
        var ascent = 0.0
        var descent = 0.0
        let bar = TrackThresholds.ascentHysteresisMeters
        for altitude in altitudes.dropFirst() {
            if altitude - reference >= bar {
                ascent += altitude - reference
                reference = altitude
            } else if reference - altitude >= bar {
                descent += reference - altitude
                reference = altitude
            }
        }
        return (ascent, descent)
    }

    /// The time-weighted average and the maximum of one measurement.
    static func weighted(_ points: [TrackPoint], _ value: KeyPath<TrackPoint, Double?>, pauses: [TimerPause]) -> (Double?, Double?) {
        var sum = 0.0
        var weight = 0.0
        var count = 0
        var plain = 0.0
        var maximum: Double?
        for (index, point) in points.enumerated() {
            guard let v = point[keyPath: value], v.isFinite else { continue }
            count += 1
            plain += v
            maximum = max(maximum ?? v, v)
            if index + 1 < points.count {
                let next = points[index + 1].time
                let seconds = next.timeIntervalSince(point.time) - pausedSeconds(from: point.time, to: next, pauses: pauses)
                if seconds > 0 {
                    sum += v * seconds
                    weight += seconds
                }
            }
        }
        guard count > 0 else { return (nil, nil) }
        return (weight > 0 ? sum / weight : plain / Double(count), maximum)
    }

    /// Seconds of `pauses` inside `from`…`to`.
    static func pausedSeconds(from: Date, to: Date, pauses: [TimerPause]) -> Double {
        pauses.reduce(0) { total, pause in
            let start = max(pause.start, from)
            let end = min(pause.end, to)
            return total + max(0, end.timeIntervalSince(start))
        }
    }
}
