import Foundation
import Testing
import SessionEngine
import TerminalUI
import WorkoutModel
@testable import HiitApp

/// `+`, `-` and ← on the timer screen, and `add`, `take`, `back` with `--events` (#16), in whole
/// runs on a manual clock: what the person sees and hears after each change.
@Suite struct TimeChangeInProcessTests {
    @Test func plusMinusAndLeftOnTheScreen() throws {
        let run = InProcessRun([
            (.seconds(5), .input("+")),            // work 20 → 30 s
            (.seconds(6), .input("-")),            // and back to 20 s
            (.seconds(7), .input("=")),            // + without shift: 30 s
            (.seconds(10), .input("\u{1b}[D")),    // ← at 10 s: the work again from its start
            (.seconds(60), .input("q")), (.seconds(61), .input("y")),
        ])
        let screen = IntervalRunInProcessTests.screen(run, name: "Short")
        _ = try run.run(IntervalRunInProcessTests.session(IntervalRunInProcessTests.short, prepare: 0), screen)
        #expect(run.shown(at: .seconds(5)).contains("+10 s"), "\(run.shown(at: .seconds(5)))")
        #expect(run.shown(at: .seconds(5)).contains("Remaining 0:55"), "25 s of this work, then 10 + 20: \(run.shown(at: .seconds(5)))")
        #expect(run.shown(at: .seconds(6)).contains("−10 s"))
        #expect(run.shown(at: .seconds(6)).contains("Remaining 0:44"), "14 s of this work, then 10 + 20")
        #expect(run.shown(at: .seconds(10)).contains("Back to WORK Squats"), "\(run.shown(at: .seconds(10)))")
        #expect(run.shown(at: .seconds(10)).contains("Remaining 1:00"), "the work from its start, with the 10 s added, then 10 + 20")
        // "Start" at 0 and again at 10 s; the countdown before the new end at 40 s; rest at 40 s.
        let played = run.player.played.map { "\($0.cue.kind)@\($0.at)" }
        #expect(played.prefix(6) == ["start@0.0 seconds", "start@10.0 seconds", "beep@37.0 seconds", "beep@38.0 seconds",
                                     "beep@39.0 seconds", "rest@40.0 seconds"], "\(played)")
    }

    @Test func addTakeAndBackOverEvents() throws {
        let run = InProcessRun([
            (.seconds(5), .input("add\n")),
            (.seconds(22), .input("take\n")),       // 22 of 30 s: the work ends at 22 s
            (.seconds(23), .input("back\n")),       // 1 s into the rest: back to the work
        ])
        let events = EventsFrontEnd(adapter: IntervalRun(workoutName: "Short"), output: run.output, errors: run.error)
        _ = try run.run(IntervalRunInProcessTests.session(IntervalRunInProcessTests.short, prepare: 0), events)
        let lines = try run.events()
        let changes = lines.filter { ["time", "back"].contains($0["event"] as? String) }
        #expect(changes.count == 3, "\(run.lines)")
        #expect(changes.first?["amountSeconds"] as? Double == 10 && changes.first?["durationSeconds"] as? Double == 30)
        #expect(changes.dropFirst().first?["amountSeconds"] as? Double == -8, "only what was left: 8 s")
        #expect(changes.last?["event"] as? String == "back" && changes.last?["index"] as? Int == 0)
        let segments = lines.filter { $0["event"] as? String == "segment" }.compactMap { $0["due"] as? Double }
        #expect(segments.prefix(4) == [0, 22, 23, 45], "work, rest at 22 s, the work again at 23 s (its 22 s), rest at 45 s")
        #expect(run.errors.isEmpty, "\(run.errors)")
    }
}
