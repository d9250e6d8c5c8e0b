import Foundation
import Testing

/// `hiit new … --sets 3` and `hiit edit` of a circuit through the built binary (#16).
@Suite struct CircuitCommandTests {
    @Test("hiit new with warm-up, sets, rest between sets and cool-down saves a version 2 file that hiit show times")
    func newCircuitAndShowIt() throws {
        let sandbox = try LibraryCommandTests.emptyLibrary()
        let run = try sandbox.run(["new", "Circuit", "-e", "Squats 40/20x2", "-e", "Push-ups 30/15x2",
                                   "--warm-up", "5m", "--sets", "3", "--rest-between-sets", "2m", "--cool-down", "3m"])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdoutLines.contains("  Sets: 3, rest between sets 2 min"), "\(run)")
        #expect(run.stdoutLines.last == "Estimated time: 23 min 45 s (+ 10 s prepare)", "\(run)")
        let file = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: sandbox.workoutFile("circuit.json"))) as? [String: Any])
        #expect(file["version"] as? Int == 2)
        #expect(file["sets"] as? Int == 3 && file["warmUpSeconds"] as? Int == 300)
        #expect(file["restBetweenSetsSeconds"] as? Int == 120 && file["coolDownSeconds"] as? Int == 180)

        let show = try sandbox.run(["show", "Circuit", "--json"])
        #expect(show.status == 0, "\(show)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(show.stdout.utf8)) as? [String: Any])
        // 5:00 + 3 × (40+20+40 + 60 + 30+15+30) + 2 × 2:00 + 3:00 = 1425 s
        #expect(json["estimatedSeconds"] as? Double == 1425)
        let kinds = (json["segments"] as? [[String: Any]] ?? []).compactMap { $0["kind"] as? String }
        #expect(kinds.first == "prepare" && kinds.dropFirst().first == "warmUp" && kinds.last == "coolDown")
        #expect(kinds.filter { $0 == "restBetweenSets" }.count == 2)
        #expect(kinds.filter { $0 == "work" }.count == 12)

        let text = try sandbox.run(["show", "Circuit"], extraEnvironment: ["COLUMNS": "100"])
        #expect(text.stdoutLines.contains("   9:05  REST       between sets                                         2:00"), "\(text)")
        #expect(text.stdoutLines.last == "  20:55  COOL DOWN                                                       3:00", "\(text)")
    }

    @Test("bad values are usage errors naming the option, and nothing is written")
    func badValuesWriteNothing() throws {
        let sandbox = try LibraryCommandTests.emptyLibrary()
        for (option, value, message) in [("--sets", "21", "Error: --sets: '21' is outside 1–20"),
                                         ("--warm-up", "4000", "Error: --warm-up: '4000' is 4000 s; allowed 0–3600 s")] {
            let run = try sandbox.run(["new", "Bad", "-e", "A 10/5", option, value])
            #expect(run.status == 64, "\(run)")
            #expect(run.stderrLines.first == message, "\(run)")
        }
        #expect(try sandbox.libraryFiles().isEmpty)
    }

    @Test("hiit edit turns a plain workout into a circuit and back to a version 1 file without the circuit keys")
    func editIntoACircuitAndBack() throws {
        let sandbox = try LibraryCommandTests.emptyLibrary()
        #expect(try sandbox.run(["new", "Legs", "-e", "Squats 40/20x3"]).status == 0)
        let before = try Data(contentsOf: sandbox.workoutFile("legs.json"))
        let edit = try sandbox.run(["edit", "Legs", "--sets", "2", "--rest-between-sets", "90", "--warm-up", "1:00"])
        #expect(edit.status == 0, "\(edit)")
        #expect(edit.stdoutLines.contains("  Warm up: 1 min"), "\(edit)")
        let circuit = try String(contentsOf: sandbox.workoutFile("legs.json"), encoding: .utf8)
        #expect(circuit.contains("\"version\" : 2") && circuit.contains("\"sets\" : 2"))

        let refused = try sandbox.run(["edit", "Legs", "--sets", "0"])
        #expect(refused.status == 64, "\(refused)")
        #expect(try String(contentsOf: sandbox.workoutFile("legs.json"), encoding: .utf8) == circuit, "a refused edit changes nothing")

        // Back to one set without warm-up: the rest between sets stays, so version 2 remains.
        #expect(try sandbox.run(["edit", "Legs", "--sets", "1", "--warm-up", "0"]).status == 0)
        let after = try String(contentsOf: sandbox.workoutFile("legs.json"), encoding: .utf8)
        #expect(after.contains("\"restBetweenSetsSeconds\" : 90") && !after.contains("\"sets\""))
        #expect(before != Data(after.utf8))
    }

    @Test("the editor keeps the circuit's keys, saves a changed set count and refuses 21 sets, naming the field")
    func theEditorKeepsTheCircuit() throws {
        let sandbox = try LibraryCommandTests.emptyLibrary()
        #expect(try sandbox.run(["new", "Circuit", "-e", "Squats 40/20x2", "--sets", "3", "--warm-up", "2m"]).status == 0)
        let sets = { (count: Int) in #"sed -i 's/"sets" : [0-9]*/"sets" : \#(count)/' "$1""# }
        let editor = try LibraryEditorTests.editor([sets(4)], in: sandbox)
        let run = try sandbox.run(["edit", "Circuit"], extraEnvironment: ["EDITOR": editor])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdoutLines.contains("  Sets: 4, rest between sets 1 min"), "\(run)")
        let saved = try String(contentsOf: sandbox.workoutFile("circuit.json"), encoding: .utf8)
        #expect(saved.contains("\"sets\" : 4") && saved.contains("\"warmUpSeconds\" : 120"), "\(saved)")

        let refuse = try LibraryEditorTests.editor([sets(21)], in: sandbox)
        let refused = try sandbox.run(["edit", "Circuit"], input: "d\n", extraEnvironment: ["EDITOR": refuse])
        #expect(refused.status == 65, "\(refused)")
        #expect(refused.stderrLines.first?.hasSuffix("circuit.json: sets is 21; allowed 1–20") == true, "\(refused)")
        #expect(try String(contentsOf: sandbox.workoutFile("circuit.json"), encoding: .utf8) == saved, "nothing saved")
    }
}
