import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The full-screen timer in a pseudo-terminal (stdin and stdout on it, stderr on a pipe), ended
/// five ways: `q` then `y`, Ctrl-C (byte 3: raw mode turns ISIG off), SIGTERM, SIGHUP, and an
/// error thrown by the run loop (the `HIIT_FAULT=run-loop-read` test hook: the first input read
/// after the first frame fails with EIO). Each must leave the terminal's attributes
/// (`tcgetattr`: every flag, control character and speed) exactly as they were before `hiit`
/// started, after having really changed them (raw mode while running), leave the alternate
/// screen and show the cursor again, exit with the expected status and say at most one line
/// on stderr.
@Suite(.serialized) struct TerminalRestoreTests {
    enum Ending: String, CaseIterable, CustomStringConvertible {
        case quitKey, ctrlC, sigterm, sighup, injectedError
        var description: String { rawValue }
    }

    /// The terminal attributes as comparable bytes.
    static func attributes(_ fd: Int32) -> [UInt8]? {
        var settings = termios()
        guard tcgetattr(fd, &settings) == 0 else { return nil }
        return withUnsafeBytes(of: &settings) { Array($0) }
    }

    /// Whether the attributes are raw (no canonical mode, no echo).
    static func isRaw(_ fd: Int32) -> Bool {
        var settings = termios()
        guard tcgetattr(fd, &settings) == 0 else { return false }
        return settings.c_lflag & tcflag_t(ICANON | ECHO) == 0
    }

    @Test(arguments: Ending.allCases)
    func theTerminalIsRestoredExactly(ending: Ending) async throws {
        try await onOwnThread {
            try Self.run(ending)
        }
    }

    static func run(_ ending: Ending) throws {
        let box = try E2ESandbox.forHistory()
        let terminal = try PseudoTerminal()
        var size = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(terminal.secondary, UInt(TIOCSWINSZ), &size)
        guard let before = attributes(terminal.secondary) else { throw E2EFailure("tcgetattr failed: errno \(errno)") }
        #expect(!isRaw(terminal.secondary), "the pseudo-terminal starts cooked")

        var environment = box.environment(extra: ["TERM": "xterm-256color"])
        environment.removeValue(forKey: "NO_COLOR")
        environment.removeValue(forKey: "COLUMNS")
        if ending == .injectedError { environment["HIIT_FAULT"] = "run-loop-read" }
        let stderr = try ChildProcess.pipe()
        let child = try ChildProcess([try HiitBinary.url().path, "run", "20/10x8", "--prepare", "5", "--no-record", "--mute"],
                                     environment: environment, stdin: terminal.secondary, stdout: terminal.secondary,
                                     stderr: stderr.write)
        close(stderr.write)
        let screen = CollectedOutput(reading: dup(terminal.primary))  // ends (EIO) once both ends are closed
        let errors = CollectedOutput(reading: stderr.read)
        defer { child.kill(SIGKILL) }

        // The first frame, in raw mode.
        let transcript = { "screen so far: \(screen.text.suffix(400).debugDescription)\nstderr: \(errors.text)" }
        _ = try waitUntil("the first frame", timeout: .seconds(20), context: transcript) {
            screen.text.contains("\u{1B}[?1049h") && isRaw(terminal.secondary) ? true : nil
        }
        let expectedStatus: Int32
        switch ending {
        case .quitKey:
            try terminal.type("q")
            _ = try waitUntil("the quit question", timeout: .seconds(20), context: transcript) {
                screen.text.lowercased().contains("quit") ? true : nil
            }
            try terminal.type("y")
            expectedStatus = 0
        case .ctrlC:
            try terminal.type("\u{03}")
            expectedStatus = 128 + SIGINT
        case .sigterm:
            child.kill(SIGTERM)
            expectedStatus = 128 + SIGTERM
        case .sighup:
            child.kill(SIGHUP)
            expectedStatus = 128 + SIGHUP
        case .injectedError:
            expectedStatus = 74
        }
        let end = try waitUntil("hiit to exit", timeout: .seconds(20), context: transcript) { child.ending }
        #expect(end.signal == nil, "\(ending): \(end)")
        #expect(end.status == expectedStatus, "\(ending): \(end)\n\(transcript())")
        #expect(attributes(terminal.secondary) == before, "\(ending): the terminal attributes differ from before the run")
        #expect(!isRaw(terminal.secondary))
        // Give the reader a moment to take the last bytes (it reads as they come).
        _ = try? waitUntil("the leave sequence", timeout: .seconds(10)) { screen.text.hasSuffix("\u{1B}[?1049l") || screen.text.contains("\u{1B}[?1049l") ? true : nil }
        let text = screen.text
        #expect(text.contains("\u{1B}[?25h"), "\(ending): the cursor is shown again")
        #expect(text.range(of: "\u{1B}[?1049l", options: .backwards).map { $0.lowerBound > (text.range(of: "\u{1B}[?1049h", options: .backwards)?.lowerBound ?? text.startIndex) } == true,
                "\(ending): the alternate screen is left after it was last entered")
        // hiit has exited and nothing else holds stderr: wait for its end, not for some text
        // (the exit can be seen before the reading thread has taken the last line).
        let lines = try errors.waitForEnd("stderr").split(separator: "\n")
        switch ending {
        case .quitKey:
            #expect(lines.isEmpty, "\(errors.text)")
        case .ctrlC, .sigterm, .sighup:
            #expect(lines.count == 1 && lines[0].hasPrefix("Stopped by SIG"), "\(ending): \(errors.text)")
        case .injectedError:
            #expect(lines.count == 1 && lines[0].hasPrefix("Error: "), "\(ending): \(errors.text)")
        }
    }
}
