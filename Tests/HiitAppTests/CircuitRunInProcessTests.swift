import Foundation
import Testing
import SessionEngine
import WorkoutModel
@testable import HiitApp

/// A circuit run in-process on the manual clock (#16): the `--events` segment lines with their
/// new kinds and sets, the plain lines, the cues as played and the finish's times.
@Suite struct CircuitRunInProcessTests {
    /// Warm-up 4 s, two sets of Jacks 5/2 s × 1 with 3 s between sets, cool-down 4 s: 21 s.
    static let circuit = IntervalWorkout(
        name: "Mini", exercises: [Exercise(name: "Jacks", workSeconds: 5, restSeconds: 2, rounds: 1)],
        prepareSeconds: 0, warmUpSeconds: 4, coolDownSeconds: 4, sets: 2, restBetweenSetsSeconds: 3)

    static func cue(_ cue: Cue, _ seconds: Double) -> TimedCuePlayer.Played {
        TimedCuePlayer.Played(cue: cue, at: .at(seconds))
    }

    @Test("--events: a segment line for each part with its kind and set, cues on time, Total Time from the warm-up")
    func eventsOfACircuit() throws {
        let run = InProcessRun([])
        let events = EventsFrontEnd(adapter: IntervalRun(workoutName: "Mini"), output: run.output, errors: run.error)
        _ = try run.run(Session(program: Program(Self.circuit)), events)
        let lines = run.lines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        let segments = lines.filter { $0["event"] as? String == "segment" }
        #expect(segments.map { $0["kind"] as? String } == ["warmUp", "work", "restBetweenSets", "work", "coolDown"])
        #expect(segments.map { $0["due"] as? Double } == [0, 4, 9, 12, 17])
        #expect(segments.map { $0["set"] as? Int } == [nil, 1, 1, 2, nil])
        #expect(segments.map { $0["sets"] as? Int } == [nil, 2, 2, 2, nil])
        #expect(segments[2]["label"] as? String == "Rest between sets")
        #expect(run.player.played == [
            // Warm-up 0–4 (no room for "Next" before its first beep at 1).
            Self.cue(.warmUp, 0), Self.cue(.beep, 1), Self.cue(.beep, 2), Self.cue(.beep, 3),
            Self.cue(.name("Jacks"), 4), Self.cue(.beep, 6), Self.cue(.beep, 7), Self.cue(.beep, 8),
            Self.cue(.rest, 9), Self.cue(.beep, 10), Self.cue(.beep, 11),              // between sets 9–12
            Self.cue(.name("Jacks"), 12), Self.cue(.beep, 14), Self.cue(.beep, 15), Self.cue(.beep, 16),
            Self.cue(.coolDown, 17), Self.cue(.beep, 18), Self.cue(.beep, 19), Self.cue(.beep, 20), // cool-down 17–21
            Self.cue(.congratulations, 21),
        ])
        #expect(run.lines.last == #"{"due":21,"event":"finish","exercises":1,"pausedSeconds":0,"rounds":2,"t":21,"totalSeconds":21,"workoutSeconds":10}"#)
    }

    @Test("plain lines: WARM UP, each work with its set, REST BETWEEN SETS, COOL DOWN")
    func plainLinesOfACircuit() throws {
        let run = InProcessRun([])
        let plain = PlainFrontEnd(adapter: IntervalRun(workoutName: "Mini"), output: run.output, readsKeys: false)
        _ = try run.run(Session(program: Program(Self.circuit)), plain)
        #expect(Array(run.lines.prefix(6)) == [
            "Mini: 5 segments, estimated 21 s",
            "0:00  WARM UP  0:04",
            "0:04  WORK  Jacks  round 1/1  set 1/2  0:05",
            "0:09  REST BETWEEN SETS  set 1/2  0:03",
            "0:12  WORK  Jacks  round 1/1  set 2/2  0:05",
            "0:17  COOL DOWN  0:04",
        ])
    }
}
