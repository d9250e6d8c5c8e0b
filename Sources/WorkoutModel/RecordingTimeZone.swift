import Foundation

/// What a ``SessionRecord`` needs of the time zone it was recorded in: the zone's name and its
/// offset from UTC at the session's start (which give `timeZone`, `utcOffsetSeconds` and
/// `localDate`). `TimeZone` is one; a timer can also name the zone the C library reads
/// without Foundation, whose `TimeZone` checks every name against ICU's zone data.
public protocol RecordingTimeZone {
    /// The name stored in the record: an IANA name (`Europe/Prague`), or `GMT+0300` for a
    /// fixed offset.
    var identifier: String { get }

    /// The offset from UTC at `date`, in seconds east of Greenwich (3600 for CET).
    func secondsFromGMT(for date: Date) -> Int
}

extension TimeZone: RecordingTimeZone {}
