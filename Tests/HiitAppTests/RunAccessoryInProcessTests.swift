import Foundation
import Testing
import SessionEngine
import WorkoutModel
@testable import HiitApp

/// The run loop with an accessory (gpsd's place, #15) on a manual clock: the accessory's work
/// comes in the same wait as the session's, never moves a boundary or a cue, and what it asks
/// for reaches the session and the front end.
@Suite struct RunAccessoryInProcessTests {
    /// An accessory with work every `every` (gpsd's reports, three a second), which pauses the
    /// session once at `pauseAt` and resumes it `pauseFor` later.
    final class Ticking: RunAccessory {
        typealias Engine = Session
        let every: Duration
        let pauseAt: Duration?
        let pauseFor: Duration
        private var next: Duration = .zero
        private var resumeAt: Duration?
        private(set) var served: [Duration] = []
        private(set) var ended = 0

        init(every: Duration, pauseAt: Duration? = nil, pauseFor: Duration = .seconds(5)) {
            self.every = every
            self.pauseAt = pauseAt
            self.pauseFor = pauseFor
        }

        var watched: [WatchedDescriptor] { [] }
        func nextDeadline(after now: Duration) -> Duration? { next }
        func begin(at now: Duration, wallOrigin: Date) -> [RunNote] {
            next = now + every
            return [RunNote(text: "GPS: connected", line: nil)]
        }
        func service(ready: [Int32], session: Session, at now: Duration) -> RunAccessoryWork<Session.Event> {
            var work = RunAccessoryWork<Session.Event>()
            guard now >= next else { return work }
            served.append(now)
            next += every
            work.notes.append(RunNote(text: nil, line: EventLine(event: "gps", t: now.inSeconds)))
            if let pauseAt, now >= pauseAt, resumeAt == nil {
                work.events.append(.pause)
                resumeAt = now + pauseFor
            } else if let resumeAt, now >= resumeAt, !session.isCounting {
                work.events.append(.resume)
            }
            return work
        }
        func end() { ended += 1 }
    }

    @Test func anAccessoryWithWorkThreeTimesASecondMovesNoCue() throws {
        let run = InProcessRun([])
        let events = EventsFrontEnd(adapter: IntervalRun(workoutName: "Short"), output: run.output, errors: run.error)
        let accessory = Ticking(every: .milliseconds(333))
        let (_, ending) = try run.run(IntervalRunInProcessTests.session(IntervalRunInProcessTests.short, prepare: 0), events,
                                      accessory: accessory)
        guard case .finished = ending else {
            Issue.record("the run did not finish: \(ending)")
            return
        }
        #expect(run.player.played == IntervalRunInProcessTests.shortCues(), "every cue on its instant")
        let lines = try run.events()
        let late = lines.filter { line in line["due"] != nil && line["due"] as? Double != line["t"] as? Double }
        #expect(late.isEmpty, "every line with a due instant was written at it: \(late)")
        #expect(accessory.served.count == 150, "work every 333 ms for 50 s")
        #expect(accessory.served.first == .milliseconds(333))
        #expect(lines.filter { $0["event"] as? String == "gps" }.count == 150, "the accessory's lines are written")
        #expect(accessory.ended == 1)
        // The session's deadlines are waited for precisely; the accessory's alone are not.
        let served = Set(accessory.served)
        let deadlines = run.wait.deadlines
        #expect(deadlines.contains { served.contains($0.at) && !$0.precisely })
        #expect(deadlines.filter { $0.at == .seconds(20) }.allSatisfy { $0.precisely }, "the rest begins at 20 s, precisely")
    }

    @Test func anAccessoryCanPauseAndResumeTheSession() throws {
        let run = InProcessRun([])
        let events = EventsFrontEnd(adapter: IntervalRun(workoutName: "Short"), output: run.output, errors: run.error)
        let accessory = Ticking(every: .seconds(1), pauseAt: .seconds(5), pauseFor: .seconds(4))
        _ = try run.run(IntervalRunInProcessTests.session(IntervalRunInProcessTests.short, prepare: 0), events,
                        accessory: accessory)
        // Paused at 5 s, resumed at 9 s: everything after moves by 4 s.
        #expect(run.player.played == IntervalRunInProcessTests.shortCues(pausedFor: 4))
        let kinds = try run.events().compactMap { $0["event"] as? String }.filter { $0 == "pause" || $0 == "resume" }
        #expect(kinds == ["pause", "resume"])
    }

    @Test func theAccessoryIsEndedWhenTheRunIsQuit() throws {
        let run = InProcessRun([(.seconds(3), .input("quit\n"))])
        let events = EventsFrontEnd(adapter: IntervalRun(workoutName: "Short"), output: run.output, errors: run.error)
        let accessory = Ticking(every: .seconds(1))
        let (_, ending) = try run.run(IntervalRunInProcessTests.session(IntervalRunInProcessTests.short, prepare: 0), events,
                                      accessory: accessory)
        #expect(ending == .quit)
        #expect(accessory.ended == 1)
    }
}
