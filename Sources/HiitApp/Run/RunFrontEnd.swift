import SessionEngine

/// A session the run loop can drive: the interval ``Session`` and the ``MultisportSession``.
/// The loop is given the clock; the session only turns events at instants into effects.
protocol RunnableSession {
    /// What the loop and the front ends ask of the session.
    associatedtype Event: Equatable
    /// What the session tells the loop to do.
    associatedtype Effect
    /// What a finish carries (the interval summary, or the multisport finish instant).
    associatedtype Outcome: Equatable

    /// The event that starts the session.
    static var startEvent: Event { get }
    /// Applies one event at `now` (seconds since the loop's origin).
    mutating func handle(_ event: Event, at now: Duration) -> [Effect]
    /// Called when the loop wakes with nothing typed: lets timed segments end and cues fire.
    mutating func tick(at now: Duration) -> [Effect]
    /// The next instant the session needs a ``tick(at:)``, or `nil` when nothing is scheduled.
    var nextDeadline: Duration? { get }
    /// `pause` when running, `resume` when paused (space bar).
    var pauseToggleEvent: Event { get }
    /// The cue an effect asks to play, if any.
    static func cue(in effect: Effect) -> Cue?
    /// The outcome when an effect finishes the session.
    static func outcome(of effect: Effect) -> Outcome?
}

extension Session: RunnableSession {
    static var startEvent: Event { .start }
    mutating func tick(at now: Duration) -> [Effect] { handle(.tick, at: now) }
    var pauseToggleEvent: Event { phase == .paused ? .resume : .pause }
    static func cue(in effect: Effect) -> Cue? {
        if case let .cue(cue, _) = effect { return cue }
        return nil
    }
    static func outcome(of effect: Effect) -> SessionSummary? {
        if case let .finished(summary) = effect { return summary }
        return nil
    }
}

extension MultisportSession: RunnableSession {
    static var startEvent: Event { .start }
    /// Legs are open segments: nothing ends by itself.
    mutating func tick(at now: Duration) -> [Effect] { [] }
    var nextDeadline: Duration? { nil }
    var pauseToggleEvent: Event { derive().isPaused ? .resume : .pause }
    static func cue(in effect: Effect) -> Cue? {
        if case let .cue(cue, _) = effect { return cue }
        return nil
    }
    /// The finish instant.
    static func outcome(of effect: Effect) -> Duration? {
        if case let .finished(at) = effect { return at }
        return nil
    }
}

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
}

/// Why a run ended.
enum RunEnding<Outcome: Equatable>: Equatable {
    /// The session completed (naturally, by skipping the last segment, or by `finish`).
    case finished(Outcome)
    /// The person quit; nothing is recorded.
    case quit
    /// A signal ended the run (SIGINT, SIGTERM, SIGHUP); nothing is recorded.
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
    /// The terminal was resized.
    func resized(session: Engine, at now: Duration)
    /// The cues were muted or unmuted.
    func cuesChanged(muted: Bool, session: Engine, at now: Duration)
    /// Called once when the run ends, before anything else is printed.
    func end(_ ending: RunEnding<Engine.Outcome>, session: Engine, at now: Duration)
}
