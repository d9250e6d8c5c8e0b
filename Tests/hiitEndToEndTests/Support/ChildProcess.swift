import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A child process started the way a shell starts a command: `posix_spawnp` with an empty
/// signal mask, every signal at its default disposition, and no descriptor of the test process
/// but the three it is given.
///
/// Foundation's `Process` is not used for this: its children inherit the spawning thread's
/// signal mask (a Swift concurrency thread blocks SIGINT, SIGTERM, SIGWINCH, …) and the
/// process's ignored signals, so `hiit` would not run as a user runs it; and it watches a
/// socket the child inherits, which a daemon such as the tmux server keeps open forever.
final class ChildProcess: @unchecked Sendable {
    // @unchecked Sendable, and why that is safe: `pid` is immutable; `reaped` is read and
    // written only while holding `lock`.

    /// How a child ended.
    struct Ending: Equatable, CustomStringConvertible {
        /// The exit status, or 128 + the signal number when a signal ended it (as a shell says).
        let status: Int32
        /// The signal that ended it, if one did.
        let signal: Int32?

        var description: String { signal.map { "killed by signal \($0)" } ?? "exit status \(status)" }
    }

    /// The child's process id.
    let pid: pid_t
    private let lock = NSLock()
    private var reaped: Ending?

    /// Starts `arguments[0]` (looked up in the test process's `PATH` when it has no `/`).
    /// - Parameters:
    ///   - arguments: the program and its arguments.
    ///   - environment: the child's whole environment.
    ///   - stdin: descriptor that becomes the child's 0.
    ///   - stdout: descriptor that becomes the child's 1.
    ///   - stderr: descriptor that becomes the child's 2.
    ///   - ownProcessGroup: start the child in a process group of its own, as a shell with job
    ///     control starts a job, so a stop it sends to its group (Ctrl-Z) stops it alone and
    ///     never the test runner (default `false`: the test runner's group).
    /// - Throws: ``E2EFailure`` with the `posix_spawnp` error text.
    init(_ arguments: [String], environment: [String: String], stdin: Int32, stdout: Int32, stderr: Int32,
         ownProcessGroup: Bool = false) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdin, 0)
        posix_spawn_file_actions_adddup2(&actions, stdout, 1)
        posix_spawn_file_actions_adddup2(&actions, stderr, 2)
        // Nothing else of the test process (other tests' pipes) reaches the child. glibc
        // ignores a close of a descriptor that is no longer open.
        for fd in Self.openDescriptors() where fd > 2 {
            posix_spawn_file_actions_addclose(&actions, fd)
        }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal: Int32 in 1..<32 where signal != SIGKILL && signal != SIGSTOP {
            sigaddset(&defaults, signal)
        }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
        if ownProcessGroup {
            posix_spawnattr_setpgroup(&attributes, 0)
            flags |= POSIX_SPAWN_SETPGROUP
        }
        posix_spawnattr_setflags(&attributes, Int16(truncatingIfNeeded: flags))

        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var child: pid_t = 0
        let result = posix_spawnp(&child, arguments.first ?? "", &actions, &attributes, argv, envp)
        guard result == 0 else {
            throw E2EFailure("cannot start \(arguments.first ?? "nothing"): \(String(cString: strerror(result)))")
        }
        pid = child
    }

    deinit {
        // Never leave a child behind, nor a zombie.
        if ending == nil {
            Glibc.kill(pid, SIGKILL)
            var status: Int32 = 0
            _ = waitpid(pid, &status, 0)
        }
    }

    /// The test process's open descriptors (from `/proc/self/fd`).
    private static func openDescriptors() -> [Int32] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []).compactMap { Int32($0) }
    }

    /// How the child ended, or `nil` while it runs (reaps it once it has ended).
    var ending: Ending? {
        lock.lock()
        defer { lock.unlock() }
        if let reaped { return reaped }
        var status: Int32 = 0
        guard waitpid(pid, &status, WNOHANG) == pid else { return nil }
        let signal = status & 0x7F
        reaped = signal == 0
            ? Ending(status: (status >> 8) & 0xFF, signal: nil)
            : Ending(status: 128 + signal, signal: signal)
        return reaped
    }

    /// Sends `signal` to the child if it is still running.
    func kill(_ signal: Int32) {
        if ending == nil { Glibc.kill(pid, signal) }
    }

    /// Whether the child is stopped (job control): its state in `/proc/PID/stat` is `T`.
    /// Reads the state without reaping or waiting.
    var isStopped: Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        return stat[stat.index(after: close)...].split(separator: " ").first == "T"
    }

    // MARK: Pipes

    /// A pipe whose ends are closed on exec (each child gets only the end dup'ed for it).
    /// - Returns: (read end, write end).
    /// - Throws: ``E2EFailure`` when `pipe` fails.
    static func pipe() throws -> (read: Int32, write: Int32) {
        var fds: [Int32] = [0, 0]
        guard Glibc.pipe(&fds) == 0 else { throw E2EFailure("pipe: \(String(cString: strerror(errno)))") }
        _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
        return (fds[0], fds[1])
    }

    /// Reads `fd` to its end on a thread of its own, handing each chunk to `chunk`, then `nil`;
    /// closes `fd` at the end.
    static func readToEnd(_ fd: Int32, _ chunk: @escaping @Sendable (Data?) -> Void) {
        let thread = Thread {
            drain(fd, chunk)
            chunk(nil)
        }
        thread.start()
    }

    /// Reads `fd` to its end on the calling thread (blocks) and closes it.
    /// - Returns: everything read.
    static func readAll(_ fd: Int32) -> Data {
        var data = Data()
        drain(fd) { data.append($0) }
        return data
    }

    /// Reads `fd` until its end or an error other than EINTR, handing each chunk to `chunk`,
    /// then closes it.
    private static func drain(_ fd: Int32, _ chunk: (Data) -> Void) {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { break }
            chunk(Data(buffer[0..<count]))
        }
        close(fd)
    }

    /// Writes all of `data` to `fd`.
    ///
    /// A write to a pipe whose reader has exited must fail with EPIPE, not kill the test
    /// runner, and the test process's signal dispositions are left alone (other tests start
    /// processes too): SIGPIPE is blocked on this thread for the write, and one it raised is
    /// consumed before the thread's mask is put back.
    /// - Throws: ``E2EFailure`` when the write fails (EPIPE once the reader has exited).
    static func writeAll(_ data: Data, to fd: Int32) throws {
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        var saved = sigset_t()
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &saved)
        defer {
            var pending = sigset_t()
            sigpending(&pending)
            if sigismember(&pending, SIGPIPE) == 1, sigismember(&saved, SIGPIPE) == 0 {
                var now = timespec(tv_sec: 0, tv_nsec: 0)
                _ = sigtimedwait(&pipeSignal, nil, &now)
            }
            pthread_sigmask(SIG_SETMASK, &saved, nil)
        }
        var offset = 0
        let bytes = [UInt8](data)
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                throw E2EFailure("write: \(String(cString: strerror(errno)))")
            }
            offset += written
        }
    }
}

/// Runs the built `hiit` through `sh -c script`, where the script ends with `exec "$0" "$@"`
/// (`"$0"` the binary, `"$@"` the arguments), so the shell can set limits or redirections
/// first; stdin and (unless given) stdout on `/dev/null`, stderr collected.
/// - Parameters:
///   - script: the shell code, e.g. `exec "$0" "$@" >/dev/full` or `ulimit -f 8 && exec "$0" "$@"`.
///   - arguments: hiit's arguments.
///   - environment: the whole environment of the run.
///   - stdout: a descriptor to be hiit's stdout (the caller keeps and closes it).
///   - timeout: generous; reaching it is a failure.
/// - Returns: the exit status (128 + N for a signal) and everything on stderr.
/// - Throws: ``E2EFailure`` when the binary is missing or the run does not end in time.
func runHiitThroughShell(_ script: String, arguments: [String], environment: [String: String], stdout: Int32? = nil,
                         timeout: Duration = .seconds(60)) throws -> (status: Int32, stderr: String) {
    let binary = try HiitBinary.url()
    let errors = try ChildProcess.pipe()
    let null = open("/dev/null", O_RDWR | O_CLOEXEC)
    defer { close(null) }
    let child = try ChildProcess(["/bin/sh", "-c", script, binary.path] + arguments, environment: environment,
                                 stdin: null, stdout: stdout ?? null, stderr: errors.write)
    close(errors.write)
    let stderr = String(decoding: ChildProcess.readAll(errors.read), as: UTF8.self)
    let deadline = ContinuousClock.now + timeout
    while child.ending == nil, ContinuousClock.now < deadline { usleep(2_000) }
    guard let ending = child.ending else { throw E2EFailure("hiit \(arguments) did not end in \(timeout)") }
    return (ending.status, stderr)
}
