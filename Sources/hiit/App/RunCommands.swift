import Foundation
import WorkoutModel

/// `hiit run` (and plain `hiit`): run a workout.
enum RunCommands: CommandGroup {
    static let runOptions: [OptionSpec] = [
        OptionSpec("prepare", valueName: "seconds",
                   help: "Seconds of countdown before the first work segment, 0–3600; 0 turns it off (default: the workout's, usually 10)."),
        OptionSpec("mute", help: "Start with the cues off (press m to turn them on)."),
        OptionSpec("audio-device", valueName: "name",
                   help: "The ALSA device that plays the cues (default: $HIIT_AUDIO_DEVICE, else 'default')."),
        OptionSpec("no-record", help: "Do not write the completed session to history."),
        OptionSpec("events",
                   help: "Write one JSON object per line on standard output instead of drawing the timer, and read commands on standard input, one per line: pause, resume, skip (or next), finish, reset, mute, quit."),
        OptionSpec("weight", valueName: "kg", help: "Body weight for the calorie estimate, 20–400 kg (default: the profile's)."),
    ]

    /// Help for a WORKOUT argument, shared by every command that takes one.
    static let workoutArgumentHelp =
        "A workout's name, a workout file, or a quick form WORK/RESTxROUNDS such as 20/10x8 (work 20 s, rest 10 s, 8 rounds)."

    static let specs = [
        CommandSpec(
            name: "run",
            abstract: "Run a workout full screen with voice and beep cues, and record it when it completes.",
            discussion: "Keys: space pauses and resumes, n skips to the next segment, r restarts (asks first), m mutes, q quits (asks first; nothing is recorded). Ctrl-C quits at once.",
            arguments: [ArgumentSpec("WORKOUT", help: workoutArgumentHelp + " Default: the selected workout.", isOptional: true)],
            options: runOptions),
    ]

    static func handle(_ parsed: ParsedCommand, context: CommandContext) throws(CommandLineError) -> Int32? {
        guard parsed.path == [] || parsed.path == ["run"] else { return nil }
        var options = RunWorkout.Options()
        options.workout = parsed.argument("WORKOUT")
        if let value = parsed.value("prepare") {
            options.prepareSeconds = try OptionValue.wholeNumber(
                value, option: "--prepare", range: IntervalWorkout.prepareRange, unit: "seconds")
        }
        if let value = parsed.value("weight") {
            options.weightKg = try OptionValue.decimal(value, option: "--weight", range: 20...400, unit: "kg")
        }
        options.audioDevice = parsed.value("audio-device")
        options.isMuted = parsed.hasFlag("mute")
        options.noRecord = parsed.hasFlag("no-record")
        options.events = parsed.hasFlag("events")
        return RunWorkout(options: options, context: context).run()
    }
}
