import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Ctrl-Z for real (issue 12, item 1): `hiit run …` typed at an interactive `/bin/sh` (dash,
/// with job control) in tmux. Ctrl-Z gives the shell its prompt back on a usable terminal (the
/// settings of before the run, the normal screen, the cursor, the old title); `fg` brings the
/// timer back, drawn whole and paused; space resumes it.
@Suite("End to end: Ctrl-Z and fg at a shell", .serialized,
       .enabled(if: TmuxTerminal.isInstalled, "tmux is not installed"))
struct JobControlTests {
    /// What the run showed at each step.
    struct Observed: Sendable {
        var titleBefore = ""
        var titleDuring = ""
        var flagsDuring: TmuxTerminal.ScreenFlags?
        var stoppedScreen = ""
        var flagsStopped: TmuxTerminal.ScreenFlags?
        var titleStopped = ""
        var sttyBefore = ""
        var sttyStopped = ""
        var sttyAfter = ""
        var backScreen = ""
        var flagsBack: TmuxTerminal.ScreenFlags?
        var titleBack = ""
        var resumedScreen = ""
        var endScreen = ""
    }

    @Test func ctrlZAtAShellThenFgBringsTheTimerBackPaused() async throws {
        let sandbox = try E2ESandbox()
        let seen = try await onOwnThread { () throws -> Observed in
            var seen = Observed()
            let terminal = try TmuxTerminal(sandbox: sandbox)
            defer { terminal.close() }
            func command(_ line: String) throws {
                try terminal.type(line)
                try terminal.press("Enter")
            }
            func file(_ name: String) -> String {
                (try? String(contentsOf: sandbox.file(name), encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            }
            try command("stty -g > stty.before; echo recorded")
            try terminal.waitForScreen("stty recorded") { $0.nonEmptyLines.contains("recorded") }
            seen.sttyBefore = file("stty.before")
            seen.titleBefore = try terminal.paneTitle()

            try command(TmuxTerminal.quoted(try HiitBinary.url().path) + " run 20/10x8 --prepare 0 --no-record --mute")
            try terminal.waitForScreen("the timer") { $0.contains("q quit") && $0.contains("WORK") }
            seen.flagsDuring = try terminal.screenFlags()
            seen.titleDuring = try terminal.paneTitle()

            try terminal.press("C-z")
            seen.stoppedScreen = try terminal.waitForScreen("the shell's prompt after Ctrl-Z") {
                $0.contains("Stopped") && $0.nonEmptyLines.last == TmuxTerminal.prompt
            }
            seen.flagsStopped = try terminal.screenFlags()
            seen.titleStopped = try terminal.paneTitle()
            // The terminal is the shell's: a command typed runs and its output shows.
            try command("stty -g > stty.stopped; echo usable")
            try terminal.waitForScreen("the shell to run a command") { $0.nonEmptyLines.contains("usable") }
            seen.sttyStopped = file("stty.stopped")

            try command("fg")
            seen.backScreen = try terminal.waitForScreen(containing: "Paused while suspended")
            seen.flagsBack = try terminal.screenFlags()
            seen.titleBack = try terminal.paneTitle()
            try terminal.press("Space")
            seen.resumedScreen = try terminal.waitForScreen("the timer to go on") {
                $0.contains("space pause") && !$0.contains("PAUSED")
            }
            try terminal.press("q")
            try terminal.waitForScreen(containing: "Quit? Nothing will be recorded.")
            try terminal.press("y")
            try terminal.waitForScreen("the prompt after quitting") {
                $0.contains("Quit: nothing was recorded.") && $0.nonEmptyLines.last == TmuxTerminal.prompt
            }
            try command("stty -g > stty.after; echo done")
            seen.endScreen = try terminal.waitForScreen("the last command") { $0.nonEmptyLines.contains("done") }
            seen.sttyAfter = file("stty.after")
            return seen
        }
        let fullScreen = TmuxTerminal.ScreenFlags(alternateScreen: true, cursorShown: false, autoWrap: false)
        let shell = TmuxTerminal.ScreenFlags(alternateScreen: false, cursorShown: true, autoWrap: true)
        #expect(seen.flagsDuring == fullScreen)
        #expect(seen.titleDuring.hasPrefix("WORK ") && seen.titleDuring.hasSuffix(" · 1/8 · hiit"), "\(seen.titleDuring)")
        // Stopped: the shell's terminal, exactly.
        #expect(!seen.sttyBefore.isEmpty)
        #expect(seen.sttyStopped == seen.sttyBefore, "stty -g while stopped differs from before the run")
        #expect(seen.flagsStopped == shell)
        #expect(seen.titleStopped == seen.titleBefore, "the title of before comes back while stopped")
        #expect(!seen.stoppedScreen.contains("q quit"), "the timer is not painted under the prompt:\n\(seen.stoppedScreen)")
        // Back: the timer drawn whole, paused, with its title.
        #expect(seen.flagsBack == fullScreen)
        #expect(seen.backScreen.contains("WORK — PAUSED"), "\(seen.backScreen)")
        #expect(seen.backScreen.contains("Elapsed") && seen.backScreen.contains("20/10x8"), "\(seen.backScreen)")
        #expect(!seen.backScreen.contains("usable") && !seen.backScreen.contains("Stopped"),
                "nothing of the shell's is left over the timer:\n\(seen.backScreen)")
        #expect(seen.titleBack.contains("paused"), "\(seen.titleBack)")
        #expect(seen.resumedScreen.contains("WORK"))
        #expect(seen.sttyAfter == seen.sttyBefore)
    }
}
