import Foundation
import Glibc
import POSIX
import Testing

@Suite struct SocketTests {
    @Test func numericAddressesResolveWithoutALookup() throws {
        let v4 = try SocketAddress.resolve(host: "127.0.0.1", port: 2947)
        #expect(v4.map(\.description) == ["127.0.0.1:2947"])
        #expect(v4.first?.family == AF_INET)
        #expect(v4.first?.port == 2947)
        let v6 = try SocketAddress.resolve(host: "::1", port: 2947)
        #expect(v6.map(\.description) == ["[::1]:2947"])
        #expect(v6.first?.family == AF_INET6)
    }

    @Test func aLookupErrorSaysTheHostAndTheResolversText() {
        // Looking up a name needs the resolver, which a test must not depend on: the error's
        // text is checked on its own.
        let error = AddressLookupError(host: "nowhere", code: EAI_NONAME)
        #expect(error.description == "getaddrinfo nowhere: \(error.text)")
        #expect(error.text == String(cString: gai_strerror(EAI_NONAME)))
    }

    @Test func aLoopbackServerAcceptsAndBytesGoBothWays() throws {
        let listener = try FileDescriptor.streamSocket(family: AF_INET)
        defer { try? listener.close() }
        let bound = try listener.bindAndListen(to: .loopbackIPv4(port: 0))
        #expect(bound.port != 0)
        #expect(bound.description == "127.0.0.1:\(bound.port)")
        let client = try FileDescriptor.streamSocket(family: AF_INET)
        defer { try? client.close() }
        let connectedNow = try client.connect(to: bound)
        var entries = [pollfd(fd: client.rawValue, events: Int16(POLLOUT), revents: 0)]
        if !connectedNow { _ = try Poll.wait(&entries, timeout: .seconds(2)) }
        #expect(try client.pendingSocketError() == 0)
        let server = try listener.accept()
        defer { try? server.close() }
        #expect(try client.send(Array("hello\n".utf8)) == 6)
        #expect(try server.read(upToCount: 64) == Array("hello\n".utf8))
    }

    @Test func aRefusedConnectionIsReportedAsECONNREFUSED() throws {
        let listener = try FileDescriptor.streamSocket(family: AF_INET)
        let bound = try listener.bindAndListen(to: .loopbackIPv4(port: 0))
        try listener.close()
        let client = try FileDescriptor.streamSocket(family: AF_INET)
        defer { try? client.close() }
        do {
            if !(try client.connect(to: bound)) {
                var entries = [pollfd(fd: client.rawValue, events: Int16(POLLOUT), revents: 0)]
                _ = try Poll.wait(&entries, timeout: .seconds(2))
                #expect(try client.pendingSocketError() == ECONNREFUSED)
            } else {
                Issue.record("connected to a closed port")
            }
        } catch {
            #expect(error.errno == ECONNREFUSED)
            #expect(error.function == "connect")
        }
    }

    @Test func sendingToAClosedPeerIsEPIPENotASignal() throws {
        let listener = try FileDescriptor.streamSocket(family: AF_INET)
        defer { try? listener.close() }
        let bound = try listener.bindAndListen(to: .loopbackIPv4(port: 0))
        let client = try FileDescriptor.streamSocket(family: AF_INET)
        defer { try? client.close() }
        _ = try client.connect(to: bound)
        var entries = [pollfd(fd: client.rawValue, events: Int16(POLLOUT), revents: 0)]
        _ = try Poll.wait(&entries, timeout: .seconds(2))
        try listener.accept().close()
        // The first send after the peer closed draws a reset; the next fails with EPIPE (or
        // ECONNRESET), and the process gets no SIGPIPE (which would end the test run).
        var failure: SystemCallError?
        for _ in 0..<50 where failure == nil {
            do {
                _ = try client.send([1, 2, 3])
                _ = try Poll.wait(&entries, timeout: .milliseconds(10))
            } catch {
                failure = error
            }
        }
        #expect(failure?.errno == EPIPE || failure?.errno == ECONNRESET, "\(String(describing: failure))")
    }
}

@Suite struct ProcessGroupTests {
    @Test func aSignalToTheGroupReachesTheChildsChildren() throws {
        // sh starts a sleep of its own, says its pid, and waits for it; SIGTERM to the group
        // ends both.
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let pidFile = folder.file("sleep.pid")
        let child = try SpawnedProcess.spawn("/bin/sh", arguments: ["sh", "-c", "sleep 30 & echo $! > '\(pidFile)'; wait"],
                                             environment: [], inNewProcessGroup: true)
        var sleepID: pid_t?
        for _ in 0..<200 where sleepID == nil {
            sleepID = (try? String(contentsOfFile: pidFile, encoding: .utf8)).flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            if sleepID == nil { try ThreadSleep.sleep(for: .milliseconds(10)) }
        }
        let sleeper = try #require(sleepID)
        #expect(try child.waitIfEnded() == nil)
        #expect(getpgid(child.id) == child.id)
        try child.signal(SIGTERM, wholeGroup: true)
        #expect(try child.wait() == .signalled(SIGTERM))
        // The sleep got it too: it is gone, or a zombie waiting for init to reap it (its
        // parent has ended), never still sleeping.
        func isAlive() -> Bool {
            guard let stat = try? String(contentsOfFile: "/proc/\(sleeper)/stat", encoding: .utf8) else { return false }
            let state = stat.split(separator: ")").last?.split(separator: " ").first
            return state != "Z" && state != "X"
        }
        var alive = true
        for _ in 0..<200 where alive {
            alive = isAlive()
            if alive { try ThreadSleep.sleep(for: .milliseconds(10)) }
        }
        #expect(!alive)
    }

    @Test func waitIfEndedReapsAFinishedChild() throws {
        let child = try SpawnedProcess.spawn("/bin/sh", arguments: ["sh", "-c", "exit 4"], environment: [])
        var ended: SpawnedProcess.Termination?
        for _ in 0..<500 where ended == nil {
            ended = try child.waitIfEnded()
            if ended == nil { try ThreadSleep.sleep(for: .milliseconds(10)) }
        }
        #expect(ended == .exited(4))
    }
}
