import Foundation
import Testing
import WorkoutModel
@testable import WorkoutStore

/// Workout files before and after the circuit fields of #16.
@Suite struct CircuitFileTests {
    /// A file exactly as `hiit new "Leg day" -e "Squats 40/20x3" -e "Lunges 30/15x4"
    /// --rest-between 45` wrote it before circuits.
    static let oldFile = """
        {
          "exercises" : [
            {
              "name" : "Squats",
              "restSeconds" : 20,
              "rounds" : 3,
              "workSeconds" : 40
            },
            {
              "name" : "Lunges",
              "restSeconds" : 15,
              "rounds" : 4,
              "workSeconds" : 30
            }
          ],
          "kind" : "intervals",
          "name" : "Leg day",
          "prepareSeconds" : 10,
          "restBetweenExercisesSeconds" : 45,
          "version" : 1
        }

        """

    @Test("a file written before circuits reads and is written again byte for byte")
    func oldFileIsByteIdentical() throws {
        let workout = try WorkoutFile.decode(Data(Self.oldFile.utf8), path: "leg-day.json")
        #expect(workout.sets == 1 && workout.warmUpSeconds == nil)
        #expect(try WorkoutFile.encode(workout, path: "leg-day.json") == Data(Self.oldFile.utf8))
        let document = try LibraryDocumentFile.decode(Data(Self.oldFile.utf8), path: "leg-day.json")
        #expect(try LibraryDocumentFile.encode(document, path: "leg-day.json") == Data(Self.oldFile.utf8))
    }

    @Test("a circuit saved and loaded is the same workout, written as version 2")
    func circuitSurvivesTheFile() throws {
        var workout = try WorkoutFile.decode(Data(Self.oldFile.utf8), path: "leg-day.json")
        workout.warmUpSeconds = 300
        workout.coolDownSeconds = 180
        workout.sets = 3
        workout.restBetweenSetsSeconds = 120
        workout.exercises[0].restAfterSeconds = 20
        let data = try WorkoutFile.encode(workout, path: "leg-day.json")
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"version\" : 2"))
        #expect(text.contains("\"sets\" : 3") && text.contains("\"restAfterSeconds\" : 20"))
        #expect(try WorkoutFile.decode(data, path: "leg-day.json") == workout)
    }

    @Test(arguments: [
        (#""sets": 0"#, "c.json: sets is 0; allowed 1–20"),
        (#""sets": 21"#, "c.json: sets is 21; allowed 1–20"),
        (#""warmUpSeconds": 4000"#, "c.json: warm-up is 4000 s; allowed 0–3600 s"),
        (#""coolDownSeconds": 3601"#, "c.json: cool-down is 3601 s; allowed 0–3600 s"),
        (#""restBetweenSetsSeconds": 5000"#, "c.json: rest between sets is 5000 s; allowed 0–3600 s"),
        (#""sets": 2.5"#, "c.json, line 1, column 118: sets: expected a whole number, found the number 2.5"),
    ])
    func badCircuitFieldsAreRefusedNamingTheFileAndField(field: String, expected: String) {
        let text = #"{"version": 2, "name": "C", "exercises": [{"name": "A", "workSeconds": 20, "restSeconds": 10, "rounds": 2}], "# + field + "}"
        #expect(workoutError(text, path: "c.json") == expected)
    }

    @Test func aNewerVersionNamesBothVersionsThisHiitReads() {
        let text = #"{"version": 3, "name": "C", "exercises": []}"#
        #expect(Self.documentError(text, path: "c.json")
                == "c.json: version 3 is not supported (this hiit reads versions 1–2; a newer hiit wrote it)")
        let plan = #"{"version": 2, "kind": "multisport", "name": "P", "legs": []}"#
        #expect(Self.documentError(plan, path: "p.json")
                == "p.json: version 2 is not supported (this hiit reads version 1; a newer hiit wrote it)",
                "a plan's own version, not the workouts'")
    }

    /// The one-line error of reading `text` as a library file, or "no error".
    static func documentError(_ text: String, path: String) -> String {
        do {
            _ = try LibraryDocumentFile.decode(Data(text.utf8), path: path)
            return "no error"
        } catch {
            return error.description
        }
    }
}
