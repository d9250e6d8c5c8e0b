import Foundation
import POSIX

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The file operations of the library beyond ``DiskFile``: listing a folder, creating a file
/// under a name that is free (never replacing one), moving a file to a free name and removing
/// one. The C calls go through `POSIX`; failures are ``StoreError/io(path:operation:errno:)``.
enum LibraryFiles {
    /// The names of the `*.json` files of a folder (the extension in any case), without hidden
    /// files (a leading `.`, such as temporary files and `.seeded`), sorted by name.
    /// - Parameter folder: the folder.
    /// - Returns: file names; empty when the folder does not exist.
    /// - Throws: ``StoreError/io(path:operation:errno:)`` from `opendir`/`readdir`.
    static func jsonFileNames(in folder: URL) throws(StoreError) -> [String] {
        let entries: [String]
        do {
            entries = try FileSystem.entries(ofFolder: folder.path)
        } catch where error.function == "opendir" && error.errno == ENOENT {
            return []
        } catch {
            throw StoreError(path: folder.path, operation: "list the folder", error)
        }
        return entries.filter { name in
            !name.hasPrefix(".") && name.lowercased().hasSuffix(".json") && name.count > 5
        }.sorted()
    }

    /// Creates a new file holding `data` (mode 0600) under the first free name of
    /// ``WorkoutFileName/candidate(for:attempt:)``, without ever replacing an existing file:
    /// the data goes to a temporary file that is flushed and then hard-linked to the new name
    /// (`link(2)` fails on an existing name, so the next one is tried), and the folder is
    /// flushed.
    /// - Parameters:
    ///   - data: the content.
    ///   - folder: the folder, which must exist.
    ///   - stem: the slug to start from.
    /// - Returns: the new file.
    /// - Throws: ``StoreError/io(path:operation:errno:)``; nothing is left behind.
    static func createNew(_ data: Data, in folder: URL, stem: String) throws(StoreError) -> URL {
        let suffix = String(UInt64.random(in: 0...UInt64.max), radix: 36)
        let temporaryPath = folder.path + "/.new-" + suffix + ".tmp"
        defer { try? FileSystem.unlink(temporaryPath) }
        let descriptor = try OpenFile(opening: temporaryPath, flags: O_WRONLY | O_CREAT | O_EXCL, mode: 0o600,
                                            operation: "create a temporary file in")
        try descriptor.writeAll([UInt8](data))
        try descriptor.sync()
        try descriptor.close()
        for attempt in 1...10_000 {
            let url = folder.appendingPathComponent(WorkoutFileName.candidate(for: stem, attempt: attempt))
            do {
                try FileSystem.link(temporaryPath, as: url.path)
            } catch where error.errno == EEXIST {
                continue
            } catch {
                throw StoreError(path: url.path, operation: "create", error)
            }
            try? FileSystem.unlink(temporaryPath)
            try DiskFile.syncFolder(folder.path)
            return url
        }
        throw .io(path: folder.appendingPathComponent(stem + ".json").path, operation: "find a free name for", errno: EEXIST)
    }

    /// Moves a file to the first free name of ``WorkoutFileName/candidate(for:attempt:)`` in
    /// its folder (`rename(2)`, atomic), then flushes the folder. The caller holds the data
    /// folder's lock, so no other `hiit` can take the name between the check and the move.
    /// - Parameters:
    ///   - url: the file.
    ///   - stem: the slug of its new name.
    /// - Returns: the new place.
    /// - Throws: ``StoreError/io(path:operation:errno:)``; on failure the file stays where it was.
    static func move(_ url: URL, toFreeNameFor stem: String) throws(StoreError) -> URL {
        let folder = url.deletingLastPathComponent()
        for attempt in 1...10_000 {
            let target = folder.appendingPathComponent(WorkoutFileName.candidate(for: stem, attempt: attempt))
            if target.path == url.path { return url }
            do {
                _ = try FileSystem.linkStatus(ofPath: target.path)
                continue  // taken
            } catch where error.errno == ENOENT {
                // Free.
            } catch {
                throw StoreError(path: target.path, operation: "look at", error)
            }
            do {
                try FileSystem.rename(url.path, to: target.path)
            } catch {
                throw StoreError(path: url.path, operation: "rename", error)
            }
            try DiskFile.syncFolder(folder.path)
            return target
        }
        throw .io(path: url.path, operation: "find a free name for", errno: EEXIST)
    }

    /// Removes a file and flushes its folder.
    /// - Throws: ``StoreError/io(path:operation:errno:)``.
    static func remove(_ url: URL) throws(StoreError) {
        do {
            try FileSystem.unlink(url.path)
        } catch {
            throw StoreError(path: url.path, operation: "remove", error)
        }
        try DiskFile.syncFolder(url.deletingLastPathComponent().path)
    }

    /// Whether something (a file, folder or link) exists at `url`.
    static func exists(_ url: URL) -> Bool {
        (try? FileSystem.linkStatus(ofPath: url.path)) != nil
    }
}
