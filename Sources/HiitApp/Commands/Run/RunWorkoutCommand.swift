import ActivityRecords
import CommandLineKit
import Foundation
import WorkoutModel

/// `hiit run [WORKOUT]` (and plain `hiit`): run a workout, a multisport plan or a free-form
/// session, and record it when it completes (``RunWorkout`` does the work).
struct RunWorkoutCommand: Command {
    static let configuration = CommandConfiguration(
        path: ["run"], abstract: "Run a workout full screen with voice and beep cues, and record it when it completes.",
        discussion: "Keys: space pauses and resumes, n skips to the next segment (in the last one it asks before finishing; a round counts when half its work ran), ← goes back to the start of the segment (within its first 3 s to the one before), + and - add and take 10 s, r restarts (asks first), m mutes, q quits (asks first: y or a second q quits; nothing is recorded). Ctrl-C quits at once. Ctrl-Z suspends (so do SIGTSTP, SIGTTIN and SIGTTOU): the terminal is given back as it was and fg brings the timer back, an interval workout paused from the instant it was suspended (space resumes), a multisport race clock still running. Where the cues cannot be heard (muted, no sound device) the terminal's bell rings at each segment change and at the finish (--bell, --no-bell); the window title shows the phase, the time and the round, and the old title comes back at the end. With TERM=dumb, or when standard output is not a terminal, the timer prints one plain line per segment instead of the full screen. A multisport plan runs leg by leg: n ends the leg and starts the next (a second n within 3 s is ignored), l marks a lap (a length in a pool swim), u undoes the last leg change or lap, space pauses, f finishes (asks), q quits (asks). --events reads next, lap, undo, pause, resume, finish, quit (and begin SPORT, end for --multisport and --intervals) on stdin.")

    /// WORKOUT: a name, a path or the QUICK form; `nil` runs the default workout.
    @Argument("WORKOUT", help: ArgumentHelp.workout + " Default: the selected workout.") var workout: String?
    /// `--prepare S`: overrides the prepare countdown, seconds.
    @Option("prepare", valueName: "time",
            help: "Countdown before the first work segment (or a plan's first leg), 0–3600 s, as 10, 10s, 1m or 1:00; 0 turns it off (default: the workout's, usually 10; 0 for a plan).",
            as: .duration(range: IntervalWorkout.prepareRange))
    var prepareSeconds: Int?
    /// `--mute`: start with cues muted.
    @Flag("mute", help: "Start with the cues off (press m to turn them on).") var isMuted: Bool
    /// `--audio-device NAME`: the ALSA device, if given.
    @Option("audio-device", valueName: "name",
            help: "The ALSA device that plays the cues (default: $HIIT_AUDIO_DEVICE, else 'default').")
    var audioDevice: String?
    /// `--no-record`: do not write the session to history.
    @Flag("no-record", help: "Do not write the completed session to history.") var noRecord: Bool
    /// `--events`: JSON event lines instead of a screen.
    @Flag("events",
          help: "Write one JSON object per line on standard output instead of drawing the timer, and read commands on standard input, one per line: pause, resume, skip (or next), back, add, take, finish, reset, mute, quit; for multisport sessions also lap, undo, and with --multisport or --intervals begin SPORT and end.")
    var events: Bool
    /// `--weight WEIGHT`: body weight for the calorie estimate, if given.
    @Option("weight", valueName: WeightOption.valueName, help: WeightOption.help + " Default: the profile's.",
            as: WeightOption.conversion)
    var weight: WeightOption.Typed?
    /// `--multisport`: a free-form swim–bike–run session.
    @Flag("multisport",
          help: "A free-form multisport session: s swim, b bike, r run, t transition begin a leg (ending the one running), e ends it. With --events: 'begin SPORT' and 'end'.")
    var multisport: Bool
    /// `--intervals SPORT`: a free-form interval session of one sport, if given.
    @Option("intervals", valueName: "sport",
            help: "A free-form interval session of one sport (running, cycling, swimming, …): Enter starts and ends each interval; the time between is not counted.",
            as: RunWorkoutCommand.sportConversion)
    var intervalsSport: Sport?

    /// `--bell`: ring the terminal's bell at each boundary and at the finish.
    @Flag("bell",
          help: "Ring the terminal's bell at each segment or leg change and at the finish (default: only while the cues cannot be heard: muted, --mute, no sound device, unusable sounds).")
    var isBellGiven: Bool
    /// `--no-bell`: never ring the terminal's bell.
    @Flag("no-bell", help: "Never ring the terminal's bell.") var isNoBellGiven: Bool

    /// `--gps`: record the track from gpsd.
    @Flag("gps",
          help: "Record distance, pace and the track from gpsd (GPSD_HOST and GPSD_PORT, else 127.0.0.1:2947) for --multisport, --intervals, a plan's legs (not swims) and --track; without gpsd the session runs on with time only.")
    var gps: Bool
    /// `--gpsd HOST:PORT`: where gpsd listens (implies `--gps`).
    @Option("gpsd", valueName: "host:port", help: "Where gpsd listens (HOST, HOST:PORT, [IPv6]:PORT); implies --gps.")
    var gpsdEndpoint: String?
    /// `--track SPORT`: a plain run or ride.
    @Option("track", valueName: "sport",
            help: "A plain run, ride or walk recorded with GPS (implies --gps): it starts at once; space pauses, f (or n) finishes after asking; with --events, finish.",
            as: RunWorkoutCommand.trackSportConversion)
    var trackSport: Sport?
    /// `--auto-lap DISTANCE`: a lap every so far.
    @Option("auto-lap", valueName: "distance",
            help: "With GPS, a lap every DISTANCE (1km, 1mi, 500m), said on screen with its time.",
            as: RunWorkoutCommand.autoLapConversion)
    var autoLap: Distance?
    /// `--auto-pause`: rides pause themselves while stopped.
    @Flag("auto-pause",
          help: "With GPS, pause a ride while it stands still (below 1 m/s for 5 s; resumed above 2 m/s for 2 s).")
    var autoPause: Bool

    /// `--voice LANG`: every cue in that espeak-ng voice.
    @Option("voice", valueName: "lang",
            help: "Speak every cue with espeak-ng in this voice (en, de, fr, es, cs, ja, or any of espeak-ng --voices), its phrases in that language (de, fr, es, cs and ja have their own; others say the English words). Default: the bundled English cues, names and the other spoken cues in espeak-ng's English voice.")
    var voice: String?
    /// `--cues KEY=VALUE,…`: changes the workout's cue settings for this run.
    @Option("cues", valueName: "settings",
            help: "Which cues to give, changing the workout's: names, next, halfway, lastRound on or off, countdown beeps, words or off, as names=off,countdown=words (an interval workout's cues; default: all on, beeps).",
            as: RunWorkoutCommand.cuesConversion)
    var cues: String?

    /// Whether the track is recorded from gpsd: `--gps`, or `--gpsd` or `--track`, which imply it.
    var recordsGPS: Bool { gps || gpsdEndpoint != nil || trackSport != nil }

    /// What the command line asked for.
    var options: RunWorkout.Options {
        RunWorkout.Options(workout: workout, prepareSeconds: prepareSeconds, isMuted: isMuted, audioDevice: audioDevice,
                           noRecord: noRecord, events: events, weight: weight, multisport: multisport,
                           intervalsSport: intervalsSport, bell: isBellGiven ? true : (isNoBellGiven ? false : nil),
                           gps: recordsGPS, gpsdEndpoint: gpsdEndpoint,
                           trackSport: trackSport, autoLapMeters: autoLap?.meters, autoPause: autoPause,
                           voice: voice, cues: cues)
    }

    /// - Throws: ``CommandLineError/conflict(_:)`` for `--bell` with `--no-bell`, for two of `--multisport`,
    ///   `--intervals` and `--track`, or any of them with WORKOUT or `--prepare`, and for
    ///   `--auto-lap` or `--auto-pause` without GPS.
    func validate() throws(CommandLineError) {
        if isBellGiven, isNoBellGiven {
            throw .conflict("\($isBellGiven.flagName) and \($isNoBellGiven.flagName) cannot be given together; choose one")
        }
        if !recordsGPS, autoLap != nil || autoPause {
            throw .conflict("\(autoLap != nil ? "--auto-lap" : "--auto-pause") needs GPS; add --gps (or --track SPORT)")
        }
        let kinds = [multisport ? "--multisport" : nil, intervalsSport != nil ? "--intervals" : nil,
                     trackSport != nil ? "--track" : nil].compactMap { $0 }
        if kinds.count > 1 {
            throw .conflict("\(kinds.joined(separator: " and ")) are different kinds of session; give one")
        }
        guard let flag = kinds.first else { return }
        if let workout {
            throw .conflict(flag == "--track" ? "--track records a plain run or ride; it takes no WORKOUT ('\(workout)')"
                : "\(flag) starts a free-form session; it takes no WORKOUT ('\(workout)')")
        }
        // --track starts at once, and may count down first.
        if flag != "--track", prepareSeconds != nil { throw .conflict("--prepare applies to workouts and plans, not \(flag), whose legs you begin yourself") }
    }

    /// `--cues`' conversion: the text as typed, once it reads as settings (the workout's are
    /// changed by it when the run starts).
    static var cuesConversion: ValueConversion<String> {
        ValueConversion { value, origin throws(CommandLineError) in
            try checkCues(value, option: origin.name)
            return value
        }
    }

    /// Checks a `--cues` value (`hiit run`, `hiit new`, `hiit edit`).
    /// - Throws: ``CommandLineError/badValue(option:value:reason:)`` naming the piece that is
    ///   not a cue setting and why.
    static func checkCues(_ value: String, option: String) throws(CommandLineError) {
        do throws(PlanError) {
            _ = try CueSettings.standard.applying(value)
        } catch {
            guard case let .invalidCueSetting(piece, reason) = error else {
                throw .badValue(option: option, value: value, reason: "\(error)")
            }
            throw .badValue(option: option, value: piece,
                            reason: "is not a cue setting (\(reason)); expected e.g. names=off,countdown=words")
        }
    }

    /// The sports of `--intervals`: those the timer runs (``Sport/isPlanSport``) but a
    /// transition. Its error and the shells' completions list them from here.
    static let intervalsSports = Sport.planSports.filter { $0 != .transition }

    /// The sports of `--track`: those the timer runs that GPS records (not a swim: a receiver
    /// under water has no fix; not a transition). Its error and the completions list them.
    static let trackSports = Sport.planSports.filter(LiveRecording.recordsTrack)

    /// `running, cycling, walking or rowing`.
    static func spokenList(_ sports: [Sport]) -> String {
        let words = sports.map(\.rawValue)
        guard words.count > 1 else { return words.joined() }
        return words.dropLast().joined(separator: ", ") + " or " + words[words.count - 1]
    }

    /// `--track`'s conversion: one of ``trackSports``.
    private static var trackSportConversion: ValueConversion<Sport> {
        ValueConversion { value, origin throws(CommandLineError) in
            guard let sport = Sport(commandLine: value), trackSports.contains(sport) else {
                throw .badValue(option: origin.name, value: value,
                                reason: "is not a sport GPS records; use \(spokenList(trackSports))")
            }
            return sport
        }
    }

    /// `--auto-lap`'s conversion: a distance of 100 m to 100 km.
    private static var autoLapConversion: ValueConversion<Distance> {
        ValueConversion { text, origin throws(CommandLineError) in
            let distance: Distance
            do {
                distance = try Distance(parsing: text)
            } catch {
                throw .badValue(option: origin.name, value: text,
                                reason: "is not a distance; use a number and m, km, yd or mi, such as 1km, 1mi or 400m")
            }
            guard (100...100_000).contains(distance.meters) else {
                throw .badValue(option: origin.name, value: text, reason: "is outside 100 m–100 km")
            }
            return distance
        }
    }

    /// `--intervals`' conversion: one of ``intervalsSports``.
    private static var sportConversion: ValueConversion<Sport> {
        ValueConversion { value, origin throws(CommandLineError) in
            guard let sport = Sport(commandLine: value), intervalsSports.contains(sport) else {
                throw .badValue(option: origin.name, value: value,
                                reason: "is not a sport of --intervals; use \(spokenList(intervalsSports))")
            }
            return sport
        }
    }

    func run(_ context: CommandContext) throws -> Int32 {
        try RunWorkout(options: options, context: context).run()
    }
}
