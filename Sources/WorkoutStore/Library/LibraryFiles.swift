import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The file operations of the library beyond ``DiskFile``: listing a folder, creating a file
/// under a name that is free (never replacing one), moving a file to a free name and removing
/// one. Each wraps its C calls once and throws ``StoreError/io(path:operation:errno:)``.
enum LibraryFiles {
    /// The names of the `*.json` files of a folder (the extension in any case), without hidden
    /// files (a leading `.`, such as temporary files and `.seeded`), sorted by name.
    /// - Parameter folder: the folder.
    /// - Returns: file names; empty when the folder does not exist.
    /// - Throws: ``StoreError/io(path:operation:errno:)`` from `opendir`/`readdir`.
    static func jsonFileNames(in folder: URL) throws(StoreError) -> [String] {
        guard let directory = opendir(folder.path) else {
            if errno == ENOENT { return [] }
            throw .io(path: folder.path, operation: "list the folder", errno: errno)
        }
        defer { closedir(directory) }
        var names: [String] = []
        while true {
            errno = 0
            guard let entry = readdir(directory) else {
                if errno != 0 { throw .io(path: folder.path, operation: "list the folder", errno: errno) }
                break
            }
            let name = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: entry.pointee.d_name)) {
                    String(cString: $0)
                }
            }
            guard !name.hasPrefix("."), name.lowercased().hasSuffix(".json"), name.count > 5 else { continue }
            names.append(name)
        }
        return names.sorted()
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
        defer { unlink(temporaryPath) }
        let descriptor = try FileDescriptor(opening: temporaryPath, flags: O_WRONLY | O_CREAT | O_EXCL, mode: 0o600,
                                            operation: "create a temporary file in")
        try descriptor.writeAll([UInt8](data))
        try descriptor.sync()
        try descriptor.close()
        for attempt in 1...10_000 {
            let url = folder.appendingPathComponent(WorkoutFileName.candidate(for: stem, attempt: attempt))
            if link(temporaryPath, url.path) == 0 {
                unlink(temporaryPath)
                try DiskFile.syncFolder(folder.path)
                return url
            }
            guard errno == EEXIST else { throw .io(path: url.path, operation: "create", errno: errno) }
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
            var info = stat()
            if lstat(target.path, &info) == 0 { continue }
            guard errno == ENOENT else { throw .io(path: target.path, operation: "look at", errno: errno) }
            guard rename(url.path, target.path) == 0 else {
                throw .io(path: url.path, operation: "rename", errno: errno)
            }
            try DiskFile.syncFolder(folder.path)
            return target
        }
        throw .io(path: url.path, operation: "find a free name for", errno: EEXIST)
    }

    /// Removes a file and flushes its folder.
    /// - Throws: ``StoreError/io(path:operation:errno:)``.
    static func remove(_ url: URL) throws(StoreError) {
        guard unlink(url.path) == 0 else { throw .io(path: url.path, operation: "remove", errno: errno) }
        try DiskFile.syncFolder(url.deletingLastPathComponent().path)
    }

    /// Whether something (a file, folder or link) exists at `url`.
    static func exists(_ url: URL) -> Bool {
        var info = stat()
        return lstat(url.path, &info) == 0
    }
}
