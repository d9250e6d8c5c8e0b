import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
import TestSupport

/// Read-only files and symbolic links in the data folder (issue 11, item 9): a file whose
/// owner may not write it is never changed, by an append or a rewrite, even when hiit runs as
/// root (74, naming it); a rewrite of a linked file replaces the file the link points to, in
/// its own folder, and the link stays.
@Suite struct ReadOnlyAndLinkTests {
    static let readOnly = "the file is read-only, so hiit leaves it as it is (make it writable with 'chmod u+w' to change it)"

    /// A sandbox with two sessions and a profile.
    static func sandbox() throws -> E2ESandbox {
        let box = try E2ESandbox.forHistory()
        try box.writeHistory(try jsonLines([historyRecord(1), historyRecord(2)]))
        #expect(try box.run(["profile", "--weight", "70"]).status == 0)
        return box
    }

    /// The file's bytes, permission bits and inode (a replacement has a new inode).
    static func state(_ url: URL) throws -> (Data, Int, UInt64) {
        var info = stat()
        guard stat(url.path, &info) == 0 else { throw E2EFailure("stat \(url.path) failed") }
        return (try Data(contentsOf: url), Int(info.st_mode & 0o777), UInt64(info.st_ino))
    }

    @Test(arguments: [
        (["history", "delete", "00000001", "--yes"], "history.jsonl"),
        (["run", "1/1x1", "--prepare", "0", "--mute"], "history.jsonl"),
        (["history", "import", "IMPORT"], "history.jsonl"),
        (["profile", "--weight", "71"], "profile.json"),
        (["select", "tabata"], "profile.json"),
    ])
    func aReadOnlyFileIsNeverChanged(arguments: [String], file: String) throws {
        let box = try Self.sandbox()
        let other = box.file("other.jsonl")
        try jsonLines([historyRecord(3)]).write(to: other)
        let url = box.dataFolder.appendingPathComponent(file)
        chmod(url.path, 0o400)
        let before = try Self.state(url)
        let run = try box.run(arguments.map { $0 == "IMPORT" ? other.path : $0 })
        #expect(run.status == 74, "\(arguments): \(run)")
        #expect(run.stderr.contains("\(url.path): \(Self.readOnly)"), "\(arguments): \(run)")
        let after = try Self.state(url)
        #expect(after.0 == before.0 && after.1 == 0o400 && after.2 == before.2, "\(arguments) changed \(file)")
    }

    @Test func aReadOnlyWorkoutIsNotRewritten() throws {
        let box = try Self.sandbox()
        #expect(try box.run(["new", "Leg day", "-e", "Squats 40/20x3"]).status == 0)
        let url = box.workoutFile("leg-day.json")
        chmod(url.path, 0o444)
        let before = try Self.state(url)
        let run = try box.run(["edit", "leg day", "--rest-between", "30"])
        #expect(run.status == 74, "\(run)")
        #expect(run.stderr.contains(Self.readOnly), "\(run)")
        #expect(try Self.state(url) == before)
    }

    @Test func aRewriteOfALinkedHistoryChangesTheFileItPointsTo() throws {
        let box = try Self.sandbox()
        let elsewhere = box.file("sync")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let real = elsewhere.appendingPathComponent("history.jsonl")
        try FileManager.default.moveItem(at: box.historyURL, to: real)
        #expect(symlink(real.path, box.historyURL.path) == 0)

        let delete = try box.run(["history", "delete", "00000001", "--yes"])
        #expect(delete.status == 0, "\(delete)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: box.historyURL.path) == real.path,
                "the link is still a link")
        #expect(storedIDs(try Data(contentsOf: real)) == [numberedID(2)], "the file it points to lost the session")
        let left = try FileManager.default.contentsOfDirectory(atPath: elsewhere.path)
        #expect(left == ["history.jsonl"], "no temporary file left beside it: \(left)")
        // Appends go through the link as before.
        #expect(try box.run(["run", "1/1x1", "--prepare", "0", "--mute"]).status == 0)
        #expect(storedIDs(try Data(contentsOf: real)).count == 2)
    }

    @Test func aLinkedProfileIsRewrittenThroughTheLinkAndADanglingOneIsRefused() throws {
        let box = try Self.sandbox()
        let real = box.file("profile-real.json")
        try FileManager.default.moveItem(at: box.profileURL, to: real)
        #expect(symlink(real.path, box.profileURL.path) == 0)
        #expect(try box.run(["profile", "--weight", "72"]).status == 0)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: box.profileURL.path) == real.path)
        #expect(String(decoding: try Data(contentsOf: real), as: UTF8.self).contains("72"))

        unlink(box.profileURL.path)
        #expect(symlink(box.file("nowhere/profile.json").path, box.profileURL.path) == 0)
        let dangling = try box.run(["profile", "--weight", "73"])
        #expect(dangling.status == 74, "\(dangling)")
        #expect(dangling.stderr.contains("\(box.profileURL.path): cannot follow the link: No such file or directory"), "\(dangling)")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: box.profileURL.path)) != nil, "the link is kept")
    }
}
