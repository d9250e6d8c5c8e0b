import Foundation
import SessionEngine
import TerminalUI

/// What the `--events` front end needs to know about one engine.
protocol EventsAdapter {
    /// The session this run drives.
    associatedtype Engine: RunnableSession

    /// The commands one stdin line asks for, other than `mute`, `unmute` and `quit` (the same
    /// in every run); an unknown or malformed line is reported through `errors` (one line,
    /// naming it) and gives none.
    /// - Parameters:
    ///   - text: the line, trimmed; may be empty (no command, no error).
    ///   - errors: writes a one-line message to stderr.
    func commands(forLine text: String, errors: (String) -> Void) -> [RunCommand<Engine.Event>]

    /// The line for `effect` (its `muted` flag is set by the front end).
    /// - Parameters:
    ///   - effect: what the session did.
    ///   - session: the session after the effects.
    ///   - now: when the line is written (`t`).
    func eventLine(for effect: Engine.Effect, session: Engine, at now: Duration) -> EventLine
}

/// The `--events` front end of either engine (DESIGN §6): one JSON object per line on stdout
/// as things happen, `t` being when the line was written (seconds on the monotonic clock since
/// the start, never going backwards) and, on the lines of scheduled changes and cues, `due`
/// the exact instant it was scheduled for; and commands read from stdin, one per line
/// (`pause`, `resume`, `skip`, `next`, `lap`, `finish`, `quit`, …). No screen is drawn. End
/// of input changes nothing: the session runs on.
final class EventsFrontEnd<Adapter: EventsAdapter>: RunFrontEnd {
    /// The session type shown.
    typealias Engine = Adapter.Engine
    private let adapter: Adapter
    private let lines: EventLineWriter
    private let errors: (String) -> Void
    private var reader = CommandLineReader()
    /// Whether cues are muted: cue lines then say `"muted": true` (the cue was not played).
    private var isMuted: Bool

    /// - Parameters:
    ///   - adapter: the run (``IntervalRun`` or ``MultisportRun``).
    ///   - output: writes one line (without its newline) to stdout and flushes it.
    ///   - errors: writes a one-line message to stderr.
    ///   - isMuted: whether cues start muted (`--mute`).
    init(adapter: Adapter, output: @escaping (String) -> Void, errors: @escaping (String) -> Void, isMuted: Bool = false) {
        self.adapter = adapter
        self.lines = EventLineWriter(output: output)
        self.errors = errors
        self.isMuted = isMuted
    }

    var readsInput: Bool { true }

    func begin(session: Engine, at now: Duration) {}

    func commands(from bytes: [UInt8]?, session: Engine, at now: Duration) -> [RunCommand<Engine.Event>] {
        reader.lines(from: bytes).flatMap(parse(line:))
    }

    /// One command line as commands; an unknown one is reported on stderr and ignored.
    func parse(line text: String) -> [RunCommand<Engine.Event>] {
        switch text.lowercased() {
        case "mute", "unmute": [.toggleMute]
        case "quit": [.quit]
        default: adapter.commands(forLine: text, errors: errors)
        }
    }

    func show(_ effects: [Engine.Effect], session: Engine, at now: Duration) {
        for effect in effects {
            var line = adapter.eventLine(for: effect, session: session, at: now)
            if isMuted, Engine.cue(in: effect) != nil { line.muted = true }
            lines.emit(line)
        }
    }

    func refresh(session: Engine, at now: Duration) {}
    func nextRefresh(session: Engine, after now: Duration) -> Duration? { nil }
    func redraw(session: Engine, at now: Duration) {}
    /// Never called: with `--events` the terminal is not changed, and a stop is the
    /// default one (see ``RunSuspender``).
    func suspending(session: Engine, at now: Duration) {}
    func continued(session: Engine, at now: Duration) {}

    func cuesChanged(muted: Bool, offReason: String?, session: Engine, at now: Duration) {
        isMuted = muted
        lines.emitMute(muted, offReason: offReason, at: now)
    }

    func end(_ ending: RunEnding<Engine.Outcome>, session: Engine, at now: Duration) {
        lines.emitEnding(ending, at: now)
    }

    /// The note's line (a `gps` line), when it has one.
    func note(_ note: RunNote, session: Engine, at now: Duration) {
        if let line = note.line { lines.emit(line) }
    }

    /// Writes a line that is not an effect (`results`, `saved`, `notRecorded`), with the same
    /// encoding.
    func emit(_ line: EventLine) {
        lines.emit(line)
    }
}
