import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The full-screen timer in a real terminal (tmux, 80×24): what a person sees, the keys, and
/// the terminal put back exactly as it was however the program ends (DESIGN §5).
///
/// Runs that end early use `20/10x2` (50 s) so the workout cannot finish on its own while a
/// test is still pressing keys on a slow machine; they quit within a second or two.
@Suite("End to end: full screen in tmux", .serialized)
struct ScreenTests {
    @Test func timerScreenPausesResumesAndQuitsWithQ() async throws {
        let sandbox = try E2ESandbox()
        let terminal = try await TmuxTerminal(sandbox: sandbox)
        defer { terminal.close() }
        let run = try terminal.startHiit(["run", "20/10x2", "--prepare", "0"])

        let screen = try await terminal.waitForScreen("the timer showing WORK") { showsTimer($0) && $0.contains("WORK") }
        #expect(screen.contains("20/10x2"), "the workout's name in the header:\n\(screen)")
        #expect(screen.contains("Quick"), "the exercise label:\n\(screen)")
        #expect(screen.contains("round 1/2"), "\(screen)")
        #expect(bigDigitRows(screen) >= 5, "big digits at 80×24:\n\(screen)")
        #expect(screen.contains("Next: REST"), "\(screen)")

        try terminal.press("Space")
        try await terminal.waitForScreen(containing: "PAUSED")
        try terminal.press("Space")
        try await terminal.waitForScreen("PAUSED to go on resume") { showsTimer($0) && !$0.contains("PAUSED") }

        try terminal.press("q")
        try await terminal.waitForScreen(containing: "Quit? Nothing will be recorded.")
        try terminal.press("y")
        let (status, after) = try await waitForEnd(run, in: terminal)
        #expect(status == 0)
        #expect(after.contains("Quit: nothing was recorded."), "\(after)")
        #expect(try sandbox.historyLines().isEmpty)
    }

    @Test func answeringNoToQuitCarriesOn() async throws {
        let sandbox = try E2ESandbox()
        let terminal = try await TmuxTerminal(sandbox: sandbox)
        defer { terminal.close() }
        let run = try terminal.startHiit(["run", "20/10x2", "--prepare", "0"])
        try await terminal.waitForScreen("the timer") { showsTimer($0) && $0.contains("WORK") }
        try terminal.press("q")
        try await terminal.waitForScreen(containing: "Quit? Nothing will be recorded.")
        try terminal.press("n")
        let carryingOn = try await terminal.waitForScreen("the question to go away") { showsTimer($0) && !$0.contains("Quit?") }
        #expect(run.status == nil, "still running")
        #expect(carryingOn.contains("Next: REST"), "n answered the question; it did not skip the work:\n\(carryingOn)")
        try terminal.press("q")
        try await terminal.waitForScreen(containing: "Quit? Nothing will be recorded.")
        try terminal.press("y")
        let (status, _) = try await waitForEnd(run, in: terminal)
        #expect(status == 0)
    }

    @Test func skipMuteAndRestartKeys() async throws {
        let sandbox = try E2ESandbox()
        let terminal = try await TmuxTerminal(sandbox: sandbox)
        defer { terminal.close() }
        let run = try terminal.startHiit(["run", "20/10x2", "--prepare", "0"])
        try await terminal.waitForScreen("the timer") { showsTimer($0) && $0.contains("WORK") }

        try terminal.press("n")
        let rest = try await terminal.waitForScreen("REST after n") { $0.contains("REST") && !$0.contains("Next: REST") }
        #expect(rest.contains("round 1/2"), "\(rest)")

        try terminal.press("m")
        try await terminal.waitForScreen(containing: "muted")

        try terminal.press("r")
        try await terminal.waitForScreen(containing: "Restart from the beginning?")
        try terminal.press("y")
        let restarted = try await terminal.waitForScreen("WORK round 1/2 again") {
            !$0.contains("Restart from") && $0.contains("WORK") && $0.contains("Next: REST")
        }
        #expect(restarted.contains("round 1/2"), "\(restarted)")

        try terminal.press("q")
        try await terminal.waitForScreen(containing: "Quit? Nothing will be recorded.")
        try terminal.press("y")
        let (status, _) = try await waitForEnd(run, in: terminal)
        #expect(status == 0)
    }

    @Test func ctrlCQuitsAtOnceAndRestoresTheTerminal() async throws {
        let sandbox = try E2ESandbox()
        let terminal = try await TmuxTerminal(sandbox: sandbox)
        defer { terminal.close() }
        let run = try terminal.startHiit(["run", "20/10x2", "--prepare", "0"])
        try await terminal.waitForScreen("the timer") { showsTimer($0) && $0.contains("WORK") }
        try terminal.press("C-c")
        let (status, after) = try await waitForEnd(run, in: terminal)
        #expect(status == 0 || status == 130, "Ctrl-C ends the run: status \(status)")
        #expect(after.contains("nothing was recorded"), "\(after)")
        #expect(try sandbox.historyLines().isEmpty)
    }

    @Test func sigtermRestoresTheTerminalAndRecordsNothing() async throws {
        let sandbox = try E2ESandbox()
        let terminal = try await TmuxTerminal(sandbox: sandbox)
        defer { terminal.close() }
        let run = try terminal.startHiit(["run", "20/10x2", "--prepare", "0"])
        let pid = try await run.waitForPid()
        try await terminal.waitForScreen("the timer") { showsTimer($0) && $0.contains("WORK") }
        #expect(kill(pid, SIGTERM) == 0)
        let (status, after) = try await waitForEnd(run, in: terminal)
        #expect(status == 128 + SIGTERM, "status \(status)")
        #expect(after.contains("SIGTERM") && after.contains("nothing was recorded"), "\(after)")
        #expect(try sandbox.historyLines().isEmpty)
    }

    @Test func naturalCompletionShowsTheSummaryAndRecords() async throws {
        let sandbox = try E2ESandbox()
        let terminal = try await TmuxTerminal(sandbox: sandbox)
        defer { terminal.close() }
        let run = try terminal.startHiit(["run", "3/2x2", "--prepare", "0"])
        let screen = try await terminal.waitForScreen("the timer") { showsTimer($0) && $0.contains("WORK") }
        #expect(screen.contains("Quick") && screen.contains("round 1/2"), "\(screen)")
        #expect(bigDigitRows(screen) >= 5, "\(screen)")
        // The 8 s workout runs to its end.
        let (status, after) = try await waitForEnd(run, in: terminal, timeout: .seconds(40))
        #expect(status == 0)
        #expect(after.contains("Workout Time"), "\(after)")
        #expect(after.contains("Total Time"), "\(after)")
        #expect(after.contains("Saved to history"), "\(after)")
        #expect(try sandbox.historyRecords().map(\.workout) == ["3/2x2"])
    }

    @Test func eachPhaseHasItsColourAndNoColourMeansNone() async throws {
        let sandbox = try E2ESandbox()
        let terminal = try await TmuxTerminal(sandbox: sandbox)
        defer { terminal.close() }

        var run = try terminal.startHiit(["run", "20/10x2", "--prepare", "0"])
        let work = try await terminal.waitForScreen("the timer") { showsTimer($0) && $0.contains("WORK") }
        let workColours = colours(onLineWith: "WORK", in: try terminal.styledScreen())
        #expect(!workColours.isEmpty, "WORK is drawn in colour:\n\(work)")
        try terminal.press("n")
        try await terminal.waitForScreen("REST") { $0.contains("REST") && !$0.contains("Next: REST") }
        let restColours = colours(onLineWith: "REST", in: try terminal.styledScreen())
        #expect(!restColours.isEmpty)
        #expect(restColours != workColours, "rest and work have their own colours: \(restColours) vs \(workColours)")
        try terminal.press("C-c")
        _ = try await waitForEnd(run, in: terminal)
        try FileManager.default.removeItem(at: sandbox.file("status"))

        run = try terminal.startHiit(["run", "20/10x2", "--prepare", "0"], environment: ["NO_COLOR": "1"])
        try await terminal.waitForScreen("the timer without colour") { showsTimer($0) && $0.contains("WORK") }
        let styled = try terminal.styledScreen()
        #expect(colours(in: styled).isEmpty, "NO_COLOR: no colour at all:\n\(styled)")
        try terminal.press("C-c")
        _ = try await waitForEnd(run, in: terminal)
    }

    @Test func resizingRedrawsCompactAndTinyLayoutsAndKeepsRunning() async throws {
        let sandbox = try E2ESandbox()
        let terminal = try await TmuxTerminal(sandbox: sandbox)
        defer { terminal.close() }
        let run = try terminal.startHiit(["run", "20/10x2", "--prepare", "0"])
        let pid = try await run.waitForPid()
        try await terminal.waitForScreen("the timer at 80×24") { showsTimer($0) && bigDigitRows($0) >= 5 }

        try terminal.resize(width: 40, height: 10)
        let compact = try await terminal.waitForScreen("the compact layout at 40×10") { screen in
            // The countdown moves beside the phase name instead of in big digits.
            screen.split(separator: "\n").contains { $0.contains("WORK") && $0.contains("0:") }
                && bigDigitRows(screen) < 5
        }
        #expect(compact.split(separator: "\n").allSatisfy { $0.count <= 40 }, "\(compact)")
        #expect(compact.contains("round 1/2"), "\(compact)")

        try terminal.resize(width: 20, height: 5)
        let tiny = try await terminal.waitForScreen("the 20×5 layout") { screen in
            screen.contains("WORK") && screen.split(separator: "\n").allSatisfy { $0.count <= 20 }
        }
        #expect(tiny.split(separator: "\n").count <= 5, "\(tiny)")

        // A single cell: whatever fits, and no crash.
        try terminal.resize(width: 1, height: 1)
        try await terminal.waitForScreen("one cell") { $0.trimmingCharacters(in: .whitespacesAndNewlines) == "W" }
        #expect(run.status == nil && kill(pid, 0) == 0, "still running after the resizes")

        // Back to full size: big digits again, and the countdown still moves.
        try terminal.resize(width: 80, height: 24)
        let full = try await terminal.waitForScreen("big digits again at 80×24") { bigDigitRows($0) >= 5 && showsTimer($0) }
        try await terminal.waitForScreen("the countdown to move on") { $0 != full && bigDigitRows($0) >= 5 }

        try terminal.press("q")
        try await terminal.waitForScreen(containing: "Quit? Nothing will be recorded.")
        try terminal.press("y")
        let (status, _) = try await waitForEnd(run, in: terminal)
        #expect(status == 0)
    }
}

// MARK: - Reading the screen

/// Lines drawn with the big digits' full blocks.
private func bigDigitRows(_ screen: String) -> Int {
    screen.split(separator: "\n").filter { $0.contains("██") }.count
}

/// Whether the screen shows the running timer (its key help line).
private func showsTimer(_ screen: String) -> Bool {
    screen.contains("q quit")
}

/// The screen's last non-empty line is the shell prompt.
private func endsAtPrompt(_ screen: String) -> Bool {
    screen.nonEmptyLines.last == TmuxTerminal.prompt
}

/// Waits for the command line to end, then checks that the terminal settings are the
/// ones from before the run and the shell prompt is back.
/// - Returns: hiit's exit status and the last screen.
private func waitForEnd(_ run: PaneRun, in terminal: TmuxTerminal,
                       timeout: Duration = .seconds(20)) async throws -> (Int32, String) {
    let status = try await run.waitForStatus(timeout: timeout)
    let screen = try await terminal.waitForScreen("the shell prompt after hiit", where: endsAtPrompt)
    let before = try #require(run.sttyBefore)
    #expect(!before.isEmpty)
    #expect(run.sttyAfter == before, "stty -g after the run differs from before it")
    #expect(!showsTimer(screen), "the timer screen is gone:\n\(screen)")
    return (status, screen)
}

/// The colour parameters (foreground/background other than the default 39/49) of the SGR
/// escape sequences in `text`: `32`, `38;5;208`, …
private func colours(in text: String) -> [String] {
    var found: [String] = []
    var rest = Substring(text)
    while let start = rest.range(of: "\u{1B}[") {
        rest = rest[start.upperBound...]
        guard let end = rest.firstIndex(where: { !("0"..."9").contains($0) && $0 != ";" }) else { break }
        if rest[end] == "m" {
            let parameters = rest[..<end].split(separator: ";").compactMap { Int($0) }
            var index = 0
            while index < parameters.count {
                let p = parameters[index]
                if p == 38 || p == 48 {
                    // Extended colour: 38;5;n or 38;2;r;g;b.
                    let length = parameters.count > index + 1 && parameters[index + 1] == 2 ? 5 : 3
                    found.append(parameters[index..<min(index + length, parameters.count)].map(String.init).joined(separator: ";"))
                    index += length
                    continue
                }
                if (30...37).contains(p) || (40...47).contains(p) || (90...97).contains(p) || (100...107).contains(p) {
                    found.append(String(p))
                }
                index += 1
            }
        }
        rest = rest[end...]
    }
    return found
}

/// The colours in effect on the first line of `styled` that contains `text`, counting the
/// escape sequences from the start of that line (tmux repeats them per line).
private func colours(onLineWith text: String, in styled: String) -> [String] {
    guard let line = styled.split(separator: "\n").first(where: { $0.contains(text) }) else { return [] }
    return colours(in: String(line))
}
