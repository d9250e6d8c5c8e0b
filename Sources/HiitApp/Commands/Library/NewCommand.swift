import CommandLineKit
import Foundation
import WorkoutModel
import WorkoutStore

/// `hiit new NAME --exercise … [--rest-between S] [--prepare S]` (DESIGN §6): creates an
/// interval workout in the library from exercises typed on the command line.
struct NewCommand: Command {
    /// `--exercise "Squats 40/20x3"`, repeated for each exercise, in order.
    static let exercise = OptionSpec(
        "exercise", short: "e", valueName: "exercise",
        help: "An exercise as NAME WORK/RESTxROUNDS, e.g. \"Squats 40/20x3\": work 40 s, rest 20 s, 3 rounds. At least one is needed; repeat for each exercise, in order.",
        isRepeatable: true, isRequired: true, example: ExerciseArgument.example)
    /// `--rest-between S`: the rest between two exercises.
    static let restBetween = OptionSpec("rest-between", valueName: "seconds",
                                        help: "Rest between two exercises, 5–300 s (default: 60).")
    /// `--prepare S`: the countdown before the first work segment.
    static let prepare = OptionSpec("prepare", valueName: "seconds",
                                    help: "Countdown before the first work segment, 0–3600 s; 0 turns it off (default: 10).")
    /// The new workout's name.
    static let name = ArgumentSpec("NAME", help: "The new workout's name, 1–60 characters.")

    static let path = ["new"]
    static let spec = CommandSpec(
        name: "new",
        abstract: "Create a workout from exercises given on the command line.",
        discussion: "Example: hiit new \"Leg day\" --exercise \"Squats 40/20x3\" --exercise \"Lunges 30/15x4\" --rest-between 60\nLimits: 1–20 exercises; work 1–3600 s; rest 0–3600 s; rounds 1–99; names 1–60 characters. A name already in the library (compared ignoring case) is refused.",
        arguments: [name],
        options: [exercise, restBetween, prepare])

    /// The workout as typed; its limits are checked by ``run(_:)`` before anything is written.
    let workout: IntervalWorkout

    init(_ parsed: ParsedCommand) throws(CommandLineError) {
        let name = (parsed.argument(Self.name) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        let texts = parsed.values(Self.exercise)
        guard !texts.isEmpty else {
            throw .missingOption("--exercise <exercise>", isRepeatable: true, example: ExerciseArgument.example)
        }
        var exercises: [Exercise] = []
        for (index, text) in texts.enumerated() {
            exercises.append(ExerciseArgument.named(try ExerciseArgument.parse(text, option: Self.exercise.flagName),
                                                    position: index + 1))
        }
        var workout = IntervalWorkout(name: name, exercises: exercises)
        if let value = parsed.value(Self.restBetween) {
            workout.restBetweenExercisesSeconds = try OptionValue.wholeNumber(
                value, option: Self.restBetween.flagName, range: IntervalWorkout.restBetweenExercisesRange, unit: "seconds")
        }
        if let value = parsed.value(Self.prepare) {
            workout.prepareSeconds = try OptionValue.wholeNumber(
                value, option: Self.prepare.flagName, range: IntervalWorkout.prepareRange, unit: "seconds")
        }
        self.workout = workout
    }

    func run(_ context: CommandContext) throws -> Int32 {
        // The limits (name, counts, seconds) first: a refused workout is said as
        // `cannot create 'NAME': …` (64), without a usage line.
        do {
            try workout.validate()
        } catch {
            throw CommandFailure.usage("cannot create '\(workout.name.oneLineEscaped)': \(error)")
        }
        let library = UserLibrary(context)
        library.seedIfFirstUse()
        let entry = try library.library.add(workout)
        context.console.out("Created '\(workout.name)' (\(entry.url.path)):")
        for line in WorkoutSummary.lines(of: workout) { context.console.out(line) }
        return ExitStatus.success
    }
}
