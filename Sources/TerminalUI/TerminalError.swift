import POSIX

/// Why a terminal operation failed. Each case names the C call or the file descriptor involved,
/// so a one-line message tells a person what went wrong and where.
public enum TerminalError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A C function failed. `function` names it (`"tcgetattr"`, `"poll"`, …), `fd` is the file
    /// descriptor it worked on (nil when none), `errno` the C error code it left behind.
    case systemCall(function: String, fd: Int32?, errno: Int32)
    /// The file descriptor is not connected to a terminal (`isatty` returned 0), so raw mode,
    /// the screen size and the alternate screen make no sense on it.
    case notATerminal(fd: Int32)
    /// A signal number that cannot be watched through a ``SignalPipe`` (valid numbers are
    /// 1–64; SIGKILL and SIGSTOP can never be caught).
    case unsupportedSignal(Int32)

    /// One line: the call, the descriptor and the C error text, e.g.
    /// `tcgetattr on fd 0 failed: Inappropriate ioctl for device (errno 25)`.
    public var description: String {
        switch self {
        case let .systemCall(function, fd, code):
            let on = fd.map { " on fd \($0)" } ?? ""
            return "\(function)\(on) failed: \(TerminalError.message(forErrno: code)) (errno \(code))"
        case let .notATerminal(fd):
            return "fd \(fd) is not a terminal"
        case let .unsupportedSignal(number):
            return "signal \(number) cannot be watched (allowed 1–64, except SIGKILL and SIGSTOP)"
        }
    }

    /// The C library's text for an `errno` value (`strerror`), e.g. "Interrupted system call"
    /// (``POSIX/SystemCallError/text(forErrno:)``).
    /// - Parameter code: an `errno` value.
    /// - Returns: the message.
    public static func message(forErrno code: Int32) -> String {
        SystemCallError.text(forErrno: code)
    }

    /// ``systemCall(function:fd:errno:)`` for a failed C call of the `POSIX` wrapper: its
    /// function, descriptor and `errno`.
    /// - Parameter failure: the wrapper's error.
    init(_ failure: SystemCallError) {
        self = .systemCall(function: failure.function, fd: failure.fd, errno: failure.errno)
    }
}
