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

    /// Opens a regular file (or, with `O_DIRECTORY`, a folder) with `open(2)`; `O_CLOEXEC`
    /// and `O_NONBLOCK` are always added, and the type is checked with `fstat(2)` before
    /// anything is read, so a FIFO or a device at the path is refused at once instead of
    /// blocking the open or the first read forever (`O_NONBLOCK` changes nothing for a
    /// regular file).
    /// - Parameters:
    ///   - path: the file system path.
    ///   - flags: `O_RDONLY`, `O_WRONLY | O_CREAT | O_APPEND`, …
    ///   - mode: permission bits for a created file (default 0600, owner only).
    ///   - operation: what the open is for, in words, for the error message.
    ///   - streams: also accept these types (`.fifo`, `.characterDevice`: an input the user
    ///     names, such as `<(…)` or `/dev/stdin`); a FIFO is then read as `cat` reads it,
    ///     waiting for its writer and to the writer's end. Default: none.
    /// - Throws: ``StoreError/io(path:operation:errno:)``; ``StoreError/notRegularFile(path:type:)``
    ///   when something else than a regular file (or folder) is at the path (it is not opened);
    ///   ``StoreError/readOnly(path:)`` when it is opened for writing and its owner has no write
    ///   permission (refused even for root, who could write it).
    init(opening path: String, flags: Int32, mode: mode_t = 0o600, operation: String = "open",
         accepting streams: Set<FileType> = []) throws(StoreError) {
        let opened: FileDescriptor
        do {
            opened = try FileDescriptor.open(path, flags | O_NONBLOCK, mode: mode)
        } catch {
            throw StoreError(path: path, operation: operation, error)
        }
        descriptor = opened
        self.path = path
        let expected: FileType = flags & O_DIRECTORY != 0 ? .folder : .regular
        let info = try run("look at") { () throws(SystemCallError) in try opened.status() }
        let type = FileType(mode: info.st_mode)
        guard type == expected || streams.contains(type) else {
            try? close()
            throw .notRegularFile(path: path, type: type)
        }
        if flags & (O_WRONLY | O_RDWR) != 0, type == .regular, (info.st_mode & mode_t(S_IWUSR)) == 0 {
            try? close()
            throw .readOnly(path: path)
        }
        if type != expected {
            // A stream is read as `cat` reads it: blocking (a terminal as /dev/stdin, too),
            // and a FIFO from a writer. A FIFO opened without O_NONBLOCK would wait in `open`,
            // and reads as empty at once while no writer has come yet; `poll` waits for the
            // first bytes or the first writer's end (Linux reports POLLHUP only once a writer
            // has been seen).
            try run("read") { () throws(SystemCallError) in
                try opened.removeStatusFlags(O_NONBLOCK)
                guard type == .fifo else { return }
                let event = Int16(POLLIN)
                var entries: [pollfd] = [pollfd(fd: opened.rawValue, events: event, revents: 0)]
                _ = try Poll.wait(&entries, timeout: nil)
            }
        }
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
    /// - Parameters:
    ///   - maximumBytes: stop and throw once more than this many bytes were read.
    ///   - isLastChunk: stop after the first chunk for which it is `true` (default never).
    /// - Returns: the bytes read.
    /// - Throws: ``StoreError/tooLarge(path:bytes:limit:)`` past `maximumBytes` (with the
    ///   size from `fstat`), ``StoreError/io(path:operation:errno:)`` from `read`.
    func readAll(maximumBytes: Int, isLastChunk: (ArraySlice<UInt8>) -> Bool = { _ in false }) throws(StoreError) -> [UInt8] {
        if let size = try? self.size(), size > maximumBytes {
            throw .tooLarge(path: path, bytes: size, limit: maximumBytes)
        }
        let bytes = try run("read") { () throws(SystemCallError) in
            try descriptor.readToEnd(stoppingPast: maximumBytes, isLastChunk: isLastChunk)
        }
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

    /// Cuts the file back to `size` bytes with `ftruncate(2)`.
    /// - Throws: ``StoreError/io(path:operation:errno:)``.
    func truncate(to size: Int) throws(StoreError) {
        try run("truncate") { () throws(SystemCallError) in try descriptor.truncate(to: size) }
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
