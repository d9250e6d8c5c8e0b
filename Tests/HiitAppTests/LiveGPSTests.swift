import Foundation
import GPSD
import POSIX
import SessionEngine
import Testing
import TestSupport
import Tracks
import WorkoutModel
#if canImport(Glibc)
import Glibc
#endif
@testable import HiitApp

/// ``LiveGPS`` against a gpsd stand-in on a local socket: the real client, the real session,
/// instants given by the test (one fix a second), so what the screen, the plain lines and the
/// event lines say is checked second by second without waiting for it.
@Suite("live GPS of a run")
struct LiveGPSTests {
    /// Metres per degree of latitude on hiit's sphere.
    static let metersPerDegree = 2 * Double.pi * TrackThresholds.earthRadiusMeters / 360

    /// A TPV report `second` seconds after 12:00 UTC, `meters` north of 48° N 11° E.
    static func tpv(second: Int, meters: Double, mode: Int = 3, eph: Double = 4) -> String {
        let latitude = 48 + meters / metersPerDegree
        let time = String(format: "2026-12-03T12:%02d:%02d.000Z", second / 60, second % 60)
        return #"{"class":"TPV","device":"/dev/ttyUSB0","mode":\#(mode),"time":"\#(time)","lat":\#(latitude),"lon":11.0,"eph":\#(eph)}"#
    }

    /// A one-leg plan of `sport` (`hiit run --track`), started at zero.
    static func trackSession(_ sport: Sport) -> MultisportSession {
        var session = MultisportSession(mode: .plan(MultisportPlan(name: "Track", legs: [Leg(sport: sport)])))
        _ = session.handle(.start, at: .zero)
        return session
    }

    /// A connected stand-in and a live GPS watching it.
    final class Rig {
        let server: LocalServer
        let connection: FileDescriptor
        let gps: LiveGPS
        var notes: [RunNote] = []

        init(autoLapMeters: Double? = nil, autoPause: Bool = false, units: WorkoutModel.Profile.Units = .metric) throws {
            server = try LocalServer()
            gps = LiveGPS(client: GPSDClient(addresses: [server.address]), endpoint: "127.0.0.1:\(server.address.port)",
                          units: units, autoLapMeters: autoLapMeters, autoPause: autoPause)
            notes += gps.begin(at: .zero, wallOrigin: Date(timeIntervalSince1970: 1_796_000_000))
            connection = try server.accept()
        }

        /// Sends `lines` and serves the GPS at `instant` until it has read them (at most about
        /// 2 s of polling: a bound, not a timing assertion).
        @discardableResult
        func feed(_ lines: [String], session: MultisportSession, at instant: Duration) throws
            -> RunAccessoryWork<MultisportSession.Event> {
            if !lines.isEmpty { _ = try connection.send(Array(lines.map { $0 + "\n" }.joined().utf8)) }
            var total = RunAccessoryWork<MultisportSession.Event>()
            for attempt in 0..<200 {
                var entries = gps.watched.map { pollfd(fd: $0.fd, events: $0.events, revents: 0) }
                _ = try Poll.wait(&entries, timeout: .milliseconds(10))
                let work = gps.service(ready: entries.filter { $0.revents != 0 }.map(\.fd), session: session, at: instant)
                total.events += work.events
                total.notes += work.notes
                let read = total.notes.compactMap(\.line).filter { $0.event == "gps" && $0.fix != "connected" && $0.message == nil }.count
                if lines.isEmpty ? attempt >= 20 : read >= lines.count { break }
            }
            notes += total.notes
            return total
        }

        func close() {
            gps.end()
            try? connection.close()
            server.close()
        }
    }

    @Test("a run's distance, pace and fix state second by second, and the event lines")
    func runDistanceAndPace() throws {
        let rig = try Rig()
        defer { rig.close() }
        let session = Self.trackSession(.running)
        try rig.feed([], session: session, at: .milliseconds(10))
        #expect(rig.notes.compactMap(\.text).contains("GPS: connected to gpsd at 127.0.0.1:\(rig.server.address.port)"))
        #expect(rig.gps.screenLine(session: session, at: .milliseconds(10)) == "0.00 km · no fix")
        // 3 m/s due north for 60 s: 180 m, a pace of 5:33 /km.
        for second in 0...60 {
            try rig.feed([Self.tpv(second: second, meters: 3 * Double(second))], session: session, at: .seconds(second))
        }
        let distance = try #require(rig.gps.distanceMeters(ofLeg: 0))
        #expect(abs(distance - 180) < 0.01, "\(distance)")
        #expect(rig.gps.screenLine(session: session, at: .seconds(60)) == "0.18 km · 5:33 /km · avg 5:33 /km · GPS 3D ±4 m")
        let lines = rig.notes.compactMap(\.line).filter { $0.event == "gps" && $0.verdict != nil }
        #expect(lines.count == 61)
        #expect(lines.last?.accepted == 61)
        #expect(lines.last?.dropped == 0)
        #expect(lines.last?.fix == "3d")
        #expect(lines.last?.errorMeters == 4)
        #expect(lines.last.flatMap(\.distanceMeters).map { abs($0 - 180) < 0.01 } == true)
        #expect(rig.notes.compactMap(\.text).contains("GPS 3D ±4 m"), "plain output says the state once it changes")

        // Five seconds without a fix good enough: lost, counting.
        #expect(rig.gps.fixState(at: .seconds(64)) == "GPS 3D ±4 m")
        #expect(rig.gps.fixState(at: .seconds(72)) == "GPS lost 0:12")
        // Plain output draws nothing by itself: the loop is woken when the fix turns lost, once.
        #expect(rig.gps.nextDeadline(after: .seconds(61)) == .seconds(65))
        try rig.feed([], session: session, at: .seconds(65))
        #expect(rig.notes.compactMap(\.text).last == "GPS lost")
        #expect(rig.notes.compactMap(\.line).last?.fix == "lost", "--events sees the loss too")
        #expect(rig.gps.nextDeadline(after: .seconds(65)) == nil)
        #expect(rig.gps.screenLine(session: session, at: .seconds(72)) == "0.18 km · avg 5:33 /km · GPS lost 0:12",
                "no stale current pace while lost")
        try rig.feed([Self.tpv(second: 73, meters: 219)], session: session, at: .seconds(73))
        #expect(rig.notes.compactMap(\.line).contains { $0.fix == "found" })
        let tracks = rig.gps.legTracks()
        #expect(tracks.map(\.leg) == [0])
        #expect(tracks.first?.points.count == 62, "61 fixes, and the one after the loss")
        #expect(tracks.first?.points.last?.time == Date(timeIntervalSince1970: 1_796_000_073),
                "points are dated on the session's clock")
    }

    @Test("fixes worse than 20 m, without a fix, or repeated are dropped and counted; a swim records none")
    func droppedFixes() throws {
        let rig = try Rig()
        defer { rig.close() }
        let session = Self.trackSession(.running)
        try rig.feed([Self.tpv(second: 0, meters: 0)], session: session, at: .seconds(0))
        try rig.feed([Self.tpv(second: 1, meters: 3, eph: 50)], session: session, at: .seconds(1))
        try rig.feed([Self.tpv(second: 2, meters: 6, mode: 1)], session: session, at: .seconds(2))
        try rig.feed([Self.tpv(second: 2, meters: 6)], session: session, at: .seconds(3))
        try rig.feed([Self.tpv(second: 2, meters: 6)], session: session, at: .seconds(4))
        let verdicts = rig.notes.compactMap(\.line).compactMap(\.verdict)
        #expect(verdicts == ["accepted", "inaccurate", "noFix", "accepted", "notNewer"])
        #expect(rig.notes.compactMap(\.line).last?.dropped == 3)
        #expect(rig.gps.fixState(at: .seconds(4)) == "GPS 3D ±4 m")

        let swim = Self.trackSession(.swimming)
        try rig.feed([Self.tpv(second: 10, meters: 30)], session: swim, at: .seconds(10))
        #expect(rig.gps.screenLine(session: swim, at: .seconds(10)) == "GPS 3D ±4 m", "a swim shows the state alone")
        #expect(rig.notes.compactMap(\.line).last?.verdict == nil)
    }

    @Test("auto-laps every kilometre are said with their time; a ride auto-pauses the session and resumes it")
    func autoLapAndAutoPause() throws {
        let rig = try Rig(autoLapMeters: 1000, autoPause: true)
        defer { rig.close() }
        var session = Self.trackSession(.cycling)
        var meters = 0.0
        var events: [MultisportSession.Event] = []
        // 10 m/s for 150 s (1.5 km), then 20 s standing, then 60 s moving again (2.1 km).
        for second in 0...230 {
            if second <= 150 || second > 170 { meters += second == 0 ? 0 : 10 }
            let work = try rig.feed([Self.tpv(second: second, meters: meters)], session: session, at: .seconds(second))
            for event in work.events {
                events.append(event)
                _ = session.handle(event, at: .seconds(second))
            }
        }
        #expect(rig.notes.compactMap(\.text).contains("Lap 1 · 1 km in 1:40"), "\(rig.notes.compactMap(\.text))")
        let laps = rig.notes.compactMap(\.line).filter { $0.event == "autoLap" }
        #expect(laps.map(\.number) == [1, 2])
        #expect(laps.last.flatMap(\.durationSeconds).map { $0 < 105 } == true, "lap 2 leaves the pause out: \(laps)")
        #expect(events == [.pause, .resume])
        #expect(rig.notes.compactMap(\.text).contains("Auto-paused: stopped"))
        #expect(session.results(at: .seconds(230)).first.map { $0.timer < $0.elapsed } == true, "the pause stopped the timer")
    }

    @Test("undoing a leg change gives its fixes back to the leg that runs again")
    func undoMergesFixes() throws {
        let rig = try Rig()
        defer { rig.close() }
        var session = MultisportSession(mode: .plan(MultisportPlan(name: "Duathlon", legs: [
            Leg(sport: .running), Leg(sport: .cycling),
        ])))
        _ = session.handle(.start, at: .zero)
        for second in 0...10 {
            try rig.feed([Self.tpv(second: second, meters: 3 * Double(second))], session: session, at: .seconds(second))
        }
        _ = session.handle(.next, at: .seconds(10) + .milliseconds(500))
        for second in 11...14 {
            try rig.feed([Self.tpv(second: second, meters: 3 * Double(second))], session: session, at: .seconds(second))
        }
        #expect(rig.gps.distanceMeters(ofLeg: 1) != nil)
        _ = session.handle(.undo, at: .seconds(14) + .milliseconds(500))
        try rig.feed([Self.tpv(second: 15, meters: 45)], session: session, at: .seconds(15))
        #expect(rig.gps.distanceMeters(ofLeg: 1) == nil)
        let run = try #require(rig.gps.distanceMeters(ofLeg: 0))
        #expect(abs(run - 45) < 0.01, "the run has all 15 s: \(run)")
    }

    @Test("no gpsd: said once, and the screen says so; gpsd going away is said once too")
    func noGPSD() throws {
        // A port nothing listens on: the listener is closed before the client connects.
        let closed = try LocalServer()
        let address = closed.address
        closed.close()
        let gps = LiveGPS(client: GPSDClient(addresses: [address]), endpoint: "127.0.0.1:\(address.port)", units: .metric)
        var notes = gps.begin(at: .zero, wallOrigin: Date(timeIntervalSince1970: 1_796_000_000))
        let session = Self.trackSession(.running)
        for second in 0..<5 {
            var entries = gps.watched.map { pollfd(fd: $0.fd, events: $0.events, revents: 0) }
            _ = try Poll.wait(&entries, timeout: .milliseconds(50))
            notes += gps.service(ready: entries.filter { $0.revents != 0 }.map(\.fd), session: session, at: .seconds(second)).notes
        }
        let said = notes.compactMap(\.text).filter { $0.hasPrefix("No GPS") }
        #expect(said.count == 1, "\(notes)")
        #expect(said.first?.contains("the session runs on with time only") == true)
        #expect(notes.compactMap(\.line).first { $0.fix == "nogpsd" } != nil)
        #expect(gps.screenLine(session: session, at: .seconds(5)) == "0.00 km · no gpsd")
        #expect(!notes.compactMap(\.text).contains("no gpsd"), "the outage is said once, not again as a state")
        gps.end()

        let rig = try Rig()
        defer { rig.close() }
        try rig.feed([Self.tpv(second: 0, meters: 0)], session: session, at: .seconds(0))
        // The watch command read, so that closing sends an end of file, not a reset.
        #expect(try LocalServer.readLine(rig.connection) == GPSDClient.watchCommand)
        try? rig.connection.close()
        for second in 1...3 { try rig.feed([], session: session, at: .seconds(second)) }
        let lost = rig.notes.compactMap(\.text).filter { $0.hasPrefix("GPS lost:") }
        #expect(lost == ["GPS lost: gpsd closed the connection; the session runs on with time only (hiit keeps trying)"])
    }
}
