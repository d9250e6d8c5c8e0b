import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The full-screen timer in a real terminal (tmux, 80×24): what a person sees, the keys, and
/// the terminal put back exactly as it was however the program ends (DESIGN §5).
///
/// Each test drives the terminal from a thread of its own (``onOwnThread(_:)``), collects
/// the screens it saw, and asserts on them afterwards. Runs that end early use `20/10x2`
/// (50 s) so the workout cannot finish on its own while a test is still pressing keys on a
/// slow machine; they quit within a second or two.
@Suite("End to end: full screen in tmux", .serialized)
struct ScreenTests {
    @Test func timerScreenPausesResumesAndQuitsWithQ() async throws {
        let sandbox = try E2ESandbox()
        let (screen, paused, resumed, question, ending) = try await onOwnThread {
            let terminal = try TmuxTerminal(sandbox: sandbox)
            defer { terminal.close() }
            let run = try terminal.startHiit(["run", "20/10x2", "--prepare", "0"])
            let screen = try terminal.waitForScreen("the timer showing WORK") { showsTimer($0) && $0.contains("WORK") }
            try terminal.press("Space")
            let paused = try terminal.waitForScreen(containing: "PAUSED")
            try terminal.press("Space")
            let resumed = try terminal.waitForScreen("PAUSED to go on resume") { showsTimer($0) && !$0.contains("PAUSED") }
            try terminal.press("q")
            let question = try terminal.waitForScreen(containing: "Quit? Nothing will be recorded.")
            try terminal.press("y")
            return (screen, paused, resumed, question, try terminal.waitForEnd(of: run))
        }
        #expect(screen.contains("20/10x2"), "the workout's name in the header:\n\(screen)")
        #expect(screen.contains("Quick"), "the exercise label:\n\(screen)")
        #expect(screen.contains("round 1/2"), "\(screen)")
        #expect(bigDigitRows(screen) >= 5, "big digits at 80×24:\n\(screen)")
        #expect(screen.contains("Next: REST"), "\(screen)")
        #expect(paused.contains("WORK — PAUSED") || paused.contains("PAUSED"), "\(paused)")
        #expect(resumed.contains("WORK"), "\(resumed)")
        #expect(!question.contains("q quit"), "the question replaces the keys line:\n\(question)")
        expectRestored(ending)
        #expect(ending.status == 0)
        #expect(ending.screen.contains("Quit: nothing was recorded."), "\(ending.screen)")
        #expect(try sandbox.historyLines().isEmpty)
    }

    @Test func answeringNoToQuitCarriesOn() async throws {
        let sandbox = try E2ESandbox()
        let (carryingOn, stillRunning, ending) = try await onOwnThread {
            let terminal = try TmuxTerminal(sandbox: sandbox)
            defer { terminal.close() }
            let run = try terminal.startHiit(["run", "20/10x2", "--prepare", "0"])
            try terminal.waitForScreen("the timer") { showsTimer($0) && $0.contains("WORK") }
            try terminal.press("q")
            try terminal.waitForScreen(containing: "Quit? Nothing will be recorded.")
            try terminal.press("n")
            let carryingOn = try terminal.waitForScreen("the question to go away") { showsTimer($0) && !$0.contains("Quit?") }
            let stillRunning = run.status == nil
            try terminal.press("q")
            try terminal.waitForScreen(containing: "Quit? Nothing will be recorded.")
            try terminal.press("y")
            return (carryingOn, stillRunning, try terminal.waitForEnd(of: run))
        }
        #expect(stillRunning)
        #expect(carryingOn.contains("Next: REST"), "n answered the question; it did not skip the work:\n\(carryingOn)")
        expectRestored(ending)
        #expect(ending.status == 0)
    }

    @Test(.enabled(if: TmuxTerminal.isInstalled, "tmux is not installed"))
    func aSecondQConfirmsTheQuitQuestion() async throws {
        let sandbox = try E2ESandbox()
        let (question, ending) = try await onOwnThread {
            let terminal = try TmuxTerminal(sandbox: sandbox)
            defer { terminal.close() }
            let run = try terminal.startHiit(["run", "20/10x2", "--prepare", "0"])
            try terminal.waitForScreen("the timer") { showsTimer($0) && $0.contains("WORK") }
            try terminal.press("q")
            let question = try terminal.waitForScreen(containing: "Quit? Nothing will be recorded.")
            try terminal.press("q")
            return (question, try terminal.waitForEnd(of: run))
        }
        #expect(question.contains("[y/N]"), "\(question)")
        expectRestored(ending)
        #expect(ending.status == 0)
        #expect(ending.screen.contains("Quit: nothing was recorded."), "q q quits:\n\(ending.screen)")
        #expect(try sandbox.historyLines().isEmpty)
    }

    @Test(.enabled(if: TmuxTerminal.isInstalled, "tmux is not installed"))
    func aDumbTerminalGetsPlainLinesAndNeverTheFullScreen() async throws {
        let sandbox = try E2ESandbox()
        let (screen, flags, ending) = try await onOwnThread {
            let terminal = try TmuxTerminal(sandbox: sandbox)
            defer { terminal.close() }
            let run = try terminal.startHiit(["run", "20/10x2", "--prepare", "0"], environment: ["TERM": "dumb"])
            let screen = try terminal.waitForScreen("the first segment's line") { $0.contains("WORK") && $0.contains("round 1/2") }
            let flags = try terminal.screenFlags()
            // Ctrl-C ends a plain run and a full-screen one alike, so a full screen is caught
            // by the assertions below rather than by a wait that times out.
            try terminal.press("C-c")
            return (screen, flags, try terminal.waitForEnd(of: run))
        }
        #expect(!flags.alternateScreen, "TERM=dumb never enters the alternate screen (#{alternate_on} is 0)")
        #expect(!showsTimer(screen) && bigDigitRows(screen) == 0, "no full screen:\n\(screen)")
        #expect(screen.contains("20/10x2: "), "the plain title line:\n\(screen)")
        #expect(screen.split(separator: "\n").contains { $0.hasPrefix("0:00  WORK") }, "one plain line per segment:\n\(screen)")
        expectRestored(ending)
        #expect(ending.status == 130, "status \(ending.status)")
        #expect(ending.screen.contains("nothing was recorded"), "\(ending.screen)")
        #expect(try sandbox.historyLines().isEmpty)
    }

    @Test func skipMuteAndRestartKeys() async throws {
        let sandbox = try E2ESandbox()
        let (rest, muted, restarted, ending) = try await onOwnThread {
            let terminal = try TmuxTerminal(sandbox: sandbox)
            defer { terminal.close() }
            let run = try terminal.startHiit(["run", "20/10x2", "--prepare", "0"])
            try terminal.waitForScreen("the timer") { showsTimer($0) && $0.contains("WORK") }
            try terminal.press("n")
            let rest = try terminal.waitForScreen("REST after n") { $0.contains("REST") && !$0.contains("Next: REST") }
            try terminal.press("m")
            let muted = try terminal.waitForScreen(containing: "muted")
            try terminal.press("r")
            try terminal.waitForScreen(containing: "Restart from the beginning?")
            try terminal.press("y")
            let restarted = try terminal.waitForScreen("WORK round 1/2 again") {
                !$0.contains("Restart from") && $0.contains("WORK") && $0.contains("Next: REST")
            }
            try terminal.press("q")
            try terminal.waitForScreen(containing: "Quit? Nothing will be recorded.")
            try terminal.press("y")
            return (rest, muted, restarted, try terminal.waitForEnd(of: run))
        }
        #expect(rest.contains("round 1/2") && rest.contains("Next: WORK"), "\(rest)")
        #expect(muted.contains("REST"), "m mutes without changing the phase:\n\(muted)")
        #expect(restarted.contains("round 1/2"), "\(restarted)")
        expectRestored(ending)
        #expect(ending.status == 0)
    }

    /// `n` in the last segment asks before it finishes; skipping every round is not a workout
    /// and records nothing (issue "What users hit", item 6).
    @Test func skippingPastTheLastSegmentAsksAndSkippedRoundsAreNotRecorded() async throws {
        let sandbox = try E2ESandbox()
        let (asking, carriedOn, ending) = try await onOwnThread {
            let terminal = try TmuxTerminal(sandbox: sandbox)
            defer { terminal.close() }
            let run = try terminal.startHiit(["run", "20/10x2", "--prepare", "0"])
            try terminal.waitForScreen("the timer") { showsTimer($0) && $0.contains("WORK") }
            try terminal.press("n")
            try terminal.waitForScreen("the rest") { $0.contains("REST") && !$0.contains("Next: REST") }
            try terminal.press("n")
            try terminal.waitForScreen("the last round") { $0.contains("WORK") && $0.contains("round 2/2") }
            try terminal.press("n")
            let asking = try terminal.waitForScreen(containing: "Finish and save? [y/N]")
            try terminal.press("n")
            let carriedOn = try terminal.waitForScreen("the last round again") { $0.contains("round 2/2") && !$0.contains("Finish and save?") }
            try terminal.press("n")
            try terminal.waitForScreen(containing: "Finish and save? [y/N]")
            try terminal.press("y")
            return (asking, carriedOn, try terminal.waitForEnd(of: run))
        }
        #expect(asking.contains("WORK"), "the question waits over the last segment:\n\(asking)")
        #expect(carriedOn.contains("WORK"), "\(carriedOn)")
        expectRestored(ending)
        #expect(ending.status == 0)
        #expect(ending.screen.contains("no round was done"), "says why nothing is recorded:\n\(ending.screen)")
        #expect(try sandbox.historyLines().isEmpty, "two skipped rounds are not a workout")
    }

    @Test func theQuitQuestionHoldsTheTimerAndNoCarriesOn() async throws {
        let sandbox = try E2ESandbox()
        let (asking, ending) = try await onOwnThread {
            let terminal = try TmuxTerminal(sandbox: sandbox)
            defer { terminal.close() }
            let run = try terminal.startHiit(["run", "3/2x1", "--prepare", "0"])
            try terminal.waitForScreen("the timer") { showsTimer($0) && $0.contains("WORK") }
            try terminal.press("q")
            let asking = try terminal.waitForScreen(containing: "Quit? Nothing will be recorded.")
            try terminal.press("n")
            return (asking, try terminal.waitForEnd(of: run))
        }
        #expect(asking.contains("PAUSED"), "the timer holds while it asks:\n\(asking)")
        expectRestored(ending)
        #expect(ending.status == 0)
        #expect(ending.screen.contains("Saved to history"), "\(ending.screen)")
        let record = try #require(try sandbox.historyRecords().first)
        #expect(record.pausedSeconds > 0, "the time spent answering is paused time")
        #expect(abs(record.workoutSeconds - 3) < 0.01)
    }

    @Test func ctrlCQuitsAtOnceAndRestoresTheTerminal() async throws {
        let sandbox = try E2ESandbox()
        let ending = try await onOwnThread {
            let terminal = try TmuxTerminal(sandbox: sandbox)
            defer { terminal.close() }
            let run = try terminal.startHiit(["run", "20/10x2", "--prepare", "0"])
            try terminal.waitForScreen("the timer") { showsTimer($0) && $0.contains("WORK") }
            try terminal.press("C-c")
            return try terminal.waitForEnd(of: run)
        }
        expectRestored(ending)
        #expect(ending.status == 130, "Ctrl-C ends the run as SIGINT does: status \(ending.status)")
        #expect(ending.screen.contains("nothing was recorded"), "\(ending.screen)")
        #expect(try sandbox.historyLines().isEmpty)
    }

    @Test func sigtermRestoresTheTerminalAndRecordsNothing() async throws {
        let sandbox = try E2ESandbox()
        let (signalled, ending) = try await onOwnThread {
            let terminal = try TmuxTerminal(sandbox: sandbox)
            defer { terminal.close() }
            let run = try terminal.startHiit(["run", "20/10x2", "--prepare", "0"])
            let pid = try run.waitForPid()
            try terminal.waitForScreen("the timer") { showsTimer($0) && $0.contains("WORK") }
            let signalled = kill(pid, SIGTERM) == 0
            return (signalled, try terminal.waitForEnd(of: run))
        }
        #expect(signalled)
        expectRestored(ending)
        #expect(ending.status == 128 + SIGTERM, "status \(ending.status)")
        #expect(ending.screen.contains("SIGTERM") && ending.screen.contains("nothing was recorded"), "\(ending.screen)")
        #expect(try sandbox.historyLines().isEmpty)
    }

    @Test func naturalCompletionShowsTheSummaryAndRecords() async throws {
        let sandbox = try E2ESandbox()
        let (screen, ending) = try await onOwnThread {
            let terminal = try TmuxTerminal(sandbox: sandbox)
            defer { terminal.close() }
            let run = try terminal.startHiit(["run", "3/2x2", "--prepare", "0"])
            let screen = try terminal.waitForScreen("the timer") { showsTimer($0) && $0.contains("WORK") }
            // The 8 s workout runs to its end.
            return (screen, try terminal.waitForEnd(of: run, timeout: .seconds(40)))
        }
        #expect(screen.contains("Quick") && screen.contains("round 1/2"), "\(screen)")
        #expect(bigDigitRows(screen) >= 5, "\(screen)")
        expectRestored(ending)
        #expect(ending.status == 0)
        #expect(ending.screen.contains("Workout Time"), "\(ending.screen)")
        #expect(ending.screen.contains("Total Time"), "\(ending.screen)")
        #expect(ending.screen.contains("Saved to history"), "\(ending.screen)")
        #expect(try sandbox.historyRecords().map(\.workout) == ["3/2x2"])
    }

    @Test func eachPhaseHasItsColourAndNoColourMeansNone() async throws {
        let sandbox = try E2ESandbox()
        let (work, rest, plain, endings) = try await onOwnThread {
            let terminal = try TmuxTerminal(sandbox: sandbox)
            defer { terminal.close() }
            var run = try terminal.startHiit(["run", "20/10x2", "--prepare", "0"])
            try terminal.waitForScreen("the timer") { showsTimer($0) && $0.contains("WORK") }
            let work = try terminal.styledScreen()
            try terminal.press("n")
            try terminal.waitForScreen("REST") { $0.contains("REST") && !$0.contains("Next: REST") }
            let rest = try terminal.styledScreen()
            try terminal.press("C-c")
            let first = try terminal.waitForEnd(of: run)
            try run.clear()

            run = try terminal.startHiit(["run", "20/10x2", "--prepare", "0"], environment: ["NO_COLOR": "1"])
            try terminal.waitForScreen("the timer without colour") { showsTimer($0) && $0.contains("WORK") }
            let plain = try terminal.styledScreen()
            try terminal.press("C-c")
            return (work, rest, plain, [first, try terminal.waitForEnd(of: run)])
        }
        let workColours = colours(onLineWith: "WORK", in: work)
        let restColours = colours(onLineWith: "REST", in: rest)
        #expect(!workColours.isEmpty, "WORK is drawn in colour:\n\(work)")
        #expect(!restColours.isEmpty, "REST is drawn in colour:\n\(rest)")
        #expect(restColours != workColours, "rest and work have their own colours: \(restColours) vs \(workColours)")
        #expect(colours(in: plain).isEmpty, "NO_COLOR: no colour at all:\n\(plain)")
        for ending in endings { expectRestored(ending) }
    }

    @Test func resizingRedrawsCompactAndTinyLayoutsAndKeepsRunning() async throws {
        let sandbox = try E2ESandbox()
        let (compact, tiny, aliveAfterResizes, ending) = try await onOwnThread {
            let terminal = try TmuxTerminal(sandbox: sandbox)
            defer { terminal.close() }
            let run = try terminal.startHiit(["run", "20/10x2", "--prepare", "0"])
            let pid = try run.waitForPid()
            try terminal.waitForScreen("the timer at 80×24") { showsTimer($0) && bigDigitRows($0) >= 5 }

            try terminal.resize(width: 40, height: 10)
            let compact = try terminal.waitForScreen("the compact layout at 40×10") { screen in
                // The countdown moves beside the phase name instead of in big digits.
                screen.split(separator: "\n").contains { $0.contains("WORK") && $0.contains("0:") }
                    && bigDigitRows(screen) < 5
            }
            try terminal.resize(width: 20, height: 5)
            let tiny = try terminal.waitForScreen("the 20×5 layout") { screen in
                screen.contains("WORK") && screen.split(separator: "\n").allSatisfy { $0.count <= 20 }
            }
            // A single cell: whatever fits, and no crash.
            try terminal.resize(width: 1, height: 1)
            try terminal.waitForScreen("one cell") { $0.trimmingCharacters(in: .whitespacesAndNewlines) == "W" }
            let aliveAfterResizes = run.status == nil && kill(pid, 0) == 0

            // Back to full size: big digits again, and the countdown still moves.
            try terminal.resize(width: 80, height: 24)
            let full = try terminal.waitForScreen("big digits again at 80×24") { bigDigitRows($0) >= 5 && showsTimer($0) }
            try terminal.waitForScreen("the countdown to move on") { $0 != full && bigDigitRows($0) >= 5 }
            try terminal.press("q")
            try terminal.waitForScreen(containing: "Quit? Nothing will be recorded.")
            try terminal.press("y")
            return (compact, tiny, aliveAfterResizes, try terminal.waitForEnd(of: run))
        }
        #expect(compact.split(separator: "\n").allSatisfy { $0.count <= 40 }, "\(compact)")
        #expect(compact.contains("round 1/2"), "\(compact)")
        #expect(tiny.split(separator: "\n").count <= 5, "\(tiny)")
        #expect(aliveAfterResizes, "still running after the resizes")
        expectRestored(ending)
        #expect(ending.status == 0)
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

/// The terminal settings are the ones from before the run, and the timer screen is gone.
private func expectRestored(_ ending: PaneEnding, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(ending.sttyBefore?.isEmpty == false, "stty -g was recorded before the run", sourceLocation: sourceLocation)
    #expect(ending.sttyAfter == ending.sttyBefore, "stty -g after the run differs from before it",
            sourceLocation: sourceLocation)
    #expect(!showsTimer(ending.screen), "the timer screen is gone:\n\(ending.screen)", sourceLocation: sourceLocation)
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

/// The colours set on the first line of `styled` that contains `text` (tmux starts each
/// line's escape sequences afresh).
private func colours(onLineWith text: String, in styled: String) -> [String] {
    guard let line = styled.split(separator: "\n").first(where: { $0.contains(text) }) else { return [] }
    return colours(in: String(line))
}
