import Foundation
import RunStatus
import Testing
import TestSupport
import WorkoutModel
@testable import HiitApp
#if canImport(Glibc)
import Glibc
#endif

/// `hiit status` and `hiit ctl` (#17) as a status bar and a key binding use them: a real run
/// publishes its state in the sandbox's `XDG_RUNTIME_DIR`, `hiit ctl` pauses, skips and stops
/// it, and the files are gone after the run however it ends. Every wait is for a condition,
/// with a generous timeout; nothing sleeps for a fixed time. The week lines run in-process
/// with a fixed "now" (Thursday 3 December 2026, 18:00 in Prague).
@Suite struct StatusCommandTests {
    /// The timer's folder in a sandbox.
    static func runtimeFolder(_ box: E2ESandbox) -> URL { box.url.appendingPathComponent("tmp/hiit") }

    /// The state a run published, or `nil` while there is none (or it is being replaced).
    static func state(_ box: E2ESandbox) -> RunState? {
        guard let data = FileManager.default.contents(atPath: runtimeFolder(box).appendingPathComponent("state.json").path)
        else { return nil }
        return try? RunState(data: data)
    }

    static func exists(_ box: E2ESandbox, _ name: String) -> Bool {
        FileManager.default.fileExists(atPath: runtimeFolder(box).appendingPathComponent(name).path)
    }

    // MARK: A run, controlled

    @Test func ctlPausesSkipsAndStopsARunningTimerWhoseStateFollows() async throws {
        let box = try E2ESandbox(environment: ["NO_COLOR": "1"])
        let seen = try await onOwnThread { () throws -> [String] in
            let run = try box.start(["run", "20/10x3", "--prepare", "0", "--events"])
            defer { run.stop() }
            var seen: [String] = []
            let working = try waitUntil("the state of the first work segment", context: { run.transcript }) {
                Self.state(box).flatMap { $0.phase == "work" ? $0 : nil }
            }
            #expect(working.pid == run.pid)
            #expect(working.workout == "20/10x3")
            #expect(working.round == 1 && working.rounds == 3)
            #expect(working.endsAt != nil && !working.isPaused)
            #expect(try fileModeBits(of: Self.runtimeFolder(box)) == 0o700)
            #expect(try fileModeBits(of: Self.runtimeFolder(box).appendingPathComponent("state.json")) == 0o600)
            #expect(try fileModeBits(of: Self.runtimeFolder(box).appendingPathComponent("control.sock")) == 0o600)
            seen.append(try box.run(["status"]).stdout)

            let pause = try box.run(["ctl", "pause"])
            #expect(pause.status == 0, "\(pause.transcript)")
            seen.append(pause.stdout)
            let paused = try waitUntil("the paused state") { Self.state(box).flatMap { $0.isPaused ? $0 : nil } }
            #expect(paused.remainingSeconds.map { $0 > 0 && $0 <= 20 } == true)
            #expect(paused.endsAt == nil)
            seen.append(try box.run(["status"]).stdout)
            seen.append(try box.run(["ctl", "pause"]).stdout)

            let next = try box.run(["ctl", "next"])
            #expect(next.status == 0, "\(next.transcript)")
            seen.append(next.stdout)
            let rest = try waitUntil("the state of the rest") { Self.state(box).flatMap { $0.phase == "rest" ? $0 : nil } }
            #expect(rest.isPaused)  // a segment begun while paused begins paused
            seen.append(try box.run(["status", "--format", "{phase}|{remaining}|{state}|{round}/{rounds}"]).stdout)
            seen.append(try box.run(["ctl", "resume"]).stdout)

            let stop = try box.run(["ctl", "stop"])
            #expect(stop.status == 0, "\(stop.transcript)")
            seen.append(stop.stdout)
            _ = try waitUntil("the run's exit", context: { run.transcript }) { run.ending }
            #expect(run.ending?.status == 0, "\(run.transcript)")
            #expect(try run.events().map(\.event).suffix(2) == ["stopped", "quit"])
            #expect(!Self.exists(box, "state.json") && !Self.exists(box, "control.sock"))
            #expect(try box.historyLines().isEmpty)

            let after = try box.run(["ctl", "pause"])
            #expect(after.status == 69)
            #expect(after.stderrLines == ["Error: no timer is running (start one with 'hiit run')"])
            seen.append(try box.run(["status"]).stdout)
            return seen
        }
        #expect(seen.count == 9)
        guard seen.count == 9 else { return }
        #expect(seen[0].hasPrefix("WORK 0:") && seen[0].hasSuffix(" · Quick 1/3\n"), "\(seen)")
        #expect(seen[1].hasPrefix("paused: WORK 0:") && seen[1].hasSuffix(" · Quick 1/3 · paused\n"), "\(seen)")
        #expect(seen[2].hasSuffix(" · Quick 1/3 · paused\n"), "\(seen)")
        #expect(seen[3].hasPrefix("already paused: "), "\(seen)")
        #expect(seen[4] == "skipped: REST 0:10 · Quick 1/3 · paused\n", "\(seen)")
        #expect(seen[5] == "REST|0:10|paused|1/3\n", "\(seen)")
        #expect(seen[6] == "resumed: REST 0:10 · Quick 1/3\n" || seen[6].hasPrefix("resumed: REST 0:"), "\(seen)")
        #expect(seen[7] == "stopped: nothing was recorded\n", "\(seen)")
        #expect(seen[8] == "Week 0 min\n", "\(seen)")
    }

    @Test func sigtermAndTheEndOfAWorkoutRemoveTheState() async throws {
        let box = try E2ESandbox()
        let removed = try await onOwnThread { () throws -> [Bool] in
            let run = try box.start(["run", "20/10x3", "--prepare", "0", "--events"])
            defer { run.stop() }
            _ = try waitUntil("the state", context: { run.transcript }) { Self.state(box) }
            run.kill(SIGTERM)
            _ = try waitUntil("the run's exit", context: { run.transcript }) { run.ending }
            let afterTerm = !Self.exists(box, "state.json") && !Self.exists(box, "control.sock")
            // A short workout that finishes by itself.
            let short = try box.start(["run", "1/0x1", "--prepare", "0", "--events", "--no-record"])
            defer { short.stop() }
            _ = try waitUntil("the short run's exit", context: { short.transcript }) { short.ending }
            return [afterTerm, !Self.exists(box, "state.json"), short.ending?.status == 0]
        }
        #expect(removed == [true, true, true])
    }

    @Test func aStateLeftByAKilledRunReadsAsIdle() throws {
        let box = try E2ESandbox()
        // A pid no process has now (the highest free one below the kernel's usual limit).
        var pid: Int32 = 999_999
        while kill(pid, 0) == 0 || errno != ESRCH { pid -= 1 }
        let folder = Self.runtimeFolder(box)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let stale = RunState(pid: pid, workout: "Tabata", kind: .intervals, phase: "work", title: "WORK", label: "Burpees",
                             round: 3, rounds: 8, isPaused: false, durationSeconds: 20, endsAt: Date().addingTimeInterval(15),
                             updatedAt: Date())
        try stale.jsonData().write(to: folder.appendingPathComponent("state.json"))
        let status = try box.run(["status"])
        #expect(status.stdout == "Week 0 min\n", "\(status.transcript)")
        let ctl = try box.run(["ctl", "next"])
        #expect(ctl.status == 69)
        #expect(ctl.stderrLines == ["Error: no timer is running (start one with 'hiit run')"])
    }

    // MARK: --follow

    @Test func followPrintsEachChangeAndEndsWhenItsReaderHasGone() async throws {
        let box = try E2ESandbox()
        let lines = try await onOwnThread { () throws -> [String] in
            let follow = try box.start(["status", "--follow", "--waybar"])
            defer { follow.stop() }
            _ = try waitUntil("the idle line", context: { follow.transcript }) { follow.stdoutLines.first }
            let run = try box.start(["run", "20/10x3", "--prepare", "0", "--events"])
            defer { run.stop() }
            _ = try waitUntil("a work line and the next second's", context: { follow.transcript + run.transcript }) {
                follow.stdoutLines.filter { $0.contains(#""class":"work""#) }.count >= 2 ? true : nil
            }
            _ = try box.run(["ctl", "pause"])
            _ = try waitUntil("the paused line", context: { follow.transcript }) {
                follow.stdoutLines.last?.contains(#""class":"paused""#) == true ? true : nil
            }
            _ = try box.run(["ctl", "stop"])
            _ = try waitUntil("the idle line again", context: { follow.transcript }) {
                follow.stdoutLines.last?.contains(#""class":"idle""#) == true ? true : nil
            }
            follow.kill(SIGTERM)
            _ = try waitUntil("the exit after SIGTERM", context: { follow.transcript }) { follow.ending }
            #expect(follow.ending?.status == 0, "\(follow.transcript)")
            #expect(follow.stderr.isEmpty, "\(follow.transcript)")
            return follow.stdoutLines
        }
        for line in lines {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
            #expect(Set(object.keys) == ["text", "tooltip", "class", "percentage"], "\(line)")
        }
        // No line twice in a row: a line is printed only when it changes.
        #expect(zip(lines, lines.dropFirst()).allSatisfy { $0 != $1 }, "\(lines)")

        // A reader that reads one line and closes the pipe: hiit ends at once, quietly, status 0
        // (idle, it would not write again for a minute: the closed pipe itself wakes it).
        let script = "{ \"$0\" \"$@\"; echo $? > \(box.url.path)/follow.status; } | head -1 > \(box.url.path)/follow.line"
        let piped = try runHiitThroughShell(script, arguments: ["status", "--follow"], environment: box.environment(),
                                            timeout: .seconds(30))
        #expect(piped.stderr.isEmpty, "\(piped)")
        #expect(try String(contentsOf: box.file("follow.status"), encoding: .utf8) == "0\n")
        #expect(try String(contentsOf: box.file("follow.line"), encoding: .utf8) == "Week 0 min\n")
    }

    // MARK: The week, as of a fixed today

    @Test func idleWithAGoalShowsItsProgressAndTheChangeOnLastWeek() throws {
        let box = try GoalCommandTests.sandbox(profile: GoalCommandTests.timeGoal)
        // This week 90 min by Thursday 18:00; last week 120 min by Thursday 18:00: −25 %.
        #expect(GoalCommandTests.run(box, ["status"]).stdout == ["Week 90/150 min ▼25%"])
        #expect(GoalCommandTests.run(box, ["status", "--tmux"]).stdout == ["Week 90/150 min #[fg=red]▼25%#[default]"])
        #expect(GoalCommandTests.run(box, ["status", "--i3blocks"]).stdout == ["Week 90/150 min ▼25%", "Week 90/150 min", ""])
        let waybar = GoalCommandTests.run(box, ["status", "--waybar"]).stdout
        #expect(waybar == [#"{"class":"idle","percentage":60,"text":"Week 90/150 min ▼25%","tooltip":"No timer running. This week: 90/150 min (60%), ▼25% on last week so far"}"#])
        let capture = ConsoleCapture()
        let ascii = CommandTree.main(arguments: ["status"], environment: box.environment(extra: ["LANG": "C"]),
                                     console: Console(capture: capture), now: GoalCommandTests.thursday)
        #expect(ascii == 0)
        #expect(capture.stdout == "Week 90/150 min -25%\n")
    }

    @Test func idleWithoutAGoalShowsTheWeeksMinutes() throws {
        let box = try GoalCommandTests.sandbox()
        #expect(GoalCommandTests.run(box, ["status"]).stdout == ["Week 90 min ▼25%"])
        #expect(GoalCommandTests.run(box, ["status", "--format", "{state}: {week} ({change})"]).stdout == ["idle: 90 min (▼25%)"])
        // Monday 18:00: nothing yet this week; last week had 30 min by Monday 18:00: −100 %.
        let monday = GoalCommandTests.thursday.addingTimeInterval(4 * 86_400)
        #expect(GoalCommandTests.run(box, ["status"], now: monday).stdout == ["Week 0 min ▼100%"])
        // With an empty history there is no change to show.
        #expect(GoalCommandTests.run(try GoalCommandTests.sandbox(history: []), ["status"]).stdout == ["Week 0 min"])
    }

    @Test func badFormatsAreUsageErrors() throws {
        let box = try E2ESandbox()
        let unknown = GoalCommandTests.run(box, ["status", "--format", "{remain}"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.hasPrefix("Error: --format: '{remain}' has an unknown placeholder {remain}; known: {text} {phase} {remaining} "),
                "\(unknown)")
        let two = GoalCommandTests.run(box, ["status", "--waybar", "--tmux"])
        #expect(two.status == 64)
        #expect(two.stderr.contains("--waybar and --tmux cannot be given together"), "\(two)")
        let ctl = GoalCommandTests.run(box, ["ctl", "jump"])
        #expect(ctl.status == 64, "\(ctl)")
        #expect(ctl.stderr.hasPrefix("Error: <request>: 'jump' is not one of pause, resume, toggle, next, stop"), "\(ctl)")
    }
}

/// The README's tmux snippet for real: a tmux whose `status-right` runs `hiit status --tmux`,
/// shown in the pane of the test's own tmux (``TmuxTerminal``), so its status line is on the
/// captured screen.
@Suite struct TmuxStatusLineTests {
    @Test func tmuxsStatusLineShowsTheRunningTimerAndThenTheWeek() async throws {
        let sandbox = try E2ESandbox()
        let screens = try await onOwnThread { () throws -> [String] in
            let terminal = try TmuxTerminal(sandbox: sandbox, width: 100, height: 12)
            defer { terminal.close() }
            let binary = try HiitBinary.url().path
            // The inner tmux ends with its session once the outer one is gone (destroy-unattached).
            try terminal.type("unset TMUX; tmux -f /dev/null -L status-bar new-session -s bar /bin/sh \\; "
                + "set destroy-unattached on \\; set status-interval 1 \\; set status-right-length 60 \\; "
                + "set status-right " + TmuxTerminal.quoted("#(\(binary) status --tmux)"))
            try terminal.press("Enter")
            var screens = [try terminal.waitForScreen("the idle week on the status line") {
                $0.nonEmptyLines.last?.hasSuffix("Week 0 min") == true
            }]
            let run = try sandbox.start(["run", "20/10x3", "--prepare", "0", "--events"])
            defer { run.stop() }
            screens.append(try terminal.waitForScreen("the timer on the status line") {
                $0.nonEmptyLines.last?.contains("WORK 0:1") == true && $0.nonEmptyLines.last?.hasSuffix(" · Quick 1/3") == true
            })
            screens.append(try terminal.styledScreen())
            _ = try sandbox.run(["ctl", "pause"])
            screens.append(try terminal.waitForScreen("the paused timer on the status line") {
                $0.nonEmptyLines.last?.hasSuffix(" · Quick 1/3 · paused") == true
            })
            _ = try sandbox.run(["ctl", "stop"])
            screens.append(try terminal.waitForScreen("the week again") { $0.nonEmptyLines.last?.hasSuffix("Week 0 min") == true })
            return screens
        }
        #expect(screens.count == 5)
        // The phase is bold and red (SGR 1 and 31) on the status line.
        #expect(screens.count > 2 && screens[2].contains("\u{1B}[1m\u{1B}[31mWORK 0:1"), "\(screens)")
    }
}
