import Dispatch
import Foundation
import POSIX
import WorkoutModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whole passes over the history for data derived from it (``DerivedCacheFile``): every record,
/// the bad lines with their places, and the fingerprint of the state read, all under one shared
/// lock, read in chunks (``HistoryLineStream``) so that memory does not grow with the history.
extension HistoryFile {
    /// Reads every record, as ``read()`` does, with the places of the bad lines and the
    /// fingerprint of the state read (all under one shared lock).
    /// - Returns: the records, problems and fingerprint (`nil` and nothing else when the file
    ///   does not exist).
    /// - Throws: ``StoreError/io(path:operation:errno:)`` when the file exists but cannot be read.
    public func readWithFingerprint() throws(StoreError) -> HistoryRead {
        var records: [SessionRecord] = []
        var read = try readWithFingerprint { records.append($0) }
        read.records = records
        return read
    }

    /// Reads every record as ``readWithFingerprint()`` does, but hands each valid record to
    /// `visit` in file order instead of keeping it.
    /// - Parameter visit: called with each valid record, in file order.
    /// - Returns: the problems, their places and the fingerprint; `records` is empty.
    /// - Throws: ``StoreError/io(path:operation:errno:)`` when the file exists but cannot be read.
    public func readWithFingerprint(visit: (SessionRecord) -> Void) throws(StoreError) -> HistoryRead {
        guard let descriptor = try HistoryLock.open(url.path, flags: O_RDONLY, exclusive: false, operation: "open")
        else { return HistoryRead(records: [], problems: [], problemLines: [], fingerprint: nil) }
        let part = try Self.readPart(of: descriptor.descriptor, path: url.path, from: 0, to: nil, firstLine: 1, visit: visit)
        var read = HistoryRead(records: [], problems: part.problems, problemLines: part.spans, fingerprint: nil)
        read.fingerprint = try Self.finish(descriptor, size: part.summary.bytesRead, lineEnds: part.summary.lineEnds)
        return read
    }

    /// Reads every record into a value, as ``readWithFingerprint(visit:)`` does, but in parts of
    /// the file read at the same time on several processors (``partCount(forBytes:)``: a large
    /// history is read in about the time of its largest part). Each part adds its records to a
    /// value of its own, in file order; the values are then merged in file order, and the lines
    /// of the later parts that only the strict decoder reads are decoded and added last (their
    /// line numbers are known only once the parts before them are counted). So `add` and
    /// `merge` must not depend on the order of the records: a sum.
    /// - Parameters:
    ///   - empty: the value of no records (called once per part).
    ///   - add: adds one record to a value (called at once from several threads, each on its
    ///     own value).
    ///   - merge: adds a later part's value to the value of the parts before it.
    /// - Returns: the value of every valid record, and the problems (in file order), their places
    ///   and the fingerprint; `records` is empty.
    /// - Throws: ``StoreError/io(path:operation:errno:)`` when the file exists but cannot be read.
    ///   - keepingSegments: `false` when `add` does not use a record's ``SessionRecord/segments``
    ///     nor its legs' laps: the fast reader then only checks them (records it reads have
    ///     none; the few the strict decoder reads keep theirs), which spares a string and an
    ///     array per segment and an array per leg.
    public func readWithFingerprint<Value: Sendable>(
        keepingSegments: Bool = true,
        empty: @Sendable () -> Value, add: @Sendable (inout Value, SessionRecord) -> Void,
        merge: (inout Value, Value) -> Void
    ) throws(StoreError) -> (value: Value, read: HistoryRead) {
        try readWithFingerprint(parts: nil, keepingSegments: keepingSegments, empty: empty, add: add, merge: merge)
    }

    /// ``readWithFingerprint(empty:add:merge:)`` in `parts` parts (at most: fewer when lines are
    /// too long to cut), or as many as ``partCount(forBytes:)`` says for `nil` (tests ask for
    /// more parts than a small file would get).
    func readWithFingerprint<Value: Sendable>(
        parts: Int?, keepingSegments: Bool = true,
        empty: @Sendable () -> Value, add: @Sendable (inout Value, SessionRecord) -> Void,
        merge: (inout Value, Value) -> Void
    ) throws(StoreError) -> (value: Value, read: HistoryRead) {
        guard let descriptor = try HistoryLock.open(url.path, flags: O_RDONLY, exclusive: false, operation: "open")
        else { return (empty(), HistoryRead(records: [], problems: [], problemLines: [], fingerprint: nil)) }
        let file = descriptor.descriptor, path = url.path
        let size = try descriptor.size()
        let starts = try Self.partStarts(of: file, path: path, size: size, parts: parts ?? Self.partCount(forBytes: size))
        let results = PartResults<Value>(count: starts.count)
        DispatchQueue.concurrentPerform(iterations: starts.count) { index in
            var value = empty()
            let end = index + 1 < starts.count ? starts[index + 1] : nil
            let part = Result { () throws(StoreError) in
                try Self.readPart(of: file, path: path, from: starts[index], to: end,
                                  firstLine: index == 0 ? 1 : nil, keepingSegments: keepingSegments) { add(&value, $0) }
            }
            results.store(value, part, at: index)
        }
        var total: Value?
        var read = HistoryRead(records: [], problems: [], problemLines: [], fingerprint: nil)
        var linesBefore = 0
        var bytesRead = 0
        for (index, start) in starts.enumerated() {
            let (partValue, result) = results.take(at: index)
            let part = try result.get()
            var value = partValue
            if var earlier = total {
                merge(&earlier, partValue)
                value = earlier
            }
            read.problems.append(contentsOf: part.problems)
            read.problemLines.append(contentsOf: part.spans)
            for line in part.deferred {
                let number = linesBefore + line.number
                let bytes = try descriptor.bytes(at: line.offset, count: line.length)
                do throws(StoreError) {
                    add(&value, try Self.decodeLine(bytes, path: path, lineNumber: number))
                } catch {
                    read.problems.append(HistoryProblem(line: number, error: error, isUnterminated: line.isUnterminated))
                    read.problemLines.append(HistoryLineSpan(line: number, offset: line.offset, length: line.length))
                }
            }
            total = value
            linesBefore += part.summary.lineEnds
            bytesRead = start + part.summary.bytesRead
        }
        read.fingerprint = try Self.finish(descriptor, size: bytesRead, lineEnds: linesBefore)
        return (total ?? empty(), read)
    }

    /// How many parts a pass over `size` bytes is read in: one per 8 MiB, at most four per
    /// processor available. Parts are handed to the processors as each finishes one, so on a
    /// machine where other work takes a processor for a while the parts still end together
    /// (measured with `bench/stats.py`, 100,000 sessions on 2 processors shared with other
    /// machines: cold `stats year` 133 ms median with one part per processor, 122 ms with four;
    /// the same 100 ms at best either way; peak memory 19.2 and 19.5 MiB).
    static func partCount(forBytes size: Int) -> Int {
        max(1, min(4 * ProcessInfo.processInfo.activeProcessorCount, size / (8 << 20)))
    }

    /// The byte offsets where the parts of a pass start: 0, then for each further part the first
    /// line start at or after its share of `size` (fewer parts when lines are too long to cut).
    private static func partStarts(of file: FileDescriptor, path: String, size: Int, parts: Int) throws(StoreError) -> [Int] {
        var starts = [0]
        var window = [UInt8](repeating: 0, count: 64 * 1024)
        for part in 1..<max(1, parts) {
            var position = max(starts[starts.count - 1], size / parts * part - 1)
            var found: Int?
            while found == nil, position < size {
                let from = position
                let got = try window.withUnsafeMutableBytes { raw in
                    Result { () throws(StoreError) in try HistoryLineStream.read(file, path: path, at: from, into: raw) }
                }.get()
                if got == 0 { break }
                if let newline = window[0..<got].firstIndex(of: 0x0A) { found = position + newline + 1 }
                position += got
            }
            guard let start = found, start < size else { break }
            starts.append(start)
        }
        return starts
    }

    /// The fingerprint of the state read (the last bytes read again), then unlocks and closes.
    private static func finish(_ descriptor: OpenFile, size: Int, lineEnds: Int) throws(StoreError) -> HistoryFingerprint {
        let tailStart = max(0, size - HistoryFingerprint.tailLength)
        let tail = try descriptor.bytes(at: tailStart, count: size - tailStart)
        let info = try descriptor.status()
        try descriptor.unlock()
        try descriptor.close()
        return fingerprint(info, size: size, tail: tail[...], lineEnds: lineEnds)
    }

    /// A line left to the strict decoder until its number is known (see ``readPart(of:path:from:to:firstLine:visit:)``).
    struct DeferredLine: Sendable {
        /// The line's number within its part, from 1.
        var number: Int
        var offset: Int
        var length: Int
        var isUnterminated: Bool
    }

    /// What one part of a pass found.
    struct PartRead: Sendable {
        var summary = HistoryLineStream.Summary()
        /// Bad lines (with their strict errors) and their places, when the part's line numbers
        /// are known.
        var problems: [HistoryProblem] = []
        var spans: [HistoryLineSpan] = []
        /// When they are not: the lines the fast reader did not read, for the strict decoder.
        var deferred: [DeferredLine] = []
    }

    /// Reads the lines of `[start, end)` (or to the end of the file): each valid record goes to
    /// `visit`. Each line goes to the fast reader first; one it does not read is, with
    /// `firstLine`, judged whole (``verdict(of:path:lineNumber:)``) and kept with its error when
    /// bad; without it (a part whose line numbers are not known yet), only noted, for the
    /// strict decoder to judge once its number is known.
    static func readPart(of file: FileDescriptor, path: String, from start: Int, to end: Int?, firstLine: Int?,
                         keepingSegments: Bool = true, visit: (SessionRecord) -> Void) throws(StoreError) -> PartRead {
        var part = PartRead()
        // One record read into line after line (``HistoryLineReader/read(_:keepingSegments:into:)``).
        var record = HistoryLineReader.emptyRecord
        part.summary = try HistoryLineStream.forEachLine(in: file, path: path, from: start, to: end,
                                                         firstLine: firstLine ?? 1) { line in
            if HistoryLineReader.read(line.bytes, keepingSegments: keepingSegments, into: &record) {
                visit(record)
                return
            }
            guard firstLine != nil else {
                if !isBlank(line.bytes) {
                    part.deferred.append(DeferredLine(number: line.number, offset: line.offset, length: line.bytes.count,
                                                      isUnterminated: line.isUnterminated))
                }
                return
            }
            switch verdict(of: line.bytes, path: path, lineNumber: line.number, keepingSegments: keepingSegments) {
            case .blank:
                break
            case .record(let record):
                visit(record)
            case .problem(let error):
                part.problems.append(HistoryProblem(line: line.number, error: error, isUnterminated: line.isUnterminated))
                part.spans.append(HistoryLineSpan(line: line.number, offset: line.offset, length: line.bytes.count))
            }
        }
        return part
    }
}

/// The values and results of the parts of a pass, each slot written once by its own part and
/// read after all of them are done (`DispatchQueue.concurrentPerform` returns only then); the
/// lock makes each write visible to the reading thread.
private final class PartResults<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [(Value, Result<HistoryFile.PartRead, StoreError>)?]

    init(count: Int) {
        slots = Array(repeating: nil, count: count)
    }

    func store(_ value: Value, _ result: Result<HistoryFile.PartRead, StoreError>, at index: Int) {
        lock.withLock { slots[index] = (value, result) }
    }

    /// The slot's value and result, taken out (the slot is left empty).
    func take(at index: Int) -> (Value, Result<HistoryFile.PartRead, StoreError>) {
        lock.withLock {
            defer { slots[index] = nil }
            guard let slot = slots[index] else {
                preconditionFailure("a part of the pass did not report")  // programmer error: concurrentPerform runs every index
            }
            return slot
        }
    }
}
