import Glibc

/// A failed C call: which function, the `errno` it left, the C library's text for it and,
/// when there is one, the path or file descriptor it worked on.
///
/// The one error type of this module. Every wrapper throws it; the modules above keep their
/// own error enums (`StoreError`, `TerminalError`, `AudioError`) and build them from it, so
/// their messages stay theirs.
public struct SystemCallError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The C function that failed, as it is spelt in C: `"open"`, `"write"`, `"poll"`.
    public let function: String
    /// The C error number the call left in `errno` (or returned, for `posix_spawn`), e.g. `ENOENT`.
    public let errno: Int32
    /// The C library's text for ``errno`` (`strerror(3)`), e.g. "No such file or directory".
    public let text: String
    /// The path the call worked on, when it took one.
    public let path: String?
    /// The file descriptor the call worked on, when it took one.
    public let fd: Int32?

    /// An error for `function` with the C error number `errno`; the text is looked up now.
    /// - Parameters:
    ///   - function: the C function's name.
    ///   - errno: the C error number.
    ///   - path: the path it worked on, if any.
    ///   - fd: the file descriptor it worked on, if any.
    public init(function: String, errno: Int32, path: String? = nil, fd: Int32? = nil) {
        self.function = function
        self.errno = errno
        self.text = SystemCallError.text(forErrno: errno)
        self.path = path
        self.fd = fd
    }

    /// An error for `function` from the current thread's `errno`. Call it right after the
    /// failing C call, before anything else can change `errno`.
    /// - Parameters:
    ///   - function: the C function's name.
    ///   - path: the path it worked on, if any.
    ///   - fd: the file descriptor it worked on, if any.
    /// - Returns: the error, carrying the `errno` read now.
    public static func lastError(_ function: String, path: String? = nil, fd: Int32? = nil) -> SystemCallError {
        SystemCallError(function: function, errno: currentErrno(), path: path, fd: fd)
    }

    /// The C library's text for a C error number (`strerror(3)`), e.g. "Permission denied";
    /// `"error N"` in the (never seen with glibc) case that it has none.
    /// - Parameter code: a C error number.
    /// - Returns: the text, without a trailing period.
    public static func text(forErrno code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }

    /// `open /path: No such file or directory (errno 2)`, `write on fd 3: Broken pipe (errno 32)`.
    public var description: String {
        var subject = function
        if let path { subject += " \(path)" }
        if let fd { subject += " on fd \(fd)" }
        return "\(subject): \(text) (errno \(errno))"
    }
}

/// The calling thread's `errno` (a function so that ``SystemCallError/errno`` does not hide it).
@inline(__always)
func currentErrno() -> Int32 {
    Glibc.errno
}
