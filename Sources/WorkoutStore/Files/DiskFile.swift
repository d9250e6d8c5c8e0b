import Foundation
import POSIX

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading and replacing whole files, and creating private folders (DESIGN §3): files are
/// created 0600 and folders 0700, replacements are atomic and flushed to the device.
public enum DiskFile {
    /// Reads a whole file.
    /// - Parameters:
    ///   - url: a file URL.
    ///   - maximumBytes: the largest file accepted, in bytes; larger files are refused before
    ///     they are read.
    /// - Returns: the file's bytes.
    /// - Throws: ``StoreError/io(path:operation:errno:)`` (`ENOENT` when it does not exist,
    ///   `EISDIR` for a folder, `EACCES`), ``StoreError/tooLarge(path:bytes:limit:)``.
    public static func read(at url: URL, maximumBytes: Int) throws(StoreError) -> Data {
        Data(try readBytes(at: url, maximumBytes: maximumBytes))
    }

    /// ``read(at:maximumBytes:)`` as an array of bytes (no copy into `Data`).
    /// - Throws: as ``read(at:maximumBytes:)``.
    public static func readBytes(at url: URL, maximumBytes: Int) throws(StoreError) -> [UInt8] {
        let descriptor = try OpenFile(opening: url.path, flags: O_RDONLY, operation: "open")
        // A regular file (OpenFile refuses anything else here) is read in one `pread` of its size.
        return try descriptor.readFromStart(maximumBytes: maximumBytes)
    }

    /// The first bytes of a regular file (to recognise its format without reading it whole).
    /// - Parameters:
    ///   - url: a file URL.
    ///   - count: the most bytes read.
    /// - Returns: up to `count` bytes from the start (fewer for a shorter file).
    /// - Throws: ``StoreError/io(path:operation:errno:)``, ``StoreError/notRegularFile(path:type:)``.
    public static func readPrefix(at url: URL, count: Int) throws(StoreError) -> Data {
        let descriptor = try OpenFile(opening: url.path, flags: O_RDONLY, operation: "open")
        return Data(try descriptor.bytes(at: 0, count: count))
    }

    /// Reads an input the user names (`history import FILE`): a regular file, or a FIFO or
    /// character device (`<(…)`, `/dev/stdin`), read to its end like `cat` would, except that
    /// reading stops after the first 64 KiB chunk that holds a NUL byte: such an input is not
    /// text, and the caller refuses it without reading the rest (`/dev/zero` ends at once).
    /// - Parameters:
    ///   - url: a file URL.
    ///   - maximumBytes: the most read, in bytes; a larger regular file is refused before it is read.
    /// - Returns: the bytes read: the whole input, or up to the end of the chunk with a NUL.
    /// - Throws: ``StoreError/io(path:operation:errno:)``, ``StoreError/tooLarge(path:bytes:limit:)``,
    ///   ``StoreError/notRegularFile(path:type:)`` for a folder, socket or block device.
    public static func readInput(at url: URL, maximumBytes: Int) throws(StoreError) -> Data {
        let descriptor = try OpenFile(opening: url.path, flags: O_RDONLY, operation: "open",
                                      accepting: [.fifo, .characterDevice])
        return Data(try descriptor.readAll(maximumBytes: maximumBytes) { $0.contains(0) })
    }

    /// Replaces a file's content atomically: the data goes to a new temporary file (mode 0600)
    /// in the same folder, which is flushed (`fsync`), renamed over `url` (`rename(2)`), and
    /// then the folder is flushed so the rename itself survives a power cut. Readers see the
    /// old content or the new, never a mixture; on any failure the old file is untouched and
    /// the temporary file is removed.
    ///
    /// A symbolic link is followed: the file it points to is replaced, with the temporary file
    /// beside that file, and the link stays a link (so a history kept elsewhere through a link
    /// is never split in two). A file whose owner has no write permission is left as it is.
    /// - Parameters:
    ///   - data: the new content.
    ///   - url: the file to create or replace; its folder must exist.
    /// - Throws: ``StoreError/io(path:operation:errno:)`` naming the failed step (`ENOENT`
    ///   for a link that points nowhere), ``StoreError/readOnly(path:)`` for a read-only file.
    public static func writeAtomically(_ data: Data, to url: URL) throws(StoreError) {
        try writeAtomically(parts: [[UInt8](data)], to: url)
    }

    /// ``writeAtomically(_:to:)`` for content in parts already in arrays, written one after the
    /// other (no copy into one buffer: a large cache file is not held twice).
    /// - Parameters:
    ///   - parts: the new content, in order.
    ///   - url: the file to create or replace; its folder must exist.
    /// - Throws: as ``writeAtomically(_:to:)``.
    public static func writeAtomically(parts: [[UInt8]], to url: URL) throws(StoreError) {
        let target = try replaceableTarget(of: url)
        let folder = target.deletingLastPathComponent().path
        let name = target.lastPathComponent
        let suffix = String(UInt64.random(in: 0...UInt64.max), radix: 36)
        // `.NAME.tmp-…`: HistoryFile's clean-up of killed rewrites looks for this prefix.
        let temporaryPath = folder + "/." + name + ".tmp-" + suffix
        do throws(StoreError) {
            let descriptor: OpenFile
            do {
                descriptor = try OpenFile(
                    opening: temporaryPath, flags: O_WRONLY | O_CREAT | O_EXCL, mode: 0o600)
            } catch {
                // Name the file the person asked for, not the temporary one beside it.
                if case let .io(_, _, code) = error { throw .io(path: url.path, operation: "be written", errno: code) }
                throw error
            }
            for part in parts { try descriptor.writeAll(part) }
            try descriptor.sync()
            try descriptor.close()
            do {
                try FileSystem.rename(temporaryPath, to: target.path)
            } catch {
                throw StoreError(path: url.path, operation: "replace (rename)", error)
            }
        } catch {
            try? FileSystem.unlink(temporaryPath)
            throw error
        }
        try syncFolder(folder)
    }

    /// The file that replacing `url` must replace: `url` itself, or the file its symbolic
    /// link (or chain of links) points to; checked to be a regular file whose owner may write
    /// it, when it is a regular file.
    /// - Throws: ``StoreError/io(path:operation:errno:)`` from `lstat`/`realpath` (a dangling
    ///   link), ``StoreError/readOnly(path:)``.
    private static func replaceableTarget(of url: URL) throws(StoreError) -> URL {
        var target = url
        do {
            let link = try FileSystem.linkStatus(ofPath: url.path)
            if FileType(mode: link.st_mode) == .symbolicLink {
                target = URL(fileURLWithPath: try FileSystem.resolvedPath(url.path))
            }
        } catch where error.errno == ENOENT && error.function == "lstat" {
            return url  // a new file
        } catch {
            throw StoreError(path: url.path, operation: "follow the link", error)
        }
        let info: stat
        do { info = try FileSystem.status(ofPath: target.path) } catch {
            throw StoreError(path: url.path, operation: "look at", error)
        }
        // A FIFO or device is replaced by the new file, as hiit's own file belongs there.
        let isRegular = FileType(mode: info.st_mode) == .regular
        let isWritable = (info.st_mode & mode_t(S_IWUSR)) != 0
        if isRegular && !isWritable {
            throw .readOnly(path: url.path)
        }
        return target
    }

    /// Creates a folder and any missing parents with mode 0700 (owner only). Folders that
    /// already exist are left as they are.
    /// - Parameter url: the folder.
    /// - Throws: ``StoreError/notAFolder(path:)`` when something else is at the path or a
    ///   parent, ``StoreError/io(path:operation:errno:)`` from `mkdir`/`stat`.
    public static func createFolder(at url: URL) throws(StoreError) {
        let path = url.standardizedFileURL.path
        let existing: stat?
        do {
            existing = try FileSystem.status(ofPath: path)
        } catch where error.errno == ENOENT {
            existing = nil
        } catch {
            throw StoreError(path: path, operation: "look at", error)
        }
        if let existing {
            guard existing.st_mode & S_IFMT == S_IFDIR else { throw .notAFolder(path: path) }
            return
        }
        let parent = url.standardizedFileURL.deletingLastPathComponent()
        if parent.path != path {
            try createFolder(at: parent)
        }
        do {
            try FileSystem.makeFolder(path, mode: 0o700)
        } catch where error.errno == EEXIST {
            // Made meanwhile by another process: fine.
        } catch {
            throw StoreError(path: path, operation: "create the folder", error)
        }
    }

    /// Flushes a folder's entries to the device (`fsync` on the folder) so that a rename or a
    /// new file in it is durable.
    /// - Throws: ``StoreError/io(path:operation:errno:)``.
    static func syncFolder(_ path: String) throws(StoreError) {
        let descriptor = try OpenFile(opening: path, flags: O_RDONLY | O_DIRECTORY, operation: "open the folder")
        try descriptor.sync()
        try descriptor.close()
    }
}
