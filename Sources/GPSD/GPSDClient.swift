import Glibc
import POSIX

/// Where a gpsd connection stands.
public enum GPSDConnectionState: Sendable, Hashable {
    /// A TCP connection is being set up (a non-blocking `connect` in progress).
    case connecting
    /// Connected, and the `?WATCH` command has been sent (or is being sent): reports flow.
    case watching
    /// Not connected, and why; a reconnect is due at ``GPSDClient/nextAttempt(after:)``.
    case disconnected(reason: GPSDDisconnectReason)
}

/// Why a gpsd connection ended or could not be made. ``description`` is one line for a person.
public enum GPSDDisconnectReason: Sendable, Hashable, CustomStringConvertible {
    /// No connection has been tried yet.
    case notStarted
    /// `connect` failed: the address tried and the error (`ECONNREFUSED`: no gpsd listening).
    case connectFailed(address: String, error: SystemCallError)
    /// The connection was not made within ``GPSDClient/connectTimeout``.
    case timedOut(address: String)
    /// gpsd closed the connection (it stopped or restarted).
    case closedByServer
    /// Reading or sending failed (`ECONNRESET`, `EPIPE`, …).
    case failed(SystemCallError)

    /// `gpsd at 127.0.0.1:2947: Connection refused`, `gpsd closed the connection`, …
    public var description: String {
        switch self {
        case .notStarted: "not connected to gpsd yet"
        case let .connectFailed(address, error): "gpsd at \(address): \(error.text)"
        case let .timedOut(address): "gpsd at \(address) did not answer"
        case .closedByServer: "gpsd closed the connection"
        case let .failed(error): "gpsd connection lost: \(error.text)"
        }
    }
}

/// What one ``GPSDClient/readAvailable(at:)`` brought: the reports decoded, in order, and the
/// warnings about lines that could not be.
public struct GPSDRead: Sendable, Equatable {
    /// The reports, in the order gpsd sent them.
    public var reports: [GPSDReport] = []
    /// The warnings (bad lines, overlong lines).
    public var warnings: [GPSDWarning] = []

    /// An empty read.
    public init(reports: [GPSDReport] = [], warnings: [GPSDWarning] = []) {
        self.reports = reports
        self.warnings = warnings
    }
}

/// A client of gpsd's JSON protocol over TCP that never blocks and never sleeps: the caller's
/// `poll(2)` loop watches ``fileDescriptor`` for ``pollEvents`` and calls ``readAvailable(at:)``
/// when it is ready (or at any time: it returns at once), and calls ``reconnectIfDue(at:)``
/// at ``nextAttempt(after:)``. Every instant is the caller's (a monotonic `Duration`).
///
/// Connecting: a non-blocking `connect` to each address in turn; once connected it sends
/// ``watchCommand`` and reads TPV and other reports (gpsd_json(5), `?WATCH`). A refused or
/// failed connection, gpsd closing it, or a read error makes the state
/// ``GPSDConnectionState/disconnected(reason:)`` and schedules a reconnect after
/// ``ReconnectBackoff`` (1 s, 2 s, 4 s, … 30 s); the first report on a connection resets it.
///
/// Not `Sendable`: one owner (the run loop) uses it. The descriptor is closed by ``close()`` or
/// when the client goes away.
public final class GPSDClient {
    /// The command sent on connecting: watch, with JSON reports (gpsd_json(5), `?WATCH`:
    /// `enable` turns watching on, `json` asks for JSON rather than NMEA).
    public static let watchCommand = #"?WATCH={"enable":true,"json":true};"# + "\n"
    /// A connection not made in this long is given up: 5 s. gpsd on the same machine or the
    /// same network answers within milliseconds; without a limit a dropped SYN would keep the
    /// client connecting for about two minutes (Linux's default `tcp_syn_retries` of 6).
    public static let connectTimeout: Duration = .seconds(5)
    /// Bytes asked for per `read`: 64 KiB.
    public static let readChunkBytes = 64 * 1024
    /// At most this many `read`s per ``readAvailable(at:)`` (1 MiB), so that a flood from gpsd
    /// cannot hold up the timer; the rest is read on the next call.
    public static let mostReadsPerCall = 16

    /// The addresses tried, in order.
    public let addresses: [SocketAddress]
    /// The reconnect waits.
    public let backoff: ReconnectBackoff
    /// Where the connection stands.
    public private(set) var state: GPSDConnectionState = .disconnected(reason: .notStarted)
    /// The socket to watch in `poll(2)` while ``state`` is connecting or watching; `nil` when
    /// disconnected.
    public private(set) var fileDescriptor: FileDescriptor?
    /// Connections that failed in a row (reset by the first report on a connection).
    public private(set) var failuresInARow = 0

    private var lines: GPSDLineBuffer
    private var pendingOutput: [UInt8] = []
    private var nextAttemptAt: Duration?
    private var connectStartedAt: Duration = .zero
    private var addressIndex = 0
    private var hasReport = false

    /// A client for `addresses`, not yet connected (call ``connect(at:)``).
    /// - Parameters:
    ///   - addresses: where gpsd may listen (``SocketAddress/resolve(host:port:)``); tried in
    ///     order on each attempt. None: every attempt fails at once.
    ///   - backoff: the reconnect waits (default 1 s doubling to 30 s).
    ///   - maximumLineBytes: the longest report line kept (default 64 KiB).
    public init(addresses: [SocketAddress], backoff: ReconnectBackoff = ReconnectBackoff(),
                maximumLineBytes: Int = 64 * 1024) {
        self.addresses = addresses
        self.backoff = backoff
        self.lines = GPSDLineBuffer(maximumLineBytes: maximumLineBytes)
    }

    /// A client for `endpoint`, its host resolved now (``SocketAddress/resolve(host:port:)``:
    /// immediate for a numeric address, a resolver lookup for a name; do it before the timer
    /// starts).
    /// - Throws: ``GPSDError/unresolvedHost(host:reason:)``.
    public convenience init(endpoint: GPSDEndpoint, backoff: ReconnectBackoff = ReconnectBackoff()) throws(GPSDError) {
        let addresses: [SocketAddress]
        do {
            addresses = try SocketAddress.resolve(host: endpoint.host, port: endpoint.port)
        } catch {
            throw .unresolvedHost(host: endpoint.host, reason: error.text)
        }
        self.init(addresses: addresses, backoff: backoff)
    }

    deinit {
        if let fileDescriptor { try? fileDescriptor.close() }
    }

    /// The `poll(2)` events to watch ``fileDescriptor`` for: `POLLOUT` while connecting (the
    /// connection is made when it becomes writable), `POLLIN` while watching (and `POLLOUT`
    /// too while the watch command is not all sent); 0 when disconnected.
    public var pollEvents: Int16 {
        switch state {
        case .connecting: Int16(POLLOUT)
        case .watching: pendingOutput.isEmpty ? Int16(POLLIN) : Int16(POLLIN | POLLOUT)
        case .disconnected: 0
        }
    }

    // MARK: Connecting

    /// Starts a connection attempt now (closing any connection there is), from the first address.
    /// - Parameter now: the current instant.
    public func connect(at now: Duration) {
        closeSocket()
        nextAttemptAt = nil
        addressIndex = 0
        startAttempt(at: now)
    }

    /// When ``reconnectIfDue(at:)`` next has work: the reconnect instant while disconnected,
    /// the connect timeout while connecting; `nil` while watching (or before ``connect(at:)``).
    /// For the run loop's deadline.
    /// - Parameter now: the current instant (a due instant in the past is returned as it is).
    public func nextAttempt(after now: Duration) -> Duration? {
        switch state {
        case .connecting: connectStartedAt + Self.connectTimeout
        case .watching: nil
        case .disconnected: nextAttemptAt
        }
    }

    /// Reconnects when disconnected and the backoff has passed, and gives up a connection that
    /// took longer than ``connectTimeout`` (going on to the next address, or disconnecting).
    /// - Parameter now: the current instant.
    /// - Returns: `true` when it started a connection attempt.
    @discardableResult
    public func reconnectIfDue(at now: Duration) -> Bool {
        switch state {
        case .connecting:
            guard now - connectStartedAt >= Self.connectTimeout else { return false }
            let address = addresses[addressIndex].description
            failAddress(reason: .timedOut(address: address), at: now)
            return state == .connecting
        case .watching:
            return false
        case .disconnected:
            guard let due = nextAttemptAt, now >= due else { return false }
            connect(at: now)
            return true
        }
    }

    /// Tries addresses from ``addressIndex`` on until one connects or is connecting.
    private func startAttempt(at now: Duration) {
        var lastReason = GPSDDisconnectReason.notStarted
        while addressIndex < addresses.count {
            let address = addresses[addressIndex]
            do {
                let socket = try FileDescriptor.streamSocket(family: address.family)
                fileDescriptor = socket
                connectStartedAt = now
                if try socket.connect(to: address) {
                    startWatching()
                } else {
                    state = .connecting
                }
                return
            } catch {
                closeSocket()
                lastReason = .connectFailed(address: address.description, error: error)
                addressIndex += 1
            }
        }
        disconnect(reason: addresses.isEmpty ? .connectFailed(address: "no address",
            error: SystemCallError(function: "connect", errno: EDESTADDRREQ)) : lastReason, at: now)
    }

    /// The connection to the current address failed: try the next one, or disconnect.
    private func failAddress(reason: GPSDDisconnectReason, at now: Duration) {
        closeSocket()
        addressIndex += 1
        if addressIndex < addresses.count {
            startAttempt(at: now)
        } else {
            disconnect(reason: reason, at: now)
        }
    }

    /// Connected: queue the watch command.
    private func startWatching() {
        state = .watching
        hasReport = false
        lines.reset()
        pendingOutput = Array(Self.watchCommand.utf8)
    }

    /// Ends the connection for `reason` and schedules the next attempt after the backoff.
    private func disconnect(reason: GPSDDisconnectReason, at now: Duration) {
        closeSocket()
        failuresInARow += 1
        nextAttemptAt = now + backoff.delay(afterFailures: failuresInARow)
        state = .disconnected(reason: reason)
    }

    /// Closes the socket, if any.
    private func closeSocket() {
        if let fileDescriptor { try? fileDescriptor.close() }
        fileDescriptor = nil
        pendingOutput = []
    }

    /// Closes the connection and stops reconnecting (until ``connect(at:)``).
    public func close() {
        closeSocket()
        nextAttemptAt = nil
        state = .disconnected(reason: .notStarted)
    }

    // MARK: Reading

    /// Does what the socket allows now, without blocking: completes a connection in progress
    /// (then sends the watch command), sends what is left of it, and reads and decodes every
    /// complete report line there is (at most ``mostReadsPerCall`` reads).
    ///
    /// gpsd closing the connection, or a read or send error, disconnects (see
    /// ``GPSDConnectionState``); the reports read before that are still returned.
    /// - Parameter now: the current instant (for the backoff when it disconnects).
    /// - Returns: the reports and warnings; empty when nothing was there.
    public func readAvailable(at now: Duration) -> GPSDRead {
        var read = GPSDRead()
        if state == .connecting { finishConnecting(at: now) }
        guard state == .watching, let socket = fileDescriptor else { return read }
        if !pendingOutput.isEmpty {
            do {
                let sent = try socket.send(pendingOutput)
                pendingOutput.removeFirst(min(sent, pendingOutput.count))
            } catch where error.errno == EAGAIN || error.errno == EWOULDBLOCK {
                // Full: sent on a later call.
            } catch {
                disconnect(reason: .failed(error), at: now)
                return read
            }
        }
        for _ in 0..<Self.mostReadsPerCall {
            let bytes: [UInt8]
            do {
                bytes = try socket.read(upToCount: Self.readChunkBytes)
            } catch where error.errno == EAGAIN || error.errno == EWOULDBLOCK {
                break
            } catch {
                disconnect(reason: .failed(error), at: now)
                break
            }
            if bytes.isEmpty {
                disconnect(reason: .closedByServer, at: now)
                break
            }
            let framed = lines.append(bytes)
            read.warnings += framed.warnings
            for line in framed.lines {
                let decoded = GPSDReport.decode(line)
                read.warnings += decoded.warnings
                if let report = decoded.report { read.reports.append(report) }
            }
            if !read.reports.isEmpty && !hasReport {
                hasReport = true
                failuresInARow = 0
            }
            if bytes.count < Self.readChunkBytes { break }  // drained: the next read would say EAGAIN
        }
        return read
    }

    /// A connect in progress: writable means done; `SO_ERROR` says how it went.
    private func finishConnecting(at now: Duration) {
        guard let socket = fileDescriptor else { return }
        var entries = [pollfd(fd: socket.rawValue, events: Int16(POLLOUT), revents: 0)]
        do {
            guard try Poll.wait(&entries, timeout: .zero) > 0 else {
                if now - connectStartedAt >= Self.connectTimeout {
                    failAddress(reason: .timedOut(address: addresses[addressIndex].description), at: now)
                }
                return
            }
            let code = try socket.pendingSocketError()
            if code == 0 {
                startWatching()
            } else {
                failAddress(reason: .connectFailed(address: addresses[addressIndex].description,
                                                   error: SystemCallError(function: "connect", errno: code)), at: now)
            }
        } catch {
            failAddress(reason: .connectFailed(address: addresses[addressIndex].description, error: error), at: now)
        }
    }
}
