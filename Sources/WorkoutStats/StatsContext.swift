import Foundation
import WorkoutModel

/// The calendar facts a report depends on, passed in (this module reads no clock, zone,
/// locale or environment): the zone of "now", the instant "now", and the first weekday.
///
/// Days are Gregorian calendar days of `timeZone`: their instants come from `Calendar`
/// (23, 24, 25 or 23.5 hours; a day may start at 01:00), never from 86,400-second blocks.
public struct StatsContext: Sendable {
    /// A Gregorian calendar in the viewing zone (first weekday and minimum days set as resolved).
    public let calendar: Calendar
    /// The instant "now".
    public let now: Date
    /// The first day of a week in `Calendar` numbering: 1 = Sunday, 2 = Monday, 7 = Saturday.
    public let firstWeekday: Int
    /// The local date of `now` in the calendar's zone ("today").
    public let today: LocalDay

    /// Creates a context.
    /// - Parameters:
    ///   - calendar: only its `timeZone` is used (a Gregorian calendar in that zone is built;
    ///     other calendar systems are not supported by `hiit stats`).
    ///   - now: the instant the report is made at.
    ///   - firstWeekday: from the profile. `system` takes the first weekday of `locale`'s region
    ///     (en_US → Sunday, de_DE → Monday, ar_EG → Saturday) and Monday when `locale` is `nil`
    ///     ("the locale says nothing").
    ///   - locale: the user's locale, consulted only for `system`; `nil` → Monday.
    public init(calendar: Calendar, now: Date, firstWeekday: Profile.FirstWeekday, locale: Locale? = nil) {
        self.init(timeZone: calendar.timeZone, now: now, firstWeekday: firstWeekday, locale: locale)
    }

    /// Creates a context in `timeZone`; see ``init(calendar:now:firstWeekday:locale:)``.
    public init(timeZone: TimeZone, now: Date, firstWeekday: Profile.FirstWeekday, locale: Locale? = nil) {
        let weekday: Int
        switch firstWeekday {
        case .monday: weekday = 2
        case .sunday: weekday = 1
        case .saturday: weekday = 7
        case .system:
            if let locale {
                var probe = Calendar(identifier: .gregorian)
                probe.locale = locale
                weekday = probe.firstWeekday
            } else {
                weekday = 2
            }
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        calendar.firstWeekday = weekday
        calendar.minimumDaysInFirstWeek = 4
        self.calendar = calendar
        self.now = now
        self.firstWeekday = weekday
        self.today = StatsContext.localDay(of: now, in: calendar)
    }

    /// The viewing zone.
    public var timeZone: TimeZone { calendar.timeZone }

    /// The local date of an instant in `calendar`'s zone.
    static func localDay(of date: Date, in calendar: Calendar) -> LocalDay {
        LocalDay(of: date, in: calendar) ?? LocalDay.epoch
    }

    /// The local date of an instant in the viewing zone.
    public func localDay(of date: Date) -> LocalDay { StatsContext.localDay(of: date, in: calendar) }

    /// The first instant of a local date in the viewing zone (00:00, or 01:00 where midnight
    /// does not exist, as in America/Santiago on 2024-09-08).
    public func startOfDay(_ day: LocalDay) -> Date {
        let noon = calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day, hour: 12))
            ?? Date(timeIntervalSince1970: Double(day.dayNumber) * 86_400)
        return calendar.startOfDay(for: noon)
    }

    /// The local clock hour (0–23) of an instant in the viewing zone.
    func localHour(of date: Date) -> Int {
        let local = Int((date.timeIntervalSince1970).rounded(.down)) + timeZone.secondsFromGMT(for: date)
        return StatsContext.floorMod(local, 86_400) / 3600
    }

    /// The instant of `hour`:00 on a local date (0–24; 24 is the next day's start). An hour
    /// skipped by a DST change resolves as `Calendar` does (to the first instant after the gap).
    func instant(of day: LocalDay, hour: Int) -> Date {
        if hour >= 24, let next = day.adding(days: 1) { return startOfDay(next) }
        if hour <= 0 { return startOfDay(day) }
        return calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day, hour: hour))
            ?? startOfDay(day)
    }

    /// ISO 8601 date-time with the zone's UTC offset at that instant: `2024-10-27T02:00:00+01:00`.
    public func isoDateTime(_ date: Date) -> String {
        let offset = timeZone.secondsFromGMT(for: date)
        let local = Int(date.timeIntervalSince1970.rounded(.down)) + offset
        let days = StatsContext.floorDiv(local, 86_400)
        let seconds = local - days * 86_400
        let day = LocalDay(dayNumber: days) ?? LocalDay.epoch
        let sign = offset < 0 ? "-" : "+"
        let abs = Swift.abs(offset)
        return "\(day)T\(Self.two(seconds / 3600)):\(Self.two(seconds % 3600 / 60)):\(Self.two(seconds % 60))"
            + "\(sign)\(Self.two(abs / 3600)):\(Self.two(abs % 3600 / 60))"
    }

    static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    static func floorDiv(_ a: Int, _ b: Int) -> Int { a >= 0 ? a / b : -((-a + b - 1) / b) }
    static func floorMod(_ a: Int, _ b: Int) -> Int { a - floorDiv(a, b) * b }
}
