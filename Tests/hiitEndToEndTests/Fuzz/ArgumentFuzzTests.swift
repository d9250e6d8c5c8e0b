import Foundation
import Testing
@testable import HiitApp
import TestSupport

/// Generated command lines (seeded): templates of every library, plan, history, profile and
/// stats command, mangled with unknown options, missing values, bad subcommands and values
/// that are empty, negative, huge, NaN, unicode, control characters or very long.
///
/// For each: no crash, a well-formed stderr (``StderrShape``: one `Error:` line when the
/// status is not 0, none when it is), a non-zero status for the mutations that can never be
/// valid, and when the status is not 0 the data folder byte for byte as before. Most cases run
/// in-process through `CommandTree.main` (the binary's entry point; ~10 ms a process would make
/// thousands of spawns cost minutes); a seeded sample runs the built binary to prove the same
/// out of process (no signal, same checks).
@Suite struct ArgumentFuzzTests {
    static let seed: UInt64 = 0xF022_A260
    /// In-process cases (at least).
    static let inProcessCases = 5_000
    /// Spawned cases (at most; also bounded by ``spawnBudget``).
    static let spawnedCases = 250
    static let spawnBudget: Duration = .seconds(25)

    /// A generated command line and whether it can never be valid.
    struct Case {
        var arguments: [String]
        var mustFail: Bool
        var mutations: [String]
    }

    static let workouts = ["Tabata", "tabata", "Classic HIIT", "EMOM 10", "Gentle start", "Fuzzed", "no such workout", "20/10x8"]
    static let plans = ["Sprint triathlon", "Duathlon", "Swimrun", "Aquathlon", "no such plan"]
    static let names = ["Fuzzed", "Fuzz 2", "Légs ☃", "x", "Tabata"]
    static let exercises = ["Squats 40/20x3", "Burpees 20/10x8", "Plank 60/0x1", "Jumps 30/15x4"]
    static let legs = ["swim:750m", "t1", "bike:20km", "t2", "run:5km", "run:30min", "bike:1h", "swim:400yd"]
    static let ids = ["00000001", "00000002", "00000003-0000-4000-8000-000000000000", "0000"]

    /// Command-line templates; `{W}` and friends are filled from the lists above.
    static func template(_ r: inout SeededGenerator) -> [String] {
        let w = r.pick(workouts), p = r.pick(plans), n = r.pick(names)
        let templates: [[String]] = [
            ["show", w], ["show", w, "--json"], ["show", p], ["list"], ["list", "--json"], ["list", "--names"],
            ["select", w], ["select", "--none"],
            ["new", n, "--exercise", r.pick(exercises), "--exercise", r.pick(exercises), "--rest-between", "30", "--prepare", "5"],
            ["new", n, "-e", r.pick(exercises)],
            ["rename", w, n], ["delete", w, "--yes"], ["delete", p, "--yes"], ["duplicate", w, n], ["duplicate", p],
            ["edit", w, "--work", "1=30", "--rounds", "1=4"], ["edit", w, "--add", r.pick(exercises), "--at", "1"],
            ["edit", w, "--rest-between", "20", "--prepare", "0"], ["edit", w, "--remove", "1"], ["edit", w, "--move", "1", "--to", "2"],
            ["edit", w, "--rename-exercise", "1=Hops", "--rest", "1=5"],
            ["import", "/nonexistent/\(n).json"], ["import", "--rename", "/dev/null"],
            ["plan", "new", n, r.pick(legs), "t1", r.pick(legs), "--pool", "25m"], ["plan", "new", n, "run:5km", "--outdoor"],
            ["plan", "add", p, r.pick(legs), "--at", "2"], ["plan", "remove", p, "2"], ["plan", "move", p, "1", "--to", "3"],
            ["plan", "set", p, "3", "--distance", "19.6km", "--outdoor"], ["plan", "set", p, "1", "--time", "25:00", "--pool", "50m"],
            ["history"], ["history", "--last", "3"], ["history", "--json"], ["history", "show", r.pick(ids)],
            ["history", "delete", r.pick(ids), "--yes"], ["history", "edit", r.pick(ids), "--leg", "1", "--distance", "800m"],
            ["history", "import", "/nonexistent/import.jsonl", "--verbose"],
            ["profile"], ["profile", "--weight", "70"], ["profile", "--no-weight"], ["profile", "--first-weekday", "monday"],
            ["profile", "--units", "metric"],
            ["stats"], ["stats", "month", "--json"], ["stats", "week", "--date", "2026-11-30", "--back", "2", "--compare", "previous"],
            ["stats", "year", "--metric", "kcal", "--sport", "running", "--json"],
            ["completions", "bash"], ["completions", "fish"], ["help", "plan", "new"],
        ]
        return r.pick(templates)
    }

    /// Options that take a number in a range: a value outside it (or not a number) is always refused.
    static let rangedOptions: Set<String> = ["--rest-between", "--prepare", "--weight", "--last", "--back", "--at", "--to", "--leg"]
    static let impossibleNumbers = ["-1", "-999999", "1e400", "NaN", "inf", "-inf", "99999999999999999999999999", "abc", "", "٣", "1e308"]

    static func generate(_ r: inout SeededGenerator) -> Case {
        var c = Case(arguments: template(&r), mustFail: false, mutations: [])
        for _ in 0..<r.int(1...3) {
            let a = c.arguments
            switch r.int(0...9) {
            case 0:  // an unknown option, before any `--`
                let option = r.pick(["--bogus", "--no-such-option", "-z", "--WEIGHT", "--jsonn", "--\u{E9}"])
                let end = a.firstIndex(of: "--") ?? a.count
                c.arguments.insert(option, at: r.int(1...max(1, end)))
                c.mustFail = true
                c.mutations.append("unknown option \(option)")
            case 1:  // the value of an option left out (at the end)
                if let index = a.lastIndex(where: { rangedOptions.contains($0) }), index + 1 < a.count {
                    c.arguments = Array(a[...index])
                    c.mustFail = !a[..<index].contains("--")
                    c.mutations.append("missing value for \(a[index])")
                }
            case 2:  // a ranged option's value that is never valid
                if let index = a.firstIndex(where: { rangedOptions.contains($0) }), index + 1 < a.count {
                    let value = r.pick(impossibleNumbers)
                    c.arguments[index + 1] = value
                    c.mustFail = !a[..<index].contains("--")
                    c.mutations.append("\(a[index]) \(value.debugDescription)")
                }
            case 3:  // the subcommand replaced by a word that is none
                let word = r.pick(["shw", "lst", "runn", "histroy", "stat", "名前", "", "x", "--", "-"])
                c.arguments[0] = word
                c.mustFail = !["--", "-"].contains(word) || a.count > 1
                if word == "--" { c.mustFail = false }
                c.mutations.append("subcommand \(word.debugDescription)")
            case 4, 5, 6:  // any value replaced by a nasty one
                if a.count > 1 {
                    let index = r.int(1...(a.count - 1))
                    let value = r.pick(nastyValues)
                    c.arguments[index] = value
                    c.mustFail = false
                    c.mutations.append("argument \(index) = \(value.prefix(40).debugDescription)")
                }
            case 7:  // a nasty value inserted anywhere
                let value = r.pick(nastyValues)
                c.arguments.insert(value, at: r.int(0...a.count))
                c.mustFail = false
                c.mutations.append("inserted \(value.prefix(40).debugDescription)")
            case 8:  // a random token of random scalars
                let token = String(String.UnicodeScalarView((0..<r.int(0...12)).compactMap { _ in
                    Unicode.Scalar(UInt32(r.pick([r.int(0...0x7F), r.int(0x80...0x2FFF), r.int(0x1F300...0x1FAFF)])))
                }))
                c.arguments.insert(token, at: r.int(0...a.count))
                c.mustFail = false
                c.mutations.append("token \(token.debugDescription)")
            default:  // an argument dropped
                if a.count > 1 {
                    let index = r.int(0...(a.count - 1))
                    c.arguments.remove(at: index)
                    c.mustFail = false
                    c.mutations.append("dropped \(a[index].debugDescription)")
                }
            }
        }
        // A folder is a valid `history import` request, not bad input: it is searched (up to
        // 100,000 entries) and its activities imported, which `/` or the package's parent would
        // make a long run of real imports. Folders get tests of their own (ActivityImportTests).
        if c.arguments.starts(with: ["history", "import"]) {
            for index in c.arguments.indices.dropFirst(2) where ["/", ".", ".."].contains(c.arguments[index]) {
                c.arguments[index] = "/nonexistent/folder"
                c.mutations.append("folder argument \(index) = /nonexistent/folder")
            }
        }
        // Help and version succeed whatever else is on the line (`-V`, or a group starting
        // with it, is the version at the top).
        if c.arguments.contains(where: { ["-h", "--help", "--version", "help"].contains($0) || $0.hasPrefix("-V") }) {
            c.mustFail = false
        }
        return c
    }

    /// Checks one run; returns the problems (empty when it behaved).
    static func problems(of run: FuzzRun, for c: Case, before: DataSnapshot, after: DataSnapshot) -> [String] {
        // `import FILE…` and `history import PATH…` report each file on its own line.
        let files = c.arguments.first == "import" ? c.arguments.count - 1
            : c.arguments.starts(with: ["history", "import"]) ? c.arguments.count - 2 : 0
        var problems = StderrShape.problems(run, maximumErrors: max(1, files))
        if c.mustFail, run.status == 0 { problems.append("status 0 for an impossible command line") }
        if run.status != 0 {
            let changed = before.changes(to: after)
            if !changed.isEmpty { problems.append("failed (status \(run.status)) yet changed \(changed)") }
        }
        return problems
    }

    static func describe(_ seed: UInt64, _ c: Case, _ index: Int, _ run: FuzzRun, _ problems: [String]) -> String {
        "seed \(String(seed, radix: 16)) case \(index): hiit \(c.arguments.map { $0.prefix(60).debugDescription }.joined(separator: " "))"
            + " (\(c.mutations.joined(separator: "; "))) → status \(run.status): \(problems.joined(separator: "; "))"
            + "\nstderr: \(run.stderr.prefix(600))"
    }

    @Test func generatedCommandLinesFailCleanlyInProcess() throws {
        let box = try E2ESandbox.forHistory()
        try box.writeHistory(try jsonLines((1...5).map { historyRecord($0) }))
        let seed = fuzzSeed(Self.seed)
        var r = SeededGenerator(seed: seed)
        var ran = 0, failed = 0, mustFail = 0, skipped = 0
        var failures: [String] = []
        var index = 0
        _ = box.runInProcess(["list"])  // the library is seeded on first use, whatever the command
        var before = DataSnapshot(box.dataFolder)
        while ran < Self.inProcessCases, failures.count < 10 {
            index += 1
            let c = Self.generate(&r)
            guard FuzzCommandFilter.isSafe(c.arguments) else { skipped += 1; continue }
            let run = box.runInProcess(c.arguments)
            let after = DataSnapshot(box.dataFolder)
            let problems = Self.problems(of: run, for: c, before: before, after: after)
            if !problems.isEmpty { failures.append(Self.describe(seed, c, index, run, problems)) }
            before = after
            ran += 1
            if run.status != 0 { failed += 1 }
            if c.mustFail { mustFail += 1 }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        #expect(ran >= Self.inProcessCases, "seed \(String(seed, radix: 16)): \(ran) cases")
        // The generator reaches both outcomes, and many lines that can never be valid.
        #expect(failed > ran / 3 && failed < ran, "seed \(String(seed, radix: 16)): \(failed) of \(ran) failed")
        #expect(mustFail > ran / 5, "seed \(String(seed, radix: 16)): \(mustFail) of \(ran) impossible")
        _ = skipped
    }

    @Test func aSampleFailsTheSameWayOutOfProcess() throws {
        let box = try E2ESandbox.forHistory()
        try box.writeHistory(try jsonLines((1...5).map { historyRecord($0) }))
        let seed = fuzzSeed(Self.seed) ^ 0x5A5A
        var r = SeededGenerator(seed: seed)
        let clock = ContinuousClock()
        let started = clock.now
        var ran = 0, index = 0
        var failures: [String] = []
        _ = try box.runSpawned(["list"])
        var before = DataSnapshot(box.dataFolder)
        while ran < Self.spawnedCases, clock.now - started < Self.spawnBudget, failures.count < 10 {
            index += 1
            let c = Self.generate(&r)
            guard FuzzCommandFilter.isSafe(c.arguments) else { continue }
            let (run, signal) = try box.runSpawned(c.arguments)
            let after = DataSnapshot(box.dataFolder)
            var problems = Self.problems(of: run, for: c, before: before, after: after)
            if let signal { problems.append("killed by signal \(signal)") }
            if !problems.isEmpty { failures.append(Self.describe(seed, c, index, run, problems)) }
            before = after
            ran += 1
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        #expect(ran >= 100, "seed \(String(seed, radix: 16)): only \(ran) spawned cases in \(Self.spawnBudget)")
    }
}
