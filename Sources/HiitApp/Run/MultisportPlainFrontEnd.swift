import SessionEngine
import TerminalUI
#if canImport(Glibc)
import Glibc
#endif

/// The multisport front end when stdout is not a terminal: one plain line per leg, lap,
/// pause, refusal; keys work when stdin is a terminal (`f` and `q` act at once: there is no
/// screen to ask on).
final class MultisportPlainFrontEnd: RunFrontEnd {
    typealias Engine = MultisportSession
    private let output: (String) -> Void
    private let readsKeys: Bool
    private let run: MultisportRun
    private var decoder = KeyDecoder()

    /// - Parameters:
    ///   - run: the title, plan or free-form sports, and units.
    ///   - output: writes one line (without its newline) to stdout.
    ///   - readsKeys: whether stdin is a terminal in raw mode whose keys control the run.
    init(run: MultisportRun, output: @escaping (String) -> Void, readsKeys: Bool) {
        self.run = run
        self.output = output
        self.readsKeys = readsKeys
    }

    var readsInput: Bool { readsKeys }

    func begin(session: MultisportSession, at now: Duration) {
        if let plan = run.plan {
            output("\(run.title): \(plan.legs.count) leg\(plan.legs.count == 1 ? "" : "s")")
        } else {
            output("\(run.title): \(run.allowed.map(\.rawValue).joined(separator: ", "))")
        }
    }

    func commands(from bytes: [UInt8]?, session: MultisportSession, at now: Duration) -> [RunCommand<MultisportSession.Event>] {
        guard let bytes else { return [] }
        var result: [RunCommand<MultisportSession.Event>] = []
        for key in decoder.decode(bytes).map(\.lowercased) {
            switch key {
            case .interrupt: return [.interrupt]
            case .character("q"): return [.quit]
            case .character("f"): result.append(.session(.finish))
            case .space, .character("p"): result.append(.togglePause)
            case .character("m"): result.append(.toggleMute)
            default:
                if let event = run.event(for: key, session: session) { result.append(.session(event)) }
            }
        }
        return result
    }

    func show(_ effects: [MultisportSession.Effect], session: MultisportSession, at now: Duration) {
        for effect in effects {
            if let text = run.notice(for: effect, session: session) {
                output("\(Format.clock(now.inSeconds))  \(text)")
            }
        }
    }

    func refresh(session: MultisportSession, at now: Duration) {}
    func nextRefresh(session: MultisportSession, after now: Duration) -> Duration? { nil }
    func resized(session: MultisportSession, at now: Duration) {}
    func cuesChanged(muted: Bool, session: MultisportSession, at now: Duration) {
        output("\(Format.clock(now.inSeconds))  cues \(muted ? "muted" : "on")")
    }
    func end(_ ending: RunEnding<Duration>, session: MultisportSession, at now: Duration) {}
}
