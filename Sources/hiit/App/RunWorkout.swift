import AudioCues
import Calories
import Foundation
import SessionEngine
import TerminalUI
import WorkoutModel
import WorkoutStore
#if canImport(Glibc)
import Glibc
#endif

/// `hiit run [WORKOUT] …`: runs a workout with cues and records it when it completes.
struct RunWorkout {
    /// What the command line asked for.
    struct Options {
        /// A name, a path or the QUICK form; `nil` runs the default workout.
        var workout: String?
        /// Overrides the prepare countdown (seconds, 0–3600).
        var prepareSeconds: Int?
        /// Start with cues muted.
        var isMuted = false
        /// ALSA device name (`--audio-device`, else `HIIT_AUDIO_DEVICE`, else `default`).
        var audioDevice: String?
        /// Do not write the session to history.
        var noRecord = false
        /// JSON event lines instead of a screen.
        var events = false
        /// Body weight for the calorie estimate (kg).
        var weightKg: Double?
    }

    let options: Options
    /// Body weight for calories: `--weight`, else the profile's.
    let context: CommandContext
    private var environment: [String: String] { context.environment }
    private var locations: Locations { context.locations }
    private var console: Console { context.console }

    /// Runs the workout and returns the exit status.
    func run() -> Int32 {
        // The profile (weight, selection) is read once, before the screen takes over, so a
        // broken one is reported now and only once.
        let profile = ProfileCommands.profileForRun(context)
        let workout: IntervalWorkout
        do {
            workout = try LibraryCommands.workoutToRun(context, named: options.workout, selection: profile.selectedWorkout)
        } catch {
            console.err("Error: \(error)")
            return error.exitStatus
        }
        let program = Program(workout, prepareSeconds: options.prepareSeconds)
        let weightKg = options.weightKg ?? profile.weightKg

        // Sound: decoded once at start; any failure turns cues off with one message.
        let (player, cuesOffReason) = makePlayer()
        player.setMuted(options.isMuted)
        if let cuesOffReason, !options.isMuted {
            console.err("Cues are off: \(cuesOffReason)")
        }

        let signals: SignalPipe?
        do {
            signals = try SignalPipe(signals: [SIGINT, SIGTERM, SIGHUP, SIGWINCH])
        } catch {
            console.err("Error: cannot watch signals: \(error)")
            return ExitStatus.ioError
        }
        defer { signals?.close() }

        let useScreen = !options.events && console.stdoutIsTerminal && console.stdinIsTerminal
        let frontEnd: any RunFrontEnd<Session>
        var rawMode: RawMode?
        if options.events {
            frontEnd = EventsFrontEnd(output: console.out, errors: console.err, isMuted: options.isMuted)
        } else if useScreen {
            do {
                rawMode = try RawMode(fd: STDIN_FILENO, output: STDOUT_FILENO)
            } catch {
                console.err("Error: cannot use the terminal: \(error)")
                return ExitStatus.ioError
            }
            let env = environment
            frontEnd = ScreenFrontEnd(
                workoutName: workout.name, cuesOffReason: cuesOffReason, isMuted: options.isMuted,
                styleMode: StyleMode.decide(isTerminal: true, noColor: env["NO_COLOR"], term: env["TERM"]),
                glyphs: Glyphs.decide(lcAll: env["LC_ALL"], lcCtype: env["LC_CTYPE"], lang: env["LANG"], term: env["TERM"]),
                size: { TerminalSize.current(fd: STDOUT_FILENO, columns: env["COLUMNS"], lines: env["LINES"]) })
        } else {
            // Keys still work when only stdout is redirected (`hiit run | tee log`).
            if console.stdinIsTerminal { rawMode = try? RawMode(fd: STDIN_FILENO, output: nil) }
            frontEnd = PlainFrontEnd(output: console.out, readsKeys: rawMode != nil)
        }

        let loop = RunLoop(session: Session(program: program), frontEnd: frontEnd, player: player, signals: signals)
        let ending: RunEnding<SessionSummary>
        do {
            ending = try loop.run()
        } catch {
            rawMode?.restore()
            console.err("Error: \(error)")
            return ExitStatus.ioError
        }
        rawMode?.restore()

        switch ending {
        case let .finished(summary):
            let status = record(summary, workout: workout, weightKg: weightKg, loop: loop, frontEnd: frontEnd)
            // Let "Congratulations!" be heard before the process exits.
            player.waitUntilIdle(timeout: .seconds(3))
            (player as? ALSACuePlayer)?.close()
            return status
        case .quit:
            if !options.events { console.out("Quit: nothing was recorded.") }
            return ExitStatus.success
        case let .signal(number):
            console.err("Stopped by \(Self.signalName(number)): nothing was recorded.")
            return 128 + number
        }
    }

    /// Opens the sound device; on failure returns a silent player and the reason.
    private func makePlayer() -> (CuePlayer, String?) {
        let device = options.audioDevice ?? environment["HIIT_AUDIO_DEVICE"].flatMap { $0.isEmpty ? nil : $0 } ?? "default"
        do {
            let sounds = try SoundBank(searching: locations.soundCandidates)
            return (try ALSACuePlayer(device: device, sounds: sounds), nil)
        } catch {
            return (SilentCuePlayer(), error.description)
        }
    }

    /// Prints the summary and appends the session to history.
    private func record(_ summary: SessionSummary, workout: IntervalWorkout, weightKg: Double?, loop: RunLoop<Session>,
                        frontEnd: any RunFrontEnd<Session>) -> Int32 {
        let events = frontEnd as? EventsFrontEnd
        guard let firstWork = summary.firstWorkStart else {
            if let events { events.emit(.init(event: "notRecorded", t: loop.now.inSeconds, message: "no work segment ran")) }
            else { console.out("Finished before any work: nothing to record.") }
            return ExitStatus.success
        }
        let kcal = weightKg.map {
            HIITCalories.kcal(weightKg: $0, workoutSeconds: summary.workoutSeconds, totalSeconds: summary.totalSeconds)
        }
        let record = SessionRecord(
            id: UUID(), workout: workout.name, kind: .intervals,
            start: loop.wallOrigin.addingTimeInterval(firstWork.inSeconds),
            end: loop.wallOrigin.addingTimeInterval(summary.end.inSeconds),
            timeZone: TimeZone.current,
            workoutSeconds: summary.workoutSeconds, totalSeconds: summary.totalSeconds,
            pausedSeconds: summary.pausedSeconds, rounds: summary.rounds, exercises: summary.exercises,
            weightKg: weightKg, kcal: kcal)

        if events == nil {
            console.out(Self.summaryText(record))
        }
        guard !options.noRecord else {
            if let events { events.emit(.init(event: "notRecorded", t: loop.now.inSeconds, message: "--no-record")) }
            else { console.out("Not recorded (--no-record).") }
            return ExitStatus.success
        }
        let folder = DataFolder(url: locations.dataFolder)
        do {
            try folder.create()
            try folder.history.append(record)
        } catch {
            console.err("Error: the session was not saved: \(error)")
            return ExitStatus.ioError
        }
        if let events {
            var line = EventsFrontEnd.Line(event: "saved", t: loop.now.inSeconds)
            line.id = record.id.uuidString
            line.kcal = kcal
            events.emit(line)
        } else {
            console.out("Saved to history: \(folder.historyURL.path)")
        }
        return ExitStatus.success
    }

    /// The end-of-workout summary (plain text, several lines).
    static func summaryText(_ record: SessionRecord) -> String {
        var lines = ["\(record.workout) — completed", ""]
        lines.append("  Workout Time  \(Format.clock(record.workoutSeconds))")
        var total = "  Total Time    \(Format.clock(record.totalSeconds))"
        if record.pausedSeconds >= 1 { total += "  (paused \(Format.clock(record.pausedSeconds)))" }
        lines.append(total)
        lines.append("  Rounds        \(record.rounds)")
        lines.append("  Exercises     \(record.exercises)")
        if let kcal = record.kcal { lines.append("  Energy        \(HIITCalories.display(kcal))") }
        lines.append("")
        return lines.joined(separator: "\n")
    }

    static func signalName(_ number: Int32) -> String {
        switch number {
        case SIGINT: "SIGINT (Ctrl-C)"
        case SIGTERM: "SIGTERM"
        case SIGHUP: "SIGHUP"
        default: "signal \(number)"
        }
    }
}
