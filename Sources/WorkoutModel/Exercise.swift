/// One exercise of an interval workout: `rounds` work segments of `workSeconds`, separated by
/// rests of `restSeconds`. The rest after the final round is never run.
///
/// Limits (DESIGN §2, from the HIIT Timer): work 1–3600 s, rest 0–3600 s, rounds 1–99,
/// a name of 1–60 characters. A rest of 0 s means back-to-back work. `restAfterSeconds`
/// (JSON `restAfterSeconds`, optional, 0–300 s) is the rest between this exercise and the next,
/// in place of the workout's rest between exercises; absent, the workout's applies.
public struct Exercise: Codable, Equatable, Hashable, Sendable {
    /// The exercise's name as shown on the timer ("Burpees"), 1–60 characters.
    public var name: String
    /// Length of each work segment, in whole seconds (1–3600).
    public var workSeconds: Int
    /// Length of each rest between two rounds, in whole seconds (0–3600).
    public var restSeconds: Int
    /// Number of work segments (1–99).
    public var rounds: Int
    /// Seconds of rest between this exercise and the next (0–300; 0 goes straight on), in place
    /// of ``IntervalWorkout/restBetweenExercisesSeconds``; `nil` (absent from the file) uses
    /// the workout's. Never run after the last exercise of a set: the rest between sets, or
    /// the end, comes there.
    public var restAfterSeconds: Int?

    /// Creates an exercise; call ``IntervalWorkout/validate()`` to check the limits.
    /// - Parameters:
    ///   - name: shown on the timer, 1–60 characters.
    ///   - workSeconds: seconds per work segment, 1–3600.
    ///   - restSeconds: seconds per rest between rounds, 0–3600.
    ///   - rounds: work segments, 1–99.
    ///   - restAfterSeconds: seconds of rest before the next exercise, 0–300; `nil` (the
    ///     default) uses the workout's rest between exercises.
    public init(name: String, workSeconds: Int, restSeconds: Int, rounds: Int, restAfterSeconds: Int? = nil) {
        self.name = name
        self.workSeconds = workSeconds
        self.restSeconds = restSeconds
        self.rounds = rounds
        self.restAfterSeconds = restAfterSeconds
    }

    /// Seconds this exercise takes: `work × rounds + rest × (rounds − 1)` (the rest after the
    /// final round is not run). Computed with overflow-safe arithmetic on valid values.
    public var estimatedSeconds: Int {
        workSeconds * rounds + restSeconds * max(rounds - 1, 0)
    }

    /// Allowed work length in seconds.
    public static let workRange: ClosedRange<Int> = 1...3600
    /// Allowed rest length in seconds.
    public static let restRange: ClosedRange<Int> = 0...3600
    /// Allowed rest after an exercise (``restAfterSeconds``), in seconds: 0–300, the rest
    /// between exercises' upper limit; 0 is allowed here, for a circuit run straight through.
    public static let restAfterRange: ClosedRange<Int> = 0...300
    /// Allowed number of rounds.
    public static let roundsRange: ClosedRange<Int> = 1...99
    /// Allowed name length in characters.
    public static let nameLengthRange: ClosedRange<Int> = 1...60
}
