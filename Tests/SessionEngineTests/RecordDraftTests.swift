import Foundation
import Testing
import WorkoutModel
@testable import SessionEngine

// The SessionRecord drafts both sessions finish with (DESIGN §2, §3): pure functions of the
// session, the finish, the weight, the wall-clock origin, the zone and the id.

private func at(_ seconds: Double) -> Duration { .milliseconds(Int64((seconds * 1000).rounded())) }

/// Swim 750 m in a 25 m pool, T1, bike 20 km, T2, run 5 km.
private let sprintPlan = MultisportPlan(name: "Sprint triathlon", legs: [
    Leg(sport: .swimming, targetDistanceMeters: 750, poolLength: 25, poolUnit: .meters),
    Leg(sport: .transition),
    Leg(sport: .cycling, targetDistanceMeters: 20_000),
    Leg(sport: .transition),
    Leg(sport: .running, targetDistanceMeters: 5000),
])

/// A multisport session started at 0 after `events` at their instants (seconds).
private func multisport(_ mode: MultisportSession.Mode, _ events: [(MultisportSession.Event, Double)]) -> MultisportSession {
    var session = MultisportSession(mode: mode)
    _ = session.handle(.start, at: .zero)
    for (event, seconds) in events { _ = session.handle(event, at: at(seconds)) }
    return session
}

private let epoch = Date(timeIntervalSince1970: 0)

@Suite struct MultisportRecordDraftTests {
    /// The whole sprint: 15:00 swim, 1:30 T1, 40:00 bike, 1:00 T2, 25:00 run.
    private let sprint = multisport(.plan(sprintPlan), [(.next, 900), (.next, 990), (.next, 3390), (.next, 3450), (.finish, 4950)])

    @Test func transitionsAreLeftOutOfWorkTimeAndRounds() throws {
        let record = try #require(sprint.record(finishedAt: at(4950), id: UUID(), weightKg: nil, wallOrigin: epoch, timeZone: TimeZone.gmt))
        #expect(record.legs.map(\.sport) == ["swimming", "transition", "cycling", "transition", "running"])
        #expect(record.legs.map(\.timerSeconds) == [900, 90, 2400, 60, 1500])
        #expect(record.workoutSeconds == 900 + 2400 + 1500, "the two transitions (2:30) are not work")
        #expect(record.totalSeconds == 4950, "but they are in the total time")
        #expect(record.rounds == 3, "three sport legs")
        #expect(record.exercises == 0)
        #expect(record.legs.map(\.distanceMeters) == [750, nil, 20_000, nil, 5000])
    }

    @Test func theSessionsCaloriesAreTheSumOfItsLegs() throws {
        let record = try #require(sprint.record(finishedAt: at(4950), id: UUID(), weightKg: 70, wallOrigin: epoch, timeZone: TimeZone.gmt))
        let legs = record.legs.map(\.kcal)
        #expect(legs.allSatisfy { ($0 ?? 0) > 0 }, "every leg, transitions included, has an estimate: \(legs)")
        let sum = legs.compactMap { $0 }.reduce(0, +)
        #expect(record.kcal == sum, "unrounded sum, in leg order")
        // Hand-computed at 70 kg: T1 1:30 and T2 1:00 at MET 4.5 (transition, code 11800).
        #expect(abs((record.legs[1].kcal ?? 0) - 4.5 * 70 * 90 / 3600) < 1e-9)
        #expect(abs((record.legs[3].kcal ?? 0) - 4.5 * 70 * 60 / 3600) < 1e-9)
        #expect(record.weightKg == 70)
    }

    @Test func withoutAWeightThereAreNoCalories() throws {
        let record = try #require(sprint.record(finishedAt: at(4950), id: UUID(), weightKg: nil, wallOrigin: epoch, timeZone: TimeZone.gmt))
        #expect(record.weightKg == nil && record.kcal == nil)
        #expect(record.legs.allSatisfy { $0.kcal == nil })
        let line = String(decoding: try record.jsonLine(), as: UTF8.self)
        #expect(!line.contains("kcal") && !line.contains("weightKg"))
    }

    @Test func pauseInT1CountsInElapsedNotInTimerTime() throws {
        let plan = MultisportPlan(name: "Swim bike", legs: [
            Leg(sport: .swimming, targetDistanceMeters: 750), Leg(sport: .transition), Leg(sport: .cycling, targetDistanceMeters: 20_000),
        ])
        let session = multisport(.plan(plan), [(.next, 600), (.pause, 630), (.resume, 690), (.next, 720), (.finish, 1920)])
        let origin = Date(timeIntervalSince1970: 1_790_000_000)
        let id = UUID()
        let prague = try #require(TimeZone(identifier: "Europe/Prague"))
        let record = try #require(session.record(finishedAt: .seconds(1920), id: id, weightKg: nil,
                                                 wallOrigin: origin, timeZone: prague))
        #expect(record.id == id && record.workout == "Swim bike" && record.kind == .multisport)
        #expect(record.start == origin && record.end == origin.addingTimeInterval(1920))
        #expect(record.timeZone == "Europe/Prague" && record.utcOffsetSeconds == 7200, "summer time on 21 September 2026")
        #expect(record.legs.map(\.sport) == ["swimming", "transition", "cycling"])
        let t1 = record.legs[1]
        #expect(t1.elapsedSeconds == 120, "elapsed includes the pause")
        #expect(t1.timerSeconds == 60, "timer time excludes it")
        #expect(t1.distanceMeters == nil && t1.kcal == nil)
        #expect(record.legs[2].distanceMeters == 20_000, "the last leg of a plan run to its end keeps its target")
        #expect(record.pausedSeconds == 60)
        #expect(record.totalSeconds == 1860)
        #expect(record.weightKg == nil && record.kcal == nil)
    }

    @Test func planFinishedInLeg3RecordsThreeLegsAndTheCutShortLegHasNoDistance() throws {
        let session = multisport(.plan(sprintPlan), [(.next, 900), (.next, 990), (.finish, 1500)])
        let record = try #require(session.record(finishedAt: .seconds(1500), id: UUID(), weightKg: 70,
                                                 wallOrigin: epoch, timeZone: TimeZone.gmt))
        #expect(record.legs.map(\.sport) == ["swimming", "transition", "cycling"])
        #expect(record.legs.map(\.timerSeconds) == [900, 90, 510])
        #expect(record.legs.map(\.distanceMeters) == [750, nil, nil], "the bike was cut short: its 20 km target was not covered")
        #expect(record.rounds == 2, "sport legs, not transitions")
        // Hand-computed from the MET table at 70 kg: swim 750 m in 15:00 is 2:00 /100m (moderate,
        // 8.0), T1 4.5, a bike with no distance the moderate default 8.0.
        let expected = [8.0 * 70 * 900 / 3600, 4.5 * 70 * 90 / 3600, 8.0 * 70 * 510 / 3600]
        for (leg, kcal) in zip(record.legs, expected) {
            #expect(leg.kcal.map { abs($0 - kcal) < 1e-9 } == true, "\(leg.sport): \(String(describing: leg.kcal)) vs \(kcal)")
        }
        let sum = record.legs.compactMap(\.kcal).reduce(0, +)
        #expect(record.kcal.map { abs($0 - sum) < 1e-9 } == true, "the session's kcal is the sum of its legs'")
        #expect(record.weightKg == 70)
    }

    @Test func sessionThatNeverStartedALegRecordsNothing() {
        let session = multisport(.freeForm(name: "Multisport", allowed: [.swimming, .cycling, .running, .transition]), [(.finish, 30)])
        #expect(session.record(finishedAt: .seconds(30), id: UUID(), weightKg: 70, wallOrigin: epoch, timeZone: TimeZone.gmt) == nil)
    }

    @Test func blankTimeBetweenIntervalsIsInTotalNotWorkoutTime() throws {
        let session = multisport(.freeForm(name: "Running intervals", allowed: [.running]),
                                 [(.begin(.running), 10), (.end, 70), (.begin(.running), 130), (.end, 190), (.finish, 200)])
        let record = try #require(session.record(finishedAt: .seconds(200), id: UUID(), weightKg: nil,
                                                 wallOrigin: epoch, timeZone: TimeZone.gmt))
        #expect(record.workout == "Running intervals")
        #expect(record.legs.map(\.timerSeconds) == [60, 60])
        // One clock: the session starts with its first interval (10 s after launch).
        #expect(record.legs.map(\.startSeconds) == [0, 120])
        #expect(record.start == epoch.addingTimeInterval(10))
        #expect(record.workoutSeconds == 120)
        #expect(record.totalSeconds == 190, "from the first interval to the finish, recovery included")
        #expect(record.legs.allSatisfy { $0.distanceMeters == nil })
    }
}

@Suite struct IntervalRecordDraftTests {
    /// Tabata with a 10 s prepare and a 5 s pause: the summary of SessionTotalsTests.
    private func tabataSummary() throws -> SessionSummary {
        var d = Driver(tabata, prepare: 10)
        d.send(.start, at: .zero)
        d.run(until: .seconds(75))
        d.send(.pause, at: .seconds(75))
        d.send(.resume, at: .seconds(80))
        d.run(until: .seconds(1000))
        return try #require(d.summary)
    }

    @Test func theRecordRunsFromTheFirstWorkToCompletionAtTheWallClockOfTheOrigin() throws {
        let origin = Date(timeIntervalSince1970: 1_798_759_790)  // 2026-12-31T23:29:50Z
        let prague = try #require(TimeZone(identifier: "Europe/Prague"))
        let id = UUID()
        let record = try #require(try tabataSummary().record(id: id, weightKg: 70, wallOrigin: origin, timeZone: prague))
        #expect(record.id == id && record.workout == "Tabata" && record.kind == .intervals)
        #expect(record.start == origin.addingTimeInterval(10), "the prepare countdown is not part of the session")
        #expect(record.end == origin.addingTimeInterval(245))
        #expect(record.localDate == LocalDay(year: 2027, month: 1, day: 1), "the start's date in Prague")
        #expect(record.utcOffsetSeconds == 3600)
        #expect(record.workoutSeconds == 160 && record.totalSeconds == 230 && record.pausedSeconds == 5)
        #expect(record.rounds == 8 && record.exercises == 1 && record.legs.isEmpty)
        // 8.0 × 70 × 160/3600 + 2.0 × 70 × 70/3600 = 27.61 kcal, unrounded.
        #expect(abs((record.kcal ?? 0) - (8.0 * 70 * 160 / 3600 + 2.0 * 70 * 70 / 3600)) < 1e-9)
        #expect(record.weightKg == 70)
    }

    /// Each segment from the first work start is kept with its times (the export writes one lap
    /// each): the prepare is not one; the 5 s pause in round 3's work counts in its elapsed
    /// time, not its timer time; the times add up to the session's.
    @Test func theRecordKeepsEachSegmentWithItsTimes() throws {
        let record = try #require(try tabataSummary().record(id: UUID(), weightKg: 70, wallOrigin: epoch, timeZone: TimeZone.gmt))
        let segments = record.segments
        #expect(segments.count == 15, "8 work and 7 rests, no prepare")
        #expect(segments.map(\.kind) == (0..<15).map { $0 % 2 == 0 ? .work : .rest })
        #expect(segments.first == SegmentRecord(kind: .work, label: "Burpees", startSeconds: 0, elapsedSeconds: 20, timerSeconds: 20))
        #expect(segments[1] == SegmentRecord(kind: .rest, label: "Burpees", startSeconds: 20, elapsedSeconds: 10, timerSeconds: 10))
        #expect(segments[4] == SegmentRecord(kind: .work, label: "Burpees", startSeconds: 60, elapsedSeconds: 25, timerSeconds: 20))
        #expect(segments[5].startSeconds == 85)
        #expect(segments.last == SegmentRecord(kind: .work, label: "Burpees", startSeconds: 215, elapsedSeconds: 20, timerSeconds: 20))
        #expect(segments.map(\.elapsedSeconds).reduce(0, +) == record.totalSeconds + record.pausedSeconds)
        #expect(segments.map(\.timerSeconds).reduce(0, +) == record.totalSeconds)
    }

    /// A segment skipped part-way keeps the time it ran, to the millisecond, and the next one
    /// starts when it was skipped.
    @Test func aSkippedSegmentKeepsTheTimeItRan() throws {
        var d = Driver(tabata, prepare: 0)
        d.send(.start, at: .zero)
        d.run(until: at(23.4567))
        d.send(.skip, at: at(23.4567))
        d.send(.finish, at: at(30))
        let record = try #require(d.summary?.record(id: UUID(), weightKg: nil, wallOrigin: epoch, timeZone: TimeZone.gmt))
        #expect(record.segments.map(\.kind) == [.work, .rest, .work])
        #expect(record.segments[1].elapsedSeconds == 3.457 && record.segments[1].timerSeconds == 3.457)
        #expect(record.segments[2].startSeconds == 23.457)
        #expect(abs(record.segments[2].elapsedSeconds - 6.543) < 1e-9)
    }

    @Test func withoutAWeightThereAreNoCalories() throws {
        let record = try #require(try tabataSummary().record(id: UUID(), weightKg: nil, wallOrigin: epoch, timeZone: TimeZone.gmt))
        #expect(record.weightKg == nil && record.kcal == nil)
    }

    @Test func finishingBeforeAnyWorkRecordsNothing() {
        var d = Driver(tabata, prepare: 10)
        d.send(.start, at: .zero)
        d.send(.finish, at: .seconds(5))
        #expect(d.summary != nil)
        #expect(d.summary?.record(id: UUID(), weightKg: 70, wallOrigin: epoch, timeZone: TimeZone.gmt) == nil)
    }
}
