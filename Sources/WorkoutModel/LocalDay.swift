import Foundation

/// A calendar date without a time or zone (proleptic Gregorian), as stored in a record's
/// `localDate` and written in files and JSON output as `YYYY-MM-DD`.
///
/// Day arithmetic here is pure integer arithmetic on dates, so it never meets a DST
/// transition: a day is a date, whatever its length in hours. Instants of a day come from a
/// `Calendar` (see `StatsContext` in WorkoutStats). This type is the one place that decides
/// what a calendar date is (years 1–9999, months 1–12, days within the month, leap years
/// counted) and the one place that turns dates into day numbers and back.
public struct LocalDay: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Year, 1–9999.
    public let year: Int
    /// Month, 1–12.
    public let month: Int
    /// Day of the month, 1–28/29/30/31.
    public let day: Int

    /// The years a date may have: 1–9999 (four digits in `YYYY-MM-DD`).
    public static let yearRange: ClosedRange<Int> = 1...9999

    /// 1970-01-01 (day number 0): a fallback that cannot fail.
    public static let epoch = LocalDay(unchecked: 1970, 1, 1)
    /// 0001-01-01, the earliest date.
    public static let earliest = LocalDay(unchecked: 1, 1, 1)
    /// 9999-12-31, the latest date.
    public static let latest = LocalDay(unchecked: 9999, 12, 31)

    /// Creates a date from its parts, or `nil` when they do not name a real date
    /// (year 1–9999, month 1–12, day within the month).
    public init?(year: Int, month: Int, day: Int) {
        guard LocalDay.yearRange.contains(year), (1...12).contains(month),
              day >= 1, day <= LocalDay.daysIn(year: year, month: month) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// A date from parts already known to be valid (internal: no check).
    init(unchecked year: Int, _ month: Int, _ day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The local date of an instant in `calendar`'s time zone, or `nil` outside years 1–9999.
    ///
    /// Pure: the zone comes with the calendar; nothing is read from the machine.
    /// - Parameters:
    ///   - date: the instant.
    ///   - calendar: a Gregorian calendar in the zone of interest (its first weekday does not matter).
    public init?(of date: Date, in calendar: Calendar) {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        guard let year = parts.year, let month = parts.month, let day = parts.day else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The date of `date` on a clock `utcOffsetSeconds` ahead of UTC, counted by day arithmetic
    /// (no `Calendar`, so no time zone data is loaded); `nil` outside the years
    /// ``UTCInstant/arithmeticYears`` (1600–9999), where Foundation's Gregorian calendar counts
    /// Julian days before 1582 and ``init(of:in:)`` gives its answer.
    /// - Parameters:
    ///   - date: the instant.
    ///   - utcOffsetSeconds: the local clock's offset from UTC at that instant, seconds.
    public init?(of date: Date, utcOffsetSeconds: Int) {
        let local = (date.timeIntervalSince1970 + Double(utcOffsetSeconds)) / 86_400
        guard local.isFinite, abs(local) < 1e8,
              let day = LocalDay(dayNumber: Int(local.rounded(.down))), UTCInstant.arithmeticYears.contains(day.year)
        else { return nil }
        self = day
    }

    /// Parses `YYYY-MM-DD` (exactly four, two and two ASCII digits naming a real date), or
    /// returns `nil`.
    public init?(_ text: String) {
        var text = text
        guard let day = text.withUTF8({ LocalDay(utf8: $0) }) else { return nil }
        self = day
    }

    /// Parses `YYYY-MM-DD` from its UTF-8 bytes (exactly ten: four, two and two ASCII digits
    /// naming a real date), or returns `nil`. No allocation and no `Calendar`: the history
    /// reader calls it for every line.
    public init?(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count == 10, bytes[4] == 0x2D, bytes[7] == 0x2D else { return nil }
        func digits(_ from: Int, _ count: Int) -> Int? {
            var value = 0
            for i in from..<from + count {
                let digit = bytes[i] &- 0x30
                guard digit < 10 else { return nil }
                value = value * 10 + Int(digit)
            }
            return value
        }
        guard let year = digits(0, 4), let month = digits(5, 2), let day = digits(8, 2) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The date `dayNumber` days after 1970-01-01 (negative before it); `nil` outside years 1–9999.
    public init?(dayNumber: Int) {
        // Howard Hinnant's civil_from_days.
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        let y = yoe + era * 400 + (m <= 2 ? 1 : 0)
        guard LocalDay.yearRange.contains(y) else { return nil }
        self.init(unchecked: y, m, d)
    }

    /// Days since 1970-01-01 (negative before it).
    public var dayNumber: Int { LocalDay.dayNumber(year: year, month: month, day: day) }

    /// Days since 1970-01-01 of a (valid) date: Howard Hinnant's days_from_civil.
    private static func dayNumber(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// Days in a month (1–12) of a year (28–31; February has 29 in leap years of the Gregorian
    /// calendar: divisible by 4, not by 100 unless by 400).
    public static func daysIn(year: Int, month: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Weekday in `Calendar` numbering: 1 = Sunday … 7 = Saturday.
    public var weekday: Int {
        // 1970-01-01 was a Thursday (5).
        let r = (dayNumber + 4) % 7
        return (r < 0 ? r + 7 : r) + 1
    }

    /// The date `days` calendar days later (earlier when negative); `nil` outside years 1–9999.
    public func adding(days: Int) -> LocalDay? { LocalDay(dayNumber: dayNumber + days) }

    /// The date `months` calendar months later (earlier when negative), the day clamped to the
    /// target month's length (31 March − 1 month = 28 or 29 February); `nil` outside years 1–9999.
    public func adding(months: Int) -> LocalDay? {
        let index = year * 12 + (month - 1) + months
        let y = index >= 0 ? index / 12 : (index - 11) / 12
        let m = index - y * 12 + 1
        guard LocalDay.yearRange.contains(y) else { return nil }
        return LocalDay(year: y, month: m, day: min(day, LocalDay.daysIn(year: y, month: m)))
    }

    /// Whole days from `self` to `other` (positive when `other` is later).
    public func days(to other: LocalDay) -> Int { other.dayNumber - dayNumber }

    /// The first day of this date's month.
    public var firstOfMonth: LocalDay { LocalDay(unchecked: year, month, 1) }
    /// The last day of this date's month.
    public var lastOfMonth: LocalDay { LocalDay(unchecked: year, month, LocalDay.daysIn(year: year, month: month)) }

    /// ISO 8601 week of this date: the week-numbering year and week 1–53 (weeks start on
    /// Monday; week 1 holds the year's first Thursday).
    public var isoWeek: (year: Int, week: Int) {
        let isoWeekday = (weekday + 5) % 7 + 1 // Monday 1 … Sunday 7
        let thursday = dayNumber - isoWeekday + 4
        guard let thursdayDay = LocalDay(dayNumber: thursday) else { return (year, 1) }
        let jan1 = LocalDay.dayNumber(year: thursdayDay.year, month: 1, day: 1)
        return (thursdayDay.year, (thursday - jan1) / 7 + 1)
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        let y = String(year), m = String(month), d = String(day)
        return String(repeating: "0", count: max(0, 4 - y.count)) + y + "-"
            + (m.count < 2 ? "0" : "") + m + "-" + (d.count < 2 ? "0" : "") + d
    }

    /// Earlier dates sort first.
    public static func < (lhs: LocalDay, rhs: LocalDay) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    static let monthAbbreviations = ["Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                     "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    static let weekdayAbbreviations = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]

    /// English three-letter month: `Jan` … `Dec`.
    public var monthAbbreviation: String { LocalDay.monthAbbreviations[month - 1] }
    /// English three-letter weekday: `Sun` … `Sat`.
    public var weekdayAbbreviation: String { LocalDay.weekdayAbbreviations[weekday - 1] }
}

extension LocalDay: Codable {
    /// Decodes `YYYY-MM-DD` from a string.
    /// - Throws: `DecodingError.typeMismatch` when the value is not a string;
    ///   `DecodingError.dataCorrupted` when the string is not a valid date (2025-02-29 is not,
    ///   2024-02-29 is).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let day = LocalDay(text) else {
            throw DecodingError.dataCorruptedError(in: container,
                                                   debugDescription: "\"\(text)\" is not a date YYYY-MM-DD")
        }
        self = day
    }

    /// Encodes `YYYY-MM-DD` as a string.
    /// - Throws: `EncodingError` from the encoder only.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
