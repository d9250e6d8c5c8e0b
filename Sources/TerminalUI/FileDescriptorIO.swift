import Glibc

/// Small wrappers around `write`, `read` and `isatty` on raw file descriptors. Each retries
/// when a signal interrupts it (`EINTR`) and reports failures as ``TerminalError``.
public enum FileDescriptorIO {
    /// Whether `fd` is connected to a terminal (`isatty(fd) == 1`).
    /// - Parameter fd: any file descriptor, e.g. `STDOUT_FILENO`.
    public static func isTerminal(_ fd: Int32) -> Bool {
        isatty(fd) == 1
    }

    /// Writes all of `string`'s UTF-8 bytes to `fd`, looping over partial writes.
    ///
    /// Retries `write(2)` on `EINTR`; when `fd` is non-blocking and full (`EAGAIN`), waits with
    /// `poll(2)` until it is writable again. Use it to send a whole frame in one call.
    /// - Parameters:
    ///   - string: the text, sent as UTF-8 without any newline added.
    ///   - fd: the file descriptor, e.g. `STDOUT_FILENO`.
    /// - Throws: ``TerminalError/systemCall(function:fd:errno:)`` naming `write` (e.g. `EPIPE`,
    ///   `EIO` when the terminal hung up) or `poll`.
    public static func writeAll(_ string: String, to fd: Int32) throws(TerminalError) {
        try writeAll(Array(string.utf8), to: fd)
    }

    /// Writes all of `bytes` to `fd`, looping over partial writes; like the `String` overload.
    /// - Parameters:
    ///   - bytes: the bytes to send; an empty array writes nothing.
    ///   - fd: the file descriptor.
    /// - Throws: ``TerminalError/systemCall(function:fd:errno:)`` naming `write` or `poll`.
    public static func writeAll(_ bytes: [UInt8], to fd: Int32) throws(TerminalError) {
        var offset = 0
        while offset < bytes.count {
            let result = bytes.withUnsafeBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return write(fd, base + offset, buffer.count - offset)
            }
            if result > 0 {
                offset += result
                continue
            }
            if result == 0 {
                // write(2) returns 0 only for a zero-length request; treat as "try again".
                continue
            }
            let code = errno
            switch code {
            case EINTR:
                continue
            case EAGAIN, EWOULDBLOCK:
                try waitUntilWritable(fd)
            default:
                throw .systemCall(function: "write", fd: fd, errno: code)
            }
        }
    }

    /// Reads what is available on `fd`, up to `maxCount` bytes, with one `read(2)` call
    /// (retried on `EINTR`).
    ///
    /// Call it after ``Poller/readable(_:timeoutMilliseconds:)`` reported `fd` readable.
    /// - Parameters:
    ///   - fd: the file descriptor, e.g. `STDIN_FILENO`.
    ///   - maxCount: the most bytes to read, at least 1 (default 1024).
    /// - Returns: the bytes read; an empty array when `fd` is non-blocking and has nothing now
    ///   (`EAGAIN`); `nil` at end of file (the terminal closed or the pipe's writer went away).
    /// - Throws: ``TerminalError/systemCall(function:fd:errno:)`` naming `read` (e.g. `EIO`
    ///   after a hang-up).
    public static func read(from fd: Int32, maxCount: Int = 1024) throws(TerminalError) -> [UInt8]? {
        let count = max(1, maxCount)
        var buffer = [UInt8](repeating: 0, count: count)
        while true {
            let result = buffer.withUnsafeMutableBytes { raw -> Int in
                guard let base = raw.baseAddress else { return 0 }
                return Glibc.read(fd, base, count)
            }
            if result > 0 { return Array(buffer[0..<result]) }
            if result == 0 { return nil }
            let code = errno
            switch code {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return []
            default: throw .systemCall(function: "read", fd: fd, errno: code)
            }
        }
    }

    /// Blocks until `fd` can take more output.
    private static func waitUntilWritable(_ fd: Int32) throws(TerminalError) {
        var entry = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        while true {
            let result = poll(&entry, 1, -1)
            if result >= 0 { return }
            let code = errno
            if code != EINTR { throw .systemCall(function: "poll", fd: fd, errno: code) }
        }
    }
}
