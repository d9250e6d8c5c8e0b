#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An open file descriptor and the path it was opened with. Each C call is wrapped once here:
/// it retries on `EINTR` and throws ``StoreError/io(path:operation:errno:)`` with the C error.
///
/// Closed exactly once: by ``close()`` (which reports errors) or, on an early exit, when the
/// last reference goes away.
final class FileDescriptor {
    /// The raw descriptor; -1 once closed.
    private(set) var raw: Int32
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
        var fd: Int32
        repeat {
            fd = open(path, flags | O_CLOEXEC, mode)
        } while fd < 0 && errno == EINTR
        guard fd >= 0 else { throw .io(path: path, operation: operation, errno: errno) }
        self.raw = fd
        self.path = path
    }

    deinit {
        if raw >= 0 { _ = closeDescriptor(raw) }
    }

    /// Closes the descriptor now, reporting an error (a close can report a failed write-back).
    /// - Throws: ``StoreError/io(path:operation:errno:)`` from `close(2)`.
    func close() throws(StoreError) {
        let fd = raw
        raw = -1
        if fd >= 0, closeDescriptor(fd) != 0, errno != EINTR {
            throw .io(path: path, operation: "close", errno: errno)
        }
    }

    /// Writes every byte with `write(2)`, looping over partial writes and `EINTR`.
    /// - Throws: ``StoreError/io(path:operation:errno:)`` (`ENOSPC`, `EIO`, …).
    func writeAll(_ bytes: [UInt8]) throws(StoreError) {
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { buffer in
                write(raw, buffer.baseAddress.map { $0 + written }, buffer.count - written)
            }
            if result < 0 {
                if errno == EINTR { continue }
                throw .io(path: path, operation: "write", errno: errno)
            }
            written += result
        }
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
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { buffer in
                read(raw, buffer.baseAddress, buffer.count)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw .io(path: path, operation: "read", errno: errno)
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<count])
            if bytes.count > maximumBytes {
                throw .tooLarge(path: path, bytes: bytes.count, limit: maximumBytes)
            }
        }
    }

    /// Reads one byte at `offset` with `pread(2)`, or `nil` past the end.
    /// - Throws: ``StoreError/io(path:operation:errno:)``.
    func byte(at offset: Int) throws(StoreError) -> UInt8? {
        var byte: UInt8 = 0
        while true {
            let count = pread(raw, &byte, 1, off_t(offset))
            if count < 0 {
                if errno == EINTR { continue }
                throw .io(path: path, operation: "read", errno: errno)
            }
            return count == 1 ? byte : nil
        }
    }

    /// The file's size in bytes, from `fstat(2)`.
    /// - Throws: ``StoreError/io(path:operation:errno:)``.
    func size() throws(StoreError) -> Int {
        var info = stat()
        guard fstat(raw, &info) == 0 else { throw .io(path: path, operation: "read the size of", errno: errno) }
        return Int(info.st_size)
    }

    /// Flushes the file's data and metadata to the device with `fsync(2)`.
    /// - Throws: ``StoreError/io(path:operation:errno:)``.
    func sync() throws(StoreError) {
        while fsync(raw) != 0 {
            if errno == EINTR { continue }
            throw .io(path: path, operation: "flush (fsync)", errno: errno)
        }
    }

    /// Takes an advisory lock with `flock(2)`, waiting for other holders.
    /// - Parameter exclusive: `true` for `LOCK_EX` (writers), `false` for `LOCK_SH` (readers).
    /// - Throws: ``StoreError/io(path:operation:errno:)``.
    func lock(exclusive: Bool) throws(StoreError) {
        while flock(raw, exclusive ? LOCK_EX : LOCK_SH) != 0 {
            if errno == EINTR { continue }
            throw .io(path: path, operation: "lock", errno: errno)
        }
    }

    /// Releases the `flock(2)` lock (closing the descriptor releases it too).
    /// - Throws: ``StoreError/io(path:operation:errno:)``.
    func unlock() throws(StoreError) {
        while flock(raw, LOCK_UN) != 0 {
            if errno == EINTR { continue }
            throw .io(path: path, operation: "unlock", errno: errno)
        }
    }
}

/// `close(2)` under a name that does not collide with ``FileDescriptor/close()``.
private func closeDescriptor(_ fd: Int32) -> Int32 {
    close(fd)
}
