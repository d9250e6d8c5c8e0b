import Foundation
import GPSD
import Tracks

/// How a fix from gpsd reads on the screen and in `hiit gps` (#15): `no fix`, `GPS 2D ±12 m`,
/// `GPS 3D ±4 m`.
enum GPSText {
    /// The fix's state: `no fix` without a position, else `GPS 2D` or `GPS 3D` and the
    /// horizontal error rounded to the metre, when gpsd gave one.
    static func fixState(_ report: GPSDFix) -> String {
        guard report.mode.hasPosition else { return "no fix" }
        let dimensions = report.mode == .threeDimensional ? "GPS 3D" : "GPS 2D"
        guard let error = report.horizontalErrorMeters else { return dimensions }
        return dimensions + " ±\(Int(error.rounded())) m"
    }

    /// The state, then the position (degrees to five decimals, about a metre) and the speed in
    /// m/s when gpsd gave them: `GPS 3D ±4 m  48.00000, 11.00000  3.0 m/s`.
    static func describe(_ report: GPSDFix) -> String {
        var text = fixState(report)
        if report.mode.hasPosition, let latitude = report.latitude, let longitude = report.longitude {
            text += "  " + String(format: "%.5f, %.5f", latitude, longitude)
        }
        if report.mode.hasPosition, let speed = report.speedMetersPerSecond {
            text += "  " + String(format: "%.1f m/s", speed)
        }
        return text
    }
}
