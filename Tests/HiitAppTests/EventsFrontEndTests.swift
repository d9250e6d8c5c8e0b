import Testing
import SessionEngine
import WorkoutModel
@testable import HiitApp

/// The `--events` front end: commands read from stdin and the JSON lines written.
@Suite struct EventsFrontEndTests {
    final class Capture: @unchecked Sendable {
        var out: [String] = []
        var err: [String] = []
    }

    static let session = Session(program: Program(
        IntervalWorkout(name: "Q", exercises: [Exercise(name: "Quick", workSeconds: 3, restSeconds: 2, rounds: 2)]),
        prepareSeconds: 0))

    func frontEnd() -> (EventsFrontEnd<IntervalRun>, Capture) {
        let capture = Capture()
        return (EventsFrontEnd(adapter: IntervalRun(workoutName: "Q"), output: { capture.out.append($0) },
                               errors: { capture.err.append($0) }), capture)
    }

    @Test func commandsAreReadOnePerLineEvenWhenSplitAcrossReads() {
        let (events, _) = frontEnd()
        var commands: [RunCommand<Session.Event>] = []
        for chunk in ["pa", "use\nres", "ume\n", "skip\nnext\r\n", "finish\nquit\n"] {
            commands += events.commands(from: Array(chunk.utf8), session: Self.session, at: .zero)
        }
        #expect(commands == [.session(.pause), .session(.resume), .session(.skip), .session(.skip),
                             .session(.finish), .quit])
    }

    @Test func aLastCommandWithoutNewlineCountsAtEndOfInput() {
        let (events, _) = frontEnd()
        #expect(events.commands(from: Array("pause".utf8), session: Self.session, at: .zero).isEmpty)
        #expect(events.commands(from: nil, session: Self.session, at: .zero) == [.session(.pause)])
        #expect(events.commands(from: nil, session: Self.session, at: .zero).isEmpty)
    }

    @Test func unknownCommandsAreReportedOnStderrAndIgnored() {
        let (events, capture) = frontEnd()
        let commands = events.commands(from: Array("jump\n\n  PAUSE  \n".utf8), session: Self.session, at: .zero)
        #expect(commands == [.session(.pause)])
        #expect(capture.err.count == 1)
        #expect(capture.err.first?.contains("unknown command 'jump'") == true)
        #expect(capture.out.isEmpty)
    }

    @Test func segmentAndCueLinesCarryTheirExactSchedule() {
        let (events, capture) = frontEnd()
        events.show([.segmentChanged(index: 1, at: .milliseconds(3000)), .cue(.rest, due: .milliseconds(3000))],
                    session: Self.session, at: .milliseconds(3001))
        #expect(capture.out == [
            #"{"due":3,"durationSeconds":2,"event":"segment","exercise":1,"exercises":1,"index":1,"kind":"rest","label":"Quick","round":1,"rounds":2,"t":3.001}"#,
            #"{"cue":"rest","due":3,"event":"cue","t":3.001}"#,
        ])
    }

    @Test func finishLineHoldsTheMeasuredTimes() {
        let (events, capture) = frontEnd()
        let summary = SessionSummary(workout: "Q", firstWorkStart: .zero, end: .seconds(8), workoutSeconds: 6,
                                     totalSeconds: 8, pausedSeconds: 0, rounds: 2, exercises: 1)
        events.show([.finished(summary)], session: Self.session, at: .seconds(8))
        #expect(capture.out == [
            #"{"due":8,"event":"finish","exercises":1,"pausedSeconds":0,"rounds":2,"t":8,"totalSeconds":8,"workoutSeconds":6}"#,
        ])
    }
}

/// The run loop's wait arithmetic (pure; no clock is read).
@Suite struct RunLoopWaitTests {
    @Test func pollStopsShortOfTheDeadlineByItsSlack() {
        // 1 s left: 0.2 % (2 ms) + 1 ms early, then nanosleep the rest.
        #expect(DeadlineWait.pollWait(until: .seconds(11), from: .seconds(10)) == .milliseconds(997))
        #expect(DeadlineWait.pollWait(until: .milliseconds(10_000 + 1), from: .seconds(10)) == .zero)
        #expect(DeadlineWait.pollWait(until: .seconds(5), from: .seconds(10)) == .zero)
    }

    @Test func wholeMillisecondsRoundDown() {
        #expect(DeadlineWait.wholeMilliseconds(.microseconds(2999)) == 2)
        #expect(DeadlineWait.wholeMilliseconds(.zero) == 0)
        #expect(DeadlineWait.wholeMilliseconds(.seconds(-1)) == 0)
    }

    @Test func aRedrawPollsToTheNextWholeMillisecondNeverShortOfIt() {
        #expect(DeadlineWait.wholeMilliseconds(.microseconds(2001), roundingUp: true) == 3)
        #expect(DeadlineWait.wholeMilliseconds(.milliseconds(250), roundingUp: true) == 250)
        #expect(DeadlineWait.wholeMilliseconds(.nanoseconds(1), roundingUp: true) == 1)
        #expect(DeadlineWait.wholeMilliseconds(.zero, roundingUp: true) == 0)
    }
}
