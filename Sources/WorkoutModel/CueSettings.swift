/// Which spoken cues a workout gives, beyond "Start", "Rest" and "Congratulations!" (#16).
///
/// Stored in an interval workout's JSON as an optional `cues` object, every key optional:
/// ```json
/// "cues": {"names": true, "next": true, "halfway": true, "lastRound": true, "countdown": "beeps"}
/// ```
/// A missing key (or a missing object) takes the default: names, next, halfway and last round
/// on, the countdown in beeps. The field changes only what is said, never the workout, so it is read in
/// any schema version and an older program that ignores it runs the same workout.
public struct CueSettings: Codable, Equatable, Hashable, Sendable {
    /// How the last three seconds of a timed segment are counted.
    public enum Countdown: String, Codable, CaseIterable, Sendable {
        /// A beep at 3, 2 and 1 s before the end (the default, and DESIGN §2's rule).
        case beeps
        /// "Three", "two", "one" spoken at the same instants.
        case words
        /// No countdown.
        case off
    }

    /// Speak the exercise's name when its first round's work starts (in place of "Start").
    public var names: Bool
    /// Say "Next: …" a few seconds before a rest or the prepare countdown ends, when the next
    /// work is another exercise.
    public var next: Bool
    /// Say "Half way" in the middle of a work segment of ``halfwayMinimumSeconds`` or more.
    public var halfway: Bool
    /// Say "Last round" (in place of "Start") when the last round of an exercise of two or more
    /// rounds starts.
    public var lastRound: Bool
    /// The 3-2-1 countdown: beeps, words or none.
    public var countdown: Countdown

    /// Work segments this long (seconds) or longer get the "Half way" cue: 30 s (#16).
    public static let halfwayMinimumSeconds = 30

    /// Every cue on, the countdown in beeps: what a workout without a `cues` object gets.
    public static let standard = CueSettings()

    /// Only the cues of DESIGN §2 — "Start", "Rest", the beeps, "Congratulations!" (and "Warm
    /// up"/"Cool down", which only a voice says): `--cues names=off,next=off,halfway=off,lastRound=off`.
    public static let classic = CueSettings(names: false, next: false, halfway: false, lastRound: false)

    /// Creates settings; the defaults are ``standard``.
    public init(names: Bool = true, next: Bool = true, halfway: Bool = true, lastRound: Bool = true,
                countdown: Countdown = .beeps) {
        self.names = names
        self.next = next
        self.halfway = halfway
        self.lastRound = lastRound
        self.countdown = countdown
    }

    /// Whether these are the defaults (a workout with them writes no `cues` object).
    public var isStandard: Bool { self == .standard }

    /// The settings written `KEY=VALUE[,KEY=VALUE…]`, the one spelling of `--cues` for
    /// `hiit run`, `hiit new` and `hiit edit`: `names`, `next`, `halfway` and `lastRound` take `on`/`off`
    /// (also `yes`/`no`, `true`/`false`), `countdown` takes `beeps`, `words` or `off`. Keys
    /// not given keep their value in `self`; a key given twice takes the last value.
    ///
    /// - Parameter text: e.g. `names=off,countdown=words`.
    /// - Returns: `self` with the keys given changed.
    /// - Throws: ``PlanError/invalidCueSetting(_:reason:)`` naming the piece that is not
    ///   `KEY=VALUE`, an unknown key or a value the key does not take.
    public func applying(_ text: String) throws(PlanError) -> CueSettings {
        var settings = self
        let pieces = text.split(separator: ",", omittingEmptySubsequences: false)
        for piece in pieces {
            let parts = piece.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = parts[0].trimmingSpaces.lowercased()
            guard parts.count == 2 else {
                throw .invalidCueSetting(String(piece), reason: "expected KEY=VALUE (keys: names, next, halfway, lastRound, countdown)")
            }
            let value = parts[1].trimmingSpaces.lowercased()
            switch key {
            case "names": settings.names = try Self.switchValue(value, piece: piece)
            case "next": settings.next = try Self.switchValue(value, piece: piece)
            case "halfway": settings.halfway = try Self.switchValue(value, piece: piece)
            case "lastround": settings.lastRound = try Self.switchValue(value, piece: piece)
            case "countdown":
                guard let countdown = Countdown(rawValue: value) else {
                    throw .invalidCueSetting(String(piece), reason: "countdown is beeps, words or off")
                }
                settings.countdown = countdown
            default:
                throw .invalidCueSetting(String(piece), reason: "unknown cue \"\(key)\" (names, next, halfway, lastRound, countdown)")
            }
        }
        return settings
    }

    /// The settings in the `--cues` spelling, every key given (`names=on,next=on,…`): what
    /// `hiit show` prints and ``applying(_:)`` reads back.
    public var spelled: String {
        func onOff(_ value: Bool) -> String { value ? "on" : "off" }
        return "names=\(onOff(names)),next=\(onOff(next)),halfway=\(onOff(halfway)),lastRound=\(onOff(lastRound)),"
            + "countdown=\(countdown.rawValue)"
    }

    private static func switchValue(_ value: String, piece: Substring) throws(PlanError) -> Bool {
        switch value {
        case "on", "yes", "true": return true
        case "off", "no", "false": return false
        default: throw .invalidCueSetting(String(piece), reason: "expected on or off")
        }
    }

    // MARK: Codable

    private enum CodingKeys: String, CodingKey {
        case names, next, halfway, lastRound, countdown
    }

    /// Decodes a `cues` object; a missing key takes its default.
    /// - Throws: `DecodingError` when a key has the wrong type or `countdown` is not
    ///   `beeps`, `words` or `off`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        names = try container.decodeIfPresent(Bool.self, forKey: .names) ?? true
        next = try container.decodeIfPresent(Bool.self, forKey: .next) ?? true
        halfway = try container.decodeIfPresent(Bool.self, forKey: .halfway) ?? true
        lastRound = try container.decodeIfPresent(Bool.self, forKey: .lastRound) ?? true
        countdown = try container.decodeIfPresent(Countdown.self, forKey: .countdown) ?? .beeps
    }
}

private extension Substring {
    var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
