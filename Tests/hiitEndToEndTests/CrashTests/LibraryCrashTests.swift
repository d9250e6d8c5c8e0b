import Foundation
import Testing
import WorkoutModel
import WorkoutStore
#if canImport(Glibc)
import Glibc
import TestSupport
#endif

/// `hiit` children killed with SIGKILL at random points (seeded) while they save workouts and
/// plans (`new`, `plan new`, `rename`, `plan set`, `duplicate`, `delete`: atomic writes under
/// the data folder's lock) and append sessions to the history (`history import --verbose`,
/// the same locked, flushed append a finishing session makes), at least ``minimumTrials``
/// times. After every kill:
/// - every file of the library parses (a complete old or new version; a mixture or a cut file
///   would not), and names no workout twice;
/// - every workout or plan whose save was reported (status 0) is there under its name, unless
///   a later change of it was started; every completed delete or rename is final;
/// - every session reported saved (`saved ID`) is in the history, every history line whole or
///   a cut prefix of a line being appended;
/// - after a write that completes, no temporary file is left in the library or data folder.
///
/// `HIIT_FAULT_SUMMARY=1` makes the test fail with its counts (trials, kills per action, kills
/// that left a temporary file), to see them.
@Suite struct LibraryCrashTests {
    static let seed: UInt64 = 0xC2A5_4001
    static let minimumTrials = 200
    static let budget: Duration = .seconds(40)

    enum Action: String, CaseIterable {
        case newWorkout, newPlan, rename, planSet, duplicate, delete, appendHistory
    }

    /// Names and files of the library as they are on disk; a file that does not load is a problem.
    static func library(_ folder: URL) -> (names: [String: String], problems: [String], temporary: [String]) {
        var names: [String: String] = [:]
        var problems: [String] = []
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for file in files.sorted() where file.hasSuffix(".json") && !file.hasPrefix(".") {
            do throws(StoreError) {
                let document = try LibraryDocumentFile.load(from: folder.appendingPathComponent(file))
                let key = document.name.lowercased()
                if let other = names[key] { problems.append("'\(document.name)' is in both \(other) and \(file)") }
                names[key] = file
            } catch {
                let bytes = (try? Data(contentsOf: folder.appendingPathComponent(file))) ?? Data()
                problems.append("\(file) does not load (\(error)): \(String(decoding: bytes.prefix(200), as: UTF8.self).debugDescription)")
            }
        }
        let temporary = files.filter { $0.contains(".tmp") }
        return (names, problems, temporary)
    }

    @Test func killedSavesLeaveWholeFilesAndLoseNothingReported() throws {
        let box = try E2ESandbox.forHistory()
        let seed = Self.seed
        var r = SeededGenerator(seed: seed)
        #expect(try box.run(["list"]).status == 0)
        let workouts = box.dataFolder.appendingPathComponent("workouts")
        let clock = ContinuousClock()
        let started = clock.now

        var mustExist = Set<String>()       // lowercased names whose save completed, untouched since
        var mustNotExist = Set<String>()    // lowercased names whose delete or rename-away completed
        var workoutNames: [String] = []     // interval workouts made here, believed present
        var planNames: [String] = []
        var offered: [Data: UUID] = [:]
        var reportedSaved = Set<UUID>()
        var typical: [Action: Duration] = [:]
        var outcomes: [String: Int] = [:]
        var failures: [String] = []
        var trial = 0
        var serial = 0

        while (trial < Self.minimumTrials || clock.now - started < .seconds(5)), clock.now - started < Self.budget, failures.isEmpty {
            trial += 1
            serial += 1
            var action = r.pick(Action.allCases)
            if action == .rename || action == .duplicate || action == .delete, workoutNames.isEmpty { action = .newWorkout }
            if action == .planSet, planNames.isEmpty { action = .newPlan }
            var arguments: [String] = []
            var creates: String?
            var removes: String?
            switch action {
            case .newWorkout:
                creates = "Crash \(serial)"
                arguments = ["new", creates ?? "", "--exercise", "Squats \(r.int(5...60))/\(r.int(0...30))x\(r.int(1...9))",
                             "--exercise", "Lunges 30/15x4", "--rest-between", "\(r.int(5...300))"]
            case .newPlan:
                creates = "Plan \(serial)"
                arguments = ["plan", "new", creates ?? "", "swim:\(r.int(1...40) * 50)m", "t1", "bike:\(r.int(5...90))km", "t2", "run:\(r.int(1...21))km",
                             "--pool", r.pick(["25m", "50m", "25yd"])]
            case .rename:
                let index = r.int(0...(workoutNames.count - 1))
                removes = workoutNames.remove(at: index)
                creates = "Renamed \(serial)"
                arguments = ["rename", removes ?? "", creates ?? ""]
            case .planSet:
                let plan = r.pick(planNames)
                mustExist.remove(plan.lowercased())  // its content changes; its name stays (checked below)
                arguments = ["plan", "set", plan, "3", "--distance", "\(r.int(1...200))km", r.pick(["--indoor", "--outdoor"])]
            case .duplicate:
                creates = "Copy \(serial)"
                arguments = ["duplicate", r.pick(workoutNames), creates ?? ""]
            case .delete:
                let index = r.int(0...(workoutNames.count - 1))
                removes = workoutNames.remove(at: index)
                arguments = ["delete", removes ?? "", "--yes"]
            case .appendHistory:
                let records = (0..<r.int(1...40)).map { n in
                    historyRecord(n, id: numberedID(serial * 100 + n, group: 0x11), workout: "trial \(trial) #\(n)")
                }
                let file = box.file("append-\(serial).jsonl")
                let content = try jsonLines(records)
                try content.write(to: file)
                for line in content.split(separator: 0x0A) { offered[Data(line)] = try SessionRecord(jsonLine: Data(line)).id }
                arguments = ["history", "import", "--verbose", file.path]
            }
            if let removes { mustExist.remove(removes.lowercased()) }
            if let creates { mustNotExist.remove(creates.lowercased()) }

            // The first run of each action and one in five after it finish (and measure how
            // long one takes); the others are killed between 0 and 1.3 times that: while
            // starting, reading the library, writing, syncing or renaming.
            let letFinish = typical[action] == nil || r.chance(0.2)
            let delay = letFinish ? Duration.seconds(30) : (typical[action] ?? .zero) * Double.random(in: 0...1.3, using: &r)
            let child = try box.start(arguments, input: "")
            let begin = clock.now
            var finished: HiitResult?
            while clock.now - begin < delay {
                if child.ending != nil { finished = try child.wait(timeout: .seconds(5)); break }
                usleep(200)
            }
            let run: HiitResult
            if let finished {
                run = finished
                typical[action] = clock.now - begin
                outcomes["\(action) finished", default: 0] += 1
            } else {
                child.stop()
                run = try child.wait()
                outcomes["\(action) killed", default: 0] += 1
            }
            let completed = run.ending.signal == nil
            if completed, run.status != 0 { failures.append("trial \(trial): \(arguments) failed: \(run)") }
            for line in run.stdout.split(separator: "\n") where line.hasPrefix("saved ") {
                if let id = UUID(uuidString: String(line.dropFirst(6))) { reportedSaved.insert(id) }
            }
            if completed, run.status == 0 {
                if let creates {
                    mustExist.insert(creates.lowercased())
                    if action == .newPlan { planNames.append(creates) } else { workoutNames.append(creates) }
                }
                if let removes { mustNotExist.insert(removes.lowercased()) }
                if action == .planSet, let plan = arguments.dropFirst(2).first { mustExist.insert(plan.lowercased()) }
            } else if action == .planSet, let plan = arguments.dropFirst(2).first {
                mustExist.insert(plan.lowercased())  // a killed `plan set` never removes the plan
            } else if let creates, action != .rename {
                // A killed create may or may not have saved it: find out, and go on from there.
                if Self.library(workouts).names[creates.lowercased()] != nil {
                    if action == .newPlan { planNames.append(creates) } else { workoutNames.append(creates) }
                }
            } else if action == .rename, let creates, let removes {
                // A killed rename leaves exactly one of the two names.
                let names = Self.library(workouts).names
                let old = names[removes.lowercased()] != nil, new = names[creates.lowercased()] != nil
                if old == new { failures.append("trial \(trial): a killed rename left old \(old), new \(new)") }
                workoutNames.append(new ? creates : removes)
            } else if action == .delete, let removes, Self.library(workouts).names[removes.lowercased()] != nil {
                workoutNames.append(removes)
            }

            // The files after the run.
            let state = Self.library(workouts)
            failures += state.problems.map { "trial \(trial) (\(arguments.prefix(3))): \($0)" }
            let missing = mustExist.subtracting(state.names.keys)
            if !missing.isEmpty { failures.append("trial \(trial): reported saved but missing: \(missing.sorted())") }
            let back = mustNotExist.intersection(state.names.keys)
            if !back.isEmpty { failures.append("trial \(trial): deleted or renamed away but present: \(back.sorted())") }
            if !completed, !state.temporary.isEmpty { outcomes["kills that left a temporary file", default: 0] += 1 }
            if completed, run.status == 0, action != .appendHistory, !state.temporary.isEmpty {
                failures.append("trial \(trial): temporary files left after a completed write: \(state.temporary)")
            }
            let check = HistoryCrashTests.check(box.historyBytes(), offered: offered)
            if !check.unknown.isEmpty { failures.append("trial \(trial): history lines that are neither records nor cut records: \(check.unknown)") }
            let lost = reportedSaved.subtracting(check.ids)
            if !lost.isEmpty { failures.append("trial \(trial): sessions reported saved but missing: \(lost)") }
        }
        #expect(failures.isEmpty, "seed \(String(seed, radix: 16)): \(failures.prefix(10).joined(separator: "\n"))\noutcomes: \(outcomes)")
        #expect(trial >= Self.minimumTrials, "seed \(String(seed, radix: 16)): only \(trial) trials in \(Self.budget): \(outcomes)")
        let kills = outcomes.filter { $0.key.hasSuffix("killed") }.map(\.value).reduce(0, +)
        #expect(kills >= Self.minimumTrials / 2, "seed \(String(seed, radix: 16)): \(outcomes)")
        #expect(!reportedSaved.isEmpty)
        #expect(ProcessInfo.processInfo.environment["HIIT_FAULT_SUMMARY"] == nil, "trials \(trial): \(outcomes.sorted { $0.key < $1.key })")
    }

    /// Real timer sessions (`hiit run 1/0x1 --prepare 0 --events --mute`: one second of work,
    /// then the finish and the save), four at a time, twice, each killed at a seeded moment
    /// 1,000–1,045 ms after it was started: around its finish, while the record is appended and
    /// flushed, or just after it said `saved`. A session whose `saved` event was written is in
    /// the history; every line is a whole record or a cut one (at most one per kill), and the
    /// next save still writes a whole line after them.
    @Test func realRunsKilledAtTheirFinishLoseNoReportedSave() async throws {
        let box = try E2ESandbox.forHistory()
        let seed = Self.seed ^ 0xF1A1
        var r = SeededGenerator(seed: seed)
        let delays = (0..<8).map { _ in Duration.milliseconds(1_000 + r.int(0...45)) }
        var reported = Set<String>()
        var kills = 0
        for wave in 0..<2 {
            let outcomes = try await onOwnThread { () -> [String] in
                let saved = LockedList()
                let failures = LockedList()
                DispatchQueue.concurrentPerform(iterations: 4) { index in
                    do {
                        let clock = ContinuousClock()
                        let child = try box.start(["run", "1/0x1", "--prepare", "0", "--events", "--mute"], input: "")
                        let begin = clock.now
                        while clock.now - begin < delays[wave * 4 + index], child.ending == nil { usleep(200) }
                        if child.ending == nil { saved.append("killed") }
                        child.stop()
                        let run = try child.wait(timeout: .seconds(10))
                        if let line = run.stdoutLines.first(where: { $0.contains("\"event\":\"saved\"") }) {
                            saved.append(line)
                        }
                    } catch {
                        failures.append("\(error)")
                    }
                }
                return failures.items.map { "failure: \($0)" } + saved.items
            }
            #expect(!outcomes.contains { $0.hasPrefix("failure: ") }, "\(outcomes)")
            for outcome in outcomes {
                if outcome == "killed" { kills += 1 }
                else if let id = try? EventLine.decode(outcome).id { reported.insert(id) }
            }
        }
        // One more session, not killed: it must append a whole line after any cut one.
        let last = try await box.runHiit(["run", "1/0x1", "--prepare", "0", "--events", "--mute"])
        #expect(last.status == 0, "\(last)")
        if let line = last.stdoutLines.first(where: { $0.contains("\"event\":\"saved\"") }), let id = try EventLine.decode(line).id {
            reported.insert(id)
        }
        let lines = box.historyBytes().split(separator: 0x0A)
        let stored = Set(lines.compactMap { try? SessionRecord(jsonLine: Data($0)).id.uuidString })
        let cut = lines.filter { (try? SessionRecord(jsonLine: Data($0))) == nil }
        #expect(reported.isSubset(of: stored), "seed \(String(seed, radix: 16)): reported saved but missing: \(reported.subtracting(stored))")
        #expect(cut.count <= kills, "seed \(String(seed, radix: 16)): \(cut.count) cut lines, \(kills) kills")
        #expect(cut.allSatisfy { $0.starts(with: Array("{\"".utf8)) }, "cut lines are prefixes of records")
        #expect(lines.last.map { (try? SessionRecord(jsonLine: Data($0))) != nil } == true, "the last save is whole")
        #expect(ProcessInfo.processInfo.environment["HIIT_FAULT_SUMMARY"] == nil,
                "killed \(kills) of 8, saves reported \(reported.count) of 9, stored \(stored.count), cut lines \(cut.count)")
    }
}
