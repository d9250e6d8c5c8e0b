import WorkoutModel

/// One step of a compiled ``Program``: a phase with its labels and its end condition.
public struct Segment: Equatable, Sendable {
    /// What the segment is. Raw values are the `kind` strings of `hiit show --json` (DESIGN §6).
    public enum Kind: String, Codable, Sendable, CaseIterable {
        /// The countdown before the first work segment.
        case prepare
        /// Work of one round of an exercise.
        case work
        /// Rest between two rounds of an exercise.
        case rest
        /// Rest between two exercises.
        case restBetweenExercises
        /// A leg of a sport in a multisport session.
        case leg
        /// A transition (T1, T2) between two legs.
        case transition
        /// A cool-down after the last work segment.
        case coolDown
        /// A warm-up before the first work segment (after the prepare countdown).
        case warmUp
        /// Rest between two sets of a circuit (never after the last set).
        case restBetweenSets
    }

    /// The phase.
    public var kind: Kind
    /// What the screen names: the exercise for work and rest, "Prepare", "Rest", the sport.
    public var label: String
    /// 1-based round within the exercise (work and rest only).
    public var round: Int?
    /// Rounds of the exercise (work and rest only).
    public var rounds: Int?
    /// 1-based exercise number (work, rest, and the exercise just finished for a rest between exercises).
    public var exercise: Int?
    /// Number of exercises in the workout (in one set).
    public var exercises: Int?
    /// 1-based set of a circuit (work, rest and rest between exercises of that set; the set just
    /// finished for a rest between sets); `nil` when the workout has one set.
    public var set: Int?
    /// Sets of the circuit; `nil` when the workout has one set.
    public var sets: Int?
    /// HealthKit sport name for legs and transitions (`running`, `transition`, …).
    public var sport: String?
    /// The segment's length; `nil` for an open segment that ends when the user advances.
    public var duration: Duration?

    /// Creates a segment; see the properties.
    /// - Parameter cues: what it says; `nil` (the default) for the standard cues of `kind`.
    public init(kind: Kind, label: String, round: Int? = nil, rounds: Int? = nil,
                exercise: Int? = nil, exercises: Int? = nil, set: Int? = nil, sets: Int? = nil,
                sport: String? = nil, duration: Duration?, cues: SegmentCues? = nil) {
        self.cues = cues ?? SegmentCues(kind: kind)
        self.kind = kind
        self.label = label
        self.round = round
        self.rounds = rounds
        self.exercise = exercise
        self.exercises = exercises
        self.set = set
        self.sets = sets
        self.sport = sport
        self.duration = duration
    }

    /// What the segment says: its start cue, its countdown, "Half way", "Next: …". The
    /// segment's kind gives the standard ones (``SegmentCues/init(kind:)``); a compiled
    /// workout sets them from its ``CueSettings`` (``Program/init(_:prepareSeconds:cues:)``).
    public var cues: SegmentCues

    /// The cues of this segment as offsets from its start, in order, with the spoken lengths
    /// of `lengths` (see ``SegmentCues/schedule(duration:kind:lengths:)``).
    /// - Parameter lengths: how long each cue sounds; the estimate when not known.
    public func cueSchedule(lengths: CueLengths = .estimated) -> [(offset: Duration, cue: Cue)] {
        cues.schedule(duration: duration, kind: kind, lengths: lengths)
    }

    /// ``cueSchedule(lengths:)`` with the estimated lengths.
    public var cueSchedule: [(offset: Duration, cue: Cue)] { cueSchedule() }
}

/// What one segment says and when (#16): a start cue at 0, the countdown at 3, 2 and 1 s before
/// a timed segment ends, "Half way" in the middle of a long work segment, and "Next: …" so that
/// it ends just before the countdown, never over a beep.
public struct SegmentCues: Equatable, Sendable {
    /// Played when the segment starts: "Start", a name, "Last round", "Rest", "Warm up"…;
    /// `nil` for none (the prepare countdown, legs).
    public var start: Cue?
    /// The last three seconds: beeps, words or nothing.
    public var countdown: CueSettings.Countdown
    /// Whether a work segment of ``CueSettings/halfwayMinimumSeconds`` or more says "Half way"
    /// at its middle (its length as it runs, after `+`/`-`).
    public var halfway: Bool
    /// The exercise "Next: …" announces in this segment, `nil` for none.
    public var next: String?

    /// The quiet between two cues of a segment: 0.25 s, so "Next: …" neither runs into the
    /// start cue nor into the first beep.
    public static let gap: Duration = .milliseconds(250)

    /// The standard cues of a segment of `kind` (DESIGN §2): "Start" for work, "Rest" for the
    /// three rests, "Warm up" and "Cool down", nothing for the prepare countdown, legs and
    /// transitions; beeps; no "Half way", no "Next".
    /// - Parameter kind: the segment's kind.
    public init(kind: Segment.Kind) {
        switch kind {
        case .work: start = .start
        case .rest, .restBetweenExercises, .restBetweenSets: start = .rest
        case .warmUp: start = .warmUp
        case .coolDown: start = .coolDown
        case .prepare, .leg, .transition: start = nil
        }
        countdown = .beeps
        halfway = false
        next = nil
    }

    /// Creates cues; see the properties.
    public init(start: Cue?, countdown: CueSettings.Countdown = .beeps, halfway: Bool = false, next: String? = nil) {
        self.start = start
        self.countdown = countdown
        self.halfway = halfway
        self.next = next
    }

    /// The cues as offsets from the segment's start, in time order:
    /// - ``start`` at 0;
    /// - the countdown (a beep, or the number as a word) at 3, 2 and 1 s before the end of a
    ///   timed segment; one that would fall at or before the start (segments of 3 s or less)
    ///   is left out, so it never doubles the start cue;
    /// - "Half way" at half the length of a work segment of 30 s or more (22.5 s of 45 s);
    /// - "Next: …" starting so that it ends ``gap`` before the first countdown cue (or the
    ///   end), and only when it can also start ``gap`` after the start cue has ended: when the
    ///   rest is too short for it, it is left out rather than said over a beep.
    ///
    /// - Parameters:
    ///   - duration: the segment's length as it runs; `nil` for an open segment (start cue only).
    ///   - kind: the segment's kind ("Half way" is for work only).
    ///   - lengths: how long each cue sounds.
    public func schedule(duration: Duration?, kind: Segment.Kind, lengths: CueLengths) -> [(offset: Duration, cue: Cue)] {
        var schedule: [(offset: Duration, cue: Cue)] = []
        if let start { schedule.append((.zero, start)) }
        guard let duration else { return schedule }
        var countdownStart = duration
        if countdown != .off {
            for before in [3, 2, 1] {
                let offset = duration - .seconds(before)
                guard offset > .zero else { continue }
                schedule.append((offset, countdown == .beeps ? .beep : .count(before)))
                countdownStart = min(countdownStart, offset)
            }
        }
        if halfway, kind == .work, duration >= .seconds(CueSettings.halfwayMinimumSeconds) {
            schedule.append((duration / 2, .halfway))
        }
        if let next {
            let cue = Cue.next(next)
            let earliest = start.map { lengths.length(of: $0) + Self.gap } ?? .zero
            let latest = countdownStart - Self.gap - lengths.length(of: cue)
            if latest >= earliest { schedule.append((latest, cue)) }
        }
        // Stable: cues at one offset keep the order above.
        return schedule.enumerated().sorted { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }.map(\.element)
    }
}

/// How long each cue sounds, for placing "Next: …" (#16): the lengths of the sounds actually
/// loaded or synthesised, else an estimate.
public struct CueLengths: Equatable, Sendable {
    /// Lengths known exactly (seconds of sound after trimming), by cue.
    public var known: [Cue: Duration]

    /// No known lengths: every cue is estimated.
    public static let estimated = CueLengths(known: [:])

    /// Creates lengths from the sounds' real lengths.
    /// - Parameter known: the length of each cue's sound.
    public init(known: [Cue: Duration]) {
        self.known = known
    }

    /// The length of `cue`: the known one, else an estimate of 0.3 s plus 70 ms per character
    /// of its kind and text (English at espeak-ng's 150 words a minute says about 14
    /// characters a second); a beep 0.15 s, as the bundled one.
    /// - Parameter cue: any cue.
    public func length(of cue: Cue) -> Duration {
        if let length = known[cue] { return length }
        if cue == .beep { return .milliseconds(150) }
        let characters = cue.kind.count + (cue.detail?.count ?? 0)
        return .milliseconds(300 + 70 * characters)
    }
}
