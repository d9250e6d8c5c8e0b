import Glibc

/// An open file descriptor: the integer the kernel handed out, with one wrapper per C call the
/// project makes on it. Every wrapper retries on `EINTR` (except ``close()``, see there) and
/// throws ``SystemCallError`` carrying the function, the `errno` and this descriptor.
///
/// A plain value: copying it does not duplicate the descriptor, and nothing closes it for
/// you. Close it with ``close()`` or scope it with ``closeAfter(_:)``.
public struct FileDescriptor: RawRepresentable, Hashable, Sendable {
    /// The descriptor number, e.g. 0 for standard input.
    public let rawValue: Int32

    /// Wraps a descriptor number that is already open (or that the caller wants to try).
    /// - Parameter rawValue: the descriptor number.
    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// Standard input (descriptor 0).
    public static let standardInput = FileDescriptor(rawValue: STDIN_FILENO)
    /// Standard output (descriptor 1).
    public static let standardOutput = FileDescriptor(rawValue: STDOUT_FILENO)
    /// Standard error (descriptor 2).
    public static let standardError = FileDescriptor(rawValue: STDERR_FILENO)

    // MARK: Opening and closing

    /// Opens `path` with `open(2)`; `O_CLOEXEC` is always added, so a child process started
    /// later never inherits the descriptor.
    /// - Parameters:
    ///   - path: the file system path.
    ///   - flags: `open(2)` flags: `O_RDONLY`, `O_WRONLY | O_CREAT | O_EXCL`, `O_RDWR | O_APPEND`, …
    ///   - mode: permission bits of a file that `O_CREAT` creates (default 0600, owner only);
    ///     ignored otherwise.
    /// - Returns: the new descriptor.
    /// - Throws: ``SystemCallError`` naming `open` and `path` (`ENOENT`, `EACCES`, `EEXIST`
    ///   with `O_EXCL`, `EISDIR`, …).
    public static func open(_ path: String, _ flags: Int32, mode: mode_t = 0o600) throws(SystemCallError) -> FileDescriptor {
        let fd = try valueOrErrno("open", path: path) { Glibc.open(path, flags | O_CLOEXEC, mode) }
        return FileDescriptor(rawValue: fd)
    }

    /// Makes a pipe with `pipe(2)`: bytes written to `writeEnd` come out of `readEnd`. Both
    /// ends are blocking and inherited by child processes until changed with
    /// ``addStatusFlags(_:)`` and ``addDescriptorFlags(_:)``.
    /// - Returns: the two ends.
    /// - Throws: ``SystemCallError`` naming `pipe` (`EMFILE`, `ENFILE`).
    public static func pipe() throws(SystemCallError) -> (readEnd: FileDescriptor, writeEnd: FileDescriptor) {
        var ends: [Int32] = [-1, -1]
        try nothingOrErrno("pipe") { Glibc.pipe(&ends) }
        return (FileDescriptor(rawValue: ends[0]), FileDescriptor(rawValue: ends[1]))
    }

    /// Closes the descriptor with `close(2)`.
    ///
    /// Never retried: on Linux the descriptor is released even when `close` reports `EINTR`,
    /// and closing again could close a descriptor another thread has just been given. So an
    /// `EINTR` counts as closed.
    /// - Throws: ``SystemCallError`` naming `close` (`EBADF` when it was not open, `EIO` when
    ///   a delayed write-back failed: the data may be lost).
    public func close() throws(SystemCallError) {
        let fd = rawValue
        do {
            try nothingOrErrno("close", fd: fd, retryOnInterrupt: false) { Glibc.close(fd) }
        } catch where error.errno == EINTR {
            return
        }
    }

    /// Runs `body`, then closes the descriptor, whether `body` returns or throws.
    ///
    /// When `body` throws, the descriptor is closed, a failure of that close is ignored, and
    /// `body`'s error is thrown. When `body` returns and the close fails, the close's error is
    /// thrown (a close can report a failed write-back).
    /// - Parameter body: the work to do with the descriptor open.
    /// - Returns: what `body` returns.
    /// - Throws: what `body` throws, or ``SystemCallError`` naming `close`.
    public func closeAfter<Result>(_ body: () throws(SystemCallError) -> Result) throws(SystemCallError) -> Result {
        try closeAfter(body, closeFailure: { $0 })
    }

    /// ``closeAfter(_:)`` for a `body` that throws its own error type: `closeFailure` turns a
    /// failed close into that type.
    /// - Parameters:
    ///   - body: the work to do with the descriptor open.
    ///   - closeFailure: builds the error to throw when `close(2)` fails after `body` returned.
    /// - Returns: what `body` returns.
    /// - Throws: what `body` throws, or `closeFailure`'s error.
    public func closeAfter<Result, Failure: Error>(
        _ body: () throws(Failure) -> Result, closeFailure: (SystemCallError) -> Failure
    ) throws(Failure) -> Result {
        let result: Result
        do {
            result = try body()
        } catch {
            try? close()
            throw error
        }
        do {
            try close()
        } catch let failure {
            throw closeFailure(failure)
        }
        return result
    }

    // MARK: Reading

    /// Reads once with `read(2)` into `buffer`.
    /// - Parameter buffer: where the bytes go; at most `buffer.count` are read.
    /// - Returns: the number of bytes read; 0 at end of file (or for an empty buffer).
    /// - Throws: ``SystemCallError`` naming `read` (`EAGAIN` when non-blocking with nothing
    ///   there, `EIO`, `EISDIR`, …).
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(SystemCallError) -> Int {
        let fd = rawValue
        return try valueOrErrno("read", fd: fd) { Glibc.read(fd, buffer.baseAddress, buffer.count) }
    }

    /// Reads once with `read(2)`: what is there now, up to `count` bytes.
    /// - Parameter count: the most bytes to read, at least 1.
    /// - Returns: the bytes read; empty at end of file.
    /// - Throws: ``SystemCallError`` naming `read`.
    public func read(upToCount count: Int) throws(SystemCallError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: max(1, count))
        let done = try bytes.withUnsafeMutableBytes { buffer in
            Result { () throws(SystemCallError) in try read(into: buffer) }
        }.get()
        bytes.removeSubrange(done...)
        return bytes
    }

    /// Reads from the current offset to the end of the file with `read(2)`, in chunks.
    /// - Parameters:
    ///   - limit: stop once more than this many bytes were read (default no limit); the result
    ///     then holds more than `limit` bytes, so the caller can tell the file was too large.
    ///   - chunkSize: bytes asked for per `read` call (default 64 KiB).
    ///   - isLastChunk: called with each chunk as it is read; when it returns `true` reading
    ///     stops after that chunk (e.g. at the first chunk that is not text, so that
    ///     `/dev/zero` is not read to the limit). Default: never.
    /// - Returns: the bytes read.
    /// - Throws: ``SystemCallError`` naming `read`.
    public func readToEnd(stoppingPast limit: Int = .max, chunkSize: Int = 64 * 1024,
                          isLastChunk: (ArraySlice<UInt8>) -> Bool = { _ in false }) throws(SystemCallError) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: max(1, chunkSize))
        while bytes.count <= limit {
            let count = try chunk.withUnsafeMutableBytes { buffer in
                Result { () throws(SystemCallError) in try read(into: buffer) }
            }.get()
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
            if isLastChunk(chunk[0..<count]) { break }
        }
        return bytes
    }

    /// Reads up to `count` bytes starting at byte `offset` of the file with `pread(2)`,
    /// looping over short reads, whatever the descriptor's own offset (which is not moved).
    /// - Parameters:
    ///   - offset: the first byte's position in the file, from 0.
    ///   - count: the number of bytes wanted.
    /// - Returns: `count` bytes, or fewer when the file ends first.
    /// - Throws: ``SystemCallError`` naming `pread`.
    public func read(fromAbsoluteOffset offset: Int, upToCount count: Int) throws(SystemCallError) -> [UInt8] {
        guard count > 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: count)
        let done = try bytes.withUnsafeMutableBytes { buffer in
            Result { () throws(SystemCallError) in try read(fromAbsoluteOffset: offset, into: buffer) }
        }.get()
        if done < count { bytes.removeSubrange(done...) }
        return bytes
    }

    /// Fills `buffer` with the bytes starting at byte `offset` of the file, with `pread(2)`,
    /// looping over short reads, whatever the descriptor's own offset (which is not moved). For
    /// reading a large file in chunks into one reused buffer, without an array per chunk.
    /// - Parameters:
    ///   - offset: the first byte's position in the file, from 0.
    ///   - buffer: where the bytes go; `buffer.count` of them are asked for.
    /// - Returns: the number of bytes read: `buffer.count`, or fewer when the file ends first.
    /// - Throws: ``SystemCallError`` naming `pread`.
    public func read(fromAbsoluteOffset offset: Int, into buffer: UnsafeMutableRawBufferPointer) throws(SystemCallError) -> Int {
        let fd = rawValue
        let count = buffer.count
        var done = 0
        while done < count {
            let result = try valueOrErrno("pread", fd: fd) {
                pread(fd, buffer.baseAddress.map { $0 + done }, count - done, off_t(offset + done))
            }
            if result == 0 { break }
            done += result
        }
        return done
    }

    // MARK: Writing

    /// Writes once with `write(2)`: some or all of `buffer`.
    ///
    /// Use it where a full non-blocking descriptor must not make the caller wait (a signal's
    /// byte on a self-pipe); otherwise use ``writeAll(_:)``.
    /// - Parameter buffer: the bytes to send.
    /// - Returns: the number of bytes written.
    /// - Throws: ``SystemCallError`` naming `write` (`EAGAIN` when non-blocking and full,
    ///   `EPIPE`, `ENOSPC`, `EIO`, …).
    public func write(_ buffer: UnsafeRawBufferPointer) throws(SystemCallError) -> Int {
        let fd = rawValue
        return try valueOrErrno("write", fd: fd) { Glibc.write(fd, buffer.baseAddress, buffer.count) }
    }

    /// Writes every byte of `bytes` with `write(2)`, looping over partial writes.
    ///
    /// When the descriptor is non-blocking and full (`EAGAIN`), waits with `poll(2)` until it
    /// can take more. Use it to send a whole frame or a whole file in one call.
    /// - Parameter bytes: the bytes; an empty array writes nothing.
    /// - Throws: ``SystemCallError`` naming `write` (`EPIPE`, `ENOSPC`, `EIO` when a terminal
    ///   hung up, …) or `poll`.
    public func writeAll(_ bytes: [UInt8]) throws(SystemCallError) {
        var offset = 0
        while offset < bytes.count {
            do {
                offset += try bytes.withUnsafeBytes { buffer in
                    Result { () throws(SystemCallError) in try write(UnsafeRawBufferPointer(rebasing: buffer[offset...])) }
                }.get()
            } catch where error.errno == EAGAIN || error.errno == EWOULDBLOCK {
                try waitUntilWritable()
            }
        }
    }

    /// Blocks until the descriptor can take more output (`poll(2)` for `POLLOUT`, no timeout).
    private func waitUntilWritable() throws(SystemCallError) {
        var entry = pollfd(fd: rawValue, events: Int16(POLLOUT), revents: 0)
        _ = try valueOrErrno("poll", fd: rawValue) { Glibc.poll(&entry, 1, -1) }
    }

    /// Flushes the file's data and metadata to the device with `fsync(2)`; on a folder, its
    /// entries (so a rename or a new file in it survives a power cut).
    /// - Throws: ``SystemCallError`` naming `fsync` (`EIO`, `ENOSPC`, …).
    public func sync() throws(SystemCallError) {
        let fd = rawValue
        try nothingOrErrno("fsync", fd: fd) { fsync(fd) }
    }

    /// Cuts the file back to `size` bytes with `ftruncate(2)` (retried on `EINTR`).
    /// - Parameter size: the new length in bytes, from 0.
    /// - Throws: ``SystemCallError`` naming `ftruncate` (`EIO`, `EINVAL` for a negative size or
    ///   a file not open for writing).
    public func truncate(to size: Int) throws(SystemCallError) {
        let fd = rawValue
        try nothingOrErrno("ftruncate", fd: fd) { ftruncate(fd, off_t(size)) }
    }

    // MARK: Locks, status and flags

    /// The two kinds of `flock(2)` lock.
    public enum LockKind: Sendable {
        /// `LOCK_SH`: any number of holders at once (readers).
        case shared
        /// `LOCK_EX`: one holder, and no shared holders (writers).
        case exclusive
    }

    /// Takes an advisory lock on the open file with `flock(2)`, waiting as long as other
    /// holders keep a conflicting one. The lock belongs to the open file, not the process:
    /// closing the descriptor releases it.
    /// - Parameter kind: shared or exclusive.
    /// - Throws: ``SystemCallError`` naming `flock` (`ENOLCK`, `EBADF`, …).
    public func lock(_ kind: LockKind) throws(SystemCallError) {
        let fd = rawValue
        let operation = kind == .exclusive ? LOCK_EX : LOCK_SH
        try nothingOrErrno("flock", fd: fd) { flock(fd, operation) }
    }

    /// Releases this open file's `flock(2)` lock (`LOCK_UN`).
    /// - Throws: ``SystemCallError`` naming `flock`.
    public func unlock() throws(SystemCallError) {
        let fd = rawValue
        try nothingOrErrno("flock", fd: fd) { flock(fd, LOCK_UN) }
    }

    /// The open file's status with `fstat(2)`: size in bytes (`st_size`), device and inode
    /// (`st_dev`, `st_ino`), modification time (`st_mtim`), mode.
    /// - Returns: the `stat` structure.
    /// - Throws: ``SystemCallError`` naming `fstat`.
    public func status() throws(SystemCallError) -> stat {
        let fd = rawValue
        var info = stat()
        try nothingOrErrno("fstat", fd: fd) { fstat(fd, &info) }
        return info
    }

    /// Adds file status flags (`O_NONBLOCK`, `O_APPEND`) with `fcntl(2)` `F_GETFL`/`F_SETFL`.
    /// - Parameter flags: the flags to add; the others are kept.
    /// - Throws: ``SystemCallError`` naming `fcntl`.
    public func addStatusFlags(_ flags: Int32) throws(SystemCallError) {
        let fd = rawValue
        let current = try valueOrErrno("fcntl", fd: fd) { fcntl(fd, F_GETFL) }
        try nothingOrErrno("fcntl", fd: fd) { fcntl(fd, F_SETFL, current | flags) }
    }

    /// Removes file status flags (`O_NONBLOCK`) with `fcntl(2)` `F_GETFL`/`F_SETFL`.
    /// - Parameter flags: the flags to remove; the others are kept.
    /// - Throws: ``SystemCallError`` naming `fcntl`.
    public func removeStatusFlags(_ flags: Int32) throws(SystemCallError) {
        let fd = rawValue
        let current = try valueOrErrno("fcntl", fd: fd) { fcntl(fd, F_GETFL) }
        try nothingOrErrno("fcntl", fd: fd) { fcntl(fd, F_SETFL, current & ~flags) }
    }

    /// Adds descriptor flags (`FD_CLOEXEC`) with `fcntl(2)` `F_GETFD`/`F_SETFD`.
    /// - Parameter flags: the flags to add; the others are kept.
    /// - Throws: ``SystemCallError`` naming `fcntl`.
    public func addDescriptorFlags(_ flags: Int32) throws(SystemCallError) {
        let fd = rawValue
        let current = try valueOrErrno("fcntl", fd: fd) { fcntl(fd, F_GETFD) }
        try nothingOrErrno("fcntl", fd: fd) { fcntl(fd, F_SETFD, current | flags) }
    }
}

// MARK: - The standard descriptors

extension FileDescriptor {
    /// Whether the descriptor is open: `fcntl(F_GETFD)` does not fail with `EBADF`.
    public var isOpen: Bool {
        fcntl(rawValue, F_GETFD) != -1 || errno != EBADF
    }

    /// Puts `/dev/null` (read and write) on this descriptor number when it is closed, so that
    /// no file the program opens later takes its place: a process started with stdout closed
    /// must not write its output into the first file it opens. The descriptor stays open
    /// across `exec` (no `FD_CLOEXEC`), as a standard descriptor is.
    /// - Returns: `true` when the descriptor was closed and now reads and writes `/dev/null`;
    ///   `false` when it was open (left as it was).
    /// - Throws: ``SystemCallError`` naming `open` or `dup2` when `/dev/null` cannot be put there.
    @discardableResult
    public func openNullDeviceIfClosed() throws(SystemCallError) -> Bool {
        guard !isOpen else { return false }
        let null = try valueOrErrno("open", path: "/dev/null") { Glibc.open("/dev/null", O_RDWR) }
        if null != rawValue {
            _ = try valueOrErrno("dup2", fd: rawValue) { dup2(null, rawValue) }
            Glibc.close(null)
        }
        return true
    }
}
