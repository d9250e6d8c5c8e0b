import Glibc
import POSIX

/// Small wrappers around `write`, `read` and `isatty` on raw file descriptors, over the
/// `POSIX` module's ``POSIX/FileDescriptor`` (which retries when a signal interrupts a call,
/// `EINTR`); failures are reported as ``TerminalError``.
public enum FileDescriptorIO {
    /// Whether `fd` is connected to a terminal (`isatty(fd) == 1`).
    /// - Parameter fd: any file descriptor, e.g. `STDOUT_FILENO`.
    public static func isTerminal(_ fd: Int32) -> Bool {
        FileDescriptor(rawValue: fd).isTerminal
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
        do {
            try FileDescriptor(rawValue: fd).writeAll(bytes)
        } catch {
            throw TerminalError(error)
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
        do {
            let bytes = try FileDescriptor(rawValue: fd).read(upToCount: max(1, maxCount))
            return bytes.isEmpty ? nil : bytes
        } catch where error.errno == EAGAIN || error.errno == EWOULDBLOCK {
            return []
        } catch {
            throw TerminalError(error)
        }
    }
}
