import Foundation
import POSIX
import WorkoutModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension HistoryFile {
    /// The prefix of the temporary files a rewrite creates beside the history file
    /// (`.history.jsonl.tmp-<random>`).
    var temporaryPrefix: String { "." + url.lastPathComponent + ".tmp-" }

    /// Removes every line holding a session with this `id` and keeps every other line exactly
    /// as it is, byte for byte: other sessions, blank lines and lines that do not parse (a torn
    /// line, a hand-edited mistake, a newer version) alike. Nothing is "repaired".
    ///
    /// Steps: open the current file and take its exclusive `flock` (the same lock appends take;
    /// ``HistoryLock`` makes sure it is the file at the path), read it, and when a line matches,
    /// write the new content to a temporary file (0600) in the same folder, `fsync` it, rename
    /// it over the history file, `fsync` the folder, and only then release the lock on the
    /// replaced file. An append that opened the old file meanwhile finds, once it gets the
    /// lock, that the file was replaced and appends to the new one, so no session is lost.
    /// Temporary files left by a rewrite that was killed are removed while the lock is held
    /// (no other rewrite can be running then).
    /// - Parameter id: the session to remove.
    /// - Returns: the removed records, in file order; empty when no line held `id` (then the
    ///   file is left as it is) or there is no history file.
    /// - Throws: ``StoreError/io(path:operation:errno:)`` naming the failed step; the history
    ///   file is then unchanged.
    @discardableResult
    public func removeSessions(withID id: UUID) throws(StoreError) -> [SessionRecord] {
        try removeSessions(withID: id, afterOpening: nil)
    }

    /// ``removeSessions(withID:)`` with a test hook called after each `open`.
    func removeSessions(withID id: UUID, afterOpening: (() -> Void)?) throws(StoreError) -> [SessionRecord] {
        try rewrite(afterOpening: afterOpening) { bytes in Self.removingLines(of: id, from: bytes, path: url.path) }
    }

    /// Replaces the line of the session with this `id` by `change(record)`, under the same
    /// lock and with the same atomic rewrite as ``removeSessions(withID:)``; every other line
    /// is kept byte for byte. When several lines hold the id, each is changed.
    /// - Parameters:
    ///   - id: the session to change.
    ///   - change: makes the new record from the stored one; it may throw to change nothing.
    /// - Returns: the new records, in file order; empty when no line held `id` (the file is
    ///   then unchanged).
    /// - Throws: what `change` throws, ``StoreError/notEncodable(path:reason:)`` when the new
    ///   record cannot be written, or ``StoreError/io(path:operation:errno:)``; the history
    ///   file is then unchanged.
    @discardableResult
    public func updateSession(withID id: UUID,
                              _ change: (SessionRecord) throws(StoreError) -> SessionRecord) throws(StoreError) -> [SessionRecord] {
        try rewrite(afterOpening: nil) { bytes throws(StoreError) in
            let (matching, spans) = Self.linesHolding(id, in: bytes, path: url.path)
            var updated: [SessionRecord] = []
            var content: [UInt8] = []
            content.reserveCapacity(bytes.count + 256)
            var copied = 0
            for (record, span) in zip(matching, spans) {
                let new = try change(record)
                let line: Data
                do {
                    line = try new.jsonLine()
                } catch {
                    throw .notEncodable(path: url.path, reason: "\(error)")
                }
                content.append(contentsOf: bytes[copied..<span.lowerBound])
                content.append(contentsOf: line)
                copied = span.upperBound
                updated.append(new)
            }
            content.append(contentsOf: bytes[copied...])
            return (content, updated)
        }
    }

    /// The one rewrite of the history: open the current file and take its exclusive `flock`
    /// (see ``removeSessions(withID:)``), read it, let `edit` make the new content, and when
    /// it changed any session replace the file atomically; the lock is released on every path.
    /// - Parameter edit: the new content and the sessions it removed or changed (none: the
    ///   file is left as it is).
    private func rewrite(
        afterOpening: (() -> Void)?,
        _ edit: ([UInt8]) throws(StoreError) -> (content: [UInt8], sessions: [SessionRecord])
    ) throws(StoreError) -> [SessionRecord] {
        guard let descriptor = try HistoryLock.open(
            url.path, flags: O_RDONLY, exclusive: true, operation: "open for rewriting", afterOpening: afterOpening)
        else { return [] }
        let sessions: [SessionRecord]
        do throws(StoreError) {
            let bytes = try descriptor.readFromStart(maximumBytes: Int.max)
            let (content, changed) = try edit(bytes)
            removeStaleTemporaryFiles()
            if !changed.isEmpty { try replaceContent(with: content) }
            sessions = changed
        } catch {
            try? descriptor.unlock()
            try? descriptor.close()
            throw error
        }
        try descriptor.unlock()
        try descriptor.close()
        return sessions
    }

    /// The records whose id is `id` and the byte ranges of their lines (without the `\n`).
    /// Only a line that holds the id's text (in either case) is decoded.
    static func linesHolding(_ id: UUID, in bytes: [UInt8], path: String) -> ([SessionRecord], [Range<Int>]) {
        var records: [SessionRecord] = []
        var spans: [Range<Int>] = []
        let upper = Array(id.uuidString.uppercased().utf8)
        let lower = Array(id.uuidString.lowercased().utf8)
        var start = 0
        var lineNumber = 0
        while start < bytes.count {
            lineNumber += 1
            let newline = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
            let line = bytes[start..<newline]
            if contains(line, upper: upper, lower: lower),
               let record = try? HistoryFile.decodeLine(Array(line), path: path, lineNumber: lineNumber),
               record.id == id {
                records.append(record)
                spans.append(start..<newline)
            }
            start = newline + 1
        }
        return (records, spans)
    }

    /// The content without the lines whose record has `id` (no I/O). Each removed line goes
    /// with its own `\n`; everything else is copied unchanged. Only lines holding the id's text
    /// (letters in either case) are decoded, so a long history is rewritten quickly; a line
    /// that spells the id with `\u` escapes is not recognised (and so kept).
    /// - Returns: the new content and the removed records.
    static func removingLines(of id: UUID, from bytes: [UInt8], path: String) -> ([UInt8], [SessionRecord]) {
        let (removed, spans) = linesHolding(id, in: bytes, path: path)
        var kept: [UInt8] = []
        kept.reserveCapacity(bytes.count)
        var copied = 0
        for span in spans {
            kept.append(contentsOf: bytes[copied..<span.lowerBound])
            copied = min(span.upperBound + 1, bytes.count)  // the line goes with its own line end
        }
        kept.append(contentsOf: bytes[copied...])
        return (kept, removed)
    }

    /// Whether `line` holds the text of `upper` with each ASCII letter in either case.
    private static func contains(_ line: ArraySlice<UInt8>, upper: [UInt8], lower: [UInt8]) -> Bool {
        let count = upper.count
        guard count > 0, line.count >= count else { return false }
        var start = line.startIndex
        while start <= line.endIndex - count {
            var offset = 0
            while offset < count, line[start + offset] == upper[offset] || line[start + offset] == lower[offset] {
                offset += 1
            }
            if offset == count { return true }
            start += 1
        }
        return false
    }

    /// Writes `bytes` to a new temporary file, flushes it, renames it over the history file and
    /// flushes the folder (``DiskFile/writeAtomically(_:to:)``, whose temporary files are the
    /// ``temporaryPrefix`` ones). The caller holds the exclusive lock on the current file.
    private func replaceContent(with bytes: [UInt8]) throws(StoreError) {
        try DiskFile.writeAtomically(Data(bytes), to: url)
    }

    /// Removes `.history.jsonl.tmp-*` files in the history's folder: left by a rewrite that was
    /// killed before its rename. Called only under the exclusive lock on the current file, when
    /// no rewrite can be in progress. Failures are ignored (the files are harmless).
    private func removeStaleTemporaryFiles() {
        let folder = url.deletingLastPathComponent()
        guard let names = try? FileSystem.entries(ofFolder: folder.path) else { return }
        for name in names where name.hasPrefix(temporaryPrefix) {
            try? FileSystem.unlink(folder.appendingPathComponent(name).path)
        }
    }
}
