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
    /// The event that pauses the session.
    static var pauseEvent: Event { get }
    /// The event that resumes the session after a pause.
    static var resumeEvent: Event { get }
    /// Whether the session's clock is running now: started, not paused, not finished.
    var isCounting: Bool { get }
    /// Whether a suspension (Ctrl-Z, SIGTSTP) pauses the session from the instant it begins,
    /// so the time away is not counted: an interval timer does (as a phone timer holds while
    /// nobody watches it); a race clock does not (the race goes on).
    static var pausesWhileSuspended: Bool { get }
    /// The cue an effect asks to play, if any.
    static func cue(in effect: Effect) -> Cue?
    /// The outcome when an effect finishes the session.
    static func outcome(of effect: Effect) -> Outcome?
}

extension Session: RunnableSession {
    static var startEvent: Event { .start }
    mutating func tick(at now: Duration) -> [Effect] { handle(.tick, at: now) }
    var pauseToggleEvent: Event { phase == .paused ? .resume : .pause }
    static var pauseEvent: Event { .pause }
    static var resumeEvent: Event { .resume }
    var isCounting: Bool { phase == .running }
    static var pausesWhileSuspended: Bool { true }
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
    // Legs are open segments: only the countdown before the first leg (`--prepare`) ends by
    // itself; `tick(at:)` and `nextDeadline` are the session's own.
    var pauseToggleEvent: Event { isPaused ? .resume : .pause }
    static var pauseEvent: Event { .pause }
    static var resumeEvent: Event { .resume }
    var isCounting: Bool {
        if let countdown { return !countdown.isPaused }
        let state = derive()
        return state.isRunning && !state.isPaused
    }
    static var pausesWhileSuspended: Bool { false }
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
