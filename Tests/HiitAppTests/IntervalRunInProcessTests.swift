import Foundation
import Testing
import SessionEngine
import TerminalUI
import WorkoutModel
#if canImport(Glibc)
import Glibc
#endif
@testable import HiitApp

/// Whole interval runs in-process (issue "The house": one run loop, clock and wait injected):
/// the real loop and front ends on a manual clock, keys and signals from a script, so a four
/// minute Tabata takes milliseconds and every instant is exact. What is asserted is what a
/// person notices: the cues and when they sound, the screen or the lines, how the run ends.
@Suite struct IntervalRunInProcessTests {
    /// Tabata: 10 s to get ready, then 8 rounds of 20 s work and 10 s rest (no rest after the
    /// last round): 240 s in all.
    static let tabata = IntervalWorkout(
        name: "Tabata", exercises: [Exercise(name: "Burpees", workSeconds: 20, restSeconds: 10, rounds: 8)])

    /// 20 s work, 10 s rest, 20 s work; no prepare: 50 s.
    static let short = IntervalWorkout(
        name: "Short", exercises: [Exercise(name: "Squats", workSeconds: 20, restSeconds: 10, rounds: 2)])

    /// A session of `workout` with the classic cues of DESIGN §2 ("Start", "Rest", beeps), whose
    /// timing these tests check; the spoken cues have SpokenCueRunInProcessTests.
    static func session(_ workout: IntervalWorkout, prepare: Int) -> Session {
        Session(program: Program(workout, prepareSeconds: prepare, cues: .classic))
    }

    static func screen(_ run: InProcessRun, name: String) -> ScreenFrontEnd<IntervalRun> {
        let screen = ScreenFrontEnd(adapter: IntervalRun(workoutName: name), cuesOffReason: nil, isMuted: false, styleMode: .plain,
                                    glyphs: .unicode, size: { run.size }, write: run.wroteFrame)
        run.currentFrame = { [weak screen] in screen?.frame }
        return screen
    }

    static func cue(_ cue: Cue, _ seconds: Double) -> TimedCuePlayer.Played {
        TimedCuePlayer.Played(cue: cue, at: .at(seconds))
    }

    /// The cues of `short` run without a pause, shifted by `pause` seconds from `pausedAt` on.
    static func shortCues(pausedFor pause: Double = 0) -> [TimedCuePlayer.Played] {
        [cue(.start, 0), cue(.beep, 17 + pause), cue(.beep, 18 + pause), cue(.beep, 19 + pause),
         cue(.rest, 20 + pause), cue(.beep, 27 + pause), cue(.beep, 28 + pause), cue(.beep, 29 + pause),
         cue(.start, 30 + pause), cue(.beep, 47 + pause), cue(.beep, 48 + pause), cue(.beep, 49 + pause),
         cue(.congratulations, 50 + pause)]
    }

    // MARK: A whole Tabata

    @Test func aTabataRunsToTheEndWithEveryCueOnItsInstant() throws {
        let run = InProcessRun([])
        let events = EventsFrontEnd(adapter: IntervalRun(workoutName: "Short"), output: run.output, errors: run.error)
        let (_, ending) = try run.run(Self.session(Self.tabata, prepare: 10), events)

        // Prepare: beeps at 7, 8, 9 s. Round r starts at 10 + 30r: "Start", beeps 17–19 s into
        // it, "Rest" at 20 s, beeps 27–29 s; the last round has no rest; "Congratulations!" at 240 s.
        var expected = [Self.cue(.beep, 7), Self.cue(.beep, 8), Self.cue(.beep, 9)]
        for round in 0..<8 {
            let start = 10 + 30 * Double(round)
            expected += [Self.cue(.start, start), Self.cue(.beep, start + 17), Self.cue(.beep, start + 18),
                         Self.cue(.beep, start + 19)]
            if round < 7 {
                expected += [Self.cue(.rest, start + 20), Self.cue(.beep, start + 27), Self.cue(.beep, start + 28),
                             Self.cue(.beep, start + 29)]
            }
        }
        expected.append(Self.cue(.congratulations, 240))
        #expect(run.player.played == expected)

        // The 15 segments from the first work (index 1, after the prepare), each on its instant.
        let spans = (1...15).map { index in
            let start = Duration.seconds(10 + (index - 1) / 2 * 30 + (index - 1) % 2 * 20)
            let length = Duration.seconds(index % 2 == 1 ? 20 : 10)
            return SegmentSpan(index: index, kind: index % 2 == 1 ? .work : .rest, label: "Burpees",
                               start: start, end: start + length, running: length)
        }
        let summary = SessionSummary(workout: "Tabata", firstWorkStart: .seconds(10), end: .seconds(240),
                                     workoutSeconds: 160, totalSeconds: 230, pausedSeconds: 0, rounds: 8, exercises: 1,
                                     segments: spans)
        #expect(ending == .finished(summary))

        // Every segment and cue line was written at the instant it was due, to the microsecond.
        let lines = try run.events()
        let timed = lines.filter { ["segment", "cue"].contains($0["event"] as? String) }
        #expect(timed.count == 16 + expected.count)
        #expect(timed.allSatisfy { ($0["t"] as? Double) == ($0["due"] as? Double) }, "\(run.lines)")
        let kinds: [String] = lines.filter { $0["event"] as? String == "segment" }.compactMap { $0["kind"] as? String }
        let expectedKinds: [String] = ["prepare"] + (0..<7).flatMap { _ in ["work", "rest"] } + ["work"]
        #expect(kinds == expectedKinds)
        #expect(run.lines.last == #"{"due":240,"event":"finish","exercises":1,"pausedSeconds":0,"rounds":8,"t":240,"totalSeconds":230,"workoutSeconds":160}"#)
        #expect(run.errors.isEmpty)
    }

    // MARK: Pause

    @Test func pausingAtASecondBoundaryKeepsTheRemainingTimeExactly() throws {
        // Space at 7 s into the first work (13 s left), space again 5 s later.
        let run = InProcessRun([(.seconds(7), .input(" ")), (.seconds(12), .input(" "))],
                               size: TerminalSize(columns: 40, rows: 10))
        let screen = Self.screen(run, name: "Short")
        let (_, ending) = try run.run(Self.session(Self.short, prepare: 0), screen)

        #expect(run.shown(at: .seconds(7)).contains("WORK — PAUSED  0:13"), "\(run.shown(at: .seconds(7)))")
        #expect(run.shown(at: .at(11.999)).contains("WORK — PAUSED  0:13"))
        #expect(run.shown(at: .at(11.999)).contains("space resume"))
        #expect(run.shown(at: .seconds(12)).contains("WORK  0:13"), "\(run.shown(at: .seconds(12)))")
        #expect(run.shown(at: .at(12.999)).contains("WORK  0:13"))
        #expect(run.shown(at: .seconds(13)).contains("WORK  0:12"))
        // Everything after the pause comes exactly 5 s later than it would have.
        #expect(run.player.played == Self.shortCues(pausedFor: 5))
        guard case let .finished(summary) = ending else {
            Issue.record("the run did not finish: \(ending)")
            return
        }
        #expect(summary.end == .seconds(55))
        #expect(summary.pausedSeconds == 5)
        #expect(summary.totalSeconds == 50)
        #expect(summary.workoutSeconds == 40)
    }

    // MARK: Skip

    @Test func skippingDuringPrepareStartsTheWorkAtOnceWithoutThePrepareBeeps() throws {
        let run = InProcessRun([(.at(2.5), .input("n")), (.seconds(30), .input("q"))])
        let plain = PlainFrontEnd(adapter: IntervalRun(workoutName: "Short"), output: run.output, readsKeys: true)
        let (_, ending) = try run.run(Self.session(Self.short, prepare: 10), plain)

        #expect(run.player.played == [Self.cue(.start, 2.5), Self.cue(.beep, 19.5), Self.cue(.beep, 20.5),
                                      Self.cue(.beep, 21.5), Self.cue(.rest, 22.5), Self.cue(.beep, 29.5)])
        #expect(run.lines == [
            "Short: 4 segments, estimated 50 s",
            "0:00  PREPARE  0:10",
            "0:02  skipped",
            "0:02  WORK  Squats  round 1/2  0:20",
            "0:22  REST  Squats  round 1/2  0:10",
        ])
        #expect(ending == .quit, "q quits at once without a screen to ask on")
    }

    // MARK: Quit

    @Test func quitAsksFirstAndTheTimerHoldsWhileItAsks() throws {
        let run = InProcessRun([
            (.seconds(5), .input("q")), (.seconds(35), .input("x")),  // asked at 5 s; anything but y carries on
            (.seconds(52), .input("q")), (.seconds(53), .input("y")),
        ], size: TerminalSize(columns: 40, rows: 10))
        let screen = Self.screen(run, name: "Short")
        let (loop, ending) = try run.run(Self.session(Self.short, prepare: 0), screen)

        let asking = run.screen(at: .seconds(5))
        #expect(asking.last?.trimmingCharacters(in: .whitespaces) == "Quit? Nothing will be recorded. [y/N]", "\(asking)")
        #expect(run.shown(at: .seconds(5)).contains("WORK — PAUSED"))
        // Thirty seconds of asking: the clocks on screen do not move and no cue sounds.
        #expect(run.shown(at: .at(34.999)).contains("Elapsed 0:05   Remaining 0:45"), "\(run.shown(at: .at(34.999)))")
        #expect(run.shown(at: .seconds(35)).contains("Carrying on"))
        #expect(!run.shown(at: .seconds(35)).contains("PAUSED"))
        #expect(run.player.played == Array(Self.shortCues(pausedFor: 30).prefix(5)),
                "the work ends 30 s late, at 50 s")
        #expect(run.shown(at: .seconds(52)).hasSuffix("Quit? Nothing will be recorded. [y/N]"))
        #expect(ending == .quit)
        #expect(loop.now == .seconds(53))
        #expect(loop.session.phase == .paused, "the question's pause is where the run stopped")
    }

    @Test func restartAsksFirstAndYesStartsOverWithTheFirstCue() throws {
        let run = InProcessRun([(.seconds(21), .input("r")), (.seconds(22), .input("y")), (.seconds(23), .signal(SIGTERM))],
                               size: TerminalSize(columns: 40, rows: 10))
        let screen = Self.screen(run, name: "Short")
        let (_, ending) = try run.run(Self.session(Self.short, prepare: 0), screen)

        #expect(run.shown(at: .seconds(21)).hasSuffix("Restart from the beginning? [y/N]"))
        #expect(run.shown(at: .seconds(21)).contains("REST — PAUSED"))
        #expect(run.shown(at: .seconds(22)).contains("WORK  0:20"), "\(run.shown(at: .seconds(22)))")
        #expect(run.shown(at: .seconds(22)).hasSuffix("Restarted"))
        #expect(run.player.played == Array(Self.shortCues().prefix(5)) + [Self.cue(.start, 22)])
        #expect(ending == .signal(SIGTERM))
    }

    // MARK: Resize

    @Test func resizingRedrawsAtTheNewSizeAndTheTimerRunsOn() throws {
        let run = InProcessRun([
            (.seconds(3), .resize(TerminalSize(columns: 40, rows: 10))),
            (.seconds(4), .resize(TerminalSize(columns: 20, rows: 5))),
            (.seconds(6), .signal(SIGTERM)),
        ])
        let screen = Self.screen(run, name: "Short")
        let (_, ending) = try run.run(Self.session(Self.short, prepare: 0), screen)

        #expect(run.frames.first?.frame.size == TerminalSize(columns: 80, rows: 24))
        #expect(run.screen(at: .at(2.999)).count == 24)
        let compact = run.screen(at: .seconds(3))
        #expect(compact.count == 10 && compact.allSatisfy { $0.count <= 40 }, "\(compact)")
        #expect(run.shown(at: .seconds(3)).contains("WORK  0:17"), "\(compact)")
        let tiny = run.screen(at: .seconds(4))
        #expect(tiny.first == "WORK 0:16", "\(tiny)")
        #expect(tiny.count == 5)
        #expect(run.screen(at: .seconds(5)).first == "WORK 0:15", "the timer runs on")
        #expect(ending == .signal(SIGTERM))
        #expect(run.player.played == [Self.cue(.start, 0)])
    }

    // MARK: Commands on stdin, mute, and the notice that cues are off

    @Test func eventsCommandsPauseMuteSkipAndQuitAndMutedCuesSaySo() throws {
        let run = InProcessRun([
            (.seconds(5), .input("pause\n")), (.seconds(6), .input("resume\nmute\n")),
            (.at(6.5), .input("jump\nlap\n")), (.seconds(19), .input("skip\n")), (.seconds(20), .input("quit\n")),
        ])
        let events = EventsFrontEnd(adapter: IntervalRun(workoutName: "Short"), output: run.output, errors: run.error)
        let (_, ending) = try run.run(Self.session(Self.short, prepare: 0), events)

        #expect(ending == .quit)
        #expect(run.player.played == [Self.cue(.start, 0)], "nothing sounds once muted")
        #expect(run.lines == [
            #"{"due":0,"durationSeconds":20,"event":"segment","exercise":1,"exercises":1,"index":0,"kind":"work","label":"Squats","round":1,"rounds":2,"t":0}"#,
            #"{"cue":"start","due":0,"event":"cue","t":0}"#,
            #"{"event":"pause","t":5}"#,
            #"{"event":"resume","t":6}"#,
            #"{"event":"mute","muted":true,"t":6}"#,
            #"{"cue":"beep","due":18,"event":"cue","muted":true,"t":18}"#,
            #"{"cue":"beep","due":19,"event":"cue","muted":true,"t":19}"#,  // due as the skip comes: played first
            #"{"event":"skip","index":0,"t":19}"#,
            #"{"due":19,"durationSeconds":10,"event":"segment","exercise":1,"exercises":1,"index":1,"kind":"rest","label":"Squats","round":1,"rounds":2,"t":19}"#,
            #"{"cue":"rest","due":19,"event":"cue","muted":true,"t":19}"#,
            #"{"event":"quit","t":20}"#,
        ])
        #expect(run.errors == [
            "hiit: unknown command 'jump' on stdin; expected pause, resume, skip, next, back, add, take, finish, reset, mute or quit",
            "hiit: 'lap' applies to multisport sessions; ignored",
        ])
    }

    @Test func theScreenSaysWhyCuesAreOffForSixSecondsAndMSaysItAgain() throws {
        let run = InProcessRun([(.seconds(8), .input("m")), (.seconds(11), .input("p")), (.seconds(12), .signal(SIGHUP))])
        let screen = ScreenFrontEnd(adapter: IntervalRun(workoutName: "Short"), cuesOffReason: "cannot open audio device 'default': No such file",
                                    isMuted: false, styleMode: .plain, glyphs: .unicode, size: { run.size },
                                    write: run.wroteFrame)
        run.currentFrame = { [weak screen] in screen?.frame }
        let (_, ending) = try run.run(Self.session(Self.short, prepare: 0), screen)

        let notice = "Cues are off: cannot open audio device 'default'"
        #expect(run.screen(at: .zero).first?.hasSuffix("cues off") == true)
        #expect(run.shown(at: .at(5.999)).hasSuffix(notice))
        #expect(run.shown(at: .seconds(6)).hasSuffix("space pause · ← back · n skip · +/- 10 s · r restart · m mute · q quit"))
        #expect(run.shown(at: .seconds(8)).hasSuffix(notice), "m cannot turn on cues that cannot play")
        #expect(run.shown(at: .at(9.999)).hasSuffix(notice))
        #expect(run.shown(at: .seconds(10)).hasSuffix("q quit"), "a notice stays 2 s")
        #expect(run.shown(at: .seconds(11)).contains("WORK — PAUSED"), "p pauses as space does")
        #expect(ending == .signal(SIGHUP))
    }
}
