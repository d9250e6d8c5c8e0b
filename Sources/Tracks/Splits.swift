import Foundation
import WorkoutModel

/// One split of a leg: its own distance and its own timer time (per split, not cumulative).
public struct Split: Sendable, Equatable {
    /// The split's length in metres: the split length asked for, or less for the last one.
    public var distanceMeters: Double
    /// Timer seconds the split took (pauses excluded).
    public var seconds: Double

    /// Seconds per kilometre (``Pace/secondsPerKilometer(meters:seconds:)``); `nil` when the
    /// distance is zero.
    public var secondsPerKilometer: Double? { Pace.secondsPerKilometer(meters: distanceMeters, seconds: seconds) }
}

/// Splits of a leg per kilometre, per mile or any length (DESIGN §8).
public enum Splits {
    /// One kilometre, metres (``LengthUnit/kilometers``).
    public static let kilometer = LengthUnit.kilometers.meters
    /// One international mile, metres (``LengthUnit/miles``: 1,609.344 m).
    public static let mile = LengthUnit.miles.meters
    /// At most this many splits are made (the rest of a longer leg is one last split), so a
    /// damaged distance field cannot drive the loop: 100,000 (a 100,000 km leg at 1 km).
    public static let mostSplits = 100_000

    /// The splits of `points` every `splitMeters` metres.
    ///
    /// Each boundary's time is interpolated linearly between the two samples around it, in
    /// timer time, along the device's own distance field when the points carry one, else
    /// along the great-circle distance of accepted points (``TrackSummary``'s rules, steps
    /// across a pause counting nothing); `pauses` are excluded from split times. The last
    /// split is the partial rest with its own distance, when there is any distance past the
    /// last boundary.
    /// - Parameters:
    ///   - points: the leg's samples, any order (sorted by time here).
    ///   - pauses: the leg's timer pauses.
    ///   - splitMeters: the length of a split in metres (``kilometer``, ``mile``); must be
    ///     above 0 (a programmer error otherwise: an empty result).
    /// - Returns: per-split distances and seconds, in order; empty for no points, a single
    ///   point, no known distance or zero distance.
    public static func of(points: [TrackPoint], pauses: [TimerPause], splitMeters: Double) -> [Split] {
        guard splitMeters > 0, splitMeters.isFinite else { return [] }
        let axis = TrackAxis(points: points, pauses: pauses)
        guard let meters = axis.meters, let total = meters.last, total > 0 else { return [] }
        var splits: [Split] = []
        var boundary = splitMeters
        var lastBoundarySeconds = 0.0
        var index = 1
        while index < meters.count, splits.count < mostSplits - 1 {
            let (fromMeters, toMeters) = (meters[index - 1], meters[index])
            if toMeters >= boundary, toMeters > fromMeters {
                let (fromSeconds, toSeconds) = (axis.timerSeconds[index - 1], axis.timerSeconds[index])
                let fraction = (boundary - fromMeters) / (toMeters - fromMeters)
                let seconds = fromSeconds + fraction * (toSeconds - fromSeconds)
                splits.append(Split(distanceMeters: splitMeters, seconds: seconds - lastBoundarySeconds))
                lastBoundarySeconds = seconds
                boundary += splitMeters
                continue  // the same step may hold the next boundary too
            }
            index += 1
        }
        let done = Double(splits.count) * splitMeters
        let rest = total - done
        if rest > 1e-9 {
            let endSeconds = axis.timerSeconds[axis.timerSeconds.count - 1]
            splits.append(Split(distanceMeters: rest, seconds: max(0, endSeconds - lastBoundarySeconds)))
        }
        return splits
    }
}
