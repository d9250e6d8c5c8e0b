import WorkoutModel

/// A running workout as a pure state machine (DESIGN §2, CONVENTIONS "The engine").
///
/// Instants are monotonic `Duration`s since an origin chosen by the caller (the run loop uses
/// `ContinuousClock` instants minus its start). The session never reads a clock: every event
/// comes with the instant it happened, and the caller asks ``nextDeadline`` when to call
/// `handle(.tick, at:)` next. Remaining time is always `deadline − now`; nothing is counted
/// per tick, so pauses and stalls never lose or add time.
///
/// Cue rules: the cues of a segment (its start cue, "Half way", "Next: …", the 3-2-1 count)
/// fire once, in order, at their scheduled instants (shifted by pauses); after a time change the
/// count follows the new end, and a spoken cue already said is not said again. A cue more than ``lateCueTolerance`` behind its
/// schedule when the session learns of it is dropped (after a stall the session catches up
/// silently). Skipping a segment discards its pending beeps.
///
/// Times: Workout Time is the time run in work segments; Total Time runs from the start of the
/// first warm-up or work segment (whichever comes first: the warm-up when the workout has
/// one) to completion, pauses excluded. The prepare countdown counts in neither; a warm-up,
/// the rests and a cool-down count in Total Time only.
public struct Session: Sendable {
    /// Something that happened, given to ``handle(_:at:)``.
    public enum Event: Equatable, Sendable {
        /// Start the first segment (ignored unless idle).
        case start
        /// Pause, keeping the exact remaining time (ignored unless running).
        case pause
        /// Resume from a pause with a new deadline (ignored unless paused).
        case resume
        /// End the current segment now and start the next (finish after the last).
        case skip
        /// Restart the program from its first segment, discarding what was measured.
        case reset
        /// Time passed: fire due cues and segment changes.
        case tick
        /// Complete the session now (as if the last segment ended).
        case finish
        /// Add time to the current timed segment, or take it (a negative amount): `+` and `-`
        /// add and take 10 s (#16). Never below what the segment has run (taking more ends it
        /// now) nor above ``Session/longestSegment``; an open segment is not changed.
        case addTime(Duration)
        /// Back to the start of the current segment; when it has run less than
        /// ``Session/backToPreviousWithin``, to the start of the previous one (so a quick
        /// second press goes one further back, as in a music player). Its cues sound again.
        case back
    }

    /// Something the caller must do: play a cue, redraw, record.
    public enum Effect: Equatable, Sendable {
        /// Segment `index` started at instant `at` (earlier than now after a stall).
        case segmentChanged(index: Int, at: Duration)
        /// Play `cue`, scheduled for instant `due` (never more than ``lateCueTolerance`` ago).
        case cue(Cue, due: Duration)
        /// The session was paused.
        case paused
        /// The session was resumed.
        case resumed
        /// Segment `index` was skipped before its end.
        case skipped(index: Int)
        /// The session was reset to its first segment.
        case reset
        /// The session completed; the summary holds what to record.
        case finished(SessionSummary)
        /// Time was added to (or taken from, a negative `amount`) segment `index`; its length
        /// is now `duration`.
        case timeAdded(index: Int, amount: Duration, duration: Duration)
        /// The run went back to the start of segment `index` (a ``segmentChanged(index:at:)``
        /// follows).
        case wentBack(index: Int)
    }

    /// Where the session is.
    public enum Phase: Sendable, Equatable {
        /// Not started yet.
        case idle
        /// A segment is running.
        case running
        /// Paused in a segment.
        case paused
        /// Completed; further events are ignored.
        case finished
    }

    /// A cue this far behind schedule or more is dropped, not played: 0.5 s (DESIGN §2).
    public static let lateCueTolerance: Duration = .milliseconds(500)

    /// The program being run.
    public let program: Program
    /// How long each cue sounds, for placing "Next: …" (the voice's real lengths when known).
    public let cueLengths: CueLengths
    /// Current phase.
    public private(set) var phase: Phase = .idle
    /// Index of the current segment in `program.segments` (0 while idle).
    public private(set) var currentIndex = 0

    /// Virtual start of the current segment: elapsed in segment = now − segmentStart while running.
    private var segmentStart: Duration = .zero
    /// Elapsed in the current segment, frozen while paused.
    private var frozenElapsed: Duration = .zero
    /// Index into the current segment's cue schedule of the next cue not yet fired or dropped.
    private var nextCue = 0
    /// The cues of the current segment's visit already fired or dropped, but the countdown: a
    /// name, "Half way" or "Next" moved by a time change is never said twice.
    private var sounded: Set<Cue> = []
    /// The cue schedule of the segment last advanced through, with that segment as it was then
    /// (its length included): reused while the segment stays the same, since
    /// ``advance(to:effects:)`` runs at every tick and the schedule is a function of the segment.
    private var lastSchedule: (segment: Segment, cues: [(offset: Duration, cue: Cue)])?
    /// Time added to (positive) or taken from (negative) each segment's planned length by
    /// ``Event/addTime(_:)``, by index.
    private var added: [Int: Duration] = [:]
    /// The instant up to which active time has been accounted.
    private var lastMark: Duration = .zero
    private var pausedAt: Duration = .zero
    private var firstWorkStart: Duration?
    /// Where Total Time starts: the first warm-up or work segment's start.
    private var totalStart: Duration?
    private var workActive: Duration = .zero
    private var totalActive: Duration = .zero
    private var sessionActive: Duration = .zero
    private var pausedTotal: Duration = .zero
    /// Running time (pauses excluded) spent in each work segment, by segment index.
    private var workRun: [Int: Duration] = [:]
    /// The segments run since Total Time started, the last one open (its end not yet set).
    private var spans: [SegmentSpan] = []

    /// The longest a segment can be made by adding time: one hour, as the longest work or prepare.
    public static let longestSegment: Duration = .seconds(3600)

    /// A segment that has run less than this goes back to the previous one on
    /// ``Event/back``: 3 s, long enough for a second press, as the double-press window of a
    /// multisport `n`.
    public static let backToPreviousWithin: Duration = .seconds(3)

    /// The share of a work segment that must have run for its round to count: one half
    /// (a round skipped after 8 s of 20 s does not count; one skipped after 10 s does).
    public static let countedRoundShare = 0.5

    /// Creates an idle session for `program`.
    /// - Parameters:
    ///   - program: what to run.
    ///   - cueLengths: how long each cue sounds (default: estimated), so "Next: …" ends before
    ///     the countdown.
    public init(program: Program, cueLengths: CueLengths = .estimated) {
        self.program = program
        self.cueLengths = cueLengths
    }

    // MARK: Events

    /// Applies one event at monotonic instant `now` and returns what to do, in order.
    /// Events that make no sense in the current phase (pause while paused, anything after the
    /// finish) change nothing and return no effects. Instants earlier than one already seen
    /// are treated as that one (time never runs backwards).
    public mutating func handle(_ event: Event, at now: Duration) -> [Effect] {
        var effects: [Effect] = []
        let now = max(now, lastMark)
        switch event {
        case .start:
            guard phase == .idle else { break }
            lastMark = now
            phase = .running
            enter(0, at: now, effects: &effects)
            advance(to: now, effects: &effects)
        case .tick:
            advance(to: now, effects: &effects)
        case .pause:
            advance(to: now, effects: &effects)
            guard phase == .running else { break }
            account(to: now)
            frozenElapsed = now - segmentStart
            pausedAt = now
            phase = .paused
            effects.append(.paused)
        case .resume:
            guard phase == .paused else { break }
            if totalStart != nil { pausedTotal += now - pausedAt }
            lastMark = now
            segmentStart = now - frozenElapsed
            phase = .running
            effects.append(.resumed)
            advance(to: now, effects: &effects)
        case .skip:
            advance(to: now, effects: &effects)
            guard phase == .running || phase == .paused else { break }
            account(to: now)
            effects.append(.skipped(index: currentIndex))
            if currentIndex + 1 < program.segments.count {
                enter(currentIndex + 1, at: now, effects: &effects)
                advance(to: now, effects: &effects)
            } else {
                complete(at: now, now: now, effects: &effects)
            }
        case .finish:
            advance(to: now, effects: &effects)
            guard phase == .running || phase == .paused else { break }
            account(to: now)
            complete(at: now, now: now, effects: &effects)
        case .reset:
            guard phase != .idle else { break }
            self = Session(program: program, cueLengths: cueLengths)
            effects.append(.reset)
            effects += handle(.start, at: now)
        case let .addTime(amount):
            advance(to: now, effects: &effects)
            guard phase == .running || phase == .paused, let planned = program.segments[currentIndex].duration,
                  let length = segment(at: currentIndex).duration else { break }
            let elapsed = elapsed(at: now)
            let wanted = min(max(length + amount, elapsed), max(Self.longestSegment, planned))
            guard wanted != length else { break }
            added[currentIndex] = wanted - planned
            // Cues already due stay done; those after now follow the new end.
            let schedule = segment(at: currentIndex).cueSchedule(lengths: cueLengths)
            nextCue = schedule.firstIndex { $0.offset > elapsed } ?? schedule.count
            effects.append(.timeAdded(index: currentIndex, amount: wanted - length, duration: wanted))
            advance(to: now, effects: &effects)
        case .back:
            advance(to: now, effects: &effects)
            guard phase == .running || phase == .paused else { break }
            let target = elapsed(at: now) < Self.backToPreviousWithin && currentIndex > 0 ? currentIndex - 1 : currentIndex
            account(to: now)
            effects.append(.wentBack(index: target))
            enter(target, at: now, effects: &effects)
            advance(to: now, effects: &effects)
        }
        return effects
    }

    /// The segment at `index` as it runs: the program's, with the time added or taken by
    /// ``Event/addTime(_:)`` (screens and the record read its length from here).
    /// - Parameter index: a segment index of ``program``.
    public func segment(at index: Int) -> Segment {
        var segment = program.segments[index]
        if let duration = segment.duration, let extra = added[index] { segment.duration = max(duration + extra, .zero) }
        return segment
    }

    /// Time in the current segment at `now`, pauses excluded (zero while idle or finished).
    private func elapsed(at now: Duration) -> Duration {
        switch phase {
        case .running: max(now - segmentStart, .zero)
        case .paused: frozenElapsed
        case .idle, .finished: .zero
        }
    }

    /// The next instant at which `handle(.tick, at:)` has something to do (a cue or the end of
    /// the segment), or `nil` when nothing is scheduled (idle, paused, finished, or an open
    /// segment without cues).
    public var nextDeadline: Duration? {
        guard phase == .running, currentIndex < program.segments.count else { return nil }
        let segment = self.segment(at: currentIndex)
        let schedule = cueSchedule(of: segment)
        var deadline: Duration?
        if nextCue < schedule.count { deadline = segmentStart + schedule[nextCue].offset }
        if let duration = segment.duration {
            let end = segmentStart + duration
            deadline = min(deadline ?? end, end)
        }
        return deadline
    }

    /// `segment`'s cue schedule: the one kept from the last tick when it is this segment's.
    private func cueSchedule(of segment: Segment) -> [(offset: Duration, cue: Cue)] {
        if let last = lastSchedule, last.segment == segment { return last.cues }
        return segment.cueSchedule(lengths: cueLengths)
    }

    /// ``cueSchedule(of:)``, made once per segment and kept for the ticks after.
    private mutating func keptCueSchedule(of segment: Segment) -> [(offset: Duration, cue: Cue)] {
        let cues = cueSchedule(of: segment)
        lastSchedule = (segment, cues)
        return cues
    }

    // MARK: Reading the state

    /// What a screen shows at instant `now`.
    public func snapshot(at now: Duration) -> SessionSnapshot {
        let segment = program.segments.isEmpty ? nil : self.segment(at: min(currentIndex, program.segments.count - 1))
        let elapsedInSegment = elapsed(at: now)
        let running = phase == .running ? max(now - lastMark, .zero) : .zero
        var remainingInSegment: Duration?
        if let duration = segment?.duration {
            remainingInSegment = phase == .finished ? .zero : max(duration - elapsedInSegment, .zero)
        }
        var remainingAfter: Duration = .zero
        if phase != .finished {
            // The planned lengths, then the time added to or taken from those segments (read
            // each frame: no segment is copied for it).
            for later in program.segments.dropFirst(currentIndex + 1) {
                remainingAfter += later.duration ?? .zero
            }
            for (index, extra) in added where index > currentIndex { remainingAfter += extra }
        }
        return SessionSnapshot(
            phase: phase, index: currentIndex, segment: segment,
            elapsedInSegment: elapsedInSegment, remainingInSegment: remainingInSegment,
            sessionElapsed: sessionActive + running,
            totalElapsed: totalStart == nil ? .zero : totalActive + running,
            workElapsed: workActive + (segment?.kind == .work ? running : .zero),
            remaining: phase == .finished ? .zero : (remainingInSegment ?? .zero) + remainingAfter,
            nextSegment: currentIndex + 1 < program.segments.count ? self.segment(at: currentIndex + 1) : nil)
    }

    // MARK: Internals

    /// Fires due cues and segment ends up to `now`, catching up across segments after a stall.
    private mutating func advance(to now: Duration, effects: inout [Effect]) {
        while phase == .running {
            let segment = self.segment(at: currentIndex)
            let schedule = keptCueSchedule(of: segment)
            while nextCue < schedule.count, segmentStart + schedule[nextCue].offset <= now {
                let due = segmentStart + schedule[nextCue].offset
                let cue = schedule[nextCue].cue
                let isCountdown = cue == .beep || cue.kind == "count"
                if now - due <= Self.lateCueTolerance, isCountdown || !sounded.contains(cue) {
                    effects.append(.cue(cue, due: due))
                }
                if !isCountdown { sounded.insert(cue) }
                nextCue += 1
            }
            guard let duration = segment.duration, now >= segmentStart + duration else { return }
            let end = segmentStart + duration
            account(to: end)
            if currentIndex + 1 < program.segments.count {
                enter(currentIndex + 1, at: end, effects: &effects)
            } else {
                complete(at: end, now: now, effects: &effects)
            }
        }
    }

    /// Makes segment `index` current, starting at `instant` (running or paused as now).
    private mutating func enter(_ index: Int, at instant: Duration, effects: inout [Effect]) {
        currentIndex = index
        nextCue = 0
        sounded = []
        segmentStart = instant
        frozenElapsed = .zero
        let segment = program.segments[index]
        if segment.kind == .work || segment.kind == .warmUp, totalStart == nil {
            totalStart = instant
            if phase == .paused { pausedAt = instant }
        }
        if segment.kind == .work {
            if firstWorkStart == nil { firstWorkStart = instant }
            workRun[index, default: .zero] += .zero
        }
        if totalStart != nil {
            if !spans.isEmpty { spans[spans.count - 1].end = instant }
            spans.append(SegmentSpan(index: index, kind: segment.kind, label: segment.label, start: instant))
        }
        effects.append(.segmentChanged(index: index, at: instant))
    }

    /// Adds the running time since the last mark to the counters.
    private mutating func account(to instant: Duration) {
        guard phase == .running else { return }
        let span = max(instant - lastMark, .zero)
        sessionActive += span
        if totalStart != nil {
            totalActive += span
            if !spans.isEmpty { spans[spans.count - 1].running += span }
        }
        if program.segments[currentIndex].kind == .work {
            workActive += span
            workRun[currentIndex, default: .zero] += span
        }
        lastMark = max(lastMark, instant)
    }

    /// Completes the session at `instant` (the boundary), learnt of at `now`.
    private mutating func complete(at instant: Duration, now: Duration, effects: inout [Effect]) {
        if phase == .paused, totalStart != nil { pausedTotal += instant - pausedAt }
        if !spans.isEmpty { spans[spans.count - 1].end = instant }
        phase = .finished
        if now - instant <= Self.lateCueTolerance {
            effects.append(.cue(.congratulations, due: instant))
        }
        effects.append(.finished(SessionSummary(
            workout: program.name,
            firstWorkStart: firstWorkStart, start: totalStart, end: instant,
            workoutSeconds: workActive.inSeconds, totalSeconds: totalActive.inSeconds,
            pausedSeconds: pausedTotal.inSeconds,
            rounds: countedRounds.count, exercises: Set(countedRounds.compactMap { program.segments[$0].exercise }).count,
            segments: spans)))
    }

    /// The work segments whose round counts: at least ``countedRoundShare`` of a timed one ran
    /// (pauses excluded); an open one counts once it ran at all.
    private var countedRounds: [Int] {
        workRun.keys.sorted().filter { index in
            let run = workRun[index] ?? .zero
            guard let duration = segment(at: index).duration else { return run > .zero }
            return run.inSeconds >= duration.inSeconds * Self.countedRoundShare
        }
    }
}

/// What a session measured, handed over with ``Session/Effect/finished(_:)``; the caller stamps
/// it with wall-clock time to make a `SessionRecord`.
public struct SessionSummary: Equatable, Sendable {
    /// The program's name.
    public var workout: String
    /// Monotonic instant the first work segment started; `nil` when no work segment ran
    /// (then there is nothing to record).
    public var firstWorkStart: Duration?
    /// Monotonic instant Total Time started: the warm-up's start when one ran, else
    /// ``firstWorkStart``; the record's start.
    public var start: Duration?
    /// Monotonic instant of completion.
    public var end: Duration
    /// Seconds in work segments, pauses excluded.
    public var workoutSeconds: Double
    /// Seconds from ``start`` (the warm-up's or the first work segment's) to completion,
    /// pauses excluded.
    public var totalSeconds: Double
    /// Seconds paused after ``start``.
    public var pausedSeconds: Double
    /// Rounds done: work segments of which at least half ran (``Session/countedRoundShare``;
    /// a round skipped early does not count).
    public var rounds: Int
    /// Distinct exercises with at least one round done.
    public var exercises: Int
    /// The segments run from ``start`` to completion, in order (a skipped segment
    /// with the time it ran; one entered and skipped at once with none).
    public var segments: [SegmentSpan]

    /// Creates a summary; see the properties for units.
    /// - Parameters:
    ///   - start: where Total Time started; `nil` (the default) means `firstWorkStart`.
    public init(workout: String, firstWorkStart: Duration?, start: Duration? = nil, end: Duration, workoutSeconds: Double,
                totalSeconds: Double, pausedSeconds: Double, rounds: Int, exercises: Int,
                segments: [SegmentSpan] = []) {
        self.workout = workout
        self.firstWorkStart = firstWorkStart
        self.start = start ?? firstWorkStart
        self.end = end
        self.workoutSeconds = workoutSeconds
        self.totalSeconds = totalSeconds
        self.pausedSeconds = pausedSeconds
        self.rounds = rounds
        self.exercises = exercises
        self.segments = segments
    }
}

/// One segment as it ran, on the session clock: from entering it to leaving it (pauses
/// included), and the time it ran (pauses excluded).
public struct SegmentSpan: Equatable, Sendable {
    /// Its index in the program's segments.
    public var index: Int
    /// Its kind.
    public var kind: Segment.Kind
    /// Its label, as the screen showed it.
    public var label: String
    /// Monotonic instant it was entered.
    public var start: Duration
    /// Monotonic instant it was left; equal to ``start`` while it is the current one.
    public var end: Duration
    /// Time it ran, pauses excluded.
    public var running: Duration

    /// Creates a span; instants on the session clock.
    public init(index: Int, kind: Segment.Kind, label: String, start: Duration, end: Duration? = nil,
                running: Duration = .zero) {
        self.index = index
        self.kind = kind
        self.label = label
        self.start = start
        self.end = end ?? start
        self.running = running
    }
}

/// The state of a session at one instant, for drawing.
public struct SessionSnapshot: Equatable, Sendable {
    /// Current phase.
    public var phase: Session.Phase
    /// Current segment index.
    public var index: Int
    /// Current segment (`nil` only for an empty program).
    public var segment: Segment?
    /// Time spent in the current segment, pauses excluded.
    public var elapsedInSegment: Duration
    /// Time left in the current segment; `nil` for an open segment.
    public var remainingInSegment: Duration?
    /// Active time since the start (prepare included), pauses excluded.
    public var sessionElapsed: Duration
    /// Total Time so far: from the first warm-up or work start, pauses excluded.
    public var totalElapsed: Duration
    /// Workout Time so far: time in work segments.
    public var workElapsed: Duration
    /// Time left in the program if nothing is skipped (open segments count 0).
    public var remaining: Duration
    /// The segment after the current one, if any.
    public var nextSegment: Segment?
}
