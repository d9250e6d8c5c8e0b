/// An interval (HIIT) workout: 1–20 exercises run in order, with a rest between exercises
/// (5–300 s) that runs between two exercises and never after the last.
///
/// Stored as one JSON file with a `version` (see ``IntervalWorkout/currentVersion``):
/// ```json
/// {"version": 1, "kind": "intervals", "name": "Tabata", "prepareSeconds": 10,
///  "restBetweenExercisesSeconds": 60,
///  "exercises": [{"name": "Burpees", "workSeconds": 20, "restSeconds": 10, "rounds": 8}]}
/// ```
/// `prepareSeconds` and `restBetweenExercisesSeconds` may be missing (defaults 10 and 60).
public struct IntervalWorkout: Codable, Equatable, Hashable, Sendable {
    /// The schema version this program writes and reads.
    public static let currentVersion = 1
    /// Default prepare countdown, in seconds (DESIGN §2).
    public static let defaultPrepareSeconds = 10
    /// Default rest between exercises, in seconds.
    public static let defaultRestBetweenExercisesSeconds = 60

    /// Allowed number of exercises.
    public static let exerciseCountRange: ClosedRange<Int> = 1...20
    /// Allowed rest between exercises, in seconds.
    public static let restBetweenExercisesRange: ClosedRange<Int> = 5...300
    /// Allowed prepare countdown, in seconds (0 turns it off).
    public static let prepareRange: ClosedRange<Int> = 0...3600

    /// The workout's name, 1–60 characters.
    public var name: String
    /// The exercises in the order they run (1–20).
    public var exercises: [Exercise]
    /// Seconds of rest between two exercises (5–300); not run after the last one.
    public var restBetweenExercisesSeconds: Int
    /// Seconds of the prepare countdown before the first work segment; 0 turns it off.
    /// Not part of ``estimatedSeconds``.
    public var prepareSeconds: Int

    /// Creates a workout; call ``validate()`` to check the limits.
    /// - Parameters:
    ///   - name: 1–60 characters.
    ///   - exercises: 1–20 exercises, run in order.
    ///   - restBetweenExercisesSeconds: 5–300 s, default 60.
    ///   - prepareSeconds: 0–3600 s, default 10; 0 turns the countdown off.
    public init(
        name: String,
        exercises: [Exercise],
        restBetweenExercisesSeconds: Int = IntervalWorkout.defaultRestBetweenExercisesSeconds,
        prepareSeconds: Int = IntervalWorkout.defaultPrepareSeconds
    ) {
        self.name = name
        self.exercises = exercises
        self.restBetweenExercisesSeconds = restBetweenExercisesSeconds
        self.prepareSeconds = prepareSeconds
    }

    /// Estimated time in seconds: the sum over exercises of `work × rounds + rest × (rounds − 1)`
    /// plus the rest between exercises (never after the last). The prepare countdown is not
    /// included (DESIGN §2).
    public var estimatedSeconds: Int {
        let exercisesTotal = exercises.reduce(0) { $0 + $1.estimatedSeconds }
        return exercisesTotal + restBetweenExercisesSeconds * max(exercises.count - 1, 0)
    }

    /// Total number of work segments (rounds summed over all exercises).
    public var totalRounds: Int { exercises.reduce(0) { $0 + $1.rounds } }

    /// Checks every limit of DESIGN §2.
    /// - Throws: ``PlanError`` naming the field, the value and the allowed range of the first
    ///   limit broken (the workout name first, then each exercise in order).
    public func validate() throws(PlanError) {
        try PlanError.checkName(name, field: "name")
        guard Self.exerciseCountRange.contains(exercises.count) else {
            throw .outOfRange(field: "exercises", value: exercises.count,
                              range: Self.exerciseCountRange, unit: "")
        }
        try PlanError.check(restBetweenExercisesSeconds, in: Self.restBetweenExercisesRange,
                            field: "rest between exercises", unit: "s")
        try PlanError.check(prepareSeconds, in: Self.prepareRange, field: "prepare", unit: "s")
        for (index, exercise) in exercises.enumerated() {
            let prefix = "exercise \(index + 1)"
            try PlanError.checkName(exercise.name, field: "\(prefix) name")
            let named = "\(prefix) (\(exercise.name))"
            try PlanError.check(exercise.workSeconds, in: Exercise.workRange,
                                field: "\(named) work", unit: "s")
            try PlanError.check(exercise.restSeconds, in: Exercise.restRange,
                                field: "\(named) rest", unit: "s")
            try PlanError.check(exercise.rounds, in: Exercise.roundsRange,
                                field: "\(named) rounds", unit: "")
        }
    }

    // MARK: Codable

    private enum CodingKeys: String, CodingKey {
        case version, kind, name, exercises, restBetweenExercisesSeconds, prepareSeconds
    }

    /// Decodes a workout, accepting a missing `prepareSeconds` or `restBetweenExercisesSeconds`.
    /// - Throws: `DecodingError` when a field has the wrong type or is missing, and
    ///   ``PlanError/unsupportedVersion(_:supported:)`` (wrapped in `DecodingError.dataCorrupted`)
    ///   when `version` is newer than ``currentVersion`` or `kind` is not `intervals`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try container.decodeDocumentHeader(supported: Self.currentVersion, kind: "intervals", describedAs: "an interval workout",
                                           isKindRequired: false, versionKey: .version, kindKey: .kind)
        name = try container.decode(String.self, forKey: .name)
        exercises = try container.decode([Exercise].self, forKey: .exercises)
        restBetweenExercisesSeconds = try container.decodeIfPresent(Int.self, forKey: .restBetweenExercisesSeconds)
            ?? Self.defaultRestBetweenExercisesSeconds
        prepareSeconds = try container.decodeIfPresent(Int.self, forKey: .prepareSeconds)
            ?? Self.defaultPrepareSeconds
    }

    /// Encodes the workout with `version` and `kind: "intervals"`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeDocumentHeader(version: Self.currentVersion, kind: "intervals", versionKey: .version, kindKey: .kind)
        try container.encode(name, forKey: .name)
        try container.encode(exercises, forKey: .exercises)
        try container.encode(restBetweenExercisesSeconds, forKey: .restBetweenExercisesSeconds)
        try container.encode(prepareSeconds, forKey: .prepareSeconds)
    }
}
