import Foundation
import RunStatus
import SessionEngine

extension MultisportRun: StatusAdapter {
    /// The running leg's sport as the phase (`cycling`), its label upper case as the title
    /// (`BIKE`, `T1`), the leg's number; its timer time as a start instant (`startedAt`, pauses
    /// taken out) or, paused, as seconds. The countdown before the first leg is `prepare` with
    /// its end; the time between legs is `between`; before the first leg, `ready`; finished: `nil`.
    func runState(session: MultisportSession, at now: Duration, wallOrigin: Date, pid: Int32) -> RunState? {
        let state = session.derive()
        guard !state.isFinished else { return nil }
        let updated = Date(wallOrigin, plus: now)
        let rounds = plan?.legs.count
        var published = RunState(pid: pid, workout: title, kind: .multisport, phase: "ready", title: "READY",
                                 isPaused: state.isPaused, updatedAt: updated)
        func count(up elapsed: Duration) {
            if published.isPaused { published.elapsedSeconds = elapsed.inSeconds }
            else { published.startedAt = Date(wallOrigin, plus: now - elapsed) }
        }
        if let index = state.currentLeg, index < state.legs.count {
            let leg = state.legs[index]
            let name = label(of: leg, among: state.legs)
            published.phase = leg.sport.rawValue
            published.title = name.uppercased()
            published.label = name
            published.round = leg.index + 1
            published.rounds = rounds
            let results = session.results(at: now)
            count(up: index < results.count ? results[index].timer : .zero)
        } else if let end = state.legs.last?.end {
            published.phase = "between"
            published.title = isIntervals ? "RECOVERY" : "BETWEEN LEGS"
            count(up: now - end)
        } else if let countdown = session.countdown {
            published.phase = "prepare"
            published.title = "GET READY"
            published.isPaused = countdown.isPaused
            let left = countdown.remaining(at: now)
            if countdown.isPaused { published.remainingSeconds = left.inSeconds }
            else { published.endsAt = Date(wallOrigin, plus: now + left) }
        }
        return published
    }

    /// `pause`/`resume` as space does (nothing when already so); `next` ends the leg and starts
    /// the next as `n` does (after the last leg of a plan it finishes, and the session is saved);
    /// `stop` quits without saving.
    func decision(for request: ControlRequest, session: MultisportSession) -> ControlDecision<MultisportSession.Event> {
        let isPaused = session.isPaused
        switch request {
        case .pause:
            return isPaused ? ControlDecision(commands: [], done: "already paused")
                : ControlDecision(commands: [.session(.pause)], done: "paused")
        case .resume:
            return isPaused ? ControlDecision(commands: [.session(.resume)], done: "resumed")
                : ControlDecision(commands: [], done: "already running")
        case .toggle:
            return decision(for: isPaused ? .resume : .pause, session: session)
        case .next:
            return ControlDecision(commands: [.session(.next)], done: "next")
        case .stop:
            return ControlDecision(commands: [.quit], done: "stopped")
        }
    }
}
