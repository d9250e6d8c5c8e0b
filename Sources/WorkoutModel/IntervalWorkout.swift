/// An interval (HIIT) workout: 1–20 exercises run in order, with a rest between exercises
/// (5–300 s, or the exercise's own `restAfterSeconds`) that runs between two exercises and
/// never after the last. A circuit repeats the exercise list `sets` times (1–20) with a rest
/// between sets (never after the last set); an optional warm-up runs before the first exercise
/// and an optional cool-down after the last.
///
/// Stored as one JSON file with a `version` (see ``IntervalWorkout/currentVersion``):
/// ```json
/// {"version": 1, "kind": "intervals", "name": "Tabata", "prepareSeconds": 10,
///  "restBetweenExercisesSeconds": 60,
///  "exercises": [{"name": "Burpees", "workSeconds": 20, "restSeconds": 10, "rounds": 8}]}
/// ```
/// `prepareSeconds` and `restBetweenExercisesSeconds` may be missing (defaults 10 and 60).
///
/// Version 2 adds the circuit fields, each optional: `warmUpSeconds`, `coolDownSeconds`
/// (0–3600; absent: none), `sets` (1–20, absent: 1), `restBetweenSetsSeconds` (0–3600;
/// absent: the rest between exercises) and per exercise `restAfterSeconds`:
/// ```json
/// {"version": 2, "kind": "intervals", "name": "Circuit", "warmUpSeconds": 300, "sets": 3,
///  "restBetweenSetsSeconds": 120, "coolDownSeconds": 180, "exercises": [
///  {"name": "Squats", "workSeconds": 40, "restSeconds": 20, "rounds": 2, "restAfterSeconds": 15}, …]}
/// ```
/// Any version may carry a `cues` object (``CueSettings``: which spoken cues it gives); it
/// is written only when it differs from the standard settings, and never changes the version
/// (an older program ignoring it runs the same workout, only says less).
///
/// A workout that uses none of them is written as version 1, byte for byte as before, so
/// older programs keep reading it; one that uses any is written as version 2, which an older
/// program refuses with its "newer hiit wrote it" message instead of running a different
/// workout (it would ignore the fields it does not know).
public struct IntervalWorkout: Codable, Equatable, Hashable, Sendable {
    /// The newest schema version this program reads and writes: 2, the circuit fields (see
    /// ``schemaVersion``; a workout without them is written as version 1).
    public static let currentVersion = 2
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
    /// Allowed warm-up and cool-down, in seconds (0 means none).
    public static let warmUpCoolDownRange: ClosedRange<Int> = 0...3600
    /// Allowed number of sets (rounds of the whole exercise list).
    public static let setsRange: ClosedRange<Int> = 1...20
    /// Allowed rest between two sets, in seconds.
    public static let restBetweenSetsRange: ClosedRange<Int> = 0...3600

    /// The workout's name, 1–60 characters.
    public var name: String
    /// The exercises in the order they run (1–20).
    public var exercises: [Exercise]
    /// Seconds of rest between two exercises (5–300); not run after the last one.
    public var restBetweenExercisesSeconds: Int
    /// Seconds of the prepare countdown before the first work segment; 0 turns it off.
    /// Not part of ``estimatedSeconds``.
    public var prepareSeconds: Int
    /// Seconds of warm-up after the prepare countdown and before the first exercise (0–3600);
    /// `nil` or 0: none. Counted in Total Time, not in Workout Time.
    public var warmUpSeconds: Int?
    /// Seconds of cool-down after the last exercise of the last set (0–3600); `nil` or 0: none.
    /// Counted in Total Time, not in Workout Time.
    public var coolDownSeconds: Int?
    /// How many times the whole exercise list runs (1–20; 1, the default, is no circuit).
    public var sets: Int
    /// Seconds of rest between two sets (0–3600), never after the last set; `nil` uses
    /// ``restBetweenExercisesSeconds``.
    public var restBetweenSetsSeconds: Int?
    /// Which spoken cues the workout gives (names, "Next", "Half way", the countdown's kind);
    /// ``CueSettings/standard`` unless the file says otherwise.
    public var cues: CueSettings

    /// Creates a workout; call ``validate()`` to check the limits.
    /// - Parameters:
    ///   - name: 1–60 characters.
    ///   - exercises: 1–20 exercises, run in order.
    ///   - restBetweenExercisesSeconds: 5–300 s, default 60.
    ///   - prepareSeconds: 0–3600 s, default 10; 0 turns the countdown off.
    ///   - warmUpSeconds: 0–3600 s, default `nil` (none).
    ///   - coolDownSeconds: 0–3600 s, default `nil` (none).
    ///   - sets: 1–20, default 1.
    ///   - restBetweenSetsSeconds: 0–3600 s, default `nil` (the rest between exercises).
    ///   - cues: the spoken cues, default ``CueSettings/standard``.
    public init(
        name: String,
        exercises: [Exercise],
        restBetweenExercisesSeconds: Int = IntervalWorkout.defaultRestBetweenExercisesSeconds,
        prepareSeconds: Int = IntervalWorkout.defaultPrepareSeconds,
        warmUpSeconds: Int? = nil,
        coolDownSeconds: Int? = nil,
        sets: Int = 1,
        restBetweenSetsSeconds: Int? = nil,
        cues: CueSettings = .standard
    ) {
        self.name = name
        self.exercises = exercises
        self.restBetweenExercisesSeconds = restBetweenExercisesSeconds
        self.prepareSeconds = prepareSeconds
        self.warmUpSeconds = warmUpSeconds
        self.coolDownSeconds = coolDownSeconds
        self.sets = sets
        self.restBetweenSetsSeconds = restBetweenSetsSeconds
        self.cues = cues
    }

    /// Seconds of rest after exercise `index` (0-based) when another exercise of the same set
    /// follows: its own ``Exercise/restAfterSeconds``, else ``restBetweenExercisesSeconds``.
    /// - Parameter index: a valid index of ``exercises``.
    public func restAfterExercise(at index: Int) -> Int {
        exercises[index].restAfterSeconds ?? restBetweenExercisesSeconds
    }

    /// Seconds of rest between two sets as run: ``restBetweenSetsSeconds``, else
    /// ``restBetweenExercisesSeconds``.
    public var effectiveRestBetweenSetsSeconds: Int { restBetweenSetsSeconds ?? restBetweenExercisesSeconds }

    /// Seconds one set takes: the sum over exercises of `work × rounds + rest × (rounds − 1)`
    /// plus the rest after each exercise but the last.
    public var setSeconds: Int {
        let exercisesTotal = exercises.reduce(0) { $0 + $1.estimatedSeconds }
        return exercisesTotal + exercises.indices.dropLast().reduce(0) { $0 + restAfterExercise(at: $1) }
    }

    /// Estimated time in seconds: warm-up + `sets × ` ``setSeconds`` + `(sets − 1) ×` the rest
    /// between sets + cool-down. The prepare countdown is not included (DESIGN §2).
    public var estimatedSeconds: Int {
        let setCount = max(sets, 1)
        return (warmUpSeconds ?? 0) + setSeconds * setCount
            + effectiveRestBetweenSetsSeconds * (setCount - 1) + (coolDownSeconds ?? 0)
    }

    /// Total number of work segments (rounds summed over all exercises and sets).
    public var totalRounds: Int { exercises.reduce(0) { $0 + $1.rounds } * max(sets, 1) }

    /// Whether the workout uses a field of schema version 2 (warm-up, cool-down, sets other
    /// than 1, a rest between sets, an exercise's rest after it).
    public var usesCircuitFields: Bool {
        warmUpSeconds != nil || coolDownSeconds != nil || sets != 1 || restBetweenSetsSeconds != nil
            || exercises.contains { $0.restAfterSeconds != nil }
    }

    /// The `version` this workout is written with: 2 when it ``usesCircuitFields``, else 1
    /// (the file as programs before circuits wrote and read it).
    public var schemaVersion: Int { usesCircuitFields ? Self.currentVersion : 1 }

    /// Checks every limit of DESIGN §2 and of the circuit fields.
    /// - Throws: ``PlanError`` naming the field (`warm-up`, `cool-down`, `sets`, `rest between
    ///   sets`, `exercise 2 (Squats) rest after`, …), the value and the allowed range of the
    ///   first limit broken (the workout name first, then the workout's fields, then each
    ///   exercise in order).
    public func validate() throws(PlanError) {
        try PlanError.checkName(name, field: "name")
        guard Self.exerciseCountRange.contains(exercises.count) else {
            throw .outOfRange(field: "exercises", value: exercises.count,
                              range: Self.exerciseCountRange, unit: "")
        }
        try PlanError.check(restBetweenExercisesSeconds, in: Self.restBetweenExercisesRange,
                            field: "rest between exercises", unit: "s")
        try PlanError.check(prepareSeconds, in: Self.prepareRange, field: "prepare", unit: "s")
        if let warmUpSeconds {
            try PlanError.check(warmUpSeconds, in: Self.warmUpCoolDownRange, field: "warm-up", unit: "s")
        }
        if let coolDownSeconds {
            try PlanError.check(coolDownSeconds, in: Self.warmUpCoolDownRange, field: "cool-down", unit: "s")
        }
        try PlanError.check(sets, in: Self.setsRange, field: "sets", unit: "")
        if let restBetweenSetsSeconds {
            try PlanError.check(restBetweenSetsSeconds, in: Self.restBetweenSetsRange, field: "rest between sets", unit: "s")
        }
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
            if let restAfter = exercise.restAfterSeconds {
                try PlanError.check(restAfter, in: Exercise.restAfterRange, field: "\(named) rest after", unit: "s")
            }
        }
    }

    // MARK: Codable

    private enum CodingKeys: String, CodingKey {
        case version, kind, name, exercises, restBetweenExercisesSeconds, prepareSeconds
        case warmUpSeconds, coolDownSeconds, sets, restBetweenSetsSeconds, cues
    }

    /// Decodes a workout of version 1 or 2, accepting a missing `prepareSeconds` or
    /// `restBetweenExercisesSeconds` and any circuit field missing (see the type's
    /// discussion for their defaults).
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
        warmUpSeconds = try container.decodeIfPresent(Int.self, forKey: .warmUpSeconds)
        coolDownSeconds = try container.decodeIfPresent(Int.self, forKey: .coolDownSeconds)
        sets = try container.decodeIfPresent(Int.self, forKey: .sets) ?? 1
        restBetweenSetsSeconds = try container.decodeIfPresent(Int.self, forKey: .restBetweenSetsSeconds)
        cues = try container.decodeIfPresent(CueSettings.self, forKey: .cues) ?? .standard
    }

    /// Encodes the workout with `version` (``schemaVersion``: 1 unless it uses a circuit
    /// field) and `kind: "intervals"`; the circuit fields only when set (`sets` when not 1),
    /// `cues` only when not the standard settings.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeDocumentHeader(version: schemaVersion, kind: "intervals", versionKey: .version, kindKey: .kind)
        try container.encode(name, forKey: .name)
        try container.encode(exercises, forKey: .exercises)
        try container.encode(restBetweenExercisesSeconds, forKey: .restBetweenExercisesSeconds)
        try container.encode(prepareSeconds, forKey: .prepareSeconds)
        try container.encodeIfPresent(warmUpSeconds, forKey: .warmUpSeconds)
        try container.encodeIfPresent(coolDownSeconds, forKey: .coolDownSeconds)
        if sets != 1 { try container.encode(sets, forKey: .sets) }
        try container.encodeIfPresent(restBetweenSetsSeconds, forKey: .restBetweenSetsSeconds)
        if !cues.isStandard { try container.encode(cues, forKey: .cues) }
    }
}
