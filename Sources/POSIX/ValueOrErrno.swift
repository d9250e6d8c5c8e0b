import Glibc

/// Calls a C function that reports failure by returning -1 and setting `errno`, retrying it
/// when a signal interrupted it (`EINTR`), and turns a failure into a ``SystemCallError``.
///
/// The one place where the project reads `errno` after a call and loops on `EINTR`; every
/// wrapper of this module goes through it (after swift-system's `valueOrErrno`).
///
///     let fd = try valueOrErrno("open", path: path) { open(path, O_RDONLY | O_CLOEXEC) }
///
/// - Parameters:
///   - function: the C function's name, for the error.
///   - path: the path it works on, for the error (default none).
///   - fd: the file descriptor it works on, for the error (default none).
///   - retryOnInterrupt: call again when it fails with `EINTR` (default `true`); pass `false`
///     for a call that must not be repeated (`close(2)`) or whose caller recomputes its
///     arguments (a timeout).
///   - call: the C call; it runs once, or again after each `EINTR`.
/// - Returns: what `call` returned, never -1.
/// - Throws: ``SystemCallError`` naming `function` with the `errno` of the failure.
public func valueOrErrno<Value: FixedWidthInteger & SignedInteger>(
    _ function: String, path: String? = nil, fd: Int32? = nil,
    retryOnInterrupt: Bool = true, _ call: () -> Value
) throws(SystemCallError) -> Value {
    while true {
        let value = call()
        if value != -1 { return value }
        let code = currentErrno()
        if retryOnInterrupt && code == EINTR { continue }
        throw SystemCallError(function: function, errno: code, path: path, fd: fd)
    }
}

/// ``valueOrErrno(_:path:fd:retryOnInterrupt:_:)`` for a C call whose only result is success
/// (0) or failure (-1 and `errno`): `fsync`, `flock`, `rename`, `unlink`, `mkdir`, …
/// - Parameters:
///   - function: the C function's name, for the error.
///   - path: the path it works on, for the error (default none).
///   - fd: the file descriptor it works on, for the error (default none).
///   - retryOnInterrupt: call again on `EINTR` (default `true`).
///   - call: the C call.
/// - Throws: ``SystemCallError`` naming `function` with the `errno` of the failure.
public func nothingOrErrno(
    _ function: String, path: String? = nil, fd: Int32? = nil,
    retryOnInterrupt: Bool = true, _ call: () -> Int32
) throws(SystemCallError) {
    _ = try valueOrErrno(function, path: path, fd: fd, retryOnInterrupt: retryOnInterrupt, call)
}
