import Foundation
import Testing
import SessionEngine
import TerminalUI
import WorkoutModel
#if canImport(Glibc)
import Glibc
#endif
@testable import HiitApp

/// Whole multisport runs in-process: the real loop and front ends on a manual clock, commands
/// and keys from a script. A two-hour race takes milliseconds and the 3 s double-press window
/// is met to the millisecond, not slept through.
@Suite struct MultisportRunInProcessTests {
    static var sprintRun: MultisportRun { MultisportScreenTests.sprintRun }

    static func screen(_ run: InProcessRun) -> ScreenFrontEnd<MultisportRun> {
        let screen = ScreenFrontEnd(adapter: sprintRun, cuesOffReason: nil, isMuted: false, styleMode: .plain,
                                              glyphs: .unicode, size: { run.size }, write: run.wroteFrame)
        run.currentFrame = { [weak screen] in screen?.frame }
        return screen
    }

    static func cue(_ cue: Cue, _ seconds: Double) -> TimedCuePlayer.Played {
        TimedCuePlayer.Played(cue: cue, at: .at(seconds))
    }

    // MARK: A plan over --events

    @Test func aPlanRunsWithNextLapAndUndoInT1() throws {
        let run = InProcessRun([
            (.seconds(600), .input("next\n")),  // swim → T1
            (.seconds(601), .input("next\n")),  // a second next within 3 s: ignored
            (.seconds(602), .input("lap\n")),   // a lap in a transition: nothing
            (.seconds(603), .input("undo\n")),  // back in the swim
            (.seconds(610), .input("next\n")),  // T1 again
            (.seconds(700), .input("next\n")),  // the bike
            (.seconds(1000), .input("lap\n")),  // lap 2 of the bike
            (.seconds(2000), .input("finish\n")),
        ])
        let events = EventsFrontEnd(adapter: Self.sprintRun, output: run.output, errors: run.error)
        let (loop, ending) = try run.run(MultisportSession(mode: Self.sprintRun.mode), events)

        #expect(ending == .finished(.seconds(2000)))
        #expect(run.player.played == [Self.cue(.swim, 0), Self.cue(.transition, 600), Self.cue(.transition, 610),
                                      Self.cue(.bike, 700), Self.cue(.congratulations, 2000)])
        let lines = try run.events()
        let summary = lines.map { line -> String in
            let event = line["event"] as? String ?? "?"
            let t = (line["t"] as? Double).map { "\(Int($0))" } ?? "?"
            let label = line["label"] as? String ?? line["message"] as? String ?? (line["number"] as? Int).map { "\($0)" } ?? ""
            return "\(t) \(event) \(label)".trimmingCharacters(in: .whitespaces)
        }
        #expect(summary == [
            "0 leg Swim", "0 cue",
            "600 leg T1", "600 cue",
            "601 ignored a second next within 3 s is ignored",
            "603 undo Swim",
            "610 leg T1", "610 cue",
            "700 leg Bike", "700 cue",
            "1000 lap 2",
            "2000 cue", "2000 finish",
        ], "\(run.lines)")
        let late = lines.filter { line in line["due"] != nil && line["due"] as? Double != line["t"] as? Double }
        #expect(late.isEmpty, "every line with a due instant was written at it: \(late)")
        let legs = loop.session.results(at: .seconds(2000))
        #expect(legs.map(\.sport) == [.swimming, .transition, .cycling])
        #expect(legs.map(\.elapsed) == [.seconds(610), .seconds(90), .seconds(1300)], "the undo moved the swim's end")
        #expect(legs[2].laps.map(\.elapsed) == [.seconds(300), .seconds(1000)])
        #expect(run.errors.isEmpty)
    }

    // MARK: The double-n guard on the screen

    @Test func aSecondNWithinThreeSecondsIsIgnoredAndSaidSo() throws {
        let run = InProcessRun([
            (.seconds(10), .input("n")),        // T1
            (.at(12.999), .input("n")),         // 2.999 s later: ignored
            (.seconds(13), .input("n")),        // 3 s after the last accepted one: the bike
            (.seconds(15), .input("q")), (.seconds(16), .input("y")),
        ])
        let (loop, ending) = try run.run(MultisportSession(mode: Self.sprintRun.mode), Self.screen(run))

        #expect(run.shown(at: .seconds(10)).contains("LEG 2/5 · T1"))
        let ignored = run.shown(at: .at(12.999))
        #expect(ignored.contains("LEG 2/5 · T1") && ignored.hasSuffix("Second n within 3 s ignored"), "\(ignored)")
        #expect(run.shown(at: .seconds(13)).contains("LEG 3/5 · BIKE"), "\(run.shown(at: .seconds(13)))")
        #expect(run.shown(at: .seconds(13)).hasSuffix("Started Bike"))
        #expect(run.player.played == [Self.cue(.swim, 0), Self.cue(.transition, 10), Self.cue(.bike, 13)])
        #expect(run.shown(at: .seconds(15)).hasSuffix("Quit? Nothing will be recorded. [y/N]"))
        #expect(ending == .quit)
        #expect(loop.session.derive().legs.map(\.start) == [.zero, .seconds(10), .seconds(13)])
    }

    // MARK: Finish

    @Test func finishAsksFirstAndTheRaceClockRunsOnWhileItAsks() throws {
        let run = InProcessRun([
            (.seconds(10), .input("f")), (.seconds(15), .input("n")),  // no: carry on
            (.seconds(20), .input("f")), (.seconds(25), .input("y")),
        ])
        let (loop, ending) = try run.run(MultisportSession(mode: Self.sprintRun.mode), Self.screen(run))

        #expect(run.shown(at: .seconds(10)).hasSuffix("Finish and save? [y/N]"))
        // Unlike the interval timer, a race does not stop for a question.
        #expect(run.shown(at: .seconds(14)).contains("Race 0:14"), "\(run.shown(at: .seconds(14)))")
        #expect(run.shown(at: .seconds(14)).hasSuffix("Finish and save? [y/N]"))
        #expect(!run.shown(at: .seconds(14)).contains("PAUSED"))
        #expect(run.shown(at: .seconds(15)).hasSuffix("Carrying on"))
        #expect(run.shown(at: .seconds(20)).hasSuffix("Finish and save? [y/N]"))
        #expect(ending == .finished(.seconds(25)), "finished when the answer came, not when it was asked")
        #expect(run.player.played == [Self.cue(.swim, 0), Self.cue(.congratulations, 25)])
        #expect(loop.session.results(at: .seconds(25)).map(\.timer) == [.seconds(25)], "no pause in the swim")
    }

    // MARK: Plain lines, keys acting at once

    @Test func plainLinesSayEachBoundaryAndFActsAtOnce() throws {
        let run = InProcessRun([
            (.seconds(60), .input("n")), (.seconds(61), .input("l")), (.seconds(62), .input("u")),
            (.seconds(70), .input("L")), (.seconds(80), .input(" ")), (.seconds(90), .input("p")),
            (.seconds(95), .input("m")), (.seconds(100), .input("f")),
        ])
        let plain = PlainFrontEnd(adapter: Self.sprintRun, output: run.output, readsKeys: true)
        let (_, ending) = try run.run(MultisportSession(mode: Self.sprintRun.mode), plain)

        #expect(run.lines == [
            "Sprint triathlon: 5 legs",
            "0:00  Started Swim",
            "1:00  Started T1",
            "1:02  Undone: back in Swim",
            "1:10  Length 2",
            "1:20  Paused",
            "1:30  Resumed",
            "1:35  cues muted",
        ])
        #expect(ending == .finished(.seconds(100)), "no screen to ask on: f finishes at once")
        #expect(run.player.played == [Self.cue(.swim, 0), Self.cue(.transition, 60)])
    }

    // MARK: --events: mute, refusals, quit

    @Test func eventsLinesForMuteRefusalAndQuit() throws {
        let run = InProcessRun([
            (.seconds(1), .input("mute\nbegin swim\n")), (.seconds(2), .input("next\n")),
            (.seconds(3), .input("dance\n")), (.seconds(4), .endOfInput), (.seconds(9), .signal(SIGTERM)),
        ])
        let events = EventsFrontEnd(adapter: Self.sprintRun, output: run.output, errors: run.error)
        let (_, ending) = try run.run(MultisportSession(mode: Self.sprintRun.mode), events)

        #expect(ending == .signal(SIGTERM))
        #expect(run.lines == [
            #"{"due":0,"event":"leg","index":0,"label":"Swim","sport":"swimming","t":0}"#,
            #"{"cue":"swim","due":0,"event":"cue","t":0}"#,
            #"{"event":"mute","muted":true,"t":1}"#,
            #"{"event":"refused","message":"a plan's legs change with 'next'","t":1}"#,
            #"{"due":2,"event":"leg","index":1,"label":"T1","sport":"transition","t":2}"#,
            #"{"cue":"transition","due":2,"event":"cue","muted":true,"t":2}"#,
            #"{"event":"quit","signal":15,"t":9}"#,
        ])
        #expect(run.errors == [
            "hiit: unknown command 'dance' on stdin; expected next, lap, undo, begin SPORT, end, pause, resume, finish, mute or quit",
        ])
        #expect(run.player.played == [Self.cue(.swim, 0)])
    }

    @Test func noticesLastThreeSecondsAndTheHeaderSaysCuesOff() throws {
        let run = InProcessRun([(.seconds(12), .input("q")), (.seconds(13), .input("Y"))])
        let screen = ScreenFrontEnd(adapter: Self.sprintRun, cuesOffReason: "no sounds: Sounds/ not found",
                                              isMuted: false, styleMode: .plain, glyphs: .unicode, size: { run.size },
                                              write: run.wroteFrame)
        run.currentFrame = { [weak screen] in screen?.frame }
        let (_, ending) = try run.run(MultisportSession(mode: Self.sprintRun.mode), screen)

        #expect(run.screen(at: .zero).first?.hasSuffix("cues off") == true)
        // The first leg's start is said at once (it replaces the cues-off notice; stderr said it).
        #expect(run.shown(at: .zero).hasSuffix("Started Swim"))
        #expect(run.shown(at: .at(2.999)).hasSuffix("Started Swim"))
        #expect(run.shown(at: .seconds(3)).hasSuffix("n next leg · l lap · u undo · space pause · f finish · q quit · m mute"))
        #expect(ending == .quit, "a capital Y answers yes")
    }
}
