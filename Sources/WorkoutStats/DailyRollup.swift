import Foundation
import WorkoutModel

/// Per-day totals derived from the history, so that years of sessions report fast
/// (DESIGN §4, issues 5 and 12). Never the source of truth: rebuild it from the records when
/// it is missing, stale or broken. This type is the pure value and its stored form
/// (``binaryForm``); where it is stored is the store's business.
///
/// A cell holds the totals of the sessions with one stored local date, one local start hour
/// (0–23, in the record's own offset) and one filter key (`all`, `intervals`, `sport:<name>`;
/// a multisport session adds to `all` and to each sport it has a leg of, a `hiit` leg to
/// `intervals`; distances and ascent go to `all` and to the cell of their leg's sport). The hour lets a
/// period in progress be compared with the same elapsed part of its baseline exactly as the
/// records would. A report from a roll-up equals the report from its records for every
/// day-or-longer period; hourly periods (`day`, `24h`) need the records.
///
/// The cells are kept flat (fixed-size values in one array, distances chained per cell in a
/// second one, keys and sports as small indices), so that 100,000 sessions roll up into a
/// few MB and are added at the cost of a hash lookup each. Roll-ups of parts of a history
/// (read at the same time) are merged without a copy: they are kept as ``parts`` and folded
/// into one only when a record is added after them.
public struct DailyRollup: Sendable {
    /// The version of ``binaryForm`` this program writes and reads (1 was a JSON text form, 2
    /// had no ascent in its cells). The cache's kind names it, so a cache of another version is
    /// rebuilt from the history, never misread.
    public static let currentVersion = 3

    /// The sums of one cell but distances (those are in ``Distance``), in the fixed-point units
    /// of ``StatsTotals``.
    struct Cell: Sendable {
        var workoutMilliseconds: Int64 = 0
        var totalMilliseconds: Int64 = 0
        var microKcal: Int64 = 0
        /// Millimetres climbed by the legs the cell's key counts (``SessionFilter/countsLegs(of:)``).
        var ascentMillimetres: Int64 = 0
        /// ``LocalDay/dayNumber`` of the local date.
        var dayNumber: Int32
        /// Index into ``keys``.
        var key: UInt32
        var sessions: Int32 = 0
        /// Index of the cell's first entry in ``distances``, -1 for none.
        var firstDistance: Int32 = -1
        /// The next cell of the same date and hour (another key), -1 for none.
        var nextInSlot: Int32 = -1
        /// The local start hour, 0–23.
        var hour: UInt8

        init(dayNumber: Int32, hour: UInt8, key: UInt32) {
            self.dayNumber = dayNumber
            self.hour = hour
            self.key = key
        }
    }

    /// The distance of one sport in one cell; the entries of a cell are chained by `next`.
    struct Distance: Sendable {
        var millimetres: Int64
        /// Index into ``sports``.
        var sport: UInt32
        /// The cell's next entry, -1 for none.
        var next: Int32
    }

    /// Records rolled up (each counted once, whatever its filter keys).
    public private(set) var sessionCount: Int = 0
    /// Filter keys (``SessionFilter/key``) that cells point into.
    private(set) var keys: [String] = []
    /// Sport names that distance entries point into.
    private(set) var sports: [String] = []
    /// One cell per (date, hour, key), in no particular order.
    private(set) var cells: [Cell] = []
    /// Distance entries of all cells.
    private(set) var distances: [Distance] = []
    /// Key name → index into ``keys``.
    private var keyIndex: [String: UInt32] = [:]
    /// Sport name → (index of its `sport:` key, index into ``sports``).
    private var sportIndex: [String: (key: UInt32, sport: UInt32)] = [:]
    /// The sport looked up last and its indices (most legs in a row are of few sports).
    private var lastSport: (name: String, key: UInt32, sport: UInt32)?
    /// The indices of the `all` and `intervals` keys, once interned.
    private var allKey: UInt32?, intervalsKey: UInt32?
    /// Roll-ups merged in by ``merge(_:)`` and not folded into ``cells`` yet (each without parts
    /// of its own); every reading looks at them too.
    private var parts: [DailyRollup] = []
    /// Packed (date, hour) → index into ``cells`` of the first cell of that date and hour (the
    /// others follow by ``Cell/nextInSlot``), so a record costs one hash lookup whatever its
    /// keys; built on the first ``add(_:)`` after decoding.
    private var lookup: [Int64: Int32] = [:]
    private var lookupIsComplete = true

    /// An empty roll-up.
    public init() {}

    /// Rolls up records (any order).
    public init(records: some Sequence<SessionRecord>) {
        for record in records { add(record) }
    }

    // MARK: Adding

    /// Adds one record to its cells (for a rebuild record by record, or for appending to a
    /// history without a rebuild).
    public mutating func add(_ record: SessionRecord) {
        foldParts()
        completeLookup()
        let place = RecordPlace(record)
        guard let dayNumber = Int32(exactly: place.dayNumber) else { return }
        let hour = UInt8(place.hour)
        sessionCount += 1
        let workout = StatsTotals.fixed(record.workoutSeconds, scale: 1000)
        let total = StatsTotals.fixed(record.totalSeconds, scale: 1000)
        let kcal = record.kcal.map { StatsTotals.fixed($0, scale: 1_000_000) } ?? 0
        let slot = Self.pack(dayNumber, hour)
        let firstInSlot = lookup[slot] ?? -1
        var first = firstInSlot
        defer { if first != firstInSlot { lookup[slot] = first } }

        // The keys this record has counted a session in so far: those below 64 as bits (no
        // array made per record), any others listed.
        var countedKeys: UInt64 = 0
        var countedBeyond: [UInt32] = []
        func isCounted(_ key: UInt32) -> Bool {
            key < 64 ? countedKeys & (1 << UInt64(key)) != 0 : countedBeyond.contains(key)
        }
        // The cell of `key` among this date and hour's, if there is one.
        func cellInSlot(_ key: UInt32) -> Int? {
            var index = Int(first)
            while index >= 0, cells[index].key != key { index = Int(cells[index].nextInSlot) }
            return index >= 0 ? index : nil
        }
        func addSession(key: UInt32) -> Int {
            let index: Int
            if let found = cellInSlot(key) {
                index = found
            } else {
                index = cells.count
                var cell = Cell(dayNumber: dayNumber, hour: hour, key: key)
                cell.nextInSlot = first
                cells.append(cell)
                first = Int32(index)
            }
            cells[index].sessions &+= 1
            cells[index].workoutMilliseconds &+= workout
            cells[index].totalMilliseconds &+= total
            cells[index].microKcal &+= kcal
            if key < 64 { countedKeys |= 1 << UInt64(key) } else { countedBeyond.append(key) }
            return index
        }

        let allIndex = allKey ?? internKey(SessionFilter.all.key)
        allKey = allIndex
        let all = addSession(key: allIndex)
        if record.kind == .intervals {
            let intervalsIndex = intervalsKey ?? internKey(SessionFilter.intervals.key)
            intervalsKey = intervalsIndex
            _ = addSession(key: intervalsIndex)
        }
        // Each sport the session has a leg of counts the session once, with its own legs'
        // distances and ascent (a `hiit` leg's key is `intervals`: once, whatever the kind).
        // By index: only the fields used are read, no leg (200 bytes) copied out as `for leg in` would.
        for index in record.legs.indices {
            let indices = internSport(record.legs[index].sport)
            let cell: Int
            if isCounted(indices.key), let counted = cellInSlot(indices.key) { cell = counted } else { cell = addSession(key: indices.key) }
            if let ascent = record.legs[index].ascentMeters {
                let mm = StatsTotals.fixed(ascent, scale: 1000)
                cells[all].ascentMillimetres &+= mm
                cells[cell].ascentMillimetres &+= mm
            }
            guard let meters = record.legs[index].distanceMeters else { continue }
            let mm = StatsTotals.fixed(meters, scale: 1000)
            guard mm != 0 else { continue }
            addDistance(mm, sport: indices.sport, to: all)
            addDistance(mm, sport: indices.sport, to: cell)
        }
    }

    /// Adds another roll-up's records (a roll-up of another part of the history): the result is
    /// the roll-up of both parts' records. Costs no copy: `other` is kept as it is until a
    /// record is added.
    /// - Parameter other: the roll-up to add.
    public mutating func merge(_ other: DailyRollup) {
        sessionCount += other.sessionCount
        var whole = other
        let nested = whole.parts
        whole.parts = []
        whole.sessionCount -= nested.reduce(0) { $0 + $1.sessionCount }
        parts.append(whole)
        parts.append(contentsOf: nested)
    }

    /// Copies the ``parts`` into ``cells`` (before a record is added to them).
    private mutating func foldParts() {
        guard !parts.isEmpty else { return }
        let folded = parts
        parts = []
        completeLookup()
        for part in folded { fold(part) }
    }

    /// Adds the cells of a roll-up without parts into ``cells``.
    private mutating func fold(_ other: DailyRollup) {
        cells.reserveCapacity(cells.count + other.cells.count)
        let keyMap = other.keys.map { internKey($0) }
        let sportMap = other.sports.map { internSport($0).sport }
        for cell in other.cells {
            let slot = Self.pack(cell.dayNumber, cell.hour)
            let key = keyMap[Int(cell.key)]
            let first = lookup[slot] ?? -1
            var index = Int(first)
            while index >= 0, cells[index].key != key { index = Int(cells[index].nextInSlot) }
            if index < 0 {
                index = cells.count
                var new = Cell(dayNumber: cell.dayNumber, hour: cell.hour, key: key)
                new.nextInSlot = first
                cells.append(new)
                lookup[slot] = Int32(index)
            }
            cells[index].sessions &+= cell.sessions
            cells[index].workoutMilliseconds &+= cell.workoutMilliseconds
            cells[index].totalMilliseconds &+= cell.totalMilliseconds
            cells[index].microKcal &+= cell.microKcal
            cells[index].ascentMillimetres &+= cell.ascentMillimetres
            var entry = cell.firstDistance
            while entry >= 0 {
                let found = other.distances[Int(entry)]
                addDistance(found.millimetres, sport: sportMap[Int(found.sport)], to: index)
                entry = found.next
            }
        }
    }

    /// Builds ``lookup`` and the cells' slot chains when they are not built yet (after decoding).
    private mutating func completeLookup() {
        guard !lookupIsComplete else { return }
        lookup = [:]
        lookup.reserveCapacity(cells.count)
        for index in cells.indices {
            let slot = Self.pack(cells[index].dayNumber, cells[index].hour)
            cells[index].nextInSlot = lookup[slot] ?? -1
            lookup[slot] = Int32(index)
        }
        lookupIsComplete = true
    }

    /// Adds millimetres of a sport to a cell.
    private mutating func addDistance(_ mm: Int64, sport: UInt32, to cell: Int) {
        var entry = cells[cell].firstDistance
        while entry >= 0 {
            if distances[Int(entry)].sport == sport {
                distances[Int(entry)].millimetres &+= mm
                return
            }
            entry = distances[Int(entry)].next
        }
        distances.append(Distance(millimetres: mm, sport: sport, next: cells[cell].firstDistance))
        cells[cell].firstDistance = Int32(distances.count - 1)
    }

    /// The index of a filter key, added when new.
    private mutating func internKey(_ key: String) -> UInt32 {
        if let index = keyIndex[key] { return index }
        let index = UInt32(keys.count)
        keys.append(key)
        keyIndex[key] = index
        return index
    }

    /// The key and sport indices of a sport, added when new.
    private mutating func internSport(_ name: String) -> (key: UInt32, sport: UInt32) {
        if let last = lastSport, last.name == name { return (last.key, last.sport) }
        let indices: (key: UInt32, sport: UInt32)
        if let known = sportIndex[name] {
            indices = known
        } else {
            indices = (internKey(SessionFilter.sport(name).key), UInt32(sports.count))
            sports.append(name)
            sportIndex[name] = indices
        }
        lastSport = (name, indices.key, indices.sport)
        return indices
    }

    /// (date, hour) as one number.
    private static func pack(_ dayNumber: Int32, _ hour: UInt8) -> Int64 {
        Int64(dayNumber) << 8 | Int64(hour)
    }

    // MARK: Reading

    /// Calls `cell` with the date, hour and sums (distances left out) of each cell of `filter`,
    /// and `distance` with the date, hour, sport and millimetres of each of their distances
    /// (a date, hour and key may come more than once: their sums add up).
    func forEachCell(of filter: SessionFilter, _ cell: (_ dayNumber: Int, _ hour: Int, _ sums: Cell) -> Void,
                     distance: (_ dayNumber: Int, _ hour: Int, _ sport: String, _ millimetres: Int64) -> Void) {
        for part in parts { part.forEachCell(of: filter, cell, distance: distance) }
        guard let key = keyIndex[filter.key] else { return }
        for item in cells where item.key == key {
            cell(Int(item.dayNumber), Int(item.hour), item)
            var entry = item.firstDistance
            while entry >= 0 {
                let found = distances[Int(entry)]
                distance(Int(item.dayNumber), Int(item.hour), sports[Int(found.sport)], found.millimetres)
                entry = found.next
            }
        }
    }

    /// The totals of one local date under a filter (all 24 hours).
    public func totals(on day: LocalDay, filter: SessionFilter) -> StatsTotals {
        var totals = StatsTotals()
        let dayNumber = day.dayNumber
        forEachCell(of: filter) { cellDay, _, sums in
            if cellDay == dayNumber { totals.add(sums) }
        } distance: { cellDay, _, sport, mm in
            if cellDay == dayNumber { totals.addDistance(mm, sport: sport) }
        }
        return totals
    }

    /// How many local dates have at least one session (`hiit stats --cache`).
    public var dayCount: Int {
        Set(([self] + parts).flatMap { $0.cells.map(\.dayNumber) }).count
    }

    /// The first and last local dates with sessions; `nil` when empty.
    public var dateRange: ClosedRange<LocalDay>? {
        let numbers = ([self] + parts).flatMap { $0.cells.map(\.dayNumber) }
        guard let lo = numbers.min(), let hi = numbers.max(),
              let first = LocalDay(dayNumber: Int(lo)), let last = LocalDay(dayNumber: Int(hi)) else { return nil }
        return first...last
    }

    /// The cells merged by date, hour and key name (equal roll-ups have equal merged cells
    /// whatever their order and their tables' order).
    private var merged: [MergedKey: StatsTotals] {
        var result: [MergedKey: StatsTotals] = [:]
        for part in parts { result.merge(part.merged) { first, second in
            var sum = first
            sum.add(second)
            return sum
        } }
        for item in cells {
            let key = MergedKey(dayNumber: item.dayNumber, hour: item.hour, filterKey: keys[Int(item.key)])
            result[key, default: StatsTotals()].add(item)
            var entry = item.firstDistance
            while entry >= 0 {
                let found = distances[Int(entry)]
                result[key, default: StatsTotals()].addDistance(found.millimetres, sport: sports[Int(found.sport)])
                entry = found.next
            }
        }
        return result
    }

    private struct MergedKey: Hashable {
        let dayNumber: Int32
        let hour: UInt8
        let filterKey: String
    }
}

// MARK: - The stored form

extension DailyRollup {
    /// Why bytes are not a roll-up's ``binaryForm`` (the caller then rebuilds it from the
    /// history).
    public struct FormatError: Error, Equatable, Sendable, CustomStringConvertible {
        /// What is wrong, in words.
        public let reason: String
        /// Byte offset where it was found.
        public let offset: Int

        /// "roll-up, byte N: reason".
        public var description: String { "roll-up, byte \(offset): \(reason)" }
    }

    /// The roll-up as bytes, for a cache file: little-endian fixed-width fields, in order
    /// `u32 version (3)`, `i64 sessionCount`; `u32` count of filter keys, each `u32` byte count
    /// and UTF-8; the same for sports; `u32` count of cells, each `i32 dayNumber` (days since
    /// 1970-01-01), `u8 hour`, `u32 key index`, `i32 sessions`, `i64 workoutMilliseconds`,
    /// `i64 totalMilliseconds`, `i64 microKcal`, `i64 ascentMillimetres`, `u32` count of its
    /// distances (49 bytes); then the distances of every cell in the order of the cells, each
    /// `u32 sport index`, `i64 millimetres` (12 bytes). Fixed-width, because reading it back is
    /// most of a warm `hiit stats`: for 100,000 sessions (44,000 cells, 2 MB) about 1 ms, against
    /// 2.5 ms for varints half the size and 20 ms for the JSON text of version 1. Version 3 added
    /// `ascentMillimetres` (version 2 cells were 41 bytes).
    public var binaryForm: [UInt8] {
        // One table of keys and one of sports for this roll-up and its parts.
        let all = [self] + parts
        let (keys, keyMaps) = Self.unified(all.map(\.keys))
        let (sports, sportMaps) = Self.unified(all.map(\.sports))
        let cellCount = all.reduce(0) { $0 + $1.cells.count }
        let capacity = 64 + (keys + sports).reduce(0) { $0 + 4 + $1.utf8.count } + cellCount * Self.cellBytes
            + all.reduce(0) { $0 + $1.distances.count * 12 }
        return [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
            var out = ByteWriter(buffer: UnsafeMutableRawBufferPointer(buffer))
            out.put(UInt32(Self.currentVersion))
            out.put(Int64(sessionCount))
            for table in [keys, sports] {
                out.put(UInt32(table.count))
                for name in table {
                    out.put(UInt32(name.utf8.count))
                    for byte in name.utf8 { out.put(byte) }
                }
            }
            out.put(UInt32(cellCount))
            for (index, part) in all.enumerated() {
                for cell in part.cells {
                    out.put(cell.dayNumber)
                    out.put(cell.hour)
                    out.put(UInt32(keyMaps[index][Int(cell.key)]))
                    out.put(cell.sessions)
                    out.put(cell.workoutMilliseconds)
                    out.put(cell.totalMilliseconds)
                    out.put(cell.microKcal)
                    out.put(cell.ascentMillimetres)
                    var count: UInt32 = 0
                    var entry = cell.firstDistance
                    while entry >= 0 {
                        count += 1
                        entry = part.distances[Int(entry)].next
                    }
                    out.put(count)
                }
            }
            for (index, part) in all.enumerated() {
                for cell in part.cells {
                    var entry = cell.firstDistance
                    while entry >= 0 {
                        let found = part.distances[Int(entry)]
                        out.put(UInt32(sportMaps[index][Int(found.sport)]))
                        out.put(found.millimetres)
                        entry = found.next
                    }
                }
            }
            initialized = out.count
        }
    }

    /// Bytes of one cell in ``binaryForm``.
    static let cellBytes = 49

    /// One table of the names of several tables (each name once, in the order first met) and,
    /// for each table, where each of its names went.
    private static func unified(_ tables: [[String]]) -> (names: [String], maps: [[Int]]) {
        var names: [String] = []
        var index: [String: Int] = [:]
        let maps = tables.map { table in
            table.map { name in
                if let known = index[name] { return known }
                names.append(name)
                index[name] = names.count - 1
                return names.count - 1
            }
        }
        return (names, maps)
    }

    /// Reads a roll-up back from its ``binaryForm``.
    /// - Parameter bytes: the stored form.
    /// - Throws: ``FormatError`` for another version, a count or length past the end, trailing
    ///   bytes, a name that is not UTF-8 or repeated, a sport without its key, a date outside
    ///   the years 1–9999, an hour outside 0–23, a negative session count, or an index out of its
    ///   table. (Two cells with the same date, hour and key are no error: their sums add up as
    ///   one cell's would.)
    public init(binaryForm bytes: [UInt8]) throws(FormatError) {
        self = try bytes.withUnsafeBytes { buffer in
            Result { () throws(FormatError) in try Self.decode(buffer) }
        }.get()
    }

    /// ``init(binaryForm:)`` over the bytes in place.
    private static func decode(_ bytes: UnsafeRawBufferPointer) throws(FormatError) -> DailyRollup {
        var rollup = DailyRollup()
        var input = ByteReader(bytes: bytes)
        let version: UInt32 = try input.take()
        guard version == UInt32(Self.currentVersion) else {
            throw FormatError(reason: "version \(version) is not \(Self.currentVersion)", offset: 0)
        }
        let sessions: Int64 = try input.take()
        guard sessions >= 0 else { throw input.error("a negative session count") }
        rollup.sessionCount = Int(sessions)
        rollup.keys = try input.names()
        rollup.sports = try input.names()
        for (index, key) in rollup.keys.enumerated() {
            guard rollup.keyIndex.updateValue(UInt32(index), forKey: key) == nil else {
                throw input.error("the key \(key) is repeated")
            }
        }
        for (index, sport) in rollup.sports.enumerated() {
            guard let key = rollup.keyIndex[SessionFilter.sport(sport).key] else {
                throw input.error("the sport \(sport) has no key")
            }
            guard rollup.sportIndex.updateValue((key, UInt32(index)), forKey: sport) == nil else {
                throw input.error("the sport \(sport) is repeated")
            }
        }
        // Dates of the years 1–9999, as day numbers (what `LocalDay(dayNumber:)` accepts).
        let days = Int32(LocalDay(year: 1, month: 1, day: 1)?.dayNumber ?? 0)...Int32(LocalDay(year: 9999, month: 12, day: 31)?.dayNumber ?? 0)
        let keyCount = UInt32(rollup.keys.count), sportCount = UInt32(rollup.sports.count)
        let cellCount = Int(try input.take() as UInt32)
        guard cellCount <= input.remaining / Self.cellBytes else { throw input.error("\(cellCount) cells do not fit") }
        var distanceCounts: [UInt32] = []
        distanceCounts.reserveCapacity(cellCount)
        var totalDistances = 0
        rollup.cells = try [DailyRollup.Cell](unsafeUninitializedCapacity: cellCount) { cells, initialized throws(FormatError) in
            for index in 0..<cellCount {
                let at = input.offset + index * Self.cellBytes
                let day = bytes.loadUnaligned(fromByteOffset: at, as: Int32.self).littleEndian
                let hour = bytes[at + 4]
                let key = bytes.loadUnaligned(fromByteOffset: at + 5, as: UInt32.self).littleEndian
                let sessions = bytes.loadUnaligned(fromByteOffset: at + 9, as: Int32.self).littleEndian
                guard days.contains(day), hour <= 23, key < keyCount, sessions >= 0 else {
                    input.offset = at
                    throw input.error(!days.contains(day) ? "day \(day) is not a date" : hour > 23 ? "hour \(hour) is not 0–23"
                                      : key >= keyCount ? "key index \(key) is out of range" : "a negative session count")
                }
                var cell = Cell(dayNumber: day, hour: hour, key: key)
                cell.sessions = sessions
                cell.workoutMilliseconds = bytes.loadUnaligned(fromByteOffset: at + 13, as: Int64.self).littleEndian
                cell.totalMilliseconds = bytes.loadUnaligned(fromByteOffset: at + 21, as: Int64.self).littleEndian
                cell.microKcal = bytes.loadUnaligned(fromByteOffset: at + 29, as: Int64.self).littleEndian
                cell.ascentMillimetres = bytes.loadUnaligned(fromByteOffset: at + 37, as: Int64.self).littleEndian
                let distances = bytes.loadUnaligned(fromByteOffset: at + 45, as: UInt32.self).littleEndian
                distanceCounts.append(distances)
                totalDistances += Int(distances)
                (cells.baseAddress! + index).initialize(to: cell)
                initialized = index + 1
            }
        }
        input.offset += cellCount * Self.cellBytes
        guard totalDistances == input.remaining / 12, input.remaining % 12 == 0 else {
            throw input.error("\(totalDistances) distances do not fill the \(input.remaining) bytes left")
        }
        rollup.distances.reserveCapacity(totalDistances)
        for index in 0..<cellCount {
            for _ in 0..<distanceCounts[index] {
                let sport: UInt32 = try input.take()
                let millimetres: Int64 = try input.take()
                guard sport < sportCount else { throw input.error("sport index \(sport) is out of range") }
                rollup.distances.append(Distance(millimetres: millimetres, sport: sport, next: rollup.cells[index].firstDistance))
                rollup.cells[index].firstDistance = Int32(rollup.distances.count - 1)
            }
        }
        rollup.lookupIsComplete = rollup.cells.isEmpty
        return rollup
    }
}

/// Little-endian fixed-width integers into bytes.
private struct ByteWriter {
    /// Room counted beforehand for everything written.
    let buffer: UnsafeMutableRawBufferPointer
    /// Bytes written.
    var count = 0

    /// Stores `value` little-endian after the bytes written (a store in place: a roll-up of
    /// 100,000 sessions is some 400,000 values).
    @inline(__always)
    mutating func put<T: FixedWidthInteger>(_ value: T) {
        let size = MemoryLayout<T>.size
        precondition(count + size <= buffer.count, "a roll-up's binary form outgrew the room counted for it")  // programmer error
        buffer.storeBytes(of: value.littleEndian, toByteOffset: count, as: T.self)
        count += size
    }
}

/// Little-endian fixed-width integers out of bytes, every read checked against what is left.
private struct ByteReader {
    let bytes: UnsafeRawBufferPointer
    var offset = 0

    var remaining: Int { bytes.count - offset }

    func error(_ reason: String) -> DailyRollup.FormatError {
        DailyRollup.FormatError(reason: reason, offset: offset)
    }

    @inline(__always)
    mutating func take<T: FixedWidthInteger>() throws(DailyRollup.FormatError) -> T {
        let size = MemoryLayout<T>.size
        guard remaining >= size else { throw error("the bytes end early") }
        let value = bytes.loadUnaligned(fromByteOffset: offset, as: T.self)
        offset += size
        return T(littleEndian: value)
    }

    /// A table of names: a `u32` count, then each name as a `u32` byte count and UTF-8.
    mutating func names() throws(DailyRollup.FormatError) -> [String] {
        let count = Int(try take() as UInt32)
        guard count <= remaining / 4 else { throw error("\(count) names do not fit") }
        var names: [String] = []
        for _ in 0..<count {
            let length = Int(try take() as UInt32)
            guard length <= remaining else { throw error("a name runs past the end") }
            guard let name = String(validating: UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + length]), as: UTF8.self) else {
                throw error("a name is not UTF-8")
            }
            names.append(name)
            offset += length
        }
        return names
    }
}

extension DailyRollup: Equatable {
    /// Equal when they rolled up the same number of records into the same totals per cell
    /// (order of cells, of their tables and of records does not matter).
    public static func == (lhs: DailyRollup, rhs: DailyRollup) -> Bool {
        lhs.sessionCount == rhs.sessionCount && lhs.merged == rhs.merged
    }
}
