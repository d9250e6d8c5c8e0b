import Foundation
import POSIX
import WorkoutModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `history.jsonl`: one completed session per line, as ``SessionRecord/jsonLine()`` writes it
/// (DESIGN §3). Lines are appended; the only rewrite is ``removeSessions(withID:)``, which keeps
/// every other line byte for byte. A line that does not parse is reported and skipped, never
/// changed or dropped. Two processes appending or rewriting at once lose nothing (`flock` on
/// the history file itself, with the checks of ``HistoryLock``).
public struct HistoryFile: Equatable, Sendable {
    /// The file.
    public let url: URL

    // MARK: Appending

    /// Appends one record as one line and returns only once it is on the device, so the
    /// caller may then tell the user "saved". See ``append(contentsOf:)``.
    /// - Parameter record: the completed session.
    /// - Throws: ``StoreError/notEncodable(path:reason:)`` (a non-finite number; nothing is
    ///   written) or ``StoreError/io(path:operation:errno:)`` naming the failed step.
    public func append(_ record: SessionRecord) throws(StoreError) {
        try append(contentsOf: [record])
    }

    /// Appends records, one line each, in one locked write, and returns only once they are on
    /// the device.
    ///
    /// Steps: `open(O_RDWR | O_APPEND | O_CREAT, 0600)` (read access is needed to look at the
    /// last byte), exclusive `flock`, a check that the file is still the one at the path
    /// (``HistoryLock``: a rewrite may have replaced it meanwhile; then it is opened again),
    /// then if the file does not end with `\n` (a crash left a torn last line) a `\n` is
    /// written first so that torn line stays a separate, reportable line; then the lines in one
    /// write loop (partial writes and `EINTR` handled), `fsync`, unlock, close. A newly
    /// created file also gets its folder flushed. An empty array writes nothing.
    /// - Parameter records: the sessions, in the order to store them.
    /// - Throws: ``StoreError/notEncodable(path:reason:)`` (a non-finite number; nothing is
    ///   written) or ``StoreError/io(path:operation:errno:)`` naming the failed step.
    public func append(contentsOf records: [SessionRecord]) throws(StoreError) {
        try append(contentsOf: records, afterOpening: nil)
    }

    /// ``append(contentsOf:)`` with a test hook called after each `open` (see ``HistoryLock``).
    func append(contentsOf records: [SessionRecord], afterOpening: (() -> Void)?) throws(StoreError) {
        guard !records.isEmpty else { return }
        let lines = try encodedLines(records)
        try withLockedForAppending(afterOpening: afterOpening) { descriptor throws(StoreError) -> Void in
            try write(lines, to: descriptor)
        }
    }

    /// Appends the records whose `id` is not in the file yet (nor earlier in `records`), in one
    /// locked, synced write; the check and the write happen under the same exclusive lock, so
    /// two imports of the same sessions at once store each session once. Only lines that are
    /// valid records count as present.
    /// - Parameter records: candidate sessions, in the order to store them.
    /// - Returns: which records were appended and which were skipped as already present.
    /// - Throws: ``StoreError/notEncodable(path:reason:)`` (nothing is written) or
    ///   ``StoreError/io(path:operation:errno:)``.
    public func appendNew(_ records: [SessionRecord]) throws(StoreError) -> HistoryAppendResult {
        var known = HistoryKnownIDs()
        return try appendNew(records, known: &known)
    }

    /// ``appendNew(_:)`` for one batch of several: `known` carries what earlier batches learnt
    /// about the file, so that a batch decodes only the lines added since (by this process or
    /// another). When the file no longer starts with the bytes `known` saw (a rewrite replaced
    /// it), every line is read again.
    /// - Parameters:
    ///   - records: candidate sessions, in the order to store them.
    ///   - known: start with an empty ``HistoryKnownIDs`` and pass the same value to each batch.
    /// - Returns: which records were appended and which were skipped as already present.
    /// - Throws: as ``appendNew(_:)``.
    public func appendNew(_ records: [SessionRecord], known: inout HistoryKnownIDs) throws(StoreError) -> HistoryAppendResult {
        try appendNew(zip(records, try encodedLines(records)).map { ($0, $1) }, known: &known)
    }

    /// ``appendNew(_:known:)`` for lines read from another history file (`history import`):
    /// each entry's own text is stored, so keys a newer hiit added are kept; only white space
    /// around it (a `\r` of a CRLF file) is left out.
    /// - Parameters:
    ///   - entries: valid lines, as ``HistoryFile/scan(_:path:)`` returns them.
    ///   - known: start with an empty ``HistoryKnownIDs`` and pass the same value to each batch.
    /// - Returns: which records were appended and which were skipped as already present.
    /// - Throws: ``StoreError/io(path:operation:errno:)``.
    public func appendNew(lines entries: [HistoryEntry], known: inout HistoryKnownIDs) throws(StoreError) -> HistoryAppendResult {
        try appendNew(entries.map { ($0.record, Self.trimmed($0.text)) }, known: &known)
    }

    private func appendNew(_ pairs: [(SessionRecord, Data)], known: inout HistoryKnownIDs) throws(StoreError) -> HistoryAppendResult {
        guard !pairs.isEmpty else { return HistoryAppendResult(appended: [], alreadyPresent: []) }
        return try withLockedForAppending(afterOpening: nil) { descriptor throws(StoreError) -> HistoryAppendResult in
            let (size, lastBytes) = try known.catchUp(from: descriptor, path: url.path)
            var result = HistoryAppendResult(appended: [], alreadyPresent: [])
            var chosen: [Data] = []
            for (record, line) in pairs {
                if known.ids.insert(record.id).inserted {
                    result.appended.append(record)
                    chosen.append(line)
                } else {
                    result.alreadyPresent.append(record)
                }
            }
            let written = try write(chosen, to: descriptor)
            // The file is now exactly what was read plus `written`, all of it seen.
            known.markSeen(size: size + written.count, lastBytes: lastBytes + written)
            return result
        }
    }

    /// The line without spaces, tabs or CRs around it.
    private static func trimmed(_ line: Data) -> Data {
        let blank: Set<UInt8> = [0x20, 0x09, 0x0D]
        guard let first = line.firstIndex(where: { !blank.contains($0) }),
              let last = line.lastIndex(where: { !blank.contains($0) }) else { return Data() }
        return Data(line[first...last])
    }

    private func encodedLines(_ records: [SessionRecord]) throws(StoreError) -> [Data] {
        var lines: [Data] = []
        lines.reserveCapacity(records.count)
        for record in records {
            do {
                lines.append(try record.jsonLine())
            } catch {
                throw .notEncodable(path: url.path, reason: String(describing: error))
            }
        }
        return lines
    }

    /// Runs `body` with the current history file open for appending under its exclusive lock;
    /// flushes the folder when the file was created.
    private func withLockedForAppending<Result>(
        afterOpening: (() -> Void)?, _ body: (OpenFile) throws(StoreError) -> Result
    ) throws(StoreError) -> Result {
        let existed = FileSystem.isAccessible(url.path)
        guard let descriptor = try HistoryLock.open(
            url.path, flags: O_RDWR | O_APPEND | O_CREAT, exclusive: true, operation: "open for appending",
            afterOpening: afterOpening)
        else { throw .io(path: url.path, operation: "open for appending", errno: ENOENT) }
        let result = try body(descriptor)
        try descriptor.unlock()
        try descriptor.close()
        if !existed {
            try DiskFile.syncFolder(url.deletingLastPathComponent().path)
        }
        return result
    }

    /// Writes `lines` (each followed by `\n`) after repairing a missing final newline, then
    /// flushes. Nothing at all is written for no lines.
    ///
    /// All or nothing: when a write or the flush fails (a full disk, `EFBIG`, `EIO`), the file
    /// is cut back to its length before the write (`ftruncate`, still under the caller's
    /// exclusive lock) and flushed, so no torn line is left behind and a session reported as
    /// not saved is not in the file.
    /// - Returns: the bytes written.
    /// - Throws: ``StoreError/io(path:operation:errno:)`` of the failed write or flush (the
    ///   file is then as it was).
    @discardableResult
    private func write(_ lines: [Data], to descriptor: OpenFile) throws(StoreError) -> [UInt8] {
        guard !lines.isEmpty else { return [] }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(lines.reduce(1) { $0 + $1.count + 1 })
        let size = try descriptor.size()
        if size > 0, try descriptor.byte(at: size - 1) != 0x0A {
            bytes.append(0x0A)
        }
        for line in lines {
            bytes.append(contentsOf: line)
            bytes.append(0x0A)
        }
        do {
            try descriptor.writeAll(bytes)
            try descriptor.sync()
        } catch {
            // Best effort: when even the truncation fails, the next append still starts a
            // new line after the torn one (above), and readers report that line.
            try? descriptor.truncate(to: size)
            try? descriptor.sync()
            throw error
        }
        return bytes
    }

    // MARK: Reading

    /// Reads every record, under a shared lock so that an append in progress is never seen
    /// half-written. A missing file is an empty history.
    /// - Returns: the records in file order and the problems of lines that were skipped.
    /// - Throws: ``StoreError/io(path:operation:errno:)`` when the file exists but cannot be read.
    public func read() throws(StoreError) -> HistoryContents {
        guard let bytes = try readAllShared() else { return HistoryContents(records: [], problems: []) }
        var records: [SessionRecord] = []
        var problems: [HistoryProblem] = []
        Self.scanLines(bytes, path: url.path, firstLine: 1) { _, record, _ in records.append(record) } problem: {
            problems.append($0)
        }
        return HistoryContents(records: records, problems: problems)
    }

    /// Reads every line, under a shared lock, keeping each record's line number and exact
    /// bytes (for `history --json`, `history export`, `history show`). A missing file is an
    /// empty history. Nothing is ever written.
    /// - Returns: the records with their lines, and the problems of lines that were skipped.
    /// - Throws: ``StoreError/io(path:operation:errno:)`` when the file exists but cannot be read.
    /// - Parameter keepingSegments: `false` when the caller uses no record's
    ///   ``SessionRecord/segments`` nor legs' laps (the list of sessions): the fast reader then only checks
    ///   them (``HistoryLineReader/record(_:keepingSegments:)``); the stored text is whole either way.
    public func scan(keepingSegments: Bool = true) throws(StoreError) -> HistoryScan {
        guard let bytes = try readAllShared() else { return HistoryScan(entries: [], problems: []) }
        return Self.scan(bytes: bytes, path: url.path, keepingSegments: keepingSegments)
    }

    /// The whole file, read under a shared lock; `nil` when it does not exist.
    private func readAllShared() throws(StoreError) -> [UInt8]? {
        guard let descriptor = try HistoryLock.open(url.path, flags: O_RDONLY, exclusive: false, operation: "open")
        else { return nil }
        let bytes = try descriptor.readFromStart(maximumBytes: Int.max)
        try descriptor.unlock()
        try descriptor.close()
        return bytes
    }

    /// Parses the content of a history file (no I/O). Blank lines are skipped silently; every
    /// other line that is not a valid record (bad JSON, a torn last line, a wrong type, a
    /// number out of range, a newer `version`) becomes a ``HistoryProblem`` and is skipped.
    /// - Parameters:
    ///   - data: the file's content.
    ///   - path: the file's path as shown in problems.
    /// - Returns: the records in file order and the problems.
    public static func parse(_ data: Data, path: String) -> HistoryContents {
        scan(data, path: path).contents
    }

    /// Parses the content of a history file (no I/O) as ``parse(_:path:)`` does, keeping each
    /// record's 1-based line number and the exact bytes of its line.
    /// - Parameters:
    ///   - data: the file's content.
    ///   - path: the file's path as shown in problems.
    /// - Returns: the entries in file order and the problems.
    public static func scan(_ data: Data, path: String) -> HistoryScan {
        scan(bytes: [UInt8](data), path: path)
    }

    /// ``scan(_:path:)`` over bytes already in an array.
    static func scan(bytes: [UInt8], path: String, firstLine: Int = 1, keepingSegments: Bool = true) -> HistoryScan {
        var entries: [HistoryEntry] = []
        var problems: [HistoryProblem] = []
        scanLines(bytes, path: path, firstLine: firstLine, keepingSegments: keepingSegments) { line, record, text in
            entries.append(HistoryEntry(line: line, record: record, text: Data(text)))
        } problem: {
            problems.append($0)
        }
        return HistoryScan(entries: entries, problems: problems)
    }

    /// Walks the lines of `bytes` in order: each valid record goes to `entry` with its 1-based
    /// line number and its bytes, each bad line to `problem`; blank lines are skipped. A line
    /// is judged by ``verdict(of:path:lineNumber:)`` (the fast reader when it can, else the
    /// strict decoder, which alone produces the problems, so their messages are those of the
    /// strict decoder); `problemRange` gets each bad line's number and byte range in `bytes`.
    /// - Parameters:
    ///   - bytes: the content of a history file (or a part of it that starts at a line start).
    ///   - path: the file's path as shown in problems.
    ///   - firstLine: the line number of the first line of `bytes`.
    ///   - keepingSegments: as for ``verdict(of:path:lineNumber:keepingSegments:)``.
    static func scanLines(
        _ bytes: [UInt8], path: String, firstLine: Int, keepingSegments: Bool = true,
        entry: (Int, SessionRecord, ArraySlice<UInt8>) -> Void, problem: (HistoryProblem) -> Void,
        problemRange: (Int, Range<Int>) -> Void = { _, _ in }
    ) {
        bytes.withUnsafeBufferPointer { buffer in
            var lineNumber = firstLine - 1
            var start = 0
            let count = buffer.count
            while start < count {
                lineNumber += 1
                let end: Int
                if let base = buffer.baseAddress, let found = memchr(base + start, 0x0A, count - start) {
                    end = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                } else {
                    end = count
                }
                let isUnterminated = end == count
                let lineStart = start
                start = end + 1
                switch verdict(of: UnsafeBufferPointer(rebasing: buffer[lineStart..<end]), path: path, lineNumber: lineNumber,
                               keepingSegments: keepingSegments) {
                case .blank:
                    continue
                case .record(let record):
                    entry(lineNumber, record, bytes[lineStart..<end])
                case .problem(let error):
                    problem(HistoryProblem(line: lineNumber, error: error, isUnterminated: isUnterminated))
                    problemRange(lineNumber, lineStart..<end)
                }
            }
        }
    }

    /// ``scan(_:path:)`` with the strict decoder alone (no fast reader): the reference the fast
    /// reader is tested against.
    static func scanStrictly(_ data: Data, path: String) -> HistoryScan {
        var entries: [HistoryEntry] = []
        var problems: [HistoryProblem] = []
        let bytes = [UInt8](data)
        var lineNumber = 0
        var start = 0
        while start < bytes.count {
            lineNumber += 1
            let newline = bytes[start...].firstIndex(of: 0x0A)
            let end = newline ?? bytes.count
            let line = bytes[start..<end]
            start = end + 1
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
            do {
                let record = try decodeLine(Array(line), path: path, lineNumber: lineNumber)
                entries.append(HistoryEntry(line: lineNumber, record: record, text: Data(line)))
            } catch {
                problems.append(HistoryProblem(line: lineNumber, error: error, isUnterminated: newline == nil))
            }
        }
        return HistoryScan(entries: entries, problems: problems)
    }

    /// Decodes one line: JSON, version, types, then ``HistoryRecordRules``.
    static func decodeLine(_ line: [UInt8], path: String, lineNumber: Int) throws(StoreError) -> SessionRecord {
        let record = try JSONDocument.decode(
            SessionRecord.self, from: Data(line), path: path,
            supportedVersion: SessionRecord.currentVersion, firstLine: lineNumber)
        if let violation = HistoryRecordRules.violation(in: record) {
            throw HistoryRecordRules.error(for: violation, line: line, path: path, lineNumber: lineNumber)
        }
        return record
    }
}

/// The session ids of a history file as far as one importing process has read it (see
/// ``HistoryFile/appendNew(_:known:)``).
///
/// Each batch reads only the bytes added since the last one, when the file is still the same
/// file (device and inode) grown from the state seen: at least as large, with the same last
/// bytes (up to 4 KiB) before the size seen. Anything else (a rewrite renames a new file in)
/// means every line is read again.
public struct HistoryKnownIDs: Sendable {
    /// Bytes compared before the size seen.
    static let tailLength = 4096

    /// The file seen (device and inode), `nil` before the first batch.
    var identity: FileIdentity?
    /// Bytes of the file seen, up to the end of its last line as last read.
    var seenCount = 0
    /// The last bytes (up to ``tailLength``) before `seenCount`.
    var seenTail: [UInt8] = []
    /// Ids of the valid records in the bytes seen, plus those appended since.
    var ids: Set<UUID> = []

    /// Nothing known yet.
    public init() {}

    /// Brings `ids` up to date with the open file: only the bytes after the part seen are
    /// decoded when the file grew from it; otherwise all of them.
    /// - Returns: the file's size and its last bytes (up to ``tailLength``).
    /// - Throws: ``StoreError/io(path:operation:errno:)``.
    mutating func catchUp(from descriptor: OpenFile, path: String) throws(StoreError) -> (size: Int, lastBytes: [UInt8]) {
        let size = try descriptor.size()
        let current = try descriptor.identity()
        var start = 0
        if seenCount > 0, current == identity, size >= seenCount {
            let tailStart = seenCount - seenTail.count
            if try descriptor.bytes(at: tailStart, count: seenTail.count) == seenTail { start = seenCount }
        }
        if start == 0 {
            ids = []
            seenTail = []
        }
        identity = current
        let bytes = try descriptor.bytes(at: start, count: size - start)
        let end = (bytes.lastIndex(of: 0x0A).map { $0 + 1 }) ?? 0
        if end > 0 {
            var found: [UUID] = []
            HistoryFile.scanLines(Array(bytes[0..<end]), path: path, firstLine: 1) { _, record, _ in
                found.append(record.id)
            } problem: { _ in }
            ids.formUnion(found)
        }
        // An unterminated last line is read again next time (an append ends it with a newline).
        if end < bytes.count, let record = try? HistoryFile.decodeLine(Array(bytes[end...]), path: path, lineNumber: 0) {
            ids.insert(record.id)
        }
        markSeen(size: start + end, lastBytes: seenTail + bytes[0..<end])
        return (start + bytes.count, Array((seenTail + bytes[end...]).suffix(Self.tailLength)))
    }

    /// Records that the first `size` bytes were seen; `lastBytes` ends at `size`.
    mutating func markSeen(size: Int, lastBytes: [UInt8]) {
        seenCount = size
        seenTail = Array(lastBytes.suffix(min(Self.tailLength, size)))
    }
}

/// What ``HistoryFile/appendNew(_:)`` did.
public struct HistoryAppendResult: Equatable, Sendable {
    /// Records written, in order; each is on the device.
    public var appended: [SessionRecord]
    /// Records skipped because a session with the same `id` was already stored (or came
    /// earlier in the same batch).
    public var alreadyPresent: [SessionRecord]
}

/// One valid history line: where it is, the record, and its exact bytes.
public struct HistoryEntry: Equatable, Sendable {
    /// 1-based line number in the file.
    public var line: Int
    /// The decoded session.
    public var record: SessionRecord
    /// The line's bytes as stored, without its `\n` (a JSON object, keys sorted when hiit
    /// wrote it; unknown keys of a newer hiit are kept here).
    public var text: Data
}

/// What ``HistoryFile/scan()`` found: valid lines with their places, and the skipped lines.
public struct HistoryScan: Equatable, Sendable {
    /// Valid lines in file order (oldest appended first).
    public var entries: [HistoryEntry]
    /// Lines that were skipped, in file order.
    public var problems: [HistoryProblem]

    /// The records and problems without the line details.
    public var contents: HistoryContents {
        HistoryContents(records: entries.map(\.record), problems: problems)
    }
}

/// What ``HistoryFile/read()`` found: the records that parsed and the lines that did not.
public struct HistoryContents: Equatable, Sendable {
    /// Valid records, in file order (oldest appended first).
    public var records: [SessionRecord]
    /// Lines that were skipped, in file order.
    public var problems: [HistoryProblem]
}

/// A history line that was skipped: its 1-based line number and why.
public struct HistoryProblem: Equatable, Sendable, CustomStringConvertible {
    /// 1-based line number in the file.
    public var line: Int
    /// What is wrong; its location (when it has one) carries the same line number.
    public var error: StoreError
    /// `true` when this is the last line and has no final newline: probably cut off by a crash
    /// or power loss during an append.
    public var isUnterminated: Bool

    /// One line: the error with the file, line and column, and for an unterminated last line
    /// a hint that it was cut off.
    public var description: String {
        let text: String
        if case let .unsupportedVersion(path, version, supported) = error {
            text = "\(path), line \(line): \(PlanError.unsupportedVersion(version, supported: supported))"
        } else {
            text = error.description
        }
        guard isUnterminated else { return text }
        return text + " (the last line has no line end: it was probably cut off while being written)"
    }
}
