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
/// once (there is no screen to ask on), and Ctrl-C or SIGTERM ends the run.
final class PlainFrontEnd<Adapter: PlainAdapter>: RunFrontEnd {
    /// The session type shown.
    typealias Engine = Adapter.Engine
    private let adapter: Adapter
    private let output: (String) -> Void
    private let readsKeys: Bool
    private var decoder = KeyDecoder()

    /// - Parameters:
    ///   - adapter: the run (``IntervalRun`` or ``MultisportRun``).
    ///   - output: writes one line (without its newline) to stdout.
    ///   - readsKeys: whether stdin is a terminal in raw mode whose keys control the run.
    init(adapter: Adapter, output: @escaping (String) -> Void, readsKeys: Bool) {
        self.adapter = adapter
        self.output = output
        self.readsKeys = readsKeys
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
    }

    func refresh(session: Engine, at now: Duration) {}
    func nextRefresh(session: Engine, after now: Duration) -> Duration? { nil }
    func resized(session: Engine, at now: Duration) {}

    func cuesChanged(muted: Bool, session: Engine, at now: Duration) {
        say("cues \(muted ? "muted" : "on")", at: now)
    }

    func end(_ ending: RunEnding<Engine.Outcome>, session: Engine, at now: Duration) {}

    /// Writes `0:20  text`: the instant in whole seconds, two spaces, the text.
    private func say(_ text: String, at instant: Duration) {
        output("\(Format.clock(instant.inSeconds))  \(text)")
    }
}
