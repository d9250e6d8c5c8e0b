import Foundation

/// Instants as ISO 8601 text in UTC: `2026-12-03T20:41:12Z`, or with a fraction of a second,
/// `2026-12-03T20:41:12.250Z` (RFC 3339 §5.6 with the `Z` offset).
///
/// Written and read with ``LocalDay``'s day arithmetic rather than `Date.ISO8601FormatStyle`:
/// the style builds a Gregorian `Calendar` in the current time zone, whose first use loads
/// ICU's time zone data, a cost every timer run paid for the instants of its status file and
/// history line (`bench/cost.py`; the README's Cost section has the figures). The text is the
/// same as the style writes for every instant of the years ``arithmeticYears``; outside them
/// (where Foundation counts days in the Julian calendar, before 1582-10-15) the style
/// itself writes it.
public enum UTCInstant {
    /// The years whose instants are written by arithmetic: from 1600, after the Gregorian
    /// reform (1582) everywhere Foundation's calendar applies it, to 9999, the last year of
    /// four digits.
    public static let arithmeticYears = 1600...9999

    /// `2026-12-03T20:41:12Z`, or with milliseconds `2026-12-03T20:41:12.250Z`. The second
    /// and its milliseconds are truncated toward the past (an instant 0.9996 s into a second
    /// shows that second and `.999`), counted from `timeIntervalSinceReferenceDate`, the number
    /// a `Date` holds, as `Date.ISO8601FormatStyle` counts them.
    /// - Parameters:
    ///   - date: the instant.
    ///   - milliseconds: whether to write `.SSS` after the seconds.
    /// - Returns: the text, in UTC.
    public static func text(_ date: Date, milliseconds: Bool = false) -> String {
        let sinceReference = date.timeIntervalSinceReferenceDate
        let whole = sinceReference.rounded(.down)
        // 2001-01-01 is 11,323 days after 1970-01-01.
        let secondsSince1970 = whole + 978_307_200
        guard whole.isFinite, abs(secondsSince1970) < 1e12,
              let day = LocalDay(dayNumber: Int((secondsSince1970 / 86_400).rounded(.down))),
              arithmeticYears.contains(day.year)
        else { return date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: milliseconds)) }
        let secondOfDay = Int(secondsSince1970) - day.dayNumber * 86_400
        var bytes = [UInt8]()
        bytes.reserveCapacity(24)
        append(day.year, width: 4, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        append(day.month, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        append(day.day, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "T"))
        append(secondOfDay / 3600, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        append(secondOfDay / 60 % 60, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        append(secondOfDay % 60, width: 2, to: &bytes)
        if milliseconds {
            bytes.append(UInt8(ascii: "."))
            append(min(Int(((sinceReference - whole) * 1000).rounded(.down)), 999), width: 3, to: &bytes)
        }
        bytes.append(UInt8(ascii: "Z"))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The instant `text` names, or `nil` when it is not `YYYY-MM-DDTHH:MM:SS[.f…]Z` (a
    /// fraction of 1–9 digits) with a valid date (``LocalDay``: years 1–9999, Gregorian leap
    /// years) and time (seconds up to 60 for a leap second, read as the next second's start).
    /// - Parameter text: the text, nothing before or after it.
    /// - Returns: the instant, or `nil`.
    public static func date(from text: some StringProtocol) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, bytes.count <= 30, bytes.last == UInt8(ascii: "Z"),
              bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: "T"),
              bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
              let year = number(bytes, 0, 4), let month = number(bytes, 5, 2), let day = number(bytes, 8, 2),
              let hour = number(bytes, 11, 2), let minute = number(bytes, 14, 2), let second = number(bytes, 17, 2),
              let localDay = LocalDay(year: year, month: month, day: day), hour < 24, minute < 60, second <= 60
        else { return nil }
        var fraction = 0.0
        if bytes.count > 20 {
            guard bytes[19] == UInt8(ascii: "."), bytes.count > 21,
                  let digits = number(bytes, 20, bytes.count - 21)
            else { return nil }
            var scale = 1.0
            for _ in 0..<(bytes.count - 21) { scale *= 10 }
            fraction = Double(digits) / scale
        }
        let seconds = Double(localDay.dayNumber * 86_400 + hour * 3600 + minute * 60 + second) + fraction
        return Date(timeIntervalSince1970: seconds)
    }

    /// Appends `value` (0 ≤ value < 10^width) in decimal, `width` digits with leading zeros.
    private static func append(_ value: Int, width: Int, to bytes: inout [UInt8]) {
        let start = bytes.count
        var rest = value
        for _ in 0..<width {
            bytes.append(UInt8(ascii: "0") + UInt8(rest % 10))
            rest /= 10
        }
        bytes[start...].reverse()
    }

    /// The number of `count` (1–9) decimal digits at `start`, or `nil` when one is not a digit.
    private static func number(_ bytes: [UInt8], _ start: Int, _ count: Int) -> Int? {
        guard count >= 1, count <= 9 else { return nil }
        var value = 0
        for byte in bytes[start..<(start + count)] {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }
}
