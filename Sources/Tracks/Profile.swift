import Foundation

/// One point of a profile chart: `x` along the leg (metres or timer seconds, as the
/// ``Profile``'s ``Profile/axis`` says) and the measured `y` (metres of altitude, bpm).
public struct ProfilePoint: Sendable, Equatable {
    /// Metres from the start, or timer seconds from the start (``Profile/Axis``).
    public var x: Double
    /// The measurement: altitude in metres, heart rate in beats per minute.
    public var y: Double
}

/// Elevation or heart rate against distance (or timer time when the leg has no distance),
/// downsampled for a chart (DESIGN §8, issue 13's `history show`).
public struct Profile: Sendable, Equatable {
    /// What `x` measures.
    public enum Axis: String, Sendable, Equatable {
        /// Metres from the first point, along the leg (``TrackSummary``'s distance rules:
        /// the device's distance field, else great-circle steps of accepted points).
        case distanceMeters
        /// Timer seconds from the first point, pauses excluded: for a leg without any
        /// known distance, or one that covers 0 m (an indoor ride without a speed sensor, a
        /// watch's rowing leg without GPS).
        case timerSeconds
    }

    /// The measurements a profile can show.
    public enum Measurement: Sendable, Equatable {
        /// ``TrackPoint/altitudeMeters``, metres.
        case elevation
        /// ``TrackPoint/heartRate``, beats per minute.
        case heartRate
    }

    /// What `x` measures in ``points``.
    public var axis: Axis
    /// The points in `x` order, at most the `maximumPoints` asked for.
    public var points: [ProfilePoint]

    /// The default most points: 500 (issue 13's `--json` profiles).
    public static let defaultMaximumPoints = 500

    /// The profile of `measurement` over `points`.
    ///
    /// Every sample with a finite value of the measurement gives one point at its place along
    /// the leg. When there are more than `maximumPoints`, the samples are cut into
    /// `maximumPoints / 2` buckets of consecutive samples (as even as counts allow) and each
    /// bucket keeps its lowest and its highest sample, in `x` order (one when they are the
    /// same), so peaks and dips survive the downsampling.
    /// - Parameters:
    ///   - measurement: elevation or heart rate.
    ///   - points: the leg's samples, any order (sorted by time here).
    ///   - pauses: the leg's timer pauses (left out of timer time).
    ///   - maximumPoints: the most points returned; values below 2 are taken as 2.
    /// - Returns: a profile, empty when no sample has the measurement.
    public init(_ measurement: Measurement, points: [TrackPoint], pauses: [TimerPause],
                maximumPoints: Int = Profile.defaultMaximumPoints) {
        let along = TrackAxis(points: points, pauses: pauses)
        let xs: [Double]
        if let meters = along.meters, let covered = meters.last, covered > 0 {
            axis = .distanceMeters
            xs = meters
        } else {
            axis = .timerSeconds
            xs = along.timerSeconds
        }
        var all: [ProfilePoint] = []
        for (index, point) in along.points.enumerated() {
            let value = switch measurement {
            case .elevation: point.altitudeMeters
            case .heartRate: point.heartRate
            }
            if let value, value.isFinite { all.append(ProfilePoint(x: xs[index], y: value)) }
        }
        self.points = Self.downsampled(all, to: max(2, maximumPoints))
    }

    /// `points` with at most `limit` (≥ 2) kept: per bucket its minimum and maximum `y`.
    static func downsampled(_ points: [ProfilePoint], to limit: Int) -> [ProfilePoint] {
        guard points.count > limit else { return points }
        let buckets = limit / 2
        var kept: [ProfilePoint] = []
        kept.reserveCapacity(limit)
        for bucket in 0..<buckets {
            let start = bucket * points.count / buckets
            let end = (bucket + 1) * points.count / buckets
            guard start < end else { continue }
            var low = start
            var high = start
            for index in start..<end {
                if points[index].y < points[low].y { low = index }
                if points[index].y > points[high].y { high = index }
            }
            if low == high {
                kept.append(points[low])
            } else {
                kept.append(points[min(low, high)])
                kept.append(points[max(low, high)])
            }
        }
        return kept
    }
}
