import SessionEngine
import TerminalUI
#if canImport(Glibc)
import Glibc
#endif

/// The front end when stdout is not a terminal (and `--events` was not given): one plain line
/// per segment, pause and resume, no colours. When stdin is a terminal (`hiit run | tee log`)
/// the keys still work — space pauses, n skips, r restarts, m mutes, q and Ctrl-C quit at
/// once — read in raw mode by the caller. Ctrl-C or SIGTERM ends the run.
final class PlainFrontEnd: RunFrontEnd {
    typealias Engine = Session
    private let output: (String) -> Void
    private let readsKeys: Bool
    private var decoder = KeyDecoder()

    /// - Parameters:
    ///   - output: writes one line (without its newline) to stdout.
    ///   - readsKeys: whether stdin is a terminal in raw mode whose keys control the run.
    init(output: @escaping (String) -> Void, readsKeys: Bool = false) {
        self.output = output
        self.readsKeys = readsKeys
    }

    var readsInput: Bool { readsKeys }

    func begin(session: Session, at now: Duration) {
        let estimated = Format.words(session.program.estimatedDuration.inSeconds)
        let count = session.program.segments.count
        output("\(session.program.name): \(count) segment\(count == 1 ? "" : "s"), estimated \(estimated)")
    }

    func commands(from bytes: [UInt8]?, session: Session, at now: Duration) -> [RunCommand<Session.Event>] {
        guard let bytes else { return [] }
        var result: [RunCommand<Session.Event>] = []
        for key in decoder.decode(bytes).map(\.lowercased) {
            switch key {
            case .interrupt: return [.interrupt]
            case .character("q"): return [.quit]
            case .space, .character("p"): result.append(.togglePause)
            case .character("n"): result.append(.session(.skip))
            case .character("r"): result.append(.session(.reset))
            case .character("m"): result.append(.toggleMute)
            default: break
            }
        }
        return result
    }

    func show(_ effects: [Session.Effect], session: Session, at now: Duration) {
        for effect in effects {
            switch effect {
            case let .segmentChanged(index, at):
                output("\(Format.clock(at.inSeconds))  \(Format.segmentLine(session.program.segments[index]))")
            case .paused: output("\(Format.clock(now.inSeconds))  paused")
            case .resumed: output("\(Format.clock(now.inSeconds))  resumed")
            case .skipped: output("\(Format.clock(now.inSeconds))  skipped")
            case .reset: output("\(Format.clock(now.inSeconds))  restarted")
            case .cue, .finished: break
            }
        }
    }

    func refresh(session: Session, at now: Duration) {}
    func nextRefresh(session: Session, after now: Duration) -> Duration? { nil }
    func resized(session: Session, at now: Duration) {}
    func cuesChanged(muted: Bool, session: Session, at now: Duration) {
        output("\(Format.clock(now.inSeconds))  cues \(muted ? "muted" : "on")")
    }
    func end(_ ending: RunEnding<SessionSummary>, session: Session, at now: Duration) {}
}
