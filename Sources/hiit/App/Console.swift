import Foundation
import TerminalUI
#if canImport(Glibc)
import Glibc
#endif

/// The only place that writes to stdout and stderr. Each call writes whole lines at once
/// (unbuffered), so lines from `--events` reach a reader as soon as they happen.
struct Console {
    /// Writes `text` and a newline to stdout.
    func out(_ text: String) {
        try? FileDescriptorIO.writeAll(text + "\n", to: STDOUT_FILENO)
    }

    /// Writes `text` and a newline to stderr.
    func err(_ text: String) {
        try? FileDescriptorIO.writeAll(text + "\n", to: STDERR_FILENO)
    }

    /// Whether stdout is a terminal.
    var stdoutIsTerminal: Bool { FileDescriptorIO.isTerminal(STDOUT_FILENO) }
    /// Whether stdin is a terminal.
    var stdinIsTerminal: Bool { FileDescriptorIO.isTerminal(STDIN_FILENO) }
}
