import WorkoutModel

/// A plan compiled into the ordered segments a ``Session`` runs (DESIGN §2).
///
/// An interval workout becomes: prepare (when `prepareSeconds > 0`), warm-up (when set), then
/// for each set the exercises, each `work, rest, work, …, work` (the rest after the final round
/// is not run; a rest of 0 s is never a segment), with a rest between two exercises of a set
/// (the exercise's own rest after it, else the workout's; never after the last exercise of a
/// set), a rest between sets after each set but the last, then the cool-down (when set).
public struct Program: Equatable, Sendable {
    /// The plan's name, as shown and recorded.
    public var name: String
    /// The segments in order; never contains a zero-length segment.
    public var segments: [Segment]

    /// Creates a program from segments already built. Zero-length timed segments are removed.
    /// - Parameters:
    ///   - name: the plan's name.
    ///   - segments: the segments in order.
    public init(name: String, segments: [Segment]) {
        self.name = name
        self.segments = segments.filter { $0.duration != .zero }
    }

    /// Compiles an interval workout. Labels: "Prepare", "Warm up", the exercise's name for its
    /// work and rest, "Rest" between exercises, "Rest between sets", "Cool down". Rounds and
    /// exercises are numbered within a set; `set`/`sets` are set on the segments of a
    /// workout of several sets (the rest between sets carries the set just finished).
    ///
    /// Cues (#16, `cues`): a work segment starts with the exercise's name on its first round
    /// (names on), "Last round" on the last of two or more (lastRound on), "Start" otherwise;
    /// "Half way" in long work (halfway on); "Next: …" names the coming exercise in the
    /// segment before it — the prepare countdown or warm-up before the first, the rest between
    /// exercises, the rest between sets — but not in a rest between two rounds of one exercise
    /// (next on); every timed segment counts down as `countdown` says.
    /// - Parameters:
    ///   - workout: a workout that passed `validate()` (not re-checked here).
    ///   - prepareSeconds: overrides the workout's prepare countdown (seconds; 0 turns it off).
    ///   - cues: overrides the workout's ``IntervalWorkout/cues`` (`hiit run --cues`).
    public init(_ workout: IntervalWorkout, prepareSeconds: Int? = nil, cues: CueSettings? = nil) {
        let settings = cues ?? workout.cues
        var segments: [Segment] = []
        let first = workout.exercises.first?.name
        func plain(_ kind: Segment.Kind, next: String? = nil) -> SegmentCues {
            var cues = SegmentCues(kind: kind)
            cues.countdown = settings.countdown
            if settings.next { cues.next = next }
            return cues
        }
        let prepare = prepareSeconds ?? workout.prepareSeconds
        let hasWarmUp = (workout.warmUpSeconds ?? 0) > 0
        if prepare > 0 {
            segments.append(Segment(kind: .prepare, label: "Prepare", duration: .seconds(prepare),
                                    cues: plain(.prepare, next: hasWarmUp ? nil : first)))
        }
        if let warmUp = workout.warmUpSeconds {
            segments.append(Segment(kind: .warmUp, label: "Warm up", duration: .seconds(warmUp),
                                    cues: plain(.warmUp, next: first)))
        }
        let exerciseCount = workout.exercises.count
        let setCount = max(workout.sets, 1)
        for set in 1...setCount {
            let (setNumber, sets) = setCount > 1 ? (Optional(set), Optional(setCount)) : (nil, nil)
            for (index, exercise) in workout.exercises.enumerated() {
                let rounds = max(exercise.rounds, 1)
                for round in 1...rounds {
                    var work = plain(.work)
                    work.halfway = settings.halfway
                    if round == 1, settings.names {
                        work.start = .name(exercise.name)
                    } else if round == rounds, rounds > 1, settings.lastRound {
                        work.start = .lastRound
                    }
                    segments.append(Segment(
                        kind: .work, label: exercise.name, round: round, rounds: exercise.rounds,
                        exercise: index + 1, exercises: exerciseCount, set: setNumber, sets: sets,
                        duration: .seconds(exercise.workSeconds), cues: work))
                    if round < exercise.rounds {
                        segments.append(Segment(
                            kind: .rest, label: exercise.name, round: round, rounds: exercise.rounds,
                            exercise: index + 1, exercises: exerciseCount, set: setNumber, sets: sets,
                            duration: .seconds(exercise.restSeconds), cues: plain(.rest)))
                    }
                }
                if index < exerciseCount - 1 {
                    segments.append(Segment(
                        kind: .restBetweenExercises, label: "Rest", exercise: index + 1,
                        exercises: exerciseCount, set: setNumber, sets: sets,
                        duration: .seconds(workout.restAfterExercise(at: index)),
                        cues: plain(.restBetweenExercises, next: workout.exercises[index + 1].name)))
                }
            }
            if set < setCount {
                segments.append(Segment(
                    kind: .restBetweenSets, label: "Rest between sets", set: set, sets: setCount,
                    duration: .seconds(workout.effectiveRestBetweenSetsSeconds),
                    cues: plain(.restBetweenSets, next: first)))
            }
        }
        if let coolDown = workout.coolDownSeconds {
            segments.append(Segment(kind: .coolDown, label: "Cool down", duration: .seconds(coolDown),
                                    cues: plain(.coolDown)))
        }
        self.init(name: workout.name, segments: segments)
    }

    /// Every cue the program can sound, each once, segment by segment (within one: its start
    /// cue, its countdown, "Half way", "Next"), the final "Congratulations!" last: what a voice must synthesise before the first segment
    /// (a segment's schedule may change as time is added, never the cues in it, except the
    /// countdown and "Half way", which are always listed when the segment could have them).
    public var cues: [Cue] {
        var seen = Set<Cue>()
        var list: [Cue] = []
        func add(_ cue: Cue) { if seen.insert(cue).inserted { list.append(cue) } }
        for segment in segments {
            if let start = segment.cues.start { add(start) }
            if segment.duration != nil {
                switch segment.cues.countdown {
                case .beeps: add(.beep)
                case .words: [3, 2, 1].forEach { add(.count($0)) }
                case .off: break
                }
                if segment.cues.halfway, segment.kind == .work { add(.halfway) }
            }
            if let next = segment.cues.next { add(.next(next)) }
        }
        add(.congratulations)
        return list
    }

    /// Estimated time: the sum of timed segments other than prepare; open segments count 0.
    /// Equals `IntervalWorkout.estimatedSeconds` for a compiled interval workout.
    public var estimatedDuration: Duration {
        segments.reduce(.zero) { sum, segment in
            segment.kind == .prepare ? sum : sum + (segment.duration ?? .zero)
        }
    }

    /// Planned start of each segment from the program's start, or `nil` after an open segment
    /// (whose end is not known in advance). Same count as ``segments``.
    public var plannedStarts: [Duration?] {
        var starts: [Duration?] = []
        var clock: Duration? = .zero
        for segment in segments {
            starts.append(clock)
            if let c = clock, let d = segment.duration { clock = c + d } else { clock = nil }
        }
        return starts
    }
}

extension Duration {
    /// The duration in seconds as a `Double` (attosecond precision folded in).
    public var inSeconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
