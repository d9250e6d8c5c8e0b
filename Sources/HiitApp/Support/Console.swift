import Foundation
import TerminalUI

/// The only place that writes to stdout and stderr. Each call writes whole lines at once
/// (unbuffered), so lines from `--events` reach a reader as soon as they happen.
///
/// A console made with ``init(capture:)`` writes into a ``ConsoleCapture`` instead and reports
/// that neither stdin nor stdout is a terminal: tests run commands in-process through
/// `CommandTree.main` with it (never a timer run, whose screen writes to stdout itself).
///
/// A write to stdout that fails is remembered (``stdoutFailure``) and stops further output to
/// it; ``CommandTree`` then reports it and exits 74, so a backup cut short by a full disk never
/// looks like a success. A pipe closed by its reader (`EPIPE`, `hiit history | head -1`) stops
/// the output quietly: the reader had what it wanted.
///
/// ``glyphs`` says which characters the program's own text may use (decided once from the
/// locale by ``CommandTree``): commands lay out stdout with it, and every line to stderr (errors,
/// warnings, notes, which are the program's words quoting user data at most) is spelled with it.
struct Console {
    private let capture: ConsoleCapture?
    private let stdout = StdoutState()
    /// The characters the program's own text may use; ``Glyphs/unicode`` unless set by
    /// ``using(_:)``.
    private(set) var glyphs: Glyphs = .unicode

    /// A console on the process's stdout and stderr.
    init() {
        capture = nil
    }

    /// A console whose lines go to `capture` (for tests; no terminal, no prompts).
    init(capture: ConsoleCapture) {
        self.capture = capture
    }

    /// A console on the process's streams whose stdout was closed when the program started
    /// (it now writes to `/dev/null`): every write to stdout counts as failed with `EBADF`.
    static func withClosedStdout() -> Console {
        let console = Console()
        console.stdout.fail(errno: EBADF)
        return console
    }

    /// The same console (the same streams, the same record of a failed write) writing the
    /// program's own text with `glyphs`.
    /// - Parameter glyphs: Unicode or ASCII (``Glyphs/decide(environment:)``).
    /// - Returns: the console to hand to commands.
    func using(_ glyphs: Glyphs) -> Console {
        var console = self
        console.glyphs = glyphs
        return console
    }

    /// Writes `text` and a newline to stdout, unless an earlier write failed. The text is
    /// written as given: a command lays it out with ``glyphs`` itself, and JSON and stored
    /// lines are UTF-8 whatever the locale.
    func out(_ text: String) {
        writeStdout(Array((text + "\n").utf8))
    }

    /// Writes `bytes` to stdout as they are (a binary file, no newline added), unless an
    /// earlier write failed; a capturing console keeps them as UTF-8 text, invalid bytes
    /// replaced.
    func outBytes(_ bytes: Data) {
        writeStdout([UInt8](bytes))
    }

    /// Writes `bytes` to stdout (or the capture, as UTF-8 text), unless an earlier write failed;
    /// records a failure, and stops quietly on `EPIPE`.
    private func writeStdout(_ bytes: [UInt8]) {
        guard !stdout.isStopped else { return }
        do {
            if let capture { return try capture.appendToStdout(String(decoding: bytes, as: UTF8.self)) }
            try FileDescriptorIO.writeAll(bytes, to: STDOUT_FILENO)
        } catch {
            guard case let .systemCall(_, _, code) = error else { return stdout.fail(errno: EIO) }
            if code == EPIPE { stdout.stopQuietly() } else { stdout.fail(errno: code) }
        }
    }

    /// The `errno` of the write to stdout that failed (`ENOSPC`, `EBADF`, `EIO`, …), or `nil`
    /// when every write went through or the reader closed the pipe.
    var stdoutFailure: Int32? { stdout.failure }

    /// Whether output to stdout has stopped: a write failed, or the reader closed the pipe
    /// (`hiit status --follow` then ends).
    var stdoutIsStopped: Bool { stdout.isStopped }

    /// Writes `text` and a newline to stderr, its punctuation spelled with ``glyphs``
    /// (``Glyphs/text(_:)``: `—` `–` `…` become `-` `-` `...` under a locale that is not UTF-8).
    func err(_ text: String) {
        let line = glyphs.text(text) + "\n"
        if let capture { return capture.append(line, toStderr: true) }
        try? FileDescriptorIO.writeAll(line, to: STDERR_FILENO)
    }

    /// Whether stdout is a terminal (never for a capturing console).
    var stdoutIsTerminal: Bool { capture == nil && FileDescriptorIO.isTerminal(STDOUT_FILENO) }
    /// Whether stdin is a terminal (never for a capturing console).
    var stdinIsTerminal: Bool { capture == nil && FileDescriptorIO.isTerminal(STDIN_FILENO) }
    /// Whether stderr is a terminal (never for a capturing console).
    var stderrIsTerminal: Bool { capture == nil && FileDescriptorIO.isTerminal(STDERR_FILENO) }
}

/// What a capturing ``Console`` was given: stdout and stderr text, in the order written.
final class ConsoleCapture: @unchecked Sendable {
    // @unchecked Sendable, and why that is safe: both strings are read and written only while
    // holding `lock`.
    private let lock = NSLock()
    private var stdoutText = ""
    private var stderrText = ""

    /// An empty capture.
    init() {
        stdoutErrno = nil
    }

    /// Writes to the captured stdout fail with this `errno` when set (to test what a full
    /// disk or a closed stdout does).
    private let stdoutErrno: Int32?

    /// A capture whose stdout writes fail with `stdoutErrno` (`ENOSPC`, `EPIPE`, …), or
    /// succeed when it is `nil`.
    init(stdoutErrno: Int32?) {
        self.stdoutErrno = stdoutErrno
    }

    /// Appends `text` to the captured stdout.
    /// - Throws: ``TerminalError/systemCall(function:fd:errno:)`` naming `write` when the
    ///   capture was made to fail.
    func appendToStdout(_ text: String) throws(TerminalError) {
        if let stdoutErrno { throw .systemCall(function: "write", fd: STDOUT_FILENO, errno: stdoutErrno) }
        append(text, toStderr: false)
    }

    /// Appends `text` to the captured stdout or stderr.
    func append(_ text: String, toStderr: Bool) {
        lock.withLock {
            if toStderr { stderrText += text } else { stdoutText += text }
        }
    }

    /// Everything written to stdout so far.
    var stdout: String { lock.withLock { stdoutText } }
    /// Everything written to stderr so far.
    var stderr: String { lock.withLock { stderrText } }
}

/// What became of stdout: writable, stopped because its reader went away, or failed.
private final class StdoutState: @unchecked Sendable {
    // @unchecked Sendable, and why that is safe: both fields are read and written only while
    // holding `lock`.
    private let lock = NSLock()
    private var stopped = false
    private var failedErrno: Int32?

    /// Whether nothing more is written.
    var isStopped: Bool { lock.withLock { stopped } }
    /// The `errno` of the failed write, if one failed.
    var failure: Int32? { lock.withLock { failedErrno } }

    /// Stops output after a write failed with `errno` (the first failure is kept).
    func fail(errno: Int32) {
        lock.withLock {
            stopped = true
            if failedErrno == nil { failedErrno = errno }
        }
    }

    /// Stops output without a failure (the reader closed the pipe).
    func stopQuietly() {
        lock.withLock { stopped = true }
    }
}
