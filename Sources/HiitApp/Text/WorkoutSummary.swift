import WorkoutModel

/// The lines that describe a workout or plan after a command created or changed it (`hiit
/// new`, `edit`, `plan new`, `plan add`, …): its exercises or legs and its time.
enum WorkoutSummary {
    /// An interval workout's exercises (`  1. Squats: 40/20 s × 3`), the rest between them
    /// when there are several, and the estimated time with the prepare countdown.
    /// - Parameter workout: the workout.
    /// - Returns: the lines, without line ends.
    static func lines(of workout: IntervalWorkout) -> [String] {
        var lines = workout.exercises.enumerated().map { index, exercise in
            "  \(index + 1). \(exercise.name): \(exercise.workSeconds)/\(exercise.restSeconds) s × \(exercise.rounds)"
        }
        if workout.exercises.count > 1 {
            lines.append("  Rest between exercises: \(workout.restBetweenExercisesSeconds) s")
        }
        let prepare = workout.prepareSeconds > 0 ? " (+ \(Format.clock(Double(workout.prepareSeconds))) prepare)" : ""
        lines.append("Estimated time: \(Format.clock(Double(workout.estimatedSeconds)))\(prepare)")
        return lines
    }

    /// An interval workout's lines (as above), or a plan's legs and expected time.
    /// - Parameter document: the workout or plan.
    /// - Returns: the lines, without line ends.
    static func lines(of document: LibraryDocument) -> [String] {
        switch document {
        case let .intervals(workout): lines(of: workout)
        case let .multisport(plan): PlanText.legLines(plan) + [PlanText.expected(plan)]
        }
    }
}
