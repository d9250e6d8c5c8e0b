import Foundation
import RunStatus

/// What `hiit ctl` asks of a running timer (one word a connection).
enum ControlRequest: String, CaseIterable, Sendable {
    /// Pause the timer (nothing when it is paused already).
    case pause
    /// Resume it (nothing when it runs).
    case resume
    /// Pause when running, resume when paused (space, for a bar's one click).
    case toggle
    /// Skip to the next segment, or end the leg and start the next.
    case next
    /// Stop without saving, as `q` confirmed with `y` does.
    case stop
}

/// What a run does for one ``ControlRequest``: the commands for the loop, and the word of the
/// reply (`paused`, `already paused`), which the service completes with the state after them.
struct ControlDecision<Event: Equatable>: Equatable {
    /// The commands, in order (none for a request that changes nothing).
    var commands: [RunCommand<Event>]
    /// What the reply says was done.
    var done: String
}

/// What a kind of run tells the status service (``RunStatusService``): the state it publishes
/// and what `hiit ctl` requests mean in it.
protocol StatusAdapter {
    /// The session the run drives.
    associatedtype Engine: RunnableSession

    /// The state to publish at `now`, or `nil` when the session has finished.
    /// - Parameters:
    ///   - session: the session as it stands.
    ///   - now: the current instant (time since the run's origin).
    ///   - wallOrigin: the wall-clock time at the origin: `wallOrigin + now` is now.
    ///   - pid: this process's id.
    func runState(session: Engine, at now: Duration, wallOrigin: Date, pid: Int32) -> RunState?

    /// What `request` does in this session now.
    func decision(for request: ControlRequest, session: Engine) -> ControlDecision<Engine.Event>
}

extension Date {
    /// `origin` moved on by `offset` (an instant of the run's clock).
    init(_ origin: Date, plus offset: Duration) {
        self = origin.addingTimeInterval(offset.inSeconds)
    }
}
