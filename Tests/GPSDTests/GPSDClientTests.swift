import Glibc
import GPSD
import POSIX
import Testing
import TestSupport

/// Lets `client` work until `done` says so or about 2 s of polling pass (a bound, not a
/// timing assertion), collecting what it reads. Instants are the test's: `now` every call.
@discardableResult
func pump(_ client: GPSDClient, at now: Duration, until done: (GPSDClient, GPSDRead) -> Bool) throws -> GPSDRead {
    var total = GPSDRead()
    for _ in 0..<200 {
        if let fd = client.fileDescriptor {
            var entries = [pollfd(fd: fd.rawValue, events: client.pollEvents, revents: 0)]
            _ = try Poll.wait(&entries, timeout: .milliseconds(10))
        }
        let read = client.readAvailable(at: now)
        total.reports += read.reports
        total.warnings += read.warnings
        if done(client, total) { break }
    }
    return total
}

@Suite("gpsd client over a local socket")
struct GPSDClientTests {
    static let version = #"{"class":"VERSION","release":"3.22","rev":"3.22","proto_major":3,"proto_minor":14}"#
    static let tpv = #"{"class":"TPV","device":"/dev/pts/2","mode":3,"time":"2026-12-03T12:01:46.000Z","lat":48.00286,"lon":11.0,"speed":2.999,"eph":17.100}"#

    @Test("connects, sends the WATCH command, reads reports written in pieces")
    func watchesAndReads() throws {
        let server = try LocalServer()
        defer { server.close() }
        let client = GPSDClient(addresses: [server.address])
        #expect(client.state == .disconnected(reason: .notStarted))
        client.connect(at: .zero)
        #expect(client.fileDescriptor != nil)
        #expect(client.nextAttempt(after: .zero) == (client.state == .connecting ? GPSDClient.connectTimeout : nil))
        let connection = try server.accept()
        defer { try? connection.close() }
        try pump(client, at: .zero) { client, _ in client.state == .watching && client.pollEvents == Int16(POLLIN) }
        #expect(client.state == .watching)
        #expect(try LocalServer.readLine(connection) == GPSDClient.watchCommand)
        #expect(GPSDClient.watchCommand == "?WATCH={\"enable\":true,\"json\":true};\n")

        let stream = Array((Self.version + "\r\n" + Self.tpv + "\r\n").utf8)
        let cuts = [0, 10, Self.version.utf8.count + 1, Self.version.utf8.count + 40, stream.count]
        var reports: [GPSDReport] = []
        var seenAfterPiece: [Int] = []
        for (start, end) in zip(cuts, cuts.dropFirst()) {
            try connection.writeAll(Array(stream[start..<end]))
            // Poll until the piece is there, then read it: one call.
            let read = try pump(client, at: .seconds(1)) { _, _ in true }
            reports += read.reports
            seenAfterPiece.append(reports.count)
            #expect(read.warnings.isEmpty)
        }
        if reports.count < 2 { reports += try pump(client, at: .seconds(1)) { _, read in reports.count + read.reports.count >= 2 }.reports }
        // Nothing before a line's end: the VERSION after the second piece, the TPV after the last.
        #expect(seenAfterPiece.first == 0)
        #expect(reports.count == 2)
        #expect(reports.first == .version(release: "3.22", protocolMajor: 3, protocolMinor: 14))
        guard case let .tpv(fix)? = reports.last else { Issue.record("\(reports)"); return }
        #expect(fix.latitude == 48.00286 && fix.horizontalErrorMeters == 17.1)
        #expect(client.state == .watching)
        #expect(client.nextAttempt(after: .seconds(1)) == nil)
    }

    @Test("gpsd closing the connection: disconnected, reports before it kept, a reconnect due 1 s later")
    func serverCloses() throws {
        let server = try LocalServer()
        defer { server.close() }
        let client = GPSDClient(addresses: [server.address])
        client.connect(at: .seconds(10))
        let connection = try server.accept()
        try pump(client, at: .seconds(10)) { client, _ in client.state == .watching && client.pollEvents == Int16(POLLIN) }
        #expect(try LocalServer.readLine(connection) == GPSDClient.watchCommand)
        try connection.writeAll(Array((Self.version + "\r\n").utf8))
        try connection.close()
        let read = try pump(client, at: .seconds(12)) { client, _ in client.state != .watching }
        #expect(read.reports == [.version(release: "3.22", protocolMajor: 3, protocolMinor: 14)])
        #expect(client.state == .disconnected(reason: .closedByServer))
        #expect(client.fileDescriptor == nil)
        // The report reset the failures, so this is the first: 1 s.
        #expect(client.nextAttempt(after: .seconds(12)) == .seconds(13))
        #expect(!client.reconnectIfDue(at: .milliseconds(12_999)))
        #expect(client.reconnectIfDue(at: .seconds(13)))
        let again = try server.accept()
        defer { try? again.close() }
        try pump(client, at: .seconds(13)) { client, _ in client.state == .watching && client.pollEvents == Int16(POLLIN) }
        #expect(client.state == .watching)
        #expect(try LocalServer.readLine(again) == GPSDClient.watchCommand)
    }

    @Test("nothing listening: refused, then retries at 1 s, 2 s, 4 s … 30 s after each failure")
    func refusedWithBackoff() throws {
        let server = try LocalServer()
        let address = server.address
        server.close()  // the port is free again: nothing listens there
        let client = GPSDClient(addresses: [address])
        client.connect(at: .zero)
        try pump(client, at: .zero) { client, _ in client.state != .connecting }
        guard case let .disconnected(reason: .connectFailed(tried, error)) = client.state else {
            Issue.record("\(client.state)")
            return
        }
        #expect(error.errno == ECONNREFUSED)
        #expect(tried == address.description)
        #expect(client.state.description(startsWith: "gpsd at 127.0.0.1:"))
        var now = Duration.zero
        var waits: [Duration] = []
        for _ in 0..<7 {
            let due = try #require(client.nextAttempt(after: now))
            waits.append(due - now)
            #expect(!client.reconnectIfDue(at: due - .milliseconds(1)))
            now = due
            #expect(client.reconnectIfDue(at: now))
            try pump(client, at: now) { client, _ in client.state != .connecting }
        }
        #expect(waits == [.seconds(1), .seconds(2), .seconds(4), .seconds(8), .seconds(16), .seconds(30), .seconds(30)])
        #expect(client.failuresInARow == 8)
    }

    @Test("a second address is tried at once when the first refuses")
    func secondAddress() throws {
        let dead = try LocalServer()
        let deadAddress = dead.address
        dead.close()
        let server = try LocalServer()
        defer { server.close() }
        let client = GPSDClient(addresses: [deadAddress, server.address])
        client.connect(at: .zero)
        // The kernel completes the connection from its backlog; accepting it can wait.
        try pump(client, at: .zero) { client, _ in client.state == .watching }
        #expect(client.state == .watching)
        #expect(client.failuresInARow == 0)
        try server.accept().close()
    }

    @Test("a connection that hangs (the server's queue is full) times out at 5 s by the instants given")
    func connectTimeout() throws {
        let listener = try FileDescriptor.streamSocket(family: AF_INET)
        defer { try? listener.close() }
        let address = try listener.bindAndListen(to: .loopbackIPv4(port: 0), backlog: 0)
        // Fill the accept queue (never accepted): Linux then drops further SYNs, so the next
        // connect stays in progress.
        var fillers: [FileDescriptor] = []
        defer { fillers.forEach { try? $0.close() } }
        for _ in 0..<3 {
            let filler = try FileDescriptor.streamSocket(family: AF_INET)
            fillers.append(filler)
            _ = try filler.connect(to: address)
        }
        try ThreadSleep.sleep(for: .milliseconds(50))
        let client = GPSDClient(addresses: [address])
        client.connect(at: .seconds(100))
        _ = client.readAvailable(at: .seconds(100))
        try #require(client.state == .connecting, "the kernel took the connection: \(client.state)")
        #expect(client.nextAttempt(after: .seconds(100)) == .seconds(105))
        #expect(!client.reconnectIfDue(at: .milliseconds(104_999)))
        #expect(client.state == .connecting)
        #expect(!client.reconnectIfDue(at: .seconds(105)))
        #expect(client.state == .disconnected(reason: .timedOut(address: address.description)))
        #expect(client.fileDescriptor == nil)
        #expect(client.nextAttempt(after: .seconds(105)) == .seconds(106))
    }

    @Test("no addresses at all: disconnected at once, with a reconnect scheduled")
    func noAddresses() {
        let client = GPSDClient(addresses: [])
        client.connect(at: .seconds(5))
        guard case .disconnected(reason: .connectFailed) = client.state else { Issue.record("\(client.state)"); return }
        #expect(client.nextAttempt(after: .seconds(5)) == .seconds(6))
    }

    @Test("close stops reconnecting")
    func closeStops() throws {
        let server = try LocalServer()
        defer { server.close() }
        let client = GPSDClient(addresses: [server.address])
        client.connect(at: .zero)
        client.close()
        #expect(client.fileDescriptor == nil)
        #expect(client.nextAttempt(after: .seconds(100)) == nil)
        #expect(!client.reconnectIfDue(at: .seconds(100)))
    }

    @Test("an endpoint with a numeric host resolves without a lookup")
    func numericEndpoint() throws {
        let client = try GPSDClient(endpoint: GPSDEndpoint(host: "127.0.0.1", port: 2947))
        #expect(client.addresses.map(\.description) == ["127.0.0.1:2947"])
    }
}

extension GPSDConnectionState {
    /// Whether the disconnect reason's text starts with `prefix`.
    func description(startsWith prefix: String) -> Bool {
        guard case let .disconnected(reason) = self else { return false }
        return reason.description.hasPrefix(prefix)
    }
}
