import ActivityFiles
import ActivityRecords
import AudioCues
import Calories
import CommandLineKit
import Foundation
import SessionEngine
import Speech
import TerminalUI
import WorkoutModel
import WorkoutStore

/// `hiit run [WORKOUT] …`: runs an interval workout, a multisport plan, or a free-form
/// multisport or single-sport interval session, with cues, and records it when it completes.
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
        /// `--weight`: body weight for the calorie estimate as typed (a bare number in the
        /// profile's units).
        var weight: WeightOption.Typed?
        /// `--multisport`: a free-form swim–bike–run session.
        var multisport = false
        /// `--intervals SPORT`: a free-form interval session of one sport.
        var intervalsSport: Sport?
        /// `--bell` (`true`), `--no-bell` (`false`) or neither (`nil`: the bell rings while the
        /// cues cannot be heard).
        var bell: Bool?
        /// `--gps` (or `--gpsd`, `--track`): record the track from gpsd.
        var gps = false
        /// `--gpsd HOST:PORT`, as typed.
        var gpsdEndpoint: String?
        /// `--track SPORT`: a plain run or ride.
        var trackSport: Sport?
        /// `--auto-lap`: the lap length in metres.
        var autoLapMeters: Double?
        /// `--auto-pause`: rides pause themselves while stopped.
        var autoPause = false
        /// `--voice LANG`: every cue spoken by espeak-ng in that voice; `nil` for the bundled
        /// English cues (names and the other spoken cues in espeak-ng's English voice).
        var voice: String?
        /// `--cues KEY=VALUE,…` as typed (checked when parsed): changes the workout's cue settings.
        var cues: String?
    }

    let options: Options
    let context: CommandContext
    private var environment: [String: String] { context.environment }
    private var locations: Locations { context.locations }
    private var console: Console { context.console }

    /// Runs what was asked for and returns the exit status (0 also for a quit; 128 + N after
    /// signal N).
    /// - Throws: ``WorkoutResolver/ResolveError`` for a workout that cannot be found or read;
    ///   ``CommandFailure`` when the terminal or signals cannot be used, the run loop fails, or
    ///   the session cannot be saved.
    func run() throws -> Int32 {
        // The profile (weight, selection, units) is read once, before the screen takes over,
        // so a broken one is reported now and only once.
        let profile = ProfileLoader.load(context.locations, console: context.console, consequence: "no calorie estimate and no selected workout")
        let weightKg = try options.weight.map { typed throws(CommandLineError) in try WeightOption.kilograms(typed, units: profile.units) }
            ?? profile.weightKg
        let gps = try makeGPS(units: profile.units)
        let link = gps.map(LiveGPSLink.init)
        if options.multisport {
            let run = MultisportRun(
                title: "Multisport", mode: .freeForm(name: "Multisport", allowed: [.swimming, .cycling, .running, .transition]),
                units: profile.units, gps: link)
            return try runMultisport(run, weightKg: weightKg)
        }
        let sportTitle = { (sport: Sport) in sport.rawValue.prefix(1).uppercased() + sport.rawValue.dropFirst() }
        if let sport = options.intervalsSport {
            let title = "\(sportTitle(sport)) intervals"
            return try runMultisport(MultisportRun(title: title, mode: .freeForm(name: title, allowed: [sport]), units: profile.units,
                                                   gps: link),
                                     weightKg: weightKg)
        }
        if let sport = options.trackSport {
            // A plain run or ride: a plan of one leg, begun with the run.
            let plan = MultisportPlan(name: sportTitle(sport), legs: [Leg(sport: sport)])
            return try runMultisport(MultisportRun(title: plan.name, mode: .plan(plan), units: profile.units, isTrack: true, gps: link),
                                     weightKg: weightKg, prepare: .seconds(options.prepareSeconds ?? 0))
        }
        let document = try UserLibrary(context).workoutToRun(named: options.workout, selection: profile.selectedWorkout)
        switch document {
        case let .intervals(workout):
            if gps != nil {
                throw CommandFailure.usage("--gps records the track of --multisport, --intervals SPORT, a plan's legs and --track SPORT; '\(workout.name)' is an interval workout")
            }
            return try runIntervals(workout, weightKg: weightKg)
        case let .multisport(plan):
            // A plan's countdown is 0 unless --prepare asks for one (the race clock starts with the first leg).
            return try runMultisport(MultisportRun(title: plan.name, mode: .plan(plan), units: profile.units, gps: link),
                                     weightKg: weightKg, prepare: .seconds(options.prepareSeconds ?? 0))
        }
    }

    /// The live GPS when `--gps` (or `--gpsd`, `--track`) asks for it: gpsd's address from
    /// `--gpsd`, else `GPSD_HOST` and `GPSD_PORT`, else 127.0.0.1:2947, resolved now (the
    /// connection is made as the run begins; without gpsd the run goes on with time only).
    /// - Throws: ``CommandFailure`` (64) for an address that does not parse, (74) for a host
    ///   that cannot be resolved.
    private func makeGPS(units: Profile.Units) throws -> LiveGPS? {
        guard options.gps else { return nil }
        let (endpoint, client) = try GPSCommand.client(for: options.gpsdEndpoint, environment: environment)
        return LiveGPS(client: client, endpoint: "\(endpoint)", units: units, autoLapMeters: options.autoLapMeters,
                       autoPause: options.autoPause)
    }

    // MARK: Interval workouts

    private func runIntervals(_ workout: IntervalWorkout, weightKg: Double?) throws -> Int32 {
        var cues = workout.cues
        if let typed = options.cues {
            do { cues = try cues.applying(typed) } catch { throw CommandFailure.usage("--cues: \(error)") }
        }
        let program = Program(workout, prepareSeconds: options.prepareSeconds, cues: cues)
        let sound = try makeSound(for: program.cues)
        return try drive(session: Session(program: program, cueLengths: sound.lengths), sound: sound,
                         adapter: IntervalRun(workoutName: workout.name, week: options.events ? nil : WeekStanding.startLine(
                             locations: locations, environment: environment, glyphs: console.glyphs, now: context.now))) { summary, loop, events in
            try record(summary, weightKg: weightKg, loop: loop, events: events)
        }
    }

    /// Prints the summary and appends the session to history.
    private func record(_ summary: SessionSummary, weightKg: Double?, loop: WorkoutRunLoop<Session>,
                        events: EventsFrontEnd<IntervalRun>?) throws -> Int32 {
        guard let record = summary.record(id: UUID(), weightKg: weightKg, wallOrigin: loop.wallOrigin,
                                          timeZone: recordTimeZone(at: loop.wallOrigin)) else {
            let why = summary.firstWorkStart == nil ? "no work segment ran"
                : "no round was done (each was skipped before half of its work)"
            if let events { events.emit(.init(event: "notRecorded", t: loop.now.inSeconds, message: why)) }
            else { console.out("Finished: \(why), so there is nothing to record.") }
            return ExitStatus.success
        }
        if events == nil { console.out(Self.summaryText(record, glyphs: console.glyphs)) }
        return try save(record, events: events, at: loop.now)
    }

    /// The zone a finished session is recorded in: the local one (`TZ`, else the system's,
    /// ``LocalTimeZone/recording(environment:at:)``); with `--no-record` UTC, as nothing shows
    /// or keeps it.
    private func recordTimeZone(at start: Date) -> any RecordingTimeZone {
        options.noRecord ? TimeZone.gmt : LocalTimeZone.recording(environment: context.environment, at: start)
    }

    /// The end-of-workout summary (plain text, several lines).
    static func summaryText(_ record: SessionRecord, glyphs: Glyphs = .unicode) -> String {
        var lines = ["\(record.workout) \(glyphs.dash) completed", ""]
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

    // MARK: Multisport

    private func runMultisport(_ run: MultisportRun, weightKg: Double?, prepare: Duration = .zero) throws -> Int32 {
        if options.cues != nil {
            throw CommandFailure.usage("--cues applies to interval workouts; a multisport session says its legs' sports")
        }
        return try drive(session: MultisportSession(mode: run.mode, prepare: prepare), sound: try makeSound(for: Cue.bundled),
                         adapter: run, accessory: run.gps?.gps) { finish, loop, events in
            try recordMultisport(run, finish: finish, weightKg: weightKg, loop: loop, events: events)
        }
    }

    /// Builds the record of a finished multisport session, shows the per-leg table (or the
    /// `results` line) and appends it to history.
    private func recordMultisport(_ run: MultisportRun, finish: Duration, weightKg: Double?,
                                  loop: WorkoutRunLoop<MultisportSession>, events: EventsFrontEnd<MultisportRun>?) throws -> Int32 {
        guard var record = loop.session.record(finishedAt: finish, id: UUID(), weightKg: weightKg,
                                               wallOrigin: loop.wallOrigin, timeZone: recordTimeZone(at: loop.wallOrigin)) else {
            if let events { events.emit(EventLine(event: "notRecorded", t: loop.now.inSeconds, message: "no leg was started")) }
            else { console.out("Finished before any leg: nothing to record.") }
            return ExitStatus.success
        }
        // With GPS: the track stored as an imported activity's is, its FIT kept as the original.
        var original: Data?
        var noTrack: String?
        if let gps = run.gps?.gps {
            if let recorded = LiveRecording.recorded(record, tracks: gps.legTracks(), weightKg: weightKg) {
                let data = ActivityFile.encodeFIT(recorded.activity)
                do throws(FileDigest.Unavailable) {
                    let sha256 = try FileDigest.sha256(of: data)
                    record = recorded.record
                    record.source = LiveRecording.source(fileName: HistoryExportCommand.fileName(of: record, format: .fit),
                                                         sha256: sha256)
                    original = data
                } catch {
                    // The session is kept without its track rather than not at all.
                    noTrack = "No GPS track recorded: \(error)"
                }
            } else {
                noTrack = "No GPS track recorded: \(gps.noTrackReason(legs: record.legs))"
            }
        }
        let dropped = loop.session.droppedDistances(finishedAt: finish).map { leg in
            (leg, "leg \(leg.leg) (\(run.plan?.label(ofLeg: leg.leg - 1) ?? leg.sport.displayName)): distance not recorded: "
                + PlausibilityText.tooFast(meters: leg.meters, seconds: leg.timerSeconds, sport: leg.sport, units: run.units))
        }
        if let events {
            for (leg, text) in dropped {
                var line = EventLine(event: "distanceNotRecorded", t: loop.now.inSeconds, message: text)
                line.index = leg.leg - 1
                events.emit(line)
            }
            var line = EventLine(event: "results", t: loop.now.inSeconds)
            line.workoutSeconds = record.workoutSeconds
            line.totalSeconds = record.totalSeconds
            line.pausedSeconds = record.pausedSeconds
            line.kcal = record.kcal
            line.legs = record.legs
            events.emit(line)
            if let noTrack { events.emit(EventLine(event: "noTrack", t: loop.now.inSeconds, message: noTrack)) }
        } else {
            console.out(Self.multisportSummaryText(record, units: run.units, width: context.width, glyphs: console.glyphs))
            for (_, text) in dropped { console.out(console.glyphs.text(text.prefix(1).uppercased() + text.dropFirst())) }
            if let noTrack { console.out(console.glyphs.text(noTrack)) }
        }
        return try save(record, original: original, events: events, at: loop.now)
    }

    /// The end-of-session summary of a multisport session: title, leg table, totals.
    static func multisportSummaryText(_ record: SessionRecord, units: Profile.Units, width: Int = 80,
                                      glyphs: Glyphs = .unicode) -> String {
        var lines = ["\(record.workout) \(glyphs.dash) completed", ""]
        lines += LegTable.lines(record.legs, units: units, pausedSeconds: record.pausedSeconds, totalSeconds: record.totalSeconds,
                                width: width, glyphs: glyphs)
        lines.append("")
        return lines.joined(separator: "\n")
    }

    // MARK: Shared

    /// Opens sound and signals, picks the front end (event lines, the full screen or plain
    /// lines, decided once from the options and the terminal: plain lines when stdout or stdin
    /// is not a terminal, or when `TERM` is `dumb`), runs the loop, restores the
    /// terminal and turns the ending into an exit status (`finished` handles a completed
    /// session; it is given the event-lines front end when that is the one in use).
    private func drive<Adapter: ScreenAdapter & PlainAdapter & EventsAdapter & StatusAdapter>(
        session: Adapter.Engine,
        sound: RunSound,
        adapter: Adapter,
        accessory: (any RunAccessory<Adapter.Engine>)? = nil,
        finished: (Adapter.Engine.Outcome, WorkoutRunLoop<Adapter.Engine>, EventsFrontEnd<Adapter>?) throws -> Int32
    ) throws -> Int32 {
        // Sound: decoded (and spoken) once at start; any failure turns cues off with one message.
        let (player, cuesOffReason) = (sound.player, sound.offReason)
        player.setMuted(options.isMuted)
        // A player that says itself why it is off (a device tried again at each unmute) says
        // later whether cues are still off; otherwise the start's reason holds for the run.
        let keepsOffReason = player.offReason == nil
        if let cuesOffReason, !options.isMuted {
            console.err("Cues are off: \(cuesOffReason)")
        } else if !options.isMuted {
            sound.notices.forEach { console.err($0) }
        }
        // Watched before the terminal changes, so no signal finds it changed and unwatched. The
        // stop signals the process started with ignored are left so: nothing could continue it.
        let changesTerminal = !options.events && console.stdinIsTerminal
        let stops = TerminalSuspender.stopSignalsNotIgnored()
        let signals: SignalPipe?
        do {
            signals = try SignalPipe(signals: RunSignals.watched(changesTerminal: changesTerminal, stops: stops))
        } catch {
            throw CommandFailure.io("cannot watch signals: \(error)")
        }
        defer { signals?.close() }

        let bell = BellSetting(option: options.bell)
        let frontEnd: any RunFrontEnd<Adapter.Engine>
        var events: EventsFrontEnd<Adapter>?
        var rawMode: RawMode?
        if options.events {
            let lines = EventsFrontEnd(adapter: adapter, output: console.out, errors: console.err, isMuted: options.isMuted)
            events = lines
            frontEnd = lines
        } else if console.stdoutIsTerminal && console.stdinIsTerminal && !StyleMode.isDumb(term: environment["TERM"]) {
            let env = environment
            let setsTitle = TerminalTitle.isSupported(term: env["TERM"])
            do {
                rawMode = try RawMode(fd: STDIN_FILENO, output: STDOUT_FILENO, keepsTitle: setsTitle)
            } catch {
                throw CommandFailure.io("cannot use the terminal: \(error)")
            }
            frontEnd = ScreenFrontEnd(
                adapter: adapter, cuesOffReason: cuesOffReason, keepsOffReason: keepsOffReason, isMuted: options.isMuted,
                styleMode: StyleMode.decide(isTerminal: true, noColor: env["NO_COLOR"], term: env["TERM"]),
                glyphs: Glyphs.decide(lcAll: env["LC_ALL"], lcCtype: env["LC_CTYPE"], lang: env["LANG"], term: env["TERM"]),
                bell: bell, setsTitle: setsTitle,
                size: { TerminalSize.current(fd: STDOUT_FILENO, columns: env["COLUMNS"], lines: env["LINES"]) },
                write: Self.writeToTerminal)
        } else {
            // Keys still work when only stdout is redirected (`hiit run | tee log`), and on a
            // `TERM=dumb` terminal, which cannot draw the full screen and gets plain lines too.
            if console.stdinIsTerminal { rawMode = try? RawMode(fd: STDIN_FILENO, output: nil) }
            frontEnd = PlainFrontEnd(adapter: adapter, output: console.out, readsKeys: rawMode != nil, bell: bell,
                                     ring: Self.bellRinger(console), isMuted: options.isMuted,
                                     cuesOff: cuesOffReason != nil, keepsCuesOff: keepsOffReason)
        }

        // The clock's origin and the wall-clock time are read together, once: records are
        // stamped from them.
        // The state for `hiit status` and the socket of `hiit ctl` (#17), beside the GPS.
        let status = RunStatusService(adapter: adapter, folder: RuntimeFolder(environment: environment))
        let clock = RunClock(ContinuousClock())
        let wait = DeadlineWait(clock: clock, input: frontEnd.readsInput ? STDIN_FILENO : nil, signals: signals)
        let loop = WorkoutRunLoop(session: session, frontEnd: frontEnd, player: player, clock: clock, wallOrigin: Date(),
                                  wait: wait, faults: RunFaults(hiitFault: environment["HIIT_FAULT"]),
                                  suspender: rawMode.map { TerminalSuspender(rawMode: $0, allowed: stops) },
                                  accessory: AccessoryGroup.combining([accessory, status]))
        let ending: RunEnding<Adapter.Engine.Outcome>
        do {
            ending = try loop.run()
        } catch {
            rawMode?.restore()
            throw CommandFailure.io("\(error)")
        }
        rawMode?.restore()

        switch ending {
        case let .finished(outcome):
            defer {
                // Let "Congratulations!" be heard before the process exits.
                player.waitUntilIdle(timeout: .seconds(3))
                (player as? ALSACuePlayer)?.close()
            }
            return try finished(outcome, loop, events)
        case .quit:
            if !options.events {
                console.out(status.stoppedByControl ? "Stopped from hiit ctl: nothing was recorded." : "Quit: nothing was recorded.")
            }
            return ExitStatus.success
        case let .signal(number):
            console.err("Stopped by \(Format.signal(number)): nothing was recorded.")
            return ExitStatus.signal(number)
        }
    }

    /// How plain lines ring the bell: on stdout when it is a terminal (`TERM=dumb`), else on
    /// stderr when that is one (`hiit run | tee log` in a terminal), so the bell never lands in
    /// a pipe or a file; nil when neither is a terminal.
    static func bellRinger(_ console: Console) -> (() -> Void)? {
        let fd: Int32
        if console.stdoutIsTerminal {
            fd = STDOUT_FILENO
        } else if console.stderrIsTerminal {
            fd = STDERR_FILENO
        } else {
            return nil
        }
        return { try? FileDescriptorIO.writeAll(BellSetting.byte, to: fd) }
    }

    /// Writes a screen's bytes to stdout. A terminal that went away (hang-up) is not an error
    /// worth stopping the workout for, so a failed write is dropped.
    static func writeToTerminal(_ output: String) {
        try? FileDescriptorIO.writeAll(output, to: STDOUT_FILENO)
    }

    /// Appends `record` to history (unless `--no-record`) and says so; with `original` (a
    /// session recorded with GPS), keeps that FIT file first as an imported activity's original,
    /// and takes it back when the record cannot be appended.
    private func save(_ record: SessionRecord, original: Data? = nil, events: (any EventEmitting)?,
                      at now: Duration) throws -> Int32 {
        guard !options.noRecord else {
            if let events { events.emit(EventLine(event: "notRecorded", t: now.inSeconds, message: "--no-record")) }
            else { console.out("Not recorded (--no-record).") }
            return ExitStatus.success
        }
        let folder = DataFolder(url: locations.dataFolder)
        let originals = ActivityOriginals(folder)
        do {
            try folder.create()
            if let original { try originals.keep(original, id: record.id, format: RecordedActivity.Format.fit.rawValue) }
            try folder.history.append(record)
        } catch {
            if original != nil { _ = try? originals.remove(record.id) }
            throw CommandFailure.io("the session was not saved: \(error)")
        }
        if let events {
            var line = EventLine(event: "saved", t: now.inSeconds)
            line.id = record.id.uuidString
            line.kcal = record.kcal
            events.emit(line)
        } else {
            console.out("Saved to history: \(folder.historyURL.path)")
            // `Week: 95 of 150 min` when a weekly goal is set (#16); never a reason to fail.
            if let line = WeekStanding.summaryLine(locations: locations, environment: environment, glyphs: console.glyphs,
                                                   now: Date()) {
                console.out(line)
            }
        }
        return ExitStatus.success
    }

    /// The cues' sounds and the player: the bundled sounds, the voice's for `cues` (made now,
    /// before the first segment, or read from the phrase cache), the device opened (for a run
    /// started muted, at the first unmute: ``DeferredCuePlayer``). A failure
    /// of the sounds or the device gives a silent player and the reason; speech that cannot
    /// start without `--voice` is a notice (names are not spoken; "Start" plays instead).
    /// - Parameter cues: every cue the session can sound.
    /// - Throws: ``CommandFailure`` (64) for a `--voice` espeak-ng has not, (74) when
    ///   `--voice` is given and espeak-ng cannot start.
    private func makeSound(for cues: [Cue]) throws -> RunSound {
        let device = options.audioDevice ?? environment["HIIT_AUDIO_DEVICE"].flatMap { $0.isEmpty ? nil : $0 } ?? "default"
        let bundled: SoundBank
        do {
            bundled = try SoundBank(searching: locations.soundCandidates)
        } catch {
            return RunSound(player: SilentCuePlayer(), offReason: error.description, notices: [], lengths: .estimated)
        }
        let prepared = Result { () throws(SpeechError) in
            try SpokenCues.prepare(for: cues, voice: options.voice, cache: SpeechCache(folder: locations.speechCacheFolder),
                                   dataFolder: environment["HIIT_ESPEAK_DATA"].flatMap { $0.isEmpty ? nil : $0 },
                                   hasOwnSound: bundled.hasOwnSound(for:))
        }
        let spoken: SpokenCues
        switch prepared {
        case let .success(made): spoken = made
        case let .failure(.unknownVoice(name)): throw CommandFailure.usage("--voice: \(SpeechError.unknownVoice(name))")
        case let .failure(error): throw CommandFailure.io("--voice \(options.voice ?? ""): \(error)")
        }
        let sounds = bundled.adding(spoken.sounds)
        let lengths = CueLengths(known: Dictionary(uniqueKeysWithValues: cues.compactMap { cue in
            sounds[cue].map { (cue, $0.duration) }
        }))
        let open: @Sendable () throws -> any CuePlayer = { try ALSACuePlayer(device: device, sounds: sounds) }
        if options.isMuted {
            // Opened at the first `m`: a run that stays muted never loads alsa-lib (issue 12, item 26).
            return RunSound(player: DeferredCuePlayer(open: open), offReason: nil, notices: spoken.notices, lengths: lengths)
        }
        do {
            return RunSound(player: try open(), offReason: nil, notices: spoken.notices, lengths: lengths)
        } catch {
            // `m` mutes, and `m` again tries the device once more (plugged in, or freed by
            // another program, meanwhile).
            let reason = String(describing: error)
            return RunSound(player: DeferredCuePlayer(open: open, failure: reason), offReason: reason, notices: [], lengths: lengths)
        }
    }

}

/// What a run sounds with: the player, why cues are off (or `nil`), what to tell the user once
/// about speech, and how long each cue sounds (for placing "Next: …").
struct RunSound {
    /// Plays the cues (silent when they are off).
    var player: CuePlayer
    /// Why cues cannot play at all (no sounds, no device), or `nil`.
    var offReason: String?
    /// Lines to say once before the run (speech off and why, a language without phrases).
    var notices: [String]
    /// The length of each cue's sound, as it will play.
    var lengths: CueLengths
}

/// A front end that writes ``EventLine``s (the `--events` front end, of either engine).
protocol EventEmitting: AnyObject {
    /// Writes one line.
    func emit(_ line: EventLine)
}

extension EventsFrontEnd: EventEmitting {}
