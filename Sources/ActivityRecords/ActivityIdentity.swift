import Foundation
import WorkoutModel

/// The identity of an imported session, made from its file's SHA-256 so that importing the same
/// file again gives the same id (and is "already present" by id, DESIGN §8 "Duplicates").
public enum ActivityIdentity {
    /// A UUID made of the first 16 bytes of the file's SHA-256, marked as an RFC 9562 version 8
    /// ("custom") UUID with the RFC's variant bits.
    /// - Parameter sha256: 64 hexadecimal digits (either case).
    /// - Returns: the id, or `nil` when `sha256` is not 64 hexadecimal digits.
    public static func id(sha256: String) -> UUID? {
        let digits = Array(sha256.utf8)
        guard digits.count == 64 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(16)
        for index in stride(from: 0, to: 32, by: 2) {
            guard let high = hexValue(digits[index]), let low = hexValue(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
        }
        bytes[6] = (bytes[6] & 0x0F) | 0x80  // version 8
        bytes[8] = (bytes[8] & 0x3F) | 0x80  // variant 10
        return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                           bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
    }

    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

/// The rule that two sessions are the same activity, whichever file, format or device they came
/// from (DESIGN §8 "Duplicates"): starts within 60 s, the same sports in the same order
/// (transitions left out; `other` stands for any sport, and a single `other` leg for any
/// sports, see ``sameSports(_:_:)``), and durations (end − start) within 2 % of the longer.
public enum ActivityDuplicate {
    /// The largest difference between the starts, in seconds.
    public static let startToleranceSeconds = 60.0
    /// The largest difference between the durations, as a fraction of the longer.
    public static let durationTolerance = 0.02

    /// The key of a session the rule compares: start, duration in seconds, sports; and the
    /// session's id, to name it.
    public struct Key: Sendable, Equatable {
        /// The session's id.
        public var id: UUID
        /// The start instant.
        public var start: Date
        /// Seconds from start to end.
        public var seconds: Double
        /// The sports of the legs that are not transitions, in order, repeats in a row merged
        /// (an interval session: `["hiit"]`).
        public var sports: [String]

        /// The key of `record`.
        public init(_ record: SessionRecord) {
            id = record.id
            start = record.start
            seconds = max(0, record.end.timeIntervalSince(record.start))
            var sports: [String] = []
            for leg in record.legs where leg.sport != Sport.transition.rawValue && sports.last != leg.sport {
                sports.append(leg.sport)
            }
            self.sports = record.kind == .intervals ? [Sport.hiit.rawValue] : sports
        }
    }

    /// Whether two lists of sports are the same, leg for leg; `other` is the same as any sport,
    /// because a format that cannot name a sport writes it so (a TCX `Activity` is `Running`,
    /// `Biking` or `Other`: a rowing leg comes back as `other`). A session that is one `other`
    /// leg is the same as any list of sports: a format without legs writes a multisport
    /// session as one track of no known sport (hiit's GPX export of a duathlon is one track,
    /// `Other (multisport)`).
    static func sameSports(_ a: [String], _ b: [String]) -> Bool {
        let other = Sport.other.rawValue
        if a == [other] || b == [other] { return true }
        return a.count == b.count && zip(a, b).allSatisfy { $0 == $1 || $0 == other || $1 == other }
    }

    /// Whether `a` and `b` are the same activity by the rule.
    public static func isSame(_ a: Key, _ b: Key) -> Bool {
        guard abs(a.start.timeIntervalSince(b.start)) <= startToleranceSeconds, sameSports(a.sports, b.sports) else { return false }
        let longer = max(a.seconds, b.seconds)
        return abs(a.seconds - b.seconds) <= durationTolerance * longer
    }

    /// The first of `known` that is the same activity as `key`, or `nil`; `known` sorted by start
    /// is searched by bisection.
    /// - Parameters:
    ///   - key: the new session's key.
    ///   - known: the keys already in the history, sorted by ``Key/start``.
    public static func match(_ key: Key, in known: [Key]) -> Key? {
        match(key, in: known, where: isSame)
    }

    /// The first of `known` that starts within ``startToleranceSeconds`` of `key` with the same
    /// sports but is not the same activity by duration: most often a copy of it cut off (a
    /// watch's file copied before it was closed), worth a word to the person importing it.
    /// - Parameters:
    ///   - key: the new session's key.
    ///   - known: the keys already in the history, sorted by ``Key/start``.
    public static func overlap(_ key: Key, in known: [Key]) -> Key? {
        match(key, in: known) { sameSports($0.sports, $1.sports) && !isSame($0, $1) }
    }

    /// The first of `known` (sorted by start) within the start tolerance of `key` for which
    /// `test` holds, found by bisection: `test` sees only keys that start within
    /// ``startToleranceSeconds`` of `key`.
    private static func match(_ key: Key, in known: [Key], where test: (Key, Key) -> Bool) -> Key? {
        var low = 0
        var high = known.count
        let earliest = key.start.addingTimeInterval(-startToleranceSeconds)
        while low < high {
            let middle = (low + high) / 2
            if known[middle].start < earliest { low = middle + 1 } else { high = middle }
        }
        var index = low
        while index < known.count, known[index].start.timeIntervalSince(key.start) <= startToleranceSeconds {
            if test(key, known[index]) { return known[index] }
            index += 1
        }
        return nil
    }
}
