import Foundation
import Testing
import WorkoutModel
@testable import WorkoutStore

/// Fixing or removing a broken library file: only the entry as read, only while its bytes
/// are unchanged, and only with a valid workout.
@Suite struct LibraryRepairTests {
    static let brokenBytes = Data("{\"version\": 1, \"name\": \"Leg day\",\n \"exercises\": 5}\n".utf8)

    /// A library with a valid "Arms" and a broken `leg-day.json`; returns the broken entry.
    static func fixture() throws -> (LibraryFixture, LibraryEntry) {
        let fixture = try LibraryFixture()
        try fixture.library.add(workout("Arms"))
        try fixture.write(brokenBytes, to: "leg-day.json")
        let entry = try WorkoutLibrary.findIncludingBroken("leg day", in: try fixture.library.entries())
        return (fixture, entry)
    }

    @Test(arguments: ["leg day", "LEG DAY", "leg-day", "leg-day.json"])
    func findIncludingBrokenReturnsTheBrokenFile(word: String) throws {
        let (fixture, _) = try Self.fixture()
        defer { fixture.remove() }
        let entry = try WorkoutLibrary.findIncludingBroken(word, in: try fixture.library.entries())
        #expect(entry.url.lastPathComponent == "leg-day.json")
        #expect(entry.data == Self.brokenBytes)
        #expect(entry.error?.description.hasPrefix(fixture.file("leg-day.json").path + ", line 2, column 15") == true)
        #expect(try WorkoutLibrary.findIncludingBroken("arms", in: try fixture.library.entries()).workout?.name == "Arms")
        let unknown = libraryError { () throws(LibraryError) in try WorkoutLibrary.findIncludingBroken("legs", in: try fixture.library.entries()) }
        #expect(unknown == .noSuchWorkout(name: "legs", known: ["Arms"]))
    }

    @Test func repairReplacesTheBrokenFile() throws {
        let (fixture, entry) = try Self.fixture()
        defer { fixture.remove() }
        let change = try fixture.library.repair(entry, with: workout("Leg day", rounds: 4))
        #expect(change.before == entry)
        #expect(change.after.url == fixture.file("leg-day.json"))
        #expect(try WorkoutFile.load(from: fixture.file("leg-day.json")) == workout("Leg day", rounds: 4))
        #expect(try fixture.library.entries().allSatisfy { $0.error == nil })
        #expect(try permissions(of: fixture.file("leg-day.json")) == 0o600)
    }

    @Test func repairMovesTheFileWhenTheNameDoesNotFitIt() throws {
        let (fixture, entry) = try Self.fixture()
        defer { fixture.remove() }
        let change = try fixture.library.repair(entry, with: workout("Core"))
        #expect(change.after.url == fixture.file("core.json"))
        #expect(try fixture.fileNames().filter { $0.hasSuffix(".json") } == ["arms.json", "core.json"])
    }

    @Test func repairRefusesAnInvalidWorkoutATakenNameAndAChangedFile() throws {
        let (fixture, entry) = try Self.fixture()
        defer { fixture.remove() }
        let invalid = libraryError { () throws(LibraryError) in try fixture.library.repair(entry, with: workout("Leg day", rounds: 0)) }
        guard case .invalid = invalid else {
            Issue.record("expected invalid, got \(String(describing: invalid))")
            return
        }
        let taken = libraryError { () throws(LibraryError) in try fixture.library.repair(entry, with: workout("ARMS")) }
        #expect(taken == .nameTaken(name: "ARMS", existing: "Arms", path: fixture.file("arms.json").path))
        #expect(try Data(contentsOf: fixture.file("leg-day.json")) == Self.brokenBytes)

        let byHand = Data("{\"name\": \"Leg day\",".utf8)
        try fixture.write(byHand, to: "leg-day.json")
        let changed = libraryError { () throws(LibraryError) in try fixture.library.repair(entry, with: workout("Leg day")) }
        #expect(changed == .changedMeanwhile(name: "leg-day.json", path: fixture.file("leg-day.json").path))
        #expect(try Data(contentsOf: fixture.file("leg-day.json")) == byHand, "a change made meanwhile is kept")
    }

    @Test func deleteBrokenRemovesOnlyAnUnchangedBrokenFile() throws {
        let (fixture, entry) = try Self.fixture()
        defer { fixture.remove() }
        // Fixed by hand after it was read: kept.
        let fixed = try WorkoutFile.encode(workout("Leg day"), path: "leg-day.json")
        try fixture.write(fixed, to: "leg-day.json")
        let refused = libraryError { () throws(LibraryError) in try fixture.library.deleteBroken(entry) }
        #expect(refused == .changedMeanwhile(name: "leg-day.json", path: fixture.file("leg-day.json").path))
        #expect(try Data(contentsOf: fixture.file("leg-day.json")) == fixed)

        try fixture.write(Self.brokenBytes, to: "leg-day.json")
        let removed = try fixture.library.deleteBroken(entry)
        #expect(removed.url == fixture.file("leg-day.json"))
        #expect(try fixture.library.entries().map(\.stem) == ["arms"])
    }

    @Test func theErrorSaysHowToFixOrRemoveTheFile() throws {
        let (fixture, _) = try Self.fixture()
        defer { fixture.remove() }
        let error = libraryError { () throws(LibraryError) in try fixture.library.delete("leg day") }
        #expect(error?.description.hasSuffix("(the file was not changed; fix it with 'hiit edit leg-day' or remove it with 'hiit delete leg-day')") == true,
                "\(String(describing: error))")
        let tooLarge = LibraryError.unreadable(.tooLarge(path: fixture.file("junk.json").path, bytes: 2_000_000, limit: 1_000_000))
        #expect(tooLarge.description.hasSuffix("(the file was not changed; remove it with 'hiit delete junk')"), "\(tooLarge)")
    }
}
