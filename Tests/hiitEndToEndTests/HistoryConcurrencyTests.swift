import Foundation
import Testing
import TestSupport
import WorkoutModel

/// Several `hiit` processes writing the same history at once (DESIGN §3: "two hiit processes at
/// once lose nothing").
@Suite struct HistoryConcurrencyTests {
    /// Every line of a history file: whole (it decodes) and ending with a line end.
    private func expectEveryLineWhole(_ content: Data, count: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(content.last == 0x0A, sourceLocation: sourceLocation)
        let lines = content.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == count, sourceLocation: sourceLocation)
        let broken = lines.filter { (try? SessionRecord(jsonLine: Data($0))) == nil }
        #expect(broken.isEmpty, "broken lines: \(broken.map { String(decoding: $0, as: UTF8.self) })",
                sourceLocation: sourceLocation)
    }

    @Test func fourProcessesImportingAtOnceKeepEveryLineWhole() throws {
        let box = try E2ESandbox.forHistory()
        let processes = 4, perFile = 450  // three locked appends each
        var files: [URL] = []
        for p in 0..<processes {
            let file = box.file("import-\(p).jsonl")
            try jsonLines((0..<perFile).map { historyRecord($0, id: numberedID($0, group: p + 1), workout: "p\(p) #\($0)") })
                .write(to: file)
            files.append(file)
        }
        let children = try files.map { try box.start(["history", "import", $0.path], input: "") }
        for child in children {
            let run = try child.wait(timeout: .seconds(120))
            #expect(run.status == 0, "\(run)")
            #expect(run.stdoutLines == ["Imported \(perFile) sessions, skipped 0 already present, 0 bad lines."])
        }
        let content = box.historyBytes()
        expectEveryLineWhole(content, count: processes * perFile)
        let expected = (0..<processes).flatMap { p in (0..<perFile).map { numberedID($0, group: p + 1) } }
        #expect(Set(storedIDs(content)) == Set(expected))
        #expect(try fileModeBits(of: box.historyURL) == 0o600)
    }

    @Test func threeWorkoutsFinishingTogetherAreAllSaved() throws {
        let box = try E2ESandbox.forHistory()
        let children = try (0..<3).map { _ in
            try box.start(["run", "1/1x1", "--prepare", "0", "--events", "--mute", "--weight", "70"], input: "")
        }
        var saved: [String] = []
        for child in children {
            let run = try child.wait(timeout: .seconds(30))
            #expect(run.status == 0, "\(run)")
            saved += run.stdoutLines.filter { $0.contains("\"event\":\"saved\"") }
        }
        #expect(saved.count == 3)
        let content = box.historyBytes()
        expectEveryLineWhole(content, count: 3)
        #expect(Set(storedIDs(content).map(\.uuidString)).count == 3)
        for id in storedIDs(content) {
            #expect(saved.contains { $0.contains(id.uuidString) })
        }
    }

    /// Deletes rewrite the file while other processes append to it: no appended session may
    /// end up in a replaced (unlinked) file.
    @Test func deletesRacingWithImportsLoseNoSession() throws {
        let box = try E2ESandbox.forHistory()
        let seeds = (0..<24).map { historyRecord($0, id: numberedID($0, group: 9), workout: "seed \($0)") }
        try box.writeHistory(try jsonLines(seeds))
        let doomed = seeds.filter { $0.workout.hasSuffix("0") == false && $0.workout != "seed 5" }
        let importers = 2, importsEach = 12
        for i in 0..<importers {
            for n in 0..<importsEach {
                try jsonLines([historyRecord(n, id: numberedID(n, group: 100 + i), workout: "imported \(i)/\(n)")])
                    .write(to: box.file("one-\(i)-\(n).jsonl"))
            }
        }
        let failures = LockedList()
        DispatchQueue.concurrentPerform(iterations: importers + 1) { worker in
            do {
                if worker == importers {
                    for record in doomed {
                        let run = try box.run(["history", "delete", record.id.uuidString, "--yes"])
                        if run.status != 0 { failures.append("delete: \(run)") }
                    }
                } else {
                    for n in 0..<importsEach {
                        let run = try box.run(["history", "import", box.file("one-\(worker)-\(n).jsonl").path])
                        if run.status != 0 { failures.append("import: \(run)") }
                    }
                }
            } catch {
                failures.append("\(error)")
            }
        }
        #expect(failures.items.isEmpty, "\(failures.items)")
        let ids = Set(storedIDs(box.historyBytes()))
        let imported = (0..<importers).flatMap { i in (0..<importsEach).map { numberedID($0, group: 100 + i) } }
        #expect(ids.isSuperset(of: imported), "lost: \(Set(imported).subtracting(ids))")
        #expect(ids.isDisjoint(with: doomed.map(\.id)))
        #expect(ids.count == seeds.count - doomed.count + imported.count)
        expectEveryLineWhole(box.historyBytes(), count: ids.count)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: box.dataFolder.path).filter { $0.contains(".tmp-") }
        #expect(leftovers.isEmpty)
    }
}

/// A list that threads append to.
final class LockedList: @unchecked Sendable {
    // @unchecked Sendable: `storage` is only touched while holding `lock`.
    private let lock = NSLock()
    private var storage: [String] = []
    func append(_ item: String) { lock.lock(); storage.append(item); lock.unlock() }
    var items: [String] { lock.lock(); defer { lock.unlock() }; return storage }
}
