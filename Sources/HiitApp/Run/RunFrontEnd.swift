import SessionEngine

/// What a person (or a script) asked for while a workout runs.
enum RunCommand<Event: Equatable>: Equatable {
    /// An event for the session (pause, resume, skip, next, lap, …).
    case session(Event)
    /// Toggle the pause: pause when running, resume when paused.
    case togglePause
    /// Toggle the cues on or off.
    case toggleMute
    /// Stop now; nothing is recorded.
    case quit
    /// Ctrl-C typed on the full screen: ends the run as SIGINT would (exit 130).
    case interrupt
    /// Ctrl-Z typed (raw mode sends it as a key): stop for the shell's job control, as SIGTSTP
    /// would in a cooked terminal (``RunSuspender``).
    case suspend
}

/// Why a run ended.
enum RunEnding<Outcome: Equatable>: Equatable {
    /// The session completed (naturally, by skipping the last segment, or by `finish`).
    case finished(Outcome)
    /// The person quit; nothing is recorded.
    case quit
    /// A signal ended the run (SIGINT, SIGTERM, SIGHUP, and while the terminal is raw the
    /// others of ``RunSignals``); nothing is recorded.
    case signal(Int32)
}

/// The part of a run that a person sees and types into: the full screen, plain lines, or
/// the `--events` JSON lines. The run loop holds the clock and the session; a front end only
/// draws and turns input into commands.
protocol RunFrontEnd<Engine>: AnyObject {
    /// The session type this front end shows.
    associatedtype Engine: RunnableSession
    /// Whether this front end reads input (keys, or `--events` command lines on stdin).
    var readsInput: Bool { get }
    /// Called once before the session starts.
    func begin(session: Engine, at now: Duration)
    /// Turns bytes of input into commands; `nil` bytes mean end of input.
    func commands(from bytes: [UInt8]?, session: Engine, at now: Duration) -> [RunCommand<Engine.Event>]
    /// Shows what the session did (effects are in order; `now` is when the loop learnt of them).
    func show(_ effects: [Engine.Effect], session: Engine, at now: Duration)
    /// Redraws the current state (timers move even when nothing happened).
    func refresh(session: Engine, at now: Duration)
    /// The next instant the front end wants a ``refresh(session:at:)`` (a displayed second
    /// changes), or `nil` for never.
    func nextRefresh(session: Engine, after now: Duration) -> Duration?
    /// Draw the whole screen again, whatever it is thought to show: the terminal was resized,
    /// or its screen may have been changed by someone else (continued after a stop).
    func redraw(session: Engine, at now: Duration)
    /// The run is about to be suspended (Ctrl-Z, SIGTSTP) and give the terminal back: drop
    /// what waits for an answer. Effects of the suspension (the interval timer's pause) have
    /// been shown already.
    func suspending(session: Engine, at now: Duration)
    /// The run was continued after a suspension and has the terminal again: draw everything
    /// again and say what the suspension did (``RunAdapter/suspendNotice``).
    func continued(session: Engine, at now: Duration)
    /// The cues were muted or unmuted; `offReason` when unmuting found that they cannot sound
    /// (a device opened only then, for a run started with `--mute`: ``DeferredCuePlayer``).
    func cuesChanged(muted: Bool, offReason: String?, session: Engine, at now: Duration)
    /// Shows a note of the run's ``RunAccessory`` (gpsd lost, an auto-lap): its text on the
    /// bottom line or as a plain line, its line with `--events`; what the front end has no use
    /// for is dropped.
    func note(_ note: RunNote, session: Engine, at now: Duration)
    /// Called once when the run ends, before anything else is printed.
    func end(_ ending: RunEnding<Engine.Outcome>, session: Engine, at now: Duration)
}
