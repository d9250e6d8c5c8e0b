import Foundation
import WorkoutModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What identifies one state of `history.jsonl`, so that data derived from it (a cache) can tell
/// whether it still describes the file: the file's device and inode, its size, its modification
/// time, and a hash of its last bytes (up to ``tailLength``) before `size`.
///
/// A rewrite (`history delete`, `history edit`) renames a new file over the old one, so the
/// inode changes; an append keeps the inode, grows the size and leaves the bytes before the old
/// size as they were, which ``HistoryFile/change(since:problemLines:)`` checks with the hash.
public struct HistoryFingerprint: Codable, Equatable, Sendable {
    /// Bytes hashed before `size`: at most 4 KiB.
    public static let tailLength = 4096

    /// `st_dev` of the file.
    public var device: UInt64
    /// `st_ino` of the file.
    public var inode: UInt64
    /// Size in bytes.
    public var size: Int
    /// Modification time, nanoseconds since 1970-01-01 UTC.
    public var modificationNanoseconds: Int64
    /// 64-bit FNV-1a hash of the bytes `max(0, size − tailLength)..<size`.
    public var tailHash: UInt64
    /// Number of line ends (`\n`) in the first `size` bytes: the line number the next line
    /// appended gets, less one.
    public var lineEnds: Int
    /// Whether the file is empty or its last byte is `\n` (no torn last line).
    public var endsWithNewline: Bool

    /// Creates a fingerprint from its parts (see the properties).
    public init(device: UInt64, inode: UInt64, size: Int, modificationNanoseconds: Int64, tailHash: UInt64,
                lineEnds: Int, endsWithNewline: Bool) {
        self.device = device
        self.inode = inode
        self.size = size
        self.modificationNanoseconds = modificationNanoseconds
        self.tailHash = tailHash
        self.lineEnds = lineEnds
        self.endsWithNewline = endsWithNewline
    }

    /// A file time as nanoseconds since 1970, clamped to what `Int64` holds (about the years
    /// 1678–2262): a file dated 2300 or 0001 (`touch -d`, `faketime`) must not trap. Two
    /// times beyond the range compare equal, and the size and tail hash still tell a change.
    /// - Parameters:
    ///   - seconds: `tv_sec`, seconds since 1970-01-01 UTC (negative before).
    ///   - nanoseconds: `tv_nsec`, 0–999,999,999.
    public static func nanoseconds(seconds: Int64, nanoseconds: Int64) -> Int64 {
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return seconds < 0 ? .min : .max }
        let (sum, carried) = scaled.addingReportingOverflow(nanoseconds)
        return carried ? (nanoseconds < 0 ? .min : .max) : sum
    }

    /// Whether `other` describes the same file in the same state (the line count is derived
    /// from the content, so it is not compared).
    public func isSameState(as other: HistoryFingerprint) -> Bool {
        device == other.device && inode == other.inode && size == other.size
            && modificationNanoseconds == other.modificationNanoseconds && tailHash == other.tailHash
            && endsWithNewline == other.endsWithNewline
    }

    /// 64-bit FNV-1a of `bytes`.
    static func hash(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }
}

/// One line of the history that could not be read, located by byte offset so that it can be
/// read and reported again without reading the whole file.
public struct HistoryLineSpan: Codable, Equatable, Sendable {
    /// 1-based line number.
    public var line: Int
    /// Byte offset of the line's first byte.
    public var offset: Int
    /// Length of the line in bytes, without its `\n`.
    public var length: Int
}

/// The history as read for derived data: its records, its bad lines (with their places), and
/// the fingerprint of the state that was read.
public struct HistoryRead: Sendable {
    /// Valid records in file order; empty when they were handed to a visitor instead
    /// (``HistoryFile/readWithFingerprint(visit:)``).
    public var records: [SessionRecord]
    /// Lines that were skipped, in file order.
    public var problems: [HistoryProblem]
    /// Where each of `problems` is, in the same order.
    public var problemLines: [HistoryLineSpan]
    /// The state that was read; `nil` when the file does not exist.
    public var fingerprint: HistoryFingerprint?

    /// Creates a result.
    public init(records: [SessionRecord], problems: [HistoryProblem], problemLines: [HistoryLineSpan],
                fingerprint: HistoryFingerprint?) {
        self.records = records
        self.problems = problems
        self.problemLines = problemLines
        self.fingerprint = fingerprint
    }
}

/// How the history differs from a fingerprint taken earlier (``HistoryFile/change(since:problemLines:)``).
public enum HistoryChange: Sendable {
    /// The file is in the same state; the problems are those of the lines named, read again.
    case unchanged(problems: [HistoryProblem])
    /// Lines were only appended: the earlier problems read again, plus the records, problems
    /// and fingerprint of the new lines (`read.records` holds only the new records, or none
    /// when they were handed to a visitor;
    /// `read.problems` and `read.problemLines` hold the old problems and then the new).
    case appended(HistoryRead)
    /// Anything else (rewritten, shrunk, replaced, removed): derived data must be rebuilt.
    case replaced
}

extension HistoryFile {
    /// Compares the file with an earlier fingerprint, reading as little as it can: nothing but
    /// the `problemLines` when it is unchanged, only the new lines after an append.
    /// - Parameters:
    ///   - fingerprint: the state derived data was built from.
    ///   - problemLines: the bad lines of that state, to report again.
    /// - Returns: unchanged, appended (with the new records in `records`) or replaced (also
    ///   when the file was removed).
    /// - Throws: ``StoreError/io(path:operation:errno:)`` when the file exists but cannot be read.
    public func change(since fingerprint: HistoryFingerprint, problemLines: [HistoryLineSpan]) throws(StoreError) -> HistoryChange {
        var records: [SessionRecord] = []
        let change = try change(since: fingerprint, problemLines: problemLines) { records.append($0) }
        guard case var .appended(read) = change else { return change }
        read.records = records
        return .appended(read)
    }

    /// ``change(since:problemLines:)`` handing each record appended since the fingerprint to
    /// `visit` (in file order) instead of keeping it: `records` of an `appended` result is empty.
    /// `visit` is called only once the change is known to be an append.
    /// - Parameters:
    ///   - fingerprint: the state derived data was built from.
    ///   - problemLines: the bad lines of that state, to report again.
    ///   - visit: called with each appended record.
    /// - Returns: unchanged, appended or replaced (also when the file was removed).
    /// - Throws: ``StoreError/io(path:operation:errno:)`` when the file exists but cannot be read.
    public func change(since fingerprint: HistoryFingerprint, problemLines: [HistoryLineSpan],
                       visit: (SessionRecord) -> Void) throws(StoreError) -> HistoryChange {
        guard let descriptor = try HistoryLock.open(url.path, flags: O_RDONLY, exclusive: false, operation: "open")
        else { return .replaced }
        defer { try? descriptor.close() }
        let (info, tail): (stat, [UInt8])
        switch try Self.match(descriptor, fingerprint) {
        case .other:
            return .replaced
        case let .same(status, bytes), let .grown(status, bytes):
            (info, tail) = (status, bytes)
        }
        let size = Int(info.st_size)
        var oldProblems: [HistoryProblem] = []
        for span in problemLines {
            guard span.offset + span.length <= fingerprint.size else { return .replaced }
            let line = try descriptor.bytes(at: span.offset, count: span.length)
            guard line.count == span.length else { return .replaced }
            do {
                _ = try Self.decodeLine(line, path: url.path, lineNumber: span.line)
                return .replaced  // it reads now: not the state the spans describe
            } catch {
                let isUnterminated = span.offset + span.length == size && size > 0 && !fingerprint.endsWithNewline
                oldProblems.append(HistoryProblem(line: span.line, error: error, isUnterminated: isUnterminated))
            }
        }
        if size == fingerprint.size { return .unchanged(problems: oldProblems) }
        let part = try Self.readPart(of: descriptor.descriptor, path: url.path, from: fingerprint.size, to: nil,
                                     firstLine: fingerprint.lineEnds + 1, visit: visit)
        try descriptor.unlock()
        let summary = part.summary
        let read = HistoryRead(records: [], problems: oldProblems + part.problems, problemLines: problemLines + part.spans,
                               fingerprint: nil)
        var lastBytes = tail
        lastBytes.append(contentsOf: summary.lastBytes)
        var grown = read
        grown.fingerprint = Self.fingerprint(info, size: fingerprint.size + summary.bytesRead,
                                            tail: lastBytes[max(0, lastBytes.count - HistoryFingerprint.tailLength)...],
                                            lineEnds: fingerprint.lineEnds + summary.lineEnds)
        return .appended(grown)
    }

    /// How an open history compares with a fingerprint taken earlier.
    enum StateMatch {
        /// The same file in the same state: `fstat` now, and the last bytes before the size.
        case same(stat, tail: [UInt8])
        /// The same file with lines appended after the state (which ended with a line end).
        case grown(stat, tail: [UInt8])
        /// Anything else: rewritten, shrunk, changed before the old size, touched, or grown from
        /// a torn last line.
        case other
    }

    /// Compares the open history with `fingerprint` by the rules every cache of the history
    /// follows: the same device and inode, at least as large, the same last bytes (up to
    /// ``HistoryFingerprint/tailLength``) before the old size; then either the same state
    /// (size, modification time) or a clean append (the old content ended with a line end).
    /// - Throws: ``StoreError/io(path:operation:errno:)``.
    static func match(_ descriptor: OpenFile, _ fingerprint: HistoryFingerprint) throws(StoreError) -> StateMatch {
        let info = try descriptor.status()
        let size = Int(info.st_size)
        guard UInt64(info.st_dev) == fingerprint.device, UInt64(info.st_ino) == fingerprint.inode,
              size >= fingerprint.size else { return .other }
        let tailStart = max(0, fingerprint.size - HistoryFingerprint.tailLength)
        let tail = try descriptor.bytes(at: tailStart, count: fingerprint.size - tailStart)
        guard tail.count == fingerprint.size - tailStart, HistoryFingerprint.hash(tail) == fingerprint.tailHash else {
            return .other
        }
        if size == fingerprint.size {
            let current = Self.fingerprint(info, size: size, tail: tail[...], lineEnds: fingerprint.lineEnds)
            return current.isSameState(as: fingerprint) ? .same(info, tail: tail) : .other
        }
        return fingerprint.endsWithNewline ? .grown(info, tail: tail) : .other
    }

    /// The fingerprint of a state read: `info` from `fstat`, the size read, the last bytes
    /// before it (up to ``HistoryFingerprint/tailLength``) and its line ends.
    static func fingerprint(_ info: stat, size: Int, tail: ArraySlice<UInt8>, lineEnds: Int) -> HistoryFingerprint {
        HistoryFingerprint(
            device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: size,
            modificationNanoseconds: HistoryFingerprint.nanoseconds(seconds: Int64(info.st_mtim.tv_sec),
                                                                     nanoseconds: Int64(info.st_mtim.tv_nsec)),
            tailHash: HistoryFingerprint.hash(tail), lineEnds: lineEnds,
            endsWithNewline: size == 0 || tail.last == 0x0A)
    }
}
