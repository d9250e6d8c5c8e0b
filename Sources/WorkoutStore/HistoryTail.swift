import Foundation
import POSIX
import WorkoutModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The newest sessions of a history, as `hiit history --last N` shows them, read from the end of
/// the file (issue 12, item 27).
public struct HistoryTail: Sendable {
    /// The newest valid lines, newest first: by start, and of equal starts the later line first
    /// (the order of the whole `history`).
    public var entries: [HistoryEntry]
    /// The bad lines reported, in file order: those after the oldest line of `entries` in the
    /// file (the lines read on the way to the sessions shown); every bad line when the history
    /// holds fewer sessions than asked for (it was then read whole).
    public var problems: [HistoryProblem]
    /// Whether every line of the history was read.
    public var readWholeHistory: Bool
}

extension DataFolder {
    /// The index of the history's starts that `hiit history --last N` reads it from the end with
    /// (``HistoryFile/newest(_:index:)``): `cache/history-starts.cache`.
    public var historyStartIndex: DerivedCacheFile {
        DerivedCacheFile(folder: self, name: "history-starts.cache", kind: HistoryStartIndex.kind)
    }
}

extension HistoryFile {
    /// The newest `count` sessions, read from the end of the file under a shared lock (an append
    /// waits until it is done, so no line is seen half-written).
    ///
    /// A history is kept in the order the sessions were saved, which is not always the order
    /// they started in (`history import` appends old sessions). So the lines are read from the
    /// end until no line before them can be newer than the `count` newest found, which
    /// `index` tells: for points of the file every 64 KiB, the latest start of any session
    /// before it (``HistoryStartIndex``). In a history saved in order that is the last
    /// `count` lines and a little more; after an import of old sessions, those too.
    ///
    /// The index is data derived from the history, kept by the rules of every cache of it
    /// (``DerivedCacheFile``): used when the history is in the state it describes or has only
    /// grown by appends since (the appended lines are then read and added to it), rebuilt by
    /// reading the whole history otherwise (the first time, after a `history delete` or
    /// `history edit`, or a broken index). A failure to write it is ignored.
    ///
    /// Lines are numbered as in the whole file (the index knows how many lines come before the
    /// part read). Blank lines are skipped; bad lines are reported as ``HistoryTail/problems``
    /// says: only those after the oldest session shown, since the lines before it are not read.
    /// - Parameters:
    ///   - count: how many sessions, at least 1.
    ///   - index: the cache file of the index.
    /// - Returns: the sessions, newest first, and the bad lines read after the oldest of them.
    /// - Throws: ``StoreError/io(path:operation:errno:)`` when the history exists but cannot be read.
    public func newest(_ count: Int, index: DerivedCacheFile) throws(StoreError) -> HistoryTail {
        let count = max(1, count)
        guard let descriptor = try HistoryLock.open(url.path, flags: O_RDONLY, exclusive: false, operation: "open")
        else { return HistoryTail(entries: [], problems: [], readWholeHistory: true) }
        defer { try? descriptor.close() }
        var newest = NewestSessions(count: count)
        var problems: [HistoryProblem] = []
        var startIndex = HistoryStartIndex()
        var end = 0  // the lines after `end` have been read (forward), those before not yet
        var lineEnds = 0  // line ends before `end`
        var newState: HistoryFingerprint?
        if let cached = index.read(), let known = HistoryStartIndex(payload: cached.payload) {
            switch try Self.match(descriptor, cached.fingerprint) {
            case .same:
                startIndex = known
                end = cached.fingerprint.size
                lineEnds = cached.fingerprint.lineEnds
            case let .grown(info, tail):
                startIndex = known
                let summary = try readForward(descriptor, from: cached.fingerprint.size, firstLine: cached.fingerprint.lineEnds + 1,
                                              into: &newest, problems: &problems, index: &startIndex)
                end = cached.fingerprint.size
                lineEnds = cached.fingerprint.lineEnds
                let last = tail + summary.lastBytes
                newState = Self.fingerprint(info, size: cached.fingerprint.size + summary.bytesRead,
                                            tail: last[max(0, last.count - HistoryFingerprint.tailLength)...],
                                            lineEnds: cached.fingerprint.lineEnds + summary.lineEnds)
            case .other:
                break
            }
        }
        var readWhole = false
        if end == 0 && newState == nil {
            // No index for this state: read everything once, and build it.
            let info = try descriptor.status()
            let summary = try readForward(descriptor, from: 0, firstLine: 1, into: &newest, problems: &problems,
                                          index: &startIndex)
            let tailStart = max(0, summary.bytesRead - HistoryFingerprint.tailLength)
            let tail = try descriptor.bytes(at: tailStart, count: summary.bytesRead - tailStart)
            newState = Self.fingerprint(info, size: summary.bytesRead, tail: tail[...], lineEnds: summary.lineEnds)
            readWhole = true
        } else {
            // Back from the end of the indexed state, until nothing before can be newer.
            readWhole = try readBackward(descriptor, before: end, lineEnds: lineEnds, into: &newest,
                                         problems: &problems, index: startIndex)
        }
        let entries = try newest.entries(from: descriptor)
        if newest.isFull, let oldest = entries.map(\.line).min() {
            problems = problems.filter { $0.line > oldest }
        }
        problems.sort { $0.line < $1.line }
        try descriptor.unlock()
        if let newState {
            try? index.write(DerivedCacheFile.Contents(fingerprint: newState, problemLines: [], payload: startIndex.payload))
        }
        return HistoryTail(entries: entries, problems: problems, readWholeHistory: readWhole || !newest.isFull)
    }

    /// Reads the lines from `start` to the end of the file: each record is offered to `newest`,
    /// each bad line goes to `problems`, and `index` is extended over them.
    private func readForward(_ descriptor: OpenFile, from start: Int, firstLine: Int, into newest: inout NewestSessions,
                             problems: inout [HistoryProblem], index: inout HistoryStartIndex) throws(StoreError) -> HistoryLineStream.Summary {
        let path = url.path
        return try HistoryLineStream.forEachLine(in: descriptor.descriptor, path: path, from: start, firstLine: firstLine) { line in
            index.noteLine(at: line.offset)
            switch Self.verdict(of: line.bytes, path: path, lineNumber: line.number) {
            case .blank:
                break
            case .record(let record):
                index.noteStart(record.start)
                newest.offer(record, line: line.number, offset: line.offset, length: line.bytes.count)
            case .problem(let error):
                problems.append(HistoryProblem(line: line.number, error: error, isUnterminated: line.isUnterminated))
            }
        }
    }

    /// Reads the lines before `end` from the last to the first, until `newest` is full and the
    /// index says no line before can be newer than the least of them.
    /// - Returns: whether every line before `end` was read.
    private func readBackward(_ descriptor: OpenFile, before end: Int, lineEnds: Int, into newest: inout NewestSessions,
                              problems: inout [HistoryProblem], index: HistoryStartIndex) throws(StoreError) -> Bool {
        let path = url.path
        var checkpoint = index.checkpoints.count - 1
        return try HistoryLineStream.forEachLineBackward(in: descriptor.descriptor, path: path, before: end,
                                                         lineEnds: lineEnds) { line in
            switch Self.verdict(of: line.bytes, path: path, lineNumber: line.number) {
            case .blank:
                break
            case .record(let record):
                newest.offer(record, line: line.number, offset: line.offset, length: line.bytes.count)
            case .problem(let error):
                problems.append(HistoryProblem(line: line.number, error: error, isUnterminated: line.isUnterminated))
            }
            // Every line before `line.offset` is still unread: the first checkpoint at or after
            // it bounds their starts from above.
            while checkpoint > 0, index.checkpoints[checkpoint - 1].offset >= line.offset { checkpoint -= 1 }
            guard let least = newest.least, checkpoint >= 0, checkpoint < index.checkpoints.count,
                  index.checkpoints[checkpoint].offset >= line.offset else { return true }
            // An unread line of the same start comes before every line read, so it ranks lower.
            return index.checkpoints[checkpoint].latestBefore > least
        }
    }
}

/// For points of the history every 64 KiB (line starts), the latest start of a session on any
/// line before the point: how far back from the end `hiit history --last N` must read. Data
/// derived from the history (``DerivedCacheFile`` of kind ``kind``), never the source of truth.
struct HistoryStartIndex: Equatable, Sendable {
    /// The cache's payload kind.
    static let kind = "history-starts-1"
    /// Bytes between two points, at least (a point is put at the first line start past it).
    static let spacing = 64 * 1024

    /// A point: a line start, and the latest start (seconds since 2001, as `Date` counts them;
    /// −∞ for none) of the sessions on the lines before it.
    struct Checkpoint: Equatable, Sendable {
        var offset: Int
        var latestBefore: Double
    }

    /// The points, by offset; the first at 0.
    private(set) var checkpoints = [Checkpoint(offset: 0, latestBefore: -.infinity)]
    /// The latest start of every session seen so far (over the whole state indexed).
    private(set) var latest = -Double.infinity

    init() {}

    /// Puts a point at a line start when the last one is at least ``spacing`` bytes before it.
    mutating func noteLine(at offset: Int) {
        guard let last = checkpoints.last, offset - last.offset >= Self.spacing else { return }
        checkpoints.append(Checkpoint(offset: offset, latestBefore: latest))
    }

    /// Notes a session's start on the line just noted.
    mutating func noteStart(_ start: Date) {
        latest = max(latest, start.timeIntervalSinceReferenceDate)
    }

    /// The index as the cache stores it: a version (1), `latest`, the count of points, then
    /// each point's offset (as the gap after the one before, a LEB128 varint) and latest start
    /// (the 8 bytes of the `Double`, little-endian).
    var payload: [UInt8] {
        var out: [UInt8] = [1]
        func put(_ value: UInt64) {
            var rest = value
            while rest >= 0x80 {
                out.append(UInt8(truncatingIfNeeded: rest) | 0x80)
                rest >>= 7
            }
            out.append(UInt8(rest))
        }
        func put(_ value: Double) {
            withUnsafeBytes(of: value.bitPattern.littleEndian) { out.append(contentsOf: $0) }
        }
        put(latest)
        put(UInt64(checkpoints.count))
        var previous = 0
        for point in checkpoints {
            put(UInt64(point.offset - previous))
            put(point.latestBefore)
            previous = point.offset
        }
        return out
    }

    /// The index back from its ``payload``; `nil` for anything else (another version, bytes cut
    /// short or left over, points out of order or not starting at 0, a start that is not a
    /// number or later than `latest`).
    init?(payload bytes: [UInt8]) {
        var offset = 0
        func unsigned() -> UInt64? {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while offset < bytes.count, shift < 64 {
                let byte = bytes[offset]
                offset += 1
                value |= UInt64(byte & 0x7F) << shift
                if byte < 0x80 { return value }
                shift += 7
            }
            return nil
        }
        func double() -> Double? {
            guard offset + 8 <= bytes.count else { return nil }
            var bits: UInt64 = 0
            for i in 0..<8 { bits |= UInt64(bytes[offset + i]) << (8 * i) }
            offset += 8
            let value = Double(bitPattern: bits)
            return value.isNaN ? nil : value
        }
        guard bytes.first == 1 else { return nil }
        offset = 1
        guard let latest = double(), let count = unsigned(), count >= 1, count <= UInt64(bytes.count) else { return nil }
        var points: [Checkpoint] = []
        var position = 0
        for index in 0..<Int(count) {
            guard let gap = unsigned(), let before = double(), gap <= UInt64(Int.max - position),
                  index == 0 ? gap == 0 : gap > 0, before <= latest,
                  before >= (points.last?.latestBefore ?? -.infinity) else { return nil }
            position += Int(gap)
            points.append(Checkpoint(offset: position, latestBefore: before))
        }
        guard offset == bytes.count else { return nil }
        self.checkpoints = points
        self.latest = latest
    }
}

/// The `count` newest sessions seen so far: a heap whose top is the least of them (by start,
/// then line), so a newer session replaces it in O(log count). Only the places of the lines
/// are kept; their text is read again at the end.
private struct NewestSessions {
    struct Candidate {
        var record: SessionRecord
        var line: Int
        var offset: Int
        var length: Int

        /// Whether this one ranks before `other` in the listing (newer, or as new and later).
        func isNewer(than other: Candidate) -> Bool {
            (record.start, line) > (other.record.start, other.line)
        }
    }

    let count: Int
    private var heap: [Candidate] = []

    init(count: Int) {
        self.count = count
    }

    var isFull: Bool { heap.count >= count }

    /// The start of the least of the newest, once there are `count` of them.
    var least: Double? { isFull ? heap.first?.record.start.timeIntervalSinceReferenceDate : nil }

    mutating func offer(_ record: SessionRecord, line: Int, offset: Int, length: Int) {
        let candidate = Candidate(record: record, line: line, offset: offset, length: length)
        if heap.count < count {
            heap.append(candidate)
            var child = heap.count - 1
            while child > 0 {
                let parent = (child - 1) / 2
                guard heap[parent].isNewer(than: heap[child]) else { break }
                heap.swapAt(parent, child)
                child = parent
            }
        } else if candidate.isNewer(than: heap[0]) {
            heap[0] = candidate
            var parent = 0
            while true {
                let left = 2 * parent + 1, right = left + 1
                var least = parent
                if left < heap.count, heap[least].isNewer(than: heap[left]) { least = left }
                if right < heap.count, heap[least].isNewer(than: heap[right]) { least = right }
                guard least != parent else { break }
                heap.swapAt(parent, least)
                parent = least
            }
        }
    }

    /// The sessions newest first, with their lines' bytes read again from `file`.
    func entries(from file: OpenFile) throws(StoreError) -> [HistoryEntry] {
        var result: [HistoryEntry] = []
        result.reserveCapacity(heap.count)
        for candidate in heap.sorted(by: { $0.isNewer(than: $1) }) {
            let text = try file.bytes(at: candidate.offset, count: candidate.length)
            result.append(HistoryEntry(line: candidate.line, record: candidate.record, text: Data(text)))
        }
        return result
    }
}

extension HistoryLineStream {
    /// Reads the lines of `file` before byte `end` from the last to the first, in chunks of
    /// ``chunkSize`` (a line longer than that is gathered whole first), handing over every line,
    /// blank ones included, until `body` answers `false`.
    /// - Parameters:
    ///   - file: the open history, locked by the caller.
    ///   - path: the file's path, for errors.
    ///   - end: where to stop: a line start, or the size of the file (whose last line may have
    ///     no `\n`: it is then handed over as unterminated).
    ///   - lineEnds: the number of `\n` before `end` (the last line's number, or one less when it
    ///     has no `\n`).
    ///   - body: called with each line; `false` to stop.
    /// - Returns: whether every line before `end` was handed over (`body` never said stop
    ///   before the first line).
    /// - Throws: ``StoreError/io(path:operation:errno:)`` when a read fails.
    static func forEachLineBackward(in file: FileDescriptor, path: String, before end: Int, lineEnds: Int,
                                    _ body: (Line) -> Bool) throws(StoreError) -> Bool {
        guard end > 0 else { return true }
        var window: [UInt8] = []  // the bytes [windowStart, lineEnd) of the file, not handed over yet
        var windowStart = end
        var number = lineEnds + 1
        var isUnterminated = true
        // The last byte decides whether the last line is terminated.
        var last: [UInt8] = [0]
        let got = try last.withUnsafeMutableBytes { raw in
            Result { () throws(StoreError) in try read(file, path: path, at: end - 1, into: raw) }
        }.get()
        if got == 1, last[0] == 0x0A {
            windowStart = end - 1
            number = lineEnds
            isUnterminated = false
        }
        while true {
            // The last line end in the window, if any.
            var found: Int?
            var i = window.count - 1
            while i >= 0 {
                if window[i] == 0x0A {
                    found = i
                    break
                }
                i -= 1
            }
            if found == nil, windowStart > 0 {
                // Read more before the window: at least a chunk, and as much as it holds, so that
                // a long line costs a number of reads that grows with the log of its length.
                let size = min(windowStart, max(chunkSize, window.count))
                var more = [UInt8](repeating: 0, count: size)
                let from = windowStart - size
                let read = try more.withUnsafeMutableBytes { raw in
                    Result { () throws(StoreError) in try HistoryLineStream.read(file, path: path, at: from, into: raw) }
                }.get()
                guard read == size else { throw .io(path: path, operation: "read (the file shrank while locked)", errno: EIO) }
                more.append(contentsOf: window)
                window = more
                windowStart = from
                continue
            }
            let lineStart = found.map { $0 + 1 } ?? 0
            let keepGoing = window.withUnsafeBufferPointer { bytes in
                body(Line(number: number, offset: windowStart + lineStart,
                          bytes: UnsafeBufferPointer(rebasing: bytes[lineStart..<window.count]), isUnterminated: isUnterminated))
            }
            isUnterminated = false
            guard let newline = found else { return true }  // the first line of the file: all read
            guard keepGoing else { return false }
            window.removeSubrange(newline...)
            number -= 1
        }
    }
}
