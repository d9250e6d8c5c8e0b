import Foundation
import Testing
import WorkoutModel
@testable import WorkoutStore
import TestSupport

/// `profile.json`: round trips, located errors, never overwriting a broken file.
@Suite struct ProfileFileTests {
    @Test func aMissingFileIsTheEmptyProfile() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = ProfileFile(folder: DataFolder(url: folder.file("hiit")))
        #expect(try file.read() == Profile())
        #expect(!FileManager.default.fileExists(atPath: file.folder.profileURL.path))
    }

    @Test(arguments: [
        Profile(),
        Profile(weightKg: 72.5, firstWeekday: .monday, units: .metric, selectedWorkout: nil),
        Profile(weightKg: 20, firstWeekday: .sunday, units: .imperial, selectedWorkout: "Leg day"),
        Profile(weightKg: 400, firstWeekday: .saturday, units: .metric, selectedWorkout: "Core+Legs"),
        Profile(weightKg: nil, firstWeekday: .system, units: .imperial, selectedWorkout: "Ünïcode ✓"),
        Profile(weeklyGoal: WeeklyGoal(metric: .time, target: 9000)),
        Profile(units: .imperial, weeklyGoal: WeeklyGoal(metric: .distance, target: 40_233.6, unit: .mi, sport: "running")),
    ])
    func profilesSurviveAWriteAndARead(profile: Profile) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = ProfileFile(folder: DataFolder(url: folder.file("hiit")))
        let written = try file.update { $0 = profile }
        #expect(written == profile)
        #expect(try file.read() == profile)
        #expect(try permissions(of: file.folder.profileURL) == 0o600)
        #expect(try permissions(of: file.folder.url) == 0o700)
        let text = try String(contentsOf: file.folder.profileURL, encoding: .utf8)
        #expect(text.contains("\"version\" : 1"))
        #expect(text.hasSuffix("}\n"))
    }

    @Test func missingFieldsTakeTheirDefaults() throws {
        #expect(try ProfileFile.decode(Data("{}".utf8), path: "p.json") == Profile())
        #expect(try ProfileFile.decode(Data("{\"weightKg\": 81, \"later\": true}".utf8), path: "p.json")
            == Profile(weightKg: 81))
    }

    @Test(arguments: [
        ("{\n  \"weightKg\": 72,\n  \"units\": metric\n}\n", "p.json, line 3, column 12: JSON syntax error: expected a value (object, array, string, number, true, false or null), found 'm'"),
        ("{\n  \"weightKg\": \"72\"\n}", "p.json, line 2, column 15: weightKg: expected a number, found the string \"72\""),
        ("{\n  \"weightKg\": 19.5\n}", "p.json, line 2, column 15: weightKg: 19.5 is outside 20–400 kg"),
        ("{\"weightKg\": 1e999}", "p.json, line 1, column 14: weightKg: expected a number, found the number 1e999"),
        ("{\n\"firstWeekday\": \"Tuesday\"}", "p.json, line 2, column 17: firstWeekday: expected one of monday, sunday, saturday, system"),
        ("{\"units\": \"furlongs\"}", "p.json, line 1, column 11: units: expected one of metric, imperial"),
        ("{\"units\": 1}", "p.json, line 1, column 11: units: expected a string, found the number 1"),
        ("{\n  \"weeklyGoal\": {\"metric\": \"laps\", \"target\": 4}\n}", "p.json, line 2, column 28: weeklyGoal.metric: expected one of sessions, time, kcal, distance"),
        ("{\"weeklyGoal\": {\"metric\": \"distance\", \"target\": 40000, \"unit\": \"furlong\"}}", "p.json, line 1, column 64: weeklyGoal.unit: expected one of km, mi"),
        ("{\"weeklyGoal\": {\"metric\": \"time\"}}", "p.json, line 1, column 16: weeklyGoal.target is missing (expected a number)"),
        ("{\n\"weeklyGoal\": {\"metric\": \"time\", \"target\": 5}}", "p.json, line 2, column 15: weeklyGoal: a time goal is 1 min to 168 h"),
        ("{\"weeklyGoal\": {\"metric\": \"sessions\", \"target\": 4, \"sport\": \"quidditch\"}}", "p.json, line 1, column 16: weeklyGoal: 'quidditch' is not a sport"),
        ("{\"version\": 3}", "p.json: version 3 is not supported (this hiit reads version 1; a newer hiit wrote it)"),
        ("[]", "p.json, line 1, column 1: the top level: expected an object, found an array"),
        ("", "p.json: the file is empty; expected a JSON object"),
    ])
    func badProfilesAreNamedWithLineAndColumn(content: String, message: String) {
        do {
            _ = try ProfileFile.decode(Data(content.utf8), path: "p.json")
            Issue.record("no error for \(content)")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func invalidUTF8AndJunkAreNamed() throws {
        do {
            _ = try ProfileFile.decode(Data([0x7B, 0x22, 0xFF, 0x22, 0x7D]), path: "p.json")
            Issue.record("no error")
        } catch {
            #expect(error.description == "p.json, line 1, column 3: not UTF-8 text (byte 0xFF); save the file as UTF-8")
        }
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let data = DataFolder(url: folder.url)
        var generator = SeededGenerator(seed: 11)
        let junk = randomBytes(10 * 1024 * 1024, using: &generator)
        try junk.write(to: data.profileURL)
        #expect(throws: StoreError.tooLarge(path: data.profileURL.path, bytes: junk.count, limit: ProfileFile.maximumBytes)) {
            try ProfileFile(folder: data).read()
        }
        #expect(throws: StoreError.self) { try ProfileFile(folder: data).update { $0.weightKg = 70 } }
        #expect(try Data(contentsOf: data.profileURL) == junk)
    }

    @Test func aBrokenFileIsNeverOverwritten() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let data = DataFolder(url: folder.url)
        let broken = Data("{\n  \"weightKg\": 72,\n  \"units\": \"metric\"\n".utf8)
        try broken.write(to: data.profileURL)
        do {
            try ProfileFile(folder: data).update { $0.weightKg = 80 }
            Issue.record("the broken profile was replaced")
        } catch {
            #expect(error.description.hasPrefix("\(data.profileURL.path), line 4, column 1: JSON syntax error"))
        }
        #expect(try Data(contentsOf: data.profileURL) == broken)
    }

    @Test func staleTemporaryFilesOfAKilledUpdateAreRemoved() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let data = DataFolder(url: folder.url)
        try data.create()
        try Data("half".utf8).write(to: folder.file(".profile.json.tmp-1x2y"))
        try ProfileFile(folder: data).update { $0.units = .imperial }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
        #expect(!names.contains { $0.contains(".tmp-") })
    }
}
