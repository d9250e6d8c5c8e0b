import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A running `hiit` process with its stdin, stdout and stderr on pipes.
///
/// Output is collected by two reader threads as it arrives, so a test can wait for a line
/// (``waitForEvent(_:timeout:where:)``) and react, as a person or a script reading `--events`
/// would. Waiting polls; nothing here sleeps for a fixed time. The waits for output block
/// (they are steps of an interaction, run by ``onOwnThread(_:)``); the wait for the exit suspends.
final class HiitProcess: @unchecked Sendable {
    // @unchecked Sendable, and why that is safe: `child`, `arguments` and `sandbox` are set in
    // `init` and never changed; every mutable property below `condition` (`input` included)
    // is read and written only while holding it.

    /// How the process ended.
    typealias Ending = ChildProcess.Ending

    private let child: ChildProcess
    private let condition = NSCondition()
    private var input: Int32?
    private var stdoutData = Data()
    private var stderrData = Data()
    private var openStreams = 2

    /// The arguments it was started with (for messages).
    let arguments: [String]
    /// The sandbox the process works in, kept as long as the process is: its folder must not
    /// be removed under a running `hiit`.
    private let sandbox: E2ESandbox?

    /// Starts `hiit` with `arguments` in `environment`, its working directory `directory`.
    /// - Parameter sandbox: kept alive as long as this process object.
    /// - Throws: ``E2EFailure`` when the binary is missing or cannot be started.
    init(_ arguments: [String], environment: [String: String], directory: URL, sandbox: E2ESandbox? = nil) throws {
        self.arguments = arguments
        self.sandbox = sandbox
        let binary = try HiitBinary.url().path
        let stdin = try ChildProcess.pipe(), stdout = try ChildProcess.pipe(), stderr = try ChildProcess.pipe()
        defer {
            close(stdin.read)
            close(stdout.write)
            close(stderr.write)
        }
        // `sh` changes directory and `exec`s hiit, so the pid is hiit's.
        child = try ChildProcess(["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", directory.path, binary] + arguments,
                                 environment: environment, stdin: stdin.read, stdout: stdout.write, stderr: stderr.write)
        input = stdin.write
        // Weak: the readers must not keep this object (and its sandbox) after the test is done.
        ChildProcess.readToEnd(stdout.read) { [weak self] data in self?.received(data, isStdout: true) }
        ChildProcess.readToEnd(stderr.read) { [weak self] data in self?.received(data, isStdout: false) }
    }

    deinit {
        stop()
    }

    private func received(_ data: Data?, isStdout: Bool) {
        condition.withLock {
            if let data {
                if isStdout { stdoutData.append(data) } else { stderrData.append(data) }
            } else {
                openStreams -= 1
            }
            condition.broadcast()
        }
    }

    // MARK: Input

    /// Writes `line` and a newline to the process's stdin.
    /// - Throws: ``E2EFailure`` when stdin is closed or the process has exited (EPIPE).
    func send(_ line: String) throws {
        guard let fd = condition.withLock({ input }) else { throw E2EFailure("stdin is already closed") }
        try ChildProcess.writeAll(Data((line + "\n").utf8), to: fd)
    }

    /// Closes stdin: the process sees end of input.
    func closeInput() {
        condition.withLock {
            if let input { close(input) }
            input = nil
        }
    }

    /// The process id.
    var pid: Int32 { child.pid }

    /// Kills the process (SIGKILL) if it is still running and closes stdin. Called on
    /// release, so a failed test never leaves a `hiit` behind.
    func stop() {
        child.kill(SIGKILL)
        closeInput()
    }

    /// Sends `signal` to the process if it is still running.
    func kill(_ signal: Int32) {
        child.kill(signal)
    }

    // MARK: Output

    /// Everything written to stdout so far.
    var stdout: String {
        condition.withLock { String(decoding: stdoutData, as: UTF8.self) }
    }

    /// Everything written to stderr so far.
    var stderr: String {
        condition.withLock { String(decoding: stderrData, as: UTF8.self) }
    }

    /// The complete lines written to stdout so far (a line still without its newline is left out).
    var stdoutLines: [String] {
        let text = stdout
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines.removeLast() // the part after the last newline: empty or incomplete
        return lines
    }

    /// The `--events` lines written so far, decoded.
    /// - Throws: ``E2EFailure`` naming a line that is not an event object.
    func events() throws -> [EventLine] {
        try stdoutLines.map { try EventLine.decode($0) }
    }

    /// How the process ended, or `nil` while it runs.
    var ending: Ending? {
        child.ending
    }

    /// A summary of what the process has said so far, for failure messages.
    var transcript: String {
        "hiit \(arguments.joined(separator: " ")) — \(ending?.description ?? "still running")\n"
            + "stdout:\n\(stdout)\nstderr:\n\(stderr)"
    }

    // MARK: Waiting

    /// Waits until stdout has an event line satisfying `predicate` and returns the first one.
    /// Blocks: call it inside ``onOwnThread(_:)``.
    /// - Throws: ``E2EFailure`` on timeout, or when a line is not an event object.
    @discardableResult
    func waitForEvent(_ what: String, timeout: Duration = .seconds(20),
                      where predicate: (EventLine) -> Bool) throws -> EventLine {
        try waitUntil(what, timeout: timeout, context: { transcript }) {
            try events().first(where: predicate)
        }
    }

    /// Waits until a complete stdout line satisfies `predicate` and returns it.
    /// Blocks: call it inside ``onOwnThread(_:)``.
    /// - Throws: ``E2EFailure`` on timeout.
    @discardableResult
    func waitForLine(_ what: String, timeout: Duration = .seconds(20),
                     where predicate: (String) -> Bool) throws -> String {
        try waitUntil(what, timeout: timeout, context: { transcript }) {
            stdoutLines.first(where: predicate)
        }
    }

    /// Waits until stderr contains `text`. Blocks: call it inside ``onOwnThread(_:)``.
    /// - Throws: ``E2EFailure`` on timeout.
    func waitForStderr(containing text: String, timeout: Duration = .seconds(20)) throws {
        _ = try waitUntil("'\(text)' on stderr", timeout: timeout, context: { transcript }) {
            stderr.contains(text) ? true : nil
        }
    }

    /// Waits until the process has exited and both output streams are at their end, and
    /// returns how it ended.
    /// - Parameter timeout: generous; the process is killed when it is exceeded.
    /// - Throws: ``E2EFailure`` on timeout.
    @discardableResult
    func waitForExit(timeout: Duration = .seconds(20)) async throws -> Ending {
        do {
            return try await eventually("the process to exit", timeout: timeout, context: { transcript }) {
                condition.withLock { openStreams == 0 } ? child.ending : nil
            }
        } catch {
            stop()
            throw error
        }
    }
}

/// The result of a whole `hiit` run.
struct HiitResult {
    /// How it ended.
    let ending: ChildProcess.Ending
    /// Everything on stdout.
    let stdout: String
    /// Everything on stderr.
    let stderr: String
    /// A summary for failure messages.
    let transcript: String

    /// The exit status (128 + signal when killed).
    var status: Int32 { ending.status }

    /// The non-empty lines of stderr.
    var stderrLines: [String] {
        stderr.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
    }

    /// The lines of stdout (without a trailing empty line).
    var stdoutLines: [String] {
        var lines = stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// The `--events` lines, decoded.
    /// - Throws: ``E2EFailure`` naming a line that is not an event object.
    func events() throws -> [EventLine] {
        try stdoutLines.map { try EventLine.decode($0) }
    }
}

extension E2ESandbox {
    /// Runs `hiit arguments…` in this sandbox to its end, its stdin at its end from the start,
    /// and returns what it printed and how it ended.
    /// - Parameters:
    ///   - audioDevice: `HIIT_AUDIO_DEVICE` (ALSA `null` by default).
    ///   - extraEnvironment: more variables.
    ///   - timeout: generous bound on the run; the process is killed when it is exceeded.
    /// - Throws: ``E2EFailure`` on timeout or when the binary is missing.
    func runHiit(
        _ arguments: [String],
        audioDevice: String = "null",
        extraEnvironment: [String: String] = [:],
        timeout: Duration = .seconds(30)
    ) async throws -> HiitResult {
        let process = try start(arguments, audioDevice: audioDevice, extraEnvironment: extraEnvironment)
        process.closeInput()
        let ending = try await process.waitForExit(timeout: timeout)
        return HiitResult(ending: ending, stdout: process.stdout, stderr: process.stderr,
                          transcript: process.transcript)
    }

    /// Starts `hiit arguments…` in this sandbox and returns the running process.
    /// - Throws: ``E2EFailure`` when the binary is missing; what `Process.run()` throws.
    func start(_ arguments: [String], audioDevice: String = "null",
               extraEnvironment: [String: String] = [:]) throws -> HiitProcess {
        try HiitProcess(arguments, environment: environment(audioDevice: audioDevice, extra: extraEnvironment),
                        directory: url, sandbox: self)
    }
}
