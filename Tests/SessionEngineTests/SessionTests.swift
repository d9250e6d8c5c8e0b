import Foundation
import Testing
import WorkoutModel
@testable import SessionEngine

/// A fired cue: what, when it was due, and when the session reported it.
struct FiredCue: Equatable, CustomStringConvertible {
    var cue: Cue
    var due: Duration
    var at: Duration
    var description: String { "\(cue.kind)\(cue.detail.map { "(\($0))" } ?? "")@\(due.inSeconds)" }
}

/// Drives a session by hand, like a run loop with a perfect clock.
struct Driver {
    var session: Session
    var now: Duration = .zero
    var fired: [FiredCue] = []
    var segmentChanges: [(index: Int, at: Duration)] = []
    var summary: SessionSummary?

    /// A driver of `workout` compiled with `cues`: by default the classic cues of DESIGN §2
    /// ("Start", "Rest", beeps), whose timing most tables here check; the spoken cues of #16
    /// have their own tables (SpokenCueTests).
    init(_ workout: IntervalWorkout, prepare: Int? = nil, cues: CueSettings = .classic, lengths: CueLengths = .estimated) {
        session = Session(program: Program(workout, prepareSeconds: prepare, cues: cues), cueLengths: lengths)
    }

    mutating func send(_ event: Session.Event, at t: Duration) {
        now = t
        for effect in session.handle(event, at: t) {
            switch effect {
            case let .cue(cue, due): fired.append(FiredCue(cue: cue, due: due, at: t))
            case let .segmentChanged(index, at): segmentChanges.append((index, at))
            case let .finished(s): summary = s
            default: break
            }
        }
    }

    /// Ticks at each deadline until `limit` or the end.
    mutating func run(until limit: Duration) {
        while let deadline = session.nextDeadline, deadline <= limit {
            send(.tick, at: deadline)
        }
        if now < limit, session.phase == .running { send(.tick, at: limit) }
    }

    var cueNames: [String] { fired.map(\.description) }
}

func s(_ seconds: Double) -> Duration { .milliseconds(Int64((seconds * 1000).rounded())) }

let quick32 = IntervalWorkout(name: "3/2x2", exercises: [.init(name: "Quick", workSeconds: 3, restSeconds: 2, rounds: 2)])
let tabata = IntervalWorkout(name: "Tabata", exercises: [.init(name: "Burpees", workSeconds: 20, restSeconds: 10, rounds: 8)])

@Suite struct SessionCueTests {
    @Test func everyCueFiresAtItsExactInstant() {
        var d = Driver(quick32, prepare: 5)
        d.send(.start, at: .zero)
        d.run(until: .seconds(100))
        #expect(d.cueNames == [
            "beep@2.0", "beep@3.0", "beep@4.0",        // prepare 0–5
            "start@5.0", "beep@6.0", "beep@7.0",       // work 5–8
            "rest@8.0", "beep@9.0",                    // rest 8–10
            "start@10.0", "beep@11.0", "beep@12.0",    // work 10–13
            "congratulations@13.0",
        ])
        #expect(d.fired.allSatisfy { $0.at == $0.due })
        #expect(d.segmentChanges.map(\.at) == [.zero, .seconds(5), .seconds(8), .seconds(10)])
        #expect(d.session.phase == .finished)
    }

    @Test func pauseAtTwoAndAHalfSecondsRemainingKeepsOnlyTheTwoAndOneBeeps() {
        var d = Driver(tabata, prepare: 0)
        d.send(.start, at: .zero)
        d.run(until: s(17.5))
        #expect(d.cueNames == ["start@0.0", "beep@17.0"])
        d.send(.pause, at: s(17.5))
        #expect(d.session.snapshot(at: s(25)).remainingInSegment == s(2.5))
        #expect(d.session.nextDeadline == nil)
        d.send(.resume, at: .seconds(30))
        // 2.5 s remain from the resume: the segment ends at 32.5, beeps 2 and 1 s before
        #expect(d.session.nextDeadline == s(30.5))
        d.run(until: s(32.5))
        #expect(d.cueNames == ["start@0.0", "beep@17.0", "beep@30.5", "beep@31.5", "rest@32.5"])
        #expect(d.fired.allSatisfy { $0.at == $0.due })
        #expect(d.segmentChanges.last?.at == s(32.5))
    }

    @Test func skipDuringTheCountdownPlaysNoStaleBeeps() {
        var d = Driver(tabata, prepare: 0)
        d.send(.start, at: .zero)
        d.run(until: s(18.2))
        #expect(d.cueNames == ["start@0.0", "beep@17.0", "beep@18.0"])
        d.send(.skip, at: s(18.3))
        #expect(d.session.currentIndex == 1)
        #expect(d.cueNames.last == "rest@18.3")
        d.run(until: s(28.3))
        // the rest runs its full 10 s from the skip; only its own beeps sound
        #expect(d.cueNames == ["start@0.0", "beep@17.0", "beep@18.0", "rest@18.3",
                               "beep@25.3", "beep@26.3", "beep@27.3", "start@28.3"])
    }

    @Test func tenPausesInOneSecondLoseNoTime() {
        var d = Driver(tabata, prepare: 0)
        d.send(.start, at: .zero)
        for i in 0..<10 {
            d.send(.pause, at: s(5 + Double(i) * 0.1))
            d.send(.resume, at: s(5.05 + Double(i) * 0.1))
        }
        // 10 × 50 ms paused: the work segment ends at 20.5 s exactly
        #expect(d.session.snapshot(at: .seconds(10)).remainingInSegment == s(10.5))
        d.run(until: .seconds(21))
        #expect(d.segmentChanges.map(\.at) == [.zero, s(20.5)])
        #expect(d.cueNames == ["start@0.0", "beep@17.5", "beep@18.5", "beep@19.5", "rest@20.5"])
    }

    @Test func afterAThirtySecondStallTheEngineCatchesUpSilently() {
        var d = Driver(tabata, prepare: 0)
        d.send(.start, at: .zero)
        d.run(until: .seconds(5))
        d.send(.tick, at: .seconds(35))   // the process was stopped from 5 s to 35 s
        #expect(d.cueNames == ["start@0.0"])
        #expect(d.segmentChanges.map(\.index) == [0, 1, 2])
        #expect(d.segmentChanges.map(\.at) == [.zero, .seconds(20), .seconds(30)])
        #expect(d.session.snapshot(at: .seconds(35)).remainingInSegment == .seconds(15))
        d.run(until: .seconds(50))
        #expect(d.cueNames == ["start@0.0", "beep@47.0", "beep@48.0", "beep@49.0", "rest@50.0"])
    }

    @Test func aCueLessThanHalfASecondLateStillPlaysAndOneLaterIsDropped() {
        var d = Driver(tabata, prepare: 0)
        d.send(.start, at: .zero)
        d.send(.tick, at: s(17.4))
        #expect(d.cueNames == ["start@0.0", "beep@17.0"])
        d.send(.tick, at: s(18.6))
        #expect(d.cueNames == ["start@0.0", "beep@17.0"])
    }

    @Test func skipWhilePausedStartsTheNextSegmentPausedAndCuesItOnResume() {
        var d = Driver(tabata, prepare: 0)
        d.send(.start, at: .zero)
        d.send(.pause, at: .seconds(4))
        d.send(.skip, at: .seconds(6))
        #expect(d.session.phase == .paused)
        #expect(d.session.currentIndex == 1)
        #expect(d.session.snapshot(at: .seconds(9)).remainingInSegment == .seconds(10))
        d.send(.resume, at: .seconds(9))
        #expect(d.cueNames == ["start@0.0", "rest@9.0"])
        #expect(d.session.nextDeadline == .seconds(16))
    }

    @Test func eventsOutOfPlaceChangeNothing() {
        var session = Session(program: Program(quick32, prepareSeconds: 0))
        #expect(session.handle(.pause, at: .zero).isEmpty)
        #expect(session.handle(.resume, at: .zero).isEmpty)
        #expect(session.handle(.skip, at: .zero).isEmpty)
        #expect(session.handle(.reset, at: .zero).isEmpty)
        _ = session.handle(.start, at: .zero)
        #expect(session.handle(.start, at: .seconds(1)).isEmpty)
        #expect(session.handle(.resume, at: .seconds(1)).isEmpty)
        _ = session.handle(.finish, at: .seconds(2))
        #expect(session.phase == .finished)
        #expect(session.handle(.tick, at: .seconds(3)).isEmpty)
        #expect(session.handle(.skip, at: .seconds(3)).isEmpty)
        #expect(session.nextDeadline == nil)
    }

    @Test func resetStartsOverAndForgetsWhatWasMeasured() {
        var d = Driver(quick32, prepare: 0)
        d.send(.start, at: .zero)
        d.run(until: .seconds(4))
        d.send(.reset, at: .seconds(4))
        #expect(d.session.currentIndex == 0)
        #expect(d.session.phase == .running)
        #expect(d.cueNames.last == "start@4.0")
        d.run(until: .seconds(100))
        #expect(d.summary?.workoutSeconds == 6)
        #expect(d.summary?.totalSeconds == 8)
        #expect(d.summary?.firstWorkStart == .seconds(4))
    }

    @Test func timeNeverRunsBackwards() {
        var d = Driver(tabata, prepare: 0)
        d.send(.start, at: .seconds(10))
        d.send(.tick, at: .seconds(5))
        #expect(d.session.snapshot(at: .seconds(10)).remainingInSegment == .seconds(20))
        #expect(d.session.nextDeadline == .seconds(27))
    }
}

@Suite struct SessionTotalsTests {
    @Test func tabataWithPrepareAndAPauseMeasuresWorkoutTotalAndPausedTime() throws {
        var d = Driver(tabata, prepare: 10)
        d.send(.start, at: .zero)
        d.run(until: .seconds(75))
        d.send(.pause, at: .seconds(75))
        d.send(.resume, at: .seconds(80))
        d.run(until: .seconds(1000))
        let summary = try #require(d.summary)
        #expect(summary.workoutSeconds == 160)
        #expect(summary.totalSeconds == 230)
        #expect(summary.pausedSeconds == 5)
        #expect(summary.firstWorkStart == .seconds(10))
        #expect(summary.end == .seconds(245))
        #expect(summary.rounds == 8)
        #expect(summary.exercises == 1)
    }

    @Test func pausesDuringPrepareAreNotPausedWorkoutTime() {
        var d = Driver(quick32, prepare: 10)
        d.send(.start, at: .zero)
        d.send(.pause, at: .seconds(2))
        d.send(.resume, at: .seconds(30))
        d.run(until: .seconds(100))
        #expect(d.summary?.pausedSeconds == 0)
        #expect(d.summary?.firstWorkStart == .seconds(38))
        #expect(d.summary?.totalSeconds == 8)
    }

    @Test func finishingEarlyRecordsWhatWasDone() {
        var d = Driver(tabata, prepare: 0)
        d.send(.start, at: .zero)
        d.run(until: .seconds(25))
        d.send(.finish, at: .seconds(25))
        #expect(d.summary?.workoutSeconds == 20)
        #expect(d.summary?.totalSeconds == 25)
        #expect(d.summary?.rounds == 1)
        #expect(d.cueNames.last == "congratulations@25.0")
    }

    @Test func finishingDuringPrepareHasNoWorkToRecord() {
        var d = Driver(tabata, prepare: 10)
        d.send(.start, at: .zero)
        d.send(.finish, at: .seconds(3))
        #expect(d.summary?.firstWorkStart == nil)
        #expect(d.summary?.totalSeconds == 0)
    }

    @Test func skippingTheLastSegmentCompletes() {
        var d = Driver(quick32, prepare: 0)
        d.send(.start, at: .zero)
        d.run(until: .seconds(6))
        d.send(.skip, at: .seconds(6))
        #expect(d.session.phase == .finished)
        #expect(d.summary?.workoutSeconds == 4)
        #expect(d.summary?.totalSeconds == 6)
    }

    @Test func snapshotShowsElapsedAndRemainingWorkoutTime() {
        var d = Driver(tabata, prepare: 10)
        d.send(.start, at: .zero)
        d.run(until: .seconds(35))
        let snap = d.session.snapshot(at: .seconds(35))
        // prepare 0–10, work 10–30, rest 30–40
        #expect(snap.segment?.kind == .rest)
        #expect(snap.totalElapsed == .seconds(25))
        #expect(snap.workElapsed == .seconds(20))
        #expect(snap.sessionElapsed == .seconds(35))
        #expect(snap.remaining == .seconds(205))
        #expect(snap.nextSegment?.kind == .work)
    }
}

/// What gets recorded when segments are skipped (issue "What users hit", item 6): a round
/// counts when at least half of its work ran; Workout Time is the work actually run.
@Suite struct SkippedRoundTests {
    @Test func skippingEverythingCountsNoRoundAndRecordsNothing() throws {
        var d = Driver(tabata, prepare: 0)
        d.send(.start, at: .zero)
        for i in 1...15 { d.send(.skip, at: s(Double(i) * 0.1)) }
        let summary = try #require(d.summary)
        #expect(summary.rounds == 0 && summary.exercises == 0)
        #expect(summary.workoutSeconds < 1, "the work actually run: \(summary.workoutSeconds)")
        #expect(summary.record(id: UUID(), weightKg: 70, wallOrigin: Date(timeIntervalSince1970: 0),
                               timeZone: TimeZone(identifier: "UTC") ?? .current) == nil, "skipping everything is not a workout")
    }

    @Test(arguments: [(8.0, 0), (9.99, 0), (10.0, 1), (19.0, 1)])
    func aRoundCountsWhenHalfOfItsWorkRan(skippedAfter: Double, rounds: Int) throws {
        var d = Driver(tabata, prepare: 0)
        d.send(.start, at: .zero)
        d.send(.skip, at: s(skippedAfter))
        d.send(.finish, at: s(skippedAfter + 1))
        #expect(d.summary?.rounds == rounds)
        #expect(d.summary?.workoutSeconds == skippedAfter, "Workout Time is what ran, counted or not")
    }

    @Test func pausedTimeDoesNotMakeARoundCount() {
        var d = Driver(tabata, prepare: 0)
        d.send(.start, at: .zero)
        d.send(.pause, at: .seconds(4))
        d.send(.resume, at: .seconds(60))
        d.send(.skip, at: .seconds(64))
        d.send(.finish, at: .seconds(65))
        #expect(d.summary?.rounds == 0, "8 s of work ran, however long it was on screen")
    }

    @Test func exercisesCountOnlyWithADoneRound() {
        let two = IntervalWorkout(name: "Two", exercises: [.init(name: "A", workSeconds: 10, restSeconds: 0, rounds: 1),
                                                           .init(name: "B", workSeconds: 10, restSeconds: 0, rounds: 1)],
                                  restBetweenExercisesSeconds: 5)
        var d = Driver(two, prepare: 0)
        d.send(.start, at: .zero)
        d.run(until: .seconds(15))           // A done, the rest between run
        d.send(.skip, at: .seconds(16))      // B skipped after 1 s
        #expect(d.summary?.rounds == 1 && d.summary?.exercises == 1)
    }
}
