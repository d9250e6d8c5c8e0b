import Foundation
import Testing

/// What a first-time user meets through the built binary: showing and clearing the
/// selection, the usage of `hiit new` with its required `--exercise`, and the exit status of
/// an import whose file cannot be read.
@Suite struct LibrarySelectionAndUsageTests {
    // MARK: select

    @Test func selectWithoutAWorkoutShowsTheSelection() throws {
        let sandbox = try LibraryCommandTests.emptyLibrary()
        let none = try sandbox.run(["select"])
        #expect(none.status == 0 && none.stdout == "No workout is selected: plain 'hiit' runs Tabata.\n" && none.stderr.isEmpty, "\(none)")
        #expect(try sandbox.run(["new", "Leg day", "-e", "Squats 40/20x3"]).status == 0)
        #expect(try sandbox.run(["select", "LEG DAY"]).status == 0)
        let some = try sandbox.run(["select"])
        #expect(some.status == 0 && some.stdout == "Selected 'Leg day': plain 'hiit' runs it.\n" && some.stderr.isEmpty, "\(some)")
        #expect(try sandbox.run(["delete", "leg day", "--yes"]).status == 0)
        #expect(try sandbox.run(["select", "leg day"]).status == 64)
    }

    @Test func selectShowsASelectionThatIsGone() throws {
        let sandbox = try LibraryCommandTests.emptyLibrary()
        #expect(try sandbox.run(["new", "Gone", "-e", "Hop 1/1x1"]).status == 0)
        #expect(try sandbox.run(["select", "gone"]).status == 0)
        // Removed by hand, so the profile still names it.
        try FileManager.default.removeItem(at: sandbox.workoutFile("gone.json"))
        let run = try sandbox.run(["select"])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout == "Selected 'Gone', which is no longer in the library: plain 'hiit' runs Tabata.\n", "\(run)")
    }

    @Test func selectNoneClearsTheSelection() throws {
        let sandbox = try LibraryCommandTests.emptyLibrary()
        #expect(try sandbox.run(["new", "Leg day", "-e", "Squats 40/20x3"]).status == 0)
        #expect(try sandbox.run(["select", "leg day"]).status == 0)
        #expect(try LibraryCommandTests.listJSON(sandbox).first?["selected"] as? Bool == true)

        let clear = try sandbox.run(["select", "--none"])
        #expect(clear.status == 0 && clear.stdout == "Cleared the selection (was 'Leg day'): plain 'hiit' runs Tabata.\n", "\(clear)")
        #expect(try LibraryCommandTests.listJSON(sandbox).first?["selected"] as? Bool == false)
        let profile = try String(contentsOf: sandbox.dataFolder.appendingPathComponent("profile.json"), encoding: .utf8)
        #expect(!profile.contains("selectedWorkout"), "\(profile)")
        #expect(try sandbox.run(["select"]).stdout == "No workout is selected: plain 'hiit' runs Tabata.\n")

        let again = try sandbox.run(["select", "--none"])
        #expect(again.status == 0 && again.stdout == "No workout was selected: plain 'hiit' runs Tabata.\n", "\(again)")
    }

    @Test func selectRefusesAWorkoutTogetherWithNone() throws {
        let sandbox = try LibraryCommandTests.emptyLibrary()
        let run = try sandbox.run(["select", "tabata", "--none"])
        expectHiitError(run, status: 64, naming: ["give a workout to select or --none, not both"])
    }

    @Test func selectHelpMentionsNone() throws {
        let sandbox = try LibraryCommandTests.emptyLibrary()
        let run = try sandbox.run(["select", "--help"], extraEnvironment: ["COLUMNS": "200"])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.contains("USAGE: hiit select [<workout>] [--none]"), "\(run)")
        #expect(run.stdout.contains("'hiit select --none' clears the selection"), "\(run)")
        #expect(run.stdout.contains("  --none "), "\(run)")
    }

    // MARK: new

    @Test func newShowsExerciseAsRequiredAndGivesAnExampleWhenItIsMissing() throws {
        let sandbox = try LibraryCommandTests.emptyLibrary()
        let help = try sandbox.run(["new", "--help"], extraEnvironment: ["COLUMNS": "200"])
        #expect(help.status == 0, "\(help)")
        #expect(help.stdout.contains("USAGE: hiit new <name> --exercise <exercise> ... [--rest-between <time>] [--prepare <time>] [--warm-up <time>] [--cool-down <time>] [--sets <count>] [--rest-between-sets <time>] [--cues <settings>]\n"), "\(help)")
        #expect(help.stdout.contains("Example: hiit new \"Leg day\" --exercise \"Squats 40/20x3\""), "\(help)")

        let run = try sandbox.run(["new", "Leg day"], extraEnvironment: ["COLUMNS": "200"])
        #expect(run.status == 64, "\(run)")
        #expect(run.stderrLines == [
            "Error: At least one --exercise is needed, e.g. --exercise \"Burpees 40/20x3\".",
            "Usage: hiit new <name> --exercise <exercise> ... [--rest-between <time>] [--prepare <time>] [--warm-up <time>] [--cool-down <time>] [--sets <count>] [--rest-between-sets <time>] [--cues <settings>]",
            "  See 'hiit new --help' for more information.",
        ], "\(run)")
        #expect(try sandbox.libraryFiles().isEmpty)
    }

    // MARK: import

    @Test func importOfAFileThatCannotBeReadIsAnIOErrorLikeHistoryImport() throws {
        let sandbox = try LibraryCommandTests.emptyLibrary()
        let missing = sandbox.file("nonexistent.json").path
        let run = try sandbox.run(["import", missing])
        expectHiitError(run, status: 74, naming: [missing, "cannot be read: no such file"])
        #expect(try sandbox.run(["history", "import", missing]).status == 74, "the same status as history import")

        let folder = sandbox.file("a-folder.json")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let notAFile = try sandbox.run(["import", folder.path])
        expectHiitError(notAFile, status: 74, naming: [folder.path, "cannot be read"])
        #expect(try sandbox.libraryFiles().isEmpty)
    }
}
