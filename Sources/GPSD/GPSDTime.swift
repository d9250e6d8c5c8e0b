import Foundation
import WorkoutModel

/// gpsd's times: ISO 8601 in UTC, `2026-12-03T12:01:45.000Z`, with a fraction of up to nine
/// digits (gpsd_json(5): "Time/date stamp in ISO8601 format, UTC. May have a fractional part").
///
/// Read without `DateFormatter` or `ISO8601DateFormatter`, whose ICU data would add about
/// 9 MiB to the timer's memory (LINUX-NOTES "Measured on this machine"): the format is fixed,
/// so its digits are read directly.
enum GPSDTime {
    /// The instant `text` names, or `nil` when it is not `YYYY-MM-DDTHH:MM:SS[.f…]Z` with a
    /// valid date (``LocalDay``: years 1–9999, Gregorian leap years) and time (seconds up to
    /// 60 for a leap second, read as the next second's start).
    static func date(from text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, bytes.count <= 30, bytes.last == UInt8(ascii: "Z"),
              bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: "T"),
              bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
              let year = digits(bytes, 0, 4), let month = digits(bytes, 5, 2), let day = digits(bytes, 8, 2),
              let hour = digits(bytes, 11, 2), let minute = digits(bytes, 14, 2), let second = digits(bytes, 17, 2),
              let localDay = LocalDay(year: year, month: month, day: day), hour < 24, minute < 60, second <= 60
        else { return nil }
        var fraction = 0.0
        if bytes.count > 20 {
            guard bytes[19] == UInt8(ascii: "."), bytes.count > 21 else { return nil }
            var scale = 0.1
            for byte in bytes[20..<(bytes.count - 1)] {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                fraction += Double(byte - UInt8(ascii: "0")) * scale
                scale /= 10
            }
        }
        let seconds = Double(localDay.dayNumber) * 86_400 + Double(hour * 3600 + minute * 60 + second) + fraction
        return Date(timeIntervalSince1970: seconds)
    }

    /// The number of `count` decimal digits at `start`, or `nil` when one is not a digit.
    private static func digits(_ bytes: [UInt8], _ start: Int, _ count: Int) -> Int? {
        var value = 0
        for byte in bytes[start..<(start + count)] {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }
}
