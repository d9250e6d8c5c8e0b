import CommandLineKit
import Foundation
import GPSD
import POSIX
import Tracks

/// `hiit gps [HOST:PORT] [--seconds N]` (#15): checks that hiit sees a GPS through gpsd, as a
/// set-up step: connects, asks gpsd to watch, and prints what it reports (the version, the
/// devices, each second's fix) until a fix good enough to record, or until N seconds pass.
struct GPSCommand: Command {
    static let configuration = CommandConfiguration(
        path: ["gps"], abstract: "Check that hiit sees your GPS through gpsd: print its fixes until one is good enough to record.",
        discussion: "Connects to gpsd (HOST:PORT, default 127.0.0.1:2947, or GPSD_HOST and GPSD_PORT), asks it to watch (?WATCH={\"enable\":true,\"json\":true}), and prints gpsd's version, its devices and the state of each fix (no fix, GPS 2D ±12 m, GPS 3D ±4 m with the position and speed) until a fix hiit records (2-D or 3-D, horizontal error at most 20 m) or --seconds pass. Exit status 0 with a fix good enough; 74 when gpsd cannot be reached or gave none in time, with the reason.")

    /// Where gpsd listens, as typed.
    @Argument("HOST:PORT", help: "Where gpsd listens (HOST, HOST:PORT, [IPv6]:PORT); default GPSD_HOST and GPSD_PORT, else 127.0.0.1:2947.")
    var endpointText: String?
    /// `--seconds N`: how long to wait for a good fix.
    @Option("seconds", valueName: "n", help: "How long to wait for a fix good enough to record (1–3600 s, default 30).",
            as: .wholeNumber(range: 1...3600, unit: "seconds"))
    var seconds: Int?

    /// The default wait for a good fix: 30 s, about what a receiver with a clear sky needs
    /// from a warm start.
    static let defaultSeconds = 30

    func run(_ context: CommandContext) throws -> Int32 {
        let console = context.console
        let (endpoint, client) = try Self.client(for: endpointText, environment: context.environment)
        defer { client.close() }
        console.out("gpsd: \(endpoint)")
        let clock = ContinuousClock()
        let origin = clock.now
        var now: Duration { clock.now - origin }
        let limit = Duration.seconds(seconds ?? Self.defaultSeconds)
        let filter = FixFilter()
        var lastState: String?
        var lastShown = Duration.seconds(-1)
        var devices: [String: Bool] = [:]
        client.connect(at: now)
        while now < limit {
            if case let .disconnected(reason) = client.state {
                throw CommandFailure.io("\(reason)\(Self.setUpHint(reason))")
            }
            if let descriptor = client.fileDescriptor {
                var entries = [pollfd(fd: descriptor.rawValue, events: client.pollEvents, revents: 0)]
                do {
                    _ = try Poll.wait(&entries, timeout: min(.milliseconds(250), limit - now))
                } catch {
                    throw CommandFailure.io("\(error)")
                }
            }
            client.reconnectIfDue(at: now)
            let read = client.readAvailable(at: now)
            for warning in read.warnings { console.err("Note: gpsd: \(warning)") }
            for report in read.reports {
                switch report {
                case let .version(release, major, minor):
                    console.out("Connected: gpsd \(release) (protocol \(major).\(minor))")
                case let .devices(paths):
                    console.out(paths.isEmpty ? "Devices: none yet" : "Devices: \(paths.joined(separator: ", "))")
                case let .device(path, isActive):
                    // gpsd tells a device's state again with each change of its settings.
                    if devices[path] != isActive { console.out("Device \(path): \(isActive ? "active" : "gone")") }
                    devices[path] = isActive
                case let .error(message):
                    console.err("Note: gpsd says: \(message)")
                case let .tpv(report):
                    let fix = report.fix(fallbackTime: Date())
                    let state = GPSText.fixState(report)
                    if filter.verdict(on: fix) == .accepted {
                        console.out("\(Format.clock(now.inSeconds))  \(GPSText.describe(report))")
                        console.out("A fix good enough to record: \(state) (hiit records 2-D and 3-D fixes whose error is at most \(Int(filter.maximumHorizontalErrorMeters)) m, or not given).")
                        return ExitStatus.success
                    }
                    // One line a second at most, and whenever the state changes.
                    if state != lastState || now - lastShown >= .seconds(1) {
                        console.out("\(Format.clock(now.inSeconds))  \(GPSText.describe(report))")
                        lastState = state
                        lastShown = now
                    }
                case .watch, .sky, .other:
                    break
                }
            }
        }
        throw CommandFailure.io("no fix good enough to record in \(seconds ?? Self.defaultSeconds) s"
            + (lastState.map { " (the last: \($0))" } ?? " (gpsd reported none: is the receiver plugged in and given to gpsd?)")
            + "; outdoors with a clear view of the sky a receiver needs from a few seconds to a minute")
    }

    /// A client of the gpsd at `text` (HOST, HOST:PORT, [IPv6]:PORT), else `GPSD_HOST` and
    /// `GPSD_PORT`, else 127.0.0.1:2947, its host resolved now; not connected yet.
    /// - Parameters:
    ///   - text: the address as typed, or `nil`.
    ///   - environment: the process's environment (for `GPSD_HOST`, `GPSD_PORT`).
    /// - Returns: the endpoint and the client.
    /// - Throws: ``CommandFailure`` (64) for an address that does not parse, (74) for a host
    ///   that cannot be resolved.
    static func client(for text: String?, environment: [String: String]) throws -> (GPSDEndpoint, GPSDClient) {
        let endpoint: GPSDEndpoint
        do {
            endpoint = try GPSDEndpoint(parsing: text, environmentHost: environment["GPSD_HOST"],
                                        environmentPort: environment["GPSD_PORT"])
        } catch {
            throw CommandFailure.usage("\(error)")
        }
        do {
            return (endpoint, try GPSDClient(endpoint: endpoint))
        } catch {
            throw CommandFailure.io("\(error)")
        }
    }

    /// What to try when gpsd cannot be reached.
    static func setUpHint(_ reason: GPSDDisconnectReason) -> String {
        guard case .connectFailed = reason else { return "" }
        return "; is gpsd running? (Debian: apt-get install gpsd, then gpsd -N /dev/ttyUSB0 or systemctl start gpsd; see the README's \"Live GPS\")"
    }
}
