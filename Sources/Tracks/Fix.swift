import Foundation

/// One position report from a live receiver (a gpsd TPV report), as the track maths see it:
/// the receiver's fix mode and the sample it measured.
///
/// Independent of gpsd: the `GPSD` module builds it from a TPV report; a test builds it by hand.
public struct Fix: Sendable, Equatable {
    /// The receiver's fix mode, as NMEA and gpsd number it (gpsd_json(5), TPV `mode`).
    public enum Mode: Int, Sendable, Hashable, CaseIterable {
        /// 0: no mode value seen yet.
        case unknown = 0
        /// 1: the receiver has no fix.
        case noFix = 1
        /// 2: a 2-D fix (latitude and longitude, no altitude).
        case twoDimensional = 2
        /// 3: a 3-D fix (with altitude).
        case threeDimensional = 3

        /// Whether the mode is a position fix: 2-D or 3-D.
        public var hasPosition: Bool { self == .twoDimensional || self == .threeDimensional }
    }

    /// The fix mode.
    public var mode: Mode
    /// The sample: `time` is the receiver's own UTC time of the fix (gpsd TPV `time`), or the
    /// instant it was read when the receiver gave none; latitude and longitude in degrees;
    /// altitude in metres above mean sea level; speed in m/s; the horizontal error in metres.
    public var point: TrackPoint

    /// Creates a fix; see the properties for units.
    /// - Parameters:
    ///   - mode: the receiver's fix mode.
    ///   - point: the sample.
    public init(mode: Mode, point: TrackPoint) {
        self.mode = mode
        self.point = point
    }
}
