import Foundation
import POSIX
import WorkoutModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading the history's lines from an open file in chunks, forward, so that a history of any
/// size is read in memory of the order of one chunk (plus its longest line), never the whole
/// file (issue 12, item 27: 100,000 sessions, 78 MB).
///
/// Each line is judged the same way wherever it is read (``HistoryFile/verdict(of:path:lineNumber:)``):
/// blank lines are skipped silently, the fast ``HistoryLineReader`` reads what it can, and the
/// strict decoder accepts the rest or says what is wrong with the line.
enum HistoryLineStream {
    /// Bytes read per `pread(2)`: 256 KiB (measured: larger chunks gain nothing on a 78 MB
    /// history and cost their size in resident memory).
    static let chunkSize = 256 * 1024

    /// What one forward pass saw besides the lines themselves.
    struct Summary {
        /// Bytes read: the end of the pass is `start + bytesRead`.
        var bytesRead = 0
        /// Line ends (`\n`) among them.
        var lineEnds = 0
        /// The last bytes read, up to ``HistoryFingerprint/tailLength`` (for the fingerprint).
        var lastBytes: [UInt8] = []
    }

    /// One line as a pass hands it over: its number, where it is, its bytes (without the `\n`)
    /// and whether the file ends right after it without a line end.
    struct Line {
        /// 1-based line number.
        var number: Int
        /// Byte offset of the line's first byte in the file.
        var offset: Int
        /// The line's bytes, valid only during the call.
        var bytes: UnsafeBufferPointer<UInt8>
        /// Whether this is the last line and has no `\n`.
        var isUnterminated: Bool
    }

    /// Reads `file` from byte `start` to `end` (or to its end as it is now: read until `pread`
    /// gives no more) in chunks of ``chunkSize``, handing over every line, blank ones included,
    /// in order. A line longer than a chunk is gathered whole first (the buffer grows to hold
    /// it). Only a line that ends the file without a `\n` is unterminated; a pass that stops at
    /// `end` (a line start) hands over its last line as terminated.
    /// - Parameters:
    ///   - file: the open history, locked by the caller for the whole pass; only `pread` is used,
    ///     so several passes over parts of one file may run at once.
    ///   - path: the file's path, for errors.
    ///   - start: where to start, at a line start.
    ///   - end: where to stop (a line start), or `nil` for the end of the file.
    ///   - firstLine: the number of the line that starts at `start` (line numbers of a part
    ///     whose first line is not known yet count from 1).
    ///   - body: called with each line.
    /// - Returns: the bytes and line ends read and the last bytes.
    /// - Throws: ``StoreError/io(path:operation:errno:)`` when a read fails.
    static func forEachLine(in file: FileDescriptor, path: String, from start: Int, to end: Int? = nil, firstLine: Int,
                            _ body: (Line) -> Void) throws(StoreError) -> Summary {
        var summary = Summary()
        var buffer = [UInt8](repeating: 0, count: chunkSize)
        var kept = 0  // bytes at the start of `buffer` not handed over yet (a line's beginning)
        var lineNumber = firstLine
        var offset = start  // file offset of buffer[0]
        var atEnd = false
        while !atEnd {
            if kept == buffer.count {
                buffer.append(contentsOf: repeatElement(0, count: buffer.count))  // a line longer than the buffer
            }
            var free = buffer.count - kept
            var isLimited = false
            if let end, end - (offset + kept) <= free {
                free = max(0, end - (offset + kept))
                isLimited = true
            }
            let position = offset + kept
            let got = try buffer.withUnsafeMutableBytes { raw in
                Result { () throws(StoreError) in
                    try read(file, path: path, at: position, into: UnsafeMutableRawBufferPointer(rebasing: raw[kept..<kept + free]))
                }
            }.get()
            atEnd = got < free || isLimited
            let endsFile = got < free
            summary.bytesRead += got
            let filled = kept + got
            buffer.withUnsafeBufferPointer { bytes in
                Self.keepLastBytes(UnsafeBufferPointer(rebasing: bytes[kept..<filled]), in: &summary.lastBytes)
                var lineStart = 0
                guard let base = bytes.baseAddress else { return }
                while lineStart < filled {
                    guard let found = memchr(base + lineStart, 0x0A, filled - lineStart) else { break }
                    let end = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                    body(Line(number: lineNumber, offset: offset + lineStart,
                              bytes: UnsafeBufferPointer(rebasing: bytes[lineStart..<end]), isUnterminated: false))
                    summary.lineEnds += 1
                    lineNumber += 1
                    lineStart = end + 1
                }
                if atEnd, lineStart < filled {
                    body(Line(number: lineNumber, offset: offset + lineStart,
                              bytes: UnsafeBufferPointer(rebasing: bytes[lineStart..<filled]), isUnterminated: endsFile))
                    lineStart = filled
                }
                kept = filled - lineStart
                offset += lineStart
            }
            if kept > 0, kept < filled {
                buffer.withUnsafeMutableBytes { raw in
                    guard let base = raw.baseAddress else { return }
                    memmove(base, base + (filled - kept), kept)
                }
            }
        }
        return summary
    }

    /// Fills `buffer` from byte `offset` of `file` with `pread(2)` (fewer bytes at its end).
    /// - Returns: the number of bytes read.
    /// - Throws: ``StoreError/io(path:operation:errno:)`` naming `path`.
    static func read(_ file: FileDescriptor, path: String, at offset: Int,
                     into buffer: UnsafeMutableRawBufferPointer) throws(StoreError) -> Int {
        do throws(SystemCallError) {
            return try file.read(fromAbsoluteOffset: offset, into: buffer)
        } catch {
            throw StoreError(path: path, operation: "read", error)
        }
    }

    /// Keeps the last ``HistoryFingerprint/tailLength`` bytes of everything passed so far.
    private static func keepLastBytes(_ bytes: UnsafeBufferPointer<UInt8>, in last: inout [UInt8]) {
        let limit = HistoryFingerprint.tailLength
        if bytes.count >= limit {
            last = Array(bytes[(bytes.count - limit)...])
        } else {
            last.append(contentsOf: bytes)
            if last.count > limit { last.removeFirst(last.count - limit) }
        }
    }
}

/// What one history line holds: nothing (a blank line), a record, or a problem.
enum HistoryLineVerdict {
    /// Only spaces, tabs and CRs: skipped without a word.
    case blank
    /// A valid record.
    case record(SessionRecord)
    /// A line that is not a valid record, with the strict decoder's error.
    case problem(StoreError)
}

extension HistoryFile {
    /// Whether a line holds only spaces, tabs and CRs (skipped without a word).
    static func isBlank(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in line where byte != 0x20 && byte != 0x09 && byte != 0x0D { return false }
        return true
    }

    /// Judges one line: blank, a record (by the fast reader, else the strict decoder), or the
    /// strict decoder's error. The one place that decides what a history line holds.
    /// - Parameters:
    ///   - line: the line's bytes without its `\n`.
    ///   - path: the file's path as shown in problems.
    ///   - lineNumber: the line's 1-based number, for the error's location.
    ///   - keepingSegments: `false` gives records the fast reader reads without their
    ///     segments and laps (``HistoryLineReader/record(_:keepingSegments:)``; the strict decoder's
    ///     keep them): for derived data that does not use them.
    static func verdict(of line: UnsafeBufferPointer<UInt8>, path: String, lineNumber: Int,
                        keepingSegments: Bool = true) -> HistoryLineVerdict {
        if isBlank(line) { return .blank }
        if let record = HistoryLineReader.record(line, keepingSegments: keepingSegments) { return .record(record) }
        do throws(StoreError) {
            return .record(try decodeLine(Array(line), path: path, lineNumber: lineNumber))
        } catch {
            return .problem(error)
        }
    }
}
