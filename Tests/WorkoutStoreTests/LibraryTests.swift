import Foundation
import Testing
import WorkoutModel
@testable import WorkoutStore
import TestSupport

/// A library in its own temporary data folder.
struct LibraryFixture {
    let temporary: TemporaryFolder
    let library: WorkoutLibrary

    init() throws {
        temporary = try TemporaryFolder()
        library = WorkoutLibrary(folder: DataFolder(url: temporary.url.appendingPathComponent("hiit")))
    }

    /// A file of the library folder by name.
    func file(_ name: String) -> URL { library.url.appendingPathComponent(name) }

    /// Writes raw bytes into the library folder (as a person or another program might).
    func write(_ data: Data, to name: String) throws {
        try library.folder.create()
        try data.write(to: file(name))
    }

    /// The file names of the library folder, hidden files included, sorted.
    func fileNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: library.url.path).sorted()
    }

    func remove() { temporary.remove() }
}

func workout(_ name: String, work: Int = 40, rest: Int = 20, rounds: Int = 3) -> IntervalWorkout {
    IntervalWorkout(name: name, exercises: [Exercise(name: "Squats", workSeconds: work, restSeconds: rest, rounds: rounds)])
}

/// The error a library call throws, or `nil`.
func libraryError<T>(_ body: () throws(LibraryError) -> T) -> LibraryError? {
    do {
        _ = try body()
        return nil
    } catch {
        return error
    }
}

@Suite struct LibraryTests {
    // MARK: Round trips

    @Test func addedWorkoutReadsBackWithPrivateModes() throws {
        let fixture = try LibraryFixture()
        defer { fixture.remove() }
        let entry = try fixture.library.add(sampleWorkout)
        #expect(entry.url.lastPathComponent == "core-legs.json")
        #expect(try fixture.library.entries() == [entry])
        #expect(try fixture.library.workout(named: "CORE+legs").workout == sampleWorkout)
        #expect(try WorkoutFile.load(from: entry.url) == sampleWorkout)
        #expect(try permissions(of: entry.url) == 0o600)
        #expect(try permissions(of: fixture.library.url) == 0o700)
        #expect(try permissions(of: fixture.library.folder.url) == 0o700)
        #expect(try fixture.fileNames() == ["core-legs.json"], "no temporary file is left behind")
    }

    @Test func updateRewritesInPlaceAndKeepsUnchangedFilesAlone() throws {
        let fixture = try LibraryFixture()
        defer { fixture.remove() }
        let entry = try fixture.library.add(sampleWorkout)
        let change = try fixture.library.update("core+legs") { $0.exercises[0].rounds = 5 }
        #expect(change.after.url == entry.url)
        #expect(try WorkoutFile.load(from: entry.url).exercises[0].rounds == 5)
        let before = try Data(contentsOf: entry.url)
        let same = try fixture.library.update("core+legs") { $0.exercises[0].rounds = 5 }
        #expect(same.isUnchanged)
        #expect(try Data(contentsOf: entry.url) == before)
    }

    // MARK: Names

    @Test func namesThatSlugAlikeStayTwoWorkouts() throws {
        let fixture = try LibraryFixture()
        defer { fixture.remove() }
        try fixture.library.add(workout("Core+Legs", rounds: 1))
        try fixture.library.add(workout("Core Legs", rounds: 2))
        try fixture.library.add(workout("core - legs", rounds: 3))
        #expect(try fixture.fileNames() == ["core-legs-2.json", "core-legs-3.json", "core-legs.json"])
        #expect(try fixture.library.workout(named: "Core+Legs").workout?.exercises[0].rounds == 1)
        #expect(try fixture.library.workout(named: "core legs").workout?.exercises[0].rounds == 2)
        #expect(try fixture.library.workout(named: "CORE - LEGS").workout?.exercises[0].rounds == 3)
        // The stem addresses a file too.
        #expect(try fixture.library.workout(named: "core-legs-2").workout?.name == "Core Legs")
    }

    static let awkwardNames = [
        "../x", "a/b", "..", ".hidden", "/etc/passwd",
        String(repeating: "Long name ", count: 6),
        "Übungen für den Bauch", "日本語", "💪 Power", "Cafe\u{301}",
    ]

    @Test(arguments: awkwardNames)
    func awkwardNamesGetAFileInsideTheLibrary(name: String) throws {
        let fixture = try LibraryFixture()
        defer { fixture.remove() }
        let entry = try fixture.library.add(workout(name))
        #expect(entry.url.deletingLastPathComponent().standardizedFileURL.path == fixture.library.url.standardizedFileURL.path)
        #expect(!entry.url.lastPathComponent.hasPrefix("."))
        #expect(entry.url.lastPathComponent.utf8.count <= 255)
        #expect(try fixture.library.workout(named: name).workout?.name == name)
        #expect(try fixture.library.entries().count == 1)
    }

    @Test func nameWithAControlCharacterIsRefused() throws {
        let fixture = try LibraryFixture()
        defer { fixture.remove() }
        let error = libraryError { () throws(LibraryError) in try fixture.library.add(workout("Leg\u{7}day")) }
        #expect(error?.description == #"name "Leg\u{7}day" contains a control character"#)
        let files = FileManager.default.fileExists(atPath: fixture.library.url.path) ? try fixture.fileNames() : []
        #expect(files.isEmpty)
    }

    @Test func nameTooLongIsRefusedWithItsLength() throws {
        let fixture = try LibraryFixture()
        defer { fixture.remove() }
        let error = libraryError { () throws(LibraryError) in try fixture.library.add(workout(String(repeating: "x", count: 61))) }
        #expect(error?.description.contains("has 61 characters; allowed 1–60") == true, "\(String(describing: error))")
    }

    @Test func sameNameInAnotherCaseIsTaken() throws {
        let fixture = try LibraryFixture()
        defer { fixture.remove() }
        let first = try fixture.library.add(workout("Leg Day"))
        let error = libraryError { () throws(LibraryError) in try fixture.library.add(workout(" leg day")) }
        #expect(error == .nameTaken(name: " leg day", existing: "Leg Day", path: first.url.path))
        #expect(error?.description.contains("already exists as 'Leg Day'") == true)
        #expect(try fixture.fileNames() == ["leg-day.json"])
    }

    // MARK: Rename and delete

    @Test func renameMovesTheFileToTheNewSlug() throws {
        let fixture = try LibraryFixture()
        defer { fixture.remove() }
        try fixture.library.add(workout("Leg day"))
        let change = try fixture.library.rename("LEG DAY", to: "Core+Legs")
        #expect(change.before.workout?.name == "Leg day")
        #expect(change.after.url.lastPathComponent == "core-legs.json")
        #expect(try fixture.fileNames() == ["core-legs.json"])
        #expect(try fixture.library.workout(named: "core+legs").workout?.exercises == workout("x").exercises)
    }

    @Test func renameToAnotherCaseKeepsTheFile() throws {
        let fixture = try LibraryFixture()
        defer { fixture.remove() }
        try fixture.library.add(workout("leg day"))
        let change = try fixture.library.rename("leg day", to: "Leg Day")
        #expect(change.after.url.lastPathComponent == "leg-day.json")
        #expect(try fixture.library.workout(named: "leg day").workout?.name == "Leg Day")
    }

    @Test func renameOntoAnotherWorkoutIsRefusedAndChangesNothing() throws {
        let fixture = try LibraryFixture()
        defer { fixture.remove() }
        try fixture.library.add(workout("Legs"))
        let arms = try fixture.library.add(workout("Arms"))
        let before = try Data(contentsOf: arms.url)
        let error = libraryError { () throws(LibraryError) in try fixture.library.rename("arms", to: "LEGS") }
        guard case .nameTaken(name: "LEGS", existing: "Legs", path: _) = error else {
            Issue.record("expected nameTaken, got \(String(describing: error))")
            return
        }
        #expect(try Data(contentsOf: arms.url) == before)
    }

    @Test func deleteRemovesOnlyThatFile() throws {
        let fixture = try LibraryFixture()
        defer { fixture.remove() }
        try fixture.library.add(workout("Core+Legs"))
        try fixture.library.add(workout("Core Legs"))
        let removed = try fixture.library.delete("core legs")
        #expect(removed.workout?.name == "Core Legs")
        #expect(try fixture.fileNames() == ["core-legs.json"])
        #expect(try fixture.library.workout(named: "Core+Legs").workout != nil)
    }

    @Test func unknownNameListsTheKnownOnes() throws {
        let fixture = try LibraryFixture()
        defer { fixture.remove() }
        try fixture.library.add(workout("Tabata"))
        let error = libraryError { () throws(LibraryError) in try fixture.library.delete("tabatta") }
        #expect(error == .noSuchWorkout(name: "tabatta", known: ["Tabata"]))
        #expect(error?.description == "no workout named 'tabatta' in the library")
    }

    @Test func twoFilesWithOneNameAreReadButNotChanged() throws {
        let fixture = try LibraryFixture()
        defer { fixture.remove() }
        let data = try WorkoutFile.encode(workout("Twin"), path: "x")
        try fixture.write(data, to: "a.json")
        try fixture.write(data, to: "b.json")
        #expect(try fixture.library.workout(named: "twin").url.lastPathComponent == "a.json")
        let error = libraryError { () throws(LibraryError) in try fixture.library.delete("twin") }
        #expect(error == .ambiguous(name: "Twin", paths: [fixture.file("a.json").path, fixture.file("b.json").path]))
        #expect(try fixture.fileNames() == ["a.json", "b.json"])
    }

    @Test func replaceRefusesAFileChangedSinceItWasRead() throws {
        let fixture = try LibraryFixture()
        defer { fixture.remove() }
        let entry = try fixture.library.add(workout("Legs"))
        try fixture.library.update("legs") { $0.prepareSeconds = 3 }
        let after = try Data(contentsOf: entry.url)
        var mine = workout("Legs")
        mine.prepareSeconds = 0
        let error = libraryError { () throws(LibraryError) in try fixture.library.replace(entry, with: mine) }
        #expect(error == .changedMeanwhile(name: "Legs", path: entry.url.path))
        #expect(try Data(contentsOf: entry.url) == after)
    }

    // MARK: Broken files

    /// Broken files of every kind issue 3 names, with a piece of the error each must give.
    static let brokenFiles: [(name: String, data: Data, message: String)] = [
        ("truncated.json", Data("{\"version\": 1, \"name\": \"Trunc\", \"exercises\": [{\"name\": \"A\",".utf8),
         "truncated.json, line 1, column"),
        ("wrong-type.json", Data("{\"version\": 1,\n \"name\": \"W\",\n \"exercises\": [{\"name\": \"A\", \"workSeconds\": \"forty\", \"restSeconds\": 1, \"rounds\": 1}]}".utf8),
         "wrong-type.json, line 3, column 45: exercises[0].workSeconds: expected"),
        ("out-of-range.json", Data("{\"version\": 1, \"name\": \"R\", \"exercises\": [{\"name\": \"A\", \"workSeconds\": 0, \"restSeconds\": 1, \"rounds\": 1}]}".utf8),
         "out-of-range.json: exercise 1 (A) work is 0 s; allowed 1–3600 s"),
        ("bad-utf8.json", Data([0x7B, 0x22, 0x6E, 0x22, 0x3A, 0x22, 0xFF, 0x22, 0x7D]),
         "bad-utf8.json, line 1, column 7: not UTF-8"),
        ("junk.json", Data(repeating: 0x41, count: 10 * 1024 * 1024),
         "junk.json: the file is 10.0 MiB"),
        ("newer.json", Data("{\"version\": 99, \"name\": \"N\", \"exercises\": []}".utf8),
         "newer.json: version 99 is not supported"),
        ("empty.json", Data(), "empty.json: the file is empty"),
    ]

    @Test func brokenFilesAreReportedAndLeftByteForByte() throws {
        let fixture = try LibraryFixture()
        defer { fixture.remove() }
        let good = try fixture.library.add(workout("Good"))
        for file in Self.brokenFiles { try fixture.write(file.data, to: file.name) }

        let entries = try fixture.library.entries()
        #expect(entries.count == Self.brokenFiles.count + 1)
        #expect(entries.compactMap(\.workout?.name) == ["Good"], "the valid workout still loads")
        for file in Self.brokenFiles {
            let entry = try #require(entries.first { $0.url.lastPathComponent == file.name })
            let message = entry.error?.description ?? "no error"
            #expect(message.contains(file.message), "\(file.name): \(message)")
            #expect(!message.contains("\n"), "one line: \(file.name)")
        }

        // Changing, renaming or deleting a broken file by its stem is refused with its error.
        for file in Self.brokenFiles {
            let stem = String(file.name.dropLast(5))
            for action in ["delete", "rename", "update"] {
                let error = libraryError { () throws(LibraryError) in
                    switch action {
                    case "delete": try fixture.library.delete(stem)
                    case "rename": try fixture.library.rename(stem, to: "Fixed")
                    default: try fixture.library.update(stem) { $0.prepareSeconds = 1 }
                    }
                }
                guard case let .unreadable(storeError) = error else {
                    Issue.record("\(file.name): expected unreadable, got \(String(describing: error))")
                    continue
                }
                #expect(storeError.description.contains(file.message))
            }
        }
        // A new workout whose slug is a broken file's stem gets another file.
        let newer = try fixture.library.add(workout("Newer"))
        #expect(newer.url.lastPathComponent == "newer-2.json")

        for file in Self.brokenFiles {
            #expect(try Data(contentsOf: fixture.file(file.name)) == file.data, "\(file.name) is unchanged")
        }
        #expect(try WorkoutFile.load(from: good.url).name == "Good")
    }

    @Test func brokenFileIsFoundByTheSlugOfTheNameItMayHold() throws {
        let fixture = try LibraryFixture()
        defer { fixture.remove() }
        try fixture.write(Data("{\"name\": \"Leg day\",".utf8), to: "leg-day.json")
        let error = libraryError { () throws(LibraryError) in try fixture.library.rename("Leg day", to: "Legs") }
        guard case let .unreadable(storeError) = error else {
            Issue.record("expected unreadable, got \(String(describing: error))")
            return
        }
        #expect(storeError.description.hasPrefix(fixture.file("leg-day.json").path + ", line 1, column"))
        #expect(error?.description.hasSuffix("(the file was not changed; fix it with 'hiit edit leg-day' or remove it with 'hiit delete leg-day')") == true)
    }

    // MARK: Seeding

    /// A shipped folder with two valid workouts (one under an unslug-like file name) and a broken file.
    static func shippedFolder(in fixture: LibraryFixture) throws -> URL {
        let shipped = fixture.temporary.url.appendingPathComponent("shipped", isDirectory: true)
        try FileManager.default.createDirectory(at: shipped, withIntermediateDirectories: true)
        try Data("{\"version\": 1, \"kind\": \"intervals\", \"name\": \"Tabata\",\n \"exercises\": [{\"name\": \"Burpees\", \"workSeconds\": 20, \"restSeconds\": 10, \"rounds\": 8}]}\n".utf8)
            .write(to: shipped.appendingPathComponent("tabata.json"))
        try WorkoutFile.encode(workout("Gentle start"), path: "x").write(to: shipped.appendingPathComponent("Beginner Set.json"))
        try Data("{".utf8).write(to: shipped.appendingPathComponent("broken.json"))
        return shipped
    }

    @Test func firstUseCopiesTheShippedWorkoutsByteForByte() throws {
        let fixture = try LibraryFixture()
        defer { fixture.remove() }
        let shipped = try Self.shippedFolder(in: fixture)
        #expect(!fixture.library.isSeeded)
        let report = try fixture.library.seedIfFirstUse(from: shipped)
        #expect(report.wasFirstUse)
        #expect(report.copied.compactMap(\.workout?.name).sorted() == ["Gentle start", "Tabata"])
        #expect(report.broken.map(\.url.lastPathComponent) == ["broken.json"])
        let names = try fixture.fileNames().filter { !$0.hasPrefix(".") }
        #expect(names == ["gentle-start.json", "tabata.json"], "a clean shipped name is kept; others get the slug")
        #expect(try Data(contentsOf: fixture.file("tabata.json")) == Data(contentsOf: shipped.appendingPathComponent("tabata.json")))
        #expect(try permissions(of: fixture.file("tabata.json")) == 0o600)
        #expect(fixture.library.isSeeded)
    }

    @Test func deletedWorkoutsAreNotResurrected() throws {
        let fixture = try LibraryFixture()
        defer { fixture.remove() }
        let shipped = try Self.shippedFolder(in: fixture)
        try fixture.library.seedIfFirstUse(from: shipped)
        try fixture.library.delete("tabata")
        try fixture.library.delete("gentle start")
        let again = try fixture.library.seedIfFirstUse(from: shipped)
        #expect(!again.wasFirstUse && again.copied.isEmpty)
        #expect(try fixture.library.entries().isEmpty)

        // Deleting the marker offers them again, without duplicating those still present.
        try fixture.library.add(workout("TABATA"))
        try FileManager.default.removeItem(at: fixture.library.seededMarkerURL)
        let offered = try fixture.library.seedIfFirstUse(from: shipped)
        #expect(offered.copied.compactMap(\.workout?.name) == ["Gentle start"])
        #expect(try fixture.library.entries().compactMap(\.workout?.name).sorted() == ["Gentle start", "TABATA"])
    }

    @Test func seedingNeverReplacesALibraryFile() throws {
        let fixture = try LibraryFixture()
        defer { fixture.remove() }
        let shipped = try Self.shippedFolder(in: fixture)
        let broken = Data("{\"name\": \"Tabata\"".utf8)
        try fixture.write(broken, to: "tabata.json")
        let report = try fixture.library.seedIfFirstUse(from: shipped)
        #expect(report.copied.compactMap(\.workout?.name) == ["Gentle start"])
        #expect(try Data(contentsOf: fixture.file("tabata.json")) == broken)
    }

    @Test func withoutAShippedFolderNothingIsMarked() throws {
        let fixture = try LibraryFixture()
        defer { fixture.remove() }
        let report = try fixture.library.seedIfFirstUse(from: nil)
        #expect(!report.wasFirstUse)
        #expect(!fixture.library.isSeeded)
    }

    // MARK: Concurrency

    @Test func workoutsAddedFromManyThreadsAreAllPresent() throws {
        let fixture = try LibraryFixture()
        defer { fixture.remove() }
        let library = fixture.library
        let failures = LockedList()
        DispatchQueue.concurrentPerform(iterations: 12) { index in
            do throws(LibraryError) {
                // Half of the names slug alike, so the free-name search races too.
                try library.add(workout(index.isMultiple(of: 2) ? "Core+Legs \(index)" : "Core Legs \(index)"))
            } catch {
                failures.append(error.description)
            }
        }
        #expect(failures.items.isEmpty)
        #expect(try library.entries().compactMap(\.workout).count == 12)
    }
}

/// Strings appended from several threads.
final class LockedList: @unchecked Sendable {
    // @unchecked Sendable: `storage` is only touched while holding `lock`.
    private let lock = NSLock()
    private var storage: [String] = []

    func append(_ item: String) { lock.withLock { storage.append(item) } }
    var items: [String] { lock.withLock { storage } }
}
