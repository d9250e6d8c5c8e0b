import WorkoutModel

/// Where a record sits in local time: its stored local date and the wall-clock time of its
/// start in its own offset. Computed without `Calendar` (hot path).
struct RecordPlace {
    /// Days since 1970-01-01 of the record's `localDate`; when `localDate` is not a valid
    /// `YYYY-MM-DD`, the date of `start + utcOffsetSeconds`.
    let dayNumber: Int
    /// Seconds after local midnight of the start, in the record's own offset (0–86,399).
    let wallSeconds: Int

    /// The local clock hour of the start, 0–23.
    var hour: Int { wallSeconds / 3600 }

    init(_ record: SessionRecord) {
        let local = Int(record.start.timeIntervalSince1970.rounded(.down)) + record.utcOffsetSeconds
        let localDay = StatsContext.floorDiv(local, 86_400)
        wallSeconds = local - localDay * 86_400
        var text = record.localDate
        let parsed = text.withUTF8 { LocalDay.parseDigits($0) }
        if let (y, m, d) = parsed, (1...9999).contains(y), (1...12).contains(m),
           d >= 1, d <= LocalDay.daysIn(year: y, month: m) {
            dayNumber = LocalDay.dayNumber(year: y, month: m, day: d)
        } else {
            dayNumber = localDay
        }
    }
}
