import Foundation
import Testing
import WorkoutModel
#if canImport(Glibc)
import Glibc
#endif

/// `hiit history export ID --fit [FILE]`, run as a person would (#14): a session
/// out as a file, and that file imported again.
@Suite("End to end: exporting a session as FIT")
struct SessionExportTests {
    /// 2025-12-01 06:30:00 UTC (the history keeps whole seconds of its dates).
    static let start = Date(timeIntervalSince1970: 1_764_570_600)

    /// A Tabata as hiit's timer records it: Prague, 70 kg, 8 rounds of 20/10, its 15 segments,
    /// 12.5 s paused in the third work.
    static let tabata = SessionRecord(
        id: UUID(uuid: (0x1B, 0x4E, 0x28, 0xBA, 0x2F, 0xA1, 0x41, 0xD2, 0x88, 0x3F, 0x4A, 0x2B, 0x9C, 0x10, 0x00, 0x01)),
        workout: "Tabata", kind: .intervals, start: start, end: start.addingTimeInterval(242.5),
        timeZone: TimeZone(identifier: "Europe/Prague") ?? .gmt, workoutSeconds: 160, totalSeconds: 230, pausedSeconds: 12.5,
        rounds: 8, exercises: 1, weightKg: 70, kcal: 41.718,
        segments: (0..<15).map { index in
            let paused = index == 4 ? 12.5 : 0, start = Double(index / 2) * 30 + Double(index % 2) * 20 + (index > 4 ? 12.5 : 0)
            return index % 2 == 0
                ? SegmentRecord(kind: .work, label: "Burpees", startSeconds: start, elapsedSeconds: 20 + paused, timerSeconds: 20)
                : SegmentRecord(kind: .rest, label: "Burpees", startSeconds: start, elapsedSeconds: 10, timerSeconds: 10)
        })

    /// A sprint triathlon run with hiit's timer: laps on the run, a pool swim.
    static let triathlon: SessionRecord = {
        let legs = [
            LegRecord(sport: "swimming", startSeconds: 0, elapsedSeconds: 900.25, timerSeconds: 900.25, distanceMeters: 750, kcal: 120.5, laps: [],
                      poolLength: 25, poolUnit: .meters),
            LegRecord(sport: "transition", startSeconds: 900.25, elapsedSeconds: 120, timerSeconds: 120, distanceMeters: nil, kcal: nil, laps: []),
            LegRecord(sport: "cycling", startSeconds: 1020.25, elapsedSeconds: 2400.5, timerSeconds: 2400.5, distanceMeters: 20_000, kcal: 500.25, laps: []),
            LegRecord(sport: "transition", startSeconds: 3420.75, elapsedSeconds: 75, timerSeconds: 75, distanceMeters: nil, kcal: nil, laps: []),
            LegRecord(sport: "running", startSeconds: 3495.75, elapsedSeconds: 1500, timerSeconds: 1500, distanceMeters: 5000, kcal: 400,
                      laps: [LapRecord(startSeconds: 3495.75, elapsedSeconds: 750, distanceMeters: 2500),
                             LapRecord(startSeconds: 4245.75, elapsedSeconds: 750, distanceMeters: 2500)]),
        ]
        return SessionRecord(
            id: UUID(uuid: (0x2C, 0x4E, 0x28, 0xBA, 0x2F, 0xA1, 0x41, 0xD2, 0x88, 0x3F, 0x4A, 0x2B, 0x9C, 0x10, 0x00, 0x02)),
            workout: "Sprint triathlon", kind: .multisport, start: start.addingTimeInterval(86_400),
            end: start.addingTimeInterval(86_400 + 4995.75), timeZone: TimeZone(identifier: "Europe/Prague") ?? .gmt,
            workoutSeconds: SessionRecord.workoutSeconds(ofLegs: legs), totalSeconds: 4995.75, pausedSeconds: 0,
            rounds: SessionRecord.rounds(ofLegs: legs), exercises: 0, weightKg: 70, kcal: 1020.75, legs: legs)
    }()

    static func box(with records: [SessionRecord]) throws -> E2ESandbox {
        let box = try E2ESandbox.forHistory()
        let lines = try records.map { String(decoding: try $0.jsonLine(), as: UTF8.self) + "\n" }.joined()
        try box.writeHistory(Data(lines.utf8))
        return box
    }

    static func records(_ box: E2ESandbox) throws -> [SessionRecord] {
        try box.historyLines().map { try SessionRecord(jsonLine: Data($0.utf8)) }
    }

    /// `a` and `b` equal in every value the record holds, to the millisecond, the file's
    /// `source` left out (the imported copy names the file it came from).
    static func expectSame(_ a: SessionRecord, _ b: SessionRecord, legKcalToWhole: Bool = false) {
        #expect(a.id == b.id && a.workout == b.workout && a.kind == b.kind)
        #expect(abs(a.start.timeIntervalSince(b.start)) < 0.001 && abs(a.end.timeIntervalSince(b.end)) < 0.001, "\(a.start) \(b.start) \(a.end) \(b.end)")
        #expect(a.timeZone == b.timeZone && a.utcOffsetSeconds == b.utcOffsetSeconds && a.localDate == b.localDate)
        #expect(abs(a.workoutSeconds - b.workoutSeconds) < 0.001 && abs(a.totalSeconds - b.totalSeconds) < 0.001)
        #expect(abs(a.pausedSeconds - b.pausedSeconds) < 0.001, "\(a.pausedSeconds) \(b.pausedSeconds)")
        #expect(a.rounds == b.rounds && a.exercises == b.exercises && a.weightKg == b.weightKg && a.kcal == b.kcal)
        #expect(a.segments == b.segments, "segments to the millisecond")
        #expect(a.legs.count == b.legs.count)
        for (x, y) in zip(a.legs, b.legs) {
            #expect(x.sport == y.sport && abs(x.startSeconds - y.startSeconds) < 0.001)
            #expect(abs(x.elapsedSeconds - y.elapsedSeconds) < 0.001 && abs(x.timerSeconds - y.timerSeconds) < 0.001)
            #expect(x.distanceMeters == y.distanceMeters && x.poolLengthMeters == y.poolLengthMeters, "\(x.sport) \(String(describing: x.distanceMeters)) \(String(describing: y.distanceMeters)) \(String(describing: x.poolLengthMeters)) \(String(describing: y.poolLengthMeters))")
            if legKcalToWhole {
                #expect(x.kcal.map { $0.rounded() } == y.kcal, "FIT holds a leg's kcal as a whole number")
            } else {
                #expect(x.kcal == y.kcal)
            }
            #expect(x.laps.count == y.laps.count)
            for (p, q) in zip(x.laps, y.laps) {
                #expect(abs(p.startSeconds - q.startSeconds) < 0.001 && abs(p.elapsedSeconds - q.elapsedSeconds) < 0.001 && p.distanceMeters == q.distanceMeters)
            }
        }
    }

    @Test("a Tabata out as FIT into a folder: named by its local start, 'already present' where it came from, the same record in an empty history")
    func tabataRoundTrip() throws {
        let box = try Self.box(with: [Self.tabata])
        let out = box.file("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let export = try box.run(["history", "export", "1b4e28ba", "--fit", out.path])
        let file = out.appendingPathComponent("2025-12-01-0730-Tabata.fit")
        #expect(export.status == 0, "\(export)")
        #expect(export.stdoutLines == ["Exported 1B4E28BA to \(file.path)"])
        let bytes = try Data(contentsOf: file)
        #expect(bytes.count > 1000 && bytes[8..<12].elementsEqual(".FIT".utf8))
        #expect(try fileModeBits(of: file) == 0o600)

        let again = try box.run(["history", "import", file.path])
        #expect(again.status == 0 && again.stdoutLines.first == "\(file.path): already present (1B4E28BA)", "\(again)")
        #expect(try Self.records(box).count == 1)

        let fresh = try E2ESandbox.forHistory()
        let imported = try fresh.run(["history", "import", file.path], extraEnvironment: ["TZ": "America/New_York"])
        #expect(imported.status == 0, "\(imported)")
        let records = try Self.records(fresh)
        #expect(records.count == 1)
        if let record = records.first {
            Self.expectSame(try #require(try Self.records(box).first), record)
            #expect(record.source?.format == "fit" && record.kcalSource == nil)
        }
        #expect(!imported.stderr.contains("no time zone"), "the zone travels with the file: \(imported)")
    }

    @Test("a triathlon run with hiit's timer out as FIT and back: the same legs, laps and kcal; a second export refuses to replace the file without --force")
    func triathlonRoundTrip() throws {
        let box = try Self.box(with: [Self.triathlon])
        let file = box.file("tri.fit")
        let export = try box.run(["history", "export", "2C4E28BA", "--fit", file.path])
        #expect(export.status == 0, "\(export)")
        let bytes = try Data(contentsOf: file)

        let refused = try box.run(["history", "export", "2C4E28BA", "--fit", file.path])
        #expect(refused.status == 64 && refused.stderr.contains("\(file.path) exists; add --force to replace it"), "\(refused)")
        #expect(try Data(contentsOf: file) == bytes)
        let forced = try box.run(["history", "export", "2C4E28BA", "--fit", file.path, "--force"])
        let forcedBytes = try Data(contentsOf: file)
        #expect(forced.status == 0 && forcedBytes == bytes, "the same session gives the same bytes")

        let fresh = try E2ESandbox.forHistory()
        let imported = try fresh.run(["history", "import", file.path])
        #expect(imported.status == 0, "\(imported)")
        let records = try Self.records(fresh)
        #expect(records.count == 1)
        if let record = records.first { Self.expectSame(try #require(try Self.records(box).first), record, legKcalToWhole: true) }
        #expect(try box.run(["history", "import", file.path]).stdoutLines.first == "\(file.path): already present (2C4E28BA)")
    }

    @Test("an imported ride exports its kept original byte for byte, to stdout when it is a pipe, and imports again as already present")
    func importedRide() throws {
        let box = try E2ESandbox.forHistory()
        let original = ActivityImportTests.fixture("fit/ride_1h.fit")
        let imported = try box.run(["history", "import", original.path])
        #expect(imported.status == 0, "\(imported)")
        let id = try #require(try Self.records(box).first?.id.uuidString.prefix(8))
        let file = box.file("ride.fit")
        let export = try box.run(["history", "export", String(id), "--fit", file.path])
        #expect(export.status == 0, "\(export)")
        let exported = try Data(contentsOf: file)
        #expect(exported == (try Data(contentsOf: original)))
        let piped = try box.run(["history", "export", String(id), "--fit"])
        #expect(piped.status == 0 && piped.stdout.utf8.count > 100_000 && piped.stdout.contains(".FIT"), "FIT bytes on the pipe")
        let again = try box.run(["history", "import", file.path])
        #expect(again.stdoutLines.first == "\(file.path): already present (\(id))", "\(again)")
    }

    @Test("several IDs or --since DATE: one file each into a folder made for them, two of a name told apart; nothing written when one exists without --force")
    func severalSessions() throws {
        var twin = Self.tabata
        twin.id = UUID(uuid: (0x3C, 0x4E, 0x28, 0xBA, 0x2F, 0xA1, 0x41, 0xD2, 0x88, 0x3F, 0x4A, 0x2B, 0x9C, 0x10, 0x00, 0x03))
        let box = try Self.box(with: [Self.tabata, Self.triathlon, twin])
        let out = box.file("out")
        let both = try box.run(["history", "export", "1b4e28ba", "2C4E28BA", "--fit", out.path])
        let tabataFile = out.appendingPathComponent("2025-12-01-0730-Tabata.fit")
        let triathlonFile = out.appendingPathComponent("2025-12-02-0730-Sprint-triathlon.fit")
        #expect(both.status == 0, "\(both)")
        #expect(both.stdoutLines == ["Exported 1B4E28BA to \(tabataFile.path)", "Exported 2C4E28BA to \(triathlonFile.path)",
                                     "Exported 2 sessions to \(out.path)"])
        #expect(try fileModeBits(of: out) == 0o700 && fileModeBits(of: triathlonFile) == 0o600)
        let again = try box.run(["history", "import", out.path])
        #expect(again.status == 0 && again.stdout.contains("already present (1B4E28BA)") && again.stdout.contains("already present (2C4E28BA)"), "\(again)")
        #expect(try Self.records(box).count == 3)

        let refused = try box.run(["history", "export", "--since", "2025-12-02", "--fit", out.path])
        #expect(refused.status == 64 && refused.stderr.contains("\(triathlonFile.path) exists; add --force to replace it (nothing was written)"), "\(refused)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).count == 2)

        let all = try box.run(["history", "export", "--since", "2025-12-01", "--fit", out.path, "--force"])
        #expect(all.status == 0, "\(all)")
        #expect(all.stdoutLines.last == "Exported 3 sessions to \(out.path)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
            == ["2025-12-01-0730-Tabata-2.fit", "2025-12-01-0730-Tabata.fit", "2025-12-02-0730-Sprint-triathlon.fit"])
        let later = try box.run(["history", "export", "--since", "2025-12-02", "--fit", box.file("later").path])
        #expect(later.stdoutLines == ["Exported 2C4E28BA to \(box.file("later").appendingPathComponent(triathlonFile.lastPathComponent).path)",
                                      "Exported 1 session to \(box.file("later").path)"], "\(later)")

        let none = try box.run(["history", "export", "--since", "2026-01-01", "--fit", box.file("none").path])
        #expect(none.status == 0 && none.stdoutLines.first?.hasPrefix("No sessions on or after 2026-01-01 in ") == true, "\(none)")
        #expect(!FileManager.default.fileExists(atPath: box.file("none").path))
    }

    @Test("TCX and GPX: a Tabata as TCX Sport Other that imports again as itself, refused as GPX for want of a track; an imported ride as both, each read back as the same ride")
    func tcxAndGPX() throws {
        let box = try Self.box(with: [Self.tabata])
        let original = ActivityImportTests.fixture("fit/ride_1h.fit")
        #expect(try box.run(["history", "import", original.path]).status == 0)
        let rideID = String(try #require(try Self.records(box).last?.id.uuidString.prefix(8)))

        let tcx = box.file("tabata.tcx")
        let tabataTCX = try box.run(["history", "export", "1B4E28BA", "--tcx", tcx.path])
        #expect(tabataTCX.status == 0, "\(tabataTCX)")
        let tcxText = try String(contentsOf: tcx, encoding: .utf8)
        #expect(tcxText.contains(#"<Activity Sport="Other">"#) && tcxText.components(separatedBy: "<Lap ").count - 1 == 15,
                "a lap per segment")
        #expect(tcxText.components(separatedBy: "<Intensity>Resting</Intensity>").count - 1 == 7)
        let tcxAgain = try box.run(["history", "import", tcx.path])
        #expect(tcxAgain.status == 0 && tcxAgain.stdoutLines.first == "\(tcx.path): already present (1B4E28BA)", "\(tcxAgain)")
        let tcxFresh = try E2ESandbox.forHistory()
        let tcxImported = try tcxFresh.run(["history", "import", tcx.path], extraEnvironment: ["TZ": "America/New_York"])
        #expect(tcxImported.status == 0 && !tcxImported.stderr.contains("no time zone"), "the zone and offset travel with the file: \(tcxImported)")
        if let back = try Self.records(tcxFresh).first {
            #expect(back.id == Self.tabata.id && back.kind == .intervals && back.workout == "Tabata" && back.timeZone == "Europe/Prague")
            #expect(back.rounds == 8 && back.workoutSeconds == 160 && back.kcal == 41.718 && back.legs.isEmpty)
            #expect(abs(back.totalSeconds - 230) < 0.001 && abs(back.pausedSeconds - 12.5) < 0.001, "\(back)")
        }

        let noTrack = try box.run(["history", "export", "1B4E28BA", "--gpx", box.file("tabata.gpx").path])
        #expect(noTrack.status == 65 && noTrack.stderrLines.first
            == "Error: session 1B4E28BA has no GPS track, and a GPX file holds only positioned points; write it with --fit or --tcx",
            "\(noTrack)")
        #expect(!FileManager.default.fileExists(atPath: box.file("tabata.gpx").path))

        let out = box.file("gpx")
        let both = try box.run(["history", "export", "1B4E28BA", rideID, "--gpx", out.path])
        #expect(both.status == 0, "\(both)")
        #expect(both.stdoutLines.last == "Exported 1 session to \(out.path); 1 without a GPS track left out (1B4E28BA)")
        let gpx = try #require(try FileManager.default.contentsOfDirectory(atPath: out.path).first)
        #expect(gpx.hasSuffix(".gpx"))
        let rideTCX = box.file("ride.tcx")
        #expect(try box.run(["history", "export", rideID, "--tcx", rideTCX.path]).status == 0)

        for file in [out.appendingPathComponent(gpx), rideTCX] {
            let again = try box.run(["history", "import", file.path])
            #expect(again.status == 0 && again.stdoutLines.first == "\(file.path): already present (\(rideID), the same activity)", "\(again)")
            let fresh = try E2ESandbox.forHistory()
            #expect(try fresh.run(["history", "import", file.path]).status == 0)
            let ride = try #require(try Self.records(box).last)
            let back = try #require(try Self.records(fresh).first)
            #expect(abs(back.start.timeIntervalSince(ride.start)) < 1 && back.legs.first?.sport == "cycling")
            let (a, b) = (try #require(ride.totalDistanceMeters), try #require(back.totalDistanceMeters))
            #expect(abs(a - b) < 0.01 * a, "\(file.lastPathComponent): \(a) m against \(b) m")
        }
        let onlyTabata = try box.run(["history", "export", "1B4E28BA", "1B4E28BA", "--gpx", box.file("none").path])
        #expect(onlyTabata.status == 65 && onlyTabata.stderr.contains("session 1B4E28BA has no GPS track"), "\(onlyTabata)")
        #expect(!FileManager.default.fileExists(atPath: box.file("none").path))
    }

    @Test("an imported duathlon out as GPX (one track, sport other), TCX and FIT: each imports again as already present")
    func multisportEachFormat() throws {
        let box = try E2ESandbox.forHistory()
        let original = ActivityImportTests.fixture("tcx/multisport-duathlon.tcx")
        #expect(try box.run(["history", "import", original.path]).status == 0)
        let id = String(try #require(try Self.records(box).first?.id.uuidString.prefix(8)))
        for format in ["gpx", "tcx", "fit"] {
            let file = box.file("duathlon.\(format)")
            let exported = try box.run(["history", "export", id, "--\(format)", file.path])
            #expect(exported.status == 0, "\(format): \(exported)")
            let again = try box.run(["history", "import", file.path])
            #expect(again.status == 0 && again.stdoutLines.first?.hasPrefix("\(file.path): already present (\(id)") == true,
                    "\(format): \(again)")
        }
        #expect(try Self.records(box).count == 1)
    }

    @Test("errors: an unknown id, two formats, too many arguments, --originals with --fit, no id; nothing is written")
    func errors() throws {
        let box = try Self.box(with: [Self.tabata])
        let unknown = try box.run(["history", "export", "ffffffff", "--fit", box.file("a.fit").path])
        #expect(unknown.status == 64 && unknown.stderrLines.first?.hasPrefix("Error: ") == true, "\(unknown)")
        let two = try box.run(["history", "export", "1B4E28BA", "--fit", "--csv"])
        #expect(two.status == 64 && two.stderr.contains("--csv and --fit cannot be given together"), "\(two)")
        let fitAndGPX = try box.run(["history", "export", "1B4E28BA", "--fit", "--gpx"])
        #expect(fitAndGPX.status == 64 && fitAndGPX.stderr.contains("--fit and --gpx cannot be given together"), "\(fitAndGPX)")
        let three = try box.run(["history", "export", "1B4E28BA", "x.fit", box.file("out").path, "--fit"])
        #expect(three.status == 64 && three.stderr.contains("no session in") && three.stderr.contains("'x.fit'"), "\(three)")
        #expect(!FileManager.default.fileExists(atPath: box.file("out").path), "no folder made for an export that fails")
        let sinceAlone = try box.run(["history", "export", "--since", "2025-12-01"])
        #expect(sinceAlone.status == 64 && sinceAlone.stderr.contains("--since picks the sessions to write as activity files; add --fit"), "\(sinceAlone)")
        let sinceTwo = try box.run(["history", "export", "--since", "2025-12-01", "--fit", "1B4E28BA", box.file("out").path])
        #expect(sinceTwo.status == 64 && sinceTwo.stderr.contains("--since writes one file per session into a folder"), "\(sinceTwo)")
        let badDate = try box.run(["history", "export", "--since", "2025-02-30", "--fit", box.file("out").path])
        #expect(badDate.status == 64 && badDate.stderr.contains("is not a date YYYY-MM-DD"), "\(badDate)")
        let onFile = try box.run(["history", "export", "1B4E28BA", "1B4E28BA", "--fit", box.historyURL.path])
        #expect(onFile.status == 64 && onFile.stderr.contains("is a file; several sessions are written into a folder"), "\(onFile)")
        let originals = try box.run(["history", "export", "1B4E28BA", "--fit", "--originals", box.file("o").path])
        #expect(originals.status == 64, "\(originals)")
        let noID = try box.run(["history", "export", "--fit"])
        #expect(noID.status == 64 && noID.stderr.contains("--fit needs the session's ID"), "\(noID)")
        #expect(!FileManager.default.fileExists(atPath: box.file("a.fit").path))
    }
}
