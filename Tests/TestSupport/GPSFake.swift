import Foundation
import POSIX
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// gpsfake (Debian `gpsd-clients`) replaying an NMEA log through a real gpsd on a free port of
/// the loopback address, for the tests of live GPS; ``stop()`` (or the end of the test) kills
/// gpsfake and the gpsd it started, as one process group.
public final class GPSFake {
    /// The port gpsd listens on.
    public let port: UInt16
    private let child: SpawnedProcess

    /// The ports ``freePort()`` has handed out in this process, counted from a start that
    /// depends on the process id.
    private static let handedOut = Mutex<Int>(Int(getpid()) % 10_000)

    /// A port no one listens on, handed out once in this process: tried with a `bind` and
    /// released. Taken from 12000–31999, below the kernel's range for the ports of connecting
    /// sockets (`ip_local_port_range`, 32768–60999 by default), so that neither another test's
    /// port nor a connection made between this probe and gpsd's own `bind` can take it (the
    /// kernel's own choice of a free port, which these tests used before, could give two
    /// tests running together the same one).
    /// - Throws: ``SystemCallError`` from `socket`, or from `bind` when 200 ports in a row are
    ///   taken.
    public static func freePort() throws -> UInt16 {
        var attempt = 0
        while true {
            attempt += 1
            let candidate = handedOut.withLock { count -> UInt16 in
                count += 1
                return UInt16(12_000 + count % 20_000)
            }
            let probe = try FileDescriptor.streamSocket(family: AF_INET)
            defer { try? probe.close() }
            do {
                _ = try probe.bindAndListen(to: .loopbackIPv4(port: candidate))
                return candidate
            } catch {
                if attempt >= 200 { throw error }
            }
        }
    }

    /// Starts `gpsfake -1 -q -c CYCLE -P PORT LOG` (once through the log, quiet, `cycle` seconds
    /// between sentences), its output into `output`, in a process group of its own so that
    /// gpsd, its child, goes with it.
    ///
    /// The default cycle, 10 ms, replays a log of one epoch (RMC and GGA) a second at 100 times
    /// real time: enough for a client that only looks at the fixes. A client that measures
    /// pace by the instants it reads the fixes (`hiit run --gps`) needs real time: 0.5 s for
    /// two sentences an epoch (gpsfake's pty makes it a little slower still).
    /// - Parameters:
    ///   - gpsfake: the program's path (``installed(_:)``).
    ///   - log: the NMEA log (``NMEALog``).
    ///   - output: where gpsfake's own messages go.
    ///   - cycle: the seconds between sentences (default 0.01).
    /// - Throws: ``SystemCallError`` when the port cannot be found or the process started.
    public init(gpsfake: String, log: URL, output: URL, cycle: Double = 0.01) throws {
        port = try Self.freePort()
        let command = "exec '\(gpsfake)' -1 -q -c \(cycle) -P \(port) '\(log.path)' >'\(output.path)' 2>&1"
        let environment = ["PATH=" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin") + ":/usr/sbin:/sbin"]
        child = try SpawnedProcess.spawn("/bin/sh", arguments: ["sh", "-c", command], environment: environment,
                                         inNewProcessGroup: true)
    }

    /// Waits until gpsd accepts a connection on ``port`` (it takes a moment to start), trying
    /// every 20 ms; each probe is closed at once without a `?WATCH`, so gpsd does not open the
    /// log's pty for it.
    /// - Parameter timeout: how long to try (default 10 s).
    /// - Returns: whether gpsd listened in time.
    public func waitUntilListening(timeout: Duration = .seconds(10)) -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while clock.now < deadline {
            if let probe = try? FileDescriptor.streamSocket(family: AF_INET) {
                defer { try? probe.close() }
                var connected = (try? probe.connect(to: .loopbackIPv4(port: port))) ?? false
                if !connected {
                    var entries = [pollfd(fd: probe.rawValue, events: Int16(POLLOUT), revents: 0)]
                    if (try? Poll.wait(&entries, timeout: .milliseconds(200))) ?? 0 > 0 {
                        connected = (try? probe.pendingSocketError()) == 0
                    }
                }
                if connected { return true }
            }
            usleep(20_000)
        }
        return false
    }

    /// Kills gpsfake and gpsd (the whole group) and waits for gpsfake; again does nothing.
    public func stop() {
        try? child.signal(SIGKILL, wholeGroup: true)
        _ = try? child.wait()
    }

    deinit { stop() }
}
