import CommandLineKit
import Foundation
import WorkoutModel
import WorkoutStore

/// `hiit new NAME --exercise … [--rest-between S] [--prepare S] [--warm-up S] [--cool-down S]
/// [--sets N] [--rest-between-sets S] [--cues SETTINGS]` (DESIGN §6, #16): creates an interval workout in the
/// library from exercises typed on the command line.
struct NewCommand: Command {
    static let configuration = CommandConfiguration(
        path: ["new"], abstract: "Create a workout from exercises given on the command line.",
        discussion: "Example: hiit new \"Leg day\" --exercise \"Squats 40/20x3\" --exercise \"Lunges 30/15x4\" --rest-between 60\nA circuit: hiit new Circuit -e \"Squats 40/20x2\" -e \"Push-ups 30/15x2\" --warm-up 5m --sets 3 --rest-between-sets 2m --cool-down 3m\nLimits: 1–20 exercises; work 1–3600 s; rest 0–3600 s; rounds 1–99; names 1–60 characters; 1–20 sets; warm-up, cool-down and rest between sets 0–3600 s. A name already in the library (compared ignoring case) is refused.")

    /// The new workout's name as typed; trimmed by ``workout``.
    @Argument("NAME", help: "The new workout's name, 1–60 characters.") var name: String
    /// `--exercise "Squats 40/20x3"`, repeated for each exercise, in order; an unnamed one is
    /// `Exercise N` from its position.
    @Option("exercise", short: "e", valueName: "exercise",
            help: "An exercise as NAME WORK/REST[xROUNDS], e.g. \"Squats 40/20x3\": work 40 s, rest 20 s, 3 rounds (times also as 1:00 or 1m30s; no xROUNDS is one round). At least one is needed; repeat for each exercise, in order.",
            isRequired: true, example: ExerciseArgument.example, as: ExerciseArgument.conversion)
    var exercises: [Exercise]
    /// `--rest-between S`: the rest between two exercises, seconds.
    @Option("rest-between", valueName: "time", help: "Rest between two exercises, 5–300 s, as 60, 60s, 1m or 1:00 (default: 60).",
            as: .duration(range: IntervalWorkout.restBetweenExercisesRange))
    var restBetweenSeconds: Int?
    /// `--prepare S`: the countdown before the first work segment, seconds.
    @Option("prepare", valueName: "time",
            help: "Countdown before the first work segment, 0–3600 s, as 10, 10s or 1:00; 0 turns it off (default: 10).",
            as: .duration(range: IntervalWorkout.prepareRange))
    var prepareSeconds: Int?
    /// `--warm-up S`: a warm-up before the first exercise, seconds.
    @Option("warm-up", valueName: "time",
            help: "A warm-up before the first exercise, 0–3600 s, as 300, 5m or 5:00 (default: none).",
            as: .duration(range: IntervalWorkout.warmUpCoolDownRange))
    var warmUpSeconds: Int?
    /// `--cool-down S`: a cool-down after the last exercise, seconds.
    @Option("cool-down", valueName: "time",
            help: "A cool-down after the last exercise, 0–3600 s, as 180, 3m or 3:00 (default: none).",
            as: .duration(range: IntervalWorkout.warmUpCoolDownRange))
    var coolDownSeconds: Int?
    /// `--sets N`: how many times the exercise list runs.
    @Option("sets", valueName: "count",
            help: "Run the whole list of exercises this many times, 1–20 (a circuit; default: 1).",
            as: .wholeNumber(range: IntervalWorkout.setsRange, unit: ""))
    var sets: Int?
    /// `--rest-between-sets S`: the rest between two sets, seconds.
    @Option("rest-between-sets", valueName: "time",
            help: "Rest between two sets, never after the last, 0–3600 s, as 120, 2m or 2:00 (default: the rest between exercises).",
            as: .duration(range: IntervalWorkout.restBetweenSetsRange))
    var restBetweenSetsSeconds: Int?
    /// `--cues KEY=VALUE,…`: the spoken cues, changed from the standard ones.
    @Option("cues", valueName: "settings",
            help: "Which cues the workout gives: names, next, halfway, lastRound on or off, countdown beeps, words or off, as names=off,countdown=words (default: all on, beeps).",
            as: RunWorkoutCommand.cuesConversion)
    var cues: String?

    /// The workout as typed; its limits are checked by ``run(_:)`` before anything is written.
    var workout: IntervalWorkout {
        var workout = IntervalWorkout(name: name.trimmingCharacters(in: .whitespacesAndNewlines), exercises: exercises)
        if let restBetweenSeconds { workout.restBetweenExercisesSeconds = restBetweenSeconds }
        if let prepareSeconds { workout.prepareSeconds = prepareSeconds }
        // 0 is none: the file keeps no field that changes nothing.
        workout.warmUpSeconds = warmUpSeconds.flatMap { $0 > 0 ? $0 : nil }
        workout.coolDownSeconds = coolDownSeconds.flatMap { $0 > 0 ? $0 : nil }
        if let sets { workout.sets = sets }
        workout.restBetweenSetsSeconds = restBetweenSetsSeconds
        // Checked when parsed: the settings read.
        if let cues, let settings = try? CueSettings.standard.applying(cues) { workout.cues = settings }
        return workout
    }

    func run(_ context: CommandContext) throws -> Int32 {
        // The limits (name, counts, seconds) first: a refused workout is said as
        // `cannot create 'NAME': …` (64), without a usage line.
        return try UserLibrary(context).create(.intervals(workout))
    }
}
