import SessionEngine

/// The front end when stdout is not a terminal (and `--events` was not given): one plain line
/// per segment, pause and resume, no colours, no input. Ctrl-C or SIGTERM ends the run.
final class PlainFrontEnd: RunFrontEnd {
    private let output: (String) -> Void

    /// - Parameter output: writes one line (without its newline) to stdout.
    init(output: @escaping (String) -> Void) {
        self.output = output
    }

    var inputDescriptor: Int32? { nil }

    func begin(session: Session, at now: Duration) {
        let estimated = Format.words(session.program.estimatedDuration.inSeconds)
        output("\(session.program.name): \(session.program.segments.count) segments, estimated \(estimated)")
    }

    func commands(from bytes: [UInt8]?, session: Session, at now: Duration) -> [RunCommand] { [] }

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
    func cuesChanged(muted: Bool, session: Session, at now: Duration) {}
    func end(_ ending: RunEnding, session: Session, at now: Duration) {}
}
