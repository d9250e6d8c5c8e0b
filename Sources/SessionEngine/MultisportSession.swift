import WorkoutModel

/// A multisport session as a pure state machine (DESIGN §2 "Multisport rules"): a container of
/// sub-activities (legs), driven by events at injected monotonic instants.
///
/// Two modes:
/// - **plan**: the legs of a ``MultisportPlan`` run in order as open segments; `next` ends the
///   current leg and starts the following one, `lap` marks a lap (ignored in a transition),
///   `undo` takes back the last boundary (a lap or a leg change), `finish` ends the last leg.
///   A second `next` within ``doublePressWindow`` of the last accepted one is ignored.
/// - **free-form**: sub-activities of the allowed sports are begun and ended by hand
///   (`begin(sport)`, `end`); beginning one ends the current one; time between an `end` and
///   the next `begin` is blank (in no leg). A swim–bike–run container allows swimming,
///   cycling, running and transition; an interval session allows its own sport only.
///
/// Nothing is counted as it happens: the session keeps an append-only log of boundaries
/// (start, lap, leg change, begin, end, pause, resume, undo, finish) and derives legs, laps,
/// elapsed and timer times from it, so an undo recomputes everything.
public struct MultisportSession: Sendable {
    /// How the legs come about.
    public enum Mode: Equatable, Sendable {
        /// The legs of a plan, in order.
        case plan(MultisportPlan)
        /// Free-form sub-activities of the allowed sports, in any order, in a container
        /// named `name` ("Multisport", "Running intervals").
        case freeForm(name: String, allowed: [Sport])

        /// The name the session is recorded under: the plan's, or the free-form container's.
        public var name: String {
            switch self {
            case let .plan(plan): plan.name
            case let .freeForm(name, _): name
            }
        }
    }

    /// Something that happened, given to ``handle(_:at:)``.
    public enum Event: Equatable, Sendable {
        /// Start the session (and, with a plan, its first leg).
        case start
        /// End the current leg and start the next one of the plan (`n`).
        case next
        /// Mark a lap inside the current leg (`l`); ignored in a transition.
        case lap
        /// Take back the last boundary: a lap, a leg change, a begin or an end (`u`).
        case undo
        /// Pause: legs keep running on the clock, their timer time stops.
        case pause
        /// Resume after a pause.
        case resume
        /// Free-form: begin a sub-activity of `sport`, ending the current one.
        case begin(Sport)
        /// Free-form: end the current sub-activity without starting another.
        case end
        /// End the session (and the current leg).
        case finish
    }

    /// Why an event was refused (typed errors of DESIGN §2).
    public enum Refusal: Error, Equatable, Sendable, CustomStringConvertible {
        /// The session has not started or has finished.
        case noSessionRunning
        /// The sport is not allowed in this container.
        case sportNotAllowed(Sport, allowed: [Sport])
        /// A transition cannot start while a transition is running.
        case transitionInTransition
        /// `next` on the last leg of a plan: finish instead.
        case lastLeg
        /// `begin`/`end` in a plan, or `next` in a free-form session.
        case notInThisMode(String)
        /// `end` with no sub-activity running.
        case noSubActivity
        /// Nothing to undo.
        case nothingToUndo

        /// One line for the screen.
        public var description: String {
            switch self {
            case .noSessionRunning: "no session is running"
            case let .sportNotAllowed(sport, allowed):
                "\(sport.rawValue) is not allowed here (allowed: \(allowed.map(\.rawValue).joined(separator: ", ")))"
            case .transitionInTransition: "a transition cannot start while a transition is running"
            case .lastLeg: "this is the last leg: finish instead"
            case let .notInThisMode(what): what
            case .noSubActivity: "no sub-activity is running"
            case .nothingToUndo: "nothing to undo"
            }
        }
    }

    /// Something the caller must do.
    public enum Effect: Equatable, Sendable {
        /// Leg `index` (in ``legs(at:)`` order) of `sport` started at `at`.
        case legStarted(index: Int, sport: Sport, at: Duration)
        /// The current leg ended at `at` with no new one (free-form `end`).
        case legEnded(index: Int, at: Duration)
        /// Lap `number` (1-based within the leg; lap 1 starts with the leg) started at `at`.
        case lap(leg: Int, number: Int, at: Duration)
        /// The last boundary still in effect was taken back: which one it was.
        case undone(UndoneBoundary)
        /// Paused.
        case paused
        /// Resumed.
        case resumed
        /// The countdown before the first leg started; it ends at `until`.
        case countdownStarted(until: Duration)
        /// A second `next` within the double-press window was ignored.
        case ignoredDoublePress
        /// An event was refused; the session is unchanged.
        case refused(Refusal)
        /// Play `cue` (sport cues at leg starts, congratulations at the finish).
        case cue(Cue, due: Duration)
        /// The session finished at `at`.
        case finished(at: Duration)
    }

    /// One entry of the append-only log.
    public enum Boundary: Equatable, Sendable {
        /// The session started (a plan's first leg with it).
        case start(Duration)
        /// A lap was marked in the current leg.
        case lap(Duration)
        /// The current plan leg ended and the next began.
        case next(Duration)
        /// A free-form sub-activity of a sport began (ending the current one).
        case begin(Sport, Duration)
        /// The current free-form sub-activity ended.
        case end(Duration)
        /// Paused.
        case pause(Duration)
        /// Resumed.
        case resume(Duration)
        /// The last boundary still in effect (lap, next, begin, end) was taken back.
        case undo(Duration)
        /// The session finished.
        case finish(Duration)

        /// When it happened.
        public var instant: Duration {
            switch self {
            case let .start(t), let .lap(t), let .next(t), let .begin(_, t), let .end(t),
                 let .pause(t), let .resume(t), let .undo(t), let .finish(t): t
            }
        }
    }

    /// A second `next` this soon after the last accepted one is ignored: 3 s (DESIGN §2).
    public static let doublePressWindow: Duration = .seconds(3)

    /// The mode.
    public let mode: Mode
    /// Every boundary so far, in order (never rewritten; undo is an entry too).
    public private(set) var log: [Boundary] = []
    /// The length of the countdown before the first leg (`--prepare`); zero for none.
    public let prepare: Duration
    /// The countdown while it runs or is paused: from `start` until it ends the session has
    /// not started (the race clock starts with the first leg, at the countdown's end).
    public private(set) var countdown: Countdown?
    /// When `next` cut the countdown short: a second `next` within ``doublePressWindow`` of it
    /// is ignored, as after any leg change.
    private var countdownSkippedAt: Duration?

    /// The countdown before the first leg: its end while it runs, what is left while paused,
    /// and which of its 3-2-1 beeps are still to come.
    public struct Countdown: Equatable, Sendable {
        /// The instant it ends, while it runs; `nil` while paused.
        public var end: Duration?
        /// What is left of it while paused.
        public var remainingWhenPaused: Duration
        /// The beeps still to come, as seconds before the end (3, 2, 1; only those inside it).
        public var beepsToCome: [Int]

        /// What is left of it at `now`.
        public func remaining(at now: Duration) -> Duration {
            guard let end else { return remainingWhenPaused }
            return max(end - now, .zero)
        }

        /// Whether it is paused.
        public var isPaused: Bool { end == nil }
    }

    /// Creates a session that has not started.
    /// - Parameters:
    ///   - mode: a plan or a free-form session.
    ///   - prepare: a countdown before the first leg (a plan's `--prepare`): `start` begins it
    ///     and the first leg starts when it ends, with 3-2-1 beeps before; zero (the default)
    ///     starts the first leg at `start`.
    public init(mode: Mode, prepare: Duration = .zero) {
        self.mode = mode
        self.prepare = max(prepare, .zero)
    }

    /// Whether the session is paused: in its countdown or in a leg.
    public var isPaused: Bool { countdown?.isPaused ?? derive().isPaused }

    /// The instant the session next needs a ``tick(at:)``: the countdown's next beep or its
    /// end; `nil` outside a running countdown (legs are open and end on a key).
    public var nextDeadline: Duration? {
        guard let countdown, let end = countdown.end else { return nil }
        if let next = countdown.beepsToCome.first { return end - .seconds(next) }
        return end
    }

    /// Time passed: plays the countdown's beeps that are due and, at its end, starts the first
    /// leg at exactly that instant (however late the tick). A beep more than
    /// ``Session/lateCueTolerance`` late is dropped.
    /// - Returns: the effects, in order; none outside a running countdown.
    public mutating func tick(at now: Duration) -> [Effect] {
        guard var running = countdown, let end = running.end else { return [] }
        var effects: [Effect] = []
        while let next = running.beepsToCome.first, end - .seconds(next) <= now {
            running.beepsToCome.removeFirst()
            let due = end - .seconds(next)
            if now - due <= Session.lateCueTolerance { effects.append(.cue(.beep, due: due)) }
        }
        countdown = running
        guard now >= end else { return effects }
        return effects + beginFirstLeg(at: end)
    }

    /// Ends the countdown and starts the session (its first leg in a plan) at `instant`.
    private mutating func beginFirstLeg(at instant: Duration) -> [Effect] {
        countdown = nil
        let at = max(instant, log.last?.instant ?? .zero)
        log.append(.start(at))
        return startedEffects(at: at)
    }

    // MARK: Events

    /// Applies one event at monotonic instant `now`.
    /// - Returns: what to do, in order; a refused event returns `.refused` and changes nothing.
    public mutating func handle(_ event: Event, at now: Duration) -> [Effect] {
        let now = max(now, log.last?.instant ?? .zero)
        if countdown != nil { return handleInCountdown(event, at: now) }
        let state = derive()
        switch event {
        case .start:
            guard !state.hasStarted else { return [] }
            if prepare > .zero {
                let beeps = [3, 2, 1].filter { .seconds($0) < prepare }
                countdown = Countdown(end: now + prepare, remainingWhenPaused: prepare, beepsToCome: beeps)
                return [.countdownStarted(until: now + prepare)]
            }
            log.append(.start(now))
            return startedEffects(at: now)
        case .next:
            guard state.isRunning else { return [.refused(.noSessionRunning)] }
            guard case let .plan(plan) = mode else {
                return [.refused(.notInThisMode("'next' moves through a plan's legs; begin a sport instead"))]
            }
            if let last = state.lastNext ?? countdownSkippedAt, now - last < Self.doublePressWindow { return [.ignoredDoublePress] }
            guard state.legs.count < plan.legs.count else { return [.refused(.lastLeg)] }
            log.append(.next(now))
            let index = state.legs.count
            return [.legStarted(index: index, sport: plan.legs[index].sport, at: now)]
                + cueEffects(for: plan.legs[index].sport, at: now)
        case .lap:
            guard state.isRunning else { return [.refused(.noSessionRunning)] }
            guard let current = state.currentLeg, state.legs[current].sport != .transition else { return [] }
            log.append(.lap(now))
            return [.lap(leg: current, number: state.legs[current].lapStarts.count + 2, at: now)]
        case .undo:
            guard state.isRunning else { return [.refused(.noSessionRunning)] }
            guard state.undoable > 0, let taken = effectiveBoundaries().last(where: Self.isUndoable) else {
                return [.refused(.nothingToUndo)]
            }
            let undone: UndoneBoundary
            let current = state.legs.count - 1
            switch taken {
            case .lap where state.legs.indices.contains(current):
                undone = .lap(leg: current, number: state.legs[current].lapStarts.count + 1)
            case .end: undone = .legEnd(leg: current)
            default: undone = .legStart(leg: current)
            }
            log.append(.undo(now))
            return [.undone(undone)]
        case .pause:
            guard state.isRunning, !state.isPaused else { return [] }
            log.append(.pause(now))
            return [.paused]
        case .resume:
            guard state.isRunning, state.isPaused else { return [] }
            log.append(.resume(now))
            return [.resumed]
        case let .begin(sport):
            guard state.isRunning else { return [.refused(.noSessionRunning)] }
            guard case let .freeForm(_, allowed) = mode else {
                return [.refused(.notInThisMode("a plan's legs change with 'next'"))]
            }
            guard allowed.contains(sport) else { return [.refused(.sportNotAllowed(sport, allowed: allowed))] }
            if sport == .transition, let current = state.currentLeg, state.legs[current].sport == .transition {
                return [.refused(.transitionInTransition)]
            }
            log.append(.begin(sport, now))
            return [.legStarted(index: state.legs.count, sport: sport, at: now)] + cueEffects(for: sport, at: now)
        case .end:
            guard state.isRunning else { return [.refused(.noSessionRunning)] }
            guard case .freeForm = mode else { return [.refused(.notInThisMode("a plan's legs change with 'next'"))] }
            guard let current = state.currentLeg else { return [.refused(.noSubActivity)] }
            log.append(.end(now))
            return [.legEnded(index: current, at: now)]
        case .finish:
            guard state.isRunning else { return [] }
            log.append(.finish(now))
            return [.cue(.congratulations, due: now), .finished(at: now)]
        }
    }

    /// During the countdown: pause and resume keep what is left of it, `next` starts the first
    /// leg at once, `finish` is ignored (nothing has started), the rest is refused.
    private mutating func handleInCountdown(_ event: Event, at now: Duration) -> [Effect] {
        guard var running = countdown else { return [] }
        switch event {
        case .start, .finish:
            return []
        case .pause:
            guard !running.isPaused else { return [] }
            running.remainingWhenPaused = running.remaining(at: now)
            running.end = nil
            countdown = running
            return [.paused]
        case .resume:
            guard running.isPaused else { return [] }
            running.end = now + running.remainingWhenPaused
            countdown = running
            return [.resumed]
        case .next:
            countdownSkippedAt = now
            return beginFirstLeg(at: now)
        case .lap, .undo, .begin, .end:
            return [.refused(.noSessionRunning)]
        }
    }

    private func startedEffects(at now: Duration) -> [Effect] {
        guard case let .plan(plan) = mode, let first = plan.legs.first else { return [] }
        return [.legStarted(index: 0, sport: first.sport, at: now)] + cueEffects(for: first.sport, at: now)
    }

    private func cueEffects(for sport: Sport, at now: Duration) -> [Effect] {
        Cue(sport: sport).map { [.cue($0, due: now)] } ?? []
    }

    // MARK: Derived state

    /// A leg as derived from the log.
    public struct LegState: Equatable, Sendable {
        /// The sport.
        public var sport: Sport
        /// Position in the plan (plan mode), or in the order begun (free-form).
        public var index: Int
        /// Start instant.
        public var start: Duration
        /// End instant; `nil` while it runs.
        public var end: Duration?
        /// Lap start instants inside the leg, after its start (the first lap starts with the leg).
        public var lapStarts: [Duration]

        /// The laps as (start, end) spans: the first from the leg's start, the last to its end
        /// (or `now` while running). A leg without lap presses is one lap.
        public func laps(until now: Duration) -> [(start: Duration, end: Duration)] {
            let starts = [start] + lapStarts
            let finish = end ?? max(now, start)
            return starts.enumerated().map { index, lapStart in
                (lapStart, index + 1 < starts.count ? starts[index + 1] : finish)
            }
        }
    }

    /// Everything derived from the log at once.
    public struct State: Equatable, Sendable {
        /// Legs in order, the current one last while it runs.
        public var legs: [LegState] = []
        /// Pauses as (start, end) spans; the last has no end while paused.
        public var pauses: [(start: Duration, end: Duration?)] = []
        /// Whether the session has started.
        public var hasStarted = false
        /// Whether it finished.
        public var isFinished = false
        /// Whether it is paused now.
        public var isPaused: Bool { pauses.last.map { $0.end == nil } ?? false }
        /// Started and not finished.
        public var isRunning: Bool { hasStarted && !isFinished }
        /// The running leg's index in ``legs``, if one runs.
        public var currentLeg: Int? {
            guard let last = legs.last, last.end == nil else { return nil }
            return legs.count - 1
        }
        /// The start instant of the session's clock: a plan's start (its first leg), or a
        /// free-form session's first leg (the wait before it is not part of the session);
        /// `nil` before then.
        public var start: Duration?
        /// The finish instant.
        public var finish: Duration?
        /// Instant of the last accepted `next` (for the double-press rule).
        public var lastNext: Duration?
        /// How many boundaries an undo could take back.
        public var undoable = 0

        /// States are equal when legs, phase, pauses and the start and finish agree.
        public static func == (a: State, b: State) -> Bool {
            a.legs == b.legs && a.hasStarted == b.hasStarted && a.isFinished == b.isFinished
                && a.pauses.map(\.start) == b.pauses.map(\.start) && a.pauses.map(\.end) == b.pauses.map(\.end)
                && a.start == b.start && a.finish == b.finish
        }

        /// Paused time inside [from, to] (a pause still running counts to `now`).
        public func paused(from: Duration, to: Duration, now: Duration) -> Duration {
            pauses.reduce(.zero) { sum, pause in
                let start = max(pause.start, from)
                let end = min(pause.end ?? now, to)
                return end > start ? sum + (end - start) : sum
            }
        }
    }

    /// The log's boundaries still in effect: each undo entry takes back the last undoable one.
    private func effectiveBoundaries() -> [Boundary] {
        var effective: [Boundary] = []
        for entry in log {
            if case .undo = entry {
                if let index = effective.lastIndex(where: Self.isUndoable) { effective.remove(at: index) }
            } else {
                effective.append(entry)
            }
        }
        return effective
    }

    /// Replays the log: undo entries take back the last boundary still in effect.
    public func derive() -> State {
        // First the boundaries in effect (undo pops), then the legs from them.
        let effective = effectiveBoundaries()
        var state = State()
        state.undoable = effective.filter(Self.isUndoable).count
        var legsInPlan: [Sport] = []
        if case let .plan(plan) = mode { legsInPlan = plan.legs.map(\.sport) }
        for entry in effective {
            switch entry {
            case let .start(t):
                state.hasStarted = true
                if let first = legsInPlan.first {
                    state.start = t
                    state.legs.append(LegState(sport: first, index: 0, start: t, end: nil, lapStarts: []))
                }
            case let .next(t):
                if let current = state.currentLeg { state.legs[current].end = t }
                let index = state.legs.count
                if index < legsInPlan.count {
                    state.legs.append(LegState(sport: legsInPlan[index], index: index, start: t, end: nil, lapStarts: []))
                }
                state.lastNext = t
            case let .lap(t):
                if let current = state.currentLeg { state.legs[current].lapStarts.append(t) }
            case let .begin(sport, t):
                // Free-form: the session's clock starts with its first leg, not at launch.
                if state.start == nil { state.start = t }
                if let current = state.currentLeg { state.legs[current].end = t }
                state.legs.append(LegState(sport: sport, index: state.legs.count, start: t, end: nil, lapStarts: []))
            case let .end(t):
                if let current = state.currentLeg { state.legs[current].end = t }
            case let .pause(t):
                state.pauses.append((t, nil))
            case let .resume(t):
                if let last = state.pauses.indices.last { state.pauses[last].end = t }
            case let .finish(t):
                if let current = state.currentLeg { state.legs[current].end = t }
                if let last = state.pauses.indices.last, state.pauses[last].end == nil { state.pauses[last].end = t }
                state.isFinished = true
                state.finish = t
            case .undo:
                break
            }
        }
        return state
    }

    /// Per-leg results at `now` (DESIGN §2): times from the session start, elapsed (pauses
    /// included), timer time (elapsed − paused), and laps. A leg still running ends at `now`.
    public func results(at now: Duration) -> [LegResult] {
        let state = derive()
        guard let origin = state.start else { return [] }
        return state.legs.map { leg in
            let end = leg.end ?? max(now, leg.start)
            let paused = state.paused(from: leg.start, to: end, now: now)
            return LegResult(
                sport: leg.sport, index: leg.index,
                start: leg.start - origin, elapsed: end - leg.start, timer: end - leg.start - paused,
                laps: leg.laps(until: now).map { LegResult.Lap(start: $0.start - origin, elapsed: $0.end - $0.start) },
                isRunning: leg.end == nil)
        }
    }

    private static func isUndoable(_ boundary: Boundary) -> Bool {
        switch boundary {
        case .lap, .next, .begin, .end: true
        case .start, .pause, .resume, .undo, .finish: false
        }
    }
}

/// What an undo took back (``MultisportSession/Effect/undone(_:)``); legs are numbered from 0
/// as in ``MultisportSession/State/legs``, before the undo.
public enum UndoneBoundary: Equatable, Sendable {
    /// The start of lap `number` (from 2: lap 1 starts with the leg) of leg `leg`: the lap
    /// before it runs on.
    case lap(leg: Int, number: Int)
    /// The start of leg `leg` (a plan's next leg, a free-form leg begun): the leg before runs
    /// on, or ended again as it was.
    case legStart(leg: Int)
    /// The end of free-form leg `leg` (`end`): it runs on.
    case legEnd(leg: Int)
}

extension Cue {
    /// The voice cue that announces a leg of `sport`, if there is one.
    public init?(sport: Sport) {
        switch sport {
        case .swimming: self = .swim
        case .cycling: self = .bike
        case .running: self = .run
        case .transition: self = .transition
        case .walking, .rowing, .hiking, .paddling, .skiing, .strength, .hiit, .other: return nil
        }
    }
}

/// One leg's times, derived from a ``MultisportSession``'s log.
public struct LegResult: Equatable, Sendable {
    /// One lap: its start from the session start and its length.
    public struct Lap: Equatable, Sendable {
        /// From the session start.
        public var start: Duration
        /// Length of the lap (pauses included).
        public var elapsed: Duration
    }

    /// The sport.
    public var sport: Sport
    /// Position in the plan, or in the order begun.
    public var index: Int
    /// From the session start to the leg's start.
    public var start: Duration
    /// Start to end, pauses included.
    public var elapsed: Duration
    /// Elapsed less the time paused during the leg.
    public var timer: Duration
    /// Laps, numbered from 1 within the leg.
    public var laps: [Lap]
    /// Whether the leg is still running.
    public var isRunning: Bool
}
