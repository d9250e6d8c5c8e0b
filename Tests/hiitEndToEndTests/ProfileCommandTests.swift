import Foundation
import Testing
import WorkoutModel

/// `hiit profile …` and the timer's use of the profile's weight, run as a person would.
@Suite struct ProfileCommandTests {
    @Test func profileStartsEmptyAndShowsHowToSetTheWeight() throws {
        let box = try E2ESandbox.forHistory()
        let run = try box.run(["profile"])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdoutLines == [
            "Weight         not set: no calorie estimates ('hiit profile --weight 72.5kg' sets it)",
            "First weekday  system (the locale's first day; Monday where it says nothing)",
            "Units          metric",
            "File           \(box.profileURL.path) (not created yet)",
        ])
        #expect(!FileManager.default.fileExists(atPath: box.profileURL.path))
    }

    /// A narrow terminal gets the values wrapped under themselves (a new-user check found the
    /// first weekday's line 76 columns wide at `COLUMNS=60`); only the file's path, one word,
    /// may stand out.
    @Test(arguments: [60, 50, 40])
    func aNarrowTerminalGetsWrappedValues(columns: Int) throws {
        let box = try E2ESandbox.forHistory()
        let run = try box.run(["profile"], extraEnvironment: ["COLUMNS": String(columns)])
        #expect(run.status == 0, "\(run)")
        let lines = run.stdoutLines
        #expect(lines.filter { !$0.contains(box.profileURL.path) }.allSatisfy { $0.count <= columns }, "\(lines)")
        #expect(lines.first?.hasPrefix("Weight         not set:") == true, "\(lines)")
        #expect(lines.dropFirst().first?.hasPrefix("               ") == true, "a continuation under the value: \(lines)")
        #expect(lines.joined(separator: " ").replacingOccurrences(of: "  +", with: " ", options: .regularExpression)
            .contains("system (the locale's first day; Monday where it says nothing)"), "\(lines)")
    }

    @Test func settingsAreSavedPrivatelyAndShown() throws {
        let box = try E2ESandbox.forHistory()
        let set = try box.run(["profile", "--weight", "72.5kg", "--first-weekday", "sunday", "--units", "imperial"])
        #expect(set.status == 0, "\(set)")
        #expect(set.stdoutLines == [
            "Saved the profile.",
            "Weight         159.8 lb",
            "First weekday  sunday",
            "Units          imperial",
            "File           \(box.profileURL.path)",
        ])
        #expect(try fileModeBits(of: box.profileURL) == 0o600)
        #expect(try fileModeBits(of: box.dataFolder) == 0o700)
        #expect(try String(contentsOf: box.profileURL, encoding: .utf8) == """
            {
              "firstWeekday" : "sunday",
              "units" : "imperial",
              "version" : 1,
              "weightKg" : 72.5
            }

            """)
        // One setting at a time keeps the others.
        let units = try box.run(["profile", "--units", "metric"])
        #expect(units.stdoutLines.contains("Weight         72.5 kg"))
        #expect(units.stdoutLines.contains("First weekday  sunday"))
        let cleared = try box.run(["profile", "--no-weight"])
        #expect(cleared.stdoutLines.contains("Weight         not set: no calorie estimates ('hiit profile --weight 72.5kg' sets it)"))
        #expect(try box.run(["profile"]).stdoutLines.contains("First weekday  sunday"))
    }

    /// A weight keeps the unit it is typed in; a bare number is in the profile's units, and the
    /// profile shows the weight in them.
    @Test func weightsTakePoundsAndKilogramsAndShowInTheProfilesUnits() throws {
        let box = try E2ESandbox.forHistory()
        let pounds = try box.run(["profile", "--weight", "154lb"])
        #expect(pounds.status == 0, "\(pounds)")
        #expect(pounds.stdoutLines.contains("Weight         69.85 kg"), "metric shows kg: \(pounds)")
        let stored = try JSONSerialization.jsonObject(with: Data(contentsOf: box.profileURL)) as? [String: Any]
        #expect(abs((stored?["weightKg"] as? Double ?? 0) - 154 * 0.45359237) < 1e-9, "stored in kg, exactly")
        let imperial = try box.run(["profile", "--units", "imperial"])
        #expect(imperial.stdoutLines.contains("Weight         154 lb"), "\(imperial)")
        let bare = try box.run(["profile", "--weight", "160"])
        #expect(bare.stdoutLines.contains("Weight         160 lb"), "a bare number is in the profile's units: \(bare)")
        let kilograms = try box.run(["profile", "--weight", "70 kg"])
        #expect(kilograms.stdoutLines.contains("Weight         154.3 lb"), "\(kilograms)")
        let both = try box.run(["profile", "--weight", "70", "--units", "metric"])
        #expect(both.stdoutLines.contains("Weight         70 kg"), "the units given now decide: \(both)")
    }

    @Test(arguments: [
        (["--weight", "19.9"], "Error: --weight: '19.9' is outside 20–400 kg (44.1–881.8 lb)"),
        (["--weight", "400.5"], "Error: --weight: '400.5' is outside 20–400 kg (44.1–881.8 lb)"),
        (["--weight", "1000lb"], "Error: --weight: '1000lb' is 453.6 kg, outside 20–400 kg (44.1–881.8 lb)"),
        (["--weight", "40", "--units", "imperial"], "Error: --weight: '40' is 18.1 kg, outside 20–400 kg (44.1–881.8 lb)"),
        (["--weight", "-70"], "Error: --weight: '-70' is not a weight such as 72.5, 72.5kg or 160lb (20–400 kg)"),
        (["--weight", "seventy"], "Error: --weight: 'seventy' is not a weight such as 72.5, 72.5kg or 160lb (20–400 kg)"),
        (["--weight", "7e1"], "Error: --weight: '7e1' is not a weight such as 72.5, 72.5kg or 160lb (20–400 kg)"),
        (["--weight", "nan"], "Error: --weight: 'nan' is not a weight such as 72.5, 72.5kg or 160lb (20–400 kg)"),
        (["--weight", "11st"], "Error: --weight: '11st' is not a weight such as 72.5, 72.5kg or 160lb (20–400 kg)"),
        (["--weight", "70", "--no-weight"], "Error: --weight: '70' cannot be given with --no-weight"),
        (["--first-weekday", "tuesday"], "Error: --first-weekday: 'tuesday' is not one of monday, sunday, saturday, system"),
        (["--first-weekday", "Monday"], "Error: --first-weekday: 'Monday' is not one of monday, sunday, saturday, system; did you mean 'monday'?"),
        (["--units", "imperal"], "Error: --units: 'imperal' is not one of metric, imperial; did you mean 'imperial'?"),
        (["--units", "si"], "Error: --units: 'si' is not one of metric, imperial"),
    ])
    func badValuesAreRefusedAndNothingIsWritten(arguments: [String], message: String) throws {
        let box = try E2ESandbox.forHistory()
        try box.writeProfile(Data("{\"version\": 1, \"weightKg\": 80}\n".utf8))
        let before = try Data(contentsOf: box.profileURL)
        let run = try box.run(["profile"] + arguments)
        #expect(run.status == 64, "\(run)")
        #expect(run.allStderrLines.first == message)
        #expect(run.allStderrLines.dropFirst().first?.hasPrefix("Usage: hiit profile") == true)
        #expect(run.stdout.isEmpty)
        #expect(try Data(contentsOf: box.profileURL) == before)
    }

    @Test(arguments: [
        ("{\n  \"weightKg\": 72,\n  \"units\": metric\n}\n", "line 3, column 12: JSON syntax error"),
        ("{\n  \"weightKg\": \"72\"\n}\n", "line 2, column 15: weightKg: expected a number, found the string \"72\""),
        ("{\n  \"weightKg\": 1000\n}\n", "line 2, column 15: weightKg: 1000 is outside 20–400 kg"),
        ("{\n  \"firstWeekday\": \"tuesday\"\n}\n", "line 2, column 19: firstWeekday: expected one of monday, sunday, saturday, system"),
        ("{\"version\": 2, \"weightKg\": 70}", "version 2 is not supported (this hiit reads version 1; a newer hiit wrote it)"),
        ("{\"weightKg\": 70", "line 1, column 16: JSON syntax error"),
    ])
    func brokenProfileIsNamedAndNeverOverwritten(content: String, problem: String) throws {
        let box = try E2ESandbox.forHistory()
        try box.writeProfile(Data(content.utf8))
        let before = try Data(contentsOf: box.profileURL)
        for arguments in [["profile"], ["profile", "--weight", "70"], ["profile", "--units", "imperial"]] {
            let run = try box.run(arguments)
            #expect(run.status == 65, "\(arguments): \(run)")
            #expect(run.allStderrLines.count == 1)
            #expect(run.allStderrLines.first?.hasPrefix("Error: \(box.profileURL.path)") == true)
            #expect(run.stderr.contains(problem), "\(run.stderr)")
            #expect(try Data(contentsOf: box.profileURL) == before)
        }
    }

    @Test func theTimerUsesTheProfilesWeight() throws {
        let box = try E2ESandbox.forHistory()
        #expect(try box.run(["profile", "--weight", "90"]).status == 0)
        let run = try box.run(["run", "1/1x1", "--prepare", "0", "--events", "--mute"])
        #expect(run.status == 0, "\(run)")
        let records = box.historyBytes().split(separator: 0x0A).compactMap { try? SessionRecord(jsonLine: Data($0)) }
        #expect(records.count == 1)
        #expect(records.first?.weightKg == 90)
        #expect(records.first.flatMap(\.kcal).map { $0 > 0 } == true)
        // --weight wins over the profile.
        _ = try box.run(["run", "1/1x1", "--prepare", "0", "--events", "--mute", "--weight", "60"])
        let second = box.historyBytes().split(separator: 0x0A).compactMap { try? SessionRecord(jsonLine: Data($0)) }
        #expect(second.last?.weightKg == 60)
        // In pounds, typed or by the profile's units; out of range refused before the run.
        _ = try box.run(["run", "1/1x1", "--prepare", "0", "--events", "--mute", "--weight", "150lb"])
        _ = try box.run(["profile", "--units", "imperial"])
        _ = try box.run(["run", "1/1x1", "--prepare", "0", "--events", "--mute", "--weight", "200"])
        let third = box.historyBytes().split(separator: 0x0A).compactMap { try? SessionRecord(jsonLine: Data($0)) }
        #expect(third.dropFirst(2).map { $0.weightKg.map { ($0 * 1000).rounded() / 1000 } } == [68.039, 90.718])
        let show = try box.run(["history", "show", String(third[3].id.uuidString.prefix(8))])
        #expect(show.stdoutLines.contains { $0.hasPrefix("Weight") && $0.hasSuffix(" 200 lb") }, "in the profile's units: \(show)")
        let refused = try box.run(["run", "1/1x1", "--prepare", "0", "--events", "--mute", "--weight", "30"])
        #expect(refused.status == 64 && refused.allStderrLines.first == "Error: --weight: '30' is 13.6 kg, outside 20–400 kg (44.1–881.8 lb)",
                "\(refused)")
        #expect(box.historyBytes().split(separator: 0x0A).count == 4, "nothing recorded")
    }

    @Test func aBrokenProfileWarnsOnceAndTheWorkoutStillRunsWithoutKcal() throws {
        let box = try E2ESandbox.forHistory()
        try box.writeProfile(Data("{\"weightKg\": oops}\n".utf8))
        let before = try Data(contentsOf: box.profileURL)
        let run = try box.run(["run", "1/1x1", "--prepare", "0", "--events", "--mute"])
        #expect(run.status == 0, "\(run)")
        let warnings = run.allStderrLines.filter { $0.hasPrefix("Warning:") }
        #expect(warnings == ["Warning: no calorie estimate and no selected workout: the profile cannot be read: \(box.profileURL.path), line 1, column 14: JSON syntax error: expected a value (object, array, string, number, true, false or null), found 'o'"])
        #expect(run.stdout.contains("\"event\":\"saved\""))
        let records = box.historyBytes().split(separator: 0x0A).compactMap { try? SessionRecord(jsonLine: Data($0)) }
        #expect(records.count == 1)
        #expect(records.first?.weightKg == nil)
        #expect(records.first?.kcal == nil)
        #expect(try Data(contentsOf: box.profileURL) == before)
    }
}
