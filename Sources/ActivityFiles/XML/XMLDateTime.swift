import Foundation
import WorkoutModel

/// An instant written as XML Schema's `dateTime` (the ISO 8601 profile GPX and TCX use), with
/// the offset from UTC when the text gives one.
struct XMLDateTime: Equatable {
    /// The instant (UTC).
    var date: Date
    /// Seconds east of UTC as written with a numeric offset (`+02:00` → 7200, `+00:00` → 0);
    /// `nil` for `Z` (a UTC time says nothing of the local zone) and for a time without a zone
    /// (GPX 1.1 and TCX say such times are UTC).
    var utcOffsetSeconds: Int?

    /// Reads `YYYY-MM-DDThh:mm:ss`, optionally with a fraction of a second of any length
    /// (`.5`, `.123456`; digits past the ninth are ignored) and a zone: `Z`, `±hh:mm`, `±hhmm` or `±hh`. A space or a lowercase
    /// `t`/`z` is accepted in place of `T`/`Z`. Calendar fields are checked (the date by
    /// ``LocalDay``: years 1–9999, months 1–12, the month's days with Gregorian leap years;
    /// hour 0–23, minute 0–59, second 0–60, offset under 24 h). Pure arithmetic on the
    /// proleptic Gregorian calendar (``LocalDay/dayNumber``): no time zone database, no locale.
    /// - Returns: `nil` for anything else.
    init?(_ text: String) {
        var scanner = DigitScanner(Array(text.utf8))
        guard let year = scanner.digits(4), scanner.take(UInt8(ascii: "-")),
              let month = scanner.digits(2), scanner.take(UInt8(ascii: "-")),
              let day = scanner.digits(2),
              scanner.take(UInt8(ascii: "T")) || scanner.take(UInt8(ascii: "t")) || scanner.take(UInt8(ascii: " ")),
              let hour = scanner.digits(2), scanner.take(UInt8(ascii: ":")),
              let minute = scanner.digits(2), scanner.take(UInt8(ascii: ":")),
              let second = scanner.digits(2)
        else { return nil }
        guard let localDay = LocalDay(year: year, month: month, day: day),
              hour <= 23, minute <= 59, second <= 60 else { return nil }
        var fraction = 0.0
        if scanner.take(UInt8(ascii: ".")) || scanner.take(UInt8(ascii: ",")) {
            var numerator = 0
            var denominator = 1
            var count = 0
            while let digit = scanner.digit() {
                if count < 9 {  // nanoseconds; further digits are below a Date's resolution
                    numerator = numerator * 10 + digit
                    denominator *= 10
                }
                count += 1
            }
            guard count > 0 else { return nil }
            fraction = Double(numerator) / Double(denominator)
        }
        var offset: Int?
        if scanner.take(UInt8(ascii: "Z")) || scanner.take(UInt8(ascii: "z")) {
            offset = nil
        } else if let sign = scanner.sign() {
            guard let hours = scanner.digits(2), hours <= 23 else { return nil }
            var minutes = 0
            if scanner.take(UInt8(ascii: ":")) {
                guard let m = scanner.digits(2) else { return nil }
                minutes = m
            } else if let m = scanner.digits(2) {
                minutes = m
            }
            guard minutes <= 59 else { return nil }
            offset = sign * (hours * 3600 + minutes * 60)
        }
        guard scanner.isAtEnd else { return nil }
        let days = localDay.dayNumber
        let local = days * 86_400 + hour * 3600 + minute * 60 + second
        let utc = local - (offset ?? 0)
        date = Date(timeIntervalSince1970: Double(utc) + fraction)
        utcOffsetSeconds = offset
    }
}

/// Reads ASCII digits and signs from the bytes of a short text, never past its end.
private struct DigitScanner {
    let bytes: [UInt8]
    var index = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { index >= bytes.count }

    mutating func take(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    mutating func digit() -> Int? {
        guard index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 else { return nil }
        defer { index += 1 }
        return Int(bytes[index] - 0x30)
    }

    /// Exactly `count` digits as a number, or `nil` (nothing consumed past the first non-digit).
    mutating func digits(_ count: Int) -> Int? {
        var value = 0
        for _ in 0..<count {
            guard let d = digit() else { return nil }
            value = value * 10 + d
        }
        return value
    }

    /// `+` → 1, `-` → −1, else `nil`.
    mutating func sign() -> Int? {
        if take(UInt8(ascii: "+")) { return 1 }
        if take(UInt8(ascii: "-")) { return -1 }
        return nil
    }
}
