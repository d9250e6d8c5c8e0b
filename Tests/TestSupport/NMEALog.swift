import Foundation
import Tracks

/// NMEA 0183 sentences for gpsfake: a straight line due north at a constant speed.
public enum NMEALog {
    /// The checksum of a sentence's body (between `$` and `*`): the XOR of its bytes, as two
    /// upper-case hex digits (NMEA 0183, "checksum").
    public static func checksum(_ body: String) -> String {
        let value = body.utf8.reduce(UInt8(0)) { $0 ^ $1 }
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(value >> 4)], digits[Int(value & 0x0F)]])
    }

    /// `$BODY*CS` and CR LF.
    public static func sentence(_ body: String) -> String { "$\(body)*\(checksum(body))\r\n" }

    /// `hhmmss.00` of `seconds` after midnight.
    public static func clock(_ seconds: Int) -> String {
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(two(seconds / 3600))\(two(seconds / 60 % 60))\(two(seconds % 60)).00"
    }

    /// Degrees as NMEA's `ddmm.mmmmm` (latitude, 2 degree digits) or `dddmm.mmmmm` (longitude).
    public static func angle(_ degrees: Double, degreeDigits: Int) -> String {
        let whole = Int(degrees)
        let minutes = (degrees - Double(whole)) * 60
        var head = String(whole)
        while head.count < degreeDigits { head = "0" + head }
        let scaled = Int((minutes * 100_000).rounded())
        var minuteDigits = String(scaled / 100_000)
        if minuteDigits.count < 2 { minuteDigits = "0" + minuteDigits }
        var fraction = String(scaled % 100_000)
        while fraction.count < 5 { fraction = "0" + fraction }
        return "\(head)\(minuteDigits).\(fraction)"
    }

    /// One second of a log: where the receiver is, from 48° N, 11° E, and what it says of its
    /// fix.
    public struct Epoch: Sendable, Equatable {
        /// Metres north of 48° N.
        public var northMeters: Double
        /// Metres east of 11° E (along the parallel).
        public var eastMeters: Double
        /// The horizontal dilution of precision of its GGA sentence: 0.9 gives eph 17.1 m in
        /// gpsd 3.22 (a fix hiit records), 20 gives 380 m (one it drops).
        public var hdop: Double
        /// Whether the receiver has a fix: without one, an RMC with status V and a GGA of
        /// quality 0, neither with a position.
        public var hasFix: Bool
        /// The RMC's speed over ground in m/s for this epoch, or `nil` for the log's.
        public var speedMetersPerSecond: Double?

        /// - Parameters: see the properties (`eastMeters` 0, `hdop` 0.9, `hasFix` true, the
        ///   log's speed by default).
        public init(northMeters: Double, eastMeters: Double = 0, hdop: Double = 0.9, hasFix: Bool = true,
                    speedMetersPerSecond: Double? = nil) {
            self.northMeters = northMeters
            self.eastMeters = eastMeters
            self.hdop = hdop
            self.hasFix = hasFix
            self.speedMetersPerSecond = speedMetersPerSecond
        }
    }

    /// `leadIn` seconds of "no fix" RMC sentences from 11:00, then one RMC and one GGA per
    /// epoch from 12:00:00, one epoch a second, the RMC's speed over ground `speed` m/s (or the
    /// epoch's own) due north, on 3 December 2026.
    public static func log(_ epochs: [Epoch], speed: Double, leadIn: Int) -> String {
        var text = ""
        for second in 0..<leadIn {
            text += sentence("GPRMC,\(clock(11 * 3600 + second)),V,,,,,,,031226,,,N")
        }
        let metersPerDegree = 2 * Double.pi * TrackThresholds.earthRadiusMeters / 360
        let metersPerDegreeEast = metersPerDegree * cos(48 * Double.pi / 180)
        for (second, epoch) in epochs.enumerated() {
            let knots = String(format: "%.2f", (epoch.speedMetersPerSecond ?? speed) * 3600 / 1852)
            let time = clock(12 * 3600 + second)
            guard epoch.hasFix else {
                text += sentence("GPRMC,\(time),V,,,,,,,031226,,,N")
                text += sentence("GPGGA,\(time),,,,,0,00,,,M,,M,,")
                continue
            }
            let latitude = angle(48 + epoch.northMeters / metersPerDegree, degreeDigits: 2)
            let longitude = angle(11 + epoch.eastMeters / metersPerDegreeEast, degreeDigits: 3)
            let hdop = String(format: "%.1f", epoch.hdop)
            text += sentence("GPRMC,\(time),A,\(latitude),N,\(longitude),E,\(knots),0.0,031226,,,A")
            text += sentence("GPGGA,\(time),\(latitude),N,\(longitude),E,1,08,\(hdop),500.0,M,47.0,M,,")
        }
        return text
    }

    /// `leadIn` seconds of "no fix" RMC sentences from 11:00, then one RMC and one GGA per second
    /// from 12:00:00 for `seconds` + 1 epochs at `speed` m/s due north from 48° N, 11° E, HDOP
    /// 0.9 (gpsd 3.22 reports it as eph 17.1 m), on 3 December 2026.
    public static func straightLine(seconds: Int, speed: Double, leadIn: Int) -> String {
        log((0...seconds).map { Epoch(northMeters: speed * Double($0)) }, speed: speed, leadIn: leadIn)
    }
}

/// The path of `program` on `PATH` (and the sbin folders, where Debian puts gpsd), or `nil`.
public func installed(_ program: String) -> String? {
    let path = (ProcessInfo.processInfo.environment["PATH"] ?? "") + ":/usr/sbin:/sbin"
    return path.split(separator: ":").map { "\($0)/\(program)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
}
