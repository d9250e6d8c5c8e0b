import TerminalUI
import WorkoutModel

/// The lines that describe a workout or plan after a command created or changed it (`hiit
/// new`, `edit`, `plan new`, `plan add`, …): its exercises or legs and its time.
enum WorkoutSummary {
    /// An interval workout's exercises (`  1. Squats: 40/20 s × 3`), the rest between them
    /// when there are several, and the estimated time with the prepare countdown, in words as
    /// `hiit show` says them (`Estimated time: 4 min 40 s (+ 10 s prepare)`).
    /// - Parameters:
    ///   - workout: the workout.
    ///   - glyphs: `×` or `x`, and the ellipsis of a name too long for 80 columns.
    /// - Returns: the lines, without line ends.
    static func lines(of workout: IntervalWorkout, glyphs: Glyphs = .unicode) -> [String] {
        var lines = Format.exerciseLines(workout, glyphs: glyphs)
        let prepare = workout.prepareSeconds > 0 ? " (+ \(Format.words(Double(workout.prepareSeconds))) prepare)" : ""
        lines.append("Estimated time: \(Format.words(Double(workout.estimatedSeconds)))\(prepare)")
        return lines
    }

    /// An interval workout's lines (as above), or a plan's legs and expected time.
    /// - Parameters:
    ///   - document: the workout or plan.
    ///   - glyphs: Unicode or ASCII punctuation.
    /// - Returns: the lines, without line ends.
    static func lines(of document: LibraryDocument, glyphs: Glyphs = .unicode) -> [String] {
        switch document {
        case let .intervals(workout): lines(of: workout, glyphs: glyphs)
        case let .multisport(plan): PlanText.legLines(plan, glyphs: glyphs) + [PlanText.expected(plan, glyphs: glyphs)]
        }
    }
}
