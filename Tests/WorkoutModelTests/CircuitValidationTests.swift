import Foundation
import Testing
@testable import WorkoutModel

/// The circuit fields of #16 (warm-up, cool-down, sets, rest between sets, an exercise's rest
/// after it): their limits, each refusal naming the field, and their JSON.
@Suite struct CircuitValidationTests {
    fileprivate static func circuit(warmUp: Int? = 300, coolDown: Int? = 180, sets: Int = 3, betweenSets: Int? = 120,
                                restAfter: Int? = 15) -> IntervalWorkout {
        IntervalWorkout(
            name: "Circuit",
            exercises: [Exercise(name: "Squats", workSeconds: 40, restSeconds: 20, rounds: 2, restAfterSeconds: restAfter),
                        Exercise(name: "Push-ups", workSeconds: 30, restSeconds: 15, rounds: 2)],
            warmUpSeconds: warmUp, coolDownSeconds: coolDown, sets: sets, restBetweenSetsSeconds: betweenSets)
    }

    private static func message(_ workout: IntervalWorkout) -> String? {
        do { try workout.validate(); return nil } catch { return error.description }
    }

    @Test func theLimitsThemselvesAreAllowed() throws {
        for workout in [Self.circuit(warmUp: 0), Self.circuit(warmUp: 3600), Self.circuit(coolDown: 0), Self.circuit(coolDown: 3600),
                        Self.circuit(sets: 1), Self.circuit(sets: 20), Self.circuit(betweenSets: 0), Self.circuit(betweenSets: 3600),
                        Self.circuit(restAfter: 0), Self.circuit(restAfter: 300), Self.circuit(warmUp: nil, coolDown: nil, betweenSets: nil, restAfter: nil)] {
            try workout.validate()
        }
    }

    @Test(arguments: [
        (CircuitValidationTests.circuit(sets: 0), "sets is 0; allowed 1–20"),
        (CircuitValidationTests.circuit(sets: 21), "sets is 21; allowed 1–20"),
        (CircuitValidationTests.circuit(warmUp: 4000), "warm-up is 4000 s; allowed 0–3600 s"),
        (CircuitValidationTests.circuit(warmUp: -1), "warm-up is -1 s; allowed 0–3600 s"),
        (CircuitValidationTests.circuit(coolDown: 3601), "cool-down is 3601 s; allowed 0–3600 s"),
        (CircuitValidationTests.circuit(betweenSets: 3601), "rest between sets is 3601 s; allowed 0–3600 s"),
        (CircuitValidationTests.circuit(restAfter: 301), "exercise 1 (Squats) rest after is 301 s; allowed 0–300 s"),
    ])
    func outOfRangeValuesNameTheirField(workout: IntervalWorkout, expected: String) {
        #expect(Self.message(workout) == expected)
    }

    @Test("the circuit fields come back from JSON as written, and the file says version 2")
    func circuitFieldsRoundTrip() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(Self.circuit())
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains(#""version":2"#))
        #expect(text.contains(#""warmUpSeconds":300"#) && text.contains(#""coolDownSeconds":180"#))
        #expect(text.contains(#""sets":3"#) && text.contains(#""restBetweenSetsSeconds":120"#))
        #expect(text.contains(#""restAfterSeconds":15"#))
        #expect(try JSONDecoder().decode(IntervalWorkout.self, from: data) == Self.circuit())
    }

    @Test("a workout without circuit fields is written as version 1 with none of their keys")
    func plainWorkoutStaysVersionOne() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let plain = Self.circuit(warmUp: nil, coolDown: nil, sets: 1, betweenSets: nil, restAfter: nil)
        let text = String(decoding: try encoder.encode(plain), as: UTF8.self)
        #expect(text == #"{"exercises":[{"name":"Squats","restSeconds":20,"rounds":2,"workSeconds":40},{"name":"Push-ups","restSeconds":15,"rounds":2,"workSeconds":30}],"kind":"intervals","name":"Circuit","prepareSeconds":10,"restBetweenExercisesSeconds":60,"version":1}"#)
        #expect(!plain.usesCircuitFields)
        #expect(Self.circuit(warmUp: nil, coolDown: nil, sets: 2, betweenSets: nil, restAfter: nil).schemaVersion == 2)
    }

    @Test("a version 1 file reads with one set, no warm-up or cool-down, the rest between exercises between sets")
    func versionOneFileReadsAsBefore() throws {
        let json = #"{"version":1,"name":"T","exercises":[{"name":"A","workSeconds":20,"restSeconds":10,"rounds":8}]}"#
        let workout = try JSONDecoder().decode(IntervalWorkout.self, from: Data(json.utf8))
        #expect(workout.sets == 1 && workout.warmUpSeconds == nil && workout.coolDownSeconds == nil)
        #expect(workout.restBetweenSetsSeconds == nil && workout.exercises[0].restAfterSeconds == nil)
        #expect(workout.estimatedSeconds == 230)
    }

    @Test func aSetsOfTheWrongTypeIsADecodingError() {
        let json = #"{"version":2,"name":"T","sets":"three","exercises":[{"name":"A","workSeconds":20,"restSeconds":10,"rounds":8}]}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(IntervalWorkout.self, from: Data(json.utf8)) }
    }
}
