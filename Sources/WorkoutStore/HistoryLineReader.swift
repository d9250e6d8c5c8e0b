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
/// form; a `kind` or `poolUnit` that is not exactly one of its raw values; nesting deeper than
/// 48 levels; a record that breaks ``HistoryRecordRules``.
enum HistoryLineReader {
    /// The most unknown keys an object may have on the fast path: each new one is compared
    /// with those before it, so more go to the strict decoder (which keeps them in a set)
    /// instead of costing the square of their number here.
    static let maximumUnknownKeys = 32

    /// The record on `line` (its bytes without the `\n`), or `nil` when the strict path must decide.
    static func record(_ line: UnsafeBufferPointer<UInt8>) -> SessionRecord? {
        var scanner = LineScanner(bytes: line)
        guard let record = scanner.sessionRecord() else { return nil }
        guard keepsRules(record) || HistoryRecordRules.violation(in: record) == nil else { return nil }
        return record
    }

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
              record.legs.count <= RecordLimits.legsPerSession
        else { return false }
        for leg in record.legs {
            guard leg.laps.count <= RecordLimits.lapsPerLeg,
                  seconds.contains(leg.startSeconds), seconds.contains(leg.elapsedSeconds),
                  seconds.contains(leg.timerSeconds), leg.kcal.map(kcal.contains) ?? true,
                  leg.distanceMeters.map(RecordLimits.legDistanceMeters.contains) ?? true
            else { return false }
            for lap in leg.laps where !seconds.contains(lap.startSeconds) || !seconds.contains(lap.elapsedSeconds) {
                return false
            }
        }
        return true
    }

    /// ``record(_:)`` for an array slice.
    static func record(_ line: ArraySlice<UInt8>) -> SessionRecord? {
        line.withUnsafeBufferPointer { record($0) }
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

/// Exact powers of ten as `Double` (10^0 … 10^22 are exact).
private let exactPowersOfTen: [Double] = (0...22).map { exponent in
    var value = 1.0
    for _ in 0..<exponent { value *= 10 }
    return value
}

/// The keys of a history line, as bit positions for repeated-key detection.
private enum RecordKey: Int {
    case version, id, workout, kind, start, end, timeZone, utcOffsetSeconds, localDate
    case workoutSeconds, totalSeconds, pausedSeconds, rounds, exercises, weightKg, kcal, legs

    static func named(_ key: UnsafeBufferPointer<UInt8>.SubSequence) -> RecordKey? {
        switch key.count {
        case 2: return matches(key, "id") ? .id : nil
        case 3: return matches(key, "end") ? .end : nil
        case 4: return matches(key, "kind") ? .kind : matches(key, "kcal") ? .kcal : matches(key, "legs") ? .legs : nil
        case 5: return matches(key, "start") ? .start : nil
        case 6: return matches(key, "rounds") ? .rounds : nil
        case 7: return matches(key, "version") ? .version : matches(key, "workout") ? .workout : nil
        case 8: return matches(key, "timeZone") ? .timeZone : matches(key, "weightKg") ? .weightKg : nil
        case 9: return matches(key, "localDate") ? .localDate : matches(key, "exercises") ? .exercises : nil
        case 12: return matches(key, "totalSeconds") ? .totalSeconds : nil
        case 13: return matches(key, "pausedSeconds") ? .pausedSeconds : nil
        case 14: return matches(key, "workoutSeconds") ? .workoutSeconds : nil
        case 16: return matches(key, "utcOffsetSeconds") ? .utcOffsetSeconds : nil
        default: return nil
        }
    }
}

private enum LegKey: Int {
    case sport, startSeconds, elapsedSeconds, timerSeconds, distanceMeters, kcal, laps, poolLength, poolUnit, isOpenWater

    static func named(_ key: UnsafeBufferPointer<UInt8>.SubSequence) -> LegKey? {
        switch key.count {
        case 4: return matches(key, "kcal") ? .kcal : matches(key, "laps") ? .laps : nil
        case 5: return matches(key, "sport") ? .sport : nil
        case 8: return matches(key, "poolUnit") ? .poolUnit : nil
        case 10: return matches(key, "poolLength") ? .poolLength : nil
        case 11: return matches(key, "isOpenWater") ? .isOpenWater : nil
        case 12: return matches(key, "startSeconds") ? .startSeconds : matches(key, "timerSeconds") ? .timerSeconds : nil
        case 14: return matches(key, "elapsedSeconds") ? .elapsedSeconds
            : matches(key, "distanceMeters") ? .distanceMeters : nil
        default: return nil
        }
    }
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

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    // MARK: The record

    mutating func sessionRecord() -> SessionRecord? {
        skipWhitespace()
        guard take(openBrace) else { return nil }
        var seen: UInt32 = 0
        var version = 0
        var id: UUID?
        var workout = "", kind = SessionRecord.Kind.intervals, timeZone = "", localDate = LocalDay.epoch
        var start = Date(timeIntervalSinceReferenceDate: 0), end = start
        var utcOffsetSeconds = 0, rounds = 0, exercises = 0
        var workoutSeconds = 0.0, totalSeconds = 0.0, pausedSeconds = 0.0
        var weightKg: Double?, kcal: Double?
        var legs: [LegRecord] = []
        var members = ObjectCursor()
        while let keyRange = nextMember(&members) {
            if let key = RecordKey.named(bytes[keyRange]) {
                let bit: UInt32 = 1 << UInt32(key.rawValue)
                guard seen & bit == 0 else { return nil }
                seen |= bit
                switch key {
                case .version:
                    guard let value = integer(), value >= 1, value <= SessionRecord.currentVersion else { return nil }
                    version = value
                case .id:
                    guard let range = plainString(), let value = uuid(range) else { return nil }
                    id = value
                case .workout:
                    guard let value = string() else { return nil }
                    workout = value
                case .kind:
                    guard let range = plainString() else { return nil }
                    if matches(bytes[range], "intervals") { kind = .intervals }
                    else if matches(bytes[range], "multisport") { kind = .multisport }
                    else { return nil }
                case .start:
                    guard let range = plainString(), let value = date(range) else { return nil }
                    start = value
                case .end:
                    guard let range = plainString(), let value = date(range) else { return nil }
                    end = value
                case .timeZone:
                    guard let value = string() else { return nil }
                    timeZone = value
                case .utcOffsetSeconds:
                    guard let value = integer() else { return nil }
                    utcOffsetSeconds = value
                case .localDate:
                    guard let range = plainString(), let value = LocalDay(utf8: UnsafeBufferPointer(rebasing: bytes[range]))
                    else { return nil }
                    localDate = value
                case .workoutSeconds:
                    guard let value = double() else { return nil }
                    workoutSeconds = value
                case .totalSeconds:
                    guard let value = double() else { return nil }
                    totalSeconds = value
                case .pausedSeconds:
                    if takeNull() { pausedSeconds = 0 } else {
                        guard let value = double() else { return nil }
                        pausedSeconds = value
                    }
                case .rounds:
                    if takeNull() { rounds = 0 } else {
                        guard let value = integer() else { return nil }
                        rounds = value
                    }
                case .exercises:
                    if takeNull() { exercises = 0 } else {
                        guard let value = integer() else { return nil }
                        exercises = value
                    }
                case .weightKg:
                    guard let value = nullableDouble() else { return nil }
                    weightKg = value
                case .kcal:
                    guard let value = nullableDouble() else { return nil }
                    kcal = value
                case .legs:
                    if takeNull() { legs = [] } else {
                        guard let value = legRecords() else { return nil }
                        legs = value
                    }
                }
            } else {
                guard skipUnknownMember(keyRange, depth: 1, &members) else { return nil }
            }
        }
        guard !members.failed else { return nil }
        skipWhitespace()
        guard index == bytes.count else { return nil }
        let required: [RecordKey] = [.version, .id, .workout, .kind, .start, .end, .timeZone, .utcOffsetSeconds,
                                     .localDate, .workoutSeconds, .totalSeconds]
        for key in required where seen & (1 << UInt32(key.rawValue)) == 0 { return nil }
        guard let id else { return nil }
        var record = SessionRecord(
            id: id, workout: workout, kind: kind, start: start, end: end, timeZone: timeZone,
            utcOffsetSeconds: utcOffsetSeconds, localDate: localDate, workoutSeconds: workoutSeconds,
            totalSeconds: totalSeconds, pausedSeconds: pausedSeconds, rounds: rounds, exercises: exercises,
            weightKg: weightKg, kcal: kcal, legs: legs)
        record.version = version
        return record
    }

    /// A JSON array whose elements `element` reads, or `nil` when anything is not as expected.
    @inline(__always)
    mutating func array<Element>(of element: (inout Self) -> Element?) -> [Element]? {
        guard take(openBracket) else { return nil }
        var items: [Element] = []
        skipWhitespace()
        if take(closeBracket) { return items }
        while true {
            skipWhitespace()
            guard let item = element(&self) else { return nil }
            items.append(item)
            skipWhitespace()
            if take(comma) { continue }
            guard take(closeBracket) else { return nil }
            return items
        }
    }

    mutating func legRecords() -> [LegRecord]? {
        array { $0.legRecord() }
    }

    mutating func legRecord() -> LegRecord? {
        guard take(openBrace) else { return nil }
        var seen: UInt32 = 0
        var sport = "", startSeconds = 0.0, elapsedSeconds = 0.0, timerSeconds = 0.0
        var distanceMeters: Double?, kcal: Double?, poolLength: Double?
        var poolUnit: LengthUnit?, isOpenWater: Bool?
        var laps: [LapRecord] = []
        var members = ObjectCursor()
        while let keyRange = nextMember(&members) {
            if let key = LegKey.named(bytes[keyRange]) {
                let bit: UInt32 = 1 << UInt32(key.rawValue)
                guard seen & bit == 0 else { return nil }
                seen |= bit
                switch key {
                case .sport:
                    guard let value = string() else { return nil }
                    sport = value
                case .startSeconds:
                    guard let value = double() else { return nil }
                    startSeconds = value
                case .elapsedSeconds:
                    guard let value = double() else { return nil }
                    elapsedSeconds = value
                case .timerSeconds:
                    guard let value = double() else { return nil }
                    timerSeconds = value
                case .distanceMeters:
                    guard let value = nullableDouble() else { return nil }
                    distanceMeters = value
                case .kcal:
                    guard let value = nullableDouble() else { return nil }
                    kcal = value
                case .poolLength:
                    guard let value = nullableDouble() else { return nil }
                    poolLength = value
                case .poolUnit:
                    if takeNull() { poolUnit = nil } else {
                        guard let range = plainString() else { return nil }
                        let text = bytes[range]
                        if matches(text, "m") { poolUnit = .meters }
                        else if matches(text, "yd") { poolUnit = .yards }
                        else if matches(text, "km") { poolUnit = .kilometers }
                        else if matches(text, "mi") { poolUnit = .miles }
                        else { return nil }
                    }
                case .isOpenWater:
                    if takeNull() { isOpenWater = nil }
                    else if takeLiteral("true") { isOpenWater = true }
                    else if takeLiteral("false") { isOpenWater = false }
                    else { return nil }
                case .laps:
                    guard let value = lapRecords() else { return nil }
                    laps = value
                }
            } else {
                guard skipUnknownMember(keyRange, depth: 3, &members) else { return nil }
            }
        }
        guard !members.failed else { return nil }
        let required: [LegKey] = [.sport, .startSeconds, .elapsedSeconds, .timerSeconds, .laps]
        for key in required where seen & (1 << UInt32(key.rawValue)) == 0 { return nil }
        return LegRecord(sport: sport, startSeconds: startSeconds, elapsedSeconds: elapsedSeconds,
                         timerSeconds: timerSeconds, distanceMeters: distanceMeters, kcal: kcal, laps: laps,
                         poolLength: poolLength, poolUnit: poolUnit, isOpenWater: isOpenWater)
    }

    mutating func lapRecords() -> [LapRecord]? {
        array { $0.lapRecord() }
    }

    mutating func lapRecord() -> LapRecord? {
        guard take(openBrace) else { return nil }
        var startSeconds: Double?, elapsedSeconds: Double?
        var members = ObjectCursor()
        while let keyRange = nextMember(&members) {
            let key = bytes[keyRange]
            if matches(key, "startSeconds") {
                guard startSeconds == nil, let value = double() else { return nil }
                startSeconds = value
            } else if matches(key, "elapsedSeconds") {
                guard elapsedSeconds == nil, let value = double() else { return nil }
                elapsedSeconds = value
            } else {
                guard skipUnknownMember(keyRange, depth: 5, &members) else { return nil }
            }
        }
        guard !members.failed else { return nil }
        guard let startSeconds, let elapsedSeconds else { return nil }
        return LapRecord(startSeconds: startSeconds, elapsedSeconds: elapsedSeconds)
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

    mutating func takeLiteral(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count, matches(bytes[index..<index + count], word) else { return false }
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

    /// A whole number written without fraction or exponent, at most 18 digits.
    mutating func integer() -> Int? {
        guard let token = numberToken(), token.isWhole else { return nil }
        var i = token.range.lowerBound
        let isNegative = bytes[i] == minus
        if isNegative { i += 1 }
        guard token.range.upperBound - i <= 18 else { return nil }
        var value = 0
        while i < token.range.upperBound {
            value = value * 10 + Int(bytes[i] - zero)
            i += 1
        }
        return isNegative ? -value : value
    }

    /// A finite number. Up to 15 significant digits without an exponent are converted exactly
    /// (an integer below 2^53 divided by an exact power of ten: one correctly rounded
    /// operation); anything longer goes through `Double(String)`, as the strict decoder does.
    /// A number or `null`: `.some(nil)` for `null`, `nil` when it is neither.
    mutating func nullableDouble() -> Double?? {
        if takeNull() { return .some(nil) }
        return double().map { $0 }
    }

    mutating func double() -> Double? {
        guard let token = numberToken() else { return nil }
        if !token.hasExponent {
            var i = token.range.lowerBound
            let isNegative = bytes[i] == minus
            if isNegative { i += 1 }
            var mantissa: Int64 = 0
            var digits = 0
            var fractionDigits = 0
            var inFraction = false
            while i < token.range.upperBound {
                let byte = bytes[i]
                if byte == UInt8(ascii: ".") {
                    inFraction = true
                } else {
                    mantissa = mantissa &* 10 &+ Int64(byte - zero)
                    if mantissa != 0 || inFraction { digits += 1 }
                    if inFraction { fractionDigits += 1 }
                }
                i += 1
            }
            if digits <= 15 {
                let value = Double(mantissa) / exactPowersOfTen[fractionDigits]
                return isNegative ? -value : value
            }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[token.range]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else { return nil }
        return value
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
            index += 1
            skipWhitespace()
            if take(closeBracket) { return true }
            while true {
                skipWhitespace()
                guard skipValue(depth: depth + 1) else { return false }
                skipWhitespace()
                if take(comma) { continue }
                return take(closeBracket)
            }
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

    /// `XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX` in hexadecimal digits of either case.
    func uuid(_ range: Range<Int>) -> UUID? {
        guard range.count == 36 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(16)
        var i = range.lowerBound
        var position = 0
        while position < 36 {
            if position == 8 || position == 13 || position == 18 || position == 23 {
                guard bytes[i] == minus else { return nil }
                i += 1
                position += 1
                continue
            }
            guard let high = hexDigit(bytes[i]), let low = hexDigit(bytes[i + 1]) else { return nil }
            out.append(high << 4 | low)
            i += 2
            position += 2
        }
        return UUID(uuid: (out[0], out[1], out[2], out[3], out[4], out[5], out[6], out[7],
                           out[8], out[9], out[10], out[11], out[12], out[13], out[14], out[15]))
    }

    func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case zero...nine: return byte - zero
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// `YYYY-MM-DDTHH:MM:SSZ` (UTC, whole seconds) naming a real instant of the years 1600–9999.
    func date(_ range: Range<Int>) -> Date? {
        guard range.count == 20 else { return nil }
        let b = range.lowerBound
        func number(_ offset: Int, _ count: Int) -> Int? {
            var value = 0
            for i in b + offset..<b + offset + count {
                let byte = bytes[i]
                guard byte >= zero, byte <= nine else { return nil }
                value = value * 10 + Int(byte - zero)
            }
            return value
        }
        guard bytes[b + 4] == minus, bytes[b + 7] == minus, bytes[b + 10] == UInt8(ascii: "T"),
              bytes[b + 13] == colon, bytes[b + 16] == colon, bytes[b + 19] == UInt8(ascii: "Z"),
              let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
              let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
              year >= 1600, hour <= 23, minute <= 59, second <= 59,
              let date = LocalDay(year: year, month: month, day: day)
        else { return nil }
        let seconds = date.dayNumber * 86_400 + hour * 3600 + minute * 60 + second
        return Date(timeIntervalSince1970: Double(seconds))
    }
}
