import Foundation
import Testing
import TestSupport
import WorkoutModel
@testable import HiitApp

/// `hiit demo` run as a person runs it: the built binary in a sandbox whose `XDG_DATA_HOME`
/// is the sandbox itself, so the demo goes to `<sandbox>/hiit-demo` and the person's own data
/// folder is `<sandbox>/hiit`.
@Suite struct DemoCommandTests {
    /// The end date every test fixes, so runs on different days write the same file.
    static let until = "2026-03-15"

    /// The sessions `hiit demo --until 2026-03-15` writes with `TZ=UTC` (the sandbox's zone).
    static func expectedRecords() throws -> [SessionRecord] {
        var calendar = Calendar(identifier: .gregorian)
        // `TZ=UTC` is the zone `Etc/UTC` (LocalTimeZone: Foundation would name it "GMT").
        calendar.timeZone = try #require(TimeZone(identifier: "Etc/UTC"))
        calendar.firstWeekday = 2
        calendar.minimumDaysInFirstWeek = 4
        // The end of 15 March 2026 in UTC.
        let now = Date(timeIntervalSince1970: 1_773_619_200)
        return DemoHistory.sessions(seed: DemoHistory.defaultSeed, now: now, calendar: calendar, weightKg: 70)
    }

    static func demoRoot(_ box: E2ESandbox) -> URL { box.url.appendingPathComponent("hiit-demo") }
    static func demoHistory(_ box: E2ESandbox) -> URL { demoRoot(box).appendingPathComponent("hiit/history.jsonl") }
    static func bytes(_ url: URL) -> Data { (try? Data(contentsOf: url)) ?? Data() }

    @Test func writesAYearOfSessionsThatHistoryShows() throws {
        let box = try E2ESandbox.forHistory()
        let run = try box.run(["demo", "--until", Self.until])
        #expect(run.status == 0, "\(run)")
        let expected = try Self.expectedRecords()
        let root = Self.demoRoot(box).path
        #expect(run.stdoutLines == [
            "Wrote \(expected.count) made-up sessions (\(expected.first?.localDate.description ?? "") to \(expected.last?.localDate.description ?? "")) to \(root)/hiit/history.jsonl",
            "and a demo profile (weight 70 kg) to \(root)/hiit/profile.json.",
            "This is demo data in a folder of its own; your data in \(box.dataFolder.path) was not touched.",
            "Point a command at it with XDG_DATA_HOME:",
            "  XDG_DATA_HOME=\(root) hiit stats month",
            "  XDG_DATA_HOME=\(root) hiit history",
        ])
        #expect(run.stderr.isEmpty)
        #expect(Self.bytes(Self.demoHistory(box)) == (try jsonLines(expected)), "the generator's records, one line each")
        #expect(!FileManager.default.fileExists(atPath: box.dataFolder.path), "the own data folder is not created")

        let history = try box.run(["history", "--last", "3"], extraEnvironment: ["XDG_DATA_HOME": root])
        #expect(history.status == 0, "\(history)")
        #expect(history.stdoutLines.count == 4)
        let newest = expected.suffix(3).reversed().map { String($0.id.uuidString.prefix(8)) }
        #expect(history.stdoutLines.dropFirst().map { String($0.prefix(8)) } == newest)
        // Every demo session has an estimate: the KCAL column holds `~N` on each row.
        #expect(history.stdoutLines.first?.hasSuffix("  KCAL") == true, "\(history)")
        #expect(history.stdoutLines.dropFirst().allSatisfy { $0.contains(" ~") }, "\(history)")

        let profile = try box.run(["profile"], extraEnvironment: ["XDG_DATA_HOME": root])
        #expect(profile.stdoutLines.first == "Weight         70 kg")
        let readme = try String(contentsOf: Self.demoRoot(box).appendingPathComponent("README"), encoding: .utf8)
        #expect(readme.hasPrefix("hiit demo data\n"))
        #expect(readme.contains("XDG_DATA_HOME=\(root) hiit stats month"))
    }

    @Test func filesAreForTheOwnerOnly() throws {
        let box = try E2ESandbox.forHistory()
        #expect(try box.run(["demo", "--until", Self.until]).status == 0)
        let root = Self.demoRoot(box)
        #expect(try fileModeBits(of: root) == 0o700)
        #expect(try fileModeBits(of: root.appendingPathComponent("hiit")) == 0o700)
        for file in ["README", "hiit/history.jsonl", "hiit/profile.json"] {
            #expect(try fileModeBits(of: root.appendingPathComponent(file)) == 0o600, "\(file)")
        }
    }

    @Test func aSecondRunRefusesAndForceRewritesTheSameBytes() throws {
        let box = try E2ESandbox.forHistory()
        #expect(try box.run(["demo", "--until", Self.until]).status == 0)
        let written = Self.bytes(Self.demoHistory(box))
        #expect(!written.isEmpty)

        let again = try box.run(["demo", "--until", Self.until])
        #expect(again.status == 64, "\(again)")
        #expect(again.stdout.isEmpty)
        #expect(again.allStderrLines == [
            "Error: \(Self.demoHistory(box).path) already holds a demo history; add --force to replace it (nothing was changed)",
        ])
        #expect(Self.bytes(Self.demoHistory(box)) == written)

        let forced = try box.run(["demo", "--until", Self.until, "--force"])
        #expect(forced.status == 0, "\(forced)")
        #expect(Self.bytes(Self.demoHistory(box)) == written, "the same end date gives the same file")
    }

    /// Issue 12, item 23: run again with XDG_DATA_HOME naming the demo folder (as the hints
    /// say to), `hiit demo` refills that folder instead of nesting `hiit-demo/hiit-demo`.
    @Test func runInsideTheDemoFolderRefillsItInsteadOfNesting() throws {
        let box = try E2ESandbox.forHistory()
        #expect(try box.run(["demo", "--until", Self.until]).status == 0)
        let written = Self.bytes(Self.demoHistory(box))
        let inside = ["XDG_DATA_HOME": Self.demoRoot(box).path]
        let again = try box.run(["demo", "--until", Self.until], extraEnvironment: inside)
        #expect(again.status == 64, "the demo history is there: --force is still needed (\(again))")
        let forced = try box.run(["demo", "--until", Self.until, "--force"], extraEnvironment: inside)
        #expect(forced.status == 0, "\(forced)")
        #expect(forced.stdout.contains("XDG_DATA_HOME names this demo folder, so the demo was written there again."))
        #expect(forced.stdout.contains("XDG_DATA_HOME=\(Self.demoRoot(box).path) hiit stats month"))
        #expect(!FileManager.default.fileExists(atPath: Self.demoRoot(box).appendingPathComponent("hiit-demo").path), "no nested folder")
        #expect(Self.bytes(Self.demoHistory(box)) == written)
    }

    /// Issue 12, item 23, the other way into it: XDG_DATA_HOME naming a folder called
    /// `hiit-demo` that does not exist yet, or holds only a library an earlier command seeded
    /// (still no data), is filled as the demo folder, not given a `hiit-demo` of its own below it.
    @Test(arguments: [false, true])
    func aFolderCalledHiitDemoWithoutDataIsFilledInsteadOfNesting(libraryFirst: Bool) throws {
        let box = try E2ESandbox.forHistory()
        let home = box.url.appendingPathComponent("elsewhere/hiit-demo")
        if libraryFirst {
            try FileManager.default.createDirectory(at: home.appendingPathComponent("hiit/workouts"), withIntermediateDirectories: true)
        }
        let run = try box.run(["demo", "--until", Self.until], extraEnvironment: ["XDG_DATA_HOME": home.path])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.contains("XDG_DATA_HOME names a folder called hiit-demo without hiit data, so the demo was written there."))
        #expect(run.stdout.contains("XDG_DATA_HOME=\(home.path) hiit stats month"))
        #expect(Self.bytes(home.appendingPathComponent("hiit/history.jsonl")) == (try jsonLines(try Self.expectedRecords())))
        #expect(!FileManager.default.fileExists(atPath: home.appendingPathComponent("hiit-demo").path), "no nested folder")
    }

    /// A folder called `hiit-demo` that holds someone's history (no demo README) is their data:
    /// it is left alone and the demo goes into a folder of its own below it, as anywhere else.
    @Test func aFolderCalledHiitDemoWithSomeonesHistoryIsLeftAlone() throws {
        let box = try E2ESandbox.forHistory()
        let home = box.url.appendingPathComponent("elsewhere/hiit-demo")
        let history = home.appendingPathComponent("hiit/history.jsonl")
        try FileManager.default.createDirectory(at: history.deletingLastPathComponent(), withIntermediateDirectories: true)
        let own = try jsonLines([historyRecord(0)])
        try own.write(to: history)
        let run = try box.run(["demo", "--until", Self.until], extraEnvironment: ["XDG_DATA_HOME": home.path])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.contains("your data in \(home.appendingPathComponent("hiit").path) was not touched"), "\(run)")
        #expect(Self.bytes(history) == own)
        #expect(FileManager.default.fileExists(atPath: home.appendingPathComponent("hiit-demo/hiit/history.jsonl").path))
    }

    @Test func aFolderGivenByPathIsFilledAndNamedInTheHints() throws {
        let box = try E2ESandbox.forHistory()
        let run = try box.run(["demo", "--until", Self.until, "--folder", "my demo"])
        #expect(run.status == 0, "\(run)")
        let root = box.url.appendingPathComponent("my demo")
        #expect(run.stdoutLines.last == "  XDG_DATA_HOME='\(root.path)' hiit history")
        #expect(Self.bytes(root.appendingPathComponent("hiit/history.jsonl")) == (try jsonLines(try Self.expectedRecords())))
    }

    @Test(arguments: [".", "hiit", "hiit/sub"])
    func refusesTheOwnDataFolderAndLeavesItAlone(_ folder: String) throws {
        let box = try E2ESandbox.forHistory()
        let own = try jsonLines([historyRecord(0)])
        try box.writeHistory(own)
        for force in [false, true] {
            let run = try box.run(["demo", "--folder", folder] + (force ? ["--force"] : []))
            #expect(run.status == 64, "\(run)")
            #expect(run.allStderrLines.first?.hasPrefix("Error: --folder: '\(folder)' is") == true, "\(run)")
            #expect(run.allStderrLines.first?.contains("your own hiit data") == true, "\(run)")
        }
        #expect(box.historyBytes() == own)
        #expect(!FileManager.default.fileExists(atPath: box.file("hiit/hiit").path))
    }

    @Test func refusesAFolderWithDataThatIsNotADemoEvenWithForce() throws {
        let box = try E2ESandbox.forHistory()
        let other = box.file("backup")
        try FileManager.default.createDirectory(at: other.appendingPathComponent("hiit"), withIntermediateDirectories: true)
        let content = try jsonLines([historyRecord(1)])
        try content.write(to: other.appendingPathComponent("hiit/history.jsonl"))
        let run = try box.run(["demo", "--folder", other.path, "--force"])
        #expect(run.status == 64, "\(run)")
        #expect(run.allStderrLines == [
            "Error: \(other.path) holds hiit data that 'hiit demo' did not write (no README marking it as demo data); choose another --folder (nothing was changed)",
        ])
        #expect(Self.bytes(other.appendingPathComponent("hiit/history.jsonl")) == content)
        #expect(!FileManager.default.fileExists(atPath: other.appendingPathComponent("README").path))
    }

    @Test(arguments: [
        ("2026-02-30", "is not a date YYYY-MM-DD"),
        ("15.03.2026", "is not a date YYYY-MM-DD"),
        ("2026-3-15", "is not a date YYYY-MM-DD"),
        ("2999-01-01", "is after today; give today or an earlier date"),
    ])
    func badEndDatesAreUsageErrors(_ value: String, _ reason: String) throws {
        let box = try E2ESandbox.forHistory()
        let run = try box.run(["demo", "--until", value])
        #expect(run.status == 64, "\(run)")
        #expect(run.allStderrLines.first == "Error: --until: '\(value)' \(reason)")
        #expect(run.allStderrLines.dropFirst().first == "Usage: hiit demo [--folder <path>] [--until <date>] [--force]", "\(run)")
        #expect(!FileManager.default.fileExists(atPath: Self.demoRoot(box).path))
    }

    @Test func withoutAnEndDateTheHistoryEndsToday() throws {
        let box = try E2ESandbox.forHistory()
        let before = Date()
        let run = try box.run(["demo"])
        #expect(run.status == 0, "\(run)")
        let records = Self.bytes(Self.demoHistory(box)).split(separator: 0x0A).compactMap {
            try? SessionRecord(jsonLine: Data($0))
        }
        #expect(records.count > 100)
        #expect(records.allSatisfy { $0.end <= Date() })
        #expect(records.last.map { $0.start > before.addingTimeInterval(-8 * 86_400) } == true)
    }

    @Test func helpDescribesTheCommand() throws {
        let box = try E2ESandbox.forHistory()
        let help = try box.run(["demo", "--help"])
        #expect(help.status == 0)
        #expect(help.stdoutLines.contains("USAGE: hiit demo [--folder <path>] [--until <date>] [--force]"))
        #expect(help.stdout.contains("XDG_DATA_HOME=~/.local/share/hiit-demo hiit stats month"))
        let root = try box.run(["--help"])
        #expect(root.stdoutLines.contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix("demo ") }, "\(root)")
    }
}
