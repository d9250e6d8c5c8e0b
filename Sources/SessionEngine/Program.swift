import WorkoutModel

/// A plan compiled into the ordered segments a ``Session`` runs (DESIGN §2).
///
/// An interval workout becomes: prepare (when `prepareSeconds > 0`), then for each exercise
/// `work, rest, work, …, work` (the rest after the final round is not run; a rest of 0 s is
/// never a segment), with a rest between exercises between two exercises (never after the last).
public struct Program: Equatable, Sendable {
    /// The plan's name, as shown and recorded.
    public var name: String
    /// The segments in order; never contains a zero-length segment.
    public var segments: [Segment]

    /// Creates a program from segments already built. Zero-length timed segments are removed.
    /// - Parameters:
    ///   - name: the plan's name.
    ///   - segments: the segments in order.
    public init(name: String, segments: [Segment]) {
        self.name = name
        self.segments = segments.filter { $0.duration != .zero }
    }

    /// Compiles an interval workout.
    /// - Parameters:
    ///   - workout: a workout that passed `validate()` (not re-checked here).
    ///   - prepareSeconds: overrides the workout's prepare countdown (seconds; 0 turns it off).
    public init(_ workout: IntervalWorkout, prepareSeconds: Int? = nil) {
        var segments: [Segment] = []
        let prepare = prepareSeconds ?? workout.prepareSeconds
        if prepare > 0 {
            segments.append(Segment(kind: .prepare, label: "Prepare", duration: .seconds(prepare)))
        }
        let exerciseCount = workout.exercises.count
        for (index, exercise) in workout.exercises.enumerated() {
            for round in 1...max(exercise.rounds, 1) {
                segments.append(Segment(
                    kind: .work, label: exercise.name, round: round, rounds: exercise.rounds,
                    exercise: index + 1, exercises: exerciseCount,
                    duration: .seconds(exercise.workSeconds)))
                if round < exercise.rounds {
                    segments.append(Segment(
                        kind: .rest, label: exercise.name, round: round, rounds: exercise.rounds,
                        exercise: index + 1, exercises: exerciseCount,
                        duration: .seconds(exercise.restSeconds)))
                }
            }
            if index < exerciseCount - 1 {
                segments.append(Segment(
                    kind: .restBetweenExercises, label: "Rest", exercise: index + 1,
                    exercises: exerciseCount, duration: .seconds(workout.restBetweenExercisesSeconds)))
            }
        }
        self.init(name: workout.name, segments: segments)
    }

    /// Estimated time: the sum of timed segments other than prepare; open segments count 0.
    /// Equals `IntervalWorkout.estimatedSeconds` for a compiled interval workout.
    public var estimatedDuration: Duration {
        segments.reduce(.zero) { sum, segment in
            segment.kind == .prepare ? sum : sum + (segment.duration ?? .zero)
        }
    }

    /// Planned start of each segment from the program's start, or `nil` after an open segment
    /// (whose end is not known in advance). Same count as ``segments``.
    public var plannedStarts: [Duration?] {
        var starts: [Duration?] = []
        var clock: Duration? = .zero
        for segment in segments {
            starts.append(clock)
            if let c = clock, let d = segment.duration { clock = c + d } else { clock = nil }
        }
        return starts
    }
}

extension Duration {
    /// The duration in seconds as a `Double` (attosecond precision folded in).
    public var inSeconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
