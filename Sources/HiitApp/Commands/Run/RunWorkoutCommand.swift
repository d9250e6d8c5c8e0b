import CommandLineKit
import Foundation
import WorkoutModel

/// `hiit run [WORKOUT]` (and plain `hiit`): run a workout, a multisport plan or a free-form
/// session, and record it when it completes (``RunWorkout`` does the work).
struct RunWorkoutCommand: Command {
    static let workout = ArgumentSpec("WORKOUT", help: ArgumentHelp.workout + " Default: the selected workout.", isOptional: true)
    static let prepare = OptionSpec("prepare", valueName: "seconds",
                                    help: "Seconds of countdown before the first work segment, 0–3600; 0 turns it off (default: the workout's, usually 10).")
    static let mute = OptionSpec("mute", help: "Start with the cues off (press m to turn them on).")
    static let audioDevice = OptionSpec("audio-device", valueName: "name",
                                        help: "The ALSA device that plays the cues (default: $HIIT_AUDIO_DEVICE, else 'default').")
    static let noRecord = OptionSpec("no-record", help: "Do not write the completed session to history.")
    static let events = OptionSpec("events",
                                   help: "Write one JSON object per line on standard output instead of drawing the timer, and read commands on standard input, one per line: pause, resume, skip (or next), finish, reset, mute, quit; for multisport sessions also lap, undo, and with --multisport or --intervals begin SPORT and end.")
    static let weight = OptionSpec("weight", valueName: "kg", help: "Body weight for the calorie estimate, 20–400 kg (default: the profile's).")
    static let multisport = OptionSpec("multisport",
                                       help: "A free-form multisport session: s swim, b bike, r run, t transition begin a leg (ending the one running), e ends it. With --events: 'begin SPORT' and 'end'.")
    static let intervals = OptionSpec("intervals", valueName: "sport",
                                      help: "A free-form interval session of one sport (running, cycling, swimming, …): Enter starts and ends each interval; the time between is not counted.")

    /// The options of `hiit run`, which plain `hiit` takes too.
    static let options = [prepare, mute, audioDevice, noRecord, events, weight, multisport, intervals]

    static let path = ["run"]
    static let spec = CommandSpec(
        name: "run",
        abstract: "Run a workout full screen with voice and beep cues, and record it when it completes.",
        discussion: "Keys: space pauses and resumes, n skips to the next segment, r restarts (asks first), m mutes, q quits (asks first; nothing is recorded). Ctrl-C quits at once. A multisport plan runs leg by leg: n ends the leg and starts the next (a second n within 3 s is ignored), l marks a lap (a length in a pool swim), u undoes the last leg change or lap, space pauses, f finishes (asks), q quits (asks). --events reads next, lap, undo, pause, resume, finish, quit (and begin SPORT, end for --multisport and --intervals) on stdin.",
        arguments: [workout],
        options: options)

    /// What the command line asked for.
    let options: RunWorkout.Options

    init(_ parsed: ParsedCommand) throws(CommandLineError) {
        var options = RunWorkout.Options()
        options.workout = parsed.argument(Self.workout)
        if let value = parsed.value(Self.prepare) {
            options.prepareSeconds = try OptionValue.wholeNumber(
                value, option: Self.prepare.flagName, range: IntervalWorkout.prepareRange, unit: "seconds")
        }
        if let value = parsed.value(Self.weight) {
            options.weightKg = try OptionValue.decimal(value, option: Self.weight.flagName, range: 20...400, unit: "kg")
        }
        options.audioDevice = parsed.value(Self.audioDevice)
        options.isMuted = parsed.hasFlag(Self.mute)
        options.noRecord = parsed.hasFlag(Self.noRecord)
        options.events = parsed.hasFlag(Self.events)
        options.multisport = parsed.hasFlag(Self.multisport)
        if let value = parsed.value(Self.intervals) {
            guard let sport = Sport(commandLine: value), sport != .transition else {
                throw .badValue(option: Self.intervals.flagName, value: value,
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
        self.options = options
    }

    func run(_ context: CommandContext) throws -> Int32 {
        try RunWorkout(options: options, context: context).run()
    }
}
