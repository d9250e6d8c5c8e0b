import Testing
import WorkoutModel
@testable import SessionEngine

@Suite struct ProgramTests {
    private func kinds(_ program: Program) -> [String] {
        program.segments.map { s in
            switch s.kind {
            case .work: "W\(s.duration!.components.seconds)"
            case .rest: "R\(s.duration!.components.seconds)"
            case .restBetweenExercises: "B\(s.duration!.components.seconds)"
            case .prepare: "P\(s.duration!.components.seconds)"
            default: s.kind.rawValue
            }
        }
    }

    @Test func oneExerciseOneRoundIsOneWorkSegment() {
        let workout = IntervalWorkout(name: "One", exercises: [.init(name: "Plank", workSeconds: 30, restSeconds: 10, rounds: 1)])
        let program = Program(workout)
        #expect(kinds(program) == ["P10", "W30"])
        #expect(program.estimatedDuration == .seconds(30))
        #expect(workout.estimatedSeconds == 30)
    }

    @Test func tabataHasNoRestAfterTheFinalRound() {
        let workout = IntervalWorkout(name: "Tabata", exercises: [.init(name: "Burpees", workSeconds: 20, restSeconds: 10, rounds: 8)])
        let program = Program(workout, prepareSeconds: 0)
        #expect(kinds(program) == ["W20", "R10", "W20", "R10", "W20", "R10", "W20", "R10", "W20", "R10", "W20", "R10", "W20", "R10", "W20"])
        #expect(program.estimatedDuration == .seconds(230))
        #expect(workout.estimatedSeconds == 230)
        #expect(program.segments.last?.round == 8)
        #expect(program.segments.last?.rounds == 8)
    }

    @Test func severalExercisesHaveRestBetweenButNotAfterTheLast() {
        let workout = IntervalWorkout(
            name: "Classic",
            exercises: [
                .init(name: "Squats", workSeconds: 40, restSeconds: 20, rounds: 2),
                .init(name: "Push-ups", workSeconds: 30, restSeconds: 15, rounds: 2),
                .init(name: "Plank", workSeconds: 45, restSeconds: 0, rounds: 1),
            ],
            restBetweenExercisesSeconds: 60, prepareSeconds: 5)
        let program = Program(workout)
        #expect(kinds(program) == ["P5", "W40", "R20", "W40", "B60", "W30", "R15", "W30", "B60", "W45"])
        // 40*2+20 + 60 + 30*2+15 + 60 + 45 = 340; prepare not included
        #expect(program.estimatedDuration == .seconds(340))
        #expect(workout.estimatedSeconds == 340)
        #expect(program.segments[5].label == "Push-ups")
        #expect(program.segments[5].exercise == 2)
        #expect(program.segments[5].exercises == 3)
    }

    @Test func restZeroMakesNoSegment() {
        let workout = IntervalWorkout(name: "EMOM", exercises: [.init(name: "Swings", workSeconds: 60, restSeconds: 0, rounds: 3)], prepareSeconds: 0)
        let program = Program(workout)
        #expect(kinds(program) == ["W60", "W60", "W60"])
        #expect(program.segments.map(\.round) == [1, 2, 3])
        #expect(program.estimatedDuration == .seconds(180))
    }

    @Test func largestAllowedWorkout() throws {
        let exercise = Exercise(name: String(repeating: "x", count: 60), workSeconds: 3600, restSeconds: 3600, rounds: 99)
        let workout = IntervalWorkout(name: String(repeating: "n", count: 60),
                                      exercises: Array(repeating: exercise, count: 20),
                                      restBetweenExercisesSeconds: 300, prepareSeconds: 3600)
        try workout.validate()
        let program = Program(workout)
        // per exercise 99 work + 98 rest; 19 rests between; 1 prepare
        #expect(program.segments.count == 1 + 20 * (99 + 98) + 19)
        let expected = 20 * (3600 * 99 + 3600 * 98) + 19 * 300
        #expect(workout.estimatedSeconds == expected)
        #expect(program.estimatedDuration == .seconds(expected))
    }

    @Test func plannedStartsAccumulateDurations() {
        let workout = IntervalWorkout(name: "Q", exercises: [.init(name: "A", workSeconds: 3, restSeconds: 2, rounds: 2)], prepareSeconds: 10)
        #expect(Program(workout).plannedStarts == [.zero, .seconds(10), .seconds(13), .seconds(15)])
    }

    @Test func beepsAreThreeTwoOneBeforeTheEndAndNeverAtTheStart() {
        let long = Segment(kind: .work, label: "A", duration: .seconds(20))
        #expect(long.cueSchedule.map(\.offset) == [.zero, .seconds(17), .seconds(18), .seconds(19)])
        #expect(long.cueSchedule.map(\.cue) == [.start, .beep, .beep, .beep])
        let short = Segment(kind: .rest, label: "A", duration: .seconds(2))
        #expect(short.cueSchedule.map(\.offset) == [.zero, .seconds(1)])
        #expect(short.cueSchedule.map(\.cue) == [.rest, .beep])
        let prepare = Segment(kind: .prepare, label: "Prepare", duration: .seconds(10))
        #expect(prepare.cueSchedule.map(\.cue) == [.beep, .beep, .beep])
    }
}
