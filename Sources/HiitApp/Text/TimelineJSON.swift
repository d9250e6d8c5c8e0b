import Foundation
import SessionEngine
import WorkoutModel

/// `hiit show W --json` (DESIGN §6): the plan's name, kind, estimated time and every segment
/// with its planned start. Open segments have `durationSeconds: null`. An interval workout
/// adds `prepareSeconds`; a multisport plan's `estimatedSeconds` is `null` when a sport leg
/// has no target time.
struct TimelineJSON: Encodable {
    /// One segment (DESIGN §6). Every key is written, `null` when absent, so scripts see one
    /// shape; a multisport leg adds its target and setting (``LegSetting``).
    struct SegmentLine: Encodable {
        /// A leg's target distance and where it is done (`hiit show PLAN --json` only).
        struct LegSetting {
            var targetDistanceMeters: Double?
            var poolLength: Double?
            var poolUnit: String?
            var openWater: Bool
            var indoor: Bool?
        }

        var kind: String
        var label: String
        var round: Int?
        var rounds: Int?
        var exercise: Int?
        var exercises: Int?
        /// The segment's set and the workout's sets; `null` for a workout of one set.
        var set: Int?
        var sets: Int?
        var sport: String?
        var startSeconds: Double?
        var durationSeconds: Double?
        var leg: LegSetting?

        private enum CodingKeys: String, CodingKey {
            case kind, label, round, rounds, exercise, exercises, set, sets, sport, startSeconds, durationSeconds
            case targetDistanceMeters, poolLength, poolUnit, openWater, indoor
        }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(kind, forKey: .kind)
            try c.encode(label, forKey: .label)
            try c.encode(round, forKey: .round)
            try c.encode(rounds, forKey: .rounds)
            try c.encode(exercise, forKey: .exercise)
            try c.encode(exercises, forKey: .exercises)
            try c.encode(set, forKey: .set)
            try c.encode(sets, forKey: .sets)
            try c.encode(sport, forKey: .sport)
            try c.encode(startSeconds, forKey: .startSeconds)
            try c.encode(durationSeconds, forKey: .durationSeconds)
            if let leg {
                try c.encode(leg.targetDistanceMeters, forKey: .targetDistanceMeters)
                try c.encode(leg.poolLength, forKey: .poolLength)
                try c.encode(leg.poolUnit, forKey: .poolUnit)
                try c.encode(leg.openWater, forKey: .openWater)
                try c.encode(leg.indoor, forKey: .indoor)
            }
        }
    }

    var name: String
    var kind: String
    /// `null` when not known (a multisport plan with an open sport leg).
    var estimatedSeconds: Double?
    /// Interval workouts only; left out for a multisport plan.
    var prepareSeconds: Double?
    var segments: [SegmentLine]
    /// Interval workouts only: the spoken cues (`names`, `next`, `halfway`, `lastRound`,
    /// `countdown`), every key given.
    var cues: CueSettings?

    private enum CodingKeys: String, CodingKey {
        case name, kind, estimatedSeconds, prepareSeconds, segments, cues
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        try c.encode(kind, forKey: .kind)
        try c.encode(estimatedSeconds, forKey: .estimatedSeconds)
        try c.encodeIfPresent(prepareSeconds, forKey: .prepareSeconds)
        try c.encode(segments, forKey: .segments)
        // CueSettings' own encoding writes every key, the countdown by its name.
        try c.encodeIfPresent(cues, forKey: .cues)
    }

    /// - Parameters:
    ///   - program: the compiled workout or plan.
    ///   - kind: `intervals` or `multisport`.
    ///   - cues: an interval workout's cue settings (written as `cues`); `nil` for none.
    init(program: Program, kind: String, cues: CueSettings? = nil) {
        self.cues = cues
        name = program.name
        self.kind = kind
        estimatedSeconds = program.estimatedDuration.inSeconds
        prepareSeconds = program.segments.first { $0.kind == .prepare }?.duration?.inSeconds ?? 0
        segments = zip(program.segments, program.plannedStarts).map { segment, start in
            SegmentLine(kind: segment.kind.rawValue, label: segment.label, round: segment.round,
                        rounds: segment.rounds, exercise: segment.exercise, exercises: segment.exercises,
                        set: segment.set, sets: segment.sets, sport: segment.sport, startSeconds: start?.inSeconds,
                        durationSeconds: segment.duration?.inSeconds)
        }
    }

    /// The JSON of `hiit show PLAN --json`: DESIGN §6's shape with one segment per leg, of
    /// kind `leg` or `transition`, its `sport` (HealthKit name), the planned start where the
    /// legs before it have target times, `durationSeconds` the target time or `null` (an
    /// open leg), and the leg's target and setting; `kind` is `multisport`.
    init(_ plan: MultisportPlan) {
        name = plan.name
        kind = "multisport"
        estimatedSeconds = plan.expectedSeconds
        var start: Double? = 0
        segments = plan.legs.enumerated().map { index, leg in
            let line = SegmentLine(
                kind: leg.sport == .transition ? "transition" : "leg", label: plan.label(ofLeg: index),
                sport: leg.sport.rawValue, startSeconds: start, durationSeconds: leg.targetSeconds,
                leg: .init(targetDistanceMeters: leg.targetDistanceMeters, poolLength: leg.poolLength,
                           poolUnit: leg.poolLength == nil ? nil : (leg.poolUnit ?? .meters).rawValue,
                           openWater: leg.isOpenWater == true, indoor: leg.isIndoor))
            // A transition without a target time counts 0, as in the expected time.
            let planned = leg.targetSeconds ?? (leg.sport == .transition ? 0 : nil)
            start = start.flatMap { known in planned.map { known + $0 } }
            return line
        }
    }

    /// Pretty-printed JSON with sorted keys.
    func render() throws -> String {
        try Self.prettyPrinted(self)
    }

    /// `value` as pretty-printed JSON with sorted keys, as every `show --json` writes it.
    static func prettyPrinted(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
