import Foundation
import Glibc
import POSIX
import Testing

@Suite struct FileSystemTests {
    func write(_ text: String, to path: String) throws {
        let descriptor = try FileDescriptor.open(path, O_WRONLY | O_CREAT | O_TRUNC)
        try descriptor.closeAfter { () throws(SystemCallError) in try descriptor.writeAll(Array(text.utf8)) }
    }

    func contents(_ path: String) throws -> String {
        let descriptor = try FileDescriptor.open(path, O_RDONLY)
        return String(decoding: try descriptor.closeAfter { () throws(SystemCallError) in try descriptor.readToEnd() },
                      as: UTF8.self)
    }

    @Test func aTemporaryFolderIsNewAndPrivate() throws {
        let first = try ScratchFolder()
        let second = try ScratchFolder()
        defer {
            first.remove()
            second.remove()
        }
        #expect(first.path != second.path)
        #expect(first.path.hasPrefix(FileManager.default.temporaryDirectory.path + "/hiit-posix-"))
        let info = try FileSystem.status(ofPath: first.path)
        #expect(info.st_mode & S_IFMT == S_IFDIR)
        #expect(info.st_mode & 0o777 == 0o700)
        let template = "/nonexistent-hiit-folder/x-"
        #expect(throws: SystemCallError(function: "mkdtemp", errno: ENOENT, path: template + "XXXXXX")) {
            try FileSystem.makeTemporaryFolder(prefix: template)
        }
    }

    @Test func renameReplacesAndLinkRefusesToReplace() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        try write("old", to: folder.file("a"))
        try write("new", to: folder.file("b"))
        try FileSystem.rename(folder.file("b"), to: folder.file("a"))
        #expect(try contents(folder.file("a")) == "new")
        #expect(!FileSystem.isAccessible(folder.file("b")))
        #expect(throws: SystemCallError(function: "rename", errno: ENOENT, path: folder.file("b"))) {
            try FileSystem.rename(folder.file("b"), to: folder.file("a"))
        }
        try write("other", to: folder.file("c"))
        #expect(throws: SystemCallError(function: "link", errno: EEXIST, path: folder.file("a"))) {
            try FileSystem.link(folder.file("c"), as: folder.file("a"))
        }
        try FileSystem.link(folder.file("c"), as: folder.file("d"))
        #expect(try contents(folder.file("d")) == "other")
        #expect(try FileSystem.status(ofPath: folder.file("d")).st_nlink == 2)
    }

    @Test func unlinkRemovesANameAndSaysWhenThereIsNone() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        try write("x", to: folder.file("a"))
        #expect(FileSystem.isAccessible(folder.file("a")))
        try FileSystem.unlink(folder.file("a"))
        #expect(!FileSystem.isAccessible(folder.file("a")))
        #expect(throws: SystemCallError(function: "unlink", errno: ENOENT, path: folder.file("a"))) {
            try FileSystem.unlink(folder.file("a"))
        }
    }

    @Test func makeFolderAndStatusOfPaths() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let inner = folder.file("inner")
        try FileSystem.makeFolder(inner)
        #expect(try FileSystem.status(ofPath: inner).st_mode & 0o777 == 0o700)
        #expect(throws: SystemCallError(function: "mkdir", errno: EEXIST, path: inner)) {
            try FileSystem.makeFolder(inner)
        }
        #expect(throws: SystemCallError(function: "stat", errno: ENOENT, path: folder.file("none"))) {
            try FileSystem.status(ofPath: folder.file("none"))
        }
        // lstat sees a dangling link; stat follows it and finds nothing.
        #expect(symlink(folder.file("none"), folder.file("link")) == 0)
        #expect(try FileSystem.linkStatus(ofPath: folder.file("link")).st_mode & S_IFMT == S_IFLNK)
        #expect(throws: SystemCallError(function: "stat", errno: ENOENT, path: folder.file("link"))) {
            try FileSystem.status(ofPath: folder.file("link"))
        }
        #expect(!FileSystem.isAccessible(folder.file("link")))
    }

    @Test func entriesListAFolderWithoutDots() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        #expect(try FileSystem.entries(ofFolder: folder.path) == [])
        for name in ["b.json", ".hidden", "a b"] { try write("", to: folder.file(name)) }
        try FileSystem.makeFolder(folder.file("sub"))
        #expect(try FileSystem.entries(ofFolder: folder.path).sorted() == [".hidden", "a b", "b.json", "sub"])
        #expect(throws: SystemCallError(function: "opendir", errno: ENOENT, path: folder.file("none"))) {
            try FileSystem.entries(ofFolder: folder.file("none"))
        }
        #expect(throws: SystemCallError(function: "opendir", errno: ENOTDIR, path: folder.file("b.json"))) {
            try FileSystem.entries(ofFolder: folder.file("b.json"))
        }
    }
}

@Suite struct PollTests {
    @Test func aReadablePipeIsReportedAndATimeoutGivesZero() throws {
        let (readEnd, writeEnd) = try FileDescriptor.pipe()
        defer {
            try? readEnd.close()
            try? writeEnd.close()
        }
        var entries = [pollfd(fd: readEnd.rawValue, events: Int16(POLLIN), revents: 0)]
        let clock = ContinuousClock()
        let start = clock.now
        #expect(try Poll.wait(&entries, timeout: .milliseconds(30)) == 0)
        #expect(clock.now - start >= .milliseconds(30))
        #expect(entries[0].revents == 0)
        try writeEnd.writeAll([1])
        #expect(try Poll.wait(&entries, timeout: nil) == 1)
        #expect(Int32(entries[0].revents) & Int32(POLLIN) != 0)
        #expect(try Poll.wait(&entries, timeout: .zero) == 1, "zero only checks")
    }

    @Test func aDescriptorThatIsNotOpenGetsPOLLNVAL() throws {
        var entries = [pollfd(fd: 1_000_000, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: -1, events: Int16(POLLIN), revents: 0)]
        #expect(try Poll.wait(&entries, timeout: .zero) == 1)
        #expect(Int32(entries[0].revents) & Int32(POLLNVAL) != 0)
        #expect(entries[1].revents == 0, "a negative descriptor is skipped")
    }

    @Test(arguments: [
        (Duration.zero, Int32(0)), (.seconds(-1), 0), (.nanoseconds(1), 1), (.milliseconds(1500), 1500),
        (.microseconds(1500), 2), (.seconds(1_000_000_000), Int32.max),
    ])
    func timeoutsRoundUpToWholeMilliseconds(duration: Duration, milliseconds: Int32) {
        #expect(Poll.milliseconds(roundingUp: duration) == milliseconds)
    }
}

@Suite struct SpawnedProcessTests {
    @Test func anExitStatusIsReported() throws {
        let child = try SpawnedProcess.spawn("/bin/sh", arguments: ["sh", "-c", "exit 3"], environment: [])
        #expect(try child.wait() == .exited(3))
        #expect(SpawnedProcess.Termination.exited(3).shellStatus == 3)
    }

    @Test func theEnvironmentIsTheOneGiven() throws {
        let child = try SpawnedProcess.spawn("/bin/sh", arguments: ["sh", "-c", #"[ "$HIIT_X" = "a b" ] && [ -z "$HOME" ]"#],
                                             environment: ["HIIT_X=a b"])
        #expect(try child.wait() == .exited(0))
    }

    @Test func aSignalThatEndsTheChildIsReportedAs128PlusN() throws {
        let child = try SpawnedProcess.spawn("/bin/sh", arguments: ["sh", "-c", "kill -TERM $$"], environment: [])
        let ending = try child.wait()
        #expect(ending == .signalled(SIGTERM))
        #expect(ending.shellStatus == 128 + SIGTERM)
    }

    @Test func defaultSignalsGetTheirDefaultActionInTheChild() throws {
        // The child inherits an ignored SIGUSR1 unless it is reset; with the reset, SIGUSR1 ends it.
        let previous = signal(SIGUSR1, SIG_IGN)
        defer { signal(SIGUSR1, previous) }
        let reset = try SpawnedProcess.spawn("/bin/sh", arguments: ["sh", "-c", "kill -USR1 $$; exit 0"], environment: [],
                                             defaultSignals: [SIGUSR1])
        #expect(try reset.wait() == .signalled(SIGUSR1))
    }

    @Test func aProgramThatIsNotThereIsAnError() {
        #expect(throws: SystemCallError(function: "posix_spawn", errno: ENOENT, path: "/nonexistent-hiit/program")) {
            try SpawnedProcess.spawn("/nonexistent-hiit/program", arguments: ["program"], environment: [])
        }
    }

    @Test func waitingTwiceIsECHILD() throws {
        let child = try SpawnedProcess.spawn("/bin/sh", arguments: ["sh", "-c", "exit 0"], environment: [])
        #expect(try child.wait() == .exited(0))
        #expect(throws: SystemCallError(function: "waitpid", errno: ECHILD)) { try child.wait() }
    }
}
