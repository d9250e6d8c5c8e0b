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

    /// What a render keeps for the next one, to build it cheaply (``TimerScreen/Drawn``);
    /// `Never` for an adapter that lays out every frame anew.
    associatedtype Drawn = Never

    /// ``render(_:session:at:size:glyphs:)``, reusing what the previous call kept in `drawn`
    /// (the front end keeps it, and sets it to `nil` when the screen must be drawn anew); the
    /// frame is the same either way. By default: the frame laid out anew.
    func render(_ status: ScreenStatus, session: Engine, at now: Duration, size: TerminalSize, glyphs: Glyphs,
                reusing drawn: inout Drawn?) -> Frame

    /// The next instant something shown by the session changes (a displayed second turns
    /// over, the progress bar moves), or `nil` when nothing moves (paused, not started). The
    /// front end draws only then (and on input, a signal or a notice's end), so an unchanged
    /// screen is never built again.
    /// - Parameters:
    ///   - session: the session as it stands.
    ///   - now: the instant last drawn.
    ///   - size: the terminal's size (how finely a progress bar moves depends on its width).
    ///   - glyphs: Unicode blocks (a bar moves by eighths of a cell) or ASCII (by whole cells).
    func nextRedraw(session: Engine, after now: Duration, size: TerminalSize, glyphs: Glyphs) -> Duration?

    /// The notice the bottom line shows for `effect` ("Skipped", "Lap 3", a refusal), if any.
    func notice(for effect: Engine.Effect, session: Engine) -> String?

    /// The window title at `now` (`WORK 0:12 · 3/8 · hiit`): what the big digits show, in a
    /// title bar, a tab or tmux's status line; it changes at most once a second. Punctuation
    /// is Unicode (`·`); the front end makes it ASCII where the glyphs are.
    func windowTitle(session: Engine, at now: Duration) -> String
}

extension ScreenAdapter where Drawn == Never {
    func render(_ status: ScreenStatus, session: Engine, at now: Duration, size: TerminalSize, glyphs: Glyphs,
                reusing drawn: inout Never?) -> Frame {
        render(status, session: session, at: now, size: size, glyphs: glyphs)
    }
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
/// `m`, `q`/Esc, Ctrl-Z and the engine's own), y/N questions (`q` also confirms the quit
/// question), notices that go away by themselves, a redraw on resize and after a suspension,
/// the terminal's bell at boundaries (``BellSetting``) and the window title. The caller puts the
/// terminal in raw mode (pushing the title, so it comes back) and restores it; this type only
/// draws and reads keys.
final class ScreenFrontEnd<Adapter: ScreenAdapter>: RunFrontEnd {
    /// The session type shown.
    typealias Engine = Adapter.Engine
    private let adapter: Adapter
    /// What the adapter kept from the frame last drawn, to build the next one cheaply.
    private var drawn: Adapter.Drawn?
    private var decoder = KeyDecoder()
    private var writer: FrameWriter
    private var status: ScreenStatus
    /// Why cues were off from the start, kept whatever `m` finds later (no sounds); `nil` when
    /// the player itself says whether they are off (a device tried again at each unmute).
    private let startOffReason: String?
    private var pending: RunQuestion<Engine.Event>?
    /// Whether the clock was paused to ask the pending question (so "no" resumes it).
    private var pausedToAsk = false
    private var notice: BottomNotice
    /// What the bottom line says after a suspension while the session stays paused (until it
    /// counts again), when no other notice shows.
    private var pausedNotice: String?
    private let glyphs: Glyphs
    private let bell: BellSetting
    /// Keeps the window title current; nil when no title is set.
    private var title: TitleWriter?
    private let size: () -> TerminalSize
    private let write: (String) -> Void

    /// - Parameters:
    ///   - adapter: the run (``IntervalRun`` or ``MultisportRun``).
    ///   - cuesOffReason: why cues cannot play (no device, no sounds), or `nil`.
    ///   - keepsOffReason: whether that reason holds for the whole run (default `true`);
    ///     `false` when the player tries again and reports its own (``CuePlayer/offReason``).
    ///   - isMuted: whether cues start muted (`--mute`).
    ///   - styleMode: colours, attributes only, or plain.
    ///   - glyphs: Unicode blocks or ASCII.
    ///   - bell: when the bell rings at boundaries (default never).
    ///   - setsTitle: whether to keep the window title current (default `false`).
    ///   - size: reads the current terminal size.
    ///   - write: sends bytes to the terminal (the writer's output for one frame).
    init(adapter: Adapter, cuesOffReason: String?, keepsOffReason: Bool = true, isMuted: Bool, styleMode: StyleMode, glyphs: Glyphs,
         bell: BellSetting = .off, setsTitle: Bool = false,
         size: @escaping () -> TerminalSize, write: @escaping (String) -> Void) {
        self.adapter = adapter
        writer = FrameWriter(mode: styleMode)
        status = ScreenStatus(isMuted: isMuted, cuesOffReason: cuesOffReason)
        startOffReason = keepsOffReason ? cuesOffReason : nil
        notice = BottomNotice(lifetime: adapter.noticeLifetime)
        self.glyphs = glyphs
        self.bell = bell
        title = setsTitle ? TitleWriter() : nil
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
            // Ctrl-Z is never an answer: it suspends, and the question goes (``suspending``).
            if key == .control("z") {
                result.append(.suspend)
                continue
            }
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
        let rings = effects.contains(where: adapter.isBoundary)
            && bell.rings(isMuted: status.isMuted, cuesOff: status.cuesOffReason != nil)
        refresh(session: session, at: now, then: rings ? BellSetting.byte : "")
    }

    func refresh(session: Engine, at now: Duration) {
        refresh(session: session, at: now, then: "")
    }

    /// Draws what changed, sets the title when it changed, and sends `extra` (the bell) after,
    /// all in one write.
    private func refresh(session: Engine, at now: Duration, then extra: String) {
        if pausedNotice != nil, session.isCounting { pausedNotice = nil }
        status.notice = notice.current(at: now) ?? pausedNotice
        let frame = adapter.render(status, session: session, at: now, size: size(), glyphs: glyphs, reusing: &drawn)
        var output = writer.update(to: frame)
        if title != nil {
            let text = adapter.windowTitle(session: session, at: now)
            output += title?.update(to: glyphs == .ascii ? Self.asciiPunctuated(text) : text) ?? ""
        }
        output += extra
        if !output.isEmpty { write(output) }
    }

    /// The next redraw at the size last drawn (the loop asks right after a refresh; a resize
    /// redraws at once).
    func nextRefresh(session: Engine, after now: Duration) -> Duration? {
        let shownSize = writer.previous?.size ?? size()
        return [notice.until, adapter.nextRedraw(session: session, after: now, size: shownSize, glyphs: glyphs)]
            .compactMap { $0 }.min()
    }

    func redraw(session: Engine, at now: Duration) {
        drawn = nil
        writer.invalidate()
        title?.invalidate()
        refresh(session: session, at: now)
    }

    func suspending(session: Engine, at now: Duration) {
        // A question is not left waiting behind the shell; the clock it held stays held.
        pending = nil
        status.prompt = nil
        pausedToAsk = false
    }

    func continued(session: Engine, at now: Duration) {
        if session.isCounting {
            notice.show(adapter.suspendNotice, at: now, lasting: 3)
        } else {
            pausedNotice = adapter.suspendNotice
        }
        redraw(session: session, at: now)
    }

    func cuesChanged(muted: Bool, offReason: String?, session: Engine, at now: Duration) {
        status.isMuted = muted
        status.cuesOffReason = startOffReason ?? offReason
        notify(BottomNotice.cuesChanged(muted: muted, cuesOffReason: status.cuesOffReason), at: now)
        refresh(session: session, at: now)
    }

    func end(_ ending: RunEnding<Engine.Outcome>, session: Engine, at now: Duration) {}

    /// The note's text on the bottom line (the loop redraws after serving the accessory).
    func note(_ note: RunNote, session: Engine, at now: Duration) {
        if let text = note.text, note.showsOnScreen { notify(text, at: now) }
    }

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

    /// `text` with its one-cell punctuation in ASCII (`·` → `-`), for a non-UTF-8 locale.
    private static func asciiPunctuated(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { StyledText.asciiPunctuation(for: $0) ?? $0 }))
    }
}
