import SessionEngine
import TerminalUI
import WorkoutModel

/// What a multisport run is, for the front ends: its title, the plan (if any), the person's
/// units, and how keys map to events in this kind of session.
struct MultisportRun: Equatable {
    /// The name shown in the header and stored in history: the plan's name, "Multisport", or
    /// "Running intervals".
    var title: String
    /// The session's mode (plan, free-form multisport, single-sport intervals).
    var mode: MultisportSession.Mode
    /// Units for distances and paces.
    var units: Profile.Units = .metric

    /// The plan, when running one.
    var plan: MultisportPlan? {
        if case let .plan(plan) = mode { return plan }
        return nil
    }

    /// The sports that may be begun by hand (free-form), empty for a plan.
    var allowed: [Sport] {
        if case let .freeForm(_, allowed) = mode { return allowed }
        return []
    }

    /// Whether this is a single-sport interval session (`--intervals SPORT`).
    var isIntervals: Bool { allowed.count == 1 }

    /// `T1`, `T2` for a plan's transitions, else the sport's name (`Swim`, `Bike`, …).
    func label(of leg: MultisportSession.LegState, among legs: [MultisportSession.LegState]) -> String {
        if let plan, leg.index < plan.legs.count { return plan.label(ofLeg: leg.index) }
        if leg.sport == .transition {
            let number = legs.prefix(through: min(leg.index, legs.count - 1)).filter { $0.sport == .transition }.count
            return "T\(max(number, 1))"
        }
        return isIntervals ? "Interval \(leg.index + 1)" : leg.sport.displayName
    }

    /// The event a key asks for in this session, or `nil` for a key with no meaning here.
    /// Keys have one meaning in every view (DESIGN §2): `n`/→ next leg, `l` lap, `u`/Backspace
    /// undo; free-form: `s` swim, `b` bike, `r` run, `t` transition, `e` end; Enter begins the
    /// sport of a single-sport interval session, or ends the interval running.
    func event(for key: Key, session: MultisportSession) -> MultisportSession.Event? {
        switch key {
        case .character("n"), .right: return .next
        case .character("l"): return .lap
        case .character("u"), .backspace: return .undo
        case .character("e"): return .end
        case .character("s"): return .begin(.swimming)
        case .character("b"): return .begin(.cycling)
        case .character("r"): return .begin(.running)
        case .character("t"): return .begin(.transition)
        case .character("w"): return .begin(.walking)
        case .character("o"): return .begin(.rowing)
        case .enter:
            guard isIntervals, let sport = allowed.first else { return plan == nil ? nil : .next }
            return session.derive().currentLeg == nil ? .begin(sport) : .end
        default: return nil
        }
    }

    /// The keys line for the footer, shortest last.
    func keyHelp(width: Int, isPaused: Bool) -> String {
        let pause = isPaused ? "space resume" : "space pause"
        let moves: String
        if plan != nil {
            moves = "n next leg · l lap · u undo"
        } else if isIntervals, let sport = allowed.first {
            moves = "enter start/end \(sport.displayName.lowercased()) · l lap · u undo"
        } else {
            moves = "s swim · b bike · r run · t transition · e end · l lap · u undo"
        }
        let full = "\(moves) · \(pause) · f finish · q quit · m mute"
        if full.displayWidth <= width { return full }
        let short = "\(moves) · \(pause) · f finish · q quit"
        return short.displayWidth <= width ? short : "\(pause) · f finish · q quit"
    }

    /// The one line a screen or plain output says for an effect, or `nil` for none.
    func notice(for effect: MultisportSession.Effect, session: MultisportSession) -> String? {
        let state = session.derive()
        switch effect {
        case let .legStarted(index, _, _):
            guard index < state.legs.count else { return nil }
            return "Started " + label(of: state.legs[index], among: state.legs)
        case let .legEnded(index, _):
            guard index < state.legs.count else { return nil }
            return "Ended " + label(of: state.legs[index], among: state.legs)
        case let .lap(_, number, _):
            return isPoolSwim(state) ? "Length \(number)" : "Lap \(number)"
        case .undone:
            guard let current = state.legs.last else { return "Undone" }
            return "Undone: back in " + label(of: current, among: state.legs)
                + (current.end == nil ? "" : " (ended)")
        case .paused: return "Paused"
        case .resumed: return "Resumed"
        case .ignoredDoublePress: return "Second n within 3 s ignored"
        case let .refused(refusal): return "Refused: \(refusal)"
        case .cue, .finished: return nil
        }
    }

    /// Whether the running leg is a pool swim of the plan (its laps are pool lengths).
    func isPoolSwim(_ state: MultisportSession.State) -> Bool {
        guard let plan, let current = state.currentLeg, state.legs[current].index < plan.legs.count else { return false }
        let leg = plan.legs[state.legs[current].index]
        return leg.sport == .swimming && leg.poolLength != nil && leg.isOpenWater != true
    }

    /// The colour of a sport on screen: swim blue, bike green, run yellow, transition magenta.
    static func colour(of sport: Sport?) -> Color {
        switch sport {
        case .swimming: .blue
        case .cycling: .green
        case .running, .walking: .yellow
        case .rowing: .cyan
        case .transition: .magenta
        case nil: .white
        }
    }
}
