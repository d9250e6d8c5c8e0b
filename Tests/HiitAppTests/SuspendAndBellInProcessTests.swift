import Foundation
import Testing
import SessionEngine
import TerminalUI
import TestSupport
import WorkoutModel
#if canImport(Glibc)
import Glibc
#endif
@testable import HiitApp

/// Ctrl-Z and the stop signals, the terminal's bell and the window title (issue 12, items 1
/// and 2), in whole runs in-process: the real loop and front ends on a manual clock, the time
/// away moved on by a scripted suspender, so "an hour in the background" takes no time and the
/// instants are exact.
@Suite struct SuspendAndBellInProcessTests {
    /// 20 s work, 10 s rest, 20 s work; no prepare: 50 s.
    static let short = IntervalRunInProcessTests.short
    /// 2 s work, 1 s rest, 2 s work: boundaries at 2 and 3 s, the finish at 5 s.
    static let quick = IntervalWorkout(
        name: "Quick", exercises: [Exercise(name: "Quick", workSeconds: 2, restSeconds: 1, rounds: 2)])

    static func interval(_ workout: IntervalWorkout) -> Session {
        Session(program: Program(workout, prepareSeconds: 0, cues: .classic))
    }

    static func screen(_ run: InProcessRun, name: String = "Short", isMuted: Bool = false, cuesOff: String? = nil,
                       bell: BellSetting = .off, setsTitle: Bool = false, glyphs: Glyphs = .unicode) -> ScreenFrontEnd<IntervalRun> {
        let screen = ScreenFrontEnd(adapter: IntervalRun(workoutName: name), cuesOffReason: cuesOff, isMuted: isMuted,
                                    styleMode: .plain, glyphs: glyphs, bell: bell, setsTitle: setsTitle,
                                    size: { run.size }, write: run.wroteFrame)
        run.currentFrame = { [weak screen] in screen?.frame }
        return screen
    }

    static func bells(in bytes: String) -> Int { TerminalBytes.bells(in: bytes) }
    static func titles(in bytes: String) -> [String] { TerminalBytes.titles(in: bytes) }

    // MARK: Ctrl-Z on the interval timer

    @Test func ctrlZPausesTheWorkoutFromTheInstantItIsSuspendedUntilSpace() throws {
        // Ctrl-Z 7 s into the first work (13 s left); an hour away; space 10 s after `fg`.
        let run = InProcessRun([(.seconds(7), .input("\u{1A}")), (.seconds(3617), .input(" "))],
                               size: TerminalSize(columns: 60, rows: 10))
        run.suspender = ScriptedSuspender(clock: run.clock, away: .seconds(3600))
        let (_, ending) = try run.run(Self.interval(Self.short), Self.screen(run))

        #expect(run.suspender?.stops == [.init(signal: SIGTSTP, processGroup: true, at: .seconds(7))],
                "Ctrl-Z stops the whole process group, as the terminal's own Ctrl-Z would")
        // Before leaving: the paused frame with the time left at the instant of Ctrl-Z.
        #expect(run.shown(at: .seconds(7)).contains("WORK — PAUSED  0:13"), "\(run.shown(at: .seconds(7)))")
        // Back after an hour: the same time left, paused, and the screen says why.
        let back = run.shown(at: .seconds(3607))
        #expect(back.contains("WORK — PAUSED  0:13"), "\(back)")
        #expect(back.contains("Elapsed 0:07"), "\(back)")
        #expect(back.contains("Paused while suspended; space resumes"), "\(back)")
        #expect(run.shown(at: .at(3616.9)).contains("Paused while suspended"), "the notice stays while paused")
        // The whole screen is drawn again after the continue: what was on it is not trusted.
        let redraw = try #require(run.writes.first { $0.at == .seconds(3607) })
        #expect(redraw.bytes.hasPrefix("\u{1B}[H\u{1B}[2J"), "\(redraw.bytes.debugDescription)")
        // Space resumes with the 13 s left; the notice goes.
        let resumed = run.shown(at: .seconds(3617))
        #expect(resumed.contains("WORK  0:13") && !resumed.contains("Paused while suspended"), "\(resumed)")
        guard case let .finished(summary) = ending else {
            Issue.record("the run did not finish: \(ending)")
            return
        }
        #expect(summary.pausedSeconds == 3610, "the time away counts as paused, from the instant of Ctrl-Z")
        #expect(summary.totalSeconds == 50)
        #expect(run.player.played == IntervalRunInProcessTests.shortCues(pausedFor: 3610))
    }

    @Test(arguments: [SIGTSTP, SIGTTIN, SIGTTOU])
    func aStopSignalFromOutsideSuspendsThisProcessWithThatSignal(signal: Int32) throws {
        let run = InProcessRun([(.seconds(7), .signal(signal)), (.seconds(100), .input("q")), (.seconds(101), .input("y"))],
                               size: TerminalSize(columns: 60, rows: 10))
        run.suspender = ScriptedSuspender(clock: run.clock, away: .seconds(60))
        let (loop, ending) = try run.run(Self.interval(Self.short), Self.screen(run))

        #expect(run.suspender?.stops == [.init(signal: signal, processGroup: false, at: .seconds(7))])
        #expect(ending == .quit)
        #expect(loop.session.phase == .paused)
        #expect(run.shown(at: .seconds(67)).contains("WORK — PAUSED  0:13"), "\(run.shown(at: .seconds(67)))")
    }

    @Test func ctrlZDoesNothingWhenTheProcessStartedWithSigtstpIgnored() throws {
        let run = InProcessRun([(.seconds(7), .input("\u{1A}")), (.seconds(10), .input("q")), (.seconds(11), .input("y"))],
                               size: TerminalSize(columns: 60, rows: 10))
        run.suspender = ScriptedSuspender(clock: run.clock, away: .seconds(60), ignored: [SIGTSTP])
        _ = try run.run(Self.interval(Self.short), Self.screen(run))

        #expect(run.suspender?.stops == [])
        #expect(run.shown(at: .seconds(9)).contains("WORK  0:11"), "\(run.shown(at: .seconds(9)))")
    }

    @Test func aQuestionDoesNotWaitBehindTheShellAndTheClockItHeldStaysHeld() throws {
        // q at 5 s asks (the timer holds), Ctrl-Z at 6 s; back at 66 s: no question, still
        // paused with 15 s left; a y now is just a key.
        let run = InProcessRun([(.seconds(5), .input("q")), (.seconds(6), .input("\u{1A}")),
                                (.seconds(70), .input("y")), (.seconds(72), .input("q")), (.seconds(73), .input("y"))],
                               size: TerminalSize(columns: 60, rows: 10))
        run.suspender = ScriptedSuspender(clock: run.clock, away: .seconds(60))
        let (_, ending) = try run.run(Self.interval(Self.short), Self.screen(run))

        let back = run.shown(at: .seconds(66))
        #expect(!back.contains("[y/N]"), "\(back)")
        #expect(back.contains("WORK — PAUSED  0:15"), "\(back)")
        #expect(back.contains("Paused while suspended"), "\(back)")
        #expect(run.shown(at: .seconds(71)).contains("WORK — PAUSED  0:15"), "y answered nothing")
        #expect(ending == .quit)
    }

    @Test func aContinueTheRunDidNotStopForTakesTheTerminalAgainAndRedraws() throws {
        // SIGCONT at 5 s with no Ctrl-Z before it (a SIGSTOP from outside, then SIGCONT).
        let run = InProcessRun([(.seconds(5), .signal(SIGCONT)), (.seconds(8), .input("\u{1A}")),
                                (.seconds(70), .signal(SIGCONT)), (.seconds(72), .input("q")), (.seconds(73), .input("y"))],
                               size: TerminalSize(columns: 60, rows: 10))
        run.suspender = ScriptedSuspender(clock: run.clock, away: .seconds(60))
        _ = try run.run(Self.interval(Self.short), Self.screen(run))

        #expect(run.suspender?.reclaims == 1, "the SIGCONT that ends its own suspension needs nothing more")
        #expect(run.writes.contains { $0.at == .seconds(5) && $0.bytes.hasPrefix("\u{1B}[H\u{1B}[2J") })
        #expect(run.shown(at: .seconds(5)).contains("WORK  0:15"), "not paused by a stop it never saw")
        #expect(!run.writes.contains { $0.at == .seconds(70) && $0.bytes.hasPrefix("\u{1B}[H\u{1B}[2J") })
    }

    @Test func plainLinesSayTheWorkoutWasPausedWhileSuspended() throws {
        let run = InProcessRun([(.seconds(7), .input("\u{1A}")), (.seconds(70), .input(" ")), (.seconds(71), .input("q"))])
        run.suspender = ScriptedSuspender(clock: run.clock, away: .seconds(60))
        let plain = PlainFrontEnd(adapter: IntervalRun(workoutName: "Short"), output: run.output, readsKeys: true)
        _ = try run.run(Self.interval(Self.short), plain)

        #expect(run.lines.contains("0:07  paused"), "\(run.lines)")
        #expect(run.lines.contains("1:07  Paused while suspended; space resumes"), "\(run.lines)")
        #expect(run.lines.contains("1:10  resumed"), "\(run.lines)")
    }

    // MARK: Ctrl-Z in a race

    @Test func theRaceClockKeepsRunningThroughASuspensionAndTheScreenSaysSo() throws {
        let sprint = MultisportScreenTests.sprintRun
        let run = InProcessRun([(.seconds(100), .input("\u{1A}")), (.seconds(200), .input("q")), (.seconds(201), .input("y"))])
        run.suspender = ScriptedSuspender(clock: run.clock, away: .seconds(60))
        let screen = ScreenFrontEnd(adapter: sprint, cuesOffReason: nil, isMuted: false, styleMode: .plain, glyphs: .unicode,
                                    size: { run.size }, write: run.wroteFrame)
        run.currentFrame = { [weak screen] in screen?.frame }
        let (loop, _) = try run.run(MultisportSession(mode: sprint.mode), screen)

        #expect(run.suspender?.stops == [.init(signal: SIGTSTP, processGroup: true, at: .seconds(100))])
        let back = run.shown(at: .seconds(160))
        #expect(back.contains("Race 2:40"), "the minute away counts: \(back)")
        #expect(!back.contains("PAUSED"), "\(back)")
        #expect(back.contains("Suspended: the race clock kept running"), "\(back)")
        #expect(!loop.session.derive().isPaused)
    }

    // MARK: The bell

    /// (setting, muted, cues off, bells) for `2/1x2 --prepare 0`: two boundaries and the finish.
    static let bellTable: [(BellSetting, Bool, Bool, Int)] = [
        (.whenCuesSilent, true, false, 3),   // --mute
        (.whenCuesSilent, false, true, 3),   // no sound device
        (.whenCuesSilent, false, false, 0),  // the cues are heard
        (.on, false, false, 3),              // --bell
        (.off, true, true, 0),               // --no-bell
    ]

    @Test(arguments: bellTable)
    func theBellRingsAtEachBoundaryAndTheFinishWhenTheCuesCannotBeHeard(setting: BellSetting, isMuted: Bool,
                                                                         cuesOff: Bool, bells: Int) throws {
        let run = InProcessRun([])
        let screen = Self.screen(run, name: "Quick", isMuted: isMuted, cuesOff: cuesOff ? "no sound device" : nil,
                                 bell: setting)
        _ = try run.run(Self.interval(Self.quick), screen)

        #expect(Self.bells(in: run.written) == bells, "\(setting), muted \(isMuted), cues off \(cuesOff)")
        if bells > 0 {
            let rung = run.writes.filter { Self.bells(in: $0.bytes) > 0 }.map(\.at)
            #expect(rung == [.seconds(2), .seconds(3), .seconds(5)], "at the rest, the second work and the finish")
        }
    }

    @Test func mutingDuringTheRunTurnsTheBellOn() throws {
        let run = InProcessRun([(.at(2.5), .input("m"))])
        _ = try run.run(Self.interval(Self.quick), Self.screen(run, name: "Quick", bell: .whenCuesSilent))
        #expect(run.writes.filter { Self.bells(in: $0.bytes) > 0 }.map(\.at) == [.seconds(3), .seconds(5)])
    }

    @Test func aRaceRingsAtEachLegAfterTheFirstAndAtTheFinish() throws {
        let sprint = MultisportScreenTests.sprintRun
        let run = InProcessRun([(.seconds(10), .input("n")), (.seconds(20), .input("n")), (.seconds(30), .input("f")),
                                (.seconds(31), .input("y"))])
        let screen = ScreenFrontEnd(adapter: sprint, cuesOffReason: nil, isMuted: true, styleMode: .plain, glyphs: .unicode,
                                    bell: .whenCuesSilent, size: { run.size }, write: run.wroteFrame)
        _ = try run.run(MultisportSession(mode: sprint.mode), screen)
        #expect(run.writes.filter { Self.bells(in: $0.bytes) > 0 }.map(\.at) == [.seconds(10), .seconds(20), .seconds(31)])
    }

    @Test func plainLinesRingTheBellOnTheTerminalTheyAreGiven() throws {
        let run = InProcessRun([])
        var rung: [Duration] = []
        let plain = PlainFrontEnd(adapter: IntervalRun(workoutName: "Quick"), output: run.output, readsKeys: false,
                                  bell: .whenCuesSilent, ring: { rung.append(run.clock.elapsed) }, isMuted: true)
        _ = try run.run(Self.interval(Self.quick), plain)
        #expect(rung == [.seconds(2), .seconds(3), .seconds(5)])
        #expect(run.lines.allSatisfy { !$0.contains("\u{07}") }, "the bell never goes into the lines")
    }

    // MARK: The window title

    @Test func theTitleFollowsThePhaseTimeAndRoundAndIsSentOnlyWhenItChanges() throws {
        let run = InProcessRun([(.at(1.5), .input(" ")), (.at(1.7), .input(" "))])
        _ = try run.run(Self.interval(Self.quick), Self.screen(run, name: "Quick", setsTitle: true))

        let titles = Self.titles(in: run.written)
        #expect(titles == ["WORK 0:02 · 1/2 · hiit", "WORK 0:01 · 1/2 · hiit", "WORK 0:01 · 1/2 · paused · hiit",
                           "WORK 0:01 · 1/2 · hiit", "REST 0:01 · 1/2 · hiit", "WORK 0:02 · 2/2 · hiit",
                           "WORK 0:01 · 2/2 · hiit", "FINISHED · hiit"], "\(titles)")
        // More frames than titles: the bar moves between the title's seconds (twice a second).
        #expect(run.writes.count > titles.count + 2)
        #expect(Self.bells(in: run.written) == 0, "a title's BEL is not a bell")
    }

    @Test func anASCIITerminalGetsAnASCIITitle() throws {
        let run = InProcessRun([(.at(0.5), .input("q")), (.at(0.6), .input("y"))])
        _ = try run.run(Self.interval(Self.quick), Self.screen(run, name: "Quick", setsTitle: true, glyphs: .ascii))
        #expect(Self.titles(in: run.written).first == "WORK 0:02 - 1/2 - hiit")
    }

    @Test func theTitleIsSentAgainAfterASuspension() throws {
        let run = InProcessRun([(.at(0.5), .input("\u{1A}")), (.at(70), .input("q")), (.at(71), .input("y"))])
        run.suspender = ScriptedSuspender(clock: run.clock, away: .seconds(60))
        _ = try run.run(Self.interval(Self.quick), Self.screen(run, name: "Quick", setsTitle: true))
        let afterContinue = run.writes.filter { $0.at == .at(60.5) }.map(\.bytes).joined()
        #expect(Self.titles(in: afterContinue) == ["WORK 0:02 · 1/2 · paused · hiit"], "\(afterContinue.debugDescription)")
    }

    @Test func noTitleUnlessAsked() throws {
        let run = InProcessRun([])
        _ = try run.run(Self.interval(Self.quick), Self.screen(run, name: "Quick"))
        #expect(!run.written.contains("\u{1B}]"))
    }
}
