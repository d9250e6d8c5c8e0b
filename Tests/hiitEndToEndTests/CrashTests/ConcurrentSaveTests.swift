import Foundation
import Testing
import WorkoutModel
import TestSupport

/// Four writers finishing sessions at the same time, 250 sessions each: the history ends with
/// exactly 1,000 lines, one per reported save, each a whole record byte for byte as written
/// (no line interleaved with another), none lost, none twice.
///
/// Running 1,000 real timer sessions (about a second each) would take minutes, so each writer
/// is a sequence of `hiit history import --verbose` processes of 1–25 new sessions (seeded),
/// four sequences at once: about 80 processes, each making the same locked write a finishing
/// session makes (`HistoryFile` append: `O_APPEND`, exclusive `flock`, a check that the file is
/// still the one at the path, one write loop, `fsync`, then "saved"), so the appends of the four
/// writers meet on the lock many times. (HistoryConcurrencyTests covers real `hiit run`
/// sessions finishing together, and four single imports of 450.)
@Suite struct ConcurrentSaveTests {
    static let seed: UInt64 = 0x0004_0250
    static let writers = 4
    static let sessionsEach = 250

    @Test func fourWritersOf250SessionsLeaveExactly1000WholeLines() throws {
        let box = try E2ESandbox.forHistory()
        var r = SeededGenerator(seed: Self.seed)
        var offered: [Data: UUID] = [:]
        var batches: [[URL]] = []
        for writer in 0..<Self.writers {
            var files: [URL] = []
            var next = 0
            while next < Self.sessionsEach {
                let count = min(r.int(1...25), Self.sessionsEach - next)
                let records = (next..<(next + count)).map {
                    historyRecord($0, id: numberedID($0, group: 0x400 + writer), workout: "writer \(writer) session \($0)")
                }
                let content = try jsonLines(records)
                for line in content.split(separator: 0x0A) { offered[Data(line)] = try SessionRecord(jsonLine: Data(line)).id }
                let file = box.file("w\(writer)-\(files.count).jsonl")
                try content.write(to: file)
                files.append(file)
                next += count
            }
            batches.append(files)
        }
        #expect(offered.count == Self.writers * Self.sessionsEach)

        let plan = batches
        let saved = LockedList()
        let failures = LockedList()
        DispatchQueue.concurrentPerform(iterations: Self.writers) { writer in
            for file in plan[writer] {
                do {
                    let run = try box.run(["history", "import", "--verbose", file.path], timeout: .seconds(60))
                    if run.status != 0 { failures.append("\(file.lastPathComponent): \(run)") }
                    for line in run.stdoutLines where line.hasPrefix("saved ") { saved.append(String(line.dropFirst(6))) }
                } catch {
                    failures.append("\(error)")
                }
            }
        }
        #expect(failures.items.isEmpty, "seed \(String(Self.seed, radix: 16)): \(failures.items.prefix(5))")

        let content = box.historyBytes()
        #expect(content.last == 0x0A, "the file ends with a line end")
        let lines = content.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 1_000, "seed \(String(Self.seed, radix: 16)): \(lines.count) lines")
        let foreign = lines.filter { offered[Data($0)] == nil }
        #expect(foreign.isEmpty, "lines not written whole as given: \(foreign.prefix(3).map { String(decoding: $0, as: UTF8.self) })")
        let stored = lines.compactMap { offered[Data($0)]?.uuidString }
        #expect(Set(stored).count == stored.count, "a session stored twice")
        #expect(saved.items.count == 1_000, "\(saved.items.count) saves reported")
        #expect(Set(saved.items) == Set(stored), "reported saves and stored lines differ")
        #expect(Set(stored) == Set(offered.values.map(\.uuidString)))
    }
}
