import Foundation

extension TrackPoint {
    /// Whether the sample's position counts for distance and the route: it has a latitude and
    /// a longitude, and a reported horizontal error of at most
    /// ``TrackThresholds/maximumHorizontalErrorMeters`` (20 m, the run tracker's filter) or
    /// none reported.
    public var isAcceptedPosition: Bool {
        hasPosition && (horizontalErrorMeters ?? 0) <= TrackThresholds.maximumHorizontalErrorMeters
    }
}

/// Where each point of a leg lies along it: timer seconds since the first point (pauses left
/// out) and metres from the first point, by the same rules as ``TrackSummary``'s distance.
///
/// - Metres: the device's own cumulative distance field where points carry one that grows
///   (each point's value less the first's, never decreasing; a point without the field keeps
///   the last value; a field that stays at its first value, as a watch without GPS or a speed
///   sensor writes 0 m throughout, is no distance); otherwise the running sum of ``TrackSummary``'s steps (great-circle
///   steps between accepted positions, a step across a timer pause counting nothing). `nil`
///   when no distance is known at all (an indoor ride without a distance field).
/// - Timer seconds: seconds since the first point less the seconds of `pauses` inside.
struct TrackAxis {
    /// The points, in time order (stable).
    var points: [TrackPoint]
    /// Timer seconds at each point.
    var timerSeconds: [Double]
    /// Metres from the start at each point, or `nil` when no distance is known.
    var meters: [Double]?

    /// Lays `points` (any order; sorted here by time, stable) along the leg.
    init(points: [TrackPoint], pauses: [TimerPause]) {
        let sorted = points.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        self.points = sorted
        guard let first = sorted.first else {
            timerSeconds = []
            meters = []
            return
        }
        timerSeconds = sorted.map {
            $0.time.timeIntervalSince(first.time) - TrackSummary.pausedSeconds(from: first.time, to: $0.time, pauses: pauses)
        }
        if TrackSummary.deviceDistanceGrows(sorted), let origin = sorted.lazy.compactMap(\.distanceMeters).first {
            var running = 0.0
            meters = sorted.map { point in
                if let value = point.distanceMeters { running = max(running, value - origin) }
                return running
            }
            return
        }
        let steps = TrackSummary.steps(sorted, pauses: pauses)
        guard steps.contains(where: { $0.meters != nil }) else {
            meters = sorted.count == 1 ? [0] : nil
            return
        }
        var along = [Double](repeating: 0, count: sorted.count)
        var running = 0.0
        var next = 1
        for step in steps where step.end < sorted.count {
            while next < step.end {  // points whose step was left out (across a pause) keep the sum
                along[next] = running
                next += 1
            }
            running += step.meters ?? 0
            along[step.end] = running
            next = step.end + 1
        }
        while next < sorted.count {
            along[next] = running
            next += 1
        }
        meters = along
    }
}
