import Testing
import WorkoutModel
@testable import HiitApp

@Suite struct LibraryQuickEditTests {
    static let start = IntervalWorkout(name: "Leg day", exercises: [
        Exercise(name: "A", workSeconds: 40, restSeconds: 20, rounds: 3),
        Exercise(name: "B", workSeconds: 30, restSeconds: 15, rounds: 4),
    ])

    /// Applies option pairs to ``start`` and returns the exercises' names, or the error.
    static func names(after pairs: [(String, String)]) -> String {
        do {
            var workout = start
            try QuickEdits.apply(try QuickEdits.parse(pairs), to: &workout)
            return workout.exercises.map(\.name).joined(separator: ",")
        } catch {
            return "Error: \(error)"
        }
    }

    // MARK: The exercise form

    @Test(arguments: [
        ("Squats 40/20x3", Exercise(name: "Squats", workSeconds: 40, restSeconds: 20, rounds: 3)),
        ("  Jumping jacks   30/15×4 ", Exercise(name: "Jumping jacks", workSeconds: 30, restSeconds: 15, rounds: 4)),
        ("40/0x1", Exercise(name: "", workSeconds: 40, restSeconds: 0, rounds: 1)),
        ("Sprints 0/20x3", Exercise(name: "Sprints", workSeconds: 0, restSeconds: 20, rounds: 3)),
        ("Squats 40/20", Exercise(name: "Squats", workSeconds: 40, restSeconds: 20, rounds: 1)),
        ("Plank 1:00/0:30x3", Exercise(name: "Plank", workSeconds: 60, restSeconds: 30, rounds: 3)),
        ("Row 2m/1m30sx2", Exercise(name: "Row", workSeconds: 120, restSeconds: 90, rounds: 2)),
    ])
    func exerciseFormReads(text: String, exercise: Exercise) throws {
        #expect(try ExerciseArgument.parse(text, option: "--exercise") == exercise)
    }

    @Test(arguments: [
        ("Squats", "--exercise: 'Squats' is not NAME WORK/REST[xROUNDS] such as 'Squats 40/20x3' (work 40 s, rest 20 s, 3 rounds)"),
        ("Squats 40/20x", "--exercise: 'Squats 40/20x' is not NAME WORK/REST[xROUNDS] such as 'Squats 40/20x3' (work 40 s, rest 20 s, 3 rounds): the rounds after x are missing"),
        ("Squats 40/x3", "--exercise: 'Squats 40/x3' is not NAME WORK/REST[xROUNDS] such as 'Squats 40/20x3' (work 40 s, rest 20 s, 3 rounds): the rest time is missing"),
        ("", "--exercise: '' is not NAME WORK/REST[xROUNDS] such as 'Squats 40/20x3' (work 40 s, rest 20 s, 3 rounds)"),
    ])
    func badExerciseFormSaysWhatIsExpected(text: String, message: String) {
        do {
            _ = try ExerciseArgument.parse(text, option: "--exercise")
            Issue.record("no error for '\(text)'")
        } catch {
            #expect(error.description == message)
        }
    }

    // MARK: Applying in order

    @Test(arguments: [
        ([("add", "C 20/10x2")], "A,B,C"),
        ([("add", "C 20/10x2"), ("at", "1")], "C,A,B"),
        ([("add", "20/10x2"), ("at", "2")], "A,Exercise 2,B"),
        ([("remove", "1")], "B"),
        ([("move", "2"), ("to", "1")], "B,A"),
        ([("move", "1"), ("to", "2")], "B,A"),
        ([("rename-exercise", "2=Lunges")], "A,Lunges"),
        // Order matters: each position counts the exercises as they are at that point.
        ([("add", "C 20/10x2"), ("at", "1"), ("remove", "1")], "A,B"),
        ([("remove", "1"), ("add", "C 20/10x2"), ("at", "1")], "C,B"),
        ([("add", "C 1/1x1"), ("add", "D 1/1x1"), ("at", "1"), ("move", "4"), ("to", "2")], "D,C,A,B"),
    ] as [([(String, String)], String)])
    func editsApplyInOrder(pairs: [(String, String)], expected: String) {
        #expect(Self.names(after: pairs) == expected)
    }

    @Test func valuesAreSet() throws {
        var workout = Self.start
        let pairs = [("work", "2=45"), ("rest", "1=0"), ("rounds", "2=6"), ("rest-between", "30"), ("prepare", "0")]
        try QuickEdits.apply(try QuickEdits.parse(pairs), to: &workout)
        #expect(workout.exercises[1].workSeconds == 45)
        #expect(workout.exercises[0].restSeconds == 0)
        #expect(workout.exercises[1].rounds == 6)
        #expect(workout.restBetweenExercisesSeconds == 30)
        #expect(workout.prepareSeconds == 0)
    }

    @Test(arguments: [
        ([("remove", "3")], "Error: --remove: '3' names position 3, but the workout has 2 exercises at that point; allowed 1–2"),
        ([("remove", "1"), ("remove", "1"), ("remove", "1")], "Error: --remove: '1' names position 1, but the workout has 0 exercises at that point"),
        ([("add", "C 1/1x1"), ("at", "4")], "Error: --add: 'C 1/1x1' names position 4, but the workout has 2 exercises at that point; allowed 1–3"),
        ([("move", "1"), ("to", "3")], "Error: --move: '1' names position 3, but the workout has 2 exercises at that point; allowed 1–2"),
        ([("work", "3=40")], "Error: --work: '3=40' names position 3, but the workout has 2 exercises at that point; allowed 1–2"),
        ([("at", "1")], "Error: --at: '1' must come right after the --add it places"),
        ([("remove", "1"), ("at", "1")], "Error: --at: '1' must come right after the --add it places"),
        ([("to", "1")], "Error: --to: '1' must come right after the --move it completes"),
        ([("move", "1")], "Error: --move: '1' needs --to <position> right after it"),
        ([("remove", "0")], "Error: --remove: '0' is not an exercise position (1, 2, …)"),
        ([("remove", "first")], "Error: --remove: 'first' is not an exercise position (1, 2, …)"),
        ([("work", "40")], "Error: --work: '40' is not N=TIME such as 2=40 or 2=1:00 (exercise N; work 1–3600 s)"),
        ([("work", "2=forty")], "Error: --work: '2=forty' is not N=TIME such as 2=40 or 2=1:00 (exercise N; work 1–3600 s)"),
        ([("rest", "2=1.5s")], "Error: --rest: '2=1.5s' is not N=TIME such as 2=20 or 2=1:00 (exercise N; rest between rounds 0–3600 s)"),
        ([("rest", "x=20")], "Error: --rest: 'x=20' is not an exercise position (1, 2, …)"),
        ([("rounds", "1=99999999999999999999")], "Error: --rounds: '1=99999999999999999999' is outside 1–99"),
        ([("rename-exercise", "Lunges")], "Error: --rename-exercise: 'Lunges' is not N=NAME such as 1=Squats"),
        ([("rest-between", "3")], "Error: --rest-between: '3' is 3 s; allowed 5–300 s"),
        ([("rest-between", "5m1s")], "Error: --rest-between: '5m1s' is 301 s; allowed 5–300 s"),
        ([("prepare", "soon")], "Error: --prepare: 'soon' is not a time such as 10, 10s, 1m30s or 1:00 (0–3600 s)"),
        ([("prepare", "0.5s")], "Error: --prepare: '0.5s' is not a whole number of seconds (0–3600 s)"),
    ] as [([(String, String)], String)])
    func badEditsNameOptionValueAndRange(pairs: [(String, String)], message: String) {
        #expect(Self.names(after: pairs) == message)
    }

    /// Values are checked once, on the result, naming the field, the value and the range.
    @Test(arguments: [
        ([("work", "1=0")], "exercise 1 (A) work is 0 s; allowed 1–3600 s"),
        ([("work", "2=3601")], "exercise 2 (B) work is 3601 s; allowed 1–3600 s"),
        ([("rest", "1=3601")], "exercise 1 (A) rest is 3601 s; allowed 0–3600 s"),
        ([("rounds", "1=0")], "exercise 1 (A) rounds is 0; allowed 1–99"),
        ([("rounds", "2=100")], "exercise 2 (B) rounds is 100; allowed 1–99"),
        ([("rename-exercise", "1=")], "exercise 1 name \"\" is empty; a name needs 1–60 characters"),
        ([("rename-exercise", "1=" + String(repeating: "x", count: 61))], "exercise 1 name \"xxxxxxxxxxxxxxxxxxxx…\" has 61 characters; allowed 1–60"),
        ([("remove", "1"), ("remove", "1")], "exercises is 0; allowed 1–20"),
        (Array(repeating: ("add", "C 1/1x1"), count: 19), "exercises is 21; allowed 1–20"),
        ([("work", "1=0"), ("work", "1=10")], "valid"),
    ] as [([(String, String)], String)])
    func resultIsValidatedOnce(pairs: [(String, String)], message: String) throws {
        var workout = Self.start
        try QuickEdits.apply(try QuickEdits.parse(pairs), to: &workout)
        do {
            try workout.validate()
            #expect(message == "valid")
        } catch {
            #expect(error.description == message)
        }
    }

    // MARK: Command-line order

    @Test func optionsApplyInTheOrderTyped() throws {
        let words = ["edit", "Leg day", "--remove", "1", "--add=C 1/1x1", "--at", "1", "--work", "1=5", "--prepare", "0"]
        guard case let .command(parsed) = try CommandTree.root.parse(words) else {
            Issue.record("not a command")
            return
        }
        // Every quick-edit option reaches the edits, in the order typed (`--at` completes its `--add`).
        let command = try EditCommand.bound(to: parsed)
        #expect(command.word == "Leg day")
        #expect(command.steps.map { "\($0.option) \($0.value)" } == ["--remove 1", "--add C 1/1x1", "--work 1=5", "--prepare 0"])
        #expect(command.steps.map(\.edit) == [
            .remove(1), .add(Exercise(name: "C", workSeconds: 1, restSeconds: 1, rounds: 1), at: 1), .work(1, seconds: 5), .prepare(0),
        ])
    }

    @Test func timesAreTypedAsPeopleTypeThem() throws {
        let steps = try QuickEdits.parse([("work", "1=1:00"), ("rest", "2=1m30s"), ("rest-between", "2m"), ("prepare", "0:15"),
                                          ("add", "Plank 1:00/0:30")])
        #expect(steps.map(\.edit) == [
            .work(1, seconds: 60), .rest(2, seconds: 90), .restBetween(120), .prepare(15),
            .add(Exercise(name: "Plank", workSeconds: 60, restSeconds: 30, rounds: 1), at: nil),
        ])
    }
}
