import Glibc

/// A child process started with `posix_spawn(3)`, to be waited for with ``wait()``.
public struct SpawnedProcess: Hashable, Sendable {
    /// The child's process id.
    public let id: pid_t

    /// How a child process ended.
    public enum Termination: Hashable, Sendable {
        /// It exited with this status (0–255).
        case exited(Int32)
        /// Signal number N ended it.
        case signalled(Int32)

        /// The status as a shell reports it: the exit status, or 128 + N for signal N.
        public var shellStatus: Int32 {
            switch self {
            case let .exited(status): status
            case let .signalled(number): 128 + number
            }
        }
    }

    /// Starts `path` as a child process with `posix_spawn(3)`; standard input, output and
    /// error (and every descriptor without `FD_CLOEXEC`) are inherited. The child starts with
    /// no signal blocked (`POSIX_SPAWN_SETSIGMASK`), whatever the calling thread blocks.
    /// - Parameters:
    ///   - path: the program's absolute path (no `PATH` search), e.g. `/bin/sh`.
    ///   - arguments: the whole argument vector, `argv[0]` first.
    ///   - environment: the child's environment, `NAME=value` each.
    ///   - defaultSignals: signals that get their default action in the child
    ///     (`POSIX_SPAWN_SETSIGDEF`), e.g. `SIGINT` while the parent ignores it; default none.
    ///   - inNewProcessGroup: start the child in a process group of its own, numbered by its
    ///     id (`POSIX_SPAWN_SETPGROUP` with 0), so that ``signal(_:wholeGroup:)`` reaches the
    ///     processes it starts too (gpsfake starts gpsd); default `false`.
    /// - Returns: the running child.
    /// - Throws: ``SystemCallError`` naming `posix_spawn` (or `posix_spawnattr_init`) and
    ///   `path`, with the error number it returned (`ENOENT`, `EACCES`, `ENOMEM`, …).
    public static func spawn(
        _ path: String, arguments: [String], environment: [String], defaultSignals: [Int32] = [],
        inNewProcessGroup: Bool = false
    ) throws(SystemCallError) -> SpawnedProcess {
        var cArguments: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        var cEnvironment: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer {
            cArguments.forEach { free($0) }
            cEnvironment.forEach { free($0) }
        }
        var attributes = posix_spawnattr_t()
        let initialised = posix_spawnattr_init(&attributes)
        guard initialised == 0 else {
            throw SystemCallError(function: "posix_spawnattr_init", errno: initialised, path: path)
        }
        defer { posix_spawnattr_destroy(&attributes) }
        var flags = Int16(POSIX_SPAWN_SETSIGMASK)
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        if !defaultSignals.isEmpty {
            var defaults = sigset_t()
            sigemptyset(&defaults)
            for number in defaultSignals { sigaddset(&defaults, number) }
            posix_spawnattr_setsigdefault(&attributes, &defaults)
            flags |= Int16(POSIX_SPAWN_SETSIGDEF)
        }
        if inNewProcessGroup {
            posix_spawnattr_setpgroup(&attributes, 0)
            flags |= Int16(POSIX_SPAWN_SETPGROUP)
        }
        posix_spawnattr_setflags(&attributes, flags)
        var pid: pid_t = 0
        // posix_spawn returns its error number instead of setting errno.
        let result = posix_spawn(&pid, path, nil, &attributes, &cArguments, &cEnvironment)
        guard result == 0 else { throw SystemCallError(function: "posix_spawn", errno: result, path: path) }
        return SpawnedProcess(id: pid)
    }

    /// Waits for the child to end with `waitpid(2)` (retried on `EINTR`) and reaps it.
    /// Call it once.
    /// - Returns: its exit status or the signal that ended it.
    /// - Throws: ``SystemCallError`` naming `waitpid` (`ECHILD` when it was already reaped).
    public func wait() throws(SystemCallError) -> Termination {
        var status: Int32 = 0
        let pid = id
        _ = try valueOrErrno("waitpid") { waitpid(pid, &status, 0) }
        // WIFEXITED/WEXITSTATUS/WTERMSIG are macros Swift does not import.
        let signalNumber = status & 0x7F
        return signalNumber == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signalNumber)
    }

    /// Waits for the child to end with `waitpid(2)` and `WNOHANG`: reaps it when it has ended,
    /// returns at once when it has not. Once it returned a termination, do not call it again.
    /// - Returns: its exit status or the signal that ended it; `nil` while it runs.
    /// - Throws: ``SystemCallError`` naming `waitpid` (`ECHILD` when it was already reaped).
    public func waitIfEnded() throws(SystemCallError) -> Termination? {
        var status: Int32 = 0
        let pid = id
        let reaped = try valueOrErrno("waitpid") { waitpid(pid, &status, WNOHANG) }
        guard reaped == pid else { return nil }
        let signalNumber = status & 0x7F
        return signalNumber == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signalNumber)
    }

    /// Sends signal `number` to the child with `kill(2)`, or to its whole process group (a
    /// child started ``spawn(_:arguments:environment:defaultSignals:inNewProcessGroup:)`` in a
    /// group of its own).
    /// - Parameters:
    ///   - number: the signal, e.g. `SIGTERM`, `SIGKILL`.
    ///   - wholeGroup: send it to every process of the group numbered by the child's id
    ///     (default `false`: the child only).
    /// - Throws: ``SystemCallError`` naming `kill` (`ESRCH` when none is left, `EPERM`).
    public func signal(_ number: Int32, wholeGroup: Bool = false) throws(SystemCallError) {
        let target = wholeGroup ? -id : id
        try nothingOrErrno("kill") { kill(target, number) }
    }
}
