import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A `hiit` running with stdin and stdout on a fresh 80×24 pseudo-terminal and stderr on a
/// pipe, in a process group of its own (as a shell's job: a stop it sends its group stops it
/// alone, never the test runner), with what it wrote and said collected as it comes.
struct PseudoTerminalRun {
    let child: ChildProcess
    let terminal: PseudoTerminal
    /// Everything written to the terminal.
    let screen: CollectedOutput
    /// Everything written to stderr.
    let errors: CollectedOutput
    /// The terminal's attributes (`tcgetattr` bytes) before hiit started.
    let before: [UInt8]

    /// The end of the screen's bytes and stderr, for failure messages.
    var transcript: String { "screen so far: \(screen.text.suffix(600).debugDescription)\nstderr: \(errors.text)" }

    /// Starts `hiit arguments…` and waits until the terminal is raw and what it wrote satisfies
    /// `ready` (its first frame).
    /// - Parameters:
    ///   - arguments: hiit's arguments.
    ///   - box: the sandbox (environment, data folder).
    ///   - term: `TERM` (default `xterm-256color`).
    ///   - audioDevice: `HIIT_AUDIO_DEVICE` (ALSA `null` by default, which plays).
    ///   - ready: whether the output so far shows the run started.
    /// - Throws: ``E2EFailure`` when it cannot start or does not get ready in 20 s.
    static func start(_ arguments: [String], box: E2ESandbox, term: String = "xterm-256color",
                      audioDevice: String = "null", ready: (String) -> Bool) throws -> PseudoTerminalRun {
        let terminal = try PseudoTerminal()
        var size = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(terminal.secondary, UInt(TIOCSWINSZ), &size)
        guard let before = TerminalRestoreTests.attributes(terminal.secondary) else {
            throw E2EFailure("tcgetattr failed: errno \(errno)")
        }
        var environment = box.environment(audioDevice: audioDevice, extra: ["TERM": term])
        environment.removeValue(forKey: "NO_COLOR")
        environment.removeValue(forKey: "COLUMNS")
        let stderr = try ChildProcess.pipe()
        let child = try ChildProcess([try HiitBinary.url().path] + arguments, environment: environment,
                                     stdin: terminal.secondary, stdout: terminal.secondary, stderr: stderr.write,
                                     ownProcessGroup: true)
        close(stderr.write)
        let run = PseudoTerminalRun(child: child, terminal: terminal, screen: CollectedOutput(reading: dup(terminal.primary)),
                                    errors: CollectedOutput(reading: stderr.read), before: before)
        _ = try waitUntil("the first frame", timeout: .seconds(20), context: { run.transcript }) {
            ready(run.screen.text) && TerminalRestoreTests.isRaw(terminal.secondary) ? true : nil
        }
        return run
    }

    /// Waits for hiit to exit, then for the terminal's output to reach what it wrote last.
    /// - Parameter settled: whether the output is complete (e.g. it ends with the leave sequence).
    /// - Returns: how it ended and everything it wrote.
    func waitForExit(settled: (String) -> Bool) throws -> (ending: ChildProcess.Ending, screen: String) {
        let ending = try waitUntil("hiit to exit", timeout: .seconds(30), context: { transcript }) { child.ending }
        let text = (try? waitUntil("the last bytes on the terminal", timeout: .seconds(10)) {
            settled(screen.text) ? screen.text : nil
        }) ?? screen.text
        return (ending, text)
    }
}
