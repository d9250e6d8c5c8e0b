import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The terminal's own alerts (issue 12, item 2): with the cues muted or unable to play, the
/// bell (BEL) rings at each boundary and at the finish; the window title shows the phase, the
/// time and the round, pushed on entry and popped at the exit so the old one comes back. Runs
/// of `2/1x2 --prepare 0` (work 2 s, rest 1 s, work 2 s: two boundaries and the finish, so
/// three bells) in a pseudo-terminal, the whole byte stream read.
@Suite("End to end: the bell and the window title")
struct BellAndTitleTests {
    static let quick = ["run", "2/1x2", "--prepare", "0", "--no-record"]

    /// Runs `quick + extra` to its end in a pseudo-terminal.
    static func run(_ extra: [String], audioDevice: String = "null", lang: String = "C.UTF-8") throws
        -> (status: Int32, screen: String) {
        let box = try E2ESandbox(environment: ["LANG": lang])
        let run = try PseudoTerminalRun.start(quick + extra, box: box, audioDevice: audioDevice) { $0.contains("Remaining") }
        defer { run.child.kill(SIGKILL) }
        let (ending, screen) = try run.waitForExit { $0.contains("Not recorded (--no-record).") }
        #expect(TerminalRestoreTests.attributes(run.terminal.secondary) == run.before)
        return (ending.status, screen)
    }

    @Test func mutedTheBellRingsAtEachBoundaryAndTheFinishAndTheTitleComesBack() async throws {
        let (status, screen) = try await onOwnThread { try Self.run(["--mute"]) }
        #expect(status == 0)
        #expect(TerminalBytes.bells(in: screen) == 3, "\(screen.debugDescription)")
        let titles = TerminalBytes.titles(in: screen)
        #expect(titles.first == "WORK 0:02 · 1/2 · hiit", "\(titles)")
        #expect(titles.contains("REST 0:01 · 1/2 · hiit"), "\(titles)")
        #expect(titles.contains("WORK 0:02 · 2/2 · hiit"), "\(titles)")
        #expect(Set(titles).count == titles.count, "each title is sent once: \(titles)")
        // The old title is pushed before the first title and popped after the last one, with
        // the screen left.
        let push = try #require(screen.range(of: "\u{1B}[22;0t"))
        let firstTitle = try #require(screen.range(of: "\u{1B}]2;"))
        let pop = try #require(screen.range(of: "\u{1B}[23;0t", options: .backwards))
        let lastTitle = try #require(screen.range(of: "\u{1B}]2;", options: .backwards))
        #expect(push.upperBound <= firstTitle.lowerBound)
        #expect(lastTitle.upperBound <= pop.lowerBound)
        #expect(screen.range(of: "\u{1B}[?1049l\u{1B}[23;0t")?.lowerBound == screen.range(of: "\u{1B}[?1049l")?.lowerBound,
                "the title is popped as the screen is left: \(screen.suffix(300).debugDescription)")
        #expect(screen.hasSuffix("Not recorded (--no-record).\r\n"), "the summary on the normal screen, no title after it")
    }

    @Test func noBellGivesNoneEvenMuted() async throws {
        let (status, screen) = try await onOwnThread { try Self.run(["--mute", "--no-bell"]) }
        #expect(status == 0)
        #expect(TerminalBytes.bells(in: screen) == 0, "\(screen.debugDescription)")
        #expect(!TerminalBytes.titles(in: screen).isEmpty, "the title does not depend on the bell")
    }

    @Test func withWorkingSoundTheDefaultIsNoBellAndBellAsksForIt() async throws {
        let box = try E2ESandbox()
        let device = AudioCaptureTests.captureDevice(box.file("played.wav"))
        let (_, quiet) = try await onOwnThread { try Self.run([], audioDevice: device) }
        #expect(TerminalBytes.bells(in: quiet) == 0, "the cues are heard: \(quiet.debugDescription)")
        #expect(FileManager.default.fileExists(atPath: box.file("played.wav").path), "the cues did play")
        let (_, rung) = try await onOwnThread { try Self.run(["--bell"], audioDevice: device) }
        #expect(TerminalBytes.bells(in: rung) == 3, "\(rung.debugDescription)")
    }

    @Test func noSoundDeviceRingsTheBell() async throws {
        let (status, screen) = try await onOwnThread { try Self.run([], audioDevice: "no-such-device") }
        #expect(status == 0)
        #expect(TerminalBytes.bells(in: screen) == 3, "\(screen.debugDescription)")
    }

    @Test func aNonUTF8LocaleGetsAnASCIITitle() async throws {
        let (_, screen) = try await onOwnThread { try Self.run(["--mute"], lang: "C") }
        #expect(TerminalBytes.titles(in: screen).first == "WORK 0:02 - 1/2 - hiit", "\(TerminalBytes.titles(in: screen))")
    }

    @Test func eventsHaveNeitherBellNorTitle() async throws {
        let sandbox = try E2ESandbox()
        let result = try await sandbox.runHiit(Self.quick + ["--events", "--mute", "--bell"])
        #expect(result.status == 0, "\(result.transcript)")
        #expect(!result.stdout.contains("\u{07}") && !result.stdout.contains("\u{1B}"), "\(result.stdout.debugDescription)")
    }

    @Test func bellAndNoBellTogetherAreAUsageError() async throws {
        let sandbox = try E2ESandbox()
        let result = try await sandbox.runHiit(Self.quick + ["--bell", "--no-bell"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: --bell and --no-bell cannot be given together; choose one"), "\(result.stderr)")
    }
}
