import Foundation
import Testing
import WorkoutModel
@testable import SessionEngine

/// `+`/`-` and ← while a workout runs (#16): time added to or taken from the current segment,
/// and going back to its start or to the previous one, with injected instants. Every cue
/// sounds once, at the place the changed timeline puts it; the record counts what was done.
@Suite struct TimeChangeTests {
    /// 20 s work, 10 s rest, two rounds, no prepare: work 0–20, rest 20–30, work 30–50.
    static let short = IntervalWorkout(name: "Short", exercises: [.init(name: "Squats", workSeconds: 20, restSeconds: 10, rounds: 2)])

    static func driver() -> Driver {
        var d = Driver(Self.short, prepare: 0)
        d.send(.start, at: .zero)
        return d
    }

    @Test func tenSecondsAddedMoveTheEndAndItsBeeps() {
        var d = Self.driver()
        d.run(until: s(5))
        d.send(.addTime(.seconds(10)), at: s(5))
        d.run(until: s(100))
        #expect(d.cueNames == ["start@0.0", "beep@27.0", "beep@28.0", "beep@29.0", "rest@30.0",
                               "beep@37.0", "beep@38.0", "beep@39.0", "start@40.0",
                               "beep@57.0", "beep@58.0", "beep@59.0", "congratulations@60.0"])
        #expect(d.summary?.workoutSeconds == 50, "the first work's 30 s and the second's 20 s")
    }

    @Test func timeAddedAfterTheCountdownBeganBeepsOnlyAtTheNewEnd() {
        var d = Self.driver()
        d.run(until: s(18))   // the beeps at 17 and 18 s have sounded
        d.send(.addTime(.seconds(10)), at: s(18))
        d.run(until: s(31))
        #expect(d.cueNames == ["start@0.0", "beep@17.0", "beep@18.0", "beep@27.0", "beep@28.0", "beep@29.0", "rest@30.0"],
                "no beep twice at one instant, none at the old end")
    }

    @Test func timeTakenMovesTheEndEarlierAndNeverBelowWhatRan() {
        var d = Self.driver()
        d.run(until: s(5))
        d.send(.addTime(.seconds(-10)), at: s(5))
        d.run(until: s(10.5))
        #expect(d.cueNames == ["start@0.0", "beep@7.0", "beep@8.0", "beep@9.0", "rest@10.0"])
        // 3 s into the 10 s rest, 10 s taken: the rest ends now, the next work starts at once.
        d.send(.addTime(.seconds(-10)), at: s(13))
        #expect(d.segmentChanges.last?.index == 2 && d.segmentChanges.last?.at == s(13))
        #expect(d.cueNames.last == "start@13.0")
        let effects = d.session.handle(.addTime(.seconds(-10)), at: s(13))
        #expect(effects.contains(.timeAdded(index: 2, amount: .seconds(-10), duration: .seconds(10))))
    }

    @Test func timeTakenPastTheStartOfTheCountdownSkipsTheBeepsThatWouldBeLate() {
        var d = Self.driver()
        d.run(until: s(12))
        d.send(.addTime(.seconds(-10)), at: s(12))   // 20 → 12: ends now, no beep at 9, 10 or 11
        #expect(d.cueNames == ["start@0.0", "rest@12.0"])
        #expect(d.session.currentIndex == 1)
    }

    @Test func anOpenSegmentTakesNoTimeAndTheLengthHasACeiling() {
        let open = Program(name: "Open", segments: [Segment(kind: .leg, label: "Run", duration: nil)])
        var session = Session(program: open)
        _ = session.handle(.start, at: .zero)
        #expect(session.handle(.addTime(.seconds(10)), at: .seconds(1)).isEmpty)
        var d = Self.driver()
        for _ in 0..<400 { d.send(.addTime(.seconds(10)), at: s(1)) }
        #expect(d.session.snapshot(at: s(1)).segment?.duration == Session.longestSegment)
        #expect(d.session.snapshot(at: s(1)).remainingInSegment == Session.longestSegment - s(1))
    }

    @Test func timeAddedWhilePausedIsKeptForTheResume() {
        var d = Self.driver()
        d.run(until: s(5))
        d.send(.pause, at: s(5))
        d.send(.addTime(.seconds(10)), at: s(8))
        #expect(d.session.snapshot(at: s(8)).remainingInSegment == .seconds(25))
        d.send(.resume, at: s(10))
        d.run(until: s(36))
        #expect(d.cueNames == ["start@0.0", "beep@32.0", "beep@33.0", "beep@34.0", "rest@35.0"])
    }

    @Test func backRestartsTheSegmentAndItsCues() {
        var d = Self.driver()
        d.run(until: s(10))
        d.send(.back, at: s(10))
        d.run(until: s(31))
        #expect(d.cueNames == ["start@0.0", "start@10.0", "beep@27.0", "beep@28.0", "beep@29.0", "rest@30.0"])
        d.run(until: s(100))
        #expect(d.summary?.rounds == 2, "the round done again counts once")
        #expect(d.summary?.workoutSeconds == 50, "10 s, then the 20 s again, then the second round's 20 s")
    }

    @Test func aQuickSecondBackGoesToThePreviousSegment() {
        var d = Self.driver()
        d.run(until: s(22))                  // 2 s into the rest
        d.send(.back, at: s(22))             // less than 3 s in: back to the work before it
        #expect(d.session.currentIndex == 0)
        d.send(.back, at: s(23))             // 1 s into the work again: it is the first, so it restarts
        #expect(d.session.currentIndex == 0)
        d.run(until: s(40))
        d.send(.back, at: s(40))             // 10 s in: the start of this work
        #expect(d.session.currentIndex == 0)
        #expect(d.cueNames.filter { $0.hasPrefix("start") } == ["start@0.0", "start@22.0", "start@23.0", "start@40.0"])
        var later = Self.driver()
        later.run(until: s(31))              // 1 s into round 2's work
        later.send(.back, at: s(31))
        #expect(later.session.currentIndex == 1, "back to the rest before it")
        #expect(later.cueNames.last == "rest@31.0")
    }
}
