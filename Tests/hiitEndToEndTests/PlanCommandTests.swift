import Foundation
import Testing

/// Multisport plans through the built binary: `hiit plan new|add|remove|move|set`, and the
/// library commands (`list`, `show`, `rename`, `duplicate`, `export`, `import`, `delete`,
/// `edit`, `run`) on plans. Each test has its own data folder.
@Suite struct PlanCommandTests {
    static let sprintWords = ["plan", "new", "Sprint triathlon", "swim:750m", "t1", "bike:20km", "t2", "run:5km", "--pool", "25m"]

    /// A sandbox with an empty library holding the sprint triathlon made by `plan new`.
    static func sprintLibrary() throws -> E2ESandbox {
        let sandbox = try LibraryCommandTests.emptyLibrary()
        let run = try sandbox.run(sprintWords)
        #expect(run.status == 0, "\(run)")
        return sandbox
    }

    // MARK: plan new

    @Test func planNewCreatesThePlanAndShowsItsLegs() throws {
        let sandbox = try LibraryCommandTests.emptyLibrary()
        let run = try sandbox.run(Self.sprintWords)
        #expect(run.status == 0, "\(run)")
        #expect(run.stderr.isEmpty, "\(run)")
        #expect(run.stdout == """
            Created 'Sprint triathlon' (\(sandbox.workoutFile("sprint-triathlon.json").path)):
              1. Swim  750 m  pool 25 m
              2. T1
              3. Bike  20 km
              4. T2
              5. Run   5 km
            Expected time: — (needs a target time on every sport leg)

            """, "\(run)")
        #expect(try fileModeBits(of: sandbox.workoutFile("sprint-triathlon.json")) == 0o600)
        let stored = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: sandbox.workoutFile("sprint-triathlon.json"))) as? [String: Any])
        #expect(stored["kind"] as? String == "multisport")
        #expect(stored["version"] as? Int == 1)
        let legs = try #require(stored["legs"] as? [[String: Any]])
        #expect(legs.map { $0["sport"] as? String } == ["swimming", "transition", "cycling", "transition", "running"])
        #expect(legs[0]["poolLength"] as? Double == 25 && legs[0]["poolUnit"] as? String == "m")
    }

    @Test func timesYardsFractionsOpenWaterAndIndoorAreAccepted() throws {
        let sandbox = try LibraryCommandTests.emptyLibrary()
        let run = try sandbox.run(["plan", "new", "Pool brick", "swimming:1000yd", "T1", "cycling:1h", "t2", "running:30min",
                                   "--pool", "33⅓yd", "--indoor"])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.contains("""
              1. Swim  1000 yd  pool 33⅓ yd, indoor
              2. T1
              3. Bike  1:00:00  indoor
              4. T2
              5. Run   30:00    indoor
            Expected time: — (needs a target time on every sport leg)
            """), "\(run)")
        let open = try sandbox.run(["plan", "new", "Lake", "swim:1.5km", "--pool", "open-water", "--outdoor"])
        #expect(open.status == 0 && open.stdout.contains("1. Swim  1.5 km  open water, outdoor"), "\(open)")
    }

    /// A distance keeps the unit it was typed in: a 750 m swim in a 33⅓ yd pool is 750 m, not
    /// 820.21 yd; 5k is 5 km; 5mi is 5 mi with metric units; files without the unit read as before.
    @Test func aTargetDistanceKeepsTheUnitItWasTypedIn() throws {
        let sandbox = try LibraryCommandTests.emptyLibrary()
        let run = try sandbox.run(["plan", "new", "Short course", "swim:750m", "t1", "run:5k", "--pool", "33⅓yd"])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.contains("1. Swim  750 m  pool 33⅓ yd"), "\(run)")
        #expect(run.stdout.contains("3. Run   5 km"), "\(run)")
        let set = try sandbox.run(["plan", "set", "Short course", "3", "--distance", "5mi"])
        #expect(set.stdout.contains("3. Run   5 mi"), "\(set)")
        let stored = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: sandbox.workoutFile("short-course.json"))) as? [String: Any])
        let legs = try #require(stored["legs"] as? [[String: Any]])
        #expect(legs[0]["targetDistanceMeters"] as? Double == 750 && legs[0]["targetDistanceUnit"] as? String == "m")
        #expect(legs[2]["targetDistanceUnit"] as? String == "mi")
        // A plan written before the unit was kept: a yard pool shows yards, as it did.
        try Data(#"{"version": 1, "kind": "multisport", "name": "Old", "legs": [{"sport": "swimming", "targetDistanceMeters": 914.4, "poolLength": 25, "poolUnit": "yd"}]}"#.utf8)
            .write(to: sandbox.workoutFile("old.json"))
        let old = try sandbox.run(["show", "Old"])
        #expect(old.stdout.contains("1. Swim  1000 yd  pool 25 yd"), "\(old)")
        // Issue 12, item 11: a new pool keeps such a target in the unit it read in.
        let metrePool = try sandbox.run(["plan", "set", "Old", "1", "--pool", "25m"])
        #expect(metrePool.stdout.contains("1. Swim  1000 yd  pool 25 m"), "\(metrePool)")
    }

    /// Issue 12, item 11, as a new user met it: the bundled plans say the units of their
    /// targets, so a copy given a yard pool keeps its 750 m swim (not 820.21 yd), and a 20 km
    /// ride stays 20 km.
    @Test func aBundledPlanGivenAYardPoolKeepsItsMetres() throws {
        let sandbox = try E2ESandbox()
        #expect(try sandbox.run(["duplicate", "Sprint triathlon"]).status == 0)
        let run = try sandbox.run(["plan", "set", "Sprint triathlon copy", "1", "--pool", "33⅓yd"])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.contains("1. Swim  750 m  pool 33⅓ yd, indoor"), "\(run)")
        #expect(run.stdout.contains("3. Bike  20 km  outdoor"), "\(run)")
        let open = try sandbox.run(["duplicate", "Aquathlon"])
        #expect(open.status == 0, "\(open)")
        let pooled = try sandbox.run(["plan", "set", "Aquathlon copy", "1", "--pool", "25yd"])
        #expect(pooled.stdout.contains("1. Swim  750 m  pool 25 yd"), "\(pooled)")
    }

    static let invalidPlans: [([String], String)] = [
        (["t1", "run:5km"], "leg 1 (T1): a plan cannot start with a transition"),
        (["run:5km", "t1"], "leg 2 (T1): a plan cannot end with a transition"),
        (["swim:750m", "t1", "t2", "run:5km"], "leg 3 (T2): two transitions in a row"),
        (["t1"], "leg 1 (T1): a plan needs at least one sport leg"),
        (["swim:750m", "--pool", "0m"], "leg 1 (Swim): pool length must be above 0"),
    ]

    @Test(arguments: invalidPlans)
    func invalidPlansAreRefusedNamingTheLegAndTheRule(legs: [String], message: String) throws {
        let sandbox = try LibraryCommandTests.emptyLibrary()
        let run = try sandbox.run(["plan", "new", "Bad"] + legs)
        #expect(run.status == 64, "\(run)")
        #expect(run.stdout.isEmpty, "\(run)")
        #expect(run.stderrLines.first?.hasPrefix("Error: cannot create 'Bad': \(message)") == true, "\(run)")
        #expect(try sandbox.libraryFiles().isEmpty)
    }

    static let badWords: [([String], String)] = [
        (["ski:5km"], "Error: leg 1: 'ski:5km' does not start with a sport"),
        (["run:5kg"], "Error: leg 1: 'run:5kg' has a target that is neither a distance"),
        (["run:5km", "t1:2km", "bike:1h"], "Error: leg 2: 't1:2km' gives a transition a distance"),
        (["swim:750m", "--pool", "25km"], "Error: --pool: '25km' is not a pool length"),
        (["run:5km", "--indoor", "--outdoor"], "Error: --indoor and --outdoor cannot be given together; choose one"),
    ]

    @Test(arguments: badWords)
    func badLegWordsAreUsageErrors(words: [String], message: String) throws {
        let sandbox = try LibraryCommandTests.emptyLibrary()
        let run = try sandbox.run(["plan", "new", "Bad"] + words)
        #expect(run.status == 64, "\(run)")
        #expect(run.stderrLines.first?.hasPrefix(message) == true, "\(run)")
        #expect(run.stderr.contains("Usage: hiit plan new"), "\(run)")
    }

    // MARK: plan add / remove / move / set

    @Test func legsAreAddedRemovedMovedAndSet() throws {
        let sandbox = try LibraryCommandTests.emptyLibrary()
        #expect(try sandbox.run(["plan", "new", "Brick", "bike:40km", "run:5km"]).status == 0)
        let add = try sandbox.run(["plan", "add", "brick", "t1", "--at", "2"])
        #expect(add.status == 0, "\(add)")
        #expect(add.stdout == """
            Changed 'Brick' (\(sandbox.workoutFile("brick.json").path)):
              1. Bike  40 km
              2. T1
              3. Run   5 km
            Expected time: — (needs a target time on every sport leg)

            """, "\(add)")
        let appended = try sandbox.run(["plan", "add", "Brick", "bike:10km"])
        #expect(appended.status == 0 && appended.stdout.contains("4. Bike  10 km"), "\(appended)")
        let moved = try sandbox.run(["plan", "move", "Brick", "4", "--to", "1"])
        #expect(moved.status == 0, "\(moved)")
        #expect(moved.stdout.contains("  1. Bike  10 km\n  2. Bike  40 km\n  3. T1\n  4. Run   5 km"), "\(moved)")
        let removed = try sandbox.run(["plan", "remove", "Brick", "1"])
        #expect(removed.status == 0 && removed.stdout.contains("  1. Bike  40 km\n  2. T1\n  3. Run   5 km"), "\(removed)")
        let set = try sandbox.run(["plan", "set", "Brick", "1", "--time", "1h15min", "--outdoor"])
        #expect(set.status == 0 && set.stdout.contains("1. Bike  40 km, 1:15:00  outdoor"), "\(set)")
        let time = try sandbox.run(["plan", "set", "Brick", "3", "--time", "25:00", "--distance", "none"])
        #expect(time.status == 0 && time.stdout.contains("3. Run   25:00") && time.stdout.contains("Expected time: 1 h 40 min"), "\(time)")
        let json = try sandbox.run(["show", "Brick", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any], "\(json)")
        #expect(object["estimatedSeconds"] as? Double == 6000)
    }

    @Test func aChangeThatBreaksARuleIsRefusedAndNothingIsWritten() throws {
        let sandbox = try Self.sprintLibrary()
        let before = try Data(contentsOf: sandbox.workoutFile("sprint-triathlon.json"))
        for (words, message) in [
            (["plan", "remove", "Sprint triathlon", "1"], "Error: cannot change 'Sprint triathlon': leg 1 (T1): a plan cannot start with a transition; nothing was saved"),
            (["plan", "move", "Sprint triathlon", "2", "--to", "3"], "Error: cannot change 'Sprint triathlon': leg 4 (T2): two transitions in a row; nothing was saved"),
            (["plan", "add", "Sprint triathlon", "t2"], "Error: cannot change 'Sprint triathlon': leg 6 (T3): a plan cannot end with a transition; nothing was saved"),
            (["plan", "set", "Sprint triathlon", "1", "--pool", "0yd"], "Error: cannot change 'Sprint triathlon': leg 1 (Swim): pool length must be above 0 (is 0.0); nothing was saved"),
        ] {
            let run = try sandbox.run(words)
            #expect(run.status == 64, "\(words): \(run)")
            #expect(run.stderrLines == [message], "\(run)")
        }
        for (words, message) in [
            (["plan", "remove", "Sprint triathlon", "6"], "Error: N: '6' is outside 1–5"),
            (["plan", "move", "Sprint triathlon", "1", "--to", "0"], "Error: --to: '0' is outside 1–5"),
            (["plan", "set", "Sprint triathlon", "3", "--pool", "25m"], "Error: --pool: '25m' applies to swim legs only; leg 3 is Bike"),
            (["plan", "set", "Sprint triathlon", "3", "--time", "soon"], "Error: --time: 'soon' is not a time"),
            (["plan", "set", "Sprint triathlon", "3"], "Error: Missing expected argument '--distance, --time, --pool, --indoor or --outdoor'"),
        ] {
            let run = try sandbox.run(words)
            #expect(run.status == 64, "\(words): \(run)")
            #expect(run.stderrLines.first?.hasPrefix(message) == true, "\(run)")
        }
        #expect(try Data(contentsOf: sandbox.workoutFile("sprint-triathlon.json")) == before)
    }

    @Test func planCommandsOnAWorkoutOrAnUnknownNameSaySo() throws {
        let sandbox = try Self.sprintLibrary()
        #expect(try sandbox.run(["new", "Arms", "-e", "Curls 30/30x2"]).status == 0)
        let workout = try sandbox.run(["plan", "set", "arms", "1", "--time", "1h"])
        #expect(workout.status == 64)
        #expect(workout.stderrLines == ["Error: 'Arms' is an interval workout, not a multisport plan; change it with 'hiit edit'"], "\(workout)")
        let unknown = try sandbox.run(["plan", "add", "Sprint triathalon", "run:1km"])
        #expect(unknown.status == 64)
        #expect(unknown.stderrLines.first?.contains("did you mean 'Sprint triathlon'?") == true, "\(unknown)")
    }

    // MARK: Library commands on plans

    @Test func listShowsPlansWithKindLegsAndExpectedTime() throws {
        let sandbox = try Self.sprintLibrary()
        #expect(try sandbox.run(["new", "Arms", "-e", "Curls 30/30x2", "--prepare", "0"]).status == 0)
        #expect(try sandbox.run(["plan", "new", "Long run", "run:1h30min"]).status == 0)
        let run = try sandbox.run(["list"])
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run)")
        #expect(run.stdout.hasPrefix("""
              NAME              KIND        EXERCISES     TIME
              Arms              intervals           1     1:30
              Long run          multisport      1 leg  1:30:00
              Sprint triathlon  multisport     5 legs        —

            """), "\(run)")
        let json = try LibraryCommandTests.listJSON(sandbox)
        #expect(json.map { $0["kind"] as? String } == ["intervals", "multisport", "multisport"])
        #expect(json.map { $0["legs"] as? Int } == [nil, 1, 5])
        #expect(json.map { $0["estimatedSeconds"] as? Int } == [90, 5400, nil])
    }

    @Test func showListsTheLegsAndJSONHasTheDesignShape() throws {
        let sandbox = try Self.sprintLibrary()
        #expect(try sandbox.run(["plan", "set", "sprint triathlon", "2", "--time", "2min"]).status == 0)
        let show = try sandbox.run(["show", "sprint triathlon"])
        #expect(show.status == 0, "\(show)")
        #expect(show.stdout == """
            Sprint triathlon — multisport, 5 legs
              1. Swim  750 m  pool 25 m
              2. T1    2:00
              3. Bike  20 km
              4. T2
              5. Run   5 km
            Expected time: — (needs a target time on every sport leg)

            """, "\(show)")
        let json = try sandbox.run(["show", "sprint-triathlon", "--json"])
        #expect(json.status == 0, "\(json)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any], "\(json)")
        #expect(object["name"] as? String == "Sprint triathlon")
        #expect(object["kind"] as? String == "multisport")
        #expect(object["estimatedSeconds"] is NSNull)
        let segments = try #require(object["segments"] as? [[String: Any]])
        #expect(segments.map { $0["kind"] as? String } == ["leg", "transition", "leg", "transition", "leg"])
        #expect(segments.map { $0["label"] as? String } == ["Swim", "T1", "Bike", "T2", "Run"])
        #expect(segments.map { $0["sport"] as? String } == ["swimming", "transition", "cycling", "transition", "running"])
        #expect(segments.map { $0["durationSeconds"] is NSNull } == [true, false, true, true, true])
        #expect(segments[1]["durationSeconds"] as? Double == 120)
        #expect(segments[0]["startSeconds"] as? Double == 0)
        #expect(segments[1]["startSeconds"] is NSNull, "the swim has no target time, so T1's start is unknown")
        #expect(segments[0]["targetDistanceMeters"] as? Double == 750)
        #expect(segments[0]["poolLength"] as? Double == 25 && segments[0]["poolUnit"] as? String == "m")
        for key in ["round", "rounds", "exercise", "exercises"] {
            #expect(segments.allSatisfy { $0[key] is NSNull }, "\(key)")
        }
    }

    /// Free-form sessions have no countdown (plans do: MultisportRunTests.aPlanTakesAStartCountdown).
    @Test func aFreeFormSessionTakesNoPrepareCountdown() throws {
        let sandbox = try Self.sprintLibrary()
        let run = try sandbox.run(["run", "--intervals", "running", "--events", "--prepare", "5"])
        #expect(run.status == 64, "\(run)")
        #expect(run.stdout.isEmpty)
        #expect(run.stderrLines.first == "Error: --prepare applies to workouts and plans, not --intervals, whose legs you begin yourself.", "\(run)")
    }

    @Test func quickEditsRefuseAPlanAndPointAtThePlanCommands() throws {
        let sandbox = try Self.sprintLibrary()
        let run = try sandbox.run(["edit", "Sprint triathlon", "--work", "1=30"])
        #expect(run.status == 64, "\(run)")
        #expect(run.stderr.contains("is a multisport plan; quick edits apply to interval workouts"), "\(run)")
        #expect(run.stderr.contains("hiit plan add|remove|move|set"), "\(run)")
    }

    @Test func renameDuplicateExportImportAndDeleteWorkOnPlans() throws {
        let sandbox = try Self.sprintLibrary()
        let rename = try sandbox.run(["rename", "Sprint triathlon", "Sprint"])
        #expect(rename.status == 0, "\(rename)")
        #expect(try sandbox.libraryFiles() == ["sprint.json"])
        let duplicate = try sandbox.run(["duplicate", "sprint"])
        #expect(duplicate.status == 0 && duplicate.stdout.hasPrefix("Created 'Sprint copy' from 'Sprint'"), "\(duplicate)")
        let exported = sandbox.file("sprint-export.json").path
        let export = try sandbox.run(["export", "Sprint", exported])
        #expect(export.status == 0, "\(export)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: exported)) == Data(contentsOf: sandbox.workoutFile("sprint.json")))
        let refused = try sandbox.run(["import", exported])
        #expect(refused.status == 64, "\(refused)")
        let imported = try sandbox.run(["import", exported, "--rename"])
        #expect(imported.status == 0 && imported.stdout.hasPrefix("Imported 'Sprint' as 'Sprint 2'"), "\(imported)")
        let shown = try sandbox.run(["show", exported])
        #expect(shown.status == 0 && shown.stdout.hasPrefix("Sprint — multisport, 5 legs"), "a plan file shows by path: \(shown)")
        for name in ["Sprint", "Sprint copy", "Sprint 2"] {
            let delete = try sandbox.run(["delete", name, "--yes"])
            #expect(delete.status == 0, "\(delete)")
        }
        #expect(try sandbox.libraryFiles().isEmpty)
    }

    @Test func editOpensAPlanInTheEditorAndSavesOnlyAValidOne() throws {
        let sandbox = try Self.sprintLibrary()
        let longer = "sed -i 's/\"targetDistanceMeters\" : 5000/\"targetDistanceMeters\" : 10000/' \"$1\""
        let editor = try LibraryEditorTests.editor([longer], in: sandbox)
        let run = try sandbox.run(["edit", "Sprint triathlon"], extraEnvironment: ["EDITOR": editor])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.hasPrefix("Saved 'Sprint triathlon' (\(sandbox.workoutFile("sprint-triathlon.json").path)):"), "\(run)")
        #expect(run.stdout.contains("5. Run   10 km"), "\(run)")

        // A transition first is refused with the leg and rule; "d" discards.
        let before = try Data(contentsOf: sandbox.workoutFile("sprint-triathlon.json"))
        let breakIt = "sed -i '0,/\"swimming\"/s/\"swimming\"/\"transition\"/' \"$1\""
        let bad = try sandbox.run(["edit", "Sprint triathlon"], input: "d\n", extraEnvironment: ["EDITOR": try LibraryEditorTests.editor([breakIt], in: sandbox)])
        #expect(bad.status == 65, "\(bad)")
        #expect(bad.stderr.contains("a plan cannot start with a transition"), "\(bad)")
        #expect(try Data(contentsOf: sandbox.workoutFile("sprint-triathlon.json")) == before)
    }

    @Test func aBrokenPlanFileIsRepairedInTheEditor() throws {
        let sandbox = try LibraryCommandTests.emptyLibrary()
        try sandbox.writeWorkoutFile("club.json", #"{"kind": "multisport", "name": "Club", "legs": [{"sport": "running"}"#)
        let valid = #"{"kind": "multisport", "name": "Club", "version": 1, "legs": [{"sport": "running", "targetDistanceMeters": 5000}]}"#
        let editor = try LibraryEditorTests.editor(["printf '%s' '\(valid)' > \"$1\""], in: sandbox)
        let run = try sandbox.run(["edit", "club"], extraEnvironment: ["EDITOR": editor])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.contains("1. Run  5 km"), "\(run)")
        let list = try LibraryCommandTests.listJSON(sandbox)
        #expect(list.map { $0["kind"] as? String } == ["multisport"])
        // The only leg cannot go: the message names the stored plan, not the word typed.
        let emptied = try sandbox.run(["plan", "remove", "CLUB", "1"])
        #expect(emptied.status == 64, "\(emptied)")
        #expect(emptied.stderrLines == ["Error: cannot change 'Club': legs is 0; allowed 1–50; nothing was saved"], "\(emptied)")
    }

    @Test func firstUseSeedsTheShippedPlans() throws {
        let sandbox = try E2ESandbox()
        let json = try LibraryCommandTests.listJSON(sandbox)
        let plans = json.filter { $0["kind"] as? String == "multisport" }.compactMap { $0["name"] as? String }
        #expect(Set(plans) == ["Aquathlon", "Bike-run brick", "Duathlon", "Olympic triathlon", "Sprint triathlon", "Swimrun"])
        let show = try sandbox.run(["show", "swimrun"])
        #expect(show.status == 0, "\(show)")
        #expect(show.stdout.contains("  1. Run   3 km   outdoor\n  2. Swim  500 m  open water, outdoor\n  3. Run   4 km   outdoor"), "\(show)")
    }
}
