import Foundation
import WorkoutModel
import SessionEngine

/// One line of `--events` output (DESIGN §6). Keys are written sorted; absent values are left
/// out. `t` is when the line was written and `due` the exact instant scheduled, both seconds
/// on the monotonic clock since the start.
struct EventLine: Encodable, Equatable {
    /// What happened: `segment`, `cue`, `pause`, `leg`, `lap`, `finish`, `saved`, `quit`, …
    var event: String
    /// When the line was written: seconds since the start on the monotonic clock.
    var t: Double
    /// When the change or cue was scheduled for (seconds since the start).
    var due: Double?
    /// The cue played: a bundled sound's base name (`start`, `rest`, `beep`, `swim`, …) or a
    /// spoken cue's kind (`name`, `next`, `halfway`, `lastRound`, `count`, `warmUp`, `coolDown`).
    var cue: String?
    /// On `cue`: what a `name` or `next` cue names, or the number a `count` says.
    var text: String?
    /// The segment's or leg's position (from 0).
    var index: Int?
    /// The segment's kind (`prepare`, `work`, `rest`, …).
    var kind: String?
    /// The segment's exercise name, or the leg's label (`Swim`, `T1`, `Interval 2`).
    var label: String?
    /// The segment's round (from 1).
    var round: Int?
    /// The rounds of the segment's exercise; on `finish`, the work segments started.
    var rounds: Int?
    /// The segment's exercise (from 1).
    var exercise: Int?
    /// How many exercises the workout has; on `finish`, how many were started.
    var exercises: Int?
    /// The segment's set of a circuit (from 1); absent in a workout of one set.
    var set: Int?
    /// How many sets the circuit has; absent in a workout of one set.
    var sets: Int?
    /// The leg's or segment's sport (HealthKit names: `swimming`, `cycling`, …).
    var sport: String?
    /// A timed segment's length in seconds.
    var durationSeconds: Double?
    /// On `time`: the seconds added to the segment (negative: taken).
    var amountSeconds: Double?
    /// Seconds spent in work segments (sport legs in a multisport session).
    var workoutSeconds: Double?
    /// Seconds from the warm-up or the first work (a multisport session: the start) to the
    /// finish, pauses excluded.
    var totalSeconds: Double?
    /// Seconds paused.
    var pausedSeconds: Double?
    /// The calorie estimate in kcal, unrounded; absent when no weight is set.
    var kcal: Double?
    /// On `cue`: `true` when the cue was not played (muted); on `mute`: the new state.
    var muted: Bool?
    /// On `quit`: the signal that ended the run.
    var signal: Int32?
    /// A sentence for people (a refusal, why nothing was recorded).
    var message: String?
    /// On `saved`: the session's id in history (a UUID).
    var id: String?
    /// Multisport: the leg a lap belongs to (0-based position).
    var leg: Int?
    /// Multisport: a lap's number within its leg (from 1).
    var number: Int?
    /// Multisport finish: the legs as recorded.
    var legs: [LegRecord]?
    /// `gps`: the fix of a report (`3d`, `2d`, `none`), its loss and return (`lost`: nothing
    /// good enough for 5 s; `found`), or the connection (`connected`, `nogpsd`, `gpsdlost`).
    var fix: String?
    /// `gps`: the horizontal error of the last fix gpsd gave, metres (absent when not given).
    var errorMeters: Double?
    /// `gps`: the verdict on the fix just read (`accepted`, or why it was dropped:
    /// `noPosition`, `inaccurate`, `jump`, `notNewer`); absent when no leg records a track.
    var verdict: String?
    /// `gps`: the fixes the current leg's track accepted so far.
    var accepted: Int?
    /// `gps`: the fixes the current leg's track dropped so far.
    var dropped: Int?
    /// `gps`: the current leg's distance from its accepted fixes, metres; on an auto-`lap`,
    /// the distance at the lap's end.
    var distanceMeters: Double?
    /// `gps`: the current pace (or speed) window's speed, metres per second, when known.
    var speedMetersPerSecond: Double?

    /// Seconds are written to the microsecond: enough for timing, readable for people.
    static func seconds(_ value: Double) -> Double { (value * 1e6).rounded() / 1e6 }
}

/// Writes ``EventLine``s: sorted keys, seconds rounded to the microsecond.
struct EventLineWriter {
    /// Writes one line (without its newline) to stdout and flushes it.
    let output: (String) -> Void
    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// - Parameter output: writes one line (without its newline) to stdout and flushes it.
    init(output: @escaping (String) -> Void) {
        self.output = output
    }

    /// `{"event": "mute", "muted": …}`: the cues were turned on or off; with `message` when
    /// unmuting found that they cannot sound (`offReason`).
    func emitMute(_ muted: Bool, offReason: String? = nil, at now: Duration) {
        var line = EventLine(event: "mute", t: now.inSeconds)
        line.muted = muted
        line.message = offReason.map { "cues off: \($0)" }
        emit(line)
    }

    /// `{"event": "quit"}` (with `signal` when a signal ended the run); nothing for a finish,
    /// whose own lines follow.
    func emitEnding<Outcome>(_ ending: RunEnding<Outcome>, at now: Duration) {
        var line = EventLine(event: "quit", t: now.inSeconds)
        switch ending {
        case .finished: return
        case .quit: break
        case let .signal(number): line.signal = number
        }
        emit(line)
    }

    /// Encodes and writes `line`.
    func emit(_ line: EventLine) {
        var line = line
        line.t = EventLine.seconds(line.t)
        line.due = line.due.map(EventLine.seconds)
        guard let data = try? encoder.encode(line) else { return }
        output(String(decoding: data, as: UTF8.self))
    }
}

/// Splits standard input into command lines, however the bytes arrive; at end of input a
/// last line without its newline still counts.
struct CommandLineReader {
    private var pending: [UInt8] = []

    /// The whole lines in `bytes` (and what was pending), trimmed, empty ones dropped;
    /// `nil` bytes (end of input) flush the last partial line.
    mutating func lines(from bytes: [UInt8]?) -> [String] {
        var raw: [[UInt8]] = []
        if let bytes {
            pending += bytes
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                raw.append(Array(pending[..<newline]))
                pending.removeSubrange(...newline)
            }
        } else if !pending.isEmpty {
            raw.append(pending)
            pending = []
        }
        return raw.map { String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { !$0.isEmpty }
    }
}
