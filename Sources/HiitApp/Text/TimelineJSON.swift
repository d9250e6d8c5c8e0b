import Foundation
import SessionEngine
import WorkoutModel

/// `hiit show W --json` (DESIGN §6): the plan's name, kind, estimated time and every segment
/// with its planned start. Open segments have `durationSeconds: null`.
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
        var sport: String?
        var startSeconds: Double?
        var durationSeconds: Double?
        var leg: LegSetting?

        private enum CodingKeys: String, CodingKey {
            case kind, label, round, rounds, exercise, exercises, sport, startSeconds, durationSeconds
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
    var estimatedSeconds: Double
    var prepareSeconds: Double
    var segments: [SegmentLine]

    init(program: Program, kind: String) {
        name = program.name
        self.kind = kind
        estimatedSeconds = program.estimatedDuration.inSeconds
        prepareSeconds = program.segments.first { $0.kind == .prepare }?.duration?.inSeconds ?? 0
        segments = zip(program.segments, program.plannedStarts).map { segment, start in
            SegmentLine(kind: segment.kind.rawValue, label: segment.label, round: segment.round,
                        rounds: segment.rounds, exercise: segment.exercise, exercises: segment.exercises,
                        sport: segment.sport, startSeconds: start?.inSeconds,
                        durationSeconds: segment.duration?.inSeconds)
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
