import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A running `hiit` process with its stdout and stderr on pipes, and its stdin on a pipe or a
/// descriptor it is given (a pseudo-terminal, for instance).
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
    /// - Parameters:
    ///   - stdin: a descriptor to be the process's stdin (the caller keeps and closes it);
    ///     `nil` gives it a pipe that ``send(_:)`` writes to.
    ///   - sandbox: kept alive as long as this process object.
    /// - Throws: ``E2EFailure`` when the binary is missing or cannot be started.
    init(_ arguments: [String], environment: [String: String], directory: URL, stdin: Int32? = nil,
         sandbox: E2ESandbox? = nil) throws {
        self.arguments = arguments
        self.sandbox = sandbox
        let binary = try HiitBinary.url().path
        let pipe = try stdin == nil ? ChildProcess.pipe() : nil
        let stdout = try ChildProcess.pipe(), stderr = try ChildProcess.pipe()
        defer {
            if let pipe { close(pipe.read) }
            close(stdout.write)
            close(stderr.write)
        }
        // `sh` changes directory and `exec`s hiit, so the pid is hiit's.
        child = try ChildProcess(["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", directory.path, binary] + arguments,
                                 environment: environment, stdin: stdin ?? pipe?.read ?? -1,
                                 stdout: stdout.write, stderr: stderr.write)
        input = pipe?.write
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
        try write(line + "\n")
    }

    /// Writes `text` as it is to the process's stdin.
    /// - Throws: ``E2EFailure`` when stdin is closed or not a pipe of this object, or the
    ///   process has exited (EPIPE).
    func write(_ text: String) throws {
        guard let fd = condition.withLock({ input }) else { throw E2EFailure("stdin is already closed") }
        try ChildProcess.writeAll(Data(text.utf8), to: fd)
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

    /// Everything the process wrote and how it ended, once it has exited and both output
    /// streams are at their end; `nil` before.
    var result: HiitResult? {
        guard condition.withLock({ openStreams == 0 }), let ending = child.ending else { return nil }
        return HiitResult(ending: ending, stdout: stdout, stderr: stderr, transcript: transcript)
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
                result?.ending
            }
        } catch {
            stop()
            throw error
        }
    }

    /// As ``waitForExit(timeout:)``, blocking the calling thread (polling every 5 ms), and
    /// returns the whole result: for synchronous tests and steps inside ``onOwnThread(_:)``.
    /// - Parameter timeout: generous; the process is killed when it is exceeded.
    /// - Throws: ``E2EFailure`` on timeout.
    func wait(timeout: Duration = .seconds(60)) throws -> HiitResult {
        do {
            return try waitUntil("the process to exit", timeout: timeout, context: { transcript }) { result }
        } catch {
            stop()
            throw error
        }
    }
}

/// The result of a whole `hiit` run.
struct HiitResult: CustomStringConvertible {
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

    /// All lines of stderr, empty ones included (without a trailing empty line).
    var allStderrLines: [String] { Self.lines(of: stderr) }

    /// The lines of stdout, empty ones included (without a trailing empty line).
    var stdoutLines: [String] { Self.lines(of: stdout) }

    var description: String { transcript }

    private static func lines(of text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
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
        let process = try start(arguments, input: "", audioDevice: audioDevice, extraEnvironment: extraEnvironment)
        try await process.waitForExit(timeout: timeout)
        guard let result = process.result else { throw E2EFailure("no result after the exit\n\(process.transcript)") }
        return result
    }

    /// As ``runHiit(_:audioDevice:extraEnvironment:timeout:)``, blocking the calling thread
    /// (for synchronous tests), with stdin from `input` or a given descriptor.
    /// - Parameters:
    ///   - input: written to stdin, which is then closed (empty: at its end from the start).
    ///   - stdin: a descriptor to be stdin instead (a pseudo-terminal); `input` is then unused.
    ///   - extraEnvironment: more variables.
    ///   - timeout: generous bound on the run; the process is killed when it is exceeded.
    /// - Throws: ``E2EFailure`` on timeout or when the binary is missing.
    func run(_ arguments: [String], input: String = "", stdin: Int32? = nil,
             extraEnvironment: [String: String] = [:], timeout: Duration = .seconds(60)) throws -> HiitResult {
        try start(arguments, input: input, stdin: stdin, extraEnvironment: extraEnvironment).wait(timeout: timeout)
    }

    /// Starts `hiit arguments…` in this sandbox and returns the running process.
    /// - Parameters:
    ///   - input: when given, written to stdin, which is then closed; `nil` leaves stdin open
    ///     for ``HiitProcess/send(_:)``. A process that exits without reading it is no error.
    ///   - stdin: a descriptor to be stdin instead of a pipe (a pseudo-terminal).
    /// - Throws: ``E2EFailure`` when the binary is missing or cannot be started.
    func start(_ arguments: [String], input: String? = nil, stdin: Int32? = nil, audioDevice: String = "null",
               extraEnvironment: [String: String] = [:]) throws -> HiitProcess {
        let process = try HiitProcess(arguments, environment: environment(audioDevice: audioDevice, extra: extraEnvironment),
                                      directory: url, stdin: stdin, sandbox: self)
        if let input, stdin == nil {
            if !input.isEmpty { try? process.write(input) }
            process.closeInput()
        }
        return process
    }
}
