import Foundation
import POSIX

/// The original files of imported activities, kept byte for byte (DESIGN §8): `activities/`
/// under the data folder (0700), one file per session named by its id and the format's
/// extension (`activities/6F0E…-….fit`, 0600).
public struct ActivityOriginals: Equatable, Sendable {
    /// The folder.
    public let url: URL

    /// The originals of the data folder `folder`.
    public init(_ folder: DataFolder) {
        url = folder.url.appendingPathComponent("activities", isDirectory: true)
    }

    /// Where the original of session `id` in format `format` (`fit`, `gpx`, `tcx`) is kept.
    public func url(of id: UUID, format: String) -> URL {
        url.appendingPathComponent("\(id.uuidString).\(format)", isDirectory: false)
    }

    /// Keeps `data` as the original of session `id`, flushed to the disk before this returns (so
    /// the history line that refers to it is written after it).
    /// - Throws: ``StoreError`` when the folder cannot be made or the file written.
    public func keep(_ data: Data, id: UUID, format: String) throws(StoreError) {
        try DiskFile.createFolder(at: url)
        try DiskFile.writeAtomically(data, to: url(of: id, format: format))
    }

    /// The original kept for session `id`, whatever its format: its URL, or `nil` when none is kept.
    public func find(_ id: UUID) -> URL? {
        for format in ["fit", "gpx", "tcx"] {
            let candidate = url(of: id, format: format)
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// The original kept for session `id` and its bytes, or `nil` when none is kept.
    /// - Throws: ``StoreError`` when it is there and cannot be read.
    public func read(_ id: UUID) throws(StoreError) -> (url: URL, data: Data)? {
        guard let file = find(id) else { return nil }
        return (file, try DiskFile.read(at: file, maximumBytes: Self.maximumBytes))
    }

    /// The largest original read back, in bytes (1 GiB, the most `history import` reads).
    public static let maximumBytes = 1 << 30

    /// Removes the original of session `id`, if one is kept.
    /// - Returns: whether a file was removed.
    /// - Throws: ``StoreError/io(path:operation:errno:)`` when it exists and cannot be removed.
    @discardableResult
    public func remove(_ id: UUID) throws(StoreError) -> Bool {
        guard let file = find(id) else { return false }
        do {
            try FileSystem.unlink(file.path)
        } catch where error.errno == ENOENT {
            // Removed meanwhile: gone as asked.
        } catch {
            throw StoreError(path: file.path, operation: "remove", error)
        }
        return true
    }
}
