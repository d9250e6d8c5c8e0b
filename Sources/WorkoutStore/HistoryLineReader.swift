import Foundation
import WorkoutModel

/// A fast reader for the common history line: one pass over the bytes that checks the JSON
/// syntax and builds the ``SessionRecord`` directly, without a tree, dictionaries or a
/// `Decoder`.
///
/// It accepts only lines it can read with certainty and answers `nil` for anything else, so
/// that the caller falls back to the strict path (``HistoryFile/decodeLine(_:path:lineNumber:)``),
/// which then accepts the line or reports exactly what is wrong with its file, line and column.
/// For every line it accepts, the record equals the strict decoder's. It answers `nil` for:
/// a byte order mark; a key that is not plain printable ASCII (escapes and other scalars
/// could be equal to a known key under Unicode rules); a string holding an escape; invalid
/// UTF-8; a repeated key; a missing required key; a value of an unexpected type or `null`
/// where a value is required; a `version` other than 1…``SessionRecord/currentVersion`` written
/// as a plain whole number; a whole-number field written with a fraction or exponent or more
/// than 18 digits; a number that is not finite as a `Double`; a date other than
/// `YYYY-MM-DDTHH:MM:SSZ` (a real date of the years 1600–9999; fractions of a second, offsets
/// and anything unusual are left to the strict path); a `localDate` that is not a real
/// `YYYY-MM-DD` date (``LocalDay``); an `id` other than the 36-character UUID
/// form; a `kind` or `poolUnit` that is not exactly one of its raw values; a segment not
/// written exactly as hiit writes it (an array of its five values, no spaces); nesting deeper than
/// 48 levels; a record that breaks ``HistoryRecordRules``.
enum HistoryLineReader {
    /// The most unknown keys an object may have on the fast path: each new one is compared
    /// with those before it, so more go to the strict decoder (which keeps them in a set)
    /// instead of costing the square of their number here.
    static let maximumUnknownKeys = 32

    /// The record on `line` (its bytes without the `\n`), or `nil` when the strict path must decide.
    /// - Parameter keepingSegments: `false` reads an interval session's `segments` and its
    ///   legs' `laps` only to check them, as the strict path would (a line it refuses is left
    ///   to it), and gives the record none: for data derived from the history that does not use
    ///   them (the statistics), without a string and an array made per segment or leg.
    static func record(_ line: UnsafeBufferPointer<UInt8>, keepingSegments: Bool = true) -> SessionRecord? {
        var record = emptyRecord
        return read(line, keepingSegments: keepingSegments, into: &record) ? record : nil
    }

    /// ``record(_:keepingSegments:)`` into a record the caller keeps from line to line: `true`
    /// with every field of `record` replaced by the line's, or `false` (`record` then holds
    /// anything) when the strict path must decide. A pass over the history reads this way:
    /// a record is some 280 bytes, and one returned as an optional is copied about nine times
    /// on its way to the caller (measured with a breakpoint on `memmove`: 7% of a cold
    /// `stats year`).
    static func read(_ line: UnsafeBufferPointer<UInt8>, keepingSegments: Bool, into record: inout SessionRecord) -> Bool {
        var scanner = LineScanner(bytes: line)
        scanner.keepsSegments = keepingSegments
        guard scanner.sessionRecord(into: &record) else { return false }
        return keepsRules(record) || HistoryRecordRules.violation(in: record) == nil
    }

    /// A record to read into (``read(_:keepingSegments:into:)``): every field is replaced.
    static let emptyRecord = SessionRecord(
        id: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)), workout: "", kind: .intervals,
        start: Date(timeIntervalSinceReferenceDate: 0), end: Date(timeIntervalSinceReferenceDate: 0), timeZone: "",
        utcOffsetSeconds: 0, localDate: .epoch, workoutSeconds: 0, totalSeconds: 0, pausedSeconds: 0, rounds: 0,
        exercises: 0, weightKg: nil, kcal: nil)

    /// A quick form of `HistoryRecordRules.violation(in:) == nil` that builds no key paths:
    /// `true` only when every value is inside its range (the same ranges), so a `true` here
    /// always agrees with the rules; on `false` the caller asks the rules themselves.
    static func keepsRules(_ record: SessionRecord) -> Bool {
        let seconds = RecordLimits.seconds, counts = RecordLimits.count, kcal = RecordLimits.kcal
        guard record.end >= record.start,
              seconds.contains(record.workoutSeconds), seconds.contains(record.totalSeconds),
              seconds.contains(record.pausedSeconds), counts.contains(record.rounds), counts.contains(record.exercises),
              record.kcal.map(kcal.contains) ?? true,
              RecordLimits.utcOffsetSeconds.contains(record.utcOffsetSeconds),
              record.weightKg.map(Profile.weightRange.contains) ?? true,
              record.legs.count <= RecordLimits.legsPerSession,
              record.segments.count <= RecordLimits.segmentsPerSession
        else { return false }
        for segment in record.segments where !segment.keepsLimits { return false }
        // By index: a leg passed on borrowed, not copied out as `for leg in` would (200 bytes each).
        for index in record.legs.indices where !keepsRules(record.legs[index]) { return false }
        return true
    }

    /// Whether a leg's values and its laps are inside their ranges (as ``keepsRules(_:)`` for a record).
    static func keepsRules(_ leg: LegRecord) -> Bool {
        let seconds = RecordLimits.seconds, kcal = RecordLimits.kcal
        guard leg.laps.count <= RecordLimits.lapsPerLeg,
              seconds.contains(leg.startSeconds), seconds.contains(leg.elapsedSeconds),
              seconds.contains(leg.timerSeconds), leg.kcal.map(kcal.contains) ?? true,
              leg.distanceMeters.map(RecordLimits.legDistanceMeters.contains) ?? true,
              leg.ascentMeters.map(RecordLimits.climbMeters.contains) ?? true,
              leg.descentMeters.map(RecordLimits.climbMeters.contains) ?? true,
              leg.avgHeartRate.map(RecordLimits.heartRate.contains) ?? true,
              leg.maxHeartRate.map(RecordLimits.heartRate.contains) ?? true,
              leg.avgCadence.map(RecordLimits.cadence.contains) ?? true,
              leg.movingSeconds.map(seconds.contains) ?? true
        else { return false }
        for lap in leg.laps where !keepsRules(lap) { return false }
        return true
    }

    /// Whether a lap's times and distance are inside their ranges (as ``keepsRules(_:)`` for a record).
    @inline(__always)
    static func keepsRules(_ lap: LapRecord) -> Bool {
        RecordLimits.seconds.contains(lap.startSeconds) && RecordLimits.seconds.contains(lap.elapsedSeconds)
            && (lap.distanceMeters.map(RecordLimits.climbMeters.contains) ?? true)
    }

    /// One JSON number read as a history line's numbers are read (for tests): its `Double`, or
    /// `nil` when `text` is not exactly one finite JSON number.
    static func number(_ text: String) -> Double? {
        var text = text
        return text.withUTF8 { bytes in
            var scanner = LineScanner(bytes: bytes)
            guard let value = scanner.double(), scanner.index == bytes.count else { return nil }
            return value
        }
    }

    /// ``record(_:keepingSegments:)`` for an array slice.
    static func record(_ line: ArraySlice<UInt8>, keepingSegments: Bool = true) -> SessionRecord? {
        line.withUnsafeBufferPointer { record($0, keepingSegments: keepingSegments) }
    }
}

// MARK: - The scanner

private let quote = UInt8(ascii: "\"")
private let backslash = UInt8(ascii: "\\")
private let comma = UInt8(ascii: ",")
private let colon = UInt8(ascii: ":")
private let openBrace = UInt8(ascii: "{")
private let closeBrace = UInt8(ascii: "}")
private let openBracket = UInt8(ascii: "[")
private let closeBracket = UInt8(ascii: "]")
private let zero = UInt8(ascii: "0")
private let nine = UInt8(ascii: "9")
private let minus = UInt8(ascii: "-")

/// The keys of an object the fast path knows (a record's, a leg's), declared in the order hiit
/// writes them (keys sorted, as ``SessionRecord/jsonLine()`` writes them), so that a key's raw
/// value is its written position: the key hiit writes after `key` is `rawValue + 1`, tried
/// first at the next member (``LineScanner/nextMember(_:of:)``). The raw value is also the
/// key's bit in a mask of keys (repeated-key detection, the required keys), so there are at
/// most 32.
private protocol WrittenKey: RawRepresentable where RawValue == Int {
    /// `"key":` as hiit writes it.
    var literal: StaticString { get }
    /// The keys an object must have, as bits of ``bit`` (a mask: no array to build per line).
    static var required: UInt32 { get }
    /// The key whose name is `key` (the bytes inside its quotes), or `nil` for another.
    static func named(_ key: UnsafeBufferPointer<UInt8>.SubSequence) -> Self?
}

extension WrittenKey {
    /// This key in a mask of keys: `1 << rawValue`.
    var bit: UInt32 { 1 << UInt32(rawValue) }

    /// The mask of `keys`.
    static func bits(_ keys: [Self]) -> UInt32 { keys.reduce(0) { $0 | $1.bit } }
}

/// The keys of a history line.
private enum RecordKey: Int, WrittenKey {
    case end, exercises, id, kcal, kcalSource, kind, legs, localDate, pausedSeconds, rounds, segments, source, start, timeZone
    case totalSeconds, utcOffsetSeconds, version, weightKg, workout, workoutSeconds

    static let required = bits([.version, .id, .workout, .kind, .start, .end, .timeZone, .utcOffsetSeconds,
                                .localDate, .workoutSeconds, .totalSeconds])

    var literal: StaticString {
        switch self {
        case .end: #""end":"#
        case .exercises: #""exercises":"#
        case .id: #""id":"#
        case .kcal: #""kcal":"#
        case .kcalSource: #""kcalSource":"#
        case .kind: #""kind":"#
        case .legs: #""legs":"#
        case .localDate: #""localDate":"#
        case .pausedSeconds: #""pausedSeconds":"#
        case .rounds: #""rounds":"#
        case .segments: #""segments":"#
        case .source: #""source":"#
        case .start: #""start":"#
        case .timeZone: #""timeZone":"#
        case .totalSeconds: #""totalSeconds":"#
        case .utcOffsetSeconds: #""utcOffsetSeconds":"#
        case .version: #""version":"#
        case .weightKg: #""weightKg":"#
        case .workout: #""workout":"#
        case .workoutSeconds: #""workoutSeconds":"#
        }
    }

    static func named(_ key: UnsafeBufferPointer<UInt8>.SubSequence) -> RecordKey? {
        switch key.count {
        case 2: return matches(key, "id") ? .id : nil
        case 3: return matches(key, "end") ? .end : nil
        case 4: return matches(key, "kind") ? .kind : matches(key, "kcal") ? .kcal : matches(key, "legs") ? .legs : nil
        case 5: return matches(key, "start") ? .start : nil
        case 6: return matches(key, "rounds") ? .rounds : matches(key, "source") ? .source : nil
        case 7: return matches(key, "version") ? .version : matches(key, "workout") ? .workout : nil
        case 8: return matches(key, "timeZone") ? .timeZone : matches(key, "weightKg") ? .weightKg
            : matches(key, "segments") ? .segments : nil
        case 9: return matches(key, "localDate") ? .localDate : matches(key, "exercises") ? .exercises : nil
        case 10: return matches(key, "kcalSource") ? .kcalSource : nil
        case 12: return matches(key, "totalSeconds") ? .totalSeconds : nil
        case 13: return matches(key, "pausedSeconds") ? .pausedSeconds : nil
        case 14: return matches(key, "workoutSeconds") ? .workoutSeconds : nil
        case 16: return matches(key, "utcOffsetSeconds") ? .utcOffsetSeconds : nil
        default: return nil
        }
    }
}

/// The keys of a leg of a history line.
private enum LegKey: Int, WrittenKey {
    case ascentMeters, avgCadence, avgHeartRate, descentMeters, distanceMeters, elapsedSeconds, isOpenWater, kcal, laps
    case maxHeartRate, movingSeconds, poolLength, poolUnit, sport, sportName, startSeconds, timerSeconds

    static let required = bits([.sport, .startSeconds, .elapsedSeconds, .timerSeconds, .laps])

    var literal: StaticString {
        switch self {
        case .ascentMeters: #""ascentMeters":"#
        case .avgCadence: #""avgCadence":"#
        case .avgHeartRate: #""avgHeartRate":"#
        case .descentMeters: #""descentMeters":"#
        case .maxHeartRate: #""maxHeartRate":"#
        case .movingSeconds: #""movingSeconds":"#
        case .sportName: #""sportName":"#
        case .distanceMeters: #""distanceMeters":"#
        case .elapsedSeconds: #""elapsedSeconds":"#
        case .isOpenWater: #""isOpenWater":"#
        case .kcal: #""kcal":"#
        case .laps: #""laps":"#
        case .poolLength: #""poolLength":"#
        case .poolUnit: #""poolUnit":"#
        case .sport: #""sport":"#
        case .startSeconds: #""startSeconds":"#
        case .timerSeconds: #""timerSeconds":"#
        }
    }

    static func named(_ key: UnsafeBufferPointer<UInt8>.SubSequence) -> LegKey? {
        switch key.count {
        case 4: return matches(key, "kcal") ? .kcal : matches(key, "laps") ? .laps : nil
        case 5: return matches(key, "sport") ? .sport : nil
        case 8: return matches(key, "poolUnit") ? .poolUnit : nil
        case 9: return matches(key, "sportName") ? .sportName : nil
        case 10: return matches(key, "poolLength") ? .poolLength : matches(key, "avgCadence") ? .avgCadence : nil
        case 11: return matches(key, "isOpenWater") ? .isOpenWater : nil
        case 12: return matches(key, "startSeconds") ? .startSeconds : matches(key, "timerSeconds") ? .timerSeconds
            : matches(key, "ascentMeters") ? .ascentMeters : matches(key, "avgHeartRate") ? .avgHeartRate
            : matches(key, "maxHeartRate") ? .maxHeartRate : nil
        case 13: return matches(key, "descentMeters") ? .descentMeters : matches(key, "movingSeconds") ? .movingSeconds : nil
        case 14: return matches(key, "elapsedSeconds") ? .elapsedSeconds
            : matches(key, "distanceMeters") ? .distanceMeters : nil
        default: return nil
        }
    }
}

/// Puts a value just read into `slot`; `false` (the line is not one read here) when there is
/// none. `slot` is never an optional filled from a plain optional (`Value?` would then hold a
/// failed read as `nil`): an optional slot takes a `nullable…()` read, whose `nil` is JSON `null`.
@inline(__always)
private func store<Value>(_ value: Value?, in slot: inout Value) -> Bool {
    guard let value else { return false }
    slot = value
    return true
}

/// Puts a value just read into `slot`, which must still be empty: `false` when the key came
/// twice or there is no value.
@inline(__always)
private func storeOnce<Value>(_ value: Value?, in slot: inout Value?) -> Bool {
    guard case .none = slot, let value else { return false }
    slot = value
    return true
}

/// Whether `bytes` are exactly the UTF-8 of `text` (ASCII).
private func matches(_ bytes: UnsafeBufferPointer<UInt8>.SubSequence, _ text: StaticString) -> Bool {
    guard bytes.count == text.utf8CodeUnitCount else { return false }
    let pointer = text.utf8Start
    var offset = 0
    for byte in bytes {
        if byte != pointer[offset] { return false }
        offset += 1
    }
    return true
}

/// One pass over one line. Every method returns `nil` (or `false`) when the line is not one it
/// reads with certainty; the position is then meaningless.
private struct LineScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    /// Whether `segments` are read into the record, or only checked (``checkedSegments()``).
    var keepsSegments = true

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    // MARK: The record

    /// Reads the line's record into `record`, replacing every field; `false` when the line is
    /// not one read here (`record` then holds anything).
    mutating func sessionRecord(into record: inout SessionRecord) -> Bool {
        skipWhitespace()
        guard take(openBrace) else { return false }
        var version = 0
        var id: UUID?
        var workout = "", kind = SessionRecord.Kind.intervals, timeZone = "", localDate = LocalDay.epoch
        var start = Date(timeIntervalSinceReferenceDate: 0), end = start
        var utcOffsetSeconds = 0, rounds = 0, exercises = 0
        var workoutSeconds = 0.0, totalSeconds = 0.0, pausedSeconds = 0.0
        var weightKg: Double?, kcal: Double?
        var legs: [LegRecord] = []
        var segments: [SegmentRecord] = []
        var source: RecordSource?, kcalSource: KcalSource?
        var members = ObjectCursor()
        while let member = nextMember(&members, of: RecordKey.self) {
            if case let .known(key) = member {
                switch key {
                case .version:
                    guard let value = integer(), value >= 1, value <= SessionRecord.currentVersion else { return false }
                    version = value
                case .id:
                    guard let range = fixedString(length: 36), let value = uuid(range) else { return false }
                    id = value
                case .workout:
                    guard store(string(), in: &workout) else { return false }
                case .kind:
                    if takeLiteral(#""intervals""#) { kind = .intervals }
                    else if takeLiteral(#""multisport""#) { kind = .multisport }
                    else { return false }
                case .start:
                    guard let range = fixedString(length: 20), let value = date(range) else { return false }
                    start = value
                case .end:
                    guard let range = fixedString(length: 20), let value = date(range) else { return false }
                    end = value
                case .timeZone:
                    guard store(string(), in: &timeZone) else { return false }
                case .utcOffsetSeconds:
                    guard store(integer(), in: &utcOffsetSeconds) else { return false }
                case .localDate:
                    guard let range = fixedString(length: 10), let value = LocalDay(utf8: UnsafeBufferPointer(rebasing: bytes[range]))
                    else { return false }
                    localDate = value
                case .workoutSeconds:
                    guard store(double(), in: &workoutSeconds) else { return false }
                case .totalSeconds:
                    guard store(double(), in: &totalSeconds) else { return false }
                case .pausedSeconds:
                    if takeNull() { pausedSeconds = 0 } else {
                        guard store(double(), in: &pausedSeconds) else { return false }
                    }
                case .rounds:
                    if takeNull() { rounds = 0 } else {
                        guard store(integer(), in: &rounds) else { return false }
                    }
                case .exercises:
                    if takeNull() { exercises = 0 } else {
                        guard store(integer(), in: &exercises) else { return false }
                    }
                case .weightKg:
                    guard store(nullableDouble(), in: &weightKg) else { return false }
                case .kcal:
                    guard store(nullableDouble(), in: &kcal) else { return false }
                case .legs:
                    if takeNull() { legs = [] } else {
                        guard store(legRecords(), in: &legs) else { return false }
                    }
                case .segments:
                    if takeNull() { segments = [] } else if keepsSegments {
                        guard store(segmentRecords(), in: &segments) else { return false }
                    } else {
                        guard checkedSegments() else { return false }
                    }
                case .source:
                    if takeNull() { source = nil } else {
                        guard let value = recordSource() else { return false }
                        source = value
                    }
                case .kcalSource:
                    if takeNull() { kcalSource = nil }
                    else if takeLiteral(#""device""#) { kcalSource = .device }
                    else if takeLiteral(#""distance""#) { kcalSource = .distance }
                    else if takeLiteral(#""met""#) { kcalSource = .met }
                    else { return false }
                }
            } else if case let .unknown(keyRange) = member {
                guard skipUnknownMember(keyRange, depth: 1, &members) else { return false }
            }
        }
        guard !members.failed else { return false }
        skipWhitespace()
        guard index == bytes.count else { return false }
        guard members.knownKeys & RecordKey.required == RecordKey.required else { return false }
        guard let id else { return false }
        // Field by field: the record is not built and then copied.
        record.version = version
        record.id = id
        record.workout = workout
        record.kind = kind
        record.start = start
        record.end = end
        record.timeZone = timeZone
        record.utcOffsetSeconds = utcOffsetSeconds
        record.localDate = localDate
        record.workoutSeconds = workoutSeconds
        record.totalSeconds = totalSeconds
        record.pausedSeconds = pausedSeconds
        record.rounds = rounds
        record.exercises = exercises
        record.weightKg = weightKg
        record.kcal = kcal
        record.legs = legs
        record.segments = segments
        record.source = source
        record.kcalSource = kcalSource
        return true
    }

    /// The `source` object of an imported session: `format`, `fileName`, `sha256` (required
    /// strings), `manufacturer`, `product` (optional strings or `null`); another key goes to the
    /// strict path's rules by being skipped as unknown, as everywhere.
    mutating func recordSource() -> RecordSource? {
        var format: String?, fileName: String?, sha256: String?, manufacturer: String??, product: String??
        let read = namedMembers(depth: 2) { scanner, key in
            if matches(key, "format") { return storeOnce(scanner.string(), in: &format) }
            if matches(key, "fileName") { return storeOnce(scanner.string(), in: &fileName) }
            if matches(key, "sha256") { return storeOnce(scanner.string(), in: &sha256) }
            if matches(key, "manufacturer") { return storeOnce(scanner.nullableString(), in: &manufacturer) }
            if matches(key, "product") { return storeOnce(scanner.nullableString(), in: &product) }
            return nil
        }
        guard read, let format, let fileName, let sha256 else { return nil }
        return RecordSource(format: format, fileName: fileName, sha256: sha256,
                            manufacturer: manufacturer ?? nil, product: product ?? nil)
    }

    /// A string or `null` (`.some(nil)`); `nil` when neither.
    mutating func nullableString() -> String?? {
        if takeNull() { return .some(nil) }
        guard let value = string() else { return nil }
        return .some(value)
    }

    /// Steps through a JSON array: `[`, then `element` at each element (whitespace skipped
    /// before it), a comma between two, `]`. `false` when the syntax is not as expected or
    /// `element` answers `false` (the reader is then left where it stopped).
    @inline(__always)
    mutating func forEachElement(_ element: (inout Self) -> Bool) -> Bool {
        guard take(openBracket) else { return false }
        skipWhitespace()
        if take(closeBracket) { return true }
        while true {
            skipWhitespace()
            guard element(&self) else { return false }
            skipWhitespace()
            if take(comma) { continue }
            return take(closeBracket)
        }
    }

    /// A JSON array whose elements `element` reads, or `nil` when anything is not as expected.
    /// Room for `capacity` elements is made at the first one (fewer reallocations for laps).
    @inline(__always)
    mutating func array<Element>(reserving capacity: Int, of element: (inout Self) -> Element?) -> [Element]? {
        var items: [Element] = []
        let isArray = forEachElement { scanner in
            guard let item = element(&scanner) else { return false }
            if items.isEmpty { items.reserveCapacity(capacity) }
            items.append(item)
            return true
        }
        return isArray ? items : nil
    }

    mutating func legRecords() -> [LegRecord]? {
        var legs: [LegRecord] = []
        let isArray = forEachElement { scanner in
            if legs.isEmpty { legs.reserveCapacity(2) }
            return scanner.legRecord(appendingTo: &legs)
        }
        return isArray ? legs : nil
    }

    /// Reads one leg and appends it to `legs` (built in place there, not returned and copied:
    /// a leg is some 200 bytes); `false` when it is not one read here.
    mutating func legRecord(appendingTo legs: inout [LegRecord]) -> Bool {
        guard take(openBrace) else { return false }
        var sport = "", startSeconds = 0.0, elapsedSeconds = 0.0, timerSeconds = 0.0
        var distanceMeters: Double?, kcal: Double?, poolLength: Double?
        var poolUnit: LengthUnit?, isOpenWater: Bool?
        var laps: [LapRecord] = []
        var sportName: String?, ascentMeters: Double?, descentMeters: Double?
        var avgHeartRate: Double?, maxHeartRate: Double?, avgCadence: Double?, movingSeconds: Double?
        var members = ObjectCursor()
        while let member = nextMember(&members, of: LegKey.self) {
            if case let .known(key) = member {
                switch key {
                case .sport:
                    guard store(string(), in: &sport) else { return false }
                case .startSeconds:
                    guard store(double(), in: &startSeconds) else { return false }
                case .elapsedSeconds:
                    guard store(double(), in: &elapsedSeconds) else { return false }
                case .timerSeconds:
                    guard store(double(), in: &timerSeconds) else { return false }
                case .distanceMeters:
                    guard store(nullableDouble(), in: &distanceMeters) else { return false }
                case .kcal:
                    guard store(nullableDouble(), in: &kcal) else { return false }
                case .poolLength:
                    guard store(nullableDouble(), in: &poolLength) else { return false }
                case .poolUnit:
                    if takeNull() { poolUnit = nil } else {
                        guard let range = plainString() else { return false }
                        let text = bytes[range]
                        if matches(text, "m") { poolUnit = .meters }
                        else if matches(text, "yd") { poolUnit = .yards }
                        else if matches(text, "km") { poolUnit = .kilometers }
                        else if matches(text, "mi") { poolUnit = .miles }
                        else { return false }
                    }
                case .isOpenWater:
                    if takeNull() { isOpenWater = nil }
                    else if takeLiteral("true") { isOpenWater = true }
                    else if takeLiteral("false") { isOpenWater = false }
                    else { return false }
                case .laps:
                    if keepsSegments {
                        guard store(lapRecords(), in: &laps) else { return false }
                    } else {
                        guard checkedLaps() else { return false }
                    }
                case .sportName:
                    guard store(nullableString(), in: &sportName) else { return false }
                case .ascentMeters:
                    guard store(nullableDouble(), in: &ascentMeters) else { return false }
                case .descentMeters:
                    guard store(nullableDouble(), in: &descentMeters) else { return false }
                case .avgHeartRate:
                    guard store(nullableDouble(), in: &avgHeartRate) else { return false }
                case .maxHeartRate:
                    guard store(nullableDouble(), in: &maxHeartRate) else { return false }
                case .avgCadence:
                    guard store(nullableDouble(), in: &avgCadence) else { return false }
                case .movingSeconds:
                    guard store(nullableDouble(), in: &movingSeconds) else { return false }
                }
            } else if case let .unknown(keyRange) = member {
                guard skipUnknownMember(keyRange, depth: 3, &members) else { return false }
            }
        }
        guard !members.failed else { return false }
        guard members.knownKeys & LegKey.required == LegKey.required else { return false }
        legs.append(LegRecord(sport: sport, startSeconds: startSeconds, elapsedSeconds: elapsedSeconds,
                              timerSeconds: timerSeconds, distanceMeters: distanceMeters, kcal: kcal, laps: laps,
                              poolLength: poolLength, poolUnit: poolUnit, isOpenWater: isOpenWater,
                              sportName: sportName, ascentMeters: ascentMeters, descentMeters: descentMeters,
                              avgHeartRate: avgHeartRate, maxHeartRate: maxHeartRate, avgCadence: avgCadence,
                              movingSeconds: movingSeconds))
        return true
    }

    mutating func segmentRecords() -> [SegmentRecord]? {
        array(reserving: 16) { $0.segmentRecord() }
    }

    /// The segments read as ``segmentRecords()`` reads them and held to the rules
    /// (``HistoryRecordRules``: at most ``RecordLimits/segmentsPerSession``, each
    /// ``SegmentRecord/keepsLimits``), keeping nothing; `false` when the strict path must decide.
    mutating func checkedSegments() -> Bool {
        checkedElements(atMost: RecordLimits.segmentsPerSession) { scanner in
            // As ``segmentFields()`` reads a segment, but no label is made and each time is
            // only held to the limits (``SegmentRecord/keepsLimits``: ``checkedSeconds()``).
            guard scanner.take(openBracket), scanner.segmentKind() != nil, scanner.take(comma),
                  scanner.plainString() != nil, scanner.take(comma), scanner.checkedSeconds(), scanner.take(comma),
                  scanner.checkedSeconds(), scanner.take(comma), scanner.checkedSeconds()
            else { return false }
            return scanner.take(closeBracket)
        }
    }

    /// A JSON array of at most `limit` elements, each of which `isValid` reads and accepts,
    /// keeping nothing; `false` when the strict path must decide.
    mutating func checkedElements(atMost limit: Int, _ isValid: (inout Self) -> Bool) -> Bool {
        var count = 0
        return forEachElement { scanner in
            guard isValid(&scanner) else { return false }
            count += 1
            return count <= limit
        }
    }

    /// One segment as hiit writes it (``segmentFields()``), its label made a string.
    mutating func segmentRecord() -> SegmentRecord? {
        guard let fields = segmentFields() else { return nil }
        let label = String(decoding: UnsafeBufferPointer(rebasing: bytes[fields.label]), as: UTF8.self)
        return SegmentRecord(kind: fields.kind, label: label, startSeconds: fields.start, elapsedSeconds: fields.elapsed,
                             timerSeconds: fields.timer)
    }

    /// The values of one segment as hiit writes it: `[kind,label,start,elapsed,timer]`, no
    /// spaces, the kind exactly one of its raw values, the label a string without escapes (its
    /// bytes' range); `nil` for anything else (more values included), which goes to the strict path.
    mutating func segmentFields() -> (kind: SegmentRecord.Kind, label: Range<Int>, start: Double, elapsed: Double, timer: Double)? {
        guard take(openBracket), let kind = segmentKind(), take(comma), let label = plainString(), take(comma),
              let start = double(), take(comma),
              let elapsed = double(), take(comma), let timer = double(), take(closeBracket)
        else { return nil }
        return (kind, label, start, elapsed, timer)
    }

    /// A segment's kind, a string exactly one of its raw values; `nil` for anything else.
    @inline(__always)
    mutating func segmentKind() -> SegmentRecord.Kind? {
        if takeLiteral(#""work""#) { return .work }
        if takeLiteral(#""rest""#) { return .rest }
        if takeLiteral(#""restBetweenExercises""#) { return .restBetweenExercises }
        if takeLiteral(#""coolDown""#) { return .coolDown }
        if takeLiteral(#""warmUp""#) { return .warmUp }
        if takeLiteral(#""restBetweenSets""#) { return .restBetweenSets }
        return nil
    }

    mutating func lapRecords() -> [LapRecord]? {
        array(reserving: 8) { $0.lapRecord() }
    }

    /// The laps read as ``lapRecords()`` reads them and held to the rules
    /// (``HistoryRecordRules``: at most ``RecordLimits/lapsPerLeg``, their times and distances
    /// in range), keeping nothing; `false` when the strict path must decide.
    mutating func checkedLaps() -> Bool {
        checkedElements(atMost: RecordLimits.lapsPerLeg) { scanner in
            // The form hiit writes, its times only held to the limits; anything else (a lap
            // with a distance, a time out of range) read and held to them as a record's laps are.
            let lapStart = scanner.index
            if scanner.takeLiteral(#"{"elapsedSeconds":"#), scanner.checkedSeconds(),
               scanner.takeLiteral(#","startSeconds":"#), scanner.checkedSeconds(), scanner.take(closeBrace) {
                return true
            }
            scanner.index = lapStart
            return scanner.lapRecord().map(HistoryLineReader.keepsRules) ?? false
        }
    }

    mutating func lapRecord() -> LapRecord? {
        // The form hiit writes, read as one template; anything else by the general path below.
        let lapStart = index
        if takeLiteral(#"{"elapsedSeconds":"#), let elapsed = double(), takeLiteral(#","startSeconds":"#),
           let start = double(), take(closeBrace) {
            return LapRecord(startSeconds: start, elapsedSeconds: elapsed)
        }
        index = lapStart
        var startSeconds: Double?, elapsedSeconds: Double?, distanceMeters: Double??
        let read = namedMembers(depth: 5) { scanner, key in
            if matches(key, "startSeconds") { return storeOnce(scanner.double(), in: &startSeconds) }
            if matches(key, "elapsedSeconds") { return storeOnce(scanner.double(), in: &elapsedSeconds) }
            if matches(key, "distanceMeters") { return storeOnce(scanner.nullableDouble(), in: &distanceMeters) }
            return nil
        }
        guard read else { return nil }
        guard let startSeconds, let elapsedSeconds else { return nil }
        return LapRecord(startSeconds: startSeconds, elapsedSeconds: elapsedSeconds, distanceMeters: distanceMeters ?? nil)
    }

    // MARK: Objects

    /// Where the members of a JSON object stand while ``nextMember(_:)`` steps through them.
    struct ObjectCursor {
        /// Whether the first member was read (commas separate the next ones).
        var started = false
        /// Whether the object was not as expected (the line then goes to the strict decoder).
        var failed = false
        /// Keys this reader does not know, seen so far in the object (each may stand once).
        var unknownKeys: [Range<Int>] = []
        /// The keys this reader knows seen so far in the object, as bits of ``WrittenKey/bit``
        /// (each may stand once): only ``nextMember(_:of:)`` keeps them.
        var knownKeys: UInt32 = 0
        /// The written position of the key ``nextMember(_:of:)`` tries first: the one after
        /// the key last found.
        var guess = 0
    }

    /// Reads an object (from its `{`) whose keys are looked up by name, for the rare objects
    /// (`source`, a lap with a distance) that have no ``WrittenKey`` table: `member` reads the
    /// value of a key it knows and says whether it could (`false`: the line is not read here),
    /// or returns `nil` for a key it does not know, which is skipped by the strict path's rules
    /// at `depth`. `false` when the object is not read with certainty.
    mutating func namedMembers(depth: Int, _ member: (inout Self, UnsafeBufferPointer<UInt8>.SubSequence) -> Bool?) -> Bool {
        guard take(openBrace) else { return false }
        var members = ObjectCursor()
        while let keyRange = nextMember(&members) {
            switch member(&self, bytes[keyRange]) {
            case true?: continue
            case false?: return false
            case nil: guard skipUnknownMember(keyRange, depth: depth, &members) else { return false }
            }
        }
        return !members.failed
    }

    /// The next member's key, the reader left at its value; `nil` after the closing brace, or
    /// when the syntax is not as expected (`cursor.failed`). Call it first right after `{`;
    /// an empty object fails (it lacks the required keys).
    mutating func nextMember(_ cursor: inout ObjectCursor) -> Range<Int>? {
        skipWhitespace()
        if cursor.started {
            guard take(comma) else {
                cursor.failed = !take(closeBrace)
                return nil
            }
            skipWhitespace()
        } else {
            cursor.started = true
            guard peek != closeBrace else {
                cursor.failed = true
                return nil
            }
        }
        guard let key = plainKey() else {
            cursor.failed = true
            return nil
        }
        skipWhitespace()
        guard take(colon) else {
            cursor.failed = true
            return nil
        }
        skipWhitespace()
        return key
    }

    /// A member's key: one this reader knows, or the range of another inside its quotes.
    enum Member<Key> {
        case known(Key)
        case unknown(Range<Int>)
    }

    /// ``nextMember(_:)`` for an object whose keys this reader knows: first tries the literals
    /// `"key":` of the keys hiit writes next (the key at `cursor.guess` and the few after it,
    /// keys being sorted and some optional), each one comparison of bytes; otherwise reads any
    /// key and names it. `cursor.guess` moves on past the key found, so that the next member is
    /// tried as the one after it. A known key that stood before in the object fails the cursor.
    @inline(__always)
    mutating func nextMember<Key: WrittenKey>(_ cursor: inout ObjectCursor, of _: Key.Type) -> Member<Key>? {
        let separator = cursor.started ? comma : quote
        if index < bytes.count, bytes[index] == separator {
            let mark = index
            if cursor.started { index += 1 }
            for ahead in 0..<Self.keysTriedAhead {
                guard let expected = Key(rawValue: cursor.guess + ahead) else { break }
                if takeLiteral(expected.literal) {
                    cursor.started = true
                    cursor.guess += ahead + 1
                    skipWhitespace()
                    return Self.known(expected, &cursor)
                }
            }
            index = mark
        }
        guard let range = nextMember(&cursor) else { return nil }
        guard let key = Key.named(bytes[range]) else { return .unknown(range) }
        cursor.guess = key.rawValue + 1
        return Self.known(key, &cursor)
    }

    /// `key` as a member, noted in `cursor.knownKeys`; `nil` with the cursor failed when it
    /// stood before in the object.
    @inline(__always)
    static func known<Key: WrittenKey>(_ key: Key, _ cursor: inout ObjectCursor) -> Member<Key>? {
        guard cursor.knownKeys & key.bit == 0 else {
            cursor.failed = true
            return nil
        }
        cursor.knownKeys |= key.bit
        return .known(key)
    }

    /// How many of the keys hiit writes next are tried as literals before a key is read the
    /// general way: a leg's first key is often its fifth or sixth (`distanceMeters`,
    /// `elapsedSeconds`: no ascent, cadence or heart rate), and its `sport` comes five after
    /// `laps` when it has no heart rate, moving time or pool.
    static let keysTriedAhead = 6

    /// Skips the value of a member this reader does not know; `false` when the key stood
    /// before in the object or the value is not valid JSON within `depth`.
    mutating func skipUnknownMember(_ key: Range<Int>, depth: Int, _ cursor: inout ObjectCursor) -> Bool {
        isNewKey(key, among: &cursor.unknownKeys) && skipValue(depth: depth)
    }

    // MARK: Tokens

    var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func skipWhitespace() {
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A else { return }
            index += 1
        }
    }

    mutating func take(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// Whether `word` comes next (advancing past it when it does), compared eight bytes at a
    /// time in line (no call: most keys and laps are matched this way).
    @inline(__always)
    mutating func takeLiteral(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count, let base = bytes.baseAddress else { return false }
        let here = UnsafeRawPointer(base + index), there = UnsafeRawPointer(word.utf8Start)
        var i = 0
        while i + 8 <= count {
            guard here.loadUnaligned(fromByteOffset: i, as: UInt64.self) == there.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            else { return false }
            i += 8
        }
        while i < count {
            guard here.load(fromByteOffset: i, as: UInt8.self) == there.load(fromByteOffset: i, as: UInt8.self) else { return false }
            i += 1
        }
        index += count
        return true
    }

    mutating func takeNull() -> Bool { takeLiteral("null") }

    /// A key: a string of printable ASCII without escapes. Returns the range inside the quotes.
    mutating func plainKey() -> Range<Int>? {
        guard take(quote) else { return nil }
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == quote {
                index += 1
                return start..<index - 1
            }
            guard byte >= 0x20, byte < 0x7F, byte != backslash else { return nil }
            index += 1
        }
        return nil
    }

    /// A string value without escapes whose bytes are valid UTF-8 (the strict parser's rules).
    /// Returns the range inside the quotes.
    mutating func plainString() -> Range<Int>? {
        guard take(quote) else { return nil }
        let start = index
        while index < bytes.count {
            // Eight bytes at a time up to the first that needs a look of its own.
            if index + 8 <= bytes.count, let base = bytes.baseAddress {
                let special = Self.specialStringBytes(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                if special == 0 {
                    index += 8
                    continue
                }
                index += special.trailingZeroBitCount / 8
            }
            let byte = bytes[index]
            if byte == quote {
                index += 1
                return start..<index - 1
            }
            if byte < 0x80 {
                guard byte >= 0x20, byte != backslash else { return nil }
                index += 1
            } else {
                guard let length = utf8Length(at: index) else { return nil }
                index += length
            }
        }
        return nil
    }

    /// The bytes of eight (loaded as they lie in memory) that a string value cannot simply pass
    /// over: a quote, a backslash, a control character (below 0x20) or a byte of a multi-byte
    /// UTF-8 sequence (0x80 and above), as the high bit of each such byte. Only the lowest set
    /// bit is sure to be exact (a borrow may mark a byte above it), which is all
    /// ``plainString()`` uses; a zero word has none of them.
    @inline(__always)
    static func specialStringBytes(_ loaded: UInt64) -> UInt64 {
        let word = UInt64(littleEndian: loaded)
        let ones: UInt64 = 0x0101_0101_0101_0101, high: UInt64 = 0x8080_8080_8080_8080
        let quotes = word ^ 0x2222_2222_2222_2222, backslashes = word ^ 0x5C5C_5C5C_5C5C_5C5C
        let control = (word &- 0x2020_2020_2020_2020) & ~word
        return (control | ((quotes &- ones) & ~quotes) | ((backslashes &- ones) & ~backslashes) | word) & high
    }

    /// The range inside the quotes of a string value of exactly `length` bytes, found without
    /// scanning it: `nil` unless a quote stands at both ends. Only for values whose parse then
    /// checks every byte between the quotes to be one of a few ASCII characters (digits,
    /// hyphens: a UUID, a date), none a quote or a backslash, so that ``plainString()`` would
    /// have found the same string and accepted it: the two agree on every line.
    @inline(__always)
    mutating func fixedString(length: Int) -> Range<Int>? {
        guard index + length + 2 <= bytes.count, bytes[index] == quote, bytes[index + length + 1] == quote else { return nil }
        let range = index + 1..<index + 1 + length
        index += length + 2
        return range
    }

    mutating func string() -> String? {
        guard let range = plainString() else { return nil }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// The length (2–4) of the valid UTF-8 sequence at `position` (``UTF8Sequence``, the rule
    /// ``JSONTreeParser`` applies too).
    func utf8Length(at position: Int) -> Int? {
        UTF8Sequence.length(in: bytes, at: position)
    }

    /// Whether an unknown key differs from the others of its object (bytes compared: keys are
    /// plain ASCII here, where byte equality is string equality); `false` also past
    /// ``HistoryLineReader/maximumUnknownKeys``, which sends the line to the strict decoder.
    func isNewKey(_ key: Range<Int>, among keys: inout [Range<Int>]) -> Bool {
        guard keys.count < HistoryLineReader.maximumUnknownKeys else { return false }
        for other in keys where other.count == key.count && bytes[other].elementsEqual(bytes[key]) { return false }
        keys.append(key)
        return true
    }

    /// A number token, checked as RFC 8259 writes it: its range, whether it is a plain whole
    /// number (no fraction, no exponent) and whether it has an exponent.
    mutating func numberToken() -> (range: Range<Int>, isWhole: Bool, hasExponent: Bool)? {
        let start = index
        func isDigit(_ i: Int) -> Bool { i < bytes.count && bytes[i] >= zero && bytes[i] <= nine }
        if index < bytes.count, bytes[index] == minus { index += 1 }
        guard isDigit(index) else { return nil }
        if bytes[index] == zero {
            index += 1
            if isDigit(index) { return nil }
        } else {
            while isDigit(index) { index += 1 }
        }
        var isWhole = true, hasExponent = false
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            isWhole = false
            guard isDigit(index) else { return nil }
            while isDigit(index) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            isWhole = false
            hasExponent = true
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == minus { index += 1 }
            guard isDigit(index) else { return nil }
            while isDigit(index) { index += 1 }
        }
        return (start..<index, isWhole, hasExponent)
    }

    /// A whole number written without fraction or exponent, at most 18 digits. One pass: the
    /// digits are checked and added up together.
    mutating func integer() -> Int? {
        let count = bytes.count
        var i = index
        let isNegative = i < count && bytes[i] == minus
        if isNegative { i += 1 }
        let first = i
        guard i < count, isDigit(bytes[i]) else { return nil }
        var value = 0
        if bytes[i] == zero {
            i += 1
        } else if let run = digitRun(at: i) {
            value = Int(run.value)
            i += run.count
        } else {
            while i < count, isDigit(bytes[i]) {
                value = value &* 10 &+ Int(bytes[i] - zero)
                i += 1
            }
        }
        // A fraction, an exponent or a leading zero makes it not a plain whole number.
        guard i - first <= 18, !(i < count && (isDigit(bytes[i]) || isFractionOrExponent(bytes[i]))) else { return nil }
        index = i
        return isNegative ? -value : value
    }

    /// A number inside ``RecordLimits/seconds`` (0…604,800 s), for a time that is only
    /// checked (a segment's or a lap's when the statistics read a line): `true` exactly when
    /// ``double()`` reads a number there and the limits hold it. A plain number of at most five
    /// whole digits (below 100,000 s, inside the limits whatever its fraction: most times) is
    /// checked without being converted; any other is read by ``double()`` and compared.
    @inline(__always)
    mutating func checkedSeconds() -> Bool {
        if let length = shortPlainNumberLength() {
            index += length
            return true
        }
        guard let value = double() else { return false }
        return RecordLimits.seconds.contains(value)
    }

    /// The length of the number at ``index`` when it is written `D[.F]`: D one to five digits
    /// without a leading zero (or `0`), F one or more digits, no sign, no exponent; `nil` for
    /// anything else, including fewer than eight bytes left (the caller then reads it by
    /// ``double()``, which decides). SWAR as in ``digitRun(at:)``, without adding up the digits.
    @inline(__always)
    func shortPlainNumberLength() -> Int? {
        guard index + 8 <= bytes.count, let base = bytes.baseAddress else { return nil }
        let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
        let digits = word ^ 0x3030_3030_3030_3030
        let notDigits = (((digits & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7676_7676_7676_7676) | digits) & 0x8080_8080_8080_8080
        let whole = notDigits.trailingZeroBitCount / 8
        guard whole >= 1, whole <= 5, whole == 1 || digits & 0xFF != 0 else { return nil }
        var i = index + whole  // inside the word: the byte after the digits, which is not one
        if bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard i < bytes.count, isDigit(bytes[i]) else { return nil }
            while i < bytes.count, isDigit(bytes[i]) { i += 1 }
        }
        if i < bytes.count, bytes[i] | 0x20 == UInt8(ascii: "e") { return nil }
        return i - index
    }

    /// A number or `null`: `.some(nil)` for `null`, `nil` when it is neither.
    mutating func nullableDouble() -> Double?? {
        if takeNull() { return .some(nil) }
        return double().map { $0 }
    }

    /// A finite number, checked as RFC 8259 writes it. Without an exponent, digits that make a
    /// whole number of at most 2^53 with at most 22 of them after the point are converted
    /// exactly (that number divided by an exact power of ten: one correctly rounded operation),
    /// in the same pass that checks them; up to 19 digits above 2^53 with at most 19 after the
    /// point, in extended precision where that is sure (``extendedQuotient(_:fractionDigits:)``);
    /// anything else goes through `Double(String)`, as the strict decoder does.
    mutating func double() -> Double? {
        let start = index
        let count = bytes.count
        var i = index
        let isNegative = i < count && bytes[i] == minus
        if isNegative { i += 1 }
        guard i < count, isDigit(bytes[i]) else { return nil }
        var mantissa: UInt64 = 0
        var digits = 0
        var fractionDigits = 0
        if bytes[i] == zero {
            i += 1
            if i < count, isDigit(bytes[i]) { return nil }
        } else if let run = digitRun(at: i) {
            mantissa = run.value
            digits = run.count
            i += run.count
        } else {
            while i < count, isDigit(bytes[i]) {
                mantissa = mantissa &* 10 &+ UInt64(bytes[i] - zero)
                digits += 1
                i += 1
            }
        }
        if i < count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard i < count, isDigit(bytes[i]) else { return nil }
            // Most fractions are 1–7 digits (`20.5`, `0.125`): read them eight bytes at once.
            if let run = digitRun(at: i) {
                mantissa = mantissa &* Self.wholePowerOfTen(run.count) &+ run.value
                digits += run.count
                fractionDigits += run.count
                i += run.count
            }
            while i < count, isDigit(bytes[i]) {
                mantissa = mantissa &* 10 &+ UInt64(bytes[i] - zero)
                digits += 1
                fractionDigits += 1
                i += 1
            }
        }
        if i < count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            index = start
            guard let token = numberToken() else { return nil }
            return slowDouble(token.range)
        }
        index = i
        // Exact when the digits, as a whole number, are at most 2^53 and there are at most 22
        // fraction digits: both the number and 10^n are then `Double`s exactly, and one division
        // rounds correctly, as `Double(String)` does (Clinger's fast path). At most 19 digits
        // keep the sum from wrapping. The unrounded kcal hiit stores (`87.88888888888889`, 16
        // digits) come this way.
        if digits <= 19, mantissa <= 1 << 53, fractionDigits <= 22 {
            let value = fractionDigits == 0 ? Double(mantissa) : Double(mantissa) / Self.exactPowerOfTen(fractionDigits)
            return isNegative ? -value : value
        }
        if digits <= 19, let value = Self.extendedQuotient(mantissa, fractionDigits: fractionDigits) {
            return isNegative ? -value : value
        }
        return slowDouble(start..<i)
    }

    /// `mantissa / 10^fractionDigits` correctly rounded to a `Double` for the 17–19 digit
    /// numbers above 2^53 (`238.62222222222223`: the unrounded kcal of about a third of the
    /// lines hiit writes), or `nil` when it cannot be sure (then `Double(String)` decides).
    /// In x87 extended precision (64-bit significand) both numbers are exact (19 digits and
    /// 10^19 are below 2^64) and the quotient is rounded once; rounding that to 53 bits again
    /// gives the correctly rounded `Double` unless the quotient lies exactly on a midpoint
    /// between two `Double`s (its lowest 11 bits `10000000000`), the one case where the
    /// true value may lie on either side of it. Elsewhere than x86 (no `Float80`): `nil`.
    @inline(__always)
    static func extendedQuotient(_ mantissa: UInt64, fractionDigits: Int) -> Double? {
        #if arch(x86_64) || arch(i386)
        guard fractionDigits <= 19 else { return nil }
        let quotient = Float80(mantissa) / Float80(exactPowerOfTen(fractionDigits))
        guard quotient.significandBitPattern & 0x7FF != 0x400 else { return nil }
        return Double(quotient)
        #else
        return nil
        #endif
    }

    /// The run of 1–7 digits at `position` and its value, read eight bytes at once (without a
    /// branch per digit: most numbers of a history line are a few digits, whose lengths vary);
    /// `nil` when fewer than eight bytes are left or all eight are digits (the caller then goes
    /// digit by digit). SWAR, as in Lemire's "parse eight digits": each byte XOR `0`
    /// (digits become 0–9), the first byte that is not a digit found by its high bit after
    /// adding 0x76, the digits moved to the top of the word behind zeros and added up in three
    /// multiplications.
    @inline(__always)
    func digitRun(at position: Int) -> (count: Int, value: UInt64)? {
        guard position + 8 <= bytes.count, let base = bytes.baseAddress else { return nil }
        let word = UInt64(littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
        let digits = word ^ 0x3030_3030_3030_3030
        let notDigits = (((digits & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7676_7676_7676_7676) | digits) & 0x8080_8080_8080_8080
        guard notDigits != 0 else { return nil }
        let count = notDigits.trailingZeroBitCount / 8
        guard count > 0 else { return (0, 0) }
        var value = digits << UInt64(8 * (8 - count))
        value = ((value & 0x0F0F_0F0F_0F0F_0F0F) &* 2561) >> 8
        value = ((value & 0x00FF_00FF_00FF_00FF) &* 6_553_601) >> 16
        value = ((value & 0x0000_FFFF_0000_FFFF) &* 42_949_672_960_001) >> 32
        return (count, value)
    }

    /// A number token converted by `Double(String)`, as the strict decoder converts it; `nil`
    /// when it is not finite.
    func slowDouble(_ range: Range<Int>) -> Double? {
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else { return nil }
        return value
    }

    @inline(__always)
    func isDigit(_ byte: UInt8) -> Bool { byte &- zero < 10 }

    @inline(__always)
    func isFractionOrExponent(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
    }

    /// 10^n for n in 0…7 as a whole number, for ``digitRun(at:)``'s runs of up to 7 digits.
    @inline(__always)
    static func wholePowerOfTen(_ n: Int) -> UInt64 {
        switch n {
        case 0: 1
        case 1: 10
        case 2: 100
        case 3: 1000
        case 4: 10_000
        case 5: 100_000
        case 6: 1_000_000
        default: 10_000_000
        }
    }

    /// 10^n for n in 0…22, each exact as a `Double` (5^22 < 2^53).
    @inline(__always)
    static func exactPowerOfTen(_ n: Int) -> Double {
        switch n {
        case 0: 1
        case 1: 1e1
        case 2: 1e2
        case 3: 1e3
        case 4: 1e4
        case 5: 1e5
        case 6: 1e6
        case 7: 1e7
        case 8: 1e8
        case 9: 1e9
        case 10: 1e10
        case 11: 1e11
        case 12: 1e12
        case 13: 1e13
        case 14: 1e14
        case 15: 1e15
        case 16: 1e16
        case 17: 1e17
        case 18: 1e18
        case 19: 1e19
        case 20: 1e20
        case 21: 1e21
        default: 1e22
        }
    }

    /// Skips any JSON value, checking its syntax; objects need plain keys, each once.
    mutating func skipValue(depth: Int) -> Bool {
        guard depth < 48, let byte = peek else { return false }
        switch byte {
        case openBrace:
            index += 1
            var keys: [Range<Int>] = []
            skipWhitespace()
            if take(closeBrace) { return true }
            while true {
                skipWhitespace()
                guard let key = plainKey(), isNewKey(key, among: &keys) else { return false }
                skipWhitespace()
                guard take(colon) else { return false }
                skipWhitespace()
                guard skipValue(depth: depth + 1) else { return false }
                skipWhitespace()
                if take(comma) { continue }
                return take(closeBrace)
            }
        case openBracket:
            return forEachElement { $0.skipValue(depth: depth + 1) }
        case quote:
            return plainString() != nil
        case UInt8(ascii: "t"):
            return takeLiteral("true")
        case UInt8(ascii: "f"):
            return takeLiteral("false")
        case UInt8(ascii: "n"):
            return takeNull()
        default:
            return numberToken() != nil
        }
    }

    // MARK: Values with a form

    /// `XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX` in hexadecimal digits of either case. The 32
    /// digits are read as four words of eight (``hexWord(_:)``), without a branch per digit
    /// (digits and letters are equally likely, so a branch would be mispredicted every other time).
    func uuid(_ range: Range<Int>) -> UUID? {
        guard range.count == 36, let base = bytes.baseAddress else { return nil }
        let text = UnsafeRawPointer(base + range.lowerBound)
        func eight(_ offset: Int) -> UInt64 {
            UInt64(littleEndian: text.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        }
        func four(_ offset: Int) -> UInt64 {
            UInt64(UInt32(littleEndian: text.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
        }
        guard text.load(fromByteOffset: 8, as: UInt8.self) == minus, text.load(fromByteOffset: 13, as: UInt8.self) == minus,
              text.load(fromByteOffset: 18, as: UInt8.self) == minus, text.load(fromByteOffset: 23, as: UInt8.self) == minus,
              let first = Self.hexWord(eight(0)), let second = Self.hexWord(four(9) | four(14) << 32),
              let third = Self.hexWord(four(19) | four(24) << 32), let fourth = Self.hexWord(eight(28))
        else { return nil }
        var value: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &value) { out in
            out.storeBytes(of: first.littleEndian, toByteOffset: 0, as: UInt32.self)
            out.storeBytes(of: second.littleEndian, toByteOffset: 4, as: UInt32.self)
            out.storeBytes(of: third.littleEndian, toByteOffset: 8, as: UInt32.self)
            out.storeBytes(of: fourth.littleEndian, toByteOffset: 12, as: UInt32.self)
        }
        return UUID(uuid: value)
    }

    /// The four bytes written as the eight hexadecimal digits (`0-9`, `a-f`, `A-F`) of `word`
    /// (loaded little-endian: its first digit is its lowest byte, and the first byte's high
    /// half), as a `UInt32` whose lowest byte is the first; `nil` when a byte is no such digit.
    /// Each byte is judged a digit (XOR `0` below 10) or a letter (OR 0x20, XOR 0x60: 1–6, found
    /// by adding 0x79 and 0x7F) in the eight lanes at once, and its value is its low four bits
    /// plus 9 for a letter (bit 6); the halves are then put together in three shifts.
    @inline(__always)
    static func hexWord(_ word: UInt64) -> UInt32? {
        let high: UInt64 = 0x8080_8080_8080_8080, low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let digits = word ^ 0x3030_3030_3030_3030
        let notDigits = (((digits & low7) &+ 0x7676_7676_7676_7676) | digits) & high
        let letters = (word | 0x2020_2020_2020_2020) ^ 0x6060_6060_6060_6060
        let letters7 = letters & low7
        let notLetters = ((letters7 &+ 0x7979_7979_7979_7979) | ((letters7 &+ low7) ^ high) | letters) & high
        guard notDigits & notLetters == 0 else { return nil }
        let halves = (word & 0x0F0F_0F0F_0F0F_0F0F) &+ 9 &* ((word >> 6) & 0x0101_0101_0101_0101)
        var packed = ((halves & 0x000F_000F_000F_000F) << 4) | ((halves & 0x0F00_0F00_0F00_0F00) >> 8)
        packed = (packed | (packed >> 8)) & 0x0000_FFFF_0000_FFFF
        packed = (packed | (packed >> 16)) & 0xFFFF_FFFF
        return UInt32(truncatingIfNeeded: packed)
    }

    /// `YYYY-MM-DDTHH:MM:SSZ` (UTC, whole seconds) naming a real instant of the years 1600–9999.
    /// Its 20 bytes are checked as three words (digits where digits stand, the separators
    /// compared at once: ``isDigits(_:at:)``), without a branch per byte.
    func date(_ range: Range<Int>) -> Date? {
        guard range.count == 20, let base = bytes.baseAddress else { return nil }
        let text = UnsafeRawPointer(base + range.lowerBound)
        let head = UInt64(littleEndian: text.loadUnaligned(as: UInt64.self))  // YYYY-MM-
        let middle = UInt64(littleEndian: text.loadUnaligned(fromByteOffset: 8, as: UInt64.self))  // DDTHH:MM
        let tail = UInt64(UInt32(littleEndian: text.loadUnaligned(fromByteOffset: 16, as: UInt32.self)))  // :SSZ
        guard head & 0xFF00_00FF_0000_0000 == 0x2D00_002D_0000_0000,  // "-" at 4 and 7
              middle & 0x0000_FF00_00FF_0000 == 0x0000_3A00_0054_0000,  // "T" at 2, ":" at 5
              tail & 0xFF00_00FF == 0x5A00_003A,  // ":" at 0, "Z" at 3
              Self.isDigits(head, at: 0x00FF_FF00_FFFF_FFFF), Self.isDigits(middle, at: 0xFFFF_00FF_FF00_FFFF),
              Self.isDigits(tail, at: 0x00FF_FF00)
        else { return nil }
        func number(_ word: UInt64, _ from: Int, _ count: Int) -> Int {
            var value = 0
            for byte in from..<from + count { value = value &* 10 &+ Int((word >> UInt64(8 * byte)) & 0x0F) }
            return value
        }
        let year = number(head, 0, 4), month = number(head, 5, 2), day = number(middle, 0, 2)
        let hour = number(middle, 3, 2), minute = number(middle, 6, 2), second = number(tail, 1, 2)
        guard year >= 1600, hour <= 23, minute <= 59, second <= 59,
              let date = LocalDay(year: year, month: month, day: day)
        else { return nil }
        let seconds = date.dayNumber * 86_400 + hour * 3600 + minute * 60 + second
        return Date(timeIntervalSince1970: Double(seconds))
    }

    /// Whether the bytes of `word` (as loaded little-endian: the first byte lowest) that
    /// `mask` selects (0xFF each) are all ASCII digits: each byte XOR `0` must be below 10,
    /// found by its high bit after adding 0x76, as in ``digitRun(at:)``.
    @inline(__always)
    static func isDigits(_ word: UInt64, at mask: UInt64) -> Bool {
        let digits = word ^ 0x3030_3030_3030_3030
        let notDigits = (((digits & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7676_7676_7676_7676) | digits) & 0x8080_8080_8080_8080
        return notDigits & mask == 0
    }
}
