import Foundation
import WorkoutModel

/// What a running timer publishes about itself in `state.json` (issue #17, DESIGN §9): the
/// segment it is in, when that segment ends as a wall-clock instant, whether it is paused, and
/// which process runs it. Readers (`hiit status`, a status bar) compute the remaining time
/// from ``endsAt`` themselves, so they never drift and never stop while nobody looks.
///
/// A timed segment that is running has ``endsAt``; paused, it has ``remainingSeconds``
/// instead. An open segment (a multisport leg, the time between legs) that is running has
/// ``startedAt`` (its timer started then, pauses taken out); paused, ``elapsedSeconds``.
///
/// The file is one JSON object with sorted keys and a `version`:
/// ```
/// {"durationSeconds":20,"endsAt":"2026-12-03T20:41:12.250Z","isPaused":false,"kind":"intervals",
///  "label":"Burpees","phase":"work","pid":4242,"round":3,"rounds":8,"title":"WORK",
///  "updatedAt":"2026-12-03T20:41:00.250Z","version":1,"workout":"Tabata"}
/// ```
/// Instants are ISO 8601 in UTC with milliseconds. New optional fields do not change the
/// version; a newer version than ``currentVersion`` is refused (``RunStateError/newerVersion(_:)``).
public struct RunState: Codable, Equatable, Sendable {
    /// The version this program writes and reads: 1.
    public static let currentVersion = 1

    /// Which engine runs.
    public enum Kind: String, Codable, Sendable {
        /// An interval workout (`hiit run Tabata`).
        case intervals
        /// A multisport plan, a free-form multisport or single-sport interval session, a track.
        case multisport
    }

    /// The file's schema version (``currentVersion`` when written by this program).
    public var version: Int
    /// The process running the timer; a reader that finds no such process (`kill(pid, 0)`
    /// failing with `ESRCH`) treats the file as stale: the timer is idle.
    public var pid: Int32
    /// The workout's or plan's name.
    public var workout: String
    /// Interval workout or multisport session.
    public var kind: Kind
    /// The machine word of the phase: a segment kind of an interval workout (`prepare`, `work`,
    /// `rest`, `restBetweenExercises`, `warmUp`, `coolDown`, `restBetweenSets`), or for a
    /// multisport session the leg's sport (`swimming`, `cycling`, `running`, `transition`, …),
    /// `between` between legs, `prepare` for the countdown before the first leg, `ready` before
    /// it starts.
    public var phase: String
    /// The phase as people read it, upper case: `WORK`, `REST`, `BIKE`, `T1`.
    public var title: String
    /// The exercise (or leg) label, if any: `Burpees`.
    public var label: String?
    /// The round (or leg) number, from 1, if any.
    public var round: Int?
    /// How many rounds (or legs), if known.
    public var rounds: Int?
    /// Whether the timer is paused.
    public var isPaused: Bool
    /// A timed segment's length in seconds (after any time added with `+`/`-`), if timed.
    public var durationSeconds: Double?
    /// When a running timed segment ends (wall clock); `nil` when paused or open.
    public var endsAt: Date?
    /// What a paused timed segment has left, in seconds; `nil` otherwise.
    public var remainingSeconds: Double?
    /// When a running open segment's timer started (wall clock, pauses taken out); `nil`
    /// when paused or timed.
    public var startedAt: Date?
    /// A paused open segment's timer time, in seconds; `nil` otherwise.
    public var elapsedSeconds: Double?
    /// When the timer wrote this state (wall clock).
    public var updatedAt: Date

    /// Creates a state; ``version`` is ``currentVersion``.
    public init(pid: Int32, workout: String, kind: Kind, phase: String, title: String, label: String? = nil,
                round: Int? = nil, rounds: Int? = nil, isPaused: Bool, durationSeconds: Double? = nil, endsAt: Date? = nil,
                remainingSeconds: Double? = nil, startedAt: Date? = nil, elapsedSeconds: Double? = nil,
                updatedAt: Date) {
        self.version = Self.currentVersion
        self.pid = pid
        self.workout = workout
        self.kind = kind
        self.phase = phase
        self.title = title
        self.label = label
        self.round = round
        self.rounds = rounds
        self.isPaused = isPaused
        self.durationSeconds = durationSeconds
        self.endsAt = endsAt
        self.remainingSeconds = remainingSeconds
        self.startedAt = startedAt
        self.elapsedSeconds = elapsedSeconds
        self.updatedAt = updatedAt
    }

    // MARK: Reading the time

    /// Whether the segment is timed (counts down) rather than open (counts up).
    public var isTimed: Bool { endsAt != nil || remainingSeconds != nil }

    /// What the timed segment has left at `now`, in seconds, never below 0; `nil` for an open
    /// segment.
    /// - Parameter now: the reader's wall-clock time.
    public func remaining(at now: Date) -> Double? {
        if let remainingSeconds { return max(remainingSeconds, 0) }
        if let endsAt { return max(endsAt.timeIntervalSince(now), 0) }
        return nil
    }

    /// The open segment's timer time at `now`, in seconds, never below 0; `nil` for a timed one.
    /// - Parameter now: the reader's wall-clock time.
    public func elapsed(at now: Date) -> Double? {
        if let elapsedSeconds { return max(elapsedSeconds, 0) }
        if let startedAt { return max(now.timeIntervalSince(startedAt), 0) }
        return nil
    }

    /// The share of a timed segment done at `now`, 0…1; `nil` for an open segment or one of no
    /// length.
    /// - Parameter now: the reader's wall-clock time.
    public func fractionDone(at now: Date) -> Double? {
        guard let duration = durationSeconds, duration > 0, let left = remaining(at: now) else { return nil }
        return min(max(1 - left / duration, 0), 1)
    }

    // MARK: Encoding

    /// The file's bytes: one JSON object, keys sorted, instants as ISO 8601 UTC with
    /// milliseconds, ending with a newline.
    public func jsonData() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(RunState.instantText(date))
        }
        // A struct of strings, numbers, Booleans and dates always encodes.
        return ((try? encoder.encode(self)) ?? Data("{}".utf8)) + Data("\n".utf8)
    }

    /// Decodes the file's bytes.
    /// - Parameter data: the bytes of `state.json`.
    /// - Throws: ``RunStateError/malformed(_:)`` for bytes that are not such an object (a field
    ///   missing or of the wrong type, an instant that is not ISO 8601), and
    ///   ``RunStateError/newerVersion(_:)`` for a version above ``currentVersion``.
    public init(data: Data) throws(RunStateError) {
        struct Version: Decodable { var version: Int }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = RunState.instant(text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is not an ISO 8601 instant")
            }
            return date
        }
        let version: Int
        do {
            version = try decoder.decode(Version.self, from: data).version
        } catch {
            throw .malformed("no version: \(Self.reason(error))")
        }
        guard version <= Self.currentVersion else { throw .newerVersion(version) }
        do {
            self = try decoder.decode(RunState.self, from: data)
        } catch {
            throw .malformed(Self.reason(error))
        }
    }

    /// `2026-12-03T20:41:12.250Z`: an instant in UTC with milliseconds.
    /// Written by ``UTCInstant``, without the ICU time zone data `Date.ISO8601FormatStyle`
    /// loads at its first use: a timer writes this file from its first second.
    public static func instantText(_ date: Date) -> String {
        UTCInstant.text(date, milliseconds: true)
    }

    /// The instant of ISO 8601 text with or without fractional seconds, or `nil`: UTC text as
    /// ``instantText(_:)`` writes it, else whatever `Date.ISO8601FormatStyle` reads (an offset
    /// such as `+01:00` in a file written by hand).
    static func instant(_ text: String) -> Date? {
        UTCInstant.date(from: text)
            ?? (try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text))
            ?? (try? Date.ISO8601FormatStyle().parse(text))
    }

    /// What was wrong with the JSON, in a few words.
    private static func reason(_ error: any Error) -> String {
        switch error {
        case let DecodingError.keyNotFound(key, _): "the field '\(key.stringValue)' is missing"
        case let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context):
            "the field '\(context.codingPath.map(\.stringValue).joined(separator: "."))' has the wrong type"
        case let DecodingError.dataCorrupted(context):
            context.codingPath.isEmpty ? "not JSON" : context.debugDescription
        default: "\(error)"
        }
    }
}

/// Why `state.json` could not be read.
public enum RunStateError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The bytes are not a state object; the reason in a few words.
    case malformed(String)
    /// Written by a newer `hiit` (its version number).
    case newerVersion(Int)

    /// `not a timer state: the field 'pid' is missing`, `written by a newer hiit (version 2)`.
    public var description: String {
        switch self {
        case let .malformed(reason): "not a timer state: \(reason)"
        case let .newerVersion(version): "written by a newer hiit (version \(version); this one reads \(RunState.currentVersion))"
        }
    }
}
