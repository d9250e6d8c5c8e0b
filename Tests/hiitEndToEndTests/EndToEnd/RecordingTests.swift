import Foundation
import Testing

/// Where and how a completed session is recorded (DESIGN §3): the data folder from the
/// environment, two runs at once, and a folder that cannot be written.
@Suite("End to end: recording sessions")
struct RecordingTests {
    @Test func twoRunsAtOnceBothRecord() async throws {
        let sandbox = try E2ESandbox()
        let first = try sandbox.start(["run", "1/1x1", "--prepare", "0", "--events"])
        let second = try sandbox.start(["run", "1/1x1", "--prepare", "0", "--events"])
        first.closeInput()
        second.closeInput()
        let endings = [try await first.waitForExit(), try await second.waitForExit()]
        #expect(endings.allSatisfy { $0.status == 0 }, "\(first.transcript)\n\(second.transcript)")
        let lines = try sandbox.historyLines()
        let records = try sandbox.historyRecords()
        #expect(records.count == 2, "both sessions, each on a line of its own: \(lines)")
        let saved = try [first, second].compactMap { try $0.events().last?.id }
        #expect(Set(records.map(\.id)) == Set(saved))
    }

    @Test func relativeXDGDataHomeIsIgnored() async throws {
        let sandbox = try E2ESandbox()
        // The XDG base directory spec: a relative path is invalid; the default is used.
        let result = try await sandbox.runHiit(["run", "1/1x1", "--prepare", "0", "--events"],
                                               extraEnvironment: ["XDG_DATA_HOME": "relative/data"])
        #expect(result.status == 0, "\(result.transcript)")
        let history = sandbox.url.appendingPathComponent(".local/share/hiit/history.jsonl")
        #expect(FileManager.default.fileExists(atPath: history.path), "recorded under $HOME/.local/share/hiit")
        #expect(!FileManager.default.fileExists(atPath: sandbox.file("relative").path))
    }

    @Test func unwritableDataFolderFailsWithOneErrorAfterTheRun() async throws {
        let sandbox = try E2ESandbox()
        // A regular file where the data folder should be: nothing can be created under it.
        let blocker = sandbox.file("not-a-folder")
        try Data().write(to: blocker)
        let result = try await sandbox.runHiit(["run", "1/1x1", "--prepare", "0", "--events"],
                                               extraEnvironment: ["XDG_DATA_HOME": blocker.path])
        #expect(result.status == 74, "\(result.transcript)")
        let errors = result.stderrLines.filter { $0.hasPrefix("Error:") }
        #expect(errors.count == 1 && errors.first?.contains("not saved") == true, "\(result.stderr)")
        let events = try result.events()
        #expect(events.contains { $0.event == "finish" }, "the workout itself ran to its end")
        #expect(!events.contains { $0.event == "saved" })
    }
}
