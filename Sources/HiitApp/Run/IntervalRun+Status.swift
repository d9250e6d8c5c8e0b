import Foundation
import RunStatus
import SessionEngine

extension IntervalRun: StatusAdapter {
    /// The segment's kind as the phase (`work`, `rest`, …), its title (`WORK`), the exercise,
    /// the round; the end of a running segment as `wallOrigin + now + remaining`, or what is
    /// left while paused. Before the start: `ready`; finished: `nil`.
    func runState(session: Session, at now: Duration, wallOrigin: Date, pid: Int32) -> RunState? {
        let snap = session.snapshot(at: now)
        guard snap.phase != .finished else { return nil }
        let updated = Date(wallOrigin, plus: now)
        guard let segment = snap.segment, snap.phase != .idle else {
            return RunState(pid: pid, workout: workoutName, kind: .intervals, phase: "ready", title: "READY",
                            isPaused: false, updatedAt: updated)
        }
        let isPaused = snap.phase == .paused
        var state = RunState(pid: pid, workout: workoutName, kind: .intervals, phase: segment.kind.rawValue,
                             title: Format.phase(segment.kind), label: segment.label.isEmpty ? nil : segment.label,
                             round: segment.round, rounds: segment.rounds, isPaused: isPaused,
                             durationSeconds: segment.duration?.inSeconds, updatedAt: updated)
        if let left = snap.remainingInSegment {
            if isPaused { state.remainingSeconds = left.inSeconds } else { state.endsAt = Date(wallOrigin, plus: now + left) }
        } else if isPaused {
            state.elapsedSeconds = snap.elapsedInSegment.inSeconds
        } else {
            state.startedAt = Date(wallOrigin, plus: now - snap.elapsedInSegment)
        }
        return state
    }

    /// `pause`/`resume` as the keys do (nothing when already so); `next` skips as `n` does
    /// (past the last segment it finishes, and the workout is saved, as `--events`' `skip`);
    /// `stop` quits without saving.
    func decision(for request: ControlRequest, session: Session) -> ControlDecision<Session.Event> {
        switch request {
        case .pause:
            session.phase == .running ? ControlDecision(commands: [.session(.pause)], done: "paused")
                : ControlDecision(commands: [], done: session.phase == .paused ? "already paused" : "not running")
        case .resume:
            session.phase == .paused ? ControlDecision(commands: [.session(.resume)], done: "resumed")
                : ControlDecision(commands: [], done: session.phase == .running ? "already running" : "not paused")
        case .toggle:
            session.phase == .paused ? decision(for: .resume, session: session) : decision(for: .pause, session: session)
        case .next:
            ControlDecision(commands: [.session(.skip)], done: "skipped")
        case .stop:
            ControlDecision(commands: [.quit], done: "stopped")
        }
    }
}
