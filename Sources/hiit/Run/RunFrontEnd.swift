import SessionEngine

/// What a person (or a script) asked for while a workout runs.
enum RunCommand: Equatable {
    /// An event for the session (pause, resume, skip, reset, finish).
    case session(Session.Event)
    /// Toggle the pause: pause when running, resume when paused.
    case togglePause
    /// Toggle the cues on or off.
    case toggleMute
    /// Stop now; nothing is recorded.
    case quit
    /// Ctrl-C typed on the full screen: ends the run as SIGINT would (exit 130).
    case interrupt
}

/// Why a run ended.
enum RunEnding: Equatable {
    /// The session completed (naturally, by skipping the last segment, or by `finish`).
    case finished(SessionSummary)
    /// The person quit; nothing is recorded.
    case quit
    /// A signal ended the run (SIGINT, SIGTERM, SIGHUP); nothing is recorded.
    case signal(Int32)
}

/// The part of a run that a person sees and types into: the full screen, plain lines, or
/// the `--events` JSON lines. The run loop owns the clock and the session; a front end only
/// draws and turns input into commands.
protocol RunFrontEnd: AnyObject {
    /// The descriptor to watch for input, or `nil` when this front end reads nothing.
    var inputDescriptor: Int32? { get }
    /// Called once before the session starts.
    func begin(session: Session, at now: Duration)
    /// Turns bytes read from ``inputDescriptor`` into commands; `nil` bytes mean end of input.
    func commands(from bytes: [UInt8]?, session: Session, at now: Duration) -> [RunCommand]
    /// Shows what the session did (effects are in order; `now` is when the loop learnt of them).
    func show(_ effects: [Session.Effect], session: Session, at now: Duration)
    /// Redraws the current state (timers move even when nothing happened).
    func refresh(session: Session, at now: Duration)
    /// The next instant the front end wants a ``refresh(session:at:)`` (a displayed second
    /// changes), or `nil` for never.
    func nextRefresh(session: Session, after now: Duration) -> Duration?
    /// The terminal was resized.
    func resized(session: Session, at now: Duration)
    /// The cues were muted or unmuted (`reason` says why, e.g. the device failed).
    func cuesChanged(muted: Bool, session: Session, at now: Duration)
    /// Called once when the run ends, before anything else is printed.
    func end(_ ending: RunEnding, session: Session, at now: Duration)
}
