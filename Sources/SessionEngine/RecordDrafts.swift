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
    /// The record starts where Total Time started (the warm-up's start, else the first work
    /// segment's: ``SessionSummary/start``) and ends at completion, both
    /// `wallOrigin` plus their instant on the session clock; times, rounds and exercises are
    /// the summary's; its segments are the summary's from that start, in seconds to the
    /// millisecond (``SegmentRecord/milliseconds(_:)``). Calories follow ``HIITCalories/kcal(weightKg:workoutSeconds:totalSeconds:)``
    /// when a weight is given.
    /// - Parameters:
    ///   - id: the session's identity in the history.
    ///   - weightKg: body weight in kg for the estimate; `nil` records no weight and no kcal.
    ///   - wallOrigin: the wall-clock time of instant zero of the session clock.
    ///   - timeZone: the zone in force at the start (it sets `utcOffsetSeconds` and `localDate`).
    public func record(id: UUID, weightKg: Double?, wallOrigin: Date, timeZone: some RecordingTimeZone) -> SessionRecord? {
        guard let firstWorkStart, rounds > 0 else { return nil }
        let start = min(self.start ?? firstWorkStart, firstWorkStart)
        let kcal = weightKg.map {
            HIITCalories.kcal(weightKg: $0, workoutSeconds: workoutSeconds, totalSeconds: totalSeconds)
        }
        return SessionRecord(
            id: id, workout: workout, kind: .intervals,
            start: wallOrigin.addingTimeInterval(start.inSeconds),
            end: wallOrigin.addingTimeInterval(end.inSeconds),
            timeZone: timeZone,
            workoutSeconds: workoutSeconds, totalSeconds: totalSeconds,
            pausedSeconds: pausedSeconds, rounds: rounds, exercises: exercises,
            weightKg: weightKg, kcal: kcal, segments: segmentRecords(from: start))
    }

    /// The segments as history keeps them: seconds from `origin`, to the millisecond; kinds a
    /// record does not hold (prepare, legs, transitions) left out.
    /// - Parameter origin: the record's start on the session clock.
    func segmentRecords(from origin: Duration) -> [SegmentRecord] {
        segments.compactMap { span in
            guard let kind = SegmentRecord.Kind(recording: span.kind) else { return nil }
            return SegmentRecord(
                kind: kind, label: span.label,
                startSeconds: SegmentRecord.milliseconds((span.start - origin).inSeconds),
                elapsedSeconds: SegmentRecord.milliseconds((span.end - span.start).inSeconds),
                timerSeconds: SegmentRecord.milliseconds(span.running.inSeconds))
        }
    }
}

extension SegmentRecord.Kind {
    /// The kind a record keeps for a segment of `kind` (the same word); `nil` for the kinds a
    /// record does not hold: prepare (before the session's start), legs and transitions.
    public init?(recording kind: Segment.Kind) {
        self.init(rawValue: kind.rawValue)
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
                       timeZone: some RecordingTimeZone) -> SessionRecord? {
        let derived = derive()
        guard let start = derived.start, !derived.legs.isEmpty else { return nil }
        let legs = legInputs(finishedAt: finish).map { input in
            LegRecord(input.result, planLeg: input.planLeg, weightKg: weightKg, isCutShort: input.isCutShort)
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

    /// A leg whose distance is not recorded because it would be faster than its sport allows
    /// (``Sport/plausibleSpeedLimitKilometersPerHour``): the plan's 20 km bike leg ended after
    /// 8 s.
    public struct DroppedDistance: Equatable, Sendable {
        /// The leg's position, from 1.
        public var leg: Int
        /// Its sport.
        public var sport: Sport
        /// The distance not recorded, metres.
        public var meters: Double
        /// The leg's timer time, seconds.
        public var timerSeconds: Double
    }

    /// The legs of ``record(finishedAt:id:weightKg:wallOrigin:timeZone:)`` whose distance was
    /// dropped as implausible (``LegRecord/droppedDistance(_:planLeg:isCutShort:)``), in order.
    public func droppedDistances(finishedAt finish: Duration) -> [DroppedDistance] {
        legInputs(finishedAt: finish).enumerated().compactMap { position, input in
            LegRecord.droppedDistance(input.result, planLeg: input.planLeg, isCutShort: input.isCutShort).map {
                DroppedDistance(leg: position + 1, sport: input.result.sport, meters: $0, timerSeconds: input.result.timer.inSeconds)
            }
        }
    }

    /// Each leg's result at `finish` with the plan's leg at its position and whether the
    /// session was cut short in it (a plan finished before its last leg: the leg running then).
    private func legInputs(finishedAt finish: Duration) -> [(result: LegResult, planLeg: Leg?, isCutShort: Bool)] {
        let results = results(at: finish)
        var planLegs: [Leg] = []
        if case let .plan(plan) = mode { planLegs = plan.legs }
        return results.map { result in
            (result, result.index < planLegs.count ? planLegs[result.index] : nil,
             !planLegs.isEmpty && result.index == results.count - 1 && results.count < planLegs.count)
        }
    }
}
