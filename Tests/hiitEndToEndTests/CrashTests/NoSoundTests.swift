import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Cues that cannot play never stop a workout (DESIGN §5: "the timer still runs, says once
/// that cues are off and why"): with no sound device at all (no `HIIT_AUDIO_DEVICE`, no
/// `~/.asoundrc`, and an empty ALSA configuration, so ALSA knows no `default` device whatever
/// the machine has), with a device name that does not exist, and with a Sounds folder that is
/// found but unusable. Each in every front end (events, plain lines, the full screen in a
/// pseudo-terminal): the timer runs to the end, the session is recorded, and stderr holds
/// exactly one line, `Cues are off: …`, saying why. (AudioCaptureTests covers a wrong device
/// in `--events` by option and by environment.)
///
/// A missing Sounds folder cannot be arranged from outside: the binary also looks in the
/// package it was compiled from, which has one. A Sounds folder the binary finds first but
/// whose files are not WAV files is the nearest case, and proves the same path (the sound bank
/// fails to load, cues go off with the reason).
@Suite struct NoSoundTests {
    enum FrontEnd: String, CaseIterable, CustomStringConvertible {
        case events, plain, screen
        var description: String { rawValue }
    }

    enum Fault: String, CaseIterable, CustomStringConvertible {
        case noDevice, wrongDevice, unusableSounds
        var description: String { rawValue }
    }

    struct Outcome {
        let status: Int32
        let signal: Int32?
        let stdout: String
        let stderr: String
    }

    /// Runs `binary run 1/1x1 --prepare 0` with `environment`, stdin and stdout on pipes (events,
    /// plain) or on a pseudo-terminal (screen), stderr on a pipe.
    static func run(_ binary: String, frontEnd: FrontEnd, environment: [String: String]) throws -> Outcome {
        let arguments = [binary, "run", "1/1x1", "--prepare", "0"] + (frontEnd == .events ? ["--events"] : [])
        let stderr = try ChildProcess.pipe()
        var collected: CollectedOutput?
        var terminal: PseudoTerminal?
        var input: (read: Int32, write: Int32)?
        var output: (read: Int32, write: Int32)?
        let child: ChildProcess
        if frontEnd == .screen {
            let pty = try PseudoTerminal()
            var size = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
            _ = ioctl(pty.secondary, UInt(TIOCSWINSZ), &size)
            terminal = pty
            child = try ChildProcess(arguments, environment: environment, stdin: pty.secondary, stdout: pty.secondary, stderr: stderr.write)
            collected = CollectedOutput(reading: dup(pty.primary))
        } else {
            input = try ChildProcess.pipe()
            output = try ChildProcess.pipe()
            child = try ChildProcess(arguments, environment: environment, stdin: input?.read ?? -1,
                                     stdout: output?.write ?? -1, stderr: stderr.write)
            if let input { close(input.read) }
            if let output {
                close(output.write)
                collected = CollectedOutput(reading: output.read)
            }
        }
        close(stderr.write)
        let errors = CollectedOutput(reading: stderr.read)
        defer {
            child.kill(SIGKILL)
            if let input { close(input.write) }
            terminal?.close()
        }
        let ending = try waitUntil("the run to end", timeout: .seconds(30),
                                   context: { "stdout: \(collected?.text ?? "")\nstderr: \(errors.text)" }) { child.ending }
        // Once hiit has exited, nothing else holds stderr: it ends as soon as its last line is read.
        let errorText = try errors.waitForEnd("stderr")
        // Likewise stdout, once the test's own copy of the terminal end is closed: read to its
        // end, not as far as the reader had got when the exit was seen (the summary comes last).
        terminal?.closeSecondary()
        let outputText = try collected?.waitForEnd("stdout") ?? ""
        return Outcome(status: ending.status, signal: ending.signal, stdout: outputText, stderr: errorText)
    }

    @Test(arguments: Fault.allCases, FrontEnd.allCases)
    func theTimerRunsRecordsAndSaysOnceWhyCuesAreOff(fault: Fault, frontEnd: FrontEnd) async throws {
        try await onOwnThread {
            let box = try E2ESandbox.forHistory()
            let binary = try HiitBinary.url().path
            var environment = box.environment(extra: ["TERM": "xterm-256color"])
            var why: String
            switch fault {
            case .noDevice:
                environment.removeValue(forKey: "HIIT_AUDIO_DEVICE")
                let config = box.file("alsa-empty.conf")
                try Data().write(to: config)
                environment["ALSA_CONFIG_PATH"] = config.path
                why = "'default'"
            case .wrongDevice:
                environment["HIIT_AUDIO_DEVICE"] = "no-such-device-fault"
                why = "'no-such-device-fault'"
            case .unusableSounds:
                // HIIT_SOUNDS names a folder with every cue's file, none of them a WAV file.
                // (Pointing the variable at the folder, rather than running a copy of the binary
                // beside it, also avoids exec racing another test's spawn: ETXTBSY.)
                let sounds = box.file("Sounds")
                try FileManager.default.createDirectory(at: sounds, withIntermediateDirectories: true)
                for cue in ["start", "rest", "congratulations", "beep", "swim", "bike", "run", "transition"] {
                    try Data("not a sound".utf8).write(to: sounds.appendingPathComponent("\(cue).wav"))
                }
                environment["HIIT_SOUNDS"] = sounds.path
                why = sounds.path
            }
            let outcome = try Self.run(binary, frontEnd: frontEnd, environment: environment)
            let context = "\(fault) \(frontEnd): status \(outcome.status)\nstdout: \(outcome.stdout.suffix(600).debugDescription)\nstderr: \(outcome.stderr)"
            #expect(outcome.signal == nil, "\(context)")
            #expect(outcome.status == 0, "\(context)")
            let lines = outcome.stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            #expect(lines.count == 1, "exactly one line on stderr: \(context)")
            #expect(lines.first?.hasPrefix("Cues are off: ") == true, "\(context)")
            #expect(lines.first?.contains(why) == true, "says why (\(why)): \(context)")
            let records = try box.historyLines()
            #expect(records.count == 1, "the session is recorded: \(context)")
            if frontEnd == .events {
                #expect(outcome.stdout.contains("\"event\":\"saved\""), "\(context)")
            } else {
                #expect(outcome.stdout.contains("saved") || outcome.stdout.contains("Saved"), "\(context)")
            }
        }
    }
}
