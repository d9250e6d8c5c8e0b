import Foundation
import SessionEngine
import TerminalUI

/// The `--events` front end (DESIGN §6): one JSON object per line on stdout as things happen,
/// `t` being when the line was written (seconds on the monotonic clock since the start, never
/// going backwards) and, on segment, cue and finish lines, `due` the exact instant the change
/// or cue was scheduled for;
/// and commands read from stdin, one per line (`pause`, `resume`, `skip`, `next`, `finish`,
/// `quit`, …). No screen is drawn. End of input changes nothing: the session runs on.
final class EventsFrontEnd: RunFrontEnd {
    typealias Engine = Session
    private let lines: EventLineWriter
    private let errors: (String) -> Void
    private var reader = CommandLineReader()
    /// Whether cues are muted: cue lines then say `"muted": true` (the cue was not played).
    private var isMuted: Bool

    /// - Parameters:
    ///   - output: writes one line (without its newline) to stdout and flushes it.
    ///   - errors: writes a one-line message to stderr.
    ///   - isMuted: whether cues start muted (`--mute`).
    init(output: @escaping (String) -> Void, errors: @escaping (String) -> Void, isMuted: Bool = false) {
        self.lines = EventLineWriter(output: output)
        self.errors = errors
        self.isMuted = isMuted
    }

    var readsInput: Bool { true }

    func begin(session: Session, at now: Duration) {}

    func commands(from bytes: [UInt8]?, session: Session, at now: Duration) -> [RunCommand<Session.Event>] {
        reader.lines(from: bytes).flatMap(parse(line:))
    }

    private func parse(line text: String) -> [RunCommand<Session.Event>] {
        switch text.lowercased() {
        case "": return []
        case "pause": return [.session(.pause)]
        case "resume": return [.session(.resume)]
        case "skip", "next": return [.session(.skip)]
        case "finish": return [.session(.finish)]
        case "reset", "restart": return [.session(.reset)]
        case "mute", "unmute": return [.toggleMute]
        case "quit": return [.quit]
        case "lap", "undo", "end":
            errors("hiit: '\(text)' applies to multisport sessions; ignored")
            return []
        default:
            errors("hiit: unknown command '\(text)' on stdin; expected pause, resume, skip, next, finish, reset, mute or quit")
            return []
        }
    }

    func show(_ effects: [Session.Effect], session: Session, at now: Duration) {
        for effect in effects {
            switch effect {
            case let .segmentChanged(index, at):
                let segment = session.program.segments[index]
                var line = EventLine(event: "segment", t: now.inSeconds)
                line.due = at.inSeconds
                line.index = index
                line.kind = segment.kind.rawValue
                line.label = segment.label
                line.round = segment.round
                line.rounds = segment.rounds
                line.exercise = segment.exercise
                line.exercises = segment.exercises
                line.sport = segment.sport
                line.durationSeconds = segment.duration?.inSeconds
                emit(line)
            case let .cue(cue, due):
                var line = EventLine(event: "cue", t: now.inSeconds)
                line.due = due.inSeconds
                line.cue = cue.rawValue
                if isMuted { line.muted = true }
                emit(line)
            case .paused:
                emit(EventLine(event: "pause", t: now.inSeconds))
            case .resumed:
                emit(EventLine(event: "resume", t: now.inSeconds))
            case let .skipped(index):
                var line = EventLine(event: "skip", t: now.inSeconds)
                line.index = index
                emit(line)
            case .reset:
                emit(EventLine(event: "reset", t: now.inSeconds))
            case let .finished(summary):
                var line = EventLine(event: "finish", t: now.inSeconds)
                line.due = summary.end.inSeconds
                line.workoutSeconds = summary.workoutSeconds
                line.totalSeconds = summary.totalSeconds
                line.pausedSeconds = summary.pausedSeconds
                line.rounds = summary.rounds
                line.exercises = summary.exercises
                emit(line)
            }
        }
    }

    func refresh(session: Session, at now: Duration) {}
    func nextRefresh(session: Session, after now: Duration) -> Duration? { nil }
    func resized(session: Session, at now: Duration) {}

    func cuesChanged(muted: Bool, session: Session, at now: Duration) {
        isMuted = muted
        lines.emitMute(muted, at: now)
    }

    func end(_ ending: RunEnding<SessionSummary>, session: Session, at now: Duration) {
        lines.emitEnding(ending, at: now)
    }

    /// Writes a line that is not an effect (e.g. `saved`), with the same encoding.
    func emit(_ line: EventLine) {
        lines.emit(line)
    }
}
