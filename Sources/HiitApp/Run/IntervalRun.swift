import SessionEngine
import TerminalUI

/// What an interval run is, for the front ends (the interval ``Session``'s adapter): the
/// workout's name, the keys (`n`/→ skip, `r` restart after asking), the timer screen, the
/// plain lines and the `--events` lines.
struct IntervalRun: Equatable {
    /// The session an interval run drives.
    typealias Engine = Session

    /// The name shown in the screen's header.
    var workoutName: String
    /// This week against the weekly goal (`Week 95 of 150 min ▕██████░░░░▏ 63 %`), shown on
    /// the screen while the prepare countdown runs; `nil` without a goal.
    var week: String?

    /// - Parameters:
    ///   - workoutName: the name shown in the header.
    ///   - week: the weekly goal's line for the start, if a goal is set.
    init(workoutName: String, week: String? = nil) {
        self.workoutName = workoutName
        self.week = week
    }

    /// What `+` adds to the current segment and `-` takes from it: 10 s, as termdown and
    /// timr-tui do.
    static let timeStep: Duration = .seconds(10)

    /// The shortest time between two redraws for the progress bar alone: a bar that could move
    /// more often (a 20 s segment moves 480 eighths of a cell at 80 columns) moves twice a
    /// second, at each second of its clock and half way to the next. Each wake-up costs a
    /// timer on its own more than the frame it draws (the processor was idle, its caches
    /// cold): at four a second a 50 s run took 0.044–0.056 s of CPU, at one a second
    /// 0.020–0.028 s (`bench/cost.py`, issue 12 item 25).
    static let barRefresh: Duration = .milliseconds(500)
}

// MARK: Keys

extension IntervalRun: RunAdapter {
    /// `n` and → skip to the next segment; ← goes back to the start of the segment (a quick
    /// second ← to the previous one); `+` (or `=`, the same key unshifted) adds 10 s to the
    /// segment and `-` takes 10 s; `r` restarts after asking.
    func action(for key: Key, session: Session) -> KeyAction<Session.Event>? {
        switch key {
        case .left: .command(.session(.back))
        case .character("+"), .character("="): .command(.session(.addTime(Self.timeStep)))
        case .character("-"): .command(.session(.addTime(.zero - Self.timeStep)))
        case .character("n"), .right:
            // Skipping past the last segment finishes the workout: ask first, as for quitting.
            session.currentIndex + 1 >= session.program.segments.count && session.phase != .finished
                ? .ask(RunQuestion(prompt: "Finish and save?", yes: .session(.skip))) : .command(.session(.skip))
        case .character("r"): .ask(RunQuestion(prompt: "Restart from the beginning?", yes: .session(.reset)))
        default: nil
        }
    }

    /// Each segment after the first (the first of a restart too, which starts as the person
    /// confirms it, is not one), and the finish.
    func isBoundary(_ effect: Session.Effect) -> Bool {
        switch effect {
        case let .segmentChanged(index, _): index > 0
        case .finished: true
        case .cue, .paused, .resumed, .skipped, .reset, .timeAdded, .wentBack: false
        }
    }

    /// The workout stays paused from the instant it was suspended until space resumes it.
    var suspendNotice: String { "Paused while suspended; space resumes" }
}

// MARK: The full screen

extension IntervalRun: ScreenAdapter {
    /// The timer holds while a question waits, as a phone timer does, so the workout cannot
    /// finish and record behind the question.
    static var holdsClockWhileAsking: Bool { true }

    /// Notices stay 2 s.
    var noticeLifetime: Duration { .seconds(2) }

    /// ``TimerScreen`` with the session's snapshot at `now`.
    func render(_ status: ScreenStatus, session: Session, at now: Duration, size: TerminalSize, glyphs: Glyphs) -> Frame {
        var none: TimerScreen.Drawn?
        return render(status, session: session, at: now, size: size, glyphs: glyphs, reusing: &none)
    }

    /// ``TimerScreen`` with the session's snapshot at `now`, the frame before reused where only
    /// the progress bar moved.
    func render(_ status: ScreenStatus, session: Session, at now: Duration, size: TerminalSize, glyphs: Glyphs,
                reusing drawn: inout TimerScreen.Drawn?) -> Frame {
        let state = TimerScreen.State(workoutName: workoutName, snapshot: session.snapshot(at: now), isMuted: status.isMuted,
                                      cuesOffReason: status.cuesOffReason, prompt: status.prompt, notice: status.notice,
                                      week: week)
        return TimerScreen.render(state, size: size, glyphs: glyphs, reusing: &drawn)
    }

    /// While running, the first of: the shown countdown (whole seconds, rounded up; the total
    /// remaining turns over with it) or an open segment's count up changing; the elapsed clock
    /// turning over; the progress bar gaining its next eighth of a cell (a whole cell in
    /// ASCII) at this size — at that instant when the bar moves at most twice a second,
    /// else ``barRefresh`` after `now`. Nothing moves otherwise (paused, not started,
    /// finished): `nil`.
    func nextRedraw(session: Session, after now: Duration, size: TerminalSize, glyphs: Glyphs) -> Duration? {
        guard session.phase == .running else { return nil }
        let snap = session.snapshot(at: now)
        var untilChange = snap.remainingInSegment.map(Self.untilTurnOver(countingDown:))
            ?? Self.untilTurnOver(countingUp: snap.elapsedInSegment)
        if snap.totalElapsed > .zero { untilChange = min(untilChange, Self.untilTurnOver(countingUp: snap.totalElapsed)) }
        let steps = TimerScreen.barSteps(size: size, glyphs: glyphs)
        if steps > 0, let duration = snap.segment?.duration, duration > .zero {
            // The bar shows floor(elapsed / duration × steps): its next step is the first
            // multiple of duration / steps past the elapsed time (a microsecond later, so the
            // fraction computed then has surely reached it).
            let next = Int((snap.elapsedInSegment / duration * Double(steps)).rounded(.down)) + 1
            if next <= steps {
                let untilStep = duration * next / steps + .microseconds(1) - snap.elapsedInSegment
                let isSlow = duration / steps >= Self.barRefresh
                untilChange = min(untilChange, isSlow ? untilStep : max(untilStep, Self.barRefresh))
            }
        }
        return now + untilChange
    }

    /// Until a countdown shown in whole seconds rounded up changes: the fraction of a second
    /// `left` has over a whole second, or a second when it has none.
    static func untilTurnOver(countingDown left: Duration) -> Duration {
        let fraction = left - .seconds(left.components.seconds)
        return fraction > .zero ? fraction : .seconds(1)
    }

    /// Until a clock shown in whole seconds rounded down changes: what `shown` lacks of its
    /// next whole second.
    static func untilTurnOver(countingUp shown: Duration) -> Duration {
        .seconds(1) - (shown - .seconds(shown.components.seconds))
    }

    /// `WORK 0:12 · 3/8 · hiit`: the phase and the time shown in big digits, the round, `paused`
    /// while paused; `FINISHED · hiit` at the end.
    func windowTitle(session: Session, at now: Duration) -> String {
        let snap = session.snapshot(at: now)
        guard snap.phase != .finished, let segment = snap.segment else { return "FINISHED · hiit" }
        let time = snap.remainingInSegment.map(Format.countdown) ?? Format.clock(snap.elapsedInSegment.inSeconds)
        var parts = ["\(Format.phase(segment.kind)) \(time)"]
        if let round = segment.round, let rounds = segment.rounds { parts.append("\(round)/\(rounds)") }
        if snap.phase == .paused { parts.append("paused") }
        return (parts + ["hiit"]).joined(separator: " · ")
    }

    /// "Skipped", "Restarted", "+10 s", "−10 s", "Back to WORK Burpees"; the rest shows on the
    /// screen itself.
    func notice(for effect: Session.Effect, session: Session) -> String? {
        switch effect {
        case .skipped: "Skipped"
        case .reset: "Restarted"
        case let .timeAdded(_, amount, _): Self.amountText(amount)
        case let .wentBack(index): "Back to " + Self.segmentName(session.segment(at: index))
        default: nil
        }
    }

    /// `+10 s` or `−10 s` (a minus sign, which the screen makes `-` in ASCII).
    static func amountText(_ amount: Duration) -> String {
        let seconds = Int(abs(amount.inSeconds).rounded())
        return (amount < .zero ? "−" : "+") + "\(seconds) s"
    }

    /// `WORK Burpees`, `REST`, `PREPARE`: the phase and, for work, the exercise.
    static func segmentName(_ segment: Segment) -> String {
        segment.kind == .work ? "\(Format.phase(segment.kind)) \(segment.label)" : Format.phase(segment.kind)
    }
}

// MARK: Plain lines

extension IntervalRun: PlainAdapter {
    /// `Tabata: 16 segments, estimated 4 min`.
    func plainTitle(session: Session) -> String {
        let estimated = Format.words(session.program.estimatedDuration.inSeconds)
        let count = session.program.segments.count
        return "\(session.program.name): \(count) segment\(count == 1 ? "" : "s"), estimated \(estimated)"
    }

    /// A segment's line at its start; `paused`, `resumed`, `skipped`, `restarted` when they happen.
    func plainLine(for effect: Session.Effect, session: Session, at now: Duration) -> (at: Duration, text: String)? {
        switch effect {
        case let .segmentChanged(index, at): (at, Format.segmentLine(session.segment(at: index)))
        case .paused: (now, "paused")
        case .resumed: (now, "resumed")
        case .skipped: (now, "skipped")
        case .reset: (now, "restarted")
        case let .timeAdded(_, amount, duration):
            (now, "\(amount < .zero ? "took" : "added") \(Int(abs(amount.inSeconds).rounded())) s: now \(Format.clock(duration.inSeconds))")
        case .wentBack: (now, "back")
        case .cue, .finished: nil
        }
    }
}

// MARK: --events

extension IntervalRun: EventsAdapter {
    /// `pause`, `resume`, `skip` or `next`, `finish`, `reset` or `restart`; the multisport
    /// commands are named as such.
    func commands(forLine text: String, errors: (String) -> Void) -> [RunCommand<Session.Event>] {
        switch text.lowercased() {
        case "": return []
        case "pause": return [.session(.pause)]
        case "resume": return [.session(.resume)]
        case "skip", "next": return [.session(.skip)]
        case "finish": return [.session(.finish)]
        case "reset", "restart": return [.session(.reset)]
        case "add", "+": return [.session(.addTime(IntervalRun.timeStep))]
        case "take", "-": return [.session(.addTime(.zero - IntervalRun.timeStep))]
        case "back": return [.session(.back)]
        case "lap", "undo", "end":
            errors("hiit: '\(text)' applies to multisport sessions; ignored")
            return []
        default:
            errors("hiit: unknown command '\(text)' on stdin; expected pause, resume, skip, next, back, add, take, finish, reset, mute or quit")
            return []
        }
    }

    /// `segment` (with the segment's labels and `due`), `cue`, `pause`, `resume`, `skip`,
    /// `reset`, `time` (time added or taken: `amountSeconds`, and the segment's new
    /// `durationSeconds`), `back` (the segment gone back to, whose `segment` line follows),
    /// `finish` (with the measured times).
    func eventLine(for effect: Session.Effect, session: Session, at now: Duration) -> EventLine {
        var line = EventLine(event: "", t: now.inSeconds)
        switch effect {
        case let .segmentChanged(index, at):
            let segment = session.segment(at: index)
            line.event = "segment"
            line.due = at.inSeconds
            line.index = index
            line.kind = segment.kind.rawValue
            line.label = segment.label
            line.round = segment.round
            line.rounds = segment.rounds
            line.exercise = segment.exercise
            line.exercises = segment.exercises
            line.set = segment.set
            line.sets = segment.sets
            line.sport = segment.sport
            line.durationSeconds = segment.duration?.inSeconds
        case let .cue(cue, due):
            line.event = "cue"
            line.due = due.inSeconds
            line.cue = cue.kind
            line.text = cue.detail
        case .paused:
            line.event = "pause"
        case .resumed:
            line.event = "resume"
        case let .skipped(index):
            line.event = "skip"
            line.index = index
        case .reset:
            line.event = "reset"
        case let .timeAdded(index, amount, duration):
            line.event = "time"
            line.index = index
            line.amountSeconds = amount.inSeconds
            line.durationSeconds = duration.inSeconds
        case let .wentBack(index):
            line.event = "back"
            line.index = index
        case let .finished(summary):
            line.event = "finish"
            line.due = summary.end.inSeconds
            line.workoutSeconds = summary.workoutSeconds
            line.totalSeconds = summary.totalSeconds
            line.pausedSeconds = summary.pausedSeconds
            line.rounds = summary.rounds
            line.exercises = summary.exercises
        }
        return line
    }
}
