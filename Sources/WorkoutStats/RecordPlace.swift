import WorkoutModel

/// Where a record sits in local time: its stored local date and the wall-clock time of its
/// start in its own offset. Computed without `Calendar` (hot path).
struct RecordPlace {
    /// Days since 1970-01-01 of the record's `localDate`.
    let dayNumber: Int
    /// Seconds after local midnight of the start, in the record's own offset (0–86,399).
    let wallSeconds: Int

    /// The local clock hour of the start, 0–23.
    var hour: Int { wallSeconds / 3600 }

    init(_ record: SessionRecord) {
        let local = Int(record.start.timeIntervalSince1970.rounded(.down)) + record.utcOffsetSeconds
        let localDay = StatsContext.floorDiv(local, 86_400)
        wallSeconds = local - localDay * 86_400
        dayNumber = record.localDate.dayNumber
    }
}
