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
/// {"cells": "20250101,7,0,1,1800000,1800000,300500000,0,5000250;20250101,7,1,1,…",
///  "keys": ["all", "sport:running"], "sessionCount": 1, "sports": ["running"], "version": 1}
/// ```
/// `cells` packs the cells in one string (a JSON array of arrays decodes ten times slower):
/// rows separated by `;`, each `yyyymmdd,hour,keyIndex,sessions,workoutMilliseconds,
/// totalMilliseconds,microKcal` followed by `sportIndex,millimetres` pairs; rows sorted by
/// date, hour and key; `keys` and `sports` are the tables the indices point into.
public struct DailyRollup: Codable, Sendable {
    /// The schema version this program writes and reads.
    public static let currentVersion = 1

    struct CellKey: Hashable, Sendable {
        let dayNumber: Int
        let hour: Int
        let filterKey: String
    }

    struct Cell: Sendable {
        let key: CellKey
        var totals: StatsTotals
    }

    /// Records rolled up (each counted once, whatever its filter keys).
    public private(set) var sessionCount: Int = 0
    /// The cells, in no particular order (a decoded roll-up keeps the file's order).
    private(set) var cells: [Cell] = []
    /// Cell key → index in `cells`; built on the first ``add(_:)`` after decoding.
    private var lookup: [CellKey: Int] = [:]
    private var lookupIsComplete = true

    /// An empty roll-up.
    public init() {}

    /// Rolls up records (any order).
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
        if !lookupIsComplete {
            lookup = Dictionary(cells.enumerated().map { ($1.key, $0) }, uniquingKeysWith: { first, _ in first })
            lookupIsComplete = true
        }
        let key = CellKey(dayNumber: place.dayNumber, hour: place.hour, filterKey: filter.key)
        if let index = lookup[key] {
            cells[index].totals.add(record, filter: filter)
        } else {
            var totals = StatsTotals()
            totals.add(record, filter: filter)
            lookup[key] = cells.count
            cells.append(Cell(key: key, totals: totals))
        }
    }

    /// The totals of one local date under a filter (all 24 hours).
    public func totals(on day: LocalDay, filter: SessionFilter) -> StatsTotals {
        var totals = StatsTotals()
        let dayNumber = day.dayNumber, key = filter.key
        for cell in cells where cell.key.dayNumber == dayNumber && cell.key.filterKey == key { totals.add(cell.totals) }
        return totals
    }

    /// The cells merged by key (equal roll-ups have equal merged cells whatever their order).
    private var merged: [CellKey: StatsTotals] {
        var result: [CellKey: StatsTotals] = [:]
        for cell in cells { result[cell.key, default: StatsTotals()].add(cell.totals) }
        return result
    }

    /// The first and last local dates with sessions; `nil` when empty.
    public var dateRange: ClosedRange<LocalDay>? {
        let numbers = cells.map(\.key.dayNumber)
        guard let lo = numbers.min(), let hi = numbers.max(),
              let first = LocalDay(dayNumber: lo), let last = LocalDay(dayNumber: hi) else { return nil }
        return first...last
    }

    // MARK: Codable

    private enum CodingKeys: String, CodingKey { case version, sessionCount, keys, sports, cells }

    /// Encodes the compact form described on the type.
    /// - Throws: `EncodingError` from the encoder only.
    public func encode(to encoder: any Encoder) throws {
        let cells = merged
        let keys = Set(cells.keys.map(\.filterKey)).sorted()
        let sports = Set(cells.values.flatMap { $0.millimetresBySport.keys }).sorted()
        let keyIndex = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) })
        let sportIndex = Dictionary(uniqueKeysWithValues: sports.enumerated().map { ($1, $0) })
        let sorted = cells.map { (key: $0.key, index: keyIndex[$0.key.filterKey] ?? 0, totals: $0.value) }
            .sorted { ($0.key.dayNumber, $0.key.hour, $0.index) < ($1.key.dayNumber, $1.key.hour, $1.index) }
        var text = ""
        text.reserveCapacity(sorted.count * 48)
        for cell in sorted {
            if !text.isEmpty { text += ";" }
            let day = LocalDay(dayNumber: cell.key.dayNumber) ?? LocalDay.epoch
            let totals = cell.totals
            text += "\(day.year * 10_000 + day.month * 100 + day.day),\(cell.key.hour),\(cell.index),"
            text += "\(totals.sessions),\(totals.workoutMilliseconds),\(totals.totalMilliseconds),\(totals.microKcal)"
            for (sport, mm) in totals.millimetresBySport.sorted(by: { $0.key < $1.key }) {
                text += ",\(sportIndex[sport] ?? 0),\(mm)"
            }
        }
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(Self.currentVersion, forKey: .version)
        try c.encode(sessionCount, forKey: .sessionCount)
        try c.encode(keys, forKey: .keys)
        try c.encode(sports, forKey: .sports)
        try c.encode(text, forKey: .cells)
    }

    /// Decodes the compact form.
    /// - Throws: `DecodingError.dataCorrupted` for a version newer than ``currentVersion`` or
    ///   below 1, a cell that is not 7 integers plus sport pairs, or one with an invalid date,
    ///   hour, key or sport index; other `DecodingError`s for wrong types or missing keys.
    ///   (A broken roll-up is rebuilt from the history by the caller.)
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
        var text = try c.decode(String.self, forKey: .cells)
        let parsed: Result<[Cell], CellError> = text.withUTF8 { bytes in
            Self.parseCells(bytes, keys: keys, sports: sports)
        }
        switch parsed {
        case .success(let cells):
            self.cells = cells
            lookupIsComplete = cells.isEmpty
        case .failure(let error):
            throw DecodingError.dataCorruptedError(forKey: .cells, in: c,
                                                   debugDescription: "cell \(error.index + 1): \(error.reason)")
        }
    }

    struct CellError: Error {
        let index: Int
        let reason: String
    }

    /// Parses `cells`: rows separated by `;`, integers separated by `,` (hot path: bytes, no
    /// intermediate strings).
    static func parseCells(_ bytes: UnsafeBufferPointer<UInt8>, keys: [String], sports: [String])
        -> Result<[Cell], CellError> {
        var cells: [Cell] = []
        cells.reserveCapacity(bytes.count / 40)
        var row: [Int64] = []
        row.reserveCapacity(16)
        var index = 0
        var value: Int64 = 0, negative = false, digits = 0
        var i = 0
        let count = bytes.count
        while i <= count {
            let b: UInt8 = i < count ? bytes[i] : 0x3B
            switch b {
            case 0x30...0x39:
                guard digits < 18 else { return .failure(CellError(index: index, reason: "a number is too long")) }
                value = value * 10 + Int64(b - 0x30)
                digits += 1
            case 0x2D where digits == 0 && !negative:
                negative = true
            case 0x2C, 0x3B:
                guard digits > 0 else {
                    if b == 0x3B && row.isEmpty && i == count && count == 0 { break }
                    return .failure(CellError(index: index, reason: "expected a number"))
                }
                row.append(negative ? -value : value)
                value = 0; negative = false; digits = 0
                if b == 0x3B {
                    switch makeCell(row, keys: keys, sports: sports) {
                    case .success(let (key, totals)): cells.append(Cell(key: key, totals: totals))
                    case .failure(let reason): return .failure(CellError(index: index, reason: reason.text))
                    }
                    row.removeAll(keepingCapacity: true)
                    index += 1
                }
            default:
                return .failure(CellError(index: index, reason: "unexpected character \(Character(Unicode.Scalar(b)))"))
            }
            i += 1
        }
        return .success(cells)
    }

    struct Reason: Error { let text: String }

    static func makeCell(_ row: [Int64], keys: [String], sports: [String]) -> Result<(CellKey, StatsTotals), Reason> {
        guard row.count >= 7, (row.count - 7) % 2 == 0 else { return .failure(Reason(text: "expected 7 numbers and sport pairs")) }
        let ymd = Int(row[0])
        guard let day = LocalDay(year: ymd / 10_000, month: ymd / 100 % 100, day: ymd % 100) else {
            return .failure(Reason(text: "\(ymd) is not a date"))
        }
        guard (0...23).contains(row[1]) else { return .failure(Reason(text: "hour \(row[1]) is not 0–23")) }
        guard row[2] >= 0, row[2] < keys.count else { return .failure(Reason(text: "key index \(row[2]) is out of range")) }
        var totals = StatsTotals()
        totals.sessions = Int(row[3])
        totals.workoutMilliseconds = row[4]
        totals.totalMilliseconds = row[5]
        totals.microKcal = row[6]
        var i = 7
        while i < row.count {
            guard row[i] >= 0, row[i] < sports.count else { return .failure(Reason(text: "sport index \(row[i]) is out of range")) }
            totals.millimetresBySport[sports[Int(row[i])], default: 0] += row[i + 1]
            i += 2
        }
        return .success((CellKey(dayNumber: day.dayNumber, hour: Int(row[1]), filterKey: keys[Int(row[2])]), totals))
    }
}

extension DailyRollup: Equatable {
    /// Equal when they rolled up the same number of records into the same totals per cell
    /// (order of cells and of records does not matter).
    public static func == (lhs: DailyRollup, rhs: DailyRollup) -> Bool {
        lhs.sessionCount == rhs.sessionCount && lhs.merged == rhs.merged
    }
}
