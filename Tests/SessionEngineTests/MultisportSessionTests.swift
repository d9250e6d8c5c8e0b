import Foundation
import Testing
import WorkoutModel
@testable import SessionEngine

private let sprint = MultisportPlan(name: "Sprint", legs: [
    Leg(sport: .swimming, targetDistanceMeters: 750, poolLength: 25, poolUnit: .meters),
    Leg(sport: .transition), Leg(sport: .cycling, targetDistanceMeters: 20_000),
    Leg(sport: .transition), Leg(sport: .running, targetDistanceMeters: 5000),
])

private func sec(_ s: Double) -> Duration { .milliseconds(Int64((s * 1000).rounded())) }

/// Sends events and keeps every effect.
private struct LegDriver {
    var session: MultisportSession
    var effects: [MultisportSession.Effect] = []

    init(_ mode: MultisportSession.Mode) { session = MultisportSession(mode: mode) }

    @discardableResult
    mutating func send(_ event: MultisportSession.Event, at t: Double) -> [MultisportSession.Effect] {
        let new = session.handle(event, at: sec(t))
        effects += new
        return new
    }

    func sports(at t: Double) -> [Sport] { session.results(at: sec(t)).map(\.sport) }
}

@Suite struct MultisportPlanRunTests {
    @Test func startBeginsTheFirstLegWithItsVoiceCue() {
        var d = LegDriver(.plan(sprint))
        #expect(d.send(.start, at: 0) == [.legStarted(index: 0, sport: .swimming, at: .zero), .cue(.swim, due: .zero)])
    }

    @Test func twoNextWithinThreeSecondsMakeOneLegChange() {
        var d = LegDriver(.plan(sprint))
        d.send(.start, at: 0)
        #expect(d.send(.next, at: 900) == [.legStarted(index: 1, sport: .transition, at: sec(900)), .cue(.transition, due: sec(900))])
        #expect(d.send(.next, at: 902.9) == [.ignoredDoublePress])
        #expect(d.sports(at: 903) == [.swimming, .transition])
        #expect(d.send(.next, at: 903.0) == [.legStarted(index: 2, sport: .cycling, at: sec(903)), .cue(.bike, due: sec(903))])
    }

    /// The sprint plan's swim with laps at 60 and 125 s, then `next` at 200 s (into T1).
    fileprivate static func swimWithTwoLapsThenNext() -> LegDriver {
        var d = LegDriver(.plan(sprint))
        d.send(.start, at: 0)
        d.send(.lap, at: 60)
        d.send(.lap, at: 125)
        d.send(.next, at: 200)
        return d
    }

    @Test func nextThenUndoIsBackInTheSameLegWithItsLaps() {
        var d = Self.swimWithTwoLapsThenNext()
        #expect(d.send(.undo, at: 210) == [.undone(.legStart(leg: 1))])
        let legs = d.session.results(at: sec(300))
        #expect(legs.count == 1)
        #expect(legs[0].sport == .swimming)
        #expect(legs[0].isRunning)
        #expect(legs[0].laps.map(\.elapsed) == [sec(60), sec(65), sec(175)])
        // The next after an undo is not a double press of the undone one... it is still 3 s
        // after the last accepted next, so it counts.
        #expect(d.send(.next, at: 310).first == .legStarted(index: 1, sport: .transition, at: sec(310)))
    }

    @Test func undoTakesBackTheLastLapOnly() {
        var d = LegDriver(.plan(sprint))
        d.send(.start, at: 0)
        d.send(.lap, at: 60)
        d.send(.lap, at: 120)
        d.send(.undo, at: 130)
        #expect(d.session.results(at: sec(200))[0].laps.map(\.elapsed) == [sec(60), sec(140)])
        d.send(.undo, at: 140)
        #expect(d.send(.undo, at: 150) == [.refused(.nothingToUndo)])
    }

    @Test func pauseInT1CountsInElapsedButNotInTimerTime() {
        var d = LegDriver(.plan(sprint))
        d.send(.start, at: 0)
        d.send(.next, at: 900)      // T1 from 900
        d.send(.pause, at: 930)
        d.send(.resume, at: 990)    // 60 s paused
        d.send(.next, at: 1000)     // bike from 1000
        let t1 = d.session.results(at: sec(1100))[1]
        #expect(t1.sport == .transition)
        #expect(t1.elapsed == .seconds(100))
        #expect(t1.timer == .seconds(40))
        #expect(d.session.results(at: sec(1100))[0].timer == .seconds(900))
    }

    @Test func changingLegWhilePausedStartsTheNewLegPaused() {
        var d = LegDriver(.plan(sprint))
        d.send(.start, at: 0)
        d.send(.pause, at: 100)
        d.send(.next, at: 110)
        #expect(d.session.derive().isPaused)
        d.send(.resume, at: 130)
        let legs = d.session.results(at: sec(150))
        #expect(legs[0].timer == .seconds(100))
        #expect(legs[1].elapsed == .seconds(40))
        #expect(legs[1].timer == .seconds(20))
    }

    @Test func lapIsIgnoredInATransition() {
        var d = LegDriver(.plan(sprint))
        d.send(.start, at: 0)
        d.send(.next, at: 10)
        #expect(d.send(.lap, at: 12).isEmpty)
        #expect(d.session.results(at: sec(20))[1].laps.count == 1)
    }

    @Test func nextOnTheLastLegIsRefusedAndFinishEndsIt() {
        var d = LegDriver(.plan(MultisportPlan(name: "Brick", legs: [Leg(sport: .cycling), Leg(sport: .running)])))
        d.send(.start, at: 0)
        d.send(.next, at: 3600)
        #expect(d.send(.next, at: 5000) == [.refused(.lastLeg)])
        #expect(d.send(.finish, at: 5400) == [.cue(.congratulations, due: sec(5400)), .finished(at: sec(5400))])
        let legs = d.session.results(at: sec(6000))
        #expect(legs.map(\.elapsed) == [.seconds(3600), .seconds(1800)])
        #expect(legs.allSatisfy { !$0.isRunning })
        #expect(d.send(.lap, at: 6000) == [.refused(.noSessionRunning)])
    }

    @Test func finishWhilePausedEndsThePause() {
        var d = LegDriver(.plan(sprint))
        d.send(.start, at: 0)
        d.send(.pause, at: 50)
        d.send(.finish, at: 80)
        let leg = d.session.results(at: sec(500))[0]
        #expect(leg.elapsed == .seconds(80))
        #expect(leg.timer == .seconds(50))
    }

    @Test func swimrunWithFiveAlternatingLegsKeepsThemDistinctWithLapsFromOne() {
        let swimrun = MultisportPlan(name: "Swimrun", legs: [
            Leg(sport: .running), Leg(sport: .swimming, isOpenWater: true), Leg(sport: .running),
            Leg(sport: .swimming, isOpenWater: true), Leg(sport: .running),
        ])
        var d = LegDriver(.plan(swimrun))
        d.send(.start, at: 0)
        var t = 0.0
        for _ in 0..<4 {
            d.send(.lap, at: t + 100)
            t += 300
            d.send(.next, at: t)
        }
        let legs = d.session.results(at: sec(t + 50))
        #expect(legs.map(\.sport) == [.running, .swimming, .running, .swimming, .running])
        #expect(legs.map(\.index) == [0, 1, 2, 3, 4])
        #expect(legs.prefix(4).allSatisfy { $0.laps.count == 2 })
        #expect(legs[4].laps.count == 1)
        #expect(legs[2].laps[0].start == .seconds(600))
    }

    @Test func bikeRunBikeStaysThreeLegs() {
        var d = LegDriver(.plan(MultisportPlan(name: "BRB", legs: [Leg(sport: .cycling), Leg(sport: .running), Leg(sport: .cycling)])))
        d.send(.start, at: 0)
        d.send(.next, at: 10)
        d.send(.next, at: 20)
        #expect(d.sports(at: 30) == [.cycling, .running, .cycling])
    }
}

/// What an undo says it took back: the last lap, a leg's start, a free-form leg's end.
@Suite struct MultisportUndoneBoundaryTests {
    @Test func eachUndoNamesTheBoundaryItTookBack() {
        var d = MultisportPlanRunTests.swimWithTwoLapsThenNext()
        d.send(.lap, at: 260)  // a transition has no laps: nothing to take back there
        #expect(d.send(.undo, at: 270) == [.undone(.legStart(leg: 1))])
        #expect(d.send(.undo, at: 280) == [.undone(.lap(leg: 0, number: 3))])
        #expect(d.send(.undo, at: 290) == [.undone(.lap(leg: 0, number: 2))])
        #expect(d.send(.undo, at: 300) == [.refused(.nothingToUndo)])

        var free = LegDriver(MultisportFreeFormTests.triathlon)
        free.send(.start, at: 0)
        free.send(.begin(.running), at: 5)
        free.send(.end, at: 65)
        #expect(free.send(.undo, at: 70) == [.undone(.legEnd(leg: 0))])
        #expect(free.session.results(at: sec(80)).first?.isRunning == true)
        #expect(free.send(.undo, at: 90) == [.undone(.legStart(leg: 0))])
    }
}

@Suite struct MultisportFreeFormTests {
    static let triathlon = MultisportSession.Mode.freeForm(
        name: "Multisport", allowed: [.swimming, .cycling, .running, .transition])

    @Test func beginningASubActivityEndsTheCurrentOne() {
        var d = LegDriver(Self.triathlon)
        d.send(.start, at: 0)
        #expect(d.send(.begin(.swimming), at: 5) == [.legStarted(index: 0, sport: .swimming, at: sec(5)), .cue(.swim, due: sec(5))])
        d.send(.begin(.transition), at: 600)
        d.send(.begin(.cycling), at: 700)
        let legs = d.session.results(at: sec(800))
        #expect(legs.map(\.sport) == [.swimming, .transition, .cycling])
        #expect(legs.map(\.elapsed) == [.seconds(595), .seconds(100), .seconds(100)])
    }

    @Test func aTransitionIsRefusedWhileInATransition() {
        var d = LegDriver(Self.triathlon)
        d.send(.start, at: 0)
        d.send(.begin(.transition), at: 1)
        #expect(d.send(.begin(.transition), at: 2) == [.refused(.transitionInTransition)])
        #expect(d.sports(at: 3) == [.transition])
    }

    @Test func aCyclingIntervalIsRefusedInARunningIntervalSession() {
        var d = LegDriver(.freeForm(name: "Running intervals", allowed: [.running]))
        d.send(.start, at: 0)
        #expect(d.send(.begin(.cycling), at: 1) == [.refused(.sportNotAllowed(.cycling, allowed: [.running]))])
        #expect(d.send(.begin(.running), at: 2).first == .legStarted(index: 0, sport: .running, at: sec(2)))
    }

    @Test func endingWithoutBeginningTheNextLeavesBlankTime() {
        var d = LegDriver(.freeForm(name: "Running intervals", allowed: [.running]))
        d.send(.start, at: 0)
        d.send(.begin(.running), at: 10)
        #expect(d.send(.end, at: 70) == [.legEnded(index: 0, at: sec(70))])
        #expect(d.send(.end, at: 75) == [.refused(.noSubActivity)])
        d.send(.begin(.running), at: 130)
        d.send(.finish, at: 190)
        let legs = d.session.results(at: sec(200))
        #expect(legs.map(\.start) == [.zero, .seconds(120)], "the session's clock starts with the first leg")
        #expect(d.session.derive().start == sec(10))
        #expect(legs.map(\.elapsed) == [.seconds(60), .seconds(60)])
    }

    @Test func aLegEndedAtOnceIsValidWithDurationZero() {
        var d = LegDriver(Self.triathlon)
        d.send(.start, at: 0)
        d.send(.begin(.running), at: 10)
        d.send(.end, at: 10)
        let legs = d.session.results(at: sec(20))
        #expect(legs.count == 1)
        #expect(legs[0].elapsed == .zero)
        #expect(legs[0].timer == .zero)
    }

    @Test func eventsBeforeTheStartOrAfterTheFinishAreRefused() {
        var d = LegDriver(Self.triathlon)
        #expect(d.send(.begin(.running), at: 0) == [.refused(.noSessionRunning)])
        d.send(.start, at: 0)
        d.send(.finish, at: 5)
        #expect(d.send(.begin(.running), at: 6) == [.refused(.noSessionRunning)])
        #expect(d.send(.next, at: 6) == [.refused(.noSessionRunning)])
    }

    @Test func nextIsRefusedInAFreeFormSession() {
        var d = LegDriver(Self.triathlon)
        d.send(.start, at: 0)
        guard case .refused(.notInThisMode) = d.send(.next, at: 1).first else {
            Issue.record("next should be refused in a free-form session")
            return
        }
    }

    @Test func theLogIsAppendOnly() {
        var d = LegDriver(Self.triathlon)
        d.send(.start, at: 0)
        d.send(.begin(.running), at: 1)
        d.send(.undo, at: 2)
        #expect(d.session.log == [.start(.zero), .begin(.running, .seconds(1)), .undo(.seconds(2))])
        #expect(d.session.results(at: sec(3)).isEmpty)
    }
}

/// A plan's start countdown (`--prepare`, issue "What users hit", item 12): the race clock
/// starts with the first leg, at the countdown's end, with 3-2-1 beeps before it.
@Suite struct MultisportCountdownTests {
    @Test func startBeginsTheCountdownAndItsEndStartsTheFirstLegExactly() {
        var session = MultisportSession(mode: .plan(sprint), prepare: .seconds(5))
        #expect(session.handle(.start, at: sec(1)) == [.countdownStarted(until: sec(6))])
        #expect(session.log.isEmpty, "nothing has started: the race clock is not running")
        #expect(session.nextDeadline == sec(3), "the first beep, 3 s before the end")
        #expect(session.tick(at: sec(3)) == [.cue(.beep, due: sec(3))])
        #expect(session.tick(at: sec(4.2)) == [.cue(.beep, due: sec(4))])
        #expect(session.tick(at: sec(5)) == [.cue(.beep, due: sec(5))])
        #expect(session.nextDeadline == sec(6))
        // A late tick still starts the leg at the countdown's end, not at the tick.
        #expect(session.tick(at: sec(6.3)) == [.legStarted(index: 0, sport: .swimming, at: sec(6)), .cue(.swim, due: sec(6))])
        #expect(session.countdown == nil && session.nextDeadline == nil)
        #expect(session.derive().start == sec(6))
        #expect(session.results(at: sec(10)).first?.timer == .seconds(4), "the leg counts from the countdown's end")
    }

    @Test func pauseHoldsWhatIsLeftAndNoBeepIsRepeatedOrLost() {
        var session = MultisportSession(mode: .plan(sprint), prepare: .seconds(4))
        _ = session.handle(.start, at: .zero)
        #expect(session.tick(at: sec(1)) == [.cue(.beep, due: sec(1))])
        #expect(session.handle(.pause, at: sec(1.5)) == [.paused])
        #expect(session.isPaused && session.nextDeadline == nil)
        #expect(session.tick(at: sec(60)) == [], "nothing moves while paused")
        #expect(session.handle(.resume, at: sec(100)) == [.resumed])
        #expect(session.countdown?.remaining(at: sec(100)) == sec(2.5))
        #expect(session.nextDeadline == sec(100.5), "the 2 s beep, shifted by the pause")
        #expect(session.tick(at: sec(100.5)) == [.cue(.beep, due: sec(100.5))])
        #expect(session.tick(at: sec(101.5)) == [.cue(.beep, due: sec(101.5))])
        #expect(session.tick(at: sec(102.5)) == [.legStarted(index: 0, sport: .swimming, at: sec(102.5)), .cue(.swim, due: sec(102.5))])
    }

    @Test func afterAStallLateBeepsAreDroppedAndTheLegStillStartsOnTime() {
        var session = MultisportSession(mode: .plan(sprint), prepare: .seconds(5))
        _ = session.handle(.start, at: .zero)
        #expect(session.tick(at: sec(4.3)) == [.cue(.beep, due: sec(4))], "the 3 s and 2 s beeps are over 0.5 s late")
        #expect(session.tick(at: sec(9)) == [.legStarted(index: 0, sport: .swimming, at: sec(5)), .cue(.swim, due: sec(5))])
    }

    @Test func nextStartsTheFirstLegAtOnceAndOtherEventsWait() {
        var session = MultisportSession(mode: .plan(sprint), prepare: .seconds(10))
        _ = session.handle(.start, at: .zero)
        #expect(session.handle(.lap, at: sec(1)) == [.refused(.noSessionRunning)])
        #expect(session.handle(.undo, at: sec(1)) == [.refused(.noSessionRunning)])
        #expect(session.handle(.finish, at: sec(1)) == [], "nothing started, nothing to finish")
        #expect(session.handle(.next, at: sec(2)) == [.legStarted(index: 0, sport: .swimming, at: sec(2)), .cue(.swim, due: sec(2))])
        #expect(session.tick(at: sec(10)) == [], "the countdown is over: no late beeps")
        #expect(session.handle(.next, at: sec(4.9)) == [.ignoredDoublePress], "a double press does not also end the first leg")
        #expect(session.handle(.next, at: sec(5.1)) == [.legStarted(index: 1, sport: .transition, at: sec(5.1)), .cue(.transition, due: sec(5.1))])
    }

    @Test func aShortCountdownBeepsOnlyInsideIt() {
        var session = MultisportSession(mode: .plan(sprint), prepare: .seconds(2))
        _ = session.handle(.start, at: .zero)
        #expect(session.countdown?.beepsToCome == [1], "no beep at or before the countdown's start")
        var none = MultisportSession(mode: .plan(sprint))
        #expect(none.handle(.start, at: .zero) == [.legStarted(index: 0, sport: .swimming, at: .zero), .cue(.swim, due: .zero)])
    }

    @Test func theRecordStartsWithTheFirstLeg() throws {
        var session = MultisportSession(mode: .plan(sprint), prepare: .seconds(5))
        _ = session.handle(.start, at: .zero)
        _ = session.tick(at: sec(5))
        _ = session.handle(.finish, at: sec(65))
        let origin = Date(timeIntervalSince1970: 1_800_000_000)
        let record = try #require(session.record(finishedAt: sec(65), id: UUID(), weightKg: nil, wallOrigin: origin,
                                                 timeZone: TimeZone(identifier: "UTC") ?? .current))
        #expect(record.start == origin.addingTimeInterval(5))
        #expect(record.totalSeconds == 60)
    }
}
