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
    /// - Returns: the running child.
    /// - Throws: ``SystemCallError`` naming `posix_spawn` (or `posix_spawnattr_init`) and
    ///   `path`, with the error number it returned (`ENOENT`, `EACCES`, `ENOMEM`, …).
    public static func spawn(
        _ path: String, arguments: [String], environment: [String], defaultSignals: [Int32] = []
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
}
