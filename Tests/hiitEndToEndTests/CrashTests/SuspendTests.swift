import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Ctrl-Z and the stop signals (issue 12, item 1) with the full-screen timer in a
/// pseudo-terminal: hiit started in a process group of its own, as a shell's job, so the stop
/// it sends its group stops it alone. Suspended, it must be stopped (`/proc/PID/stat` state
/// `T`) with the terminal attributes exactly as before the run (`tcgetattr` bytes), the
/// alternate screen left, the cursor shown and the title popped; continued (SIGCONT, as `fg`
/// sends), raw again, the alternate screen entered again, the whole screen drawn anew, "Paused
/// while suspended" on it and the time left what it was when suspended, however long it
/// stayed stopped.
@Suite(.serialized) struct SuspendTests {
    enum Stop: String, CaseIterable, CustomStringConvertible {
        case ctrlZ, sigtstp, sigttin, sigttou
        var description: String { rawValue }
    }

    /// `hiit run 20/10x8 --prepare 0 --no-record --mute` at its first frame (a line on a dumb
    /// terminal).
    static func start(box: E2ESandbox, term: String = "xterm-256color") throws -> PseudoTerminalRun {
        try PseudoTerminalRun.start(["run", "20/10x8", "--prepare", "0", "--no-record", "--mute"], box: box, term: term) {
            $0.contains(term == "dumb" ? "WORK" : "Remaining")
        }
    }

    /// The last `Remaining M:SS` the screen showed in `text`.
    static func lastRemaining(in text: Substring) -> String? {
        guard let range = text.range(of: "Remaining ", options: .backwards) else { return nil }
        return String(text[range.upperBound...].prefix { $0 == ":" || $0.isNumber })
    }

    @Test(arguments: Stop.allCases)
    func aSuspendedRunGivesTheTerminalBackAndComesBackPaused(stop: Stop) async throws {
        try await onOwnThread {
            let box = try E2ESandbox()
            let run = try Self.start(box: box)
            defer { run.child.kill(SIGKILL) }
            // Let a second go by so the time left is not the one of the first frame.
            _ = try waitUntil("the countdown to move", context: { run.transcript }) {
                run.screen.text.contains("Remaining 3:49") ? true : nil
            }
            switch stop {
            case .ctrlZ: try run.terminal.type("\u{1A}")
            case .sigtstp: run.child.kill(SIGTSTP)
            case .sigttin: run.child.kill(SIGTTIN)
            case .sigttou: run.child.kill(SIGTTOU)
            }
            _ = try waitUntil("hiit to be stopped", context: { run.transcript }) { run.child.isStopped ? true : nil }

            // Stopped: the terminal exactly as before, the normal screen, the cursor, the title.
            #expect(TerminalRestoreTests.attributes(run.terminal.secondary) == run.before,
                    "\(stop): the attributes while suspended differ from before the run")
            #expect(!TerminalRestoreTests.isRaw(run.terminal.secondary))
            let stoppedText = try waitUntil("the leave sequence") {
                run.screen.text.hasSuffix("\u{1B}[?1049l\u{1B}[23;0t") ? run.screen.text : nil
            }
            #expect(stoppedText.hasSuffix("\u{1B}[?25h\u{1B}[?1049l\u{1B}[23;0t"), "cursor shown, screen left, title popped")
            let shownBefore = Self.lastRemaining(in: Substring(stoppedText))
            #expect(shownBefore != nil, "\(run.transcript)")

            // Stopped long enough for the countdown to have moved had it been counting.
            Thread.sleep(forTimeInterval: 2.5)
            #expect(run.child.isStopped, "still stopped: nothing continues it but SIGCONT")
            #expect(run.child.ending == nil)
            run.child.kill(SIGCONT)
            let back = try waitUntil("the screen after SIGCONT", context: { run.transcript }) { () -> Substring? in
                let after = run.screen.text.dropFirst(stoppedText.count)
                return after.contains("Paused while suspended") && TerminalRestoreTests.isRaw(run.terminal.secondary) ? after : nil
            }
            #expect(back.hasPrefix("\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l\u{1B}[22;0t"), "alternate screen, cursor hidden, title pushed: \(back.prefix(80).debugDescription)")
            #expect(back.contains("\u{1B}[H\u{1B}[2J"), "the whole screen is drawn again")
            #expect(back.contains("WORK — PAUSED"))
            #expect(Self.lastRemaining(in: back) == shownBefore, "the time left is what it was: \(back.debugDescription)")

            // Space resumes; q y quits, and the terminal is as before once more.
            try run.terminal.type(" ")
            _ = try waitUntil("the countdown to go on", context: { run.transcript }) {
                run.screen.text.dropFirst(stoppedText.count).contains("space pause") ? true : nil
            }
            try run.terminal.type("q")
            _ = try waitUntil("the quit question", context: { run.transcript }) {
                run.screen.text.dropFirst(stoppedText.count).contains("Quit?") ? true : nil
            }
            try run.terminal.type("y")
            let end = try waitUntil("hiit to exit", context: { run.transcript }) { run.child.ending }
            #expect(end.status == 0, "\(stop): \(end)\n\(run.transcript)")
            #expect(TerminalRestoreTests.attributes(run.terminal.secondary) == run.before)
            #expect(try run.errors.waitForEnd("stderr").isEmpty, "\(run.errors.text)")
        }
    }

    /// Plain lines on a dumb terminal, the keys read raw: Ctrl-Z gives the keyboard back
    /// (cooked again while stopped) and takes it again on SIGCONT; a line says the workout was
    /// paused while suspended; `q` still quits.
    @Test func plainLinesWithRawKeysGiveTheKeyboardBackOnCtrlZ() async throws {
        try await onOwnThread {
            let box = try E2ESandbox()
            let run = try Self.start(box: box, term: "dumb")
            defer { run.child.kill(SIGKILL) }
            try run.terminal.type("\u{1A}")
            _ = try waitUntil("hiit to be stopped", context: { run.transcript }) { run.child.isStopped ? true : nil }
            #expect(TerminalRestoreTests.attributes(run.terminal.secondary) == run.before)
            run.child.kill(SIGCONT)
            _ = try waitUntil("the line after SIGCONT", context: { run.transcript }) {
                run.screen.text.contains("Paused while suspended") && TerminalRestoreTests.isRaw(run.terminal.secondary) ? true : nil
            }
            #expect(run.screen.text.contains("paused"), "\(run.transcript)")
            #expect(!run.screen.text.contains("\u{1B}"), "no escape sequence on a dumb terminal: \(run.transcript)")
            try run.terminal.type("q")
            let end = try waitUntil("hiit to exit", context: { run.transcript }) { run.child.ending }
            #expect(end.status == 0, "\(end)")
            #expect(TerminalRestoreTests.attributes(run.terminal.secondary) == run.before)
        }
    }

    /// A race clock is not paused by a suspension: the screen says it kept running, and the
    /// race time shown after SIGCONT includes the time stopped.
    @Test func aRaceClockKeepsRunningThroughASuspension() async throws {
        try await onOwnThread {
            let box = try E2ESandbox()
            let run = try PseudoTerminalRun.start(["run", "Sprint triathlon", "--no-record", "--mute"], box: box) {
                $0.contains("Race 0:00")
            }
            defer { run.child.kill(SIGKILL) }
            try run.terminal.type("\u{1A}")
            _ = try waitUntil("hiit to be stopped", context: { run.transcript }) { run.child.isStopped ? true : nil }
            let stoppedText = run.screen.text
            Thread.sleep(forTimeInterval: 2.5)
            run.child.kill(SIGCONT)
            let back = try waitUntil("the screen after SIGCONT", context: { run.transcript }) { () -> Substring? in
                let after = run.screen.text.dropFirst(stoppedText.count)
                return after.contains("Suspended: the race clock kept running") ? after : nil
            }
            #expect(!back.contains("PAUSED"), "\(back.debugDescription)")
            // At least the 2.5 s stopped are in the race time (a lower bound: no upper one).
            let race = back.range(of: "Race ").map { back[$0.upperBound...].prefix { $0 == ":" || $0.isNumber } }
            let seconds = race.flatMap { text -> Int? in
                let parts = text.split(separator: ":").compactMap { Int($0) }
                return parts.count == 2 ? parts[0] * 60 + parts[1] : nil
            }
            #expect((seconds ?? 0) >= 2, "the seconds stopped are in the race time: \(back.debugDescription)")
            try run.terminal.type("q")
            try run.terminal.type("y")
            let end = try waitUntil("hiit to exit", context: { run.transcript }) { run.child.ending }
            #expect(end.status == 0, "\(end)")
            #expect(TerminalRestoreTests.attributes(run.terminal.secondary) == run.before)
        }
    }
}
