import Foundation
import Glibc
import POSIX
import Testing

/// The Unix socket, peer credentials, process and folder-watch wrappers of `hiit status` and
/// `hiit ctl` (#17).
@Suite struct UnixSocketTests {
    @Test func aListenerAtAPathAcceptsAConnectionWhosePeerIsThisUser() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let path = folder.file("control.sock")
        let address = try SocketAddress.unix(path: path)
        #expect(address.family == AF_UNIX)
        let listener = try FileDescriptor.streamSocket(family: AF_UNIX)
        defer { try? listener.close() }
        _ = try listener.bindAndListen(to: address)
        try FileSystem.setMode(path, 0o600)
        #expect(try FileSystem.linkStatus(ofPath: path).st_mode & 0o777 == 0o600)
        let client = try FileDescriptor.streamSocket(family: AF_UNIX)
        defer { try? client.close() }
        _ = try client.connect(to: address)
        var entries = [pollfd(fd: listener.rawValue, events: Int16(POLLIN), revents: 0)]
        #expect(try Poll.wait(&entries, timeout: .seconds(10)) == 1)
        let connection = try listener.accept()
        defer { try? connection.close() }
        #expect(try connection.peerUserID() == RunningProcess.userID)
        #expect(try client.send(Array("pause\n".utf8)) == 6)
        #expect(try connection.read(upToCount: 64) == Array("pause\n".utf8))
    }

    @Test func aPathTooLongForSunPathIsRefusedByName() {
        let long = "/tmp/" + String(repeating: "x", count: 120)
        #expect(throws: SystemCallError(function: "bind", errno: ENAMETOOLONG, path: long)) { try SocketAddress.unix(path: long) }
        #expect(throws: SystemCallError.self) { try SocketAddress.unix(path: "/tmp/a\u{0}b") }
    }

    @Test func connectingWhereNothingListensIsRefused() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let client = try FileDescriptor.streamSocket(family: AF_UNIX)
        defer { try? client.close() }
        #expect(throws: SystemCallError.self) { try client.connect(to: try SocketAddress.unix(path: folder.file("none.sock"))) }
    }

    @Test func aProcessExistsUntilItIsReaped() throws {
        #expect(RunningProcess.exists(RunningProcess.currentID))
        #expect(!RunningProcess.exists(0))
        #expect(!RunningProcess.exists(-1))
        let child = try SpawnedProcess.spawn("/bin/true", arguments: ["true"], environment: [])
        let pid = child.id
        _ = try child.wait()
        #expect(!RunningProcess.exists(pid))
    }

    @Test func aFolderWatchWakesForARenameIntoTheFolder() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let watch = try FolderWatch(folder.path)
        var entries = [pollfd(fd: watch.descriptor.rawValue, events: Int16(POLLIN), revents: 0)]
        #expect(try Poll.wait(&entries, timeout: .zero) == 0, "quiet before any change")
        #expect(FileManager.default.createFile(atPath: folder.file(".tmp"), contents: Data("{}".utf8)))
        try FileSystem.rename(folder.file(".tmp"), to: folder.file("state.json"))
        #expect(try Poll.wait(&entries, timeout: .seconds(10)) == 1)
        #expect(watch.drain())
        #expect(try Poll.wait(&entries, timeout: .zero) == 0, "quiet again once drained")
        #expect(throws: SystemCallError.self) { try FolderWatch(folder.file("missing")) }
    }
}
