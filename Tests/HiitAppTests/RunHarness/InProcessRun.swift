import AudioCues
import Foundation
import TerminalUI
import TestSupport
@testable import HiitApp

/// What a whole run in-process needs: a manual clock, a scripted wait on it, a cue player that
/// notes when each cue played, and what the front end wrote (frames or lines), all captured
/// so a test asserts what a person would have seen and heard.
final class InProcessRun {
    /// The run's clock; instant zero is the session's start.
    let clock = ManualClock()
    /// The terminal and the person, scripted.
    let wait: ScriptedWait
    /// The cues, with the instants they played.
    let player: TimedCuePlayer
    /// The lines written to stdout (plain and `--events` front ends), in order.
    private(set) var lines: [String] = []
    /// The lines written to stderr, in order.
    private(set) var errors: [String] = []
    /// Every frame a screen wrote, with the instant it was written.
    private(set) var frames: [(at: Duration, frame: Frame)] = []
    /// Every write of a screen, byte for byte, with the instant it was made.
    private(set) var writes: [(at: Duration, bytes: String)] = []
    /// Job control, when the run is given one (``ScriptedSuspender``).
    var suspender: ScriptedSuspender?
    /// Reads the frame on screen now; set once the screen front end exists.
    var currentFrame: () -> Frame? = { nil }

    /// - Parameters:
    ///   - script: what happens when (instants since the start).
    ///   - size: the terminal's size at the start.
    init(_ script: [(Duration, ScriptedWait.Step)], size: TerminalSize = TerminalSize(columns: 80, rows: 24)) {
        wait = ScriptedWait(clock: clock, script: script, size: size)
        player = TimedCuePlayer(clock: clock)
    }

    /// Writes one stdout line (a front end's `output`).
    func output(_ line: String) { lines.append(line) }

    /// Writes one stderr line (a front end's `errors`).
    func error(_ line: String) { errors.append(line) }

    /// Notes the frame just written (a screen front end's `write`).
    func wroteFrame(_ bytes: String) {
        writes.append((clock.elapsed, bytes))
        if let frame = currentFrame() { frames.append((clock.elapsed, frame)) }
    }

    /// Everything the screen wrote, in order.
    var written: String { writes.map(\.bytes).joined() }

    /// The terminal's size now (a screen front end's `size`).
    var size: TerminalSize { wait.size }

    /// Runs `session` through `frontEnd` to its end on the manual clock.
    /// - Parameter player: the cue player (default ``player``, the recorder).
    /// - Returns: the loop (its session as it finished) and how the run ended.
    /// - Throws: ``ScriptedWait/Failure`` when the script cannot go on.
    func run<Engine: RunnableSession>(_ session: Engine, _ frontEnd: any RunFrontEnd<Engine>,
                                      accessory: (any RunAccessory<Engine>)? = nil, player: (any CuePlayer)? = nil) throws
        -> (loop: WorkoutRunLoop<Engine>, ending: RunEnding<Engine.Outcome>) {
        let loop = WorkoutRunLoop(session: session, frontEnd: frontEnd, player: player ?? self.player, clock: RunClock(clock),
                                  wallOrigin: Date(timeIntervalSince1970: 1_800_000_000), wait: wait, suspender: suspender,
                                  accessory: accessory)
        let ending = try loop.run()
        return (loop, ending)
    }

    /// The screen at `instant`: the lines of the last frame written at or before it, trailing
    /// spaces removed.
    func screen(at instant: Duration) -> [String] {
        guard let frame = frames.last(where: { $0.at <= instant })?.frame else { return [] }
        return frame.lines.map { line in
            var text = line.plainText
            while text.hasSuffix(" ") { text.removeLast() }
            return text
        }
    }

    /// The screen at `instant` as one string, each line trimmed of spaces at both ends
    /// (for `contains` checks that do not depend on centring).
    func shown(at instant: Duration) -> String {
        screen(at: instant).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: "\n")
    }

    /// The `--events` lines written, decoded.
    /// - Throws: when a line is not a JSON object.
    func events() throws -> [[String: Any]] {
        try lines.map { line in
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                throw CocoaError(.coderReadCorrupt)
            }
            return object
        }
    }
}

extension Duration {
    /// `seconds` (fractions allowed, to the millisecond) as a duration.
    static func at(_ seconds: Double) -> Duration { .milliseconds(Int64((seconds * 1000).rounded())) }
}
