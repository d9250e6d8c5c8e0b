/// Why a live fix was not taken into the track.
public enum FixDropReason: String, Sendable, Hashable, CaseIterable {
    /// The receiver reported no position fix (mode 0 or 1).
    case noFix
    /// A 2-D or 3-D mode without a usable latitude and longitude (missing, not finite, or out
    /// of −90…90 / −180…180).
    case noPosition
    /// The reported horizontal error is above ``TrackThresholds/maximumHorizontalErrorMeters``.
    case inaccurate
    /// The step from the last accepted point implies a speed above the sport's plausible limit
    /// (``LiveTrack``).
    case implausibleJump
    /// Not after the last accepted fix: the same receiver time (gpsd reports an epoch once per
    /// sentence until it learns the receiver's cycle) or an instant not later (``LiveTrack``).
    case notNewer
}

/// Whether a fix was taken: accepted, or dropped and why.
public enum FixVerdict: Sendable, Hashable {
    /// The fix counts.
    case accepted
    /// The fix was dropped for this reason.
    case dropped(FixDropReason)
}

/// The live fix rule of DESIGN §8: a fix counts when its mode is 2-D or 3-D, it has a position,
/// and its horizontal error is at most ``maximumHorizontalErrorMeters``. Counts what it accepts
/// and what it drops, by reason.
///
/// A fix that reports no horizontal error is accepted (some receivers and gpsd without DOPs
/// report none), as ``TrackPoint/isAcceptedPosition`` does for recorded files.
public struct FixFilter: Sendable, Equatable {
    /// The largest horizontal error accepted, metres: ``TrackThresholds/maximumHorizontalErrorMeters``
    /// (20 m, the run tracker's accuracy filter) unless given otherwise.
    public var maximumHorizontalErrorMeters: Double
    /// How many fixes were accepted.
    public private(set) var acceptedCount = 0
    /// How many fixes were dropped, by reason (reasons with none are absent).
    public private(set) var droppedCounts: [FixDropReason: Int] = [:]

    /// A filter with the given bar.
    /// - Parameter maximumHorizontalErrorMeters: the largest horizontal error accepted, metres
    ///   (default ``TrackThresholds/maximumHorizontalErrorMeters``, 20 m).
    public init(maximumHorizontalErrorMeters: Double = TrackThresholds.maximumHorizontalErrorMeters) {
        self.maximumHorizontalErrorMeters = maximumHorizontalErrorMeters
    }

    /// How many fixes were dropped in all.
    public var droppedCount: Int { droppedCounts.values.reduce(0, +) }

    /// The verdict on `fix` by the rule alone, without counting it.
    /// - Parameter fix: the fix.
    /// - Returns: `.accepted`, or `.dropped` with `.noFix`, `.noPosition` or `.inaccurate`.
    public func verdict(on fix: Fix) -> FixVerdict {
        guard fix.mode.hasPosition else { return .dropped(.noFix) }
        guard let latitude = fix.point.latitude, let longitude = fix.point.longitude,
              latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 180
        else { return .dropped(.noPosition) }
        if let error = fix.point.horizontalErrorMeters, !(error <= maximumHorizontalErrorMeters) {
            return .dropped(.inaccurate)  // a NaN error is not "at most 20 m" either
        }
        return .accepted
    }

    /// Judges `fix` (``verdict(on:)``) and counts the verdict.
    /// - Parameter fix: the fix.
    /// - Returns: the verdict.
    public mutating func admit(_ fix: Fix) -> FixVerdict {
        let verdict = verdict(on: fix)
        count(verdict)
        return verdict
    }

    /// Counts a verdict reached elsewhere (``LiveTrack`` drops jumps and repeats after the rule).
    /// A later drop of a fix already counted as accepted moves it from accepted to dropped.
    /// - Parameters:
    ///   - verdict: the verdict to count.
    ///   - replacingAccepted: `true` when the fix was counted as accepted before.
    public mutating func count(_ verdict: FixVerdict, replacingAccepted: Bool = false) {
        if replacingAccepted { acceptedCount -= 1 }
        switch verdict {
        case .accepted: acceptedCount += 1
        case let .dropped(reason): droppedCounts[reason, default: 0] += 1
        }
    }
}
