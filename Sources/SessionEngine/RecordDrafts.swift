import Calories
import Foundation
import WorkoutModel

// Both sessions finish with a draft of their history record (DESIGN §2, §3). The drafts are
// pure: the wall-clock time of the session clock's origin, the zone and the id come in as
// parameters, so the same session always gives the same record.

extension SessionSummary {
    /// The history record of a completed interval workout, or `nil` when no round was done
    /// (no work segment ran, or each was skipped before half of it: skipping everything is not a
    /// workout, and there is nothing to record).
    ///
    /// The record starts at the first work segment's start and ends at completion, both
    /// `wallOrigin` plus their instant on the session clock; times, rounds and exercises are
    /// the summary's. Calories follow ``HIITCalories/kcal(weightKg:workoutSeconds:totalSeconds:)``
    /// when a weight is given.
    /// - Parameters:
    ///   - id: the session's identity in the history.
    ///   - weightKg: body weight in kg for the estimate; `nil` records no weight and no kcal.
    ///   - wallOrigin: the wall-clock time of instant zero of the session clock.
    ///   - timeZone: the zone in force at the start (it sets `utcOffsetSeconds` and `localDate`).
    public func record(id: UUID, weightKg: Double?, wallOrigin: Date, timeZone: TimeZone) -> SessionRecord? {
        guard let firstWorkStart, rounds > 0 else { return nil }
        let kcal = weightKg.map {
            HIITCalories.kcal(weightKg: $0, workoutSeconds: workoutSeconds, totalSeconds: totalSeconds)
        }
        return SessionRecord(
            id: id, workout: workout, kind: .intervals,
            start: wallOrigin.addingTimeInterval(firstWorkStart.inSeconds),
            end: wallOrigin.addingTimeInterval(end.inSeconds),
            timeZone: timeZone,
            workoutSeconds: workoutSeconds, totalSeconds: totalSeconds,
            pausedSeconds: pausedSeconds, rounds: rounds, exercises: exercises,
            weightKg: weightKg, kcal: kcal)
    }
}

extension MultisportSession {
    /// The history record of the session finished at `finish`, or `nil` when no leg ran.
    ///
    /// Legs: each as ``LegRecord/init(_:planLeg:weightKg:isCutShort:)`` makes it from its
    /// result, with the plan's leg at the same position; a plan finished early records the
    /// legs run, and the last of them keeps no target distance. Times: `workoutSeconds` and
    /// `rounds` count the sport legs only (``SessionRecord/workoutSeconds(ofLegs:)``,
    /// ``SessionRecord/rounds(ofLegs:)``); `totalSeconds` runs from the start to the finish
    /// less paused time; `exercises` is 0. Calories are the sum of the legs'
    /// (``SessionRecord/kcal(ofLegs:weightKg:)``). The workout's name is ``Mode/name``.
    /// - Parameters:
    ///   - finish: the finish instant on the session clock.
    ///   - id: the session's identity in the history.
    ///   - weightKg: body weight in kg for the estimates; `nil` records no weight and no kcal.
    ///   - wallOrigin: the wall-clock time of instant zero of the session clock.
    ///   - timeZone: the zone in force at the start (it sets `utcOffsetSeconds` and `localDate`).
    public func record(finishedAt finish: Duration, id: UUID, weightKg: Double?, wallOrigin: Date,
                       timeZone: TimeZone) -> SessionRecord? {
        let derived = derive()
        guard let start = derived.start, !derived.legs.isEmpty else { return nil }
        let results = results(at: finish)
        var planLegs: [Leg] = []
        if case let .plan(plan) = mode { planLegs = plan.legs }
        let legs = results.map { result in
            LegRecord(result, planLeg: result.index < planLegs.count ? planLegs[result.index] : nil, weightKg: weightKg,
                      isCutShort: !planLegs.isEmpty && result.index == results.count - 1 && results.count < planLegs.count)
        }
        let paused = derived.paused(from: start, to: finish, now: finish).inSeconds
        return SessionRecord(
            id: id, workout: mode.name, kind: .multisport,
            start: wallOrigin.addingTimeInterval(start.inSeconds), end: wallOrigin.addingTimeInterval(finish.inSeconds),
            timeZone: timeZone,
            workoutSeconds: SessionRecord.workoutSeconds(ofLegs: legs),
            totalSeconds: max((finish - start).inSeconds - paused, 0), pausedSeconds: paused,
            rounds: SessionRecord.rounds(ofLegs: legs), exercises: 0,
            weightKg: weightKg, kcal: SessionRecord.kcal(ofLegs: legs, weightKg: weightKg), legs: legs)
    }
}
