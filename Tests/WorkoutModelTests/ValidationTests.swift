import Foundation
import Testing
@testable import WorkoutModel

@Suite struct ValidationTests {
    private func workout(
        name: String = "W", exercises: [Exercise]? = nil, between: Int = 60, prepare: Int = 10,
        exerciseName: String = "Burpees", work: Int = 20, rest: Int = 10, rounds: Int = 8
    ) -> IntervalWorkout {
        IntervalWorkout(
            name: name,
            exercises: exercises ?? [Exercise(name: exerciseName, workSeconds: work, restSeconds: rest, rounds: rounds)],
            restBetweenExercisesSeconds: between, prepareSeconds: prepare)
    }

    private func message(_ w: IntervalWorkout) -> String? {
        do { try w.validate(); return nil } catch { return error.description }
    }

    @Test func limitsThatAreAllowed() throws {
        for w in [workout(work: 1), workout(work: 3600), workout(rest: 0), workout(rest: 3600),
                  workout(rounds: 1), workout(rounds: 99), workout(between: 5), workout(between: 300),
                  workout(prepare: 0), workout(name: String(repeating: "é", count: 60))] {
            try w.validate()
        }
    }

    @Test(arguments: [
        (0, "exercise 1 (Burpees) work is 0 s; allowed 1–3600 s"),
        (3601, "exercise 1 (Burpees) work is 3601 s; allowed 1–3600 s"),
    ])
    func workOutOfRange(work: Int, expected: String) {
        #expect(message(workout(work: work)) == expected)
    }

    @Test(arguments: [
        (-1, "exercise 1 (Burpees) rest is -1 s; allowed 0–3600 s"),
        (3601, "exercise 1 (Burpees) rest is 3601 s; allowed 0–3600 s"),
    ])
    func restOutOfRange(rest: Int, expected: String) {
        #expect(message(workout(rest: rest)) == expected)
    }

    @Test(arguments: [
        (0, "exercise 1 (Burpees) rounds is 0; allowed 1–99"),
        (100, "exercise 1 (Burpees) rounds is 100; allowed 1–99"),
    ])
    func roundsOutOfRange(rounds: Int, expected: String) {
        #expect(message(workout(rounds: rounds)) == expected)
    }

    @Test(arguments: [
        (4, "rest between exercises is 4 s; allowed 5–300 s"),
        (301, "rest between exercises is 301 s; allowed 5–300 s"),
    ])
    func restBetweenOutOfRange(between: Int, expected: String) {
        #expect(message(workout(between: between)) == expected)
    }

    @Test func prepareOutOfRange() {
        #expect(message(workout(prepare: -1)) == "prepare is -1 s; allowed 0–3600 s")
    }

    @Test func exerciseCount() {
        #expect(message(workout(exercises: [])) == "exercises is 0; allowed 1–20")
        let many = Array(repeating: Exercise(name: "A", workSeconds: 1, restSeconds: 0, rounds: 1), count: 21)
        #expect(message(workout(exercises: many)) == "exercises is 21; allowed 1–20")
    }

    @Test func names() {
        #expect(message(workout(name: "")) == "name \"\" is empty; a name needs 1–60 characters")
        #expect(message(workout(name: "   ")) == "name \"   \" is empty; a name needs 1–60 characters")
        #expect(message(workout(name: String(repeating: "a", count: 61)))
            == "name \"aaaaaaaaaaaaaaaaaaaa…\" has 61 characters; allowed 1–60")
        #expect(message(workout(name: "a\u{7}b")) == "name \"a\\u{7}b\" contains a control character")
        #expect(message(workout(exerciseName: "")) == "exercise 1 name \"\" is empty; a name needs 1–60 characters")
    }

    /// A right-to-left override reordered `hiit list` (issue 11, item 12): bidirectional
    /// controls and line separators are refused, named by code point; joiners that emoji and
    /// scripts need are not.
    @Test func bidirectionalControlsAndLineSeparatorsAreRefused() {
        #expect(message(workout(name: "Legs\u{202E}yad")) ==
            "name \"Legs\\u{202e}yad\" contains a bidirectional control character (U+202E), which would reorder the text around it")
        #expect(message(workout(exerciseName: "\u{2067}Squats")) ==
            "exercise 1 name \"\\u{2067}Squats\" contains a bidirectional control character (U+2067), which would reorder the text around it")
        #expect(message(workout(name: "Leg\u{2028}day")) == "name \"Leg\\u{2028}day\" contains a line separator (U+2028)")
        #expect(message(workout(name: "Family 👨\u{200D}👩\u{200D}👧")) == nil)
        #expect(message(workout(name: "שבת שלום")) == nil)
    }

    @Test func secondExerciseIsNamedInTheMessage() {
        let w = workout(exercises: [
            Exercise(name: "Squats", workSeconds: 40, restSeconds: 20, rounds: 3),
            Exercise(name: "Lunges", workSeconds: 40, restSeconds: 20, rounds: 0),
        ])
        #expect(message(w) == "exercise 2 (Lunges) rounds is 0; allowed 1–99")
    }
}

@Suite struct QuickFormTests {
    @Test func twentyTenTimesEight() throws {
        let w = try #require(try IntervalWorkout.quick("20/10x8"))
        #expect(w.exercises == [Exercise(name: "Quick", workSeconds: 20, restSeconds: 10, rounds: 8)])
        #expect(w.name == "20/10x8")
        #expect(w.estimatedSeconds == 230)
        #expect(try IntervalWorkout.quick("20/10×8")?.exercises.first?.rounds == 8)
    }

    @Test(arguments: ["tabata", "workouts/tabata.json", "20x8", "a/bxc", "Core+Legs", "2024/plan.json", "5/3/1", "1q/30x3", "Legs/20x3"])
    func notAQuickForm(text: String) throws {
        #expect(try IntervalWorkout.quick(text) == nil)
    }

    /// Times are typed as people type them, and a missing xN is one round.
    static let quickForms: [(String, work: Int, rest: Int, rounds: Int)] = [
        ("1:00/0:30x3", 60, 30, 3), ("1m/30sx3", 60, 30, 3), ("40/20", 40, 20, 1), ("1m30s/45s×2", 90, 45, 2),
        ("2m/1mx4", 120, 60, 4), ("90s/0x5", 90, 0, 5), ("1:30/0:15", 90, 15, 1), ("1min/30secx10", 60, 30, 10),
    ]

    @Test(arguments: quickForms)
    func quickFormsTakeTimesAsTyped(text: String, work: Int, rest: Int, rounds: Int) throws {
        let w = try #require(try IntervalWorkout.quick(text))
        #expect(w.exercises == [Exercise(name: "Quick", workSeconds: work, restSeconds: rest, rounds: rounds)])
        #expect(w.name == text)
    }

    /// Errors speak of work, rest and rounds, never of JSON keys.
    static let quickErrors: [(String, reason: String)] = [
        ("0/10x8", "work is 0 s; allowed 1–3600 s"),
        ("20/10x100", "rounds is 100; allowed 1–99"),
        ("20/3601x2", "rest is 3601 s; allowed 0–3600 s"),
        ("1:00:01/10", "work is 3601 s; allowed 1–3600 s"),
        ("20/x8", "the rest time is missing"),
        ("20/10x", "the rounds after x are missing"),
        ("1.5/10x2", "work \"1.5\" is not a whole number of seconds"),
        ("1:75/10", "work \"1:75\" is not a time such as 40, 40s, 1m30s or 1:00"),
        ("99999999999999999999999/10x8", "work \"99999999999999999999999\" is too long"),
        ("20/10x99999999999999999999", "rounds \"99999999999999999999\" is not a whole number such as 8"),
    ]

    @Test(arguments: quickErrors)
    func quickFormErrorsSpeakOfWorkRestAndRounds(text: String, reason: String) {
        #expect(throws: PlanError.badQuickForm(text: text, reason: reason)) { try IntervalWorkout.quick(text) }
    }

    @Test func validationNamesFieldsInWords() throws {
        var w = IntervalWorkout(name: "Legs", exercises: [Exercise(name: "Squats", workSeconds: 40, restSeconds: 20, rounds: 3)])
        w.restBetweenExercisesSeconds = 4
        #expect(throws: PlanError.outOfRange(field: "rest between exercises", value: 4, range: 5...300, unit: "s")) { try w.validate() }
    }
}

@Suite struct CodingTests {
    @Test func workoutRoundTripsWithVersionAndKind() throws {
        let w = IntervalWorkout(name: "Tabata", exercises: [Exercise(name: "Burpees", workSeconds: 20, restSeconds: 10, rounds: 8)])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(w)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"version\":1"))
        #expect(text.contains("\"kind\":\"intervals\""))
        #expect(try JSONDecoder().decode(IntervalWorkout.self, from: data) == w)
    }

    @Test func missingOptionalFieldsTakeDefaults() throws {
        let json = #"{"name":"T","exercises":[{"name":"A","workSeconds":20,"restSeconds":10,"rounds":8}]}"#
        let w = try JSONDecoder().decode(IntervalWorkout.self, from: Data(json.utf8))
        #expect(w.prepareSeconds == 10)
        #expect(w.restBetweenExercisesSeconds == 60)
    }

    @Test func newerVersionIsRefused() {
        let json = #"{"version":3,"name":"T","exercises":[]}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(IntervalWorkout.self, from: Data(json.utf8)) }
    }

    @Test func historyLineHasSortedKeysAndRoundTrips() throws {
        let record = try tabata(start: 1_796_018_462, length: 240, zone: "Europe/Prague") // 2026-11-30T06:01:02Z
        let line = String(decoding: try record.jsonLine(), as: UTF8.self)
        #expect(line.hasPrefix(#"{"end":"2026-11-30T06:05:02Z","exercises":1,"id":"#))
        #expect(line.contains(#""localDate":"2026-11-30""#))
        #expect(line.contains(#""utcOffsetSeconds":3600"#))
        #expect(line.contains(#""timeZone":"Europe/Prague""#))
        #expect(!line.contains("\n"))
        #expect(try SessionRecord(jsonLine: Data(line.utf8)) == record)
    }

    @Test func historyLineIsWhatTheISO8601StrategyWrites() throws {
        // Instants with a fraction (a session started by the clock) and from before 1970.
        for seconds in [1_796_018_462.75, -86_400.5, 951_868_799.999] {
            let record = try tabata(start: seconds, length: 240.5, zone: "America/New_York")
            let foundation = JSONEncoder()
            foundation.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            foundation.dateEncodingStrategy = .iso8601
            #expect(try record.jsonLine() == foundation.encode(record), "\(seconds)")
        }
    }

    /// A Tabata session starting `start` seconds after 1970 and lasting `length` seconds.
    private func tabata(start: Double, length: Double, zone: String) throws -> SessionRecord {
        let start = Date(timeIntervalSince1970: start)
        return SessionRecord(
            id: UUID(uuid: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16)),
            workout: "Tabata", kind: .intervals, start: start, end: start.addingTimeInterval(length),
            timeZone: try #require(TimeZone(identifier: zone)),
            workoutSeconds: 160, totalSeconds: 230, pausedSeconds: 10, rounds: 8, exercises: 1,
            weightKg: 70, kcal: 27.61111)
    }

    @Test func localDateIsTheStartsDateInItsZone() throws {
        // 23:30 UTC on 31 Dec is already 1 January in Prague
        let start = Date(timeIntervalSince1970: 1_798_759_800) // 2026-12-31T23:30:00Z
        let record = SessionRecord(
            id: UUID(), workout: "T", kind: .intervals, start: start, end: start,
            timeZone: try #require(TimeZone(identifier: "Europe/Prague")), workoutSeconds: 0,
            totalSeconds: 0, pausedSeconds: 0, rounds: 0, exercises: 0, weightKg: nil, kcal: nil)
        #expect(record.localDate.description == "2027-01-01")
        let line = String(decoding: try record.jsonLine(), as: UTF8.self)
        #expect(!line.contains("weightKg"))
        #expect(!line.contains("kcal"))
    }

    /// A zone that is not a `TimeZone` (as the timer records in): its name and its offset at
    /// the start are stored, and the local date is counted from them, across a year's end, on
    /// 29 February, and on either side of UTC.
    @Test(arguments: [
        (1_798_759_800.0, 3600, "2027-01-01"), // 2026-12-31T23:30Z at +1 h
        (1_798_759_800.0, -36_000, "2026-12-31"), // … at -10 h
        (1_709_251_199.0, 0, "2024-02-29"), // the last second of a leap day
        (1_709_164_800.0, -1, "2024-02-28"), // its first, a second behind UTC
        (-1.0, 0, "1969-12-31"),
    ])
    func aZoneOfANameAndAnOffsetGivesTheLocalDate(seconds: Double, offset: Int, date: String) {
        struct Zone: RecordingTimeZone {
            var offset: Int
            var identifier: String { "Test/Zone" }
            func secondsFromGMT(for date: Date) -> Int { offset }
        }
        let start = Date(timeIntervalSince1970: seconds)
        let record = SessionRecord(
            id: UUID(), workout: "T", kind: .intervals, start: start, end: start, timeZone: Zone(offset: offset),
            workoutSeconds: 0, totalSeconds: 0, pausedSeconds: 0, rounds: 0, exercises: 0, weightKg: nil, kcal: nil)
        #expect(record.localDate.description == date)
        #expect(record.timeZone == "Test/Zone")
        #expect(record.utcOffsetSeconds == offset)
    }
}

/// A plan's leg values have upper bounds as well as lower ones: a file cannot plan a leg
/// longer than history can hold.
@Suite struct PlanBoundsTests {
    private func message(_ leg: Leg) -> String? {
        let plan = MultisportPlan(name: "P", legs: [Leg(sport: .running), Leg(sport: .transition), leg])
        do { try plan.validate(); return nil } catch { return error.description }
    }

    @Test func theLongestLegsThatAreAllowed() {
        #expect(message(Leg(sport: .cycling, targetDistanceMeters: 1_000_000, targetSeconds: 604_800)) == nil)
        #expect(message(Leg(sport: .swimming, poolLength: 1000, poolUnit: .yards)) == nil)
        #expect(message(Leg(sport: .swimming, poolLength: 10)) == nil)
        #expect(message(Leg(sport: .swimming, poolLength: 100.0 / 3, poolUnit: .yards)) == nil)
    }

    @Test(arguments: [
        (Leg(sport: .cycling, targetDistanceMeters: 1e20), "target distance is at most 1000 km"),
        (Leg(sport: .cycling, targetDistanceMeters: 1_000_001), "target distance is at most 1000 km"),
        (Leg(sport: .running, targetSeconds: 604_801), "target time is at most 7 days (is 604801 s)"),
        (Leg(sport: .swimming, poolLength: 1e20), "pool length is at most 1000"),
        // A pool far below real ones gave paces like 63779352:13:20 /100 m (issue 11, item 12).
        (Leg(sport: .swimming, poolLength: 0.0000000001), "pool length is at least 10 (is below 0.01)"),
        (Leg(sport: .swimming, poolLength: 9.99, poolUnit: .yards), "pool length is at least 10 (is 9.99)"),
    ])
    func longerLegsAreRefusedNamingTheLeg(leg: Leg, rule: String) throws {
        let text = try #require(message(leg))
        #expect(text.contains("leg 3"), "\(text)")
        #expect(text.contains(rule), "\(text)")
    }
}

/// The multisport totals a record is made of, from its legs.
@Suite struct MultisportTotalsTests {
    static let legs = [
        LegRecord(sport: "swimming", startSeconds: 0, elapsedSeconds: 900, timerSeconds: 880, distanceMeters: 750, kcal: 98.5, laps: []),
        LegRecord(sport: "transition", startSeconds: 900, elapsedSeconds: 90, timerSeconds: 90, distanceMeters: nil, kcal: 7.875, laps: []),
        LegRecord(sport: "cycling", startSeconds: 990, elapsedSeconds: 2400, timerSeconds: 2400, distanceMeters: 20_000, kcal: nil, laps: []),
        LegRecord(sport: "rowing-ẞ", startSeconds: 3390, elapsedSeconds: 600, timerSeconds: 590, distanceMeters: nil, kcal: 50, laps: []),
    ]

    @Test func workTimeAndRoundsLeaveTransitionsOut() {
        #expect(SessionRecord.workoutSeconds(ofLegs: Self.legs) == 880 + 2400 + 590)
        #expect(SessionRecord.rounds(ofLegs: Self.legs) == 3, "a sport this hiit does not know is still a sport leg")
        #expect(SessionRecord.workoutSeconds(ofLegs: []) == 0 && SessionRecord.rounds(ofLegs: []) == 0)
    }

    @Test func kcalIsTheSumOfTheLegsAndNothingWithoutAWeight() {
        #expect(SessionRecord.kcal(ofLegs: Self.legs, weightKg: 70) == 98.5 + 7.875 + 50, "a leg without an estimate adds nothing")
        #expect(SessionRecord.kcal(ofLegs: Self.legs, weightKg: nil) == nil)
        #expect(SessionRecord.kcal(ofLegs: [], weightKg: 70) == 0)
    }
}
