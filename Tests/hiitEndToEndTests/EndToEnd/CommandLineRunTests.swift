import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `hiit` on a pipe and with bad input: plain lines, one-line errors, exit statuses of
/// DESIGN §6 (64 bad usage, 65 bad data in a file), and `hiit show --json`.
@Suite("End to end: plain output, errors, show")
struct CommandLineRunTests {
    // MARK: Plain output

    @Test func plainLinesWhenStdoutIsNotATerminal() async throws {
        let sandbox = try E2ESandbox()
        let result = try await sandbox.runHiit(["run", "1/1x2", "--prepare", "0"])
        #expect(result.status == 0, "\(result.transcript)")
        #expect(!result.stdout.contains("\u{1B}"), "no escape sequences on a pipe: \(result.stdout)")
        let segmentLines = result.stdoutLines.filter { $0.contains("round") }
        #expect(segmentLines.count == 3, "one line per segment:\n\(result.stdout)")
        let phases = segmentLines.map { line in ["WORK", "REST"].first { line.contains($0) } }
        #expect(phases == ["WORK", "REST", "WORK"], "\(result.stdout)")
        #expect(segmentLines.first?.contains("round 1/2") == true)
        #expect(segmentLines.last?.contains("round 2/2") == true)
        #expect(result.stdout.contains("Workout Time"), "\(result.stdout)")
        #expect(result.stdout.contains("Saved to history"), "\(result.stdout)")
        #expect(try sandbox.historyLines().count == 1)
    }

    @Test func ctrlCOnAPipeStopsTheRunAndRecordsNothing() async throws {
        let sandbox = try E2ESandbox()
        let hiit = try sandbox.start(["run", "20/10x2", "--prepare", "0"])
        defer { hiit.stop() }
        try await onOwnThread {
            try hiit.waitForLine("the first segment line") { $0.contains("WORK") }
            hiit.kill(SIGINT)
        }
        let ending = try await hiit.waitForExit()
        #expect(ending == .init(status: 128 + SIGINT, signal: nil), "\(hiit.transcript)")
        #expect(hiit.stderr.contains("nothing was recorded"), "\(hiit.transcript)")
        #expect(try sandbox.historyLines().isEmpty)
    }

    // MARK: Version

    @Test func shortVPrintsTheVersionAsVersionDoes() async throws {
        let sandbox = try E2ESandbox()
        let long = try await sandbox.runHiit(["--version"])
        let short = try await sandbox.runHiit(["-V"])
        #expect(long.status == 0 && long.stdout.hasPrefix("hiit "), "\(long.transcript)")
        #expect(short.status == 0, "-V is --version, not bad usage: \(short.transcript)")
        #expect(short.stdout == long.stdout && short.stderr.isEmpty, "\(short.transcript)")
        // Only at the top, as --version: a subcommand's -V is an unknown option.
        let inRun = try await sandbox.runHiit(["run", "-V"])
        expectHiitError(inRun, status: 64, naming: ["-V"])
    }

    // MARK: Errors

    @Test func unknownWorkoutNameIsBadUsage() async throws {
        let sandbox = try E2ESandbox()
        let result = try await sandbox.runHiit(["run", "no-such-workout-e2e"])
        expectHiitError(result, status: 64, naming: ["no-such-workout-e2e"])
        #expect(try sandbox.historyLines().isEmpty)
    }

    @Test func misspeltWorkoutNameSuggestsTheClosest() async throws {
        let sandbox = try E2ESandbox()
        let result = try await sandbox.runHiit(["run", "tabatta"])
        expectHiitError(result, status: 64, naming: ["tabatta", "Tabata"])
    }

    @Test func workoutFileWithBadJSONIsBadData() async throws {
        let sandbox = try E2ESandbox()
        let file = sandbox.file("broken.json")
        try Data("{ \"version\": 1,\n  \"name\": }\n".utf8).write(to: file)
        let result = try await sandbox.runHiit(["run", file.path])
        expectHiitError(result, status: 65, naming: [file.path, "line 2"])
        #expect(try String(contentsOf: file, encoding: .utf8) == "{ \"version\": 1,\n  \"name\": }\n",
                "a file that does not parse is never rewritten")
    }

    @Test func brokenWorkoutInTheLibraryIsBadDataNamingTheFile() async throws {
        let sandbox = try E2ESandbox()
        let library = sandbox.dataFolder.appendingPathComponent("workouts")
        try FileManager.default.createDirectory(at: library, withIntermediateDirectories: true)
        try Data("{\"version\": 1, \"kind\": \"intervals\", \"name\": 5}".utf8)
            .write(to: library.appendingPathComponent("broken.json"))
        let result = try await sandbox.runHiit(["run", "broken"])
        expectHiitError(result, status: 65, naming: ["broken.json", "name"])
    }

    @Test(arguments: [
        ("0/10x8", ["work is 0 s", "1–3600"]),
        ("3601/10x8", ["work is 3601 s", "1–3600"]),
        ("20/3601x8", ["rest is 3601 s", "0–3600"]),
        ("1:00:01/10", ["work is 3601 s", "1–3600"]),
        ("20/10x0", ["rounds", "0", "1–99"]),
        ("20/10x100", ["rounds", "100", "1–99"]),
    ])
    func quickFormOutOfRangeNamesTheFieldAndRange(word: String, naming: [String]) async throws {
        let sandbox = try E2ESandbox()
        let result = try await sandbox.runHiit(["run", word])
        expectHiitError(result, status: 64, naming: naming)
        #expect(!result.stderr.contains("Seconds"), "speaks of work and rest, not of JSON keys: \(result)")
    }

    /// Times typed as a person types them, in the quick form and in --prepare; no xN is one round.
    static let typedTimes: [(word: String, estimated: Double)] = [("1:00/0:30x3", 240), ("1m/30sx3", 240), ("40/20", 40)]

    @Test(arguments: typedTimes)
    func quickFormsTakeClockAndUnitTimes(word: String, estimated: Double) async throws {
        let prepare = 10.0
        let sandbox = try E2ESandbox()
        let result = try await sandbox.runHiit(["show", word, "--json"])
        #expect(result.status == 0, "\(result)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(json["estimatedSeconds"] as? Double == estimated, "\(result)")
        let segments = try #require(json["segments"] as? [[String: Any]])
        #expect(segments.first?["durationSeconds"] as? Double == prepare)
    }

    @Test func prepareTakesAClockTime() async throws {
        let sandbox = try E2ESandbox()
        let result = try await sandbox.runHiit(["run", "1/0", "--prepare", "0:01", "--events", "--no-record", "--mute"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("\"kind\":\"prepare\""), "a 1 s prepare ran: \(result)")
        let bad = try await sandbox.runHiit(["run", "1/0", "--prepare", "1:00:01"])
        expectHiitError(bad, status: 64, naming: ["--prepare", "3601 s", "0–3600 s"])
    }

    @Test func unknownOptionIsBadUsageNamingIt() async throws {
        let sandbox = try E2ESandbox()
        let result = try await sandbox.runHiit(["run", "1/1x1", "--bogus"])
        expectHiitError(result, status: 64, naming: ["--bogus"])
    }

    @Test(arguments: [["run", "1/1x1", "--prepare"], ["run", "1/1x1", "--prepare", "soon"], ["run", "1/1x1", "--weight", "heavy"],
                      ["run", "1/1x1", "--prepare", "3601"]])
    func missingOrBadOptionValueIsBadUsage(arguments: [String]) async throws {
        let sandbox = try E2ESandbox()
        let result = try await sandbox.runHiit(arguments)
        expectHiitError(result, status: 64, naming: [arguments[2]])
        #expect(try sandbox.historyLines().isEmpty)
    }

    // MARK: Help

    @Test func runHelpListsItsOptions() async throws {
        let sandbox = try E2ESandbox()
        let result = try await sandbox.runHiit(["run", "--help"])
        #expect(result.status == 0, "\(result.transcript)")
        for word in ["USAGE:", "OPTIONS:", "--prepare", "--mute", "--audio-device", "--no-record", "--events"] {
            #expect(result.stdout.contains(word), "'\(word)' in:\n\(result.stdout)")
        }
    }

    // MARK: show --json

    /// The keys every segment of `show --json` has (DESIGN §6, with `set` and `sets` of #16),
    /// `null` when they do not apply.
    static let segmentKeys: Set<String> = [
        "kind", "label", "round", "rounds", "exercise", "exercises", "set", "sets", "sport", "startSeconds", "durationSeconds",
    ]

    /// Runs `hiit show WORD --json` and returns the object it prints.
    static func showJSON(_ word: String, in sandbox: E2ESandbox) async throws -> [String: Any] {
        let result = try await sandbox.runHiit(["show", word, "--json"])
        #expect(result.status == 0, "\(result.transcript)")
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
        return try #require(object as? [String: Any], "not a JSON object: \(result.stdout)")
    }

    /// Checks the timeline's shape and arithmetic, and returns its segments without the
    /// prepare countdown (whose place in `show` is the program's to choose).
    static func checkTimeline(_ json: [String: Any]) throws -> [[String: Any]] {
        let segments = try #require(json["segments"] as? [[String: Any]])
        for segment in segments {
            #expect(Set(segment.keys) == segmentKeys, "\(segment)")
        }
        // Segments follow one another: each starts where the one before ended.
        for (a, b) in zip(segments, segments.dropFirst()) {
            let start = try #require(a["startSeconds"] as? Double)
            let duration = try #require(a["durationSeconds"] as? Double)
            #expect(b["startSeconds"] as? Double == start + duration, "\(a) then \(b)")
        }
        let prepare = segments.filter { $0["kind"] as? String == "prepare" }
        #expect(prepare.count <= 1)
        if !prepare.isEmpty { #expect(segments.first?["kind"] as? String == "prepare", "prepare comes first") }
        let timed = segments.filter { $0["kind"] as? String != "prepare" }
        let total = timed.compactMap { $0["durationSeconds"] as? Double }.reduce(0, +)
        #expect(json["estimatedSeconds"] as? Double == total, "the estimate is the sum of the segments, prepare excluded")
        return timed
    }

    @Test func showTabataAsJSON() async throws {
        let sandbox = try E2ESandbox()
        let json = try await Self.showJSON("tabata", in: sandbox)
        #expect(json["name"] as? String == "Tabata")
        #expect(json["kind"] as? String == "intervals")
        #expect(json["estimatedSeconds"] as? Double == 230)
        let timed = try Self.checkTimeline(json)
        #expect(timed.map { $0["kind"] as? String } == (1...15).map { $0 % 2 == 1 ? "work" : "rest" })
        #expect(timed.map { $0["durationSeconds"] as? Double } == (1...15).map { $0 % 2 == 1 ? 20 : 10 })
        #expect(timed.map { $0["round"] as? Int } == (1...15).map { ($0 + 1) / 2 })
        #expect(timed.allSatisfy { $0["rounds"] as? Int == 8 && $0["exercise"] as? Int == 1 && $0["exercises"] as? Int == 1 })
        #expect(timed.allSatisfy { $0["label"] as? String == "Burpees" })
        #expect(timed.allSatisfy { $0["sport"] is NSNull }, "intervals have no sport")
    }

    @Test func showWorkoutFileWithTwoExercisesAndZeroRest() async throws {
        let sandbox = try E2ESandbox()
        let file = sandbox.file("pair.json")
        try Data("""
            {"version": 1, "kind": "intervals", "name": "E2E Pair", "prepareSeconds": 0,
             "restBetweenExercisesSeconds": 6,
             "exercises": [{"name": "Squats", "workSeconds": 5, "restSeconds": 0, "rounds": 2},
                           {"name": "Lunges", "workSeconds": 4, "restSeconds": 2, "rounds": 2}]}
            """.utf8).write(to: file)
        let json = try await Self.showJSON(file.path, in: sandbox)
        #expect(json["name"] as? String == "E2E Pair")
        #expect(json["estimatedSeconds"] as? Double == 26)
        let timed = try Self.checkTimeline(json)
        // A rest of 0 s is never shown; the rest between exercises comes once, between them.
        #expect(timed.map { $0["kind"] as? String } == ["work", "work", "restBetweenExercises", "work", "rest", "work"])
        #expect(timed.map { $0["durationSeconds"] as? Double } == [5, 5, 6, 4, 2, 4])
        let exerciseSegments = timed.filter { $0["kind"] as? String != "restBetweenExercises" }
        #expect(exerciseSegments.map { $0["exercise"] as? Int } == [1, 1, 2, 2, 2])
        #expect(exerciseSegments.map { $0["round"] as? Int } == [1, 2, 1, 1, 2])
        #expect(exerciseSegments.allSatisfy { $0["exercises"] as? Int == 2 && $0["rounds"] as? Int == 2 })
        #expect(timed.filter { $0["kind"] as? String == "work" }.map { $0["label"] as? String } == ["Squats", "Squats", "Lunges", "Lunges"])
        #expect(timed.first?["startSeconds"] as? Double == 0, "no prepare: the first work starts at 0")
    }

    @Test func showUnknownWorkoutIsBadUsage() async throws {
        let sandbox = try E2ESandbox()
        let result = try await sandbox.runHiit(["show", "no-such-workout-e2e", "--json"])
        expectHiitError(result, status: 64, naming: ["no-such-workout-e2e"])
    }
}
