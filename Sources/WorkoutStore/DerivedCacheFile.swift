import Foundation
import POSIX

/// A file of data derived from the history (a cache), under `<data>/cache/`: the
/// ``HistoryFingerprint`` of the state it was derived from, the bad lines of that state, and an
/// opaque payload the caller encodes and decodes. Never the source of truth: any doubt
/// (missing, unreadable, malformed, another version or kind) reads as no cache.
///
/// Layout: one JSON header line, `{"fingerprint": {…}, "kind": "…", "payloadBytes": N,
/// "problemLines": […], "version": 1}` and `\n`, then exactly N payload bytes. Written
/// atomically (temporary file, `fsync`, `rename`), mode 0600, folder 0700.
public struct DerivedCacheFile: Equatable, Sendable {
    /// The header's schema version this program writes and reads.
    public static let currentVersion = 1
    /// Largest cache file read, in bytes (a larger one is ignored): 256 MiB.
    public static let maximumBytes = 256 << 20

    /// The file.
    public let url: URL
    /// What the payload is (e.g. `stats-rollup-1`); a file of another kind reads as no cache.
    public let kind: String

    /// A cache file at `url` holding payloads of `kind`.
    public init(url: URL, kind: String) {
        self.url = url
        self.kind = kind
    }

    /// The cache file `<data>/cache/<name>` of a data folder.
    /// - Parameters:
    ///   - folder: the data folder.
    ///   - name: the file name, e.g. `stats-rollup.cache`.
    ///   - kind: what the payload is.
    public init(folder: DataFolder, name: String, kind: String) {
        self.init(url: folder.url.appendingPathComponent("cache", isDirectory: true).appendingPathComponent(name),
                  kind: kind)
    }

    /// What a cache file holds.
    public struct Contents: Equatable, Sendable {
        /// The history state the payload was derived from.
        public var fingerprint: HistoryFingerprint
        /// The history's bad lines in that state.
        public var problemLines: [HistoryLineSpan]
        /// The derived data, as the caller encoded it.
        public var payload: [UInt8]
    }

    private struct Header: Codable {
        var version: Int
        var kind: String
        var fingerprint: HistoryFingerprint
        var problemLines: [HistoryLineSpan]
        var payloadBytes: Int
    }

    /// Reads the cache.
    /// - Returns: its contents, or `nil` when it is missing, unreadable, too large, malformed,
    ///   of another version or kind, or its payload is cut short or too long.
    public func read() -> Contents? {
        guard let bytes = try? DiskFile.readBytes(at: url, maximumBytes: Self.maximumBytes) else { return nil }
        return Self.decode(bytes, kind: kind)
    }

    /// Decodes a cache file's bytes (no I/O); `nil` for anything but a well-formed file of `kind`.
    /// The payload keeps the bytes' storage (the header is moved out of it, not the payload
    /// copied: a roll-up's payload is a few MB).
    static func decode(_ bytes: consuming [UInt8], kind: String) -> Contents? {
        var bytes = bytes
        guard let newline = bytes.firstIndex(of: 0x0A),
              let header = try? JSONDecoder().decode(Header.self, from: Data(bytes[..<newline])),
              header.version == currentVersion, header.kind == kind,
              header.payloadBytes >= 0, bytes.count - (newline + 1) == header.payloadBytes
        else { return nil }
        bytes.removeSubrange(..<(newline + 1))
        return Contents(fingerprint: header.fingerprint, problemLines: header.problemLines, payload: bytes)
    }

    /// Replaces the cache atomically, creating `cache/` (0700) when needed.
    /// - Parameter contents: what to store.
    /// - Throws: ``StoreError/notEncodable(path:reason:)`` or ``StoreError/io(path:operation:errno:)``
    ///   (callers of a cache usually ignore both: the history stays the source of truth).
    public func write(_ contents: Contents) throws(StoreError) {
        let header = Header(version: Self.currentVersion, kind: kind, fingerprint: contents.fingerprint,
                            problemLines: contents.problemLines, payloadBytes: contents.payload.count)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var headerLine: [UInt8]
        do {
            headerLine = [UInt8](try encoder.encode(header))
        } catch {
            throw .notEncodable(path: url.path, reason: String(describing: error))
        }
        headerLine.append(0x0A)
        try DiskFile.createFolder(at: url.deletingLastPathComponent())
        try DiskFile.writeAtomically(parts: [headerLine, contents.payload], to: url)
    }

    /// Removes the cache file; a missing file is not an error.
    /// - Throws: ``StoreError/io(path:operation:errno:)`` from `unlink`.
    public func remove() throws(StoreError) {
        do {
            try FileSystem.unlink(url.path)
        } catch where error.errno == ENOENT {
            // Already gone.
        } catch {
            throw StoreError(path: url.path, operation: "remove", error)
        }
    }
}
