import Foundation
import WorkoutModel

/// Per-day totals derived from the history, so that years of sessions report fast
/// (DESIGN §4, issue 5). Never the source of truth: rebuild it from the records when it is
/// missing, stale or broken. This type is the pure value and its Codable form; where it is
/// stored is the store's business.
///
/// A cell holds the totals of the sessions with one stored local date, one local start hour
/// (0–23, in the record's own offset) and one filter key (`all`, `intervals`, `sport:<name>`;
/// a multisport session adds to `all` and to each sport it has a leg of). The hour lets a
/// period in progress be compared with the same elapsed part of its baseline exactly as the
/// records would. A report from a roll-up equals the report from its records for every
/// day-or-longer period; hourly periods (`day`, `24h`) need the records.
///
/// JSON (keys sorted):
/// ```json
/// {"cells": [[20250101, 7, 0, 1, 160000, 230000, 27600000, 1, 5000000]],
///  "keys": ["all", "sport:running"], "sessionCount": 1, "sports": ["cycling", "running"],
///  "version": 1}
/// ```
/// Each cell is `[yyyymmdd, hour, keyIndex, sessions, workoutMilliseconds, totalMilliseconds,
/// microKcal, (sportIndex, millimetres)…]`, cells sorted by date, hour and key.
public struct DailyRollup: Codable, Equatable, Sendable {
    /// The schema version this program writes and reads.
    public static let currentVersion = 1

    struct CellKey: Hashable, Sendable {
        let dayNumber: Int
        let hour: Int
        let filterKey: String
    }

    /// Records rolled up (each counted once, whatever its filter keys).
    public private(set) var sessionCount: Int = 0
    var cells: [CellKey: StatsTotals] = [:]

    /// An empty roll-up.
    public init() {}

    /// Rolls up records (any order; a record with an invalid `localDate` is placed by its start
    /// and offset).
    public init(records: some Sequence<SessionRecord>) {
        for record in records { add(record) }
    }

    /// Adds one record to its cells (for appending to a history without a rebuild).
    public mutating func add(_ record: SessionRecord) {
        let place = RecordPlace(record)
        sessionCount += 1
        addCell(place, record, .all)
        if record.kind == .intervals { addCell(place, record, .intervals) }
        var seen: Set<String> = []
        for leg in record.legs where seen.insert(leg.sport).inserted {
            addCell(place, record, .sport(leg.sport))
        }
    }

    private mutating func addCell(_ place: RecordPlace, _ record: SessionRecord, _ filter: SessionFilter) {
        cells[CellKey(dayNumber: place.dayNumber, hour: place.hour, filterKey: filter.key), default: StatsTotals()]
            .add(record, filter: filter)
    }

    /// The totals of one local date under a filter (all 24 hours).
    public func totals(on day: LocalDay, filter: SessionFilter) -> StatsTotals {
        var totals = StatsTotals()
        let dayNumber = day.dayNumber, key = filter.key
        for hour in 0..<24 {
            if let cell = cells[CellKey(dayNumber: dayNumber, hour: hour, filterKey: key)] { totals.add(cell) }
        }
        return totals
    }

    /// The first and last local dates with sessions; `nil` when empty.
    public var dateRange: ClosedRange<LocalDay>? {
        let numbers = cells.keys.map(\.dayNumber)
        guard let lo = numbers.min(), let hi = numbers.max(),
              let first = LocalDay(dayNumber: lo), let last = LocalDay(dayNumber: hi) else { return nil }
        return first...last
    }

    // MARK: Codable

    private enum CodingKeys: String, CodingKey { case version, sessionCount, keys, sports, cells }

    /// Encodes the compact form described on the type.
    /// - Throws: `EncodingError` from the encoder only.
    public func encode(to encoder: any Encoder) throws {
        let keys = Set(cells.keys.map(\.filterKey)).sorted()
        let sports = Set(cells.values.flatMap { $0.millimetresBySport.keys }).sorted()
        let keyIndex = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) })
        let sportIndex = Dictionary(uniqueKeysWithValues: sports.enumerated().map { ($1, $0) })
        let sorted = cells.sorted { a, b in
            (a.key.dayNumber, a.key.hour, keyIndex[a.key.filterKey] ?? 0)
                < (b.key.dayNumber, b.key.hour, keyIndex[b.key.filterKey] ?? 0)
        }
        var rows: [[Int64]] = []
        rows.reserveCapacity(sorted.count)
        for (key, totals) in sorted {
            let day = LocalDay(dayNumber: key.dayNumber) ?? LocalDay.epoch
            var row: [Int64] = [Int64(day.year * 10_000 + day.month * 100 + day.day), Int64(key.hour),
                                Int64(keyIndex[key.filterKey] ?? 0), Int64(totals.sessions),
                                totals.workoutMilliseconds, totals.totalMilliseconds, totals.microKcal]
            for (sport, mm) in totals.millimetresBySport.sorted(by: { $0.key < $1.key }) {
                row.append(Int64(sportIndex[sport] ?? 0))
                row.append(mm)
            }
            rows.append(row)
        }
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(Self.currentVersion, forKey: .version)
        try c.encode(sessionCount, forKey: .sessionCount)
        try c.encode(keys, forKey: .keys)
        try c.encode(sports, forKey: .sports)
        try c.encode(rows, forKey: .cells)
    }

    /// Decodes the compact form.
    /// - Throws: `DecodingError.dataCorrupted` for a version newer than ``currentVersion`` or
    ///   missing, a cell with an invalid date, hour, key or sport index, or an odd number of
    ///   sport fields; other `DecodingError`s for wrong types. (A broken roll-up is rebuilt from
    ///   the history by the caller.)
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let version = try c.decode(Int.self, forKey: .version)
        guard version >= 1, version <= Self.currentVersion else {
            throw DecodingError.dataCorruptedError(forKey: .version, in: c,
                debugDescription: "roll-up version \(version) is not supported (this program reads \(Self.currentVersion))")
        }
        sessionCount = try c.decode(Int.self, forKey: .sessionCount)
        let keys = try c.decode([String].self, forKey: .keys)
        let sports = try c.decode([String].self, forKey: .sports)
        let rows = try c.decode([[Int64]].self, forKey: .cells)
        var cells: [CellKey: StatsTotals] = [:]
        cells.reserveCapacity(rows.count)
        for (index, row) in rows.enumerated() {
            func broken(_ why: String) -> DecodingError {
                DecodingError.dataCorruptedError(forKey: .cells, in: c, debugDescription: "cell \(index): \(why)")
            }
            guard row.count >= 7, (row.count - 7) % 2 == 0 else { throw broken("expected 7 numbers and sport pairs") }
            let ymd = Int(row[0])
            guard let day = LocalDay(year: ymd / 10_000, month: ymd / 100 % 100, day: ymd % 100) else {
                throw broken("\(ymd) is not a date")
            }
            guard (0...23).contains(row[1]) else { throw broken("hour \(row[1]) is not 0–23") }
            guard row[2] >= 0, row[2] < keys.count else { throw broken("key index \(row[2]) is out of range") }
            var totals = StatsTotals()
            totals.sessions = Int(row[3])
            totals.workoutMilliseconds = row[4]
            totals.totalMilliseconds = row[5]
            totals.microKcal = row[6]
            var i = 7
            while i < row.count {
                guard row[i] >= 0, row[i] < sports.count else { throw broken("sport index \(row[i]) is out of range") }
                totals.millimetresBySport[sports[Int(row[i])], default: 0] += row[i + 1]
                i += 2
            }
            cells[CellKey(dayNumber: day.dayNumber, hour: Int(row[1]), filterKey: keys[Int(row[2])]), default: StatsTotals()]
                .add(totals)
        }
        self.cells = cells
    }
}
