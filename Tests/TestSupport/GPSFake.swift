import Foundation
import POSIX
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

    /// A port no one listens on: bound by the kernel's choice, then released.
    /// - Throws: ``SystemCallError`` from `socket`, `bind` or `listen`.
    public static func freePort() throws -> UInt16 {
        let probe = try FileDescriptor.streamSocket(family: AF_INET)
        defer { try? probe.close() }
        return try probe.bindAndListen(to: .loopbackIPv4(port: 0)).port
    }

    /// Starts `gpsfake -1 -q -c 0.01 -P PORT LOG` (once through the log, quiet, 10 ms between
    /// sentences: 100 times real time at one epoch a second), its output into `output`, in a
    /// process group of its own so that gpsd, its child, goes with it.
    /// - Parameters:
    ///   - gpsfake: the program's path (``installed(_:)``).
    ///   - log: the NMEA log (``NMEALog``).
    ///   - output: where gpsfake's own messages go.
    /// - Throws: ``SystemCallError`` when the port cannot be found or the process started.
    public init(gpsfake: String, log: URL, output: URL) throws {
        port = try Self.freePort()
        let command = "exec '\(gpsfake)' -1 -q -c 0.01 -P \(port) '\(log.path)' >'\(output.path)' 2>&1"
        let environment = ["PATH=" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin") + ":/usr/sbin:/sbin"]
        child = try SpawnedProcess.spawn("/bin/sh", arguments: ["sh", "-c", command], environment: environment,
                                         inNewProcessGroup: true)
    }

    /// Kills gpsfake and gpsd (the whole group) and waits for gpsfake; again does nothing.
    public func stop() {
        try? child.signal(SIGKILL, wholeGroup: true)
        _ = try? child.wait()
    }

    deinit { stop() }
}
