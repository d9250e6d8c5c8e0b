import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// `hiit edit WORKOUT` with scripted editors: small shell scripts that rewrite the file they
/// are given, with the answers to "(e)dit again or (d)iscard?" fed on stdin.
@Suite struct LibraryEditorTests {
    /// A library holding "Leg day" (Squats 40/20x3) and "Arms"; returns the sandbox and the
    /// bytes of leg-day.json.
    static func library() throws -> (E2ESandbox, Data) {
        let sandbox = try E2ESandbox()
        try FileManager.default.createDirectory(at: sandbox.libraryFolder, withIntermediateDirectories: true)
        try Data().write(to: sandbox.libraryFolder.appendingPathComponent(".seeded"))
        #expect(try sandbox.run(["new", "Leg day", "-e", "Squats 40/20x3"]).status == 0)
        #expect(try sandbox.run(["new", "Arms", "-e", "Curls 30/30x2"]).status == 0)
        return (sandbox, try Data(contentsOf: sandbox.workoutFile("leg-day.json")))
    }

    /// An editor script that runs `steps[n]` on its n-th call (counted in a file beside it),
    /// the last step again on later calls. Each step is shell code with the file in "$1".
    static func editor(_ steps: [String], in sandbox: E2ESandbox) throws -> String {
        var body = "count=$(cat \"$0.count\" 2>/dev/null || echo 0)\ncount=$((count + 1))\necho $count > \"$0.count\"\ncase $count in\n"
        for (index, step) in steps.enumerated() {
            body += index == steps.count - 1 ? "  *) \(step) ;;\n" : "  \(index + 1)) \(step) ;;\n"
        }
        body += "esac\n"
        return try writeLibraryEditorScript(body, named: "editor-\(UUID().uuidString).sh", in: sandbox.url)
    }

    /// How many times a scripted editor ran.
    static func calls(of editor: String) -> Int {
        Int((try? String(contentsOfFile: editor + ".count", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? 0
    }

    static let setRoundsTo5 = "sed -i 's/\"rounds\" : 3/\"rounds\" : 5/' \"$1\""
    static let setRoundsTo0 = "sed -i 's/\"rounds\" : [0-9]*/\"rounds\" : 0/' \"$1\""
    static let restoreRoundsTo6 = "sed -i 's/\"rounds\" : 0/\"rounds\" : 6/' \"$1\""
    static let breakTheJSON = "printf '{\\n  \"name\" : \"Leg day\",\\n  \"exercises\" : [\\n' > \"$1\""

    /// The temporary copies the loop made are gone.
    static func expectNoTemporaryCopies(_ sandbox: E2ESandbox, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let left = try FileManager.default.contentsOfDirectory(atPath: sandbox.url.appendingPathComponent("tmp").path)
        #expect(left.isEmpty, "temporary copies left: \(left)", sourceLocation: sourceLocation)
    }

    /// `hiit edit` ended by SIGTERM or SIGHUP while the editor runs (issue 11, item 10): the
    /// signal reaches the editor, the temporary copy is removed, the workout is unchanged, and
    /// hiit ends with 128 + N and one line saying so.
    @Test(arguments: [SIGTERM, SIGHUP])
    func aSignalWhileEditingRemovesTheCopy(signal: Int32) async throws {
        // The interaction runs on a thread of its own, so a busy test pool cannot delay the
        // signal until the editor has finished by itself.
        let seen = try await onOwnThread { () throws -> (status: Int32, stderr: String, unchanged: Bool, left: [String]) in
            let (sandbox, before) = try Self.library()
            let started = sandbox.url.appendingPathComponent("editor-started")
            // `exec`: the signal passed on reaches the one process that holds the output open.
            let editor = try Self.editor(["touch \"\(started.path)\"; exec sleep 30"], in: sandbox)
            let process = try sandbox.start(["edit", "leg day"], input: "", extraEnvironment: ["EDITOR": editor])
            _ = try waitUntil("the editor to start", context: { process.transcript }) {
                FileManager.default.fileExists(atPath: started.path) ? true : nil
            }
            process.kill(signal)
            let result = try process.wait(timeout: .seconds(20))
            let left = try FileManager.default.contentsOfDirectory(atPath: sandbox.url.appendingPathComponent("tmp").path)
            return (result.status, result.stderr,
                    try Data(contentsOf: sandbox.workoutFile("leg-day.json")) == before, left)
        }
        let name = signal == SIGTERM ? "SIGTERM" : "SIGHUP"
        #expect(seen.status == 128 + signal, "\(seen.stderr)")
        #expect(seen.stderr == "Error: stopped by \(name) while editing; 'Leg day' is unchanged\n")
        #expect(seen.unchanged, "the workout file changed")
        #expect(seen.left.isEmpty, "temporary copies left: \(seen.left)")
    }

    @Test func aValidEditIsSaved() throws {
        let (sandbox, _) = try Self.library()
        let editor = try Self.editor([Self.setRoundsTo5], in: sandbox)
        let run = try sandbox.run(["edit", "leg day"], extraEnvironment: ["EDITOR": editor])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout == """
            Saved 'Leg day' (\(sandbox.workoutFile("leg-day.json").path)):
              1. Squats: 40/20 s × 5
            Estimated time: 4 min 40 s (+ 10 s prepare)

            """, "\(run)")
        #expect(run.stderr.isEmpty, "\(run)")
        #expect(try String(contentsOf: sandbox.workoutFile("leg-day.json"), encoding: .utf8).contains("\"rounds\" : 5"))
        #expect(try fileModeBits(of: sandbox.workoutFile("leg-day.json")) == 0o600)
        try Self.expectNoTemporaryCopies(sandbox)
    }

    @Test func invalidThenValidAsksAndSavesTheSecond() throws {
        let (sandbox, _) = try Self.library()
        let editor = try Self.editor([Self.setRoundsTo0, Self.restoreRoundsTo6], in: sandbox)
        let run = try sandbox.run(["edit", "Leg day"], input: "what?\ne\n", extraEnvironment: ["EDITOR": editor])
        #expect(run.status == 0, "\(run)")
        #expect(Self.calls(of: editor) == 2)
        #expect(run.stderrLines.count == 3, "\(run)")
        #expect(run.stderrLines.first?.hasPrefix("Error: ") == true && run.stderrLines.first?.hasSuffix("leg-day.json: exercise 1 (Squats) rounds is 0; allowed 1–99") == true, "\(run)")
        #expect(Array(run.stderrLines.dropFirst()) == ["(e)dit again or (d)iscard?", "(e)dit again or (d)iscard?"], "an unknown answer asks again: \(run)")
        #expect(run.stdout.hasPrefix("Saved 'Leg day'"), "\(run)")
        #expect(try String(contentsOf: sandbox.workoutFile("leg-day.json"), encoding: .utf8).contains("\"rounds\" : 6"))
        try Self.expectNoTemporaryCopies(sandbox)
    }

    @Test func brokenJSONShowsLineAndColumnAndDiscardKeepsTheFile() throws {
        let (sandbox, original) = try Self.library()
        let editor = try Self.editor([Self.breakTheJSON], in: sandbox)
        let run = try sandbox.run(["edit", "leg day"], input: "d\n", extraEnvironment: ["EDITOR": editor])
        #expect(run.status == 65, "\(run)")
        let error = try #require(run.stderrLines.first)
        #expect(error.hasPrefix("Error: ") && error.contains("leg-day.json, line 4, column 1: JSON syntax error"), "\(run)")
        #expect(run.stdout == "Discarded: 'Leg day' is unchanged.\n", "\(run)")
        #expect(try Data(contentsOf: sandbox.workoutFile("leg-day.json")) == original, "an invalid workout is never saved")
        try Self.expectNoTemporaryCopies(sandbox)
    }

    @Test func endOfInputDiscards() throws {
        let (sandbox, original) = try Self.library()
        let editor = try Self.editor([Self.setRoundsTo0], in: sandbox)
        let run = try sandbox.run(["edit", "leg day"], input: "", extraEnvironment: ["EDITOR": editor])
        #expect(run.status == 65, "\(run)")
        #expect(Self.calls(of: editor) == 1)
        #expect(try Data(contentsOf: sandbox.workoutFile("leg-day.json")) == original)
    }

    @Test func editingAgainAndAgainNeverSavesUntilValid() throws {
        let (sandbox, original) = try Self.library()
        let editor = try Self.editor([Self.setRoundsTo0], in: sandbox)
        let run = try sandbox.run(["edit", "leg day"], input: "e\nedit\nE\ndiscard\n", extraEnvironment: ["EDITOR": editor])
        #expect(run.status == 65, "\(run)")
        #expect(Self.calls(of: editor) == 4)
        #expect(try Data(contentsOf: sandbox.workoutFile("leg-day.json")) == original)
    }

    @Test(arguments: ["true", "sed -i 's/ : / :  /' \"$1\""])
    func unchangedSaysSoAndWritesNothing(step: String) throws {
        let (sandbox, original) = try Self.library()
        let before = try FileManager.default.attributesOfItem(atPath: sandbox.workoutFile("leg-day.json").path)[.modificationDate] as? Date
        let editor = try Self.editor([step], in: sandbox)
        let run = try sandbox.run(["edit", "leg day"], extraEnvironment: ["EDITOR": editor])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout == "No changes to 'Leg day'.\n", "\(run)")
        #expect(try Data(contentsOf: sandbox.workoutFile("leg-day.json")) == original)
        let after = try FileManager.default.attributesOfItem(atPath: sandbox.workoutFile("leg-day.json").path)[.modificationDate] as? Date
        #expect(before == after)
        try Self.expectNoTemporaryCopies(sandbox)
    }

    @Test func renamingInTheEditorOntoAnotherWorkoutIsRefused() throws {
        let (sandbox, original) = try Self.library()
        let editor = try Self.editor(["sed -i 's/\"Leg day\"/\"ARMS\"/' \"$1\""], in: sandbox)
        let run = try sandbox.run(["edit", "leg day"], input: "d\n", extraEnvironment: ["EDITOR": editor])
        #expect(run.status == 65, "\(run)")
        #expect(run.stderrLines.first?.contains("a workout named 'ARMS' already exists as 'Arms'") == true, "\(run)")
        #expect(try Data(contentsOf: sandbox.workoutFile("leg-day.json")) == original)
    }

    @Test func renamingInTheEditorMovesTheFile() throws {
        let (sandbox, _) = try Self.library()
        let editor = try Self.editor(["sed -i 's/\"Leg day\"/\"Core+Legs\"/' \"$1\""], in: sandbox)
        let run = try sandbox.run(["edit", "leg day"], extraEnvironment: ["EDITOR": editor])
        #expect(run.status == 0 && run.stdout.hasPrefix("Saved 'Core+Legs' (was 'Leg day')"), "\(run)")
        #expect(try sandbox.libraryFiles() == ["arms.json", "core-legs.json"])
    }

    @Test func aFailingEditorChangesNothing() throws {
        let (sandbox, original) = try Self.library()
        let run = try sandbox.run(["edit", "leg day"], extraEnvironment: ["EDITOR": "false"])
        expectHiitError(run, status: 74, naming: ["'false' exited with status 1", "'Leg day' is unchanged"])
        #expect(try Data(contentsOf: sandbox.workoutFile("leg-day.json")) == original)
        try Self.expectNoTemporaryCopies(sandbox)
    }

    @Test func visualComesBeforeEditorAndArgumentsWork() throws {
        let (sandbox, _) = try Self.library()
        let visual = try Self.editor([Self.setRoundsTo5], in: sandbox)
        let editor = try Self.editor(["exit 3"], in: sandbox)
        // An editor command with an argument before the file name, as `code --wait` has.
        let run = try sandbox.run(["edit", "leg day"], extraEnvironment: ["VISUAL": "sh \(visual)", "EDITOR": editor])
        #expect(run.status == 0, "\(run)")
        #expect(Self.calls(of: visual) == 1 && Self.calls(of: editor) == 0)
    }

    @Test func theCopyIsPrivateAndNamedLikeTheWorkoutFile() throws {
        let (sandbox, _) = try Self.library()
        let record = sandbox.file("seen")
        let step = "stat -c '%a' \"$(dirname \"$1\")\" \"$1\" > '\(record.path)'; basename \"$1\" >> '\(record.path)'"
        let editor = try Self.editor([step], in: sandbox)
        let run = try sandbox.run(["edit", "leg day"], extraEnvironment: ["EDITOR": editor])
        #expect(run.status == 0, "\(run)")
        #expect(try String(contentsOf: record, encoding: .utf8) == "700\n600\nleg-day.json\n")
    }

    @Test func aChangeMadeMeanwhileIsNotOverwritten() throws {
        let (sandbox, _) = try Self.library()
        // While "the editor" runs, another hiit changes the workout.
        let hiit = try HiitBinary.url().path
        let step = "XDG_DATA_HOME='\(sandbox.url.path)' '\(hiit)' edit 'leg day' --prepare 3 > /dev/null; \(Self.setRoundsTo5)"
        let editor = try Self.editor([step], in: sandbox)
        let run = try sandbox.run(["edit", "leg day"], extraEnvironment: ["EDITOR": editor])
        #expect(run.status == 74, "\(run)")
        let error = try #require(run.stderrLines.first)
        #expect(error.contains("'Leg day' changed on disk") && error.contains("your version is kept in "), "\(run)")
        let saved = try String(contentsOf: sandbox.workoutFile("leg-day.json"), encoding: .utf8)
        #expect(saved.contains("\"prepareSeconds\" : 3") && saved.contains("\"rounds\" : 3"), "the other change stays: \(saved)")
    }
}
