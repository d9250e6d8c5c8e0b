import Foundation
import Testing
import WorkoutModel
@testable import HiitApp
import TestSupport

/// Mutated workout and plan files (of the shipped `workouts/*.json`) given to `hiit show FILE`
/// and `hiit import --rename FILE`, and mutated history lines appended to `history.jsonl`
/// before `hiit history --json` and `hiit stats … --json`. Seeded (``JSONMutator``).
///
/// For each: no crash; stderr by the conventions (``StderrShape``); `show` and `import` agree
/// (both succeed or both fail); a mutation that can never be valid fails (files) or is skipped
/// with one `Skipped:` line naming its line (history, whose commands keep working with the
/// rest, status 0); a BOM changes nothing; the library and the history are byte for byte as
/// before, except the one file a successful import adds. In-process through `CommandTree.main`;
/// a seeded sample runs the built binary and must say exactly the same.
@Suite struct FileFuzzTests {
    static let fileSeed: UInt64 = 0xF11E_2026
    static let historySeed: UInt64 = 0x0415_7021
    /// Mutated files (each run twice: show and import).
    static let fileCases = 2_500
    /// Mutated history lines (each read twice: history and stats).
    static let historyCases = 2_500
    /// Cases also run out of process, at most, and within ``spawnBudget`` per test.
    static let spawnedCases = 60
    static let spawnBudget: Duration = .seconds(15)

    /// The shipped workouts and plans, as the library was seeded with them.
    static func shippedFiles(_ box: E2ESandbox) throws -> [(name: String, data: Data)] {
        let folder = box.dataFolder.appendingPathComponent("workouts")
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            .filter { $0.hasSuffix(".json") }
            .map { ($0, try Data(contentsOf: folder.appendingPathComponent($0))) }
    }

    struct FileOutcome: Equatable {
        let show: FuzzRun
        let importing: FuzzRun
    }

    /// Runs show and import on `file` (in-process or spawned), checks them, and puts the library
    /// back as it was (a successful import's file removed). Returns the outcome and the problems.
    static func check(_ mutation: JSONMutator.Mutation, file: URL, box: E2ESandbox, spawned: Bool)
        throws -> (FileOutcome, [String]) {
        try mutation.bytes.write(to: file)
        func run(_ arguments: [String]) throws -> FuzzRun {
            if !spawned { return box.runInProcess(arguments) }
            let (run, signal) = try box.runSpawned(arguments)
            return signal == nil ? run : FuzzRun(status: run.status, stdout: run.stdout, stderr: "killed by signal \(signal ?? 0)\n")
        }
        var problems: [String] = []
        let before = DataSnapshot(box.dataFolder)
        let show = try run(["show", file.path])
        let afterShow = DataSnapshot(box.dataFolder)
        problems += StderrShape.problems(show).map { "show: \($0)" }
        if !before.changes(to: afterShow).isEmpty { problems.append("show changed \(before.changes(to: afterShow))") }
        let importing = try run(["import", "--rename", file.path])
        let afterImport = DataSnapshot(box.dataFolder)
        problems += StderrShape.problems(importing).map { "import: \($0)" }
        let changes = before.changes(to: afterImport)
        if importing.status == 0 {
            let added = changes.filter { before.files[$0] == nil && $0.hasPrefix("workouts/") }
            if added.count != 1 || changes.count != 1 { problems.append("a successful import changed \(changes)") }
            for name in added { try? FileManager.default.removeItem(at: box.dataFolder.appendingPathComponent(name)) }
        } else if !changes.isEmpty {
            problems.append("a failed import changed \(changes)")
        }
        if (show.status == 0) != (importing.status == 0) {
            problems.append("show (status \(show.status)) and import (status \(importing.status)) disagree")
        }
        switch mutation.validity {
        case .invalid where show.status == 0: problems.append("an invalid file was accepted")
        case .valid where show.status != 0: problems.append("a valid file was refused")
        default: break
        }
        return (FileOutcome(show: show, importing: importing), problems)
    }

    static func describe(_ seed: UInt64, _ index: Int, _ base: String, _ mutation: JSONMutator.Mutation, _ problems: [String],
                         _ outcome: FileOutcome) -> String {
        "seed \(String(seed, radix: 16)) case \(index) (\(base), \(mutation.name.prefix(120))): \(problems.joined(separator: "; "))"
            + "\n  show \(outcome.show.status): \(outcome.show.stderr.prefix(300))"
            + "\n  import \(outcome.importing.status): \(outcome.importing.stderr.prefix(300))"
            + "\n  file: \(String(decoding: mutation.bytes.prefix(300), as: UTF8.self).debugDescription)"
    }

    @Test func mutatedWorkoutAndPlanFilesAreRefusedCleanly() throws {
        let box = try E2ESandbox.forHistory()
        try box.writeHistory(try jsonLines((1...3).map { historyRecord($0) }))
        _ = box.runInProcess(["list"])
        let bases = try Self.shippedFiles(box)
        #expect(bases.count >= 5)
        let seed = fuzzSeed(Self.fileSeed)
        var r = SeededGenerator(seed: seed)
        let file = box.file("fuzzed.json")
        var failures: [String] = []
        var counts: [JSONMutator.Validity: Int] = [:]
        var accepted = 0
        var sample: [(JSONMutator.Mutation, FileOutcome, Int, String)] = []
        for index in 0..<Self.fileCases where failures.count < 10 {
            let base = r.pick(bases)
            let mutation = JSONMutator.mutate(base.data, &r)
            var result: (FileOutcome, [String])?
            let slow = try fuzzTimeBound { result = try Self.check(mutation, file: file, box: box, spawned: false) }
            guard let (outcome, found) = result else { continue }
            let problems = found + slow
            if !problems.isEmpty { failures.append(Self.describe(seed, index, base.name, mutation, problems, outcome)) }
            counts[mutation.validity, default: 0] += 1
            if outcome.show.status == 0 { accepted += 1 }
            if index % 17 == 0, sample.count < Self.spawnedCases { sample.append((mutation, outcome, index, base.name)) }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        #expect(counts[.invalid, default: 0] > Self.fileCases / 3, "seed \(seed): \(counts)")
        #expect(accepted > 50, "seed \(seed): the generator should also make valid files (\(accepted))")

        // The same files through the built binary say exactly the same.
        let clock = ContinuousClock()
        let started = clock.now
        var spawned = 0
        var differences: [String] = []
        for (mutation, inProcess, index, base) in sample where clock.now - started < Self.spawnBudget && differences.count < 5 {
            let (outcome, problems) = try Self.check(mutation, file: file, box: box, spawned: true)
            if !problems.isEmpty || outcome != inProcess {
                differences.append(Self.describe(seed, index, base, mutation, problems + ["out of process differs from in-process"], outcome))
            }
            spawned += 1
        }
        #expect(differences.isEmpty, "\(differences.joined(separator: "\n"))")
        #expect(spawned >= 25, "seed \(seed): only \(spawned) files spawned in \(Self.spawnBudget)")
    }

    struct HistoryOutcome: Equatable {
        let history: FuzzRun
        let stats: FuzzRun
    }

    /// Writes the history (base lines and the mutated one), runs `history --json` and `stats`,
    /// and checks them. Returns the outcome and the problems.
    static func checkHistory(_ mutation: JSONMutator.Mutation, base: Data, baseCount: Int, newline: Bool,
                             box: E2ESandbox, spawned: Bool) throws -> (HistoryOutcome, [String]) {
        var content = base
        content.append(mutation.bytes)
        if newline { content.append(0x0A) }
        try box.writeHistory(content)
        func run(_ arguments: [String]) throws -> FuzzRun {
            if !spawned { return box.runInProcess(arguments) }
            let (run, signal) = try box.runSpawned(arguments)
            return signal == nil ? run : FuzzRun(status: run.status, stdout: run.stdout, stderr: "killed by signal \(signal ?? 0)\n")
        }
        let before = DataSnapshot(box.dataFolder)
        let history = try run(["history", "--json"])
        let stats = try run(["stats", "year", "--date", "2026-11-30", "--json"])
        var problems: [String] = []
        for (name, result) in [("history", history), ("stats", stats)] {
            problems += StderrShape.problems(result).map { "\(name): \($0)" }
            if result.status != 0 { problems.append("\(name): status \(result.status)") }
        }
        let changed = before.changes(to: DataSnapshot(box.dataFolder))
        if !changed.isEmpty { problems.append("reading changed \(changed)") }
        let line = baseCount + 1
        let prefix = "Skipped: \(box.historyURL.path), line \(line)"
        let skippedHistory = history.stderr.split(separator: "\n").filter { $0.utf8.starts(with: "Skipped: ".utf8) }
        let skippedStats = stats.stderr.split(separator: "\n").filter { $0.utf8.starts(with: "Skipped: ".utf8) }
        if skippedHistory.count > 1 || skippedStats.count > 1 { problems.append("more than one Skipped: line for one bad line") }
        if skippedHistory.count != skippedStats.count { problems.append("history and stats disagree about the line") }
        for skipped in skippedHistory + skippedStats where !skipped.utf8.starts(with: prefix.utf8) {
            problems.append("the Skipped: line does not name line \(line)")
        }
        let listed = ((try? JSONSerialization.jsonObject(with: Data(history.stdout.utf8))) as? [Any])?.count
        let expected = skippedHistory.isEmpty ? baseCount + 1 : baseCount
        if listed != expected, !(skippedHistory.isEmpty && listed == baseCount) {
            problems.append("history --json lists \(listed.map(String.init) ?? "no array") sessions, expected \(expected)")
        }
        if mutation.validity == .invalid, skippedHistory.isEmpty, listed != baseCount {
            problems.append("an invalid line was read as a session")
        }
        return (HistoryOutcome(history: history, stats: stats), problems)
    }

    @Test func mutatedHistoryLinesAreSkippedByLineAndLeftAlone() throws {
        let box = try E2ESandbox.forHistory()
        let records = (1...5).map { historyRecord($0 * 37) }
        let base = try jsonLines(records)
        let template = try historyRecord(4242).jsonLine()
        _ = box.runInProcess(["list"])
        let seed = fuzzSeed(Self.historySeed)
        var r = SeededGenerator(seed: seed)
        var failures: [String] = []
        var skipped = 0
        var sample: [(JSONMutator.Mutation, Bool, HistoryOutcome, Int)] = []
        for index in 0..<Self.historyCases where failures.count < 10 {
            var mutation = JSONMutator.mutate(template, &r)
            // One line: a line end among spliced or flipped bytes becomes a space.
            mutation = JSONMutator.Mutation(bytes: Data(mutation.bytes.map { $0 == 0x0A ? 0x20 : $0 }),
                                            validity: mutation.validity, name: mutation.name)
            let newline = r.chance(0.9)
            var result: (HistoryOutcome, [String])?
            let slow = try fuzzTimeBound {
                result = try Self.checkHistory(mutation, base: base, baseCount: records.count, newline: newline,
                                               box: box, spawned: false)
            }
            guard let (outcome, found) = result else { continue }
            let problems = found + slow
            if !problems.isEmpty {
                failures.append("seed \(String(seed, radix: 16)) case \(index) (\(mutation.name.prefix(120))): \(problems.joined(separator: "; "))"
                    + "\n  history: \(outcome.history.stderr.prefix(300))\n  stats: \(outcome.stats.stderr.prefix(300))"
                    + "\n  line: \(String(decoding: mutation.bytes.prefix(300), as: UTF8.self).debugDescription)")
            }
            if outcome.history.stderr.contains("Skipped: ") { skipped += 1 }
            if index % 17 == 0, sample.count < Self.spawnedCases { sample.append((mutation, newline, outcome, index)) }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        #expect(skipped > Self.historyCases / 3, "seed \(seed): \(skipped) lines skipped")

        let clock = ContinuousClock()
        let started = clock.now
        var spawned = 0
        var differences: [String] = []
        for (mutation, newline, inProcess, index) in sample where clock.now - started < Self.spawnBudget && differences.count < 5 {
            let (outcome, problems) = try Self.checkHistory(mutation, base: base, baseCount: records.count, newline: newline,
                                                            box: box, spawned: true)
            if !problems.isEmpty || outcome != inProcess {
                differences.append("seed \(String(seed, radix: 16)) case \(index) (\(mutation.name.prefix(120))) out of process: "
                    + "\(problems.joined(separator: "; "))\n  \(outcome)\n  in-process: \(inProcess)")
            }
            spawned += 1
        }
        #expect(differences.isEmpty, "\(differences.joined(separator: "\n"))")
        #expect(spawned >= 25, "seed \(seed): only \(spawned) history cases spawned in \(Self.spawnBudget)")
    }
}
