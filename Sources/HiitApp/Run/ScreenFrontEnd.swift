import SessionEngine
import TerminalUI
#if canImport(Glibc)
import Glibc
#endif

/// The full-screen front end: big digits, phase colours, keys (space, n, r, q, m), y/n prompts
/// for restart and quit, redraw on resize. The caller puts the terminal in raw mode and
/// restores it; this type only draws and reads keys.
final class ScreenFrontEnd: RunFrontEnd {
    typealias Engine = Session
    private var decoder = KeyDecoder()
    private var writer: FrameWriter
    private var state: TimerScreen.State
    private var pending: PendingQuestion?
    /// Whether the timer was paused to ask the pending question (so "no" resumes it).
    private var pausedToAsk = false
    private var notice = BottomNotice(lifetime: .seconds(2))
    private let glyphs: Glyphs
    private let size: () -> TerminalSize
    private let write: (String) -> Void

    private enum PendingQuestion { case quit, restart }

    /// How often the progress bar moves while running.
    private static let barRefresh: Duration = .milliseconds(250)

    /// - Parameters:
    ///   - workoutName: shown in the header.
    ///   - cuesOffReason: why cues cannot play (no device, no sounds), or `nil`.
    ///   - isMuted: whether cues start muted (`--mute`).
    ///   - styleMode: colours, attributes only, or plain.
    ///   - glyphs: Unicode blocks or ASCII.
    ///   - size: reads the current terminal size.
    ///   - write: sends bytes to the terminal (the writer's output for one frame).
    init(workoutName: String, cuesOffReason: String?, isMuted: Bool, styleMode: StyleMode,
         glyphs: Glyphs, size: @escaping () -> TerminalSize, write: @escaping (String) -> Void) {
        self.writer = FrameWriter(mode: styleMode)
        self.glyphs = glyphs
        self.size = size
        self.write = write
        state = TimerScreen.State(
            workoutName: workoutName,
            snapshot: Session(program: Program(name: workoutName, segments: [])).snapshot(at: .zero),
            isMuted: isMuted, cuesOffReason: cuesOffReason, prompt: nil, notice: nil)
    }

    var readsInput: Bool { true }

    /// The frame on the terminal now (the last one written), or `nil` before the first.
    var frame: Frame? { writer.previous }

    func begin(session: Session, at now: Duration) {
        if let reason = state.cuesOffReason, !state.isMuted {
            notice.show(BottomNotice.cuesOff(reason), at: now, lasting: 3)
        }
        refresh(session: session, at: now)
    }

    func commands(from bytes: [UInt8]?, session: Session, at now: Duration) -> [RunCommand<Session.Event>] {
        guard let bytes else { return [] }
        var result: [RunCommand<Session.Event>] = []
        for typed in decoder.decodeRead(bytes) {
            let key = typed.lowercased
            if key == .interrupt { return [.interrupt] }
            if let question = pending {
                pending = nil
                state.prompt = nil
                let resume: [RunCommand<Session.Event>] = pausedToAsk ? [.session(.resume)] : []
                pausedToAsk = false
                if key == .character("y") {
                    switch question {
                    case .quit: return [.quit]
                    case .restart: result.append(.session(.reset))
                    }
                } else {
                    result += resume
                    notify("Carrying on", at: now)
                }
                continue
            }
            switch key {
            case .space, .character("p"): result.append(.togglePause)
            case .character("n"), .right: result.append(.session(.skip))
            case .character("m"): result.append(.toggleMute)
            case .character("r"):
                result += ask(.restart, "Restart from the beginning?", session: session)
            case .character("q"), .escape:
                result += ask(.quit, "Quit? Nothing will be recorded.", session: session)
            default: break
            }
        }
        // No drawing here: the run loop applies the commands, then redraws once, so a frame
        // never shows a question before the pause it comes with.
        return result
    }

    func show(_ effects: [Session.Effect], session: Session, at now: Duration) {
        for effect in effects {
            switch effect {
            case .skipped: notify("Skipped", at: now)
            case .reset: notify("Restarted", at: now)
            default: break
            }
        }
        refresh(session: session, at: now)
    }

    func refresh(session: Session, at now: Duration) {
        state.notice = notice.current(at: now)
        state.snapshot = session.snapshot(at: now)
        let frame = TimerScreen.render(state, size: size(), glyphs: glyphs)
        let output = writer.update(to: frame)
        if !output.isEmpty { write(output) }
    }

    func nextRefresh(session: Session, after now: Duration) -> Duration? {
        var candidates: [Duration] = []
        if let until = notice.until { candidates.append(until) }
        if session.phase == .running {
            let snap = session.snapshot(at: now)
            // The countdown shows whole seconds rounded up: it changes when the remaining
            // time crosses a whole second.
            let shown = snap.remainingInSegment ?? snap.elapsedInSegment
            let fraction = shown - .seconds(shown.components.seconds)
            let untilChange = fraction == .zero ? Duration.seconds(1) : fraction
            candidates.append(now + min(untilChange, Self.barRefresh))
        }
        return candidates.min()
    }

    func resized(session: Session, at now: Duration) {
        writer.invalidate()
        refresh(session: session, at: now)
    }

    func cuesChanged(muted: Bool, session: Session, at now: Duration) {
        state.isMuted = muted
        notify(BottomNotice.cuesChanged(muted: muted, cuesOffReason: state.cuesOffReason), at: now)
        refresh(session: session, at: now)
    }

    func end(_ ending: RunEnding<SessionSummary>, session: Session, at now: Duration) {}

    /// Shows a y/N question; the timer holds (pauses) while it waits, as a phone timer does,
    /// so the workout cannot finish and record behind the question.
    private func ask(_ question: PendingQuestion, _ text: String, session: Session) -> [RunCommand<Session.Event>] {
        pending = question
        state.prompt = text
        pausedToAsk = session.phase == .running
        return pausedToAsk ? [.session(.pause)] : []
    }

    private func notify(_ text: String, at now: Duration) {
        notice.show(text, at: now)
        state.notice = text
    }
}

extension Key {
    /// The key with a letter in lower case, so keys work with Caps Lock or Shift.
    var lowercased: Key {
        if case let .character(c) = self, c.isUppercase, let lower = c.lowercased().first { return .character(lower) }
        return self
    }
}
