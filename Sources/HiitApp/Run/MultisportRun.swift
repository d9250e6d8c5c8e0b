import SessionEngine
import TerminalUI
import WorkoutModel

/// What a multisport run is, for the front ends (the ``MultisportSession``'s adapter): its
/// title, the plan (if any), the person's units, how keys map to events in this kind of
/// session, the multisport screen, the plain lines and the `--events` lines.
struct MultisportRun: Equatable {
    /// The session a multisport run drives.
    typealias Engine = MultisportSession

    /// The name shown in the header and stored in history: the plan's name, "Multisport", or
    /// "Running intervals".
    var title: String
    /// The session's mode (plan, free-form multisport, single-sport intervals).
    var mode: MultisportSession.Mode
    /// Units for distances and paces.
    var units: Profile.Units = .metric
    /// `hiit run --track SPORT`: a plain run or ride, one leg of a one-leg plan begun with the
    /// run (the screen and keys say "finish" rather than "next leg").
    var isTrack = false
    /// The live GPS (`--gps`), or `nil`.
    var gps: LiveGPSLink?

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
        if isTrack {
            moves = "l lap"
        } else if plan != nil {
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
            var text = "Ended " + label(of: state.legs[index], among: state.legs)
            if let meters = gps?.gps.distanceMeters(ofLeg: index) {
                text += " · " + LiveGPS.liveDistance(meters, units: units)
            }
            return text
        case let .lap(_, number, _):
            return isPoolSwim(state) ? "Length \(number)" : "Lap \(number)"
        case let .undone(.lap(leg, number)):
            guard leg < state.legs.count else { return "Undone" }
            let name = isPoolSwim(state) ? "length" : "lap"
            return "Undone: \(name) \(number) of " + label(of: state.legs[leg], among: state.legs)
        case .undone:
            guard let current = state.legs.last else { return "Undone" }
            return "Undone: back in " + label(of: current, among: state.legs)
                + (current.end == nil ? "" : " (ended)")
        case .countdownStarted:
            let first = plan.map { $0.label(ofLeg: 0) } ?? "The session"
            return "\(first) starts in \(Format.clock(session.prepare.inSeconds))"
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
        case .running, .walking, .hiking: .yellow
        case .rowing, .paddling: .cyan
        case .transition: .magenta
        case .skiing, .strength, .hiit, .other, nil: .white
        }
    }
}

// MARK: Keys

extension MultisportRun: RunAdapter {
    /// `f` finishes after asking (so do `n` and → in a plain run or ride, whose one leg has no
    /// next); the rest as ``event(for:session:)`` says.
    func action(for key: Key, session: MultisportSession) -> KeyAction<MultisportSession.Event>? {
        if key == .character("f") || (isTrack && (key == .character("n") || key == .right)) { return .ask(RunQuestion(prompt: "Finish and save?", yes: .session(.finish))) }
        return event(for: key, session: session).map { .command(.session($0)) }
    }

    /// Each leg that begins after another (in a plan the first begins with the run; in a
    /// free-form session the first is the person's own key), and the finish.
    func isBoundary(_ effect: MultisportSession.Effect) -> Bool {
        switch effect {
        case let .legStarted(index, _, _): index > 0
        case .finished: true
        default: false
        }
    }

    /// A race clock does not stop while the program is suspended.
    var suspendNotice: String { isTrack ? "Suspended: the clock kept running" : "Suspended: the race clock kept running" }
}

// MARK: The full screen

extension MultisportRun: ScreenAdapter {
    /// A race clock does not stop for a question: legs keep running while it waits.
    static var holdsClockWhileAsking: Bool { false }

    /// Notices stay 3 s.
    var noticeLifetime: Duration { .seconds(3) }

    /// ``MultisportScreen`` of the session at `now`.
    func render(_ status: ScreenStatus, session: MultisportSession, at now: Duration, size: TerminalSize,
                glyphs: Glyphs) -> Frame {
        let state = MultisportScreen.State(run: self, isMuted: status.isMuted, cuesOffReason: status.cuesOffReason,
                                           prompt: status.prompt, notice: status.notice,
                                           gpsLine: gps?.gps.screenLine(session: session, at: now))
        return MultisportScreen.render(state, session: session, at: now, size: size, glyphs: glyphs)
    }

    /// `BIKE 12:34 · 3/5 · hiit`: the leg (T1, T2 for a plan's transitions) and the time shown
    /// in big digits, the leg's number in a plan, `paused` while paused; between free-form legs
    /// the blank time; `GET READY 0:05 · hiit` in a plan's countdown; `FINISHED · hiit` at the end.
    func windowTitle(session: MultisportSession, at now: Duration) -> String {
        let state = session.derive()
        guard !state.isFinished else { return "FINISHED · hiit" }
        var parts: [String]
        if let index = state.currentLeg, index < state.legs.count {
            let leg = state.legs[index]
            let results = session.results(at: now)
            let time = index < results.count ? Format.clock(results[index].timer.inSeconds) : Format.clock(0)
            parts = ["\(label(of: leg, among: state.legs).uppercased()) \(time)"]
            if let plan { parts.append("\(leg.index + 1)/\(plan.legs.count)") }
        } else if let end = state.legs.last?.end {
            parts = ["\(isIntervals ? "RECOVERY" : "BETWEEN LEGS") \(Format.clock((now - end).inSeconds))"]
        } else if let countdown = session.countdown {
            parts = ["GET READY \(Format.countdown(countdown.remaining(at: now)))"]
            if countdown.isPaused { parts.append("paused") }
        } else {
            parts = ["READY"]
        }
        if state.isPaused { parts.append("paused") }
        return (parts + ["hiit"]).joined(separator: " · ")
    }

    /// The clocks count up in whole seconds, each from its own start: the race clock from the
    /// session's start, the big digits from the leg's timer time (which stops while paused) or
    /// from the end of the last leg (blank time). Redraw when the first of them turns over
    /// (the screen has no progress bar, so its size does not matter).
    func nextRedraw(session: MultisportSession, after now: Duration, size: TerminalSize, glyphs: Glyphs) -> Duration? {
        if let countdown = session.countdown {
            // The countdown shows its seconds rounded up: redraw when they turn over.
            guard !countdown.isPaused else { return nil }
            let remaining = countdown.remaining(at: now)
            let fraction = remaining - .seconds(remaining.components.seconds)
            return now + (fraction > .zero ? fraction : .seconds(1))
        }
        let derived = session.derive()
        guard derived.isRunning, let start = derived.start else { return nil }
        func untilNextSecond(_ shown: Duration) -> Duration {
            .seconds(1) - (shown - .seconds(shown.components.seconds))
        }
        var candidates = [now + untilNextSecond(now - start)]
        if let current = derived.currentLeg, current < derived.legs.count {
            if !derived.isPaused, let leg = session.results(at: now).last {
                candidates.append(now + untilNextSecond(leg.timer))
            }
        } else if let end = derived.legs.last?.end {
            candidates.append(now + untilNextSecond(now - end))
        }
        return candidates.min()
    }
}

// MARK: Plain lines

extension MultisportRun: PlainAdapter {
    /// `Sprint triathlon: 5 legs`, or the sports of a free-form session.
    func plainTitle(session: MultisportSession) -> String {
        if let plan {
            return "\(title): \(plan.legs.count) leg\(plan.legs.count == 1 ? "" : "s")"
        }
        return "\(title): \(allowed.map(\.rawValue).joined(separator: ", "))"
    }

    /// The notice the screen would show, stamped with when it happened.
    func plainLine(for effect: MultisportSession.Effect, session: MultisportSession,
                   at now: Duration) -> (at: Duration, text: String)? {
        notice(for: effect, session: session).map { (now, $0) }
    }
}

// MARK: --events

extension MultisportRun: EventsAdapter {
    /// `next` (or `skip`), `lap`, `undo`, `pause`, `resume`, `finish`, and for free-form
    /// sessions `begin SPORT` (HealthKit names or `swim`, `bike`, `run`, `t1`, …) and `end`.
    func commands(forLine text: String, errors: (String) -> Void) -> [RunCommand<MultisportSession.Event>] {
        let words = text.split(whereSeparator: \.isWhitespace).map { $0.lowercased() }
        guard let first = words.first else { return [] }
        if first == "begin" || first == "start" {
            guard words.count == 2, let sport = Sport(planWord: words[1]) else {
                errors("hiit: '\(text)' needs one sport, e.g. 'begin running' or 'begin swim'; ignored")
                return []
            }
            return [.session(.begin(sport))]
        }
        guard words.count == 1 else {
            errors("hiit: unknown command '\(text)' on stdin; ignored")
            return []
        }
        switch first {
        case "next", "skip": return [.session(.next)]
        case "lap": return [.session(.lap)]
        case "undo": return [.session(.undo)]
        case "end": return [.session(.end)]
        case "pause": return [.session(.pause)]
        case "resume": return [.session(.resume)]
        case "finish": return [.session(.finish)]
        default:
            errors("hiit: unknown command '\(text)' on stdin; expected next, lap, undo, begin SPORT, end, pause, resume, finish, mute or quit")
            return []
        }
    }

    /// `leg` (index, sport, label, due), `legEnd`, `lap` (leg, number, due), `undo` (the leg
    /// now current), `pause`, `resume`, `ignored` (a second `next` within 3 s), `refused`
    /// (message), `cue`, `finish`.
    func eventLine(for effect: MultisportSession.Effect, session: MultisportSession, at now: Duration) -> EventLine {
        let derived = session.derive()
        var line = EventLine(event: "", t: now.inSeconds)
        switch effect {
        case let .legStarted(index, sport, at):
            line.event = "leg"
            line.due = at.inSeconds
            line.index = index
            line.sport = sport.rawValue
            if index < derived.legs.count { line.label = label(of: derived.legs[index], among: derived.legs) }
        case let .legEnded(index, at):
            line.event = "legEnd"
            line.due = at.inSeconds
            line.index = index
            line.distanceMeters = gps?.gps.distanceMeters(ofLeg: index)
        case let .lap(leg, number, at):
            line.event = "lap"
            line.due = at.inSeconds
            line.leg = leg
            line.number = number
        case .undone:
            line.event = "undo"
            if let current = derived.legs.last {
                line.index = derived.legs.count - 1
                line.sport = current.sport.rawValue
                line.label = label(of: current, among: derived.legs)
                line.number = current.lapStarts.count + 1
            }
        case let .countdownStarted(until):
            // As an interval workout's prepare segment, so that one script reads both.
            line.event = "segment"
            line.kind = "prepare"
            line.label = "Prepare"
            line.due = (until - session.prepare).inSeconds
            line.durationSeconds = session.prepare.inSeconds
        case .paused: line.event = "pause"
        case .resumed: line.event = "resume"
        case .ignoredDoublePress:
            line.event = "ignored"
            line.message = "a second next within 3 s is ignored"
        case let .refused(refusal):
            line.event = "refused"
            line.message = refusal.description
        case let .cue(cue, due):
            line.event = "cue"
            line.cue = cue.kind
            line.text = cue.detail
            line.due = due.inSeconds
        case let .finished(at):
            line.event = "finish"
            line.due = at.inSeconds
        }
        return line
    }
}
