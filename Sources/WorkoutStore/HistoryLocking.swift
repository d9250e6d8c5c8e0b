import POSIX

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file's identity on its device: two paths or descriptors name the same file when both
/// numbers are equal (`st_dev`, `st_ino` of `stat(2)`).
struct FileIdentity: Equatable {
    /// The device the file is on.
    var device: UInt64
    /// The inode number on that device.
    var inode: UInt64

    /// The identity of the file now at `path`, or `nil` when nothing is there (`ENOENT`).
    /// - Throws: ``StoreError/io(path:operation:errno:)`` for any other `stat(2)` failure.
    static func ofPath(_ path: String) throws(StoreError) -> FileIdentity? {
        let info: stat
        do {
            info = try FileSystem.status(ofPath: path)
        } catch where error.errno == ENOENT {
            return nil
        } catch {
            throw StoreError(path: path, operation: "look at", error)
        }
        return FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }
}

extension OpenFile {
    /// The identity of the open file (`fstat(2)`), which stays the same when the path is later
    /// renamed over or unlinked.
    /// - Throws: ``StoreError/io(path:operation:errno:)``.
    func identity() throws(StoreError) -> FileIdentity {
        let info = try status()
        return FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    /// Reads the whole file from its start with `pread(2)`, whatever the descriptor's offset
    /// (a descriptor opened with `O_APPEND` may have been written to).
    /// - Parameter maximumBytes: a larger file is refused with ``StoreError/tooLarge(path:bytes:limit:)``.
    /// - Throws: ``StoreError/io(path:operation:errno:)`` or ``StoreError/tooLarge(path:bytes:limit:)``.
    func readFromStart(maximumBytes: Int) throws(StoreError) -> [UInt8] {
        let size = try self.size()
        guard size <= maximumBytes else { throw .tooLarge(path: path, bytes: size, limit: maximumBytes) }
        return try bytes(at: 0, count: size)  // fewer when the file shrank; keep what was there
    }
}

/// Opening the history file under its `flock(2)` so that appends and rewrites never lose each
/// other's lines.
///
/// A rewrite (``HistoryFile/removeSessions(withID:)``) replaces the file by renaming a new one
/// over it, while holding the exclusive lock on the file it replaces. A process that opened the
/// path before that rename holds a descriptor of the old, now unlinked file: whatever it
/// appended there would be lost. So every opener, once it holds its lock, checks that the file
/// it opened is still the one at the path (same device and inode) and otherwise closes it and
/// opens the path again. Only the holder of the exclusive lock on the current file may replace
/// it, so a check passed under the lock stays true until the lock is released.
enum HistoryLock {
    /// How many times the path may change under an opener before it gives up (each change
    /// is a complete rewrite by another process, so this is never reached in practice).
    static let maximumAttempts = 10_000

    /// Opens `path` with `flags`, takes the lock and returns the descriptor once it is the
    /// file currently at `path`.
    /// - Parameters:
    ///   - path: the history file.
    ///   - flags: `open(2)` flags; with `O_CREAT` the file is created (0600) when missing.
    ///   - exclusive: `LOCK_EX` (writers) or `LOCK_SH` (readers).
    ///   - operation: what the open is for, in words, for errors.
    ///   - afterOpening: called after each `open` and before the lock is taken (tests use it
    ///     to replace the file at exactly that moment); `nil` in production.
    /// - Returns: the locked descriptor, or `nil` when the file does not exist and `flags`
    ///   has no `O_CREAT`.
    /// - Throws: ``StoreError/io(path:operation:errno:)``.
    static func open(
        _ path: String, flags: Int32, exclusive: Bool, operation: String,
        afterOpening: (() -> Void)? = nil
    ) throws(StoreError) -> OpenFile? {
        for _ in 0..<maximumAttempts {
            let descriptor: OpenFile
            do {
                descriptor = try OpenFile(opening: path, flags: flags, mode: 0o600, operation: operation)
            } catch {
                if case let .io(_, _, code) = error, code == ENOENT, flags & O_CREAT == 0 { return nil }
                throw error
            }
            afterOpening?()
            try descriptor.lock(exclusive: exclusive)
            if try FileIdentity.ofPath(path) == descriptor.identity() {
                return descriptor
            }
            // Replaced (or removed) while we waited for the lock: closing releases the lock.
            try descriptor.close()
        }
        throw .io(path: path, operation: "\(operation) (the file kept being replaced)", errno: EAGAIN)
    }
}
