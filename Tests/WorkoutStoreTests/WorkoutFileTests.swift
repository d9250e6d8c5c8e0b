import Foundation
import Testing
import WorkoutModel
@testable import WorkoutStore
import TestSupport

@Suite struct WorkoutFileTests {
    @Test func workoutSurvivesEncodeAndDecode() throws {
        let data = try WorkoutFile.encode(sampleWorkout, path: "w.json")
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.hasSuffix("}\n"))
        #expect(text.contains("\"version\" : 1"))
        #expect(try WorkoutFile.decode(data, path: "w.json") == sampleWorkout)
    }

    @Test func workoutSurvivesSaveAndLoad() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let url = folder.file("core.json")
        try WorkoutFile.save(sampleWorkout, to: url)
        #expect(try WorkoutFile.load(from: url) == sampleWorkout)
        #expect(try permissions(of: url) == 0o600)
        // Saving again replaces the file and leaves no temporary file behind.
        var changed = sampleWorkout
        changed.prepareSeconds = 0
        try WorkoutFile.save(changed, to: url)
        #expect(try WorkoutFile.load(from: url) == changed)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["core.json"])
    }

    @Test func missingOptionalFieldsTakeDefaults() throws {
        let text = #"{"name": "Tabata", "exercises": [{"name": "Go", "workSeconds": 20, "restSeconds": 10, "rounds": 8}]}"#
        let workout = try WorkoutFile.decode(Data(text.utf8), path: "t.json")
        #expect(workout.prepareSeconds == 10)
        #expect(workout.restBetweenExercisesSeconds == 60)
    }

    @Test func wholeNumbersWrittenAsDecimalsAreAccepted() throws {
        let text = #"{"name": "T", "exercises": [{"name": "Go", "workSeconds": 20.0, "restSeconds": 1e1, "rounds": 8}]}"#
        let workout = try WorkoutFile.decode(Data(text.utf8), path: "t.json")
        #expect(workout.exercises[0].workSeconds == 20)
        #expect(workout.exercises[0].restSeconds == 10)
    }

    static let syntaxCases: [(text: String, message: String)] = [
        ("{\"name\": \"T\",\n \"exercises\": [\n  {\"name\": \"a\" \"workSeconds\": 2}]}",
         "tabata.json, line 3, column 16: JSON syntax error: expected ',' or '}' after the value of \"name\", found '\"'"),
        ("{\"name\": \"T\",\n}",
         "tabata.json, line 1, column 13: JSON syntax error: a ',' is followed by '}'; remove the trailing comma"),
        ("{\"name\": \"T\", \"exercises\": [",
         "tabata.json, line 1, column 29: JSON syntax error: expected a value, found the end of the text"),
        ("{\"name\": \"T\", \"exercises\": tru}",
         "tabata.json, line 1, column 28: JSON syntax error: expected true, found 'tru'"),
        ("{\"name\": \"T\", \"exercises\": nul}",
         "tabata.json, line 1, column 28: JSON syntax error: expected null, found 'nul'"),
        ("{\"name\": \"T\", \"exercises\": fasle}",
         "tabata.json, line 1, column 28: JSON syntax error: expected false, found 'fasle'"),
        ("{\"name\": \"T\", \"exercises\": none}",
         "tabata.json, line 1, column 28: JSON syntax error: expected a value (object, array, string, number, true, false or null), found 'none'"),
        ("{\"name\": \"Tab",
         "tabata.json, line 1, column 10: JSON syntax error: a string is not closed: it starts here and the text ends before its closing '\"'"),
        ("{\"name\": \"Tab\nata\"}",
         "tabata.json, line 1, column 10: JSON syntax error: a string is not closed before the end of the line (write a line break as \\n)"),
        ("{\"name\": 'T'}",
         "tabata.json, line 1, column 10: JSON syntax error: expected a value (object, array, string, number, true, false or null), found '''"),
        ("{\"rounds\": 08}",
         "tabata.json, line 1, column 12: JSON syntax error: a number cannot start with 0 followed by more digits"),
        ("{\"name\": \"A\", \"name\": \"B\"}",
         "tabata.json, line 1, column 15: JSON syntax error: the key \"name\" appears twice in the same object"),
        ("{} {}",
         "tabata.json, line 1, column 4: JSON syntax error: unexpected '{' after the end of the JSON value"),
        ("// comment\n{}",
         "tabata.json, line 1, column 1: JSON syntax error: expected a value (object, array, string, number, true, false or null), found '/'"),
        ("{\"name\": \"Žluť\", x}",
         "tabata.json, line 1, column 18: JSON syntax error: expected a key in double quotes, found 'x'"),
        ("{\"name\": \"a\\qb\"}",
         "tabata.json, line 1, column 12: JSON syntax error: unknown escape '\\q' in a string (allowed: \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)"),
    ]

    @Test(arguments: syntaxCases)
    func syntaxErrorNamesLineAndColumn(_ testCase: (text: String, message: String)) {
        #expect(workoutError(testCase.text) == testCase.message)
    }

    static let shapeCases: [(text: String, message: String)] = [
        (#"""
         {"name": "T", "exercises": [
           {"name": "a", "workSeconds": 20, "restSeconds": 10, "rounds": 8},
           {"name": "b", "workSeconds": "x", "restSeconds": 10, "rounds": 8}]}
         """#,
         "tabata.json, line 3, column 32: exercises[1].workSeconds: expected a whole number, found the string \"x\""),
        (#"""
         {"name": "T", "exercises": [
           {"name": "a", "workSeconds": 20, "restSeconds": 10, "rounds": 8},
           {"name": "b", "restSeconds": 10, "rounds": 8}]}
         """#,
         "tabata.json, line 3, column 3: exercises[1].workSeconds is missing (expected a whole number)"),
        (#"{"name": "T", "exercises": [{"name": "a", "workSeconds": 20.5, "restSeconds": 10, "rounds": 8}]}"#,
         "tabata.json, line 1, column 58: exercises[0].workSeconds: expected a whole number, found the number 20.5"),
        (#"{"name": "T", "exercises": [{"name": "a", "workSeconds": 1e30, "restSeconds": 10, "rounds": 8}]}"#,
         "tabata.json, line 1, column 58: exercises[0].workSeconds: expected a whole number, found the number 1e30"),
        (#"{"name": "T", "exercises": [{"name": "a", "workSeconds": null, "restSeconds": 10, "rounds": 8}]}"#,
         "tabata.json, line 1, column 58: exercises[0].workSeconds: expected a whole number, found null"),
        (#"{"name": "T", "exercises": {"name": "a"}}"#,
         "tabata.json, line 1, column 28: exercises: expected an array, found an object"),
        (#"{"name": 7, "exercises": []}"#,
         "tabata.json, line 1, column 10: name: expected a string, found the number 7"),
        (#"{"exercises": []}"#,
         "tabata.json, line 1, column 1: name is missing (expected a string)"),
        (#"[1, 2]"#,
         "tabata.json, line 1, column 1: the top level: expected an object, found an array"),
        (#"{"kind": "multisport", "name": "T", "exercises": []}"#,
         "tabata.json, line 1, column 10: kind: kind \"multisport\" is not an interval workout (expected \"intervals\")"),
        (#"{"version": 3, "name": "T", "exercises": []}"#,
         "tabata.json: version 3 is not supported (this hiit reads versions 1–2; a newer hiit wrote it)"),
        (#"{"name": "T", "exercises": [{"name": "a", "workSeconds": 0, "restSeconds": 10, "rounds": 8}]}"#,
         "tabata.json: exercise 1 (a) work is 0 s; allowed 1–3600 s"),
        (#"{"name": "T", "exercises": []}"#,
         "tabata.json: exercises is 0; allowed 1–20"),
    ]

    @Test(arguments: shapeCases)
    func wrongOrMissingValueNamesKeyPath(_ testCase: (text: String, message: String)) {
        #expect(workoutError(testCase.text) == testCase.message)
    }

    @Test func unreadableContentGivesOneLineErrors() {
        var invalid = Data(#"{"name": "Ab"#.utf8)
        invalid.append(contentsOf: [0xC3, 0x28])  // a lead byte without its continuation
        invalid.append(contentsOf: Array(#"", "exercises": []}"#.utf8))
        #expect(workoutError(invalid) == "tabata.json, line 1, column 13: not UTF-8 text (byte 0xC3); save the file as UTF-8")
        #expect(workoutError(Data([0xFF, 0xFE, 0x7B, 0x00])) == "tabata.json, line 1, column 1: not UTF-8 text (byte 0xFF); save the file as UTF-8")
        #expect(workoutError("") == "tabata.json: the file is empty; expected a JSON object")
        #expect(workoutError(" \n\t ") == "tabata.json: the file is empty; expected a JSON object")
        let deep = String(repeating: "[", count: 100_000)
        #expect(workoutError(deep) == "tabata.json, line 1, column 65: JSON syntax error: arrays and objects are nested more than 64 deep")
    }

    @Test func byteOrderMarkIsAccepted() throws {
        var data = Data([0xEF, 0xBB, 0xBF])
        data.append(try WorkoutFile.encode(sampleWorkout, path: "w.json"))
        #expect(try WorkoutFile.decode(data, path: "w.json") == sampleWorkout)
    }

    /// Each bad file gives a clear error within a second or so and is left byte for byte as it was.
    @Test(arguments: ["invalid-utf8", "truncated", "empty", "junk-10MB", "junk-900KB"])
    func badFileIsReportedAndLeftUnchanged(_ kind: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var generator = SeededGenerator(seed: 42)
        let content: Data
        let expected: String
        let url = folder.file("bad.json")
        switch kind {
        case "invalid-utf8":
            content = Data([0x7B, 0x22, 0x6E, 0x22, 0x3A, 0x22, 0xE2, 0x82, 0x22, 0x7D])
            expected = "\(url.path), line 1, column 7: not UTF-8 text (byte 0xE2); save the file as UTF-8"
        case "truncated":
            let whole = try WorkoutFile.encode(sampleWorkout, path: "w")
            content = whole.prefix(whole.count / 2)
            expected = "\(url.path), line "
        case "empty":
            content = Data()
            expected = "\(url.path): the file is empty; expected a JSON object"
        case "junk-10MB":
            content = randomBytes(10_000_000, using: &generator)
            expected = "\(url.path): the file is 9.5 MiB; a file of this kind is at most 1.0 MiB"
        default:
            content = Data((0..<900_000).map { _ in UInt8.random(in: 0x20...0x7E, using: &generator) })
            expected = "\(url.path), line 1, column "
        }
        try content.write(to: url)
        let clock = ContinuousClock()
        let started = clock.now
        let message: String
        do {
            _ = try WorkoutFile.load(from: url)
            message = "no error"
        } catch {
            message = error.description
        }
        #expect(clock.now - started < .seconds(2))
        #expect(message.hasPrefix(expected), "\(message)")
        #expect(!message.contains("\n"))
        #expect(try Data(contentsOf: url) == content)
    }

    @Test func missingFileNamesPathAndErrno() {
        let url = URL(fileURLWithPath: "/nonexistent-hiit-test/none.json")
        #expect(throws: StoreError.io(path: url.path, operation: "open", errno: 2)) {
            try WorkoutFile.load(from: url)
        }
        #expect(StoreError.io(path: "/x/none.json", operation: "open", errno: 2).description
            == "/x/none.json: cannot open: No such file or directory (errno 2)")
    }

    @Test func invalidWorkoutIsNotSaved() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let url = folder.file("bad.json")
        var bad = sampleWorkout
        bad.exercises[0].rounds = 0
        #expect(throws: StoreError.self) { try WorkoutFile.save(bad, to: url) }
        #expect(!FileManager.default.fileExists(atPath: url.path))
    }
}

/// `count` bytes from a seeded generator, produced eight at a time (fast in debug builds).
func randomBytes(_ count: Int, using generator: inout SeededGenerator) -> Data {
    var data = Data(capacity: count + 8)
    while data.count < count {
        withUnsafeBytes(of: generator.next()) { data.append(contentsOf: $0) }
    }
    return data.prefix(count)
}


/// Every store error is one line, whatever the path holds.
@Suite struct StoreErrorLineTests {
    @Test func aPathWithALineEndStaysOnOneLine() {
        let errors: [StoreError] = [
            .io(path: "/tmp/a\nb.json", operation: "open", errno: 2),
            .emptyFile(path: "x\r\ny\u{1B}[2J.json"),
            .syntax(SourceLocation(path: "p\nq.json", line: 3, column: 4), reason: "expected ','"),
        ]
        for error in errors {
            let text = error.description
            #expect(!text.contains("\n") && !text.contains("\r") && !text.contains("\u{1B}"), "\(text)")
        }
        #expect(errors[0].description.hasPrefix("/tmp/a\\u{a}b.json: cannot open"))
    }
}
