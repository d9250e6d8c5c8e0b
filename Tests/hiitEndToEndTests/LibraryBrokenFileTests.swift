import Foundation
import Testing

/// A library file that does not parse, met through the built binary: `hiit edit NAME` opens
/// it in the editor loop and replaces it once it holds a valid workout; `hiit delete NAME`
/// removes it after the usual confirmation; everything else refuses with its error, which
/// says how to get out.
@Suite struct LibraryBrokenFileTests {
    /// The bytes of a hand-edited file that lost its array (line 2, column 15).
    static let broken = "{\"version\": 1, \"name\": \"Legs 2\",\n \"exercises\": 5}\n"

    /// A valid workout named `name`, as a person might type it.
    static func valid(_ name: String) -> String {
        "{\"version\": 1, \"name\": \"\(name)\", \"exercises\": [{\"name\": \"Squats\", \"workSeconds\": 30, \"restSeconds\": 10, \"rounds\": 3}]}\n"
    }

    /// An empty library (already seeded) holding `legs-2.json` = ``broken`` and, when asked, "Arms".
    static func library(withArms: Bool = false) throws -> E2ESandbox {
        let sandbox = try LibraryCommandTests.emptyLibrary()
        try sandbox.writeWorkoutFile("legs-2.json", broken)
        if withArms { #expect(try sandbox.run(["new", "Arms", "-e", "Curls 30/30x2"]).status == 0) }
        return sandbox
    }

    /// Shell code that replaces the edited copy with `text`.
    static func write(_ text: String) -> String {
        "printf '%s' '\(text.replacingOccurrences(of: "'", with: "'\\''"))' > \"$1\""
    }

    // MARK: edit

    @Test(arguments: ["legs 2", "Legs 2", "legs-2", "legs-2.json"])
    func editOpensTheBrokenFileAndSavesAValidResult(word: String) throws {
        let sandbox = try Self.library()
        let seen = sandbox.file("seen")
        let editor = try LibraryEditorTests.editor(["cp \"$1\" '\(seen.path)'; " + Self.write(Self.valid("Legs 2"))], in: sandbox)
        let run = try sandbox.run(["edit", word], extraEnvironment: ["EDITOR": editor])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout == """
            Saved 'Legs 2' in place of the broken legs-2.json (\(sandbox.workoutFile("legs-2.json").path)):
              1. Squats: 30/10 s × 3
            Estimated time: 1 min 50 s (+ 10 s prepare)

            """, "\(run)")
        #expect(run.stderr.isEmpty, "\(run)")
        #expect(try String(contentsOf: seen, encoding: .utf8) == Self.broken, "the editor got the file's bytes as they were")
        #expect(try sandbox.libraryFiles() == ["legs-2.json"])
        #expect(try fileModeBits(of: sandbox.workoutFile("legs-2.json")) == 0o600)
        let list = try sandbox.run(["list"])
        #expect(list.status == 0 && list.stderr.isEmpty && !list.stdout.contains("broken"), "\(list)")
        #expect(try sandbox.run(["show", "legs 2"]).status == 0)
        try LibraryEditorTests.expectNoTemporaryCopies(sandbox)
    }

    @Test func aRepairedFileMovesToItsNamesSlug() throws {
        let sandbox = try Self.library()
        let editor = try LibraryEditorTests.editor([Self.write(Self.valid("Core day"))], in: sandbox)
        let run = try sandbox.run(["edit", "legs-2"], extraEnvironment: ["EDITOR": editor])
        #expect(run.status == 0 && run.stdout.hasPrefix("Saved 'Core day' in place of the broken legs-2.json (\(sandbox.workoutFile("core-day.json").path))"), "\(run)")
        #expect(try sandbox.libraryFiles() == ["core-day.json"])
    }

    @Test func anInvalidResultAsksAgainAndDiscardKeepsTheFileBroken() throws {
        let sandbox = try Self.library()
        let stillBad = Self.valid("Legs 2").replacingOccurrences(of: "\"rounds\": 3", with: "\"rounds\": 0")
        let editor = try LibraryEditorTests.editor([Self.write(stillBad)], in: sandbox)
        let run = try sandbox.run(["edit", "legs 2"], input: "e\nd\n", extraEnvironment: ["EDITOR": editor])
        #expect(run.status == 65, "\(run)")
        #expect(LibraryEditorTests.calls(of: editor) == 2)
        #expect(run.stderrLines.first?.hasPrefix("Error: ") == true && run.stderrLines.first?.hasSuffix("legs-2.json: exercise 1 (Squats) rounds is 0; allowed 1–99") == true, "\(run)")
        #expect(run.stdout == "Discarded: legs-2.json is unchanged (still broken).\n", "\(run)")
        #expect(try String(contentsOf: sandbox.workoutFile("legs-2.json"), encoding: .utf8) == Self.broken)
        try LibraryEditorTests.expectNoTemporaryCopies(sandbox)
    }

    @Test func leavingItUnchangedKeepsItBroken() throws {
        let sandbox = try Self.library()
        let run = try sandbox.run(["edit", "legs 2"], extraEnvironment: ["EDITOR": "true"])
        expectHiitError(run, status: 65, naming: ["no changes were made, so the file is still broken", "legs-2.json, line 2, column 15"])
        #expect(try String(contentsOf: sandbox.workoutFile("legs-2.json"), encoding: .utf8) == Self.broken)
    }

    @Test func aNameAnotherWorkoutHasIsRefusedInTheLoop() throws {
        let sandbox = try Self.library(withArms: true)
        let editor = try LibraryEditorTests.editor([Self.write(Self.valid("ARMS"))], in: sandbox)
        let run = try sandbox.run(["edit", "legs 2"], input: "d\n", extraEnvironment: ["EDITOR": editor])
        #expect(run.status == 65, "\(run)")
        #expect(run.stderrLines.first?.contains("a workout named 'ARMS' already exists as 'Arms'") == true, "\(run)")
        #expect(try String(contentsOf: sandbox.workoutFile("legs-2.json"), encoding: .utf8) == Self.broken)
    }

    @Test func aFileFixedByHandMeanwhileIsNotOverwritten() throws {
        let sandbox = try Self.library()
        let library = sandbox.workoutFile("legs-2.json").path
        // While "the editor" runs, the person fixes the file itself in another window.
        let step = "printf '%s' '\(Self.valid("By hand"))' > '\(library)'; " + Self.write(Self.valid("Legs 2"))
        let editor = try LibraryEditorTests.editor([step], in: sandbox)
        let run = try sandbox.run(["edit", "legs 2"], extraEnvironment: ["EDITOR": editor])
        #expect(run.status == 74, "\(run)")
        let error = try #require(run.stderrLines.first)
        #expect(error.contains("legs-2.json' changed on disk") && error.contains("your version is kept in "), "\(run)")
        #expect(try String(contentsOf: sandbox.workoutFile("legs-2.json"), encoding: .utf8).contains("By hand"))
    }

    @Test func aFileTooLargeToReadCannotBeEditedButCanBeDeleted() throws {
        let sandbox = try LibraryCommandTests.emptyLibrary()
        try FileManager.default.createDirectory(at: sandbox.libraryFolder, withIntermediateDirectories: true)
        try Data(repeating: 0x41, count: 2 * 1024 * 1024).write(to: sandbox.workoutFile("junk.json"))
        let edit = try sandbox.run(["edit", "junk"], extraEnvironment: ["EDITOR": "false"])
        expectHiitError(edit, status: 65, naming: ["junk.json", "MiB", "remove it with 'hiit delete junk'"])
        #expect(!edit.stderr.contains("hiit edit"), "\(edit)")
        let delete = try sandbox.run(["delete", "junk", "--yes"])
        #expect(delete.status == 0, "\(delete)")
        #expect(try sandbox.libraryFiles().isEmpty)
    }

    // MARK: The error points the way out

    @Test(arguments: [["edit", "legs 2", "--prepare", "0"], ["rename", "legs-2", "Fixed"], ["run", "legs 2"]])
    func otherCommandsRefuseAndSayHowToFixOrRemoveIt(arguments: [String]) throws {
        let sandbox = try Self.library()
        let run = try sandbox.run(arguments)
        var words = [sandbox.workoutFile("legs-2.json").path, "line 2, column 15"]
        if arguments[0] != "run" {
            words += ["(the file was not changed; fix it with 'hiit edit legs-2' or remove it with 'hiit delete legs-2')"]
        }
        expectHiitError(run, status: 65, naming: words)
        #expect(try String(contentsOf: sandbox.workoutFile("legs-2.json"), encoding: .utf8) == Self.broken)
    }

    @Test func anUnusualFileNameIsQuotedInTheAdvice() throws {
        let sandbox = try LibraryCommandTests.emptyLibrary()
        try sandbox.writeWorkoutFile("My Legs.json", Self.broken)
        let run = try sandbox.run(["rename", "my legs", "Fixed"])
        expectHiitError(run, status: 65, naming: ["fix it with 'hiit edit \"My Legs\"' or remove it with 'hiit delete \"My Legs\"'"])
        let editor = try LibraryEditorTests.editor([Self.write(Self.valid("My legs"))], in: sandbox)
        #expect(try sandbox.run(["edit", "My Legs"], extraEnvironment: ["EDITOR": editor]).status == 0)
    }

    // MARK: delete

    @Test func deleteWithYesRemovesTheBrokenFile() throws {
        let sandbox = try Self.library(withArms: true)
        let run = try sandbox.run(["delete", "legs 2", "--yes"])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout == "Deleted the broken file legs-2.json (\(sandbox.workoutFile("legs-2.json").path)).\n", "\(run)")
        #expect(run.stderr.isEmpty, "\(run)")
        #expect(try sandbox.libraryFiles() == ["arms.json"])
    }

    @Test func deleteWithoutATerminalOrYesRefuses() throws {
        let sandbox = try Self.library()
        let run = try sandbox.run(["delete", "legs-2"])
        expectHiitError(run, status: 64, naming: ["add --yes to delete the broken file", "legs-2.json"])
        #expect(try sandbox.libraryFiles() == ["legs-2.json"])
    }

    @Test(arguments: [("y\n", true), ("\n", false)])
    func deleteAsksOnATerminalShowingTheError(answer: String, deletes: Bool) throws {
        let sandbox = try Self.library()
        let terminal = try PseudoTerminal()
        let child = try sandbox.start(["delete", "legs 2"], stdin: terminal.secondary)
        try terminal.type(answer)
        let run = try child.wait()
        #expect(run.status == 0, "\(run)")
        #expect(run.stderrLines.count == 2, "\(run)")
        #expect(run.stderrLines.first?.hasPrefix("legs-2.json is broken: \(sandbox.workoutFile("legs-2.json").path), line 2, column 15") == true, "\(run)")
        #expect(run.stderrLines.last == "Delete the broken file legs-2.json? [y/N]", "\(run)")
        #expect(run.stdout == (deletes ? "Deleted the broken file legs-2.json (\(sandbox.workoutFile("legs-2.json").path)).\n" : "Kept legs-2.json.\n"), "\(run)")
        #expect(try sandbox.libraryFiles() == (deletes ? [] : ["legs-2.json"]))
    }
}
