import SessionEngine
import TerminalUI

/// What the full screen needs to know about one engine.
protocol ScreenAdapter: RunAdapter {
    /// Whether the session's clock holds (pauses) while a y/N question waits, and goes on
    /// when the answer is no. The one place where the engines differ on this: the interval
    /// timer holds, as a phone timer does, so a workout cannot finish and record behind the
    /// question; a race clock does not stop for a question.
    static var holdsClockWhileAsking: Bool { get }

    /// How long a notice stays on the bottom line (the cues-off notice at the start stays
    /// three times as long).
    var noticeLifetime: Duration { get }

    /// Renders the screen: a frame of exactly `size` (CONVENTIONS: a pure render function).
    /// - Parameters:
    ///   - status: the cue state, the question and the notice.
    ///   - session: the session as it stands.
    ///   - now: the instant shown (time since the start).
    ///   - size: the terminal's size.
    ///   - glyphs: Unicode blocks or ASCII.
    func render(_ status: ScreenStatus, session: Engine, at now: Duration, size: TerminalSize, glyphs: Glyphs) -> Frame

    /// The next instant something shown by the session changes (a displayed second turns
    /// over, the progress bar moves), or `nil` when nothing moves (paused, not started).
    func nextRedraw(session: Engine, after now: Duration) -> Duration?

    /// The notice the bottom line shows for `effect` ("Skipped", "Lap 3", a refusal), if any.
    func notice(for effect: Engine.Effect, session: Engine) -> String?
}

/// What every run screen shows besides the session: the cue state in the header, and the
/// question or notice on the bottom line.
struct ScreenStatus: Equatable {
    /// Whether cues are muted by the person (`m`, `--mute`).
    var isMuted: Bool
    /// Why cues cannot play at all (no device, no sounds), or `nil`.
    var cuesOffReason: String?
    /// A question waiting for y/N.
    var prompt: String?
    /// A short notice, e.g. "Cues on".
    var notice: String?
}

/// The full-screen front end of either engine: the adapter's screen, the keys (space, `p`,
/// `m`, `q`/Esc and the engine's own), y/N questions (`q` also confirms the quit question),
/// notices that go away by themselves, a redraw on resize. The caller puts the terminal in raw
/// mode and restores it; this type only draws and reads keys.
final class ScreenFrontEnd<Adapter: ScreenAdapter>: RunFrontEnd {
    /// The session type shown.
    typealias Engine = Adapter.Engine
    private let adapter: Adapter
    private var decoder = KeyDecoder()
    private var writer: FrameWriter
    private var status: ScreenStatus
    private var pending: RunQuestion<Engine.Event>?
    /// Whether the clock was paused to ask the pending question (so "no" resumes it).
    private var pausedToAsk = false
    private var notice: BottomNotice
    private let glyphs: Glyphs
    private let size: () -> TerminalSize
    private let write: (String) -> Void

    /// - Parameters:
    ///   - adapter: the run (``IntervalRun`` or ``MultisportRun``).
    ///   - cuesOffReason: why cues cannot play (no device, no sounds), or `nil`.
    ///   - isMuted: whether cues start muted (`--mute`).
    ///   - styleMode: colours, attributes only, or plain.
    ///   - glyphs: Unicode blocks or ASCII.
    ///   - size: reads the current terminal size.
    ///   - write: sends bytes to the terminal (the writer's output for one frame).
    init(adapter: Adapter, cuesOffReason: String?, isMuted: Bool, styleMode: StyleMode, glyphs: Glyphs,
         size: @escaping () -> TerminalSize, write: @escaping (String) -> Void) {
        self.adapter = adapter
        writer = FrameWriter(mode: styleMode)
        status = ScreenStatus(isMuted: isMuted, cuesOffReason: cuesOffReason)
        notice = BottomNotice(lifetime: adapter.noticeLifetime)
        self.glyphs = glyphs
        self.size = size
        self.write = write
    }

    var readsInput: Bool { true }

    /// The frame on the terminal now (the last one written), or `nil` before the first.
    var frame: Frame? { writer.previous }

    func begin(session: Engine, at now: Duration) {
        if let reason = status.cuesOffReason, !status.isMuted {
            notice.show(BottomNotice.cuesOff(reason), at: now, lasting: 3)
        }
        refresh(session: session, at: now)
    }

    func commands(from bytes: [UInt8]?, session: Engine, at now: Duration) -> [RunCommand<Engine.Event>] {
        guard let bytes else { return [] }
        var result: [RunCommand<Engine.Event>] = []
        for typed in decoder.decodeRead(bytes) {
            let key = typed.lowercased
            if key == .interrupt { return [.interrupt] }
            if let question = pending {
                pending = nil
                status.prompt = nil
                let resume: [RunCommand<Engine.Event>] = pausedToAsk ? [.session(Engine.resumeEvent)] : []
                pausedToAsk = false
                // `y` confirms any question; `q` also confirms the one `q` asked (q q quits).
                if key == .character("y") || (key == .character("q") && question.yes == .quit) {
                    if question.yes == .quit { return [.quit] }
                    result.append(question.yes)
                } else {
                    result += resume
                    notify("Carrying on", at: now)
                }
                continue
            }
            switch key == .escape ? .ask(.quit) : adapter.meaning(of: key, session: session) {
            case let .command(command): result.append(command)
            case let .ask(question): result += ask(question, session: session)
            case nil: break
            }
        }
        // No drawing here: the run loop applies the commands, then redraws once, so a frame
        // never shows a question before the pause it comes with.
        return result
    }

    func show(_ effects: [Engine.Effect], session: Engine, at now: Duration) {
        for effect in effects {
            if let text = adapter.notice(for: effect, session: session) { notify(text, at: now) }
        }
        refresh(session: session, at: now)
    }

    func refresh(session: Engine, at now: Duration) {
        status.notice = notice.current(at: now)
        let frame = adapter.render(status, session: session, at: now, size: size(), glyphs: glyphs)
        let output = writer.update(to: frame)
        if !output.isEmpty { write(output) }
    }

    func nextRefresh(session: Engine, after now: Duration) -> Duration? {
        [notice.until, adapter.nextRedraw(session: session, after: now)].compactMap { $0 }.min()
    }

    func resized(session: Engine, at now: Duration) {
        writer.invalidate()
        refresh(session: session, at: now)
    }

    func cuesChanged(muted: Bool, session: Engine, at now: Duration) {
        status.isMuted = muted
        notify(BottomNotice.cuesChanged(muted: muted, cuesOffReason: status.cuesOffReason), at: now)
        refresh(session: session, at: now)
    }

    func end(_ ending: RunEnding<Engine.Outcome>, session: Engine, at now: Duration) {}

    /// Shows a y/N question; where the adapter says so, the clock holds while it waits.
    private func ask(_ question: RunQuestion<Engine.Event>, session: Engine) -> [RunCommand<Engine.Event>] {
        pending = question
        status.prompt = question.prompt
        pausedToAsk = Adapter.holdsClockWhileAsking && session.isCounting
        return pausedToAsk ? [.session(Engine.pauseEvent)] : []
    }

    private func notify(_ text: String, at now: Duration) {
        notice.show(text, at: now)
        status.notice = text
    }
}
