import Foundation
import WorkoutModel

// Session records for tests: made from numbers so every run is the same.

/// A session record with whole-second instants, made from a number (so tests are repeatable).
/// - Parameters:
///   - n: picks the start (n minutes after 2026-11-30 06:00 UTC) and, without `id`, the id.
///   - workout: the name.
///   - offset: the stored UTC offset in seconds.
///   - weight: the weight; `nil` stores no weight and no kcal.
public func historyRecord(_ n: Int, id: UUID? = nil, workout: String = "Tabata", offset: Int = 3600,
                   weight: Double? = 70) -> SessionRecord {
    let start = Date(timeIntervalSince1970: 1_796_018_400 + Double(n * 60))
    return SessionRecord(
        id: id ?? numberedID(n), workout: workout, kind: .intervals, start: start, end: start.addingTimeInterval(240),
        timeZone: "Europe/Prague", utcOffsetSeconds: offset, localDate: localDay("2026-11-30"),
        workoutSeconds: 160, totalSeconds: 230, pausedSeconds: 0, rounds: 8, exercises: 1,
        weightKg: weight, kcal: weight.map { 8.0 * $0 * 160 / 3600 + 2.0 * $0 * 70 / 3600 })
}

/// The date `YYYY-MM-DD` written in a test's source. A text that is not a date is a mistake in
/// the test itself (a programmer error), so it stops the run.
public func localDay(_ text: String) -> LocalDay {
    guard let day = LocalDay(text) else { preconditionFailure("\(text) is not a date YYYY-MM-DD") }
    return day
}

/// `0000000N-…`: a UUID whose first group is `n` in hex, so ids sort and read predictably.
public func numberedID(_ n: Int, group: Int = 0) -> UUID {
    let text = String(format: "%08X-%04X-4000-8000-000000000000", n, group)
    return UUID(uuidString: text) ?? UUID()
}

/// Records as JSON lines (each ending with `\n`), the format of `history.jsonl`.
public func jsonLines(_ records: [SessionRecord]) throws -> Data {
    var data = Data()
    for record in records {
        data.append(try record.jsonLine())
        data.append(0x0A)
    }
    return data
}

/// The ids of the records in a JSON lines file's content, for lines that decode.
public func storedIDs(_ content: Data) -> [UUID] {
    content.split(separator: 0x0A).compactMap { try? SessionRecord(jsonLine: Data($0)).id }
}
