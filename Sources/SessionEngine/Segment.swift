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
    public init(kind: Kind, label: String, round: Int? = nil, rounds: Int? = nil,
                exercise: Int? = nil, exercises: Int? = nil, set: Int? = nil, sets: Int? = nil,
                sport: String? = nil, duration: Duration?) {
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

    /// The voice cue played when the segment starts: "Start" for work, "Rest" for the three
    /// rests (between rounds, exercises and sets), none for the others (DESIGN §2). Warm-up
    /// and cool-down have no sound yet: see ``announcement``.
    public var startCue: Cue? {
        switch kind {
        case .work: return .start
        case .rest, .restBetweenExercises, .restBetweenSets: return .rest
        case .prepare, .leg, .transition, .coolDown, .warmUp: return nil
        }
    }

    /// What a voice should say when the segment starts where no ``Cue`` sound exists yet:
    /// "Warm up" and "Cool down" (#16); `nil` for the others. The hook for speech: nothing
    /// plays it today (there is no WAV for it), so these segments start silently and get
    /// their 3-2-1 beeps as every timed segment does.
    public var announcement: String? {
        switch kind {
        case .warmUp: "Warm up"
        case .coolDown: "Cool down"
        case .prepare, .work, .rest, .restBetweenExercises, .restBetweenSets, .leg, .transition: nil
        }
    }

    /// The cues of this segment as offsets from its start, in order: the start cue at 0, then a
    /// beep at 3, 2 and 1 s before a timed segment ends. A beep that would fall at or before
    /// the start (segments of 3 s or less) is left out, so it never doubles the start cue.
    public var cueSchedule: [(offset: Duration, cue: Cue)] {
        var schedule: [(offset: Duration, cue: Cue)] = []
        if let cue = startCue { schedule.append((.zero, cue)) }
        if let duration {
            for before in [3, 2, 1] {
                let offset = duration - .seconds(before)
                if offset > .zero { schedule.append((offset, .beep)) }
            }
        }
        return schedule
    }
}
