import Foundation
import Testing
import TerminalUI
import SessionEngine
import WorkoutModel
@testable import HiitApp

/// What a person sees of a circuit (#16): `hiit show`'s text and JSON, the timer screen, the
/// plain and `--events` lines, and the quick edits of `hiit edit`.
@Suite struct CircuitTextTests {
    /// Prepare 10 s, warm-up 1:00, two sets of Squats (40/20 s × 2) and Push-ups (30/15 s × 1)
    /// with 30 s between them, 1:30 between sets, cool-down 0:30.
    static let workout = IntervalWorkout(
        name: "Circuit",
        exercises: [Exercise(name: "Squats", workSeconds: 40, restSeconds: 20, rounds: 2),
                    Exercise(name: "Push-ups", workSeconds: 30, restSeconds: 15, rounds: 1)],
        restBetweenExercisesSeconds: 30, prepareSeconds: 10,
        warmUpSeconds: 60, coolDownSeconds: 30, sets: 2, restBetweenSetsSeconds: 90)

    /// `hiit show 40/20` listed a 20 s rest that never comes (a new-user check): the timeline
    /// says the last round has none. A workout ending with a cool-down does not say it.
    @Test func aRestAfterTheLastRoundIsSaidNotToCome() throws {
        let quick = try #require(try IntervalWorkout.quick("40/20"))
        let text = Format.plan(quick, program: Program(quick))
        #expect(text.hasPrefix("""
            40/20 — intervals, estimated 40 s (+ 10 s prepare)
              1. Quick: 40/20 s × 1
              Cues: names off, next off
              No rest after the last round: the workout ends with its work.

            Timeline:
            """), "\(text)")
        #expect(!Format.plan(Self.workout, program: Program(Self.workout), width: 100).contains("No rest after"))
    }

    @Test("hiit show: warm-up, sets and cool-down in the exercise lines, and every segment in the timeline with its set")
    func showText() {
        #expect(Format.plan(Self.workout, program: Program(Self.workout), width: 100) == """
            Circuit — intervals, estimated 8 min 20 s (+ 10 s prepare)
              Warm up: 1 min
              1. Squats: 40/20 s × 2
              2. Push-ups: 30/15 s × 1
              Rest between exercises: 30 s
              Sets: 2, rest between sets 1 min 30 s
              Cool down: 30 s

            Timeline:
              0:00  PREPARE                                                         0:10
              0:10  WARM UP                                                         1:00
              1:10  WORK       Squats             round 1/2  exercise 1/2  set 1/2  0:40
              1:50  REST       Squats             round 1/2  exercise 1/2  set 1/2  0:20
              2:10  WORK       Squats             round 2/2  exercise 1/2  set 1/2  0:40
              2:50  REST       between exercises             exercise 1/2  set 1/2  0:30
              3:20  WORK       Push-ups           round 1/1  exercise 2/2  set 1/2  0:30
              3:50  REST       between sets                                         1:30
              5:20  WORK       Squats             round 1/2  exercise 1/2  set 2/2  0:40
              6:00  REST       Squats             round 1/2  exercise 1/2  set 2/2  0:20
              6:20  WORK       Squats             round 2/2  exercise 1/2  set 2/2  0:40
              7:00  REST       between exercises             exercise 1/2  set 2/2  0:30
              7:30  WORK       Push-ups           round 1/1  exercise 2/2  set 2/2  0:30
              8:00  COOL DOWN                                                       0:30
            """)
    }

    @Test("hiit show narrower: every line inside, the exercise column goes first, then the round, the set last")
    func showTextNarrow() {
        func lines(_ width: Int) -> [String] {
            Format.plan(Self.workout, program: Program(Self.workout), width: width).split(separator: "\n").map(String.init)
        }
        #expect(lines(70).contains("  5:20  WORK       Squats             round 1/2  set 2/2  0:40"), "\(lines(70))")
        #expect(lines(60).contains("  5:20  WORK       Squats             set 2/2  0:40"), "\(lines(60))")
        #expect(lines(60).allSatisfy { $0.displayWidth <= 60 }, "\(lines(60))")
    }

    @Test("hiit show --json: the new kinds, set and sets on each segment, the estimated time with warm-up and cool-down")
    func showJSON() throws {
        let text = try TimelineJSON(program: Program(Self.workout), kind: "intervals").render()
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["estimatedSeconds"] as? Double == 500)
        let segments = try #require(object["segments"] as? [[String: Any]])
        #expect(segments.map { $0["kind"] as? String } == [
            "prepare", "warmUp", "work", "rest", "work", "restBetweenExercises", "work", "restBetweenSets",
            "work", "rest", "work", "restBetweenExercises", "work", "coolDown",
        ])
        #expect(segments[7]["label"] as? String == "Rest between sets")
        #expect(segments[7]["startSeconds"] as? Double == 230 && segments[7]["durationSeconds"] as? Double == 90)
        #expect(segments[8]["set"] as? Int == 2 && segments[8]["sets"] as? Int == 2 && segments[8]["round"] as? Int == 1)
        #expect(segments[1]["set"] is NSNull && segments[13]["label"] as? String == "Cool down")
    }

    @Test("hiit show --json: the cues object with every key, the countdown by its name, none without cue settings")
    func showJSONCues() throws {
        let program = Program(Self.workout)
        let settings = CueSettings(names: false, next: true, halfway: false, lastRound: true, countdown: .words)
        let text = try TimelineJSON(program: program, kind: "intervals", cues: settings).render()
        #expect(text.hasPrefix("""
            {
              "cues" : {
                "countdown" : "words",
                "halfway" : false,
                "lastRound" : true,
                "names" : false,
                "next" : true
              },
              "estimatedSeconds" : 500,
              "kind" : "intervals",
              "name" : "Circuit",
              "prepareSeconds" : 10,
              "segments" : [
            """), "\(text)")
        #expect(!(try TimelineJSON(program: program, kind: "intervals").render()).contains("\"cues\""))
    }

    // MARK: The timer screen

    /// The screen `seconds` after the start.
    static func screen(at seconds: Int, columns: Int = 80) -> String {
        var session = Session(program: Program(workout))
        _ = session.handle(.start, at: .zero)
        _ = session.handle(.tick, at: .seconds(seconds))
        let state = TimerScreen.State(workoutName: "Circuit", snapshot: session.snapshot(at: .seconds(seconds)),
                                      isMuted: false, cuesOffReason: nil, prompt: nil, notice: nil)
        return TimerScreen.render(state, size: TerminalSize(columns: columns, rows: 24), glyphs: .ascii).lines
            .map(\.plainText).joined(separator: "\n")
    }

    @Test("the timer names WARM UP, counts Total Time in it, and says what comes next")
    func warmUpScreen() {
        let text = Self.screen(at: 30)
        #expect(text.contains("WARM UP"))
        #expect(text.contains("Next: WORK Squats 0:40"))
        #expect(text.contains("Elapsed 0:20   Remaining 8:00"))
    }

    @Test("in a set, the detail line gives the set; between sets it says which set is done and what comes next")
    func setsOnTheScreen() {
        #expect(Self.screen(at: 340).contains("Squats - round 1/2 - exercise 1/2 - set 2/2"))
        let between = Self.screen(at: 260)
        #expect(between.contains("REST BETWEEN SETS"))
        #expect(between.contains("set 1/2 done"))
        #expect(between.contains("Next: WORK Squats 0:40"))
        let coolDown = Self.screen(at: 500)
        #expect(coolDown.contains("COOL DOWN"))
        #expect(coolDown.contains("Next: finish"))
    }

    @Test("warm-up, rest between sets and cool-down each have a colour no other phase has")
    func newPhasesHaveTheirOwnColours() {
        let others = Segment.Kind.allCases.filter { ![.warmUp, .restBetweenSets, .coolDown, .leg, .transition].contains($0) }
        let colours = [Segment.Kind.warmUp, .restBetweenSets, .coolDown].map { TimerScreen.colour(of: $0) }
        #expect(Set(colours).count == 3)
        #expect(Set(colours).isDisjoint(with: others.map { TimerScreen.colour(of: $0) }))
    }

    @Test("plain lines name the phase and the set")
    func plainLines() {
        let program = Program(Self.workout)
        #expect(Format.segmentLine(program.segments[1]) == "WARM UP  1:00")
        #expect(Format.segmentLine(program.segments[8]) == "WORK  Squats  round 1/2  exercise 1/2  set 2/2  0:40")
        #expect(Format.segmentLine(program.segments[7]) == "REST BETWEEN SETS  set 1/2  1:30")
        #expect(Format.segmentLine(program.segments[13]) == "COOL DOWN  0:30")
    }

    // MARK: hiit edit

    @Test("quick edits set the warm-up, cool-down, sets, rest between sets and an exercise's rest after it; 0 removes a warm-up")
    func quickEdits() throws {
        var workout = Self.workout
        try QuickEdits.apply(try QuickEdits.parse([("warm-up", "0"), ("cool-down", "3m"), ("sets", "3"),
                                                   ("rest-between-sets", "2:00"), ("rest-after", "1=15")]), to: &workout)
        #expect(workout.warmUpSeconds == nil)
        #expect(workout.coolDownSeconds == 180)
        #expect(workout.sets == 3)
        #expect(workout.restBetweenSetsSeconds == 120)
        #expect(workout.exercises[0].restAfterSeconds == 15)
        #expect(Program(workout).segments.filter { $0.kind == .restBetweenSets }.count == 2)
    }

    @Test(arguments: [
        ("sets", "0", "--sets: '0' is outside 1–20"),
        ("sets", "three", "--sets: 'three' is not a whole number (1–20)"),
        ("warm-up", "4000", "--warm-up: '4000' is 4000 s; allowed 0–3600 s"),
        ("rest-between-sets", "1h1s", "--rest-between-sets: '1h1s' is 3601 s; allowed 0–3600 s"),
    ])
    func badQuickEditsNameTheOption(option: String, value: String, message: String) {
        do {
            _ = try QuickEdits.parse([(option, value)])
            Issue.record("accepted --\(option) \(value)")
        } catch {
            #expect(error.description == message)
        }
    }
}
