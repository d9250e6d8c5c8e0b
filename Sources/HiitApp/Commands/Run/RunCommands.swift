import CommandLineKit
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
                   help: "Write one JSON object per line on standard output instead of drawing the timer, and read commands on standard input, one per line: pause, resume, skip (or next), finish, reset, mute, quit; for multisport sessions also lap, undo, and with --multisport or --intervals begin SPORT and end."),
        OptionSpec("weight", valueName: "kg", help: "Body weight for the calorie estimate, 20–400 kg (default: the profile's)."),
        OptionSpec("multisport",
                   help: "A free-form multisport session: s swim, b bike, r run, t transition begin a leg (ending the one running), e ends it. With --events: 'begin SPORT' and 'end'."),
        OptionSpec("intervals", valueName: "sport",
                   help: "A free-form interval session of one sport (running, cycling, swimming, …): Enter starts and ends each interval; the time between is not counted."),
    ]

    /// Help for a WORKOUT argument, shared by every command that takes one.
    static let workoutArgumentHelp =
        "A workout's name, a workout file, or a quick form WORK/RESTxROUNDS such as 20/10x8 (work 20 s, rest 10 s, 8 rounds)."

    static let specs = [
        CommandSpec(
            name: "run",
            abstract: "Run a workout full screen with voice and beep cues, and record it when it completes.",
            discussion: "Keys: space pauses and resumes, n skips to the next segment, r restarts (asks first), m mutes, q quits (asks first; nothing is recorded). Ctrl-C quits at once. A multisport plan runs leg by leg: n ends the leg and starts the next (a second n within 3 s is ignored), l marks a lap (a length in a pool swim), u undoes the last leg change or lap, space pauses, f finishes (asks), q quits (asks). --events reads next, lap, undo, pause, resume, finish, quit (and begin SPORT, end for --multisport and --intervals) on stdin.",
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
        options.multisport = parsed.hasFlag("multisport")
        if let value = parsed.value("intervals") {
            guard let sport = Sport(commandLine: value), sport != .transition else {
                throw .badValue(option: "--intervals", value: value,
                                reason: "is not a sport; use running, cycling, swimming, walking or rowing")
            }
            options.intervalsSport = sport
        }
        if options.multisport || options.intervalsSport != nil {
            let flag = options.multisport ? "--multisport" : "--intervals"
            if options.multisport, options.intervalsSport != nil {
                throw .conflict("--multisport and --intervals are two kinds of session; give one")
            }
            if let workout = options.workout {
                throw .conflict("\(flag) starts a free-form session; it takes no WORKOUT ('\(workout)')")
            }
            if options.prepareSeconds != nil { throw .conflict("--prepare applies to interval workouts, not \(flag)") }
        }
        return RunWorkout(options: options, context: context).run()
    }
}
