import Foundation
import Testing
import WorkoutModel
#if canImport(Glibc)
import Glibc
import TestSupport
#endif

/// A `hiit` child process killed with SIGKILL at random points (seeded) while it appends
/// (`history import --verbose`) and rewrites (`history delete`, `profile --weight`), many times.
/// After every kill:
/// - every line of `history.jsonl` is a whole record, except lines cut off by a kill during an
///   append (each one a prefix of a record that was being written); at most one new cut line per
///   kill; a cut line is never rewritten, only kept apart from the next append by a line end;
/// - every session the child reported saved (`saved ID` on stdout) is present, unless a delete
///   of it was started; every delete that reported success is final;
/// - `profile.json` parses and holds one of the weights given (old or new, never a mixture).
/// At the end `hiit history` reports each cut line with the file and line number, and the next
/// completed rewrites leave no temporary files behind.
@Suite struct HistoryCrashTests {
    /// The whole test stops starting new children after this long.
    static let budget: Duration = .seconds(12)
    static let maximumRounds = 80

    enum Action: CaseIterable { case importing, deleting, weighing }

    @Test func killedChildrenLoseNothingTheyReportedSaved() throws {
        let box = try E2ESandbox.forHistory()
        var random = SeededGenerator(seed: 0x2026_1130)
        let clock = ContinuousClock()
        let started = clock.now

        var offered: [Data: UUID] = [:]              // every record line ever given to an import
        var reportedSaved = Set<UUID>()
        var deleteStarted = Set<UUID>()
        var deleteConfirmed = Set<UUID>()
        var weightsGiven: Set<Double> = []
        var killsDuringImport = 0
        var typicalDuration: [String: Duration] = [:]  // of the last run that was not killed, per action
        var rounds = 0
        var outcomes: [String: Int] = [:]

        while rounds < Self.maximumRounds, clock.now - started < Self.budget {
            rounds += 1
            let roll = Int.random(in: 0..<10, using: &random)
            let action: Action = roll < 6 ? .importing : roll < 8 ? .deleting : .weighing
            var arguments: [String]
            var deleting: UUID?
            switch action {
            case .importing:
                // 250 new sessions (two locked appends) and up to 20 already saved.
                var records = (0..<250).map { n in
                    historyRecord(n % 1000, id: numberedID(rounds * 1000 + n, group: 7), workout: "round \(rounds) #\(n)")
                }
                records += reportedSaved.subtracting(deleteStarted).prefix(20).map { historyRecord(0, id: $0) }
                let file = box.file("import-\(rounds).jsonl")
                let content = try jsonLines(records)
                try content.write(to: file)
                for line in content.split(separator: 0x0A) {
                    offered[Data(line)] = try SessionRecord(jsonLine: Data(line)).id
                }
                arguments = ["history", "import", "--verbose", file.path]
            case .deleting:
                guard let id = reportedSaved.subtracting(deleteStarted).sorted(by: { $0.uuidString < $1.uuidString })
                    .randomElement(using: &random) else { continue }
                deleting = id
                deleteStarted.insert(id)
                arguments = ["history", "delete", id.uuidString, "--yes"]
            case .weighing:
                let weight = Double(Int.random(in: 200...4000, using: &random)) / 10
                weightsGiven.insert(weight)
                arguments = ["profile", "--weight", String(weight)]
            }

            // The first run of each kind and one in four after it are left to finish (they measure
            // how long a run takes now, and the history grows); the others are killed somewhere
            // between a fifth of that time and a little after it: while starting, reading,
            // appending, syncing or renaming.
            let key = "\(action)"
            let typical = typicalDuration[key]
            let letFinish = Double.random(in: 0..<1, using: &random) < 0.25 || typical == nil
            let delay = letFinish ? .seconds(30) : (typical ?? .zero) * Double.random(in: 0.2...1.2, using: &random)
            let child = try box.start(arguments, input: "")
            let begin = clock.now
            let deadline = begin + delay
            var finished: HiitResult?
            while clock.now < deadline {
                if child.ending != nil { finished = try child.wait(timeout: .seconds(5)); break }
                usleep(300)
            }
            let run: HiitResult
            if let finished {
                run = finished
                typicalDuration[key] = clock.now - begin
                outcomes[key + " finished", default: 0] += 1
            } else {
                child.stop()
                run = try child.wait()
                outcomes[key + " killed", default: 0] += 1
                if action == .importing { killsDuringImport += 1 }
            }
            if run.ending.signal == nil {
                #expect(run.status == 0, "\(arguments): \(run)")
            }

            // What the child reported.
            for line in run.stdout.split(separator: "\n") where line.hasPrefix("saved ") {
                if let id = UUID(uuidString: String(line.dropFirst(6))) { reportedSaved.insert(id) }
            }
            if let deleting, run.ending.signal == nil, run.stdout.contains("Deleted session") {
                deleteConfirmed.insert(deleting)
            }

            // The files after the kill.
            let content = box.historyBytes()
            let check = Self.check(content, offered: offered)
            #expect(check.unknown.isEmpty, "round \(rounds): lines that are neither records nor cut records: \(check.unknown)")
            #expect(check.cut.count <= killsDuringImport, "round \(rounds): more cut lines than killed imports")
            let missing = reportedSaved.subtracting(deleteStarted).subtracting(check.ids)
            #expect(missing.isEmpty, "round \(rounds): reported saved but missing: \(missing)")
            #expect(check.ids.isDisjoint(with: deleteConfirmed), "round \(rounds): a confirmed delete came back")
            if let profile = try? Data(contentsOf: box.profileURL) {
                let object = try? JSONSerialization.jsonObject(with: profile) as? [String: Any]
                let weight = object?["weightKg"] as? Double
                #expect(weight.map { weightsGiven.contains($0) } == true,
                        "round \(rounds): profile.json is \(String(decoding: profile, as: UTF8.self))")
            }
            if !check.unknown.isEmpty || !missing.isEmpty { break }  // one clear failure, not a cascade
        }
        #expect(rounds >= 20, "too few rounds in the time budget: \(rounds) (\(outcomes))")
        #expect(outcomes.keys.contains { $0.hasSuffix("killed") }, "\(outcomes)")

        // Cut lines are reported by the program that reads the history, with file and line
        // (the whole listing: `--last N` reads only the end of the file and reports only the
        // bad lines it reads).
        let content = box.historyBytes()
        let check = Self.check(content, offered: offered)
        let listing = try box.run(["history"])
        #expect(listing.status == 0, "\(listing)")
        let reported = listing.allStderrLines.filter { $0.hasPrefix("Skipped: \(box.historyURL.path), line ") }
        #expect(reported.count == min(check.cut.count, 20), "\(listing.stderr)")
        for line in check.cut.prefix(20) {
            #expect(reported.contains { $0.hasPrefix("Skipped: \(box.historyURL.path), line \(line), column ") })
        }

        // Completed rewrites clean up after killed ones.
        if let survivor = check.ids.subtracting(deleteStarted).first {
            #expect(try box.run(["history", "delete", survivor.uuidString, "--yes"]).status == 0)
        }
        #expect(try box.run(["profile", "--weight", "70"]).status == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: box.dataFolder.path)
        #expect(!names.contains { $0.contains(".tmp-") }, "\(names)")
    }

    /// What a history file holds: the ids of whole records, the line numbers of cut records
    /// (prefixes of offered lines), and anything else (which must never happen).
    static func check(_ content: Data, offered: [Data: UUID]) -> (ids: Set<UUID>, cut: [Int], unknown: [String]) {
        var ids = Set<UUID>()
        var cut: [Int] = []
        var unknown: [String] = []
        let lines = content.split(separator: 0x0A, omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() where !line.isEmpty {
            if let id = offered[Data(line)] {
                ids.insert(id)
            } else if offered.keys.contains(where: { $0.starts(with: line) }) {
                cut.append(index + 1)
            } else {
                unknown.append(String(decoding: line.prefix(200), as: UTF8.self))
            }
        }
        return (ids, cut, unknown)
    }
}
