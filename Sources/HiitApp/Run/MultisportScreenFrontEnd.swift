import SessionEngine
import TerminalUI
#if canImport(Glibc)
import Glibc
#endif

/// The full-screen front end of a multisport session: keys (n, l, u, s/b/r/t/e, Enter,
/// space, f, q, m), y/n questions for finish and quit, notices for refusals and ignored
/// double presses, redraw on resize. Questions do not hold the race clock: legs keep running
/// while the question waits, as a race does. The caller owns raw mode.
final class MultisportScreenFrontEnd: RunFrontEnd {
    typealias Engine = MultisportSession
    private var decoder = KeyDecoder()
    private var writer: FrameWriter
    private var state: MultisportScreen.State
    private var pending: PendingQuestion?
    private var notice = BottomNotice(lifetime: .seconds(3))
    private let glyphs: Glyphs
    private let size: () -> TerminalSize
    private let write: (String) -> Void

    private enum PendingQuestion { case quit, finish }


    /// - Parameters:
    ///   - run: the title, plan or free-form sports, and units.
    ///   - cuesOffReason: why cues cannot play, or `nil`.
    ///   - isMuted: whether cues start muted (`--mute`).
    ///   - styleMode: colours, attributes only, or plain.
    ///   - glyphs: Unicode blocks or ASCII.
    ///   - size: reads the current terminal size.
    ///   - write: sends bytes to the terminal (the writer's output for one frame).
    init(run: MultisportRun, cuesOffReason: String?, isMuted: Bool, styleMode: StyleMode, glyphs: Glyphs,
         size: @escaping () -> TerminalSize, write: @escaping (String) -> Void) {
        writer = FrameWriter(mode: styleMode)
        self.glyphs = glyphs
        self.size = size
        self.write = write
        state = MultisportScreen.State(run: run, isMuted: isMuted, cuesOffReason: cuesOffReason)
    }

    var readsInput: Bool { true }

    /// The frame on the terminal now (the last one written), or `nil` before the first.
    var frame: Frame? { writer.previous }

    func begin(session: MultisportSession, at now: Duration) {
        if let reason = state.cuesOffReason, !state.isMuted {
            notice.show(BottomNotice.cuesOff(reason), at: now, lasting: 3)
        }
        refresh(session: session, at: now)
    }

    func commands(from bytes: [UInt8]?, session: MultisportSession, at now: Duration) -> [RunCommand<MultisportSession.Event>] {
        guard let bytes else { return [] }
        var result: [RunCommand<MultisportSession.Event>] = []
        for typed in decoder.decodeRead(bytes) {
            let key = typed.lowercased
            if key == .interrupt { return [.interrupt] }
            if let question = pending {
                pending = nil
                state.prompt = nil
                if key == .character("y") {
                    switch question {
                    case .quit: return [.quit]
                    case .finish: result.append(.session(.finish))
                    }
                } else {
                    notify("Carrying on", at: now)
                }
                continue
            }
            switch key {
            case .space, .character("p"): result.append(.togglePause)
            case .character("m"): result.append(.toggleMute)
            case .character("f"): ask(.finish, "Finish and save?")
            case .character("q"), .escape: ask(.quit, "Quit? Nothing will be recorded.")
            default:
                if let event = state.run.event(for: key, session: session) { result.append(.session(event)) }
            }
        }
        return result
    }

    func show(_ effects: [MultisportSession.Effect], session: MultisportSession, at now: Duration) {
        for effect in effects {
            if let text = state.run.notice(for: effect, session: session) { notify(text, at: now) }
        }
        refresh(session: session, at: now)
    }

    func refresh(session: MultisportSession, at now: Duration) {
        state.notice = notice.current(at: now)
        let frame = MultisportScreen.render(state, session: session, at: now, size: size(), glyphs: glyphs)
        let output = writer.update(to: frame)
        if !output.isEmpty { write(output) }
    }

    /// The clocks count up in whole seconds, each from its own start: the race clock from the
    /// session's start, the big digits from the leg's timer time (which stops while paused) or
    /// from the end of the last leg (blank time). Redraw when the first of them turns over.
    func nextRefresh(session: MultisportSession, after now: Duration) -> Duration? {
        var candidates: [Duration] = []
        if let until = notice.until { candidates.append(until) }
        let derived = session.derive()
        guard derived.isRunning, let start = derived.start else { return candidates.min() }
        func untilNextSecond(_ shown: Duration) -> Duration {
            .seconds(1) - (shown - .seconds(shown.components.seconds))
        }
        candidates.append(now + untilNextSecond(now - start))
        if let current = derived.currentLeg, current < derived.legs.count {
            if !derived.isPaused, let leg = session.results(at: now).last {
                candidates.append(now + untilNextSecond(leg.timer))
            }
        } else if let end = derived.legs.last?.end {
            candidates.append(now + untilNextSecond(now - end))
        }
        return candidates.min()
    }

    func resized(session: MultisportSession, at now: Duration) {
        writer.invalidate()
        refresh(session: session, at: now)
    }

    func cuesChanged(muted: Bool, session: MultisportSession, at now: Duration) {
        state.isMuted = muted
        notify(BottomNotice.cuesChanged(muted: muted, cuesOffReason: state.cuesOffReason), at: now)
        refresh(session: session, at: now)
    }

    func end(_ ending: RunEnding<Duration>, session: MultisportSession, at now: Duration) {}

    private func ask(_ question: PendingQuestion, _ text: String) {
        pending = question
        state.prompt = text
    }

    private func notify(_ text: String, at now: Duration) {
        notice.show(text, at: now)
        state.notice = text
    }
}
