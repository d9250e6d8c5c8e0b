import Foundation
import Testing
import WorkoutModel
@testable import SessionEngine

/// A circuit as a person meets it (#16): prepare 5 s, warm-up 10 s, then 3 sets of Squats
/// (5 s work, 3 s rest, 2 rounds; 6 s rest after it, its own) and Lunges (4/2 s, 2 rounds),
/// 15 s rest between sets, cool-down 8 s.
let circuit = IntervalWorkout(
    name: "Circuit",
    exercises: [.init(name: "Squats", workSeconds: 5, restSeconds: 3, rounds: 2, restAfterSeconds: 6),
                .init(name: "Lunges", workSeconds: 4, restSeconds: 2, rounds: 2)],
    restBetweenExercisesSeconds: 60, prepareSeconds: 5,
    warmUpSeconds: 10, coolDownSeconds: 8, sets: 3, restBetweenSetsSeconds: 15)

/// One row of the expected timeline: kind, label, start and length in seconds, set.
struct PlannedRow: Equatable, CustomStringConvertible {
    var kind: Segment.Kind
    var label: String
    var start: Int
    var seconds: Int
    var set: Int?
    var description: String { "\(kind.rawValue) \(label) @\(start) \(seconds)s set \(set.map(String.init) ?? "-")" }
}

@Suite struct CircuitProgramTests {
    /// Every segment of ``circuit`` written out by hand, in order.
    static let timeline: [PlannedRow] = {
        var rows = [PlannedRow(kind: .prepare, label: "Prepare", start: 0, seconds: 5),
                    PlannedRow(kind: .warmUp, label: "Warm up", start: 5, seconds: 10)]
        for (set, start) in [(1, 15), (2, 59), (3, 103)] {
            rows += [
                PlannedRow(kind: .work, label: "Squats", start: start, seconds: 5, set: set),
                PlannedRow(kind: .rest, label: "Squats", start: start + 5, seconds: 3, set: set),
                PlannedRow(kind: .work, label: "Squats", start: start + 8, seconds: 5, set: set),
                PlannedRow(kind: .restBetweenExercises, label: "Rest", start: start + 13, seconds: 6, set: set),
                PlannedRow(kind: .work, label: "Lunges", start: start + 19, seconds: 4, set: set),
                PlannedRow(kind: .rest, label: "Lunges", start: start + 23, seconds: 2, set: set),
                PlannedRow(kind: .work, label: "Lunges", start: start + 25, seconds: 4, set: set),
            ]
            if set < 3 { rows.append(PlannedRow(kind: .restBetweenSets, label: "Rest between sets", start: start + 29, seconds: 15, set: set)) }
        }
        rows.append(PlannedRow(kind: .coolDown, label: "Cool down", start: 132, seconds: 8))
        return rows
    }()

    @Test("a circuit compiles to prepare, warm-up, three sets with a rest between them (none after the last), cool-down")
    func circuitTimeline() {
        let program = Program(circuit)
        let rows = zip(program.segments, program.plannedStarts).map { segment, start in
            PlannedRow(kind: segment.kind, label: segment.label, start: Int(start?.inSeconds ?? -1),
                       seconds: Int(segment.duration?.inSeconds ?? -1), set: segment.set)
        }
        #expect(rows == Self.timeline)
        #expect(program.segments.filter { $0.kind == .restBetweenSets }.map(\.sets) == [3, 3])
        #expect(program.segments.last?.kind == .coolDown)
        #expect(program.segments.dropLast().last?.kind == .work, "no rest between sets after the last set")
    }

    @Test("rounds and exercises are numbered within each set, and every work and rest carries its set")
    func numberingPerSet() {
        let work = Program(circuit).segments.filter { $0.kind == .work }
        #expect(work.count == 12)
        #expect(work.map(\.round) == Array(repeating: [1, 2, 1, 2], count: 3).flatMap { $0 })
        #expect(work.map(\.exercise) == Array(repeating: [1, 1, 2, 2], count: 3).flatMap { $0 })
        #expect(work.map(\.set) == [1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3])
        #expect(work.allSatisfy { $0.sets == 3 && $0.exercises == 2 && $0.rounds == 2 })
    }

    @Test("the estimated time is warm-up + 3 sets + 2 rests between sets + cool-down, in the model and the program")
    func estimatedTime() {
        // 10 + 3 × (5+3+5 + 6 + 4+2+4) + 2 × 15 + 8 = 135; prepare is not part of it.
        #expect(circuit.estimatedSeconds == 135)
        #expect(Program(circuit).estimatedDuration == .seconds(135))
        #expect(circuit.totalRounds == 12)
    }

    @Test("with no rest between sets given, the rest between exercises runs between sets")
    func restBetweenSetsDefaultsToTheRestBetweenExercises() {
        var workout = circuit
        workout.restBetweenSetsSeconds = nil
        workout.restBetweenExercisesSeconds = 40
        let rests = Program(workout).segments.filter { $0.kind == .restBetweenSets }
        #expect(rests.map(\.duration) == [.seconds(40), .seconds(40)])
        #expect(workout.estimatedSeconds == 10 + 3 * 29 + 2 * 40 + 8)
    }

    @Test("one set: no rest between sets and no set numbers, the timeline as before circuits")
    func oneSetIsAsBefore() {
        var workout = circuit
        workout.sets = 1
        workout.warmUpSeconds = nil
        workout.coolDownSeconds = nil
        let program = Program(workout)
        #expect(!program.segments.contains { $0.kind == .restBetweenSets || $0.kind == .warmUp || $0.kind == .coolDown })
        #expect(program.segments.allSatisfy { $0.set == nil && $0.sets == nil })
        #expect(program.segments.map(\.kind) == [.prepare, .work, .rest, .work, .restBetweenExercises, .work, .rest, .work])
    }

    @Test("an exercise's own rest after it replaces the workout's; 0 goes straight on; the last exercise's is never run")
    func perExerciseRest() {
        let workout = IntervalWorkout(
            name: "Three",
            exercises: [.init(name: "A", workSeconds: 10, restSeconds: 0, rounds: 1, restAfterSeconds: 0),
                        .init(name: "B", workSeconds: 10, restSeconds: 0, rounds: 1),
                        .init(name: "C", workSeconds: 10, restSeconds: 0, rounds: 1, restAfterSeconds: 90)],
            restBetweenExercisesSeconds: 30, prepareSeconds: 0, sets: 2, restBetweenSetsSeconds: 20)
        let program = Program(workout)
        let shape = program.segments.map { "\($0.kind == .work ? $0.label : $0.kind.rawValue) \(Int($0.duration?.inSeconds ?? 0))" }
        #expect(shape == ["A 10", "B 10", "restBetweenExercises 30", "C 10", "restBetweenSets 20",
                          "A 10", "B 10", "restBetweenExercises 30", "C 10"])
        #expect(workout.estimatedSeconds == 2 * (30 + 30) + 20)
    }

    @Test("warm-up and cool-down say so (a voice's cue; silent without one) before their 3-2-1 beeps; the rest between sets says Rest")
    func cuesOfTheNewKinds() {
        let warmUp = Segment(kind: .warmUp, label: "Warm up", duration: .seconds(10))
        #expect(warmUp.cueSchedule.map(\.offset) == [.zero, .seconds(7), .seconds(8), .seconds(9)])
        #expect(warmUp.cueSchedule.map(\.cue) == [.warmUp, .beep, .beep, .beep])
        #expect(Cue.warmUp.fallback == nil)
        #expect(Segment(kind: .coolDown, label: "Cool down", duration: .seconds(5)).cues.start == .coolDown)
        #expect(Segment(kind: .restBetweenSets, label: "Rest between sets", duration: .seconds(5)).cues.start == .rest)
        #expect(Segment(kind: .work, label: "A", duration: .seconds(5)).cues.start == .start)
    }
}

@Suite struct CircuitSessionTests {
    /// ``circuit`` started at 0 with each event sent at its second (after running up to it),
    /// then run to the end.
    static func driven(_ script: [(event: Session.Event, at: Int)] = []) -> Driver {
        var d = Driver(circuit)
        d.send(.start, at: .zero)
        for step in script {
            d.run(until: .seconds(step.at))
            d.send(step.event, at: .seconds(step.at))
        }
        d.run(until: .seconds(1000))
        return d
    }

    /// The cues a segment of `row` fires, by the rule of DESIGN §2 (the classic cues): its
    /// start cue ("Warm up" and "Cool down" included), then beeps 3, 2 and 1 s before its end
    /// when they fall after its start.
    static func cues(of row: PlannedRow) -> [String] {
        var cues: [String] = []
        switch row.kind {
        case .work: cues.append("start@\(Double(row.start))")
        case .rest, .restBetweenExercises, .restBetweenSets: cues.append("rest@\(Double(row.start))")
        case .warmUp: cues.append("warmUp@\(Double(row.start))")
        case .coolDown: cues.append("coolDown@\(Double(row.start))")
        default: break
        }
        for before in [3, 2, 1] where row.seconds - before > 0 { cues.append("beep@\(Double(row.start + row.seconds - before))") }
        return cues
    }

    @Test("run straight through: every segment starts and every cue fires at its planned instant")
    func everySegmentAndCueOnTime() {
        let d = Self.driven()
        #expect(d.segmentChanges.map { Int($0.at.inSeconds) } == CircuitProgramTests.timeline.map(\.start))
        #expect(d.cueNames == CircuitProgramTests.timeline.flatMap(Self.cues) + ["congratulations@140.0"])
        #expect(d.fired.allSatisfy { $0.at == $0.due })
        // Spot checks a person hears: the warm-up's last three seconds, the rest between sets.
        #expect(d.cueNames.contains("beep@12.0") && d.cueNames.contains("beep@14.0"))
        #expect(d.cueNames.contains("rest@44.0") && d.cueNames.contains("start@59.0"))
    }

    @Test("Total Time runs from the warm-up's start to the end of the cool-down; Workout Time only in work; 12 rounds of 2 exercises")
    func totalAndWorkoutTime() throws {
        let summary = try #require(Self.driven().summary)
        #expect(summary.start == .seconds(5), "the warm-up starts Total Time")
        #expect(summary.firstWorkStart == .seconds(15))
        #expect(summary.end == .seconds(140))
        #expect(summary.totalSeconds == 135, "warm-up, sets, rests and cool-down; not the prepare countdown")
        #expect(summary.workoutSeconds == 54, "3 sets × (5 + 5 + 4 + 4) s of work")
        #expect(summary.pausedSeconds == 0)
        #expect(summary.rounds == 12)
        #expect(summary.exercises == 2, "an exercise done in three sets counts once")
    }

    @Test("the screen's clocks: Total Time counts during the warm-up, Workout Time does not; the remaining time includes the cool-down")
    func snapshotClocks() {
        var d = Driver(circuit)
        d.send(.start, at: .zero)
        d.run(until: .seconds(3))
        #expect(d.session.snapshot(at: .seconds(3)).totalElapsed == .zero, "prepare is not Total Time")
        d.run(until: .seconds(9))
        let warmUp = d.session.snapshot(at: .seconds(9))
        #expect(warmUp.segment?.kind == .warmUp)
        #expect(warmUp.totalElapsed == .seconds(4))
        #expect(warmUp.workElapsed == .zero)
        #expect(warmUp.remaining == .seconds(131))
        d.run(until: .seconds(136))
        let coolDown = d.session.snapshot(at: .seconds(136))
        #expect(coolDown.segment?.kind == .coolDown)
        #expect(coolDown.totalElapsed == .seconds(131))
        #expect(coolDown.workElapsed == .seconds(54))
        #expect(coolDown.remainingInSegment == .seconds(4))
    }

    @Test("a pause in the warm-up is paused time and moves every later instant; one in the prepare countdown is not")
    func pausesAroundTheWarmUp() throws {
        // +2 s paused before Total Time starts (not counted as paused), +3 s in the warm-up.
        let d = Self.driven([(.pause, 2), (.resume, 4), (.pause, 10), (.resume, 13)])
        let summary = try #require(d.summary)
        #expect(summary.start == .seconds(7))
        #expect(summary.end == .seconds(145))
        #expect(summary.pausedSeconds == 3)
        #expect(summary.totalSeconds == 135)
        #expect(d.segmentChanges.map { Int($0.at.inSeconds) }.prefix(3) == [0, 7, 20])
    }

    @Test("skipping the warm-up: Total Time starts at the warm-up anyway (it ran until the skip), the record starts there")
    func skippedWarmUpStillStartsTotalTime() throws {
        let summary = try #require(Self.driven([(.skip, 8)]).summary)     // 3 s of warm-up ran
        #expect(summary.start == .seconds(5))
        #expect(summary.totalSeconds == 128)
        let utc = try #require(TimeZone(identifier: "UTC"))
        let record = try #require(summary.record(id: UUID(), weightKg: nil, wallOrigin: Date(timeIntervalSince1970: 1_000_000),
                                                 timeZone: utc))
        #expect(record.start == Date(timeIntervalSince1970: 1_000_005))
        #expect(record.segments.first?.kind == .warmUp)
        #expect(record.segments.first?.timerSeconds == 3)
        #expect(record.segments.map(\.kind).filter { $0 == .restBetweenSets }.count == 2)
        #expect(record.segments.last?.kind == .coolDown)
    }

    @Test("a warm-up only, every work skipped at once, records nothing")
    func warmUpAloneIsNotAWorkout() throws {
        let summary = try #require(Self.driven([(.finish, 15)]).summary)
        #expect(summary.rounds == 0)
        let utc = try #require(TimeZone(identifier: "UTC"))
        #expect(summary.record(id: UUID(), weightKg: 70, wallOrigin: Date(timeIntervalSince1970: 0), timeZone: utc) == nil)
    }

    @Test("back from the first seconds of set 2's first work goes to the rest between sets; + adds to it")
    func backAndAddAcrossASet() {
        var d = Driver(circuit)
        d.send(.start, at: .zero)
        d.run(until: .seconds(60))
        #expect(d.session.snapshot(at: .seconds(60)).segment?.set == 2)
        d.send(.back, at: .seconds(60))
        let snap = d.session.snapshot(at: .seconds(60))
        #expect(snap.segment?.kind == .restBetweenSets)
        #expect(snap.remainingInSegment == .seconds(15))
        d.send(.addTime(.seconds(10)), at: .seconds(61))
        #expect(d.session.snapshot(at: .seconds(61)).remainingInSegment == .seconds(24))
        d.fired = []
        d.run(until: .seconds(86))
        #expect(d.cueNames == ["beep@82.0", "beep@83.0", "beep@84.0", "start@85.0"])
    }
}
