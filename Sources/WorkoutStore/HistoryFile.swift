import Foundation
import WorkoutModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `history.jsonl`: one completed session per line, as ``SessionRecord/jsonLine()`` writes it
/// (DESIGN §3). Lines are only ever appended; a line that does not parse is reported and
/// skipped, never rewritten. Two processes appending at once lose nothing (`flock`).
public struct HistoryFile: Equatable, Sendable {
    /// The file.
    public let url: URL

    /// The history file at `url`; nothing is created until the first ``append(_:)``.
    public init(url: URL) {
        self.url = url
    }

    /// Appends one record as one line and returns only once it is on the device, so the
    /// caller may then tell the user "saved".
    ///
    /// Steps: `open(O_RDWR | O_APPEND | O_CREAT, 0600)` (read access is needed to look at the
    /// last byte), exclusive `flock`, then if the file does not end with `\n` (a crash left a
    /// torn last line) a `\n` is written first so that torn line stays a separate, reportable
    /// line; then the record line and its `\n` in one write loop (partial writes and `EINTR`
    /// handled), `fsync`, unlock, close. A newly created file also gets its folder flushed.
    /// - Parameter record: the completed session.
    /// - Throws: ``StoreError/notEncodable(path:reason:)`` (a non-finite number; nothing is
    ///   written) or ``StoreError/io(path:operation:errno:)`` naming the failed step.
    public func append(_ record: SessionRecord) throws(StoreError) {
        let line: Data
        do {
            line = try record.jsonLine()
        } catch {
            throw .notEncodable(path: url.path, reason: String(describing: error))
        }
        let existed = access(url.path, F_OK) == 0
        let descriptor = try FileDescriptor(
            opening: url.path, flags: O_RDWR | O_APPEND | O_CREAT, mode: 0o600, operation: "open for appending")
        try descriptor.lock(exclusive: true)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(line.count + 2)
        let size = try descriptor.size()
        if size > 0, try descriptor.byte(at: size - 1) != 0x0A {
            bytes.append(0x0A)
        }
        bytes.append(contentsOf: line)
        bytes.append(0x0A)
        try descriptor.writeAll(bytes)
        try descriptor.sync()
        try descriptor.unlock()
        try descriptor.close()
        if !existed {
            try DiskFile.syncFolder(url.deletingLastPathComponent().path)
        }
    }

    /// Reads every record, under a shared lock so that an append in progress is never seen
    /// half-written. A missing file is an empty history.
    /// - Returns: the records in file order and the problems of lines that were skipped.
    /// - Throws: ``StoreError/io(path:operation:errno:)`` when the file exists but cannot be read.
    public func read() throws(StoreError) -> HistoryContents {
        let descriptor: FileDescriptor
        do {
            descriptor = try FileDescriptor(opening: url.path, flags: O_RDONLY, operation: "open")
        } catch {
            if case let .io(_, _, code) = error, code == ENOENT { return HistoryContents(records: [], problems: []) }
            throw error
        }
        try descriptor.lock(exclusive: false)
        let bytes = try descriptor.readAll(maximumBytes: Int.max)
        try descriptor.unlock()
        try descriptor.close()
        return Self.parse(Data(bytes), path: url.path)
    }

    /// Parses the content of a history file (no I/O). Blank lines are skipped silently; every
    /// other line that is not a valid record (bad JSON, a torn last line, a wrong type, a
    /// newer `version`) becomes a ``HistoryProblem`` and is skipped.
    /// - Parameters:
    ///   - data: the file's content.
    ///   - path: the file's path as shown in problems.
    /// - Returns: the records in file order and the problems.
    public static func parse(_ data: Data, path: String) -> HistoryContents {
        var records: [SessionRecord] = []
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
                let record = try JSONDocument.decode(
                    SessionRecord.self, from: Data(line), path: path,
                    supportedVersion: SessionRecord.currentVersion, firstLine: lineNumber)
                records.append(record)
            } catch {
                problems.append(HistoryProblem(line: lineNumber, error: error, isUnterminated: newline == nil))
            }
        }
        return HistoryContents(records: records, problems: problems)
    }
}

/// What ``HistoryFile/read()`` found: the records that parsed and the lines that did not.
public struct HistoryContents: Equatable, Sendable {
    /// Valid records, in file order (oldest appended first).
    public var records: [SessionRecord]
    /// Lines that were skipped, in file order.
    public var problems: [HistoryProblem]

    /// Creates a result.
    public init(records: [SessionRecord], problems: [HistoryProblem]) {
        self.records = records
        self.problems = problems
    }
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

    /// Creates a problem.
    public init(line: Int, error: StoreError, isUnterminated: Bool) {
        self.line = line
        self.error = error
        self.isUnterminated = isUnterminated
    }

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
