import Foundation
import SessionEngine
import WorkoutModel

/// The `--events` front end of a multisport session (DESIGN §6): JSON lines on stdout and
/// commands on stdin, one per line: `next` (or `skip`), `lap`, `undo`, `pause`, `resume`,
/// `finish`, `quit`, `mute`, and for free-form sessions `begin SPORT` (HealthKit names or
/// `swim`, `bike`, `run`, `t1`, …) and `end`.
///
/// Lines: `leg` (index, sport, label, due), `legEnd`, `lap` (leg, number, due), `undo` (the
/// leg now current), `pause`, `resume`, `ignored` (a second `next` within 3 s), `refused`
/// (message), `cue`, `finish` (times and legs), then `saved` or `notRecorded`.
final class MultisportEventsFrontEnd: RunFrontEnd {
    typealias Engine = MultisportSession
    private let lines: EventLineWriter
    private let errors: (String) -> Void
    private let run: MultisportRun
    private var reader = CommandLineReader()
    private var isMuted: Bool

    /// - Parameters:
    ///   - run: the title, plan or free-form sports, and units.
    ///   - output: writes one line (without its newline) to stdout and flushes it.
    ///   - errors: writes a one-line message to stderr.
    ///   - isMuted: whether cues start muted.
    init(run: MultisportRun, output: @escaping (String) -> Void, errors: @escaping (String) -> Void, isMuted: Bool = false) {
        self.run = run
        self.lines = EventLineWriter(output: output)
        self.errors = errors
        self.isMuted = isMuted
    }

    var readsInput: Bool { true }

    func begin(session: MultisportSession, at now: Duration) {}

    func commands(from bytes: [UInt8]?, session: MultisportSession, at now: Duration) -> [RunCommand<MultisportSession.Event>] {
        reader.lines(from: bytes).flatMap(parse(line:))
    }

    /// One command line as commands; an unknown one is reported on stderr and ignored.
    func parse(line text: String) -> [RunCommand<MultisportSession.Event>] {
        let words = text.split(whereSeparator: \.isWhitespace).map { $0.lowercased() }
        guard let first = words.first else { return [] }
        if first == "begin" || first == "start" {
            guard words.count == 2, let sport = Sport(commandLine: words[1]) else {
                errors("hiit: '\(text)' needs one sport, e.g. 'begin running' or 'begin swim'; ignored")
                return []
            }
            return [.session(.begin(sport))]
        }
        guard words.count == 1 else {
            errors("hiit: unknown command '\(text)' on stdin; ignored")
            return []
        }
        switch first {
        case "next", "skip": return [.session(.next)]
        case "lap": return [.session(.lap)]
        case "undo": return [.session(.undo)]
        case "end": return [.session(.end)]
        case "pause": return [.session(.pause)]
        case "resume": return [.session(.resume)]
        case "finish": return [.session(.finish)]
        case "mute", "unmute": return [.toggleMute]
        case "quit": return [.quit]
        default:
            errors("hiit: unknown command '\(text)' on stdin; expected next, lap, undo, begin SPORT, end, pause, resume, finish, mute or quit")
            return []
        }
    }

    func show(_ effects: [MultisportSession.Effect], session: MultisportSession, at now: Duration) {
        let derived = session.derive()
        for effect in effects {
            var line = EventLine(event: "", t: now.inSeconds)
            switch effect {
            case let .legStarted(index, sport, at):
                line.event = "leg"
                line.due = at.inSeconds
                line.index = index
                line.sport = sport.rawValue
                if index < derived.legs.count { line.label = run.label(of: derived.legs[index], among: derived.legs) }
            case let .legEnded(index, at):
                line.event = "legEnd"
                line.due = at.inSeconds
                line.index = index
            case let .lap(leg, number, at):
                line.event = "lap"
                line.due = at.inSeconds
                line.leg = leg
                line.number = number
            case .undone:
                line.event = "undo"
                if let current = derived.legs.last {
                    line.index = derived.legs.count - 1
                    line.sport = current.sport.rawValue
                    line.label = run.label(of: current, among: derived.legs)
                    line.number = current.lapStarts.count + 1
                }
            case .paused: line.event = "pause"
            case .resumed: line.event = "resume"
            case .ignoredDoublePress:
                line.event = "ignored"
                line.message = "a second next within 3 s is ignored"
            case let .refused(refusal):
                line.event = "refused"
                line.message = refusal.description
            case let .cue(cue, due):
                line.event = "cue"
                line.cue = cue.rawValue
                line.due = due.inSeconds
                if isMuted { line.muted = true }
            case let .finished(at):
                line.event = "finish"
                line.due = at.inSeconds
            }
            lines.emit(line)
        }
    }

    func refresh(session: MultisportSession, at now: Duration) {}
    func nextRefresh(session: MultisportSession, after now: Duration) -> Duration? { nil }
    func resized(session: MultisportSession, at now: Duration) {}

    func cuesChanged(muted: Bool, session: MultisportSession, at now: Duration) {
        isMuted = muted
        lines.emitMute(muted, at: now)
    }

    func end(_ ending: RunEnding<Duration>, session: MultisportSession, at now: Duration) {
        lines.emitEnding(ending, at: now)
    }

    /// Writes a line that is not an effect (`results`, `saved`, `notRecorded`).
    func emit(_ line: EventLine) {
        lines.emit(line)
    }
}
