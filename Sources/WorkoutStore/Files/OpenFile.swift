import POSIX

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An open file and the path it was opened with: a ``POSIX/FileDescriptor`` (which wraps each
/// C call once and retries on `EINTR`) whose failures become
/// ``StoreError/io(path:operation:errno:)`` naming this path and what the step was for.
///
/// Closed exactly once: by ``close()`` (which reports errors) or, on an early exit, when the
/// last reference goes away.
final class OpenFile {
    /// The descriptor; -1 once closed.
    private(set) var descriptor: FileDescriptor
    /// The path, as shown in errors.
    let path: String

    /// Opens a file with `open(2)`; `O_CLOEXEC` is always added.
    /// - Parameters:
    ///   - path: the file system path.
    ///   - flags: `O_RDONLY`, `O_WRONLY | O_CREAT | O_APPEND`, …
    ///   - mode: permission bits for a created file (default 0600, owner only).
    ///   - operation: what the open is for, in words, for the error message.
    /// - Throws: ``StoreError/io(path:operation:errno:)``.
    init(opening path: String, flags: Int32, mode: mode_t = 0o600, operation: String = "open") throws(StoreError) {
        do {
            descriptor = try FileDescriptor.open(path, flags, mode: mode)
        } catch {
            throw StoreError(path: path, operation: operation, error)
        }
        self.path = path
    }

    deinit {
        if descriptor.rawValue >= 0 { try? descriptor.close() }
    }

    /// Closes the descriptor now, reporting an error (a close can report a failed write-back).
    /// - Throws: ``StoreError/io(path:operation:errno:)`` from `close(2)`.
    func close() throws(StoreError) {
        let open = descriptor
        descriptor = FileDescriptor(rawValue: -1)
        guard open.rawValue >= 0 else { return }
        try run("close") { () throws(SystemCallError) in try open.close() }
    }

    /// Writes every byte with `write(2)`, looping over partial writes and `EINTR`.
    /// - Throws: ``StoreError/io(path:operation:errno:)`` (`ENOSPC`, `EIO`, …).
    func writeAll(_ bytes: [UInt8]) throws(StoreError) {
        try run("write") { () throws(SystemCallError) in try descriptor.writeAll(bytes) }
    }

    /// Reads to the end of the file with `read(2)`.
    /// - Parameter maximumBytes: stop and throw once more than this many bytes were read.
    /// - Returns: the bytes read.
    /// - Throws: ``StoreError/tooLarge(path:bytes:limit:)`` past `maximumBytes` (with the
    ///   size from `fstat`), ``StoreError/io(path:operation:errno:)`` from `read`.
    func readAll(maximumBytes: Int) throws(StoreError) -> [UInt8] {
        if let size = try? self.size(), size > maximumBytes {
            throw .tooLarge(path: path, bytes: size, limit: maximumBytes)
        }
        let bytes = try run("read") { () throws(SystemCallError) in try descriptor.readToEnd(stoppingPast: maximumBytes) }
        if bytes.count > maximumBytes {
            throw .tooLarge(path: path, bytes: bytes.count, limit: maximumBytes)
        }
        return bytes
    }

    /// Reads one byte at `offset` with `pread(2)`, or `nil` past the end.
    /// - Throws: ``StoreError/io(path:operation:errno:)``.
    func byte(at offset: Int) throws(StoreError) -> UInt8? {
        try bytes(at: offset, count: 1).first
    }

    /// Up to `count` bytes from `offset` with `pread(2)` (fewer at the end of the file),
    /// whatever the descriptor's offset (a descriptor opened with `O_APPEND` may have been
    /// written to).
    /// - Throws: ``StoreError/io(path:operation:errno:)``.
    func bytes(at offset: Int, count: Int) throws(StoreError) -> [UInt8] {
        try run("read") { () throws(SystemCallError) in try descriptor.read(fromAbsoluteOffset: offset, upToCount: count) }
    }

    /// `fstat(2)` of the open file.
    /// - Throws: ``StoreError/io(path:operation:errno:)``.
    func status() throws(StoreError) -> stat {
        try run("look at") { () throws(SystemCallError) in try descriptor.status() }
    }

    /// The file's size in bytes, from `fstat(2)`.
    /// - Throws: ``StoreError/io(path:operation:errno:)``.
    func size() throws(StoreError) -> Int {
        let info = try run("read the size of") { () throws(SystemCallError) in try descriptor.status() }
        return Int(info.st_size)
    }

    /// Flushes the file's data and metadata to the device with `fsync(2)`.
    /// - Throws: ``StoreError/io(path:operation:errno:)``.
    func sync() throws(StoreError) {
        try run("flush (fsync)") { () throws(SystemCallError) in try descriptor.sync() }
    }

    /// Takes an advisory lock with `flock(2)`, waiting for other holders.
    /// - Parameter exclusive: `true` for `LOCK_EX` (writers), `false` for `LOCK_SH` (readers).
    /// - Throws: ``StoreError/io(path:operation:errno:)``.
    func lock(exclusive: Bool) throws(StoreError) {
        try run("lock") { () throws(SystemCallError) in try descriptor.lock(exclusive ? .exclusive : .shared) }
    }

    /// Releases the `flock(2)` lock (closing the descriptor releases it too).
    /// - Throws: ``StoreError/io(path:operation:errno:)``.
    func unlock() throws(StoreError) {
        try run("unlock") { () throws(SystemCallError) in try descriptor.unlock() }
    }

    /// Runs one call on the descriptor, naming `operation` and this path when it fails.
    private func run<Result>(_ operation: String, _ call: () throws(SystemCallError) -> Result) throws(StoreError) -> Result {
        do {
            return try call()
        } catch {
            throw StoreError(path: path, operation: operation, error)
        }
    }
}
