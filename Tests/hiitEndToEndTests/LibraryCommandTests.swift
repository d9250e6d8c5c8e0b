import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The library commands run through the built binary, each test in its own data folder.
@Suite struct LibraryCommandTests {
    /// The package's shipped `workouts/` and the names of the workouts and plans in it.
    static func shippedWorkoutNames() throws -> [String] {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("workouts")
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.compactMap { name in
            let object = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent(name)))
            guard let json = object as? [String: Any] else { return nil }
            return json["name"] as? String
        }.sorted { $0.lowercased() < $1.lowercased() }
    }

    /// A sandbox whose library was already seeded (so it starts empty).
    static func emptyLibrary() throws -> E2ESandbox {
        let sandbox = try E2ESandbox()
        try FileManager.default.createDirectory(at: sandbox.libraryFolder, withIntermediateDirectories: true)
        try Data().write(to: sandbox.libraryFolder.appendingPathComponent(".seeded"))
        return sandbox
    }

    /// `hiit list --json` decoded.
    static func listJSON(_ sandbox: E2ESandbox) throws -> [[String: Any]] {
        let run = try sandbox.run(["list", "--json"])
        #expect(run.status == 0, "\(run)")
        return try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]], "\(run)")
    }

    // MARK: First use

    @Test func firstUseCopiesTheShippedWorkoutsAndMarksNothing() throws {
        let sandbox = try E2ESandbox()
        let run = try sandbox.run(["list"])
        #expect(run.status == 0, "\(run)")
        #expect(run.stderr.isEmpty, "\(run)")
        let shipped = try Self.shippedWorkoutNames()
        #expect(!shipped.isEmpty)
        let rows = run.stdoutLines.dropFirst().prefix { !$0.isEmpty }
        #expect(rows.count == shipped.count, "\(run)")
        for (row, name) in zip(rows, shipped) {
            #expect(row.dropFirst(2).hasPrefix(name), "\(row) lists \(name)")
            #expect(!row.hasPrefix("* "), "nothing is selected, so nothing is marked: \(row)")
        }
        #expect(!run.stdout.contains("* selected"), "\(run)")
        #expect(run.stdout.contains("\nNo workout is selected: plain 'hiit' runs Tabata.\n"), "\(run)")
        #expect(try sandbox.libraryFiles().count == shipped.count)
        for file in try sandbox.libraryFiles() {
            #expect(try fileModeBits(of: sandbox.workoutFile(file)) == 0o600, "\(file)")
        }
        #expect(try fileModeBits(of: sandbox.libraryFolder) == 0o700)
        #expect(try fileModeBits(of: sandbox.dataFolder) == 0o700)
    }

    @Test func deletedWorkoutsStayDeleted() throws {
        let sandbox = try E2ESandbox()
        for name in try Self.shippedWorkoutNames() {
            let run = try sandbox.run(["delete", name, "--yes"])
            #expect(run.status == 0, "\(run)")
        }
        #expect(try sandbox.libraryFiles().isEmpty)
        let list = try sandbox.run(["list"])
        // Notes wrap to the 80 columns.
        #expect(list.stdoutLines.prefix(2) == ["The library is empty. Create a workout with 'hiit new', or run a quick one: hiit",
                                               "run 20/10x8"], "\(list)")
        #expect(list.stdout.contains("\nNo workout is selected: plain 'hiit' runs Tabata (built in, 20/10x8).\n"), "\(list)")
        #expect(try sandbox.libraryFiles().isEmpty, "nothing came back")
        // Tabata is still there to run and show.
        let show = try sandbox.run(["show", "tabata", "--json"])
        #expect(show.status == 0 && show.stdout.contains("\"name\" : \"Tabata\""), "\(show)")
    }

    // MARK: list

    @Test func listShowsKindExercisesTimeAndTheSelection() throws {
        let sandbox = try Self.emptyLibrary()
        #expect(try sandbox.run(["new", "Leg day", "--exercise", "Squats 40/20x3", "--exercise", "Lunges 30/15x4"]).status == 0)
        #expect(try sandbox.run(["new", "Arms", "-e", "Curls 30/30x2", "--prepare", "0"]).status == 0)
        #expect(try sandbox.run(["select", "LEG DAY"]).status == 0)
        let run = try sandbox.run(["list"])
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run)")
        #expect(run.stdout == """
              NAME     KIND       EXERCISES     TIME
              Arms     intervals          1     1:30
            * Leg day  intervals          2     6:25

            * selected: plain 'hiit' runs it.
            Library: \(sandbox.libraryFolder.path)

            """, "\(run)")
        let json = try Self.listJSON(sandbox)
        #expect(json.map { $0["name"] as? String } == ["Arms", "Leg day"])
        #expect(json.map { $0["selected"] as? Bool } == [false, true])
        #expect(json.map { $0["estimatedSeconds"] as? Int } == [90, 385])
        #expect(json.allSatisfy { $0["kind"] as? String == "intervals" })
    }

    @Test func listMarksNothingWhenNothingIsSelectedAndTheSelectedPlan() throws {
        let sandbox = try Self.emptyLibrary()
        #expect(try sandbox.run(["new", "Tabata", "-e", "Burpees 20/10x8"]).status == 0)
        #expect(try sandbox.run(["plan", "new", "Club sprint", "swim:750m", "t1", "run:5km"]).status == 0)
        let none = try sandbox.run(["list"])
        #expect(none.status == 0 && none.stderr.isEmpty, "\(none)")
        // Plain `hiit` runs Tabata, but nothing is selected: no `*` claims a selection.
        #expect(none.stdout == """
              NAME         KIND        EXERCISES     TIME
              Club sprint  multisport     3 legs        —
              Tabata       intervals           1     3:50

            No workout is selected: plain 'hiit' runs Tabata.
            Library: \(sandbox.libraryFolder.path)

            """, "\(none)")
        #expect(try Self.listJSON(sandbox).map { $0["selected"] as? Bool } == [false, false])

        // A selected plan is marked, as plain `hiit` runs it.
        #expect(try sandbox.run(["select", "club sprint"]).status == 0)
        let plan = try sandbox.run(["list"])
        #expect(plan.stdoutLines.prefix(3) == [
            "  NAME         KIND        EXERCISES     TIME",
            "* Club sprint  multisport     3 legs        —",
            "  Tabata       intervals           1     3:50",
        ], "\(plan)")
        #expect(plan.stdout.contains("\n* selected: plain 'hiit' runs it.\n"), "\(plan)")
        #expect(try Self.listJSON(sandbox).map { $0["selected"] as? Bool } == [true, false])

        // A selection that is gone marks nothing either (Tabata runs, but is not selected).
        try FileManager.default.removeItem(at: sandbox.workoutFile("club-sprint.json"))
        let gone = try sandbox.run(["list"])
        #expect(!gone.stdout.contains("* "), "\(gone)")
        #expect(gone.stdout.replacingOccurrences(of: "\n", with: " ")
                    .contains("The selected workout 'Club sprint' is not in the library; plain 'hiit' runs Tabata."),
                "\(gone)")
    }

    @Test func brokenFilesAreListedAndTheOthersStillLoad() throws {
        let sandbox = try Self.emptyLibrary()
        #expect(try sandbox.run(["new", "Good", "-e", "Go 10/5x2"]).status == 0)
        let broken = "{\"version\": 1,\n \"name\": \"Bad\",\n \"exercises\": [}\n"
        try sandbox.writeWorkoutFile("bad.json", broken)
        try sandbox.writeWorkoutFile("newer.json", "{\"version\": 7, \"name\": \"Newer\", \"exercises\": []}")
        let run = try sandbox.run(["list"])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.contains("  Good "), "\(run)")
        #expect(run.stdout.contains("  bad.json    broken             -        -\n"), "\(run)")
        #expect(run.stdout.contains("  newer.json  broken             -        -\n"), "\(run)")
        #expect(run.stderrLines == [
            "Warning: \(sandbox.workoutFile("bad.json").path), line 3, column 16: JSON syntax error: expected a value (object, array, string, number, true, false or null), found '}'",
            "Warning: \(sandbox.workoutFile("newer.json").path): version 7 is not supported (this hiit reads versions 1–2; a newer hiit wrote it)",
        ], "\(run)")
        let json = try Self.listJSON(sandbox)
        #expect(json.compactMap { $0["error"] as? String }.count == 2)
        #expect(try String(contentsOf: sandbox.workoutFile("bad.json"), encoding: .utf8) == broken)
    }

    // MARK: Broken files are never changed

    // (`hiit edit bad` without options and `hiit delete bad` are the ways out: see
    // LibraryBrokenFileTests.)
    @Test(arguments: [
        ["rename", "bad", "Fixed"], ["edit", "bad", "--prepare", "0"],
        ["show", "bad"], ["run", "bad"], ["export", "bad"], ["duplicate", "bad"], ["select", "bad"],
    ])
    func commandsOnABrokenFileRefuseWithItsError(arguments: [String]) throws {
        let sandbox = try Self.emptyLibrary()
        let broken = "{\"version\": 1, \"name\": \"Bad\",\n \"exercises\": 5}\n"
        try sandbox.writeWorkoutFile("bad.json", broken)
        let run = try sandbox.run(arguments, extraEnvironment: ["EDITOR": "false"])
        expectHiitError(run, status: 65, naming: [sandbox.workoutFile("bad.json").path, "line 2, column 15", "exercises"])
        #expect(try Data(contentsOf: sandbox.workoutFile("bad.json")) == Data(broken.utf8))
        #expect(try sandbox.libraryFiles() == ["bad.json"])
    }

    // MARK: new

    @Test func newCreatesAWorkoutAndPrintsItsTime() throws {
        let sandbox = try Self.emptyLibrary()
        let run = try sandbox.run(["new", "Leg day", "--exercise", "Squats 40/20x3", "--exercise", "Lunges 30/15x4",
                                   "--rest-between", "60", "--prepare", "5"])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout == """
            Created 'Leg day' (\(sandbox.workoutFile("leg-day.json").path)):
              1. Squats: 40/20 s × 3
              2. Lunges: 30/15 s × 4
              Rest between exercises: 60 s
            Estimated time: 6 min 25 s (+ 5 s prepare)

            """, "\(run)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: sandbox.workoutFile("leg-day.json"))) as? [String: Any])
        #expect(json["name"] as? String == "Leg day")
        #expect(json["version"] as? Int == 1)
        #expect(json["prepareSeconds"] as? Int == 5)
        #expect(try fileModeBits(of: sandbox.workoutFile("leg-day.json")) == 0o600)
    }

    @Test(arguments: [
        (["new", "Leg day", "-e", "Squats 0/20x3"], ["exercise 1 (Squats) work is 0 s; allowed 1–3600 s"]),
        (["new", "Leg day", "-e", "Squats 3601/20x3"], ["work is 3601 s; allowed 1–3600 s"]),
        (["new", "Leg day", "-e", "Squats 40/3601x3"], ["rest is 3601 s; allowed 0–3600 s"]),
        (["new", "Leg day", "-e", "Squats 40/20x0"], ["rounds is 0; allowed 1–99"]),
        (["new", "Leg day", "-e", "A 1/1x1", "-e", "B 1/1x100"], ["exercise 2 (B) rounds is 100; allowed 1–99"]),
        (["new", "Leg day", "-e", "Squats 40/20x3", "--rest-between", "4"], ["--rest-between", "'4'", "5–300"]),
        (["new", "Leg day", "-e", "Squats 40/20x3", "--rest-between", "301"], ["--rest-between", "'301'", "5–300"]),
        (["new", "Leg day", "-e", "Squats 40/20x3", "--prepare", "3601"], ["--prepare", "'3601'", "0–3600"]),
        (["new", "Leg day", "-e", "Squats"], ["--exercise", "'Squats'", "NAME WORK/REST[xROUNDS]"]),
        (["new", "Leg day"], ["At least one --exercise is needed, e.g. --exercise \"Burpees 40/20x3\""]),
        (["new", "   ", "-e", "Squats 40/20x3"], ["name", "is empty", "1–60"]),
        (["new", String(repeating: "n", count: 61), "-e", "Squats 40/20x3"], ["has 61 characters; allowed 1–60"]),
        (["new", "Leg\u{1B}[31mday", "-e", "Squats 40/20x3"], ["contains a control character", "\\u{1b}"]),
        (["new", "Leg day", "-e", String(repeating: "x", count: 61) + " 1/1x1"], ["exercise 1 name", "has 61 characters; allowed 1–60"]),
    ] as [([String], [String])])
    func newRefusesWhatIsInvalidNamingFieldValueAndRange(arguments: [String], words: [String]) throws {
        let sandbox = try Self.emptyLibrary()
        let run = try sandbox.run(arguments)
        #expect(run.status == 64, "\(run)")
        let error = try #require(run.stderrLines.first, "\(run)")
        #expect(error.hasPrefix("Error: "))
        for word in words { #expect(error.contains(word), "'\(word)' in \(error)") }
        #expect(!run.stderr.contains("\u{1B}"), "no raw escape reaches the terminal")
        #expect(try sandbox.libraryFiles().isEmpty, "nothing was created")
    }

    @Test func aNameInAnyCaseIsTakenOnce() throws {
        let sandbox = try Self.emptyLibrary()
        #expect(try sandbox.run(["new", "Leg Day", "-e", "A 1/1x1"]).status == 0)
        let run = try sandbox.run(["new", "leg day", "-e", "B 2/2x2"])
        expectHiitError(run, status: 64, naming: ["'leg day' already exists as 'Leg Day'", "ignoring case"])
        #expect(try sandbox.libraryFiles() == ["leg-day.json"])
    }

    @Test func awkwardNamesAllWorkAndStaySeparate() throws {
        let sandbox = try Self.emptyLibrary()
        let names = ["Core+Legs", "Core Legs", "../x", "a/b", "..", ".hidden", String(repeating: "Long ", count: 11) + "end",
                     "Übungen für den Bauch", "日本語", "💪"]
        for name in names {
            let run = try sandbox.run(["new", name, "-e", "Go 1/1x1"])
            #expect(run.status == 0, "\(name): \(run)")
        }
        let files = try sandbox.libraryFiles()
        #expect(files.count == names.count, "\(files)")
        #expect(files.contains("core-legs.json") && files.contains("core-legs-2.json"))
        #expect(files.allSatisfy { !$0.hasPrefix(".") && $0.utf8.count < 255 })
        // Nothing was written outside the library folder.
        #expect(!FileManager.default.fileExists(atPath: sandbox.dataFolder.appendingPathComponent("x.json").path))
        #expect(!FileManager.default.fileExists(atPath: sandbox.libraryFolder.appendingPathComponent("a").path))
        let listed = try Self.listJSON(sandbox).compactMap { $0["name"] as? String }
        #expect(Set(listed) == Set(names))
        for name in names {
            let show = try sandbox.run(["show", name, "--json"])
            #expect(show.status == 0, "\(name): \(show)")
        }
    }

    // MARK: Unknown names

    @Test(arguments: [
        ["show", "tabatta"], ["run", "tabatta"], ["edit", "tabatta", "--prepare", "0"], ["rename", "tabatta", "X"],
        ["delete", "tabatta", "--yes"], ["select", "tabatta"], ["export", "tabatta"], ["duplicate", "tabatta"],
    ])
    func unknownNameSuggestsTheClosest(arguments: [String]) throws {
        let sandbox = try E2ESandbox()
        let run = try sandbox.run(arguments)
        expectHiitError(run, status: 64, naming: ["'tabatta'", "did you mean 'Tabata'?"])
    }

    // MARK: select and the default run

    @Test func plainHiitRunsTheSelectedWorkout() throws {
        let sandbox = try Self.emptyLibrary()
        #expect(try sandbox.run(["new", "Quickie", "-e", "Hop 1/1x1", "--prepare", "0"]).status == 0)
        let select = try sandbox.run(["select", "quickie"])
        #expect(select.status == 0 && select.stdout == "Selected 'Quickie': plain 'hiit' runs it.\n", "\(select)")
        let run = try sandbox.run(["--events", "--no-record"], input: "")
        #expect(run.status == 0, "\(run)")
        #expect(run.stderr.isEmpty, "\(run)")
        #expect(run.stdoutLines.first?.contains("\"label\":\"Hop\"") == true, "\(run)")
        #expect(run.stdout.contains("\"event\":\"finish\""), "\(run)")
        // `hiit run` without a name does the same.
        let again = try sandbox.run(["run", "--events", "--no-record"])
        #expect(again.stdoutLines.first?.contains("\"label\":\"Hop\"") == true, "\(again)")
    }

    @Test func aQuickFormCanBeSelected() throws {
        let sandbox = try Self.emptyLibrary()
        #expect(try sandbox.run(["select", "1/1x1"]).status == 0)
        let run = try sandbox.run(["--events", "--no-record", "--prepare", "0"])
        #expect(run.status == 0 && run.stdoutLines.first?.contains("\"label\":\"Quick\"") == true, "\(run)")
    }

    @Test func withoutASelectionTabataRunsSilently() throws {
        let sandbox = try Self.emptyLibrary()
        let run = try sandbox.run(["--events", "--no-record", "--prepare", "0"], input: "quit\n")
        #expect(run.stderr.isEmpty, "\(run)")
        #expect(run.stdout.contains("\"label\":\"Burpees\""), "the built-in Tabata: \(run)")
    }

    @Test func aSelectionThatNoLongerExistsFallsBackToTabataAndSaysSo() throws {
        let sandbox = try Self.emptyLibrary()
        #expect(try sandbox.run(["new", "Gone", "-e", "Hop 1/1x1"]).status == 0)
        #expect(try sandbox.run(["select", "gone"]).status == 0)
        try FileManager.default.removeItem(at: sandbox.workoutFile("gone.json"))
        let run = try sandbox.run(["--events", "--no-record", "--prepare", "0"], input: "quit\n")
        #expect(run.stderrLines == ["The selected workout 'Gone' is no longer in the library; running Tabata."], "\(run)")
        #expect(run.stdout.contains("\"label\":\"Burpees\""), "\(run)")
        let list = try sandbox.run(["list"])
        #expect(list.stdout.contains("The selected workout 'Gone' is not in the library; plain 'hiit' runs Tabata."), "\(list)")
    }

    @Test func deletingOrRenamingTheSelectedWorkoutUpdatesTheSelection() throws {
        let sandbox = try Self.emptyLibrary()
        #expect(try sandbox.run(["new", "Legs", "-e", "Hop 1/1x1"]).status == 0)
        #expect(try sandbox.run(["select", "legs"]).status == 0)
        let rename = try sandbox.run(["rename", "legs", "Legs+Core"])
        #expect(rename.stdoutLines.last == "It is still the selected workout.", "\(rename)")
        #expect(try Self.listJSON(sandbox).first?["selected"] as? Bool == true)
        let delete = try sandbox.run(["delete", "legs+core", "--yes"])
        #expect(delete.stdoutLines.last == "It was the selected workout; plain 'hiit' now runs Tabata.", "\(delete)")
        let profile = try String(contentsOf: sandbox.dataFolder.appendingPathComponent("profile.json"), encoding: .utf8)
        #expect(!profile.contains("selectedWorkout"), "\(profile)")
    }

    @Test func selectRefusesAPath() throws {
        let sandbox = try Self.emptyLibrary()
        let file = sandbox.file("mine.json")
        try Data("{\"name\": \"Mine\", \"exercises\": [{\"name\": \"Hop\", \"workSeconds\": 5, \"restSeconds\": 5, \"rounds\": 2}]}".utf8).write(to: file)
        let run = try sandbox.run(["select", file.path])
        expectHiitError(run, status: 64, naming: ["hiit import \(file.path)"])
        let missing = try sandbox.run(["select", "some/file.json"])
        expectHiitError(missing, status: 64, naming: ["'some/file.json' is neither"])
        // A name holding '/' is a name.
        #expect(try sandbox.run(["new", "a/b", "-e", "Hop 1/1x1"]).status == 0)
        #expect(try sandbox.run(["select", "A/B"]).stdout == "Selected 'a/b': plain 'hiit' runs it.\n")
    }

    // MARK: rename, delete, duplicate

    @Test func renameMovesTheFileAndNeverTouchesHistory() throws {
        let sandbox = try Self.emptyLibrary()
        #expect(try sandbox.run(["new", "Leg day", "-e", "Hop 1/1x1"]).status == 0)
        let history = "{\"id\":\"00000000-0000-0000-0000-000000000001\",\"workout\":\"Leg day\"}\n"
        try Data(history.utf8).write(to: sandbox.dataFolder.appendingPathComponent("history.jsonl"))
        let run = try sandbox.run(["rename", "LEG DAY", "Core+Legs"])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdoutLines.first == "Renamed 'Leg day' to 'Core+Legs' (\(sandbox.workoutFile("core-legs.json").path)). History keeps the old name.")
        #expect(try sandbox.libraryFiles() == ["core-legs.json"])
        #expect(try sandbox.run(["new", "Core Legs", "-e", "Hop 1/1x1"]).status == 0)
        let clash = try sandbox.run(["rename", "core legs", "CORE+LEGS"])
        expectHiitError(clash, status: 64, naming: ["'CORE+LEGS' already exists as 'Core+Legs'"])
        #expect(try sandbox.run(["delete", "core+legs", "--yes"]).status == 0)
        #expect(try String(contentsOf: sandbox.dataFolder.appendingPathComponent("history.jsonl"), encoding: .utf8) == history)
    }

    @Test func deleteWithoutATerminalNeedsYes() throws {
        let sandbox = try Self.emptyLibrary()
        #expect(try sandbox.run(["new", "Legs", "-e", "Hop 1/1x1"]).status == 0)
        let run = try sandbox.run(["delete", "legs"], input: "y\n")
        expectHiitError(run, status: 64, naming: ["not a terminal", "--yes", "'Legs'"])
        #expect(try sandbox.libraryFiles() == ["legs.json"])
    }

    @Test(arguments: [("y\n", true), ("yes\n", true), ("n\n", false), ("\n", false)])
    func deleteAsksOnATerminal(answer: String, deletes: Bool) throws {
        let sandbox = try Self.emptyLibrary()
        #expect(try sandbox.run(["new", "Legs", "-e", "Hop 1/1x1"]).status == 0)
        let terminal = try PseudoTerminal()
        let child = try sandbox.start(["delete", "legs"], stdin: terminal.secondary)
        try terminal.type(answer)
        let run = try child.wait()
        #expect(run.status == 0, "\(run)")
        #expect(run.stderrLines == ["Delete 'Legs'? [y/N]"], "\(run)")
        #expect(run.stdoutLines.first?.hasPrefix(deletes ? "Deleted 'Legs'" : "Kept 'Legs'.") == true, "\(run)")
        #expect(try sandbox.libraryFiles() == (deletes ? [] : ["legs.json"]))
    }

    @Test func duplicateNamesTheCopy() throws {
        let sandbox = try E2ESandbox()
        #expect(try sandbox.run(["duplicate", "tabata"]).stdoutLines.first?.hasPrefix("Created 'Tabata copy' from 'Tabata'") == true)
        #expect(try sandbox.run(["duplicate", "TABATA"]).stdoutLines.first?.hasPrefix("Created 'Tabata copy 2' from 'Tabata'") == true)
        #expect(try sandbox.run(["duplicate", "30/30x10", "Half minutes"]).status == 0)
        let taken = try sandbox.run(["duplicate", "tabata", "tabata COPY"])
        expectHiitError(taken, status: 64, naming: ["already exists as 'Tabata copy'"])
        let names = try Self.listJSON(sandbox).compactMap { $0["name"] as? String }
        #expect(names.contains("Tabata copy") && names.contains("Tabata copy 2") && names.contains("Half minutes"))
    }

    // MARK: Quick edits

    @Test func quickEditsApplyInOrderAndSaveOnce() throws {
        let sandbox = try Self.emptyLibrary()
        #expect(try sandbox.run(["new", "Leg day", "-e", "Squats 40/20x3", "-e", "Lunges 30/15x4"]).status == 0)
        let run = try sandbox.run(["edit", "leg day", "--add", "Jumps 20/10x2", "--at", "1", "--remove", "2",
                                   "--work", "1=25", "--move", "2", "--to", "1", "--rest-between", "30"])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout == """
            Changed 'Leg day' (\(sandbox.workoutFile("leg-day.json").path)):
              1. Lunges: 30/15 s × 4
              2. Jumps: 25/10 s × 2
              Rest between exercises: 30 s
            Estimated time: 4 min 15 s (+ 10 s prepare)

            """, "\(run)")
        let before = try Data(contentsOf: sandbox.workoutFile("leg-day.json"))
        let bad = try sandbox.run(["edit", "leg day", "--prepare", "0", "--work", "2=0"])
        expectHiitError(bad, status: 64, naming: ["exercise 2 (Jumps) work is 0 s; allowed 1–3600 s"])
        let outOfRange = try sandbox.run(["edit", "leg day", "--remove", "3"])
        #expect(outOfRange.status == 64 && outOfRange.stderrLines.first?.contains("--remove: '3' names position 3") == true, "\(outOfRange)")
        #expect(try Data(contentsOf: sandbox.workoutFile("leg-day.json")) == before, "nothing saved")
        let same = try sandbox.run(["edit", "leg day", "--rest-between", "30"])
        #expect(same.stdout == "No changes to 'Leg day'.\n", "\(same)")
    }

    // MARK: import and export

    @Test func importReportsEachFile() throws {
        let sandbox = try Self.emptyLibrary()
        #expect(try sandbox.run(["new", "Legs", "-e", "Hop 1/1x1"]).status == 0)
        let good = sandbox.file("good.json"), clash = sandbox.file("clash.json"), bad = sandbox.file("bad.json")
        try Data("{\"name\": \"Arms\", \"exercises\": [{\"name\": \"Curl\", \"workSeconds\": 5, \"restSeconds\": 5, \"rounds\": 2}]}".utf8).write(to: good)
        try Data("{\"name\": \"LEGS\", \"exercises\": [{\"name\": \"Hop\", \"workSeconds\": 5, \"restSeconds\": 5, \"rounds\": 2}]}".utf8).write(to: clash)
        try Data("{\"name\": \"Bad\",\n \"exercises\": [{\"name\": \"Hop\", \"workSeconds\": 0, \"restSeconds\": 5, \"rounds\": 2}]}".utf8).write(to: bad)
        let missing = sandbox.file("missing.json").path
        let run = try sandbox.run(["import", good.path, clash.path, bad.path, missing])
        #expect(run.status == 74, "the worst failure is the file that cannot be read: \(run)")
        #expect(run.stdoutLines == [
            "Imported 'Arms' from \(good.path) (\(sandbox.workoutFile("arms.json").path)).",
            "Imported 1 of 4 files.",
        ], "\(run)")
        #expect(run.stderrLines == [
            "Error: \(clash.path): a workout named 'LEGS' already exists as 'Legs' (\(sandbox.workoutFile("legs.json").path)); names are compared ignoring case; not imported (add --rename to import it as 'LEGS 2')",
            "Error: \(bad.path): exercise 1 (Hop) work is 0 s; allowed 1–3600 s; not imported",
            "Error: \(missing): cannot be read: no such file; not imported",
        ], "\(run)")
        let renamed = try sandbox.run(["import", clash.path, "--rename"])
        #expect(renamed.status == 0 && renamed.stdoutLines.first?.hasPrefix("Imported 'LEGS' as 'LEGS 2' from") == true, "\(renamed)")
        #expect(try sandbox.libraryFiles() == ["arms.json", "legs-2.json", "legs.json"])
    }

    @Test func importOfAJunkFileNamesItAndLeavesItAlone() throws {
        let sandbox = try Self.emptyLibrary()
        let junk = sandbox.file("junk.json")
        let bytes = Data((0..<2_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try bytes.write(to: junk)
        let run = try sandbox.run(["import", junk.path])
        expectHiitError(run, status: 65, naming: [junk.path, "MiB"])
        #expect(try Data(contentsOf: junk) == bytes)
        #expect(try sandbox.libraryFiles().isEmpty)
    }

    @Test func exportWritesJSONAndRefusesToOverwrite() throws {
        let sandbox = try E2ESandbox()
        let toStdout = try sandbox.run(["export", "tabata"])
        #expect(toStdout.status == 0, "\(toStdout)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(toStdout.stdout.utf8)) as? [String: Any])
        #expect(json["name"] as? String == "Tabata" && json["version"] as? Int == 1 && json["kind"] as? String == "intervals")

        let target = sandbox.file("out.json")
        let written = try sandbox.run(["export", "tabata", target.path])
        #expect(written.status == 0 && written.stdout == "Exported 'Tabata' to \(target.path).\n", "\(written)")
        #expect(try Data(contentsOf: target) == Data(toStdout.stdout.utf8))
        try Data("mine".utf8).write(to: target)
        let refused = try sandbox.run(["export", "20/10x8", target.path])
        expectHiitError(refused, status: 64, naming: [target.path, "--force"])
        #expect(try String(contentsOf: target, encoding: .utf8) == "mine")
        let forced = try sandbox.run(["export", "20/10x8", target.path, "--force"])
        #expect(forced.status == 0, "\(forced)")
        #expect(try String(contentsOf: target, encoding: .utf8).contains("\"name\" : \"20/10x8\""))
        // An exported file imports back under a new name.
        let back = try sandbox.run(["import", target.path])
        #expect(back.status == 0 && back.stdout.contains("Imported '20/10x8'"), "\(back)")
    }

    // MARK: Several processes at once

    @Test func workoutsCreatedByFourProcessesAtOnceAreAllPresent() throws {
        let sandbox = try Self.emptyLibrary()
        // Names that share a slug, so the processes also race for the same file names.
        let names = (1...3).flatMap { round in ["Race+\(round)", "Race \(round)", "Race/\(round)", "Race.\(round)"] }
        for round in 0..<3 {
            let children = try names[(round * 4)..<(round * 4 + 4)].map { try sandbox.start(["new", $0, "-e", "Go 1/1x1"], input: "") }
            for child in children {
                let run = try child.wait()
                #expect(run.status == 0, "\(run)")
            }
        }
        let listed = try Self.listJSON(sandbox).compactMap { $0["name"] as? String }
        #expect(Set(listed) == Set(names))
        #expect(try sandbox.libraryFiles().count == names.count)
        #expect(try sandbox.libraryFiles().filter { $0.hasPrefix("race-1") }.sorted()
                == ["race-1-2.json", "race-1-3.json", "race-1-4.json", "race-1.json"])
    }

    @Test func renamesAndEditsFromSeveralProcessesLoseNothing() throws {
        let sandbox = try Self.emptyLibrary()
        for index in 1...4 { #expect(try sandbox.run(["new", "W\(index)", "-e", "Go 1/1x1"]).status == 0) }
        let children = try [
            sandbox.start(["rename", "W1", "Renamed 1"], input: ""),
            sandbox.start(["edit", "W2", "--add", "More 2/2x2"], input: ""),
            sandbox.start(["new", "W5", "-e", "Go 1/1x1"], input: ""),
            sandbox.start(["delete", "W3", "--yes"], input: ""),
        ]
        for child in children {
            let run = try child.wait()
            #expect(run.status == 0, "\(run)")
        }
        let json = try Self.listJSON(sandbox)
        #expect(Set(json.compactMap { $0["name"] as? String }) == ["Renamed 1", "W2", "W4", "W5"])
        #expect(json.first { $0["name"] as? String == "W2" }?["exercises"] as? Int == 2)
    }
}
