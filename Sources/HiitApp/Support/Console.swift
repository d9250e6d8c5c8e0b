import Foundation
import TerminalUI
#if canImport(Glibc)
import Glibc
#endif

/// The only place that writes to stdout and stderr. Each call writes whole lines at once
/// (unbuffered), so lines from `--events` reach a reader as soon as they happen.
///
/// A console made with ``init(capture:)`` writes into a ``ConsoleCapture`` instead and reports
/// that neither stdin nor stdout is a terminal: tests run commands in-process through
/// `CommandTree.main` with it (never a timer run, whose screen writes to stdout itself).
struct Console {
    private let capture: ConsoleCapture?

    /// A console on the process's stdout and stderr.
    init() {
        capture = nil
    }

    /// A console whose lines go to `capture` (for tests; no terminal, no prompts).
    init(capture: ConsoleCapture) {
        self.capture = capture
    }

    /// Writes `text` and a newline to stdout.
    func out(_ text: String) {
        if let capture { return capture.append(text + "\n", toStderr: false) }
        try? FileDescriptorIO.writeAll(text + "\n", to: STDOUT_FILENO)
    }

    /// Writes `text` and a newline to stderr.
    func err(_ text: String) {
        if let capture { return capture.append(text + "\n", toStderr: true) }
        try? FileDescriptorIO.writeAll(text + "\n", to: STDERR_FILENO)
    }

    /// Whether stdout is a terminal (never for a capturing console).
    var stdoutIsTerminal: Bool { capture == nil && FileDescriptorIO.isTerminal(STDOUT_FILENO) }
    /// Whether stdin is a terminal (never for a capturing console).
    var stdinIsTerminal: Bool { capture == nil && FileDescriptorIO.isTerminal(STDIN_FILENO) }
}

/// What a capturing ``Console`` was given: stdout and stderr text, in the order written.
final class ConsoleCapture: @unchecked Sendable {
    // @unchecked Sendable, and why that is safe: both strings are read and written only while
    // holding `lock`.
    private let lock = NSLock()
    private var stdoutText = ""
    private var stderrText = ""

    /// An empty capture.
    init() {}

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
