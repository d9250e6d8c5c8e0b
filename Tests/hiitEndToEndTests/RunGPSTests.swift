import Foundation
import POSIX
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `hiit run --gps` and `hiit run --track SPORT` (#15, DESIGN §8 "Live GPS"), run as a person
/// would: against the real gpsd that gpsfake starts, replaying an NMEA log in real time (hiit
/// measures pace and rejects jumps by the instants it reads the fixes); against no gpsd; and
/// against a "gpsd" that accepts the connection and never says anything.
///
/// The logs are short (about 20 s of fixes after a few seconds without one) and the runs go
/// in parallel. Distances are asserted against what the log itself says (3.0 m/s due north,
/// one epoch a second), never against a clock; gpsfake's pty replays a little slower than real
/// time, so the pace is asserted within a band.
@Suite("End to end: hiit run with live GPS")
struct RunGPSTests {
    /// Whether gpsfake and gpsd are installed (Debian `gpsd-clients`, `gpsd`); without them the
    /// tests that need them are reported skipped.
    static let hasGPSFake = installed("gpsfake") != nil && installed("gpsd") != nil
    static let noGPSFake: Comment = "gpsfake or gpsd is not installed (gpsd-clients, gpsd)"

    /// The log's speed, m/s.
    static let speed = 3.0
    /// gpsd 3.22's eph for the log's HDOP 0.9, metres.
    static let goodErrorMeters = 17.1
    /// Metres of latitude per degree on hiit's sphere (the log is laid out on it).
    static let metersPerDegree = 2 * Double.pi * 6_371_008.8 / 360

    // MARK: A run through gpsd

    @Test("--track running --events through gpsd: connected, the lead-in dropped as no fix, the fixes accepted with rising distance, the log's length at the end; stored as an imported activity with its FIT original, shown and exported as one",
          .enabled(if: hasGPSFake, noGPSFake), .timeLimit(.minutes(2)))
    func trackedRunThroughGPSD() async throws {
        let box = try E2ESandbox.forHistory()
        // 4 s without a fix while hiit connects, then 21 epochs: 20 s at 3.0 m/s, 60 m.
        let seconds = 20
        let fake = try Self.replay(NMEALog.straightLine(seconds: seconds, speed: Self.speed, leadIn: 8), in: box)
        defer { fake.stop() }
        let hiit = try box.start(["run", "--track", "running", "--events", "--gpsd", "127.0.0.1:\(fake.port)", "--weight", "70"])
        defer { hiit.stop() }
        let logMeters = Self.speed * Double(seconds)
        try await onOwnThread {
            try hiit.waitForGPSEvent("the connection to gpsd") { $0.event == "gps" && $0.fix == "connected" }
            try Self.waitForTheLogsEnd(hiit, meters: logMeters, box: box)
            try hiit.send("finish")
            try hiit.waitForEvent("saved") { $0.event == "saved" }
        }
        #expect(try await hiit.waitForExit().status == 0, "\(hiit.transcript)")
        let events = try hiit.gpsEvents()

        let connected = try #require(events.first { $0.event == "gps" })
        #expect(connected.fix == "connected" && connected.message == "gpsd at 127.0.0.1:\(fake.port)", "\(hiit.transcript)")
        #expect(!events.contains { $0.fix == "nogpsd" || $0.fix == "gpsdlost" }, "gpsd was there all along: \(hiit.transcript)")

        let fixes = events.filter { $0.event == "gps" && $0.verdict != nil }
        try Self.expectCountsAddUp(fixes, hiit.transcript)
        let firstAccepted = try #require(fixes.firstIndex { $0.verdict == "accepted" }, "\(hiit.transcript)")
        let leadIn = fixes[..<firstAccepted]
        #expect(!leadIn.isEmpty && leadIn.allSatisfy { $0.verdict == "noFix" && $0.fix == "none" && $0.distanceMeters == 0 },
                "the lead-in's reports without a fix, each dropped: \(hiit.transcript)")
        let accepted = fixes.filter { $0.verdict == "accepted" }
        #expect(accepted.allSatisfy { $0.leg == 0 && ($0.errorMeters ?? 0) <= 20 })
        #expect(zip(accepted, accepted.dropFirst()).allSatisfy { $1.distanceMeters! > $0.distanceMeters! + 2.5 },
                "each accepted fix a little under 3 m further: \(hiit.transcript)")
        #expect(fixes.dropFirst(firstAccepted).allSatisfy { $0.verdict == "accepted" || $0.verdict == "notNewer" },
                "after the lead-in only repeats of an epoch are dropped: \(hiit.transcript)")

        // The end: the log's length, from the fixes hiit kept (3 m for each second between them).
        let last = try #require(fixes.last)
        let meters = try #require(last.distanceMeters)
        let kept = try #require(last.accepted)
        #expect(kept >= seconds - 1 && kept <= seconds + 1, "nearly every epoch of the log: \(hiit.transcript)")
        #expect(abs(meters - Self.speed * Double(kept - 1)) < 1.5, "\(meters) m from \(kept) fixes a second apart")
        #expect(abs(meters - logMeters) < 4, "the log is \(logMeters) m long; hiit measured \(meters) m")
        let speed = try #require(last.speedMetersPerSecond)
        #expect(speed > 2.6 && speed < 3.1, "the current speed near the log's 3.0 m/s: \(speed)")

        let tail = events.drop { $0.event != "finish" }.map(\.event)
        #expect(tail == ["finish", "results", "saved"], "no noTrack line: there is a track: \(hiit.transcript)")
        let result = try #require(events.first { $0.event == "results" }?.legs?.first)
        #expect(result.sport == "running" && result.distanceMeters.map { abs($0 - meters) < 0.01 } == true,
                "the leg's distance is the track's: \(hiit.transcript)")
        let moving = try #require(result.movingSeconds)
        #expect(moving > Double(seconds) - 3 && moving <= result.timerSeconds, "moving from the first fix to the last: \(result)")

        // Stored as an imported activity is: source hiit/gpsd, its FIT original kept, 0600.
        let id = try #require(events.last?.id)
        let original = box.dataFolder.appendingPathComponent("activities/\(id).fit")
        #expect(FileManager.default.fileExists(atPath: original.path), "\(original.path)")
        #expect(try fileModeBits(of: original) == 0o600)

        let show = try box.run(["history", "show", String(id.prefix(8))], extraEnvironment: ["COLUMNS": "80"])
        #expect(show.status == 0, "\(show)")
        let lines = show.stdoutLines
        let shownMeters = Int(meters.rounded())
        #expect(lines.contains { $0.hasPrefix("Recorded by hiit gpsd (") && $0.hasSuffix(".fit, FIT)") }, "\(show)")
        #expect(lines.contains("Distance      \(shownMeters) m"), "\(show)")
        #expect(lines.contains { $0.hasPrefix("  \(shownMeters) m · ") && $0.contains(" /km · ") }, "the leg's distance and pace: \(show)")
        #expect(lines.contains("  Route (S start, F finish)") && lines.contains("  Elevation by distance"), "\(show)")
        #expect(!lines.contains("  Splits per kilometre"), "a run under 1 km has one split, not a table: \(show)")
        let json = try box.run(["history", "show", id, "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any], "\(json)")
        #expect(object["original"] as? String == original.path)
        let leg = try #require((object["legs"] as? [[String: Any]])?.first, "\(json)")
        let splits = try #require(leg["splits"] as? [[String: Double]], "\(json)")
        #expect(splits.count == 1 && abs((splits.first?["distanceMeters"] ?? 0) - meters) < 1.5, "one partial split: \(splits)")
        let route = try #require(leg["route"] as? [[Double]], "\(json)")
        #expect(route.count >= kept - 2 && route.count <= kept, "the route from the kept fixes: \(route.count) of \(kept)")

        // Exported as GPX: the kept fixes (one a second) on the log's line.
        let gpx = box.file("run.gpx")
        let export = try box.run(["history", "export", id, "--gpx", gpx.path])
        #expect(export.status == 0, "\(export)")
        let points = try Self.trackpoints(in: gpx)
        #expect(points.count >= kept - 2 && points.count <= kept, "\(points.count) trackpoints, \(kept) fixes kept")
        let first = try #require(points.first), end = try #require(points.last)
        #expect(abs(first.latitude - 48) < 1e-6 && points.allSatisfy { abs($0.longitude - 11) < 1e-6 }, "\(points)")
        #expect(abs((end.latitude - first.latitude) * Self.metersPerDegree - meters) < 1, "the line's length is the distance")
    }

    @Test("a ride round a loop with a stop, --auto-pause: the loop's length, paused while standing and resumed, the pause out of the timer",
          .enabled(if: installed("gpsfake") != nil && installed("gpsd") != nil, "gpsfake or gpsd is not installed (gpsd-clients, gpsd)"),
          .timeLimit(.minutes(2)))
    func loopRideWithAStop() async throws {
        let box = try E2ESandbox.forHistory()
        let (epochs, logMeters) = Self.loopWithAStop()
        let fake = try Self.replay(NMEALog.log(epochs, speed: 8, leadIn: 3), in: box)
        defer { fake.stop() }
        let hiit = try box.start(["run", "--track", "cycling", "--auto-pause", "--events", "--gpsd", "127.0.0.1:\(fake.port)",
                                  "--weight", "70"])
        defer { hiit.stop() }
        try await onOwnThread {
            try hiit.waitForGPSEvent("the connection to gpsd") { $0.event == "gps" && $0.fix == "connected" }
            try hiit.waitForGPSEvent("the auto-resume", timeout: .seconds(45)) { $0.event == "resume" }
            try Self.waitForTheLogsEnd(hiit, meters: logMeters, box: box)
            try hiit.send("finish")
            try hiit.waitForEvent("saved") { $0.event == "saved" }
        }
        #expect(try await hiit.waitForExit().status == 0, "\(hiit.transcript)")
        let events = try hiit.gpsEvents()
        let fixes = events.filter { $0.event == "gps" && $0.verdict != nil }
        try Self.expectCountsAddUp(fixes, hiit.transcript)
        let meters = try #require(fixes.last?.distanceMeters)
        #expect(abs(meters - logMeters) < 10, "the loop and the line are \(logMeters) m; hiit measured \(meters) m")
        // Paused by itself 5 s after it stopped, resumed 2 s after it moved: once each.
        let moves = events.filter { $0.event == "pause" || $0.event == "resume" }
        #expect(moves.map(\.event) == ["pause", "resume"], "\(hiit.transcript)")
        if moves.count == 2 {
            let paused = moves[1].t - moves[0].t
            #expect(paused > 1 && paused < 9, "the stop was 8 s, noticed after 5 s: \(paused) s")
        }
        let leg = try #require(events.first { $0.event == "results" }?.legs?.first)
        #expect(leg.sport == "cycling" && leg.timerSeconds > 0, "\(hiit.transcript)")
        let paused = try #require(events.first { $0.event == "results" }?.pausedSeconds)
        #expect(paused > 1, "the auto-pause is out of the timer: \(paused) s paused")
        let show = try box.run(["history", "show", String(try #require(events.last?.id).prefix(8))], extraEnvironment: ["COLUMNS": "80"])
        #expect(show.stdoutLines.contains("  Route (S start, F finish)"), "\(show)")
    }

    @Test("a tunnel: a burst of inaccurate fixes far off the line and seconds without a fix are dropped, counted, and add nothing to the distance",
          .enabled(if: hasGPSFake, noGPSFake), .timeLimit(.minutes(2)))
    func tunnelDropsItsFixes() async throws {
        let box = try E2ESandbox.forHistory()
        let seconds = 20
        let fake = try Self.replay(NMEALog.log(Self.tunnel(seconds: seconds), speed: Self.speed, leadIn: 6), in: box)
        defer { fake.stop() }
        let hiit = try box.start(["run", "--track", "running", "--events", "--gpsd", "127.0.0.1:\(fake.port)"])
        defer { hiit.stop() }
        try await onOwnThread {
            try Self.waitForTheLogsEnd(hiit, meters: Self.speed * Double(seconds), box: box)
            try hiit.send("finish")
            try hiit.waitForEvent("saved") { $0.event == "saved" }
        }
        #expect(try await hiit.waitForExit().status == 0, "\(hiit.transcript)")
        let events = try hiit.gpsEvents()
        let fixes = events.filter { $0.event == "gps" && $0.verdict != nil }
        try Self.expectCountsAddUp(fixes, hiit.transcript)
        // The tunnel: every fix between the last accepted before it and the first after it is
        // dropped and counted. gpsd 3.22 ends its cycle at the RMC, so a TPV carries the
        // previous epoch's HDOP: the burst's first fix still says ±17 m (and is dropped as a
        // 150 m jump), the first good fix after the tunnel still says ±380 m.
        let firstAccepted = try #require(fixes.firstIndex { $0.verdict == "accepted" }, "\(hiit.transcript)")
        let tunnelStart = try #require(fixes[firstAccepted...].firstIndex { $0.verdict != "accepted" && $0.verdict != "notNewer" },
                                       "\(hiit.transcript)")
        let tunnelEnd = try #require(fixes[tunnelStart...].firstIndex { $0.verdict == "accepted" }, "\(hiit.transcript)")
        let before = fixes[tunnelStart - 1], tunnel = fixes[tunnelStart..<tunnelEnd], after = fixes[tunnelEnd]
        #expect(tunnel.count >= 7, "the burst's 3 epochs and the 4 without a fix: \(hiit.transcript)")
        #expect(tunnel.allSatisfy { ["inaccurate", "implausibleJump", "noFix"].contains($0.verdict) }, "\(hiit.transcript)")
        #expect(tunnel.filter { $0.verdict == "inaccurate" }.count >= 2
                && tunnel.filter { $0.verdict == "inaccurate" }.allSatisfy { ($0.errorMeters ?? 0) > 20 },
                "dropped for their error, which the lines give: \(hiit.transcript)")
        #expect(tunnel.filter { $0.verdict == "noFix" }.count >= 3 && tunnel.filter { $0.verdict == "noFix" }.allSatisfy { $0.fix == "none" },
                "the seconds without a fix: \(hiit.transcript)")
        #expect((tunnel.last?.dropped ?? 0) - (before.dropped ?? 0) == tunnel.count, "each one counted: \(hiit.transcript)")
        #expect(tunnel.allSatisfy { $0.distanceMeters == before.distanceMeters } && tunnel.allSatisfy { $0.accepted == before.accepted },
                "nothing added in the tunnel: \(hiit.transcript)")
        let across = (after.distanceMeters ?? 0) - (before.distanceMeters ?? 0)
        #expect(across > 20 && across < 35, "the way through the tunnel counted as the straight line it is: \(across) m")

        // Seven seconds without a fix good enough: the fix is said lost once, then found again.
        let states = events.filter { $0.event == "gps" && ($0.fix == "lost" || $0.fix == "found") }.compactMap(\.fix)
        #expect(states.prefix(2) == ["lost", "found"], "\(hiit.transcript)")

        let meters = try #require(fixes.last?.distanceMeters)
        #expect(abs(meters - Self.speed * Double(seconds)) < 4, "the line's 60 m, none of the burst's 150 m sideways: \(meters)")
        let id = try #require(events.last?.id)
        let gpx = box.file("tunnel.gpx")
        #expect(try box.run(["history", "export", id, "--gpx", gpx.path]).status == 0)
        let points = try Self.trackpoints(in: gpx)
        #expect(points.count >= 10 && points.allSatisfy { abs($0.longitude - 11) < 1e-6 }, "no point of the burst in the track: \(points)")
    }

    // MARK: The screen

    @Test("on the screen (tmux, 80×24): the distance, the pace, GPS 3D ±17 m; GPS lost in a tunnel and back; f, y finishes with the summary and Saved to history",
          .enabled(if: hasGPSFake && TmuxTerminal.isInstalled, "gpsfake, gpsd or tmux is not installed"), .timeLimit(.minutes(2)))
    func screenShowsTheTrack() async throws {
        let box = try E2ESandbox.forHistory()
        let fake = try Self.replay(NMEALog.log(Self.tunnel(seconds: 16), speed: Self.speed, leadIn: 6), in: box)
        defer { fake.stop() }
        let port = fake.port
        let (moving, lost, back, question, ending) = try await onOwnThread {
            let terminal = try TmuxTerminal(sandbox: box)
            defer { terminal.close() }
            let run = try terminal.startHiit(["run", "--track", "running", "--gpsd", "127.0.0.1:\(port)", "--mute"])
            let moving = try terminal.waitForScreen("the distance, a pace and a 3-D fix", timeout: .seconds(40)) {
                Self.gpsLine($0).map { $0.contains(" km · ") && $0.contains(" /km · avg ") && $0.hasSuffix("GPS 3D ±17 m") } ?? false
            }
            let lost = try terminal.waitForScreen(containing: "GPS lost 0:0", timeout: .seconds(40))
            let back = try terminal.waitForScreen("the fix back", timeout: .seconds(40)) {
                Self.gpsLine($0).map { $0.hasSuffix("GPS 3D ±17 m") && !$0.hasPrefix("0.00 km") && !$0.contains("lost") } ?? false
            }
            try terminal.press("f")
            let question = try terminal.waitForScreen(containing: "[y/N]")
            try terminal.press("y")
            return (moving, lost, back, question, try terminal.waitForEnd(of: run))
        }
        #expect(moving.contains("Running"), "\(moving)")
        let line = try #require(Self.gpsLine(lost), "\(lost)")
        #expect(line.contains(" km · ") && line.range(of: #"GPS lost 0:0\d$"#, options: .regularExpression) != nil, "\(lost)")
        // The pace of the log's 3.0 m/s (5:33 /km), a little slower: gpsd gives the first epoch
        // half a second early (an RMC alone), and gpsfake's pty replays slower than real time.
        let pace = try #require(Self.gpsLine(back).flatMap(Self.paceSeconds), "\(back)")
        #expect(pace >= 5 * 60 + 20 && pace <= 6 * 60 + 15, "\(back)")
        #expect(question.contains("Finish"), "\(question)")
        #expect(ending.status == 0 && ending.sttyAfter == ending.sttyBefore, "\(ending.screen)")
        let rows = ending.screen.nonEmptyLines.map { $0.split(separator: " ").map(String.init) }
        #expect(rows.contains { $0 == ["#", "LEG", "TIME", "DISTANCE", "PACE", "ENERGY"] }, "\(ending.screen)")
        #expect(rows.contains { $0.prefix(2) == ["1", "Run"] && $0.contains("m") && $0.contains { $0.hasSuffix("/km") } }, "\(ending.screen)")
        #expect(ending.screen.contains("Saved to history"), "\(ending.screen)")
        #expect(!ending.screen.contains("No GPS track"), "\(ending.screen)")
    }

    // MARK: Without gpsd

    @Test("no gpsd: said once that the session runs on with time only; saved without a distance, and a noTrack line says why")
    func noGPSD() async throws {
        let box = try E2ESandbox.forHistory()
        let port = try GPSFake.freePort()
        let hiit = try box.start(["run", "--track", "running", "--events", "--gpsd", "127.0.0.1:\(port)"])
        defer { hiit.stop() }
        try await onOwnThread {
            try hiit.waitForGPSEvent("no gpsd") { $0.event == "gps" && $0.fix == "nogpsd" }
            // Past hiit's first reconnect (after 1 s), which must not say it again.
            usleep(1_500_000)
            try hiit.send("finish")
            try hiit.waitForEvent("saved") { $0.event == "saved" }
        }
        #expect(try await hiit.waitForExit().status == 0, "\(hiit.transcript)")
        let events = try hiit.gpsEvents()
        let gps = events.filter { $0.event == "gps" }
        #expect(gps.count == 1, "said once: \(hiit.transcript)")
        let message = try #require(gps.first?.message)
        #expect(message.hasPrefix("No GPS: ") && message.contains("127.0.0.1:\(port)")
                && message.hasSuffix("; the session runs on with time only (hiit keeps trying)"), "\(message)")
        let tail = events.drop { $0.event != "finish" }.map(\.event)
        #expect(tail == ["finish", "results", "noTrack", "saved"], "\(hiit.transcript)")
        let noTrack = try #require(events.first { $0.event == "noTrack" }?.message)
        #expect(noTrack == "No GPS track recorded: gpsd at 127.0.0.1:\(port): Connection refused, so the session has time only and no distance from GPS",
                "why, as the run saw it: \(noTrack)")
        let leg = try #require(events.first { $0.event == "results" }?.legs?.first)
        #expect(leg.sport == "running" && leg.distanceMeters == nil, "no distance without GPS: \(leg)")
        let id = try #require(events.last?.id)
        #expect(!FileManager.default.fileExists(atPath: box.dataFolder.appendingPathComponent("activities/\(id).fit").path))
        let show = try box.run(["history", "show", String(id.prefix(8))])
        #expect(show.status == 0 && !show.stdout.contains("Recorded by"), "\(show)")
    }

    @Test("no gpsd, plain lines into a pipe: \"No GPS: …\" once, and the summary says there is no track",
          .enabled(if: TmuxTerminal.isInstalled, "tmux is not installed"))
    func noGPSDInPlainLines() async throws {
        let box = try E2ESandbox.forHistory()
        let port = try GPSFake.freePort()
        let ending = try await onOwnThread {
            // Wide enough for the line not to wrap.
            let terminal = try TmuxTerminal(sandbox: box, width: 160)
            defer { terminal.close() }
            let run = try terminal.startHiit(["run", "--track", "running", "--gpsd", "127.0.0.1:\(port)", "--mute"], pipeTo: "cat")
            try terminal.waitForScreen(containing: "No GPS: ")
            // Past hiit's first reconnect (after 1 s), which must not say it again.
            usleep(1_500_000)
            // Plain lines ask nothing: f finishes.
            try terminal.press("f")
            return try terminal.waitForEnd(of: run)
        }
        #expect(ending.status == 0, "\(ending.screen)")
        let said = ending.screen.nonEmptyLines.filter { $0.contains("No GPS: ") }
        #expect(said.count == 1 && said[0].hasSuffix("; the session runs on with time only (hiit keeps trying)"), "\(ending.screen)")
        #expect(ending.screen.contains("No GPS track recorded: gpsd at 127.0.0.1:\(port): Connection refused, so the session has time only"),
                "\(ending.screen)")
        #expect(ending.screen.contains("Saved to history"), "\(ending.screen)")
    }

    // MARK: A gpsd that says nothing

    @Test("a gpsd that accepts the connection, greets, sends half a report and then nothing delays no boundary: each line with a due is written on time")
    func boundariesStayOnTimeWhileGPSDStalls() async throws {
        let box = try E2ESandbox.forHistory()
        let (hiit, watch) = try await onOwnThread { () throws -> (HiitProcess, String) in
            let server = try LocalServer()
            defer { server.close() }
            let hiit = try box.start(["run", "--track", "running", "--prepare", "3", "--events",
                                      "--gpsd", "127.0.0.1:\(server.address.port)"])
            let connection = try server.accept()
            defer { try? connection.close() }
            let watch = try LocalServer.readLine(connection)
            // A greeting, then half a report, and nothing more.
            _ = try connection.send(Array(#"{"class":"VERSION","release":"3.22","rev":"3.22","proto_major":3,"proto_minor":14}"#.utf8)
                                    + [0x0A] + Array(#"{"class":"TPV","device":"/dev/ttyACM0","mo"#.utf8))
            try hiit.waitForEvent("the leg after the countdown") { $0.event == "leg" }
            try hiit.send("finish")
            try hiit.waitForEvent("saved") { $0.event == "saved" }
            return (hiit, watch)
        }
        defer { hiit.stop() }
        #expect(try await hiit.waitForExit().status == 0, "\(hiit.transcript)")
        #expect(watch.hasPrefix("?WATCH="), "hiit asked gpsd for its reports: \(watch)")
        let events = try hiit.gpsEvents()
        let scheduled = events.filter { $0.due != nil }
        #expect(scheduled.map { $0.cue ?? $0.event } == ["segment", "beep", "beep", "leg", "run", "congratulations", "finish"],
                "the countdown, its beeps, the leg and its cue, the finish: \(hiit.transcript)")
        for line in scheduled {
            let due = try #require(line.due)
            #expect(line.t >= due && line.t - due < Self.onTime, "\(line.event) due \(due), written at \(line.t)")
        }
        #expect(!events.contains { $0.verdict != nil }, "no fix from half a report: \(hiit.transcript)")
        #expect(events.last?.event == "saved", "\(hiit.transcript)")
    }

    // MARK: Bad usage

    @Test("bad usage is refused with one line and 64: --auto-lap without GPS, --track swimming, --gps with an interval workout, a bad gpsd port",
          arguments: [
              (["run", "--multisport", "--auto-lap", "1km"], "--auto-lap needs GPS"),
              (["run", "--track", "swimming"], "swimming"),
              (["run", "tabata", "--gps"], "Tabata"),
              (["run", "--track", "running", "--gpsd", "nonsense:99999"], "99999"),
          ])
    func badUsage(arguments: [String], named: String) throws {
        let box = try E2ESandbox.forHistory()
        let run = try box.run(arguments)
        #expect(run.status == 64, "\(run)")
        // One line says what is wrong (a usage error adds the usage after it, as argument parsers do).
        let error = try #require(run.stderrLines.first, "\(run)")
        #expect(error.hasPrefix("Error: ") && error.contains(named), "\(run)")
        #expect(run.stderrLines.filter { $0.hasPrefix("Error") }.count == 1, "\(run)")
        #expect(run.stdout.isEmpty, "\(run)")
        #expect(try box.historyLines().isEmpty)
    }

    // MARK: Helpers

    /// How late a line may be written after its `due` in the stalled-gpsd test, seconds. The
    /// stall lasts the whole run (the connection is held open, half a report in it, until hiit
    /// has saved), so a wait on gpsd would hold a boundary back by seconds; 5 ms was missed
    /// (6.9 ms) on a 2-CPU machine under a parallel build, hence the room.
    static let onTime = 0.1

    /// The tunnel log of `seconds` + 1 epochs at 3.0 m/s due north: 7 good, 3 with HDOP 20
    /// (eph 380 m) 150 m east of the line, 4 without a fix, then good ones to the end.
    static func tunnel(seconds: Int) -> [NMEALog.Epoch] {
        (0...seconds).map { second in
            let north = speed * Double(second)
            switch second {
            case 7...9: return NMEALog.Epoch(northMeters: north, eastMeters: 150, hdop: 20)
            case 10...13: return NMEALog.Epoch(northMeters: north, hasFix: false)
            default: return NMEALog.Epoch(northMeters: north)
            }
        }
    }

    /// A ride of 8 m/s round a loop of 16 chords of 8 m (a circle of 20.5 m radius, back to the
    /// start: 128 m), 8 s standing there (speed 0), then 6 s at 8 m/s due north (48 m).
    static func loopWithAStop() -> (epochs: [NMEALog.Epoch], meters: Double) {
        let chords = 16, chord = 8.0
        let radius = chord / (2 * sin(Double.pi / Double(chords)))
        var epochs = (0...chords).map { step -> NMEALog.Epoch in
            let angle = 2 * Double.pi * Double(step) / Double(chords)
            return NMEALog.Epoch(northMeters: radius * sin(angle), eastMeters: radius - radius * cos(angle))
        }
        epochs += (1...8).map { _ in NMEALog.Epoch(northMeters: 0, speedMetersPerSecond: 0) }
        epochs += (1...6).map { NMEALog.Epoch(northMeters: chord * Double($0)) }
        return (epochs, Double(chords) * chord + 6 * chord)
    }

    /// Writes `log` into the sandbox and starts gpsfake replaying it in real time (one sentence
    /// every 0.5 s: an RMC and a GGA a second), then waits for its gpsd to listen.
    /// - Throws: ``E2EFailure`` when gpsd does not listen within 10 s.
    static func replay(_ log: String, in box: E2ESandbox) throws -> GPSFake {
        let gpsfake = try #require(installed("gpsfake"))
        let file = box.file("log.nmea")
        try log.write(to: file, atomically: true, encoding: .utf8)
        let fake = try GPSFake(gpsfake: gpsfake, log: file, output: box.file("gpsfake.out"), cycle: 0.5)
        guard fake.waitUntilListening() else {
            fake.stop()
            throw E2EFailure("gpsd (started by gpsfake) did not listen on port \(fake.port): "
                             + ((try? String(contentsOf: box.file("gpsfake.out"), encoding: .utf8)) ?? ""))
        }
        return fake
    }

    /// Waits (blocking) until the log has been replayed: a fix at its whole length, or no new
    /// fix for 3 s after the first accepted one (gpsfake keeps gpsd up after the log's end).
    /// On a timeout the error holds hiit's transcript and what gpsfake wrote (`box`'s
    /// `gpsfake.out`, from ``replay(_:in:)``).
    static func waitForTheLogsEnd(_ hiit: HiitProcess, meters: Double, box: E2ESandbox) throws {
        let clock = ContinuousClock()
        var seen = 0
        var seenAt = clock.now
        let context = {
            hiit.transcript + "\ngpsfake:\n" + ((try? String(contentsOf: box.file("gpsfake.out"), encoding: .utf8)) ?? "(nothing)")
        }
        _ = try waitUntil("the end of the log", timeout: .seconds(60), context: context) { () throws -> Bool? in
            let fixes = try hiit.gpsEvents().filter { $0.event == "gps" && $0.verdict != nil }
            if (fixes.last?.distanceMeters ?? 0) >= meters - 1 { return true }
            if fixes.count != seen {
                seen = fixes.count
                seenAt = clock.now
            } else if fixes.contains(where: { $0.verdict == "accepted" }), clock.now - seenAt > .seconds(3) {
                return true
            }
            return nil
        }
    }

    /// Each `gps` line's counts are the verdicts so far: `accepted` the accepted ones, `dropped`
    /// the others; the distance never goes back.
    static func expectCountsAddUp(_ fixes: [GPSEventLine], _ transcript: String,
                                  sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(!fixes.isEmpty, "no gps lines with a verdict: \(transcript)", sourceLocation: sourceLocation)
        var accepted = 0, dropped = 0
        var distance = 0.0
        for fix in fixes {
            if fix.verdict == "accepted" { accepted += 1 } else { dropped += 1 }
            #expect(fix.accepted == accepted && fix.dropped == dropped, "counts at t=\(fix.t): \(transcript)", sourceLocation: sourceLocation)
            let meters = try #require(fix.distanceMeters, sourceLocation: sourceLocation)
            #expect(meters >= distance, "the distance went back at t=\(fix.t)", sourceLocation: sourceLocation)
            distance = meters
        }
    }

    /// The GPS line of the live screen (the one ending in the fix state), trimmed.
    static func gpsLine(_ screen: String) -> String? {
        screen.nonEmptyLines.map { $0.trimmingCharacters(in: .whitespaces) }.first { $0.contains(" km · ") || $0.hasPrefix("0.00 km") }
    }

    /// The first pace of a line (`5:45 /km`), in seconds per kilometre.
    static func paceSeconds(_ line: String) -> Double? {
        guard let range = line.range(of: #"\d+:\d\d /km"#, options: .regularExpression) else { return nil }
        let parts = line[range].dropLast(4).split(separator: ":").compactMap { Double($0) }
        return parts.count == 2 ? parts[0] * 60 + parts[1] : nil
    }

    /// The `<trkpt>`s of a GPX file, in order.
    static func trackpoints(in gpx: URL) throws -> [(latitude: Double, longitude: Double)] {
        let text = try String(contentsOf: gpx, encoding: .utf8)
        let pattern = try NSRegularExpression(pattern: #"<trkpt lat="([-0-9.]+)" lon="([-0-9.]+)""#)
        return pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            guard let lat = Range(match.range(at: 1), in: text), let lon = Range(match.range(at: 2), in: text),
                  let latitude = Double(text[lat]), let longitude = Double(text[lon]) else { return nil }
            return (latitude, longitude)
        }
    }
}

// MARK: - Reading the gps lines

/// One `--events` line of a run with GPS, with the fields of `gps` lines.
struct GPSEventLine: Decodable {
    let event: String
    let t: Double
    let due: Double?
    let cue: String?
    let fix: String?
    let errorMeters: Double?
    let verdict: String?
    let accepted: Int?
    let dropped: Int?
    let distanceMeters: Double?
    let speedMetersPerSecond: Double?
    let leg: Int?
    let message: String?
    let pausedSeconds: Double?
    let id: String?
    let legs: [Leg]?

    /// A leg of the `results` line.
    struct Leg: Decodable {
        let sport: String
        let distanceMeters: Double?
        let movingSeconds: Double?
        let timerSeconds: Double
    }
}

extension HiitProcess {
    /// The `--events` lines so far, with the fields of `gps` lines.
    func gpsEvents() throws -> [GPSEventLine] {
        try stdoutLines.map { try GPSEventLine.decodeLine($0, as: "an event line") }
    }

    /// Waits until stdout has a line satisfying `predicate` (read with the fields of `gps`
    /// lines) and returns the first one. Blocks: call it inside ``onOwnThread(_:)``.
    /// - Throws: ``E2EFailure`` on timeout, or when a line is not an event object.
    @discardableResult
    func waitForGPSEvent(_ what: String, timeout: Duration = .seconds(20),
                         where predicate: (GPSEventLine) -> Bool) throws -> GPSEventLine {
        try waitUntil(what, timeout: timeout, context: { transcript }) { try gpsEvents().first(where: predicate) }
    }
}
