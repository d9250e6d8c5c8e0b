import SessionEngine
import TerminalUI

/// What plain line output needs to know about one engine.
protocol PlainAdapter: RunAdapter {
    /// The first line, e.g. `Tabata: 16 segments, estimated 4 min` or `Sprint triathlon: 5 legs`.
    func plainTitle(session: Engine) -> String

    /// The line for `effect`, if any: the instant it is stamped with (time since the start)
    /// and its text, e.g. `(20 s, "REST  Burpees  round 1/8  0:10")` or `(now, "Lap 2")`.
    func plainLine(for effect: Engine.Effect, session: Engine, at now: Duration) -> (at: Duration, text: String)?
}

/// The front end when stdout is not a terminal (and `--events` was not given), for either
/// engine: a title line, then one line per change (`0:20  REST  Burpees  round 1/8  0:10`,
/// `1:35  cues muted`), no colours. When stdin is a terminal (`hiit run | tee log`) the keys
/// still work, read in raw mode by the caller; a key that would ask on the full screen acts at
/// once (there is no screen to ask on), Ctrl-C or SIGTERM ends the run, and Ctrl-Z suspends it
/// (the keyboard given back while stopped; after `fg` a line says what the suspension did).
/// The terminal's bell rings at boundaries as on the full screen, where the caller gives a
/// terminal to ring it on.
final class PlainFrontEnd<Adapter: PlainAdapter>: RunFrontEnd {
    /// The session type shown.
    typealias Engine = Adapter.Engine
    private let adapter: Adapter
    private let output: (String) -> Void
    private let readsKeys: Bool
    private var decoder = KeyDecoder()
    private let bell: BellSetting
    private let ring: (() -> Void)?
    private var isMuted: Bool
    private let cuesOffAtStart: Bool
    /// Whether cues cannot play: from the start, or because unmuting could not open the device.
    private var cuesOff: Bool

    /// - Parameters:
    ///   - adapter: the run (``IntervalRun`` or ``MultisportRun``).
    ///   - output: writes one line (without its newline) to stdout.
    ///   - readsKeys: whether stdin is a terminal in raw mode whose keys control the run.
    ///   - bell: when the bell rings at boundaries (default never).
    ///   - ring: sends the bell to a terminal; nil when there is none to ring (default).
    ///   - isMuted: whether the cues start muted (default `false`).
    ///   - cuesOff: whether the cues cannot play at the start (default `false`).
    ///   - keepsCuesOff: whether that holds for the whole run (default `true`); `false` when
    ///     the player tries the device again and reports its own reason.
    init(adapter: Adapter, output: @escaping (String) -> Void, readsKeys: Bool, bell: BellSetting = .off,
         ring: (() -> Void)? = nil, isMuted: Bool = false, cuesOff: Bool = false, keepsCuesOff: Bool = true) {
        self.adapter = adapter
        self.output = output
        self.readsKeys = readsKeys
        self.bell = bell
        self.ring = ring
        self.isMuted = isMuted
        self.cuesOff = cuesOff
        cuesOffAtStart = cuesOff && keepsCuesOff
    }

    var readsInput: Bool { readsKeys }

    func begin(session: Engine, at now: Duration) {
        output(adapter.plainTitle(session: session))
    }

    func commands(from bytes: [UInt8]?, session: Engine, at now: Duration) -> [RunCommand<Engine.Event>] {
        guard let bytes else { return [] }
        var result: [RunCommand<Engine.Event>] = []
        for key in decoder.decode(bytes).map(\.lowercased) {
            switch adapter.meaning(of: key, session: session) {
            case .command(.interrupt): return [.interrupt]
            case let .command(command): result.append(command)
            case let .ask(question):
                if question.yes == .quit { return [.quit] }
                result.append(question.yes)
            case nil: break
            }
        }
        return result
    }

    func show(_ effects: [Engine.Effect], session: Engine, at now: Duration) {
        for effect in effects {
            if let line = adapter.plainLine(for: effect, session: session, at: now) { say(line.text, at: line.at) }
        }
        if let ring, effects.contains(where: adapter.isBoundary), bell.rings(isMuted: isMuted, cuesOff: cuesOff) {
            ring()
        }
    }

    func refresh(session: Engine, at now: Duration) {}
    func nextRefresh(session: Engine, after now: Duration) -> Duration? { nil }
    func redraw(session: Engine, at now: Duration) {}
    func suspending(session: Engine, at now: Duration) {}

    /// `1:02  Paused while suspended; space resumes` (or that the race clock kept running).
    func continued(session: Engine, at now: Duration) {
        say(adapter.suspendNotice, at: now)
    }

    func cuesChanged(muted: Bool, offReason: String?, session: Engine, at now: Duration) {
        isMuted = muted
        cuesOff = cuesOffAtStart || offReason != nil
        if let offReason {
            say("cues off: \(offReason)", at: now)
        } else {
            say(cuesOff ? "cues off" : "cues \(muted ? "muted" : "on")", at: now)
        }
    }

    func end(_ ending: RunEnding<Engine.Outcome>, session: Engine, at now: Duration) {}

    /// `4:12  GPS 3D ±4 m`: the note's text as a line.
    func note(_ note: RunNote, session: Engine, at now: Duration) {
        if let text = note.text { say(text, at: now) }
    }

    /// Writes `0:20  text`: the instant in whole seconds, two spaces, the text.
    private func say(_ text: String, at instant: Duration) {
        output("\(Format.clock(instant.inSeconds))  \(text)")
    }
}
