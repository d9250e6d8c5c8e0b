import ActivityFiles
import Foundation
import Testing
import WorkoutModel
@testable import HiitApp
#if canImport(Glibc)
import Glibc
#endif

/// `hiit history import` of FIT, GPX and TCX files and folders, run as a person would (#13).
/// The files are the ActivityFiles tests' fixtures (their values cross-checked with Garmin's
/// decoder and gpxpy when they were written).
@Suite("End to end: importing recorded activities")
struct ActivityImportTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("ActivityFilesTests/Fixtures", isDirectory: true)

    static func fixture(_ path: String) -> URL { fixtures.appendingPathComponent(path) }

    /// The sessions of the sandbox's history, decoded as hiit reads them.
    static func sessions(_ box: E2ESandbox) throws -> [SessionRecord] {
        try box.historyLines().map { try SessionRecord(jsonLine: Data($0.utf8)) }
    }

    /// A watch mounted over USB: `GARMIN/Activity/*.FIT` (upper-case names), a course and a
    /// settings-like text file beside them.
    static func watchFolder(in box: E2ESandbox) throws -> URL {
        let root = box.file("watch/GARMIN")
        let activity = root.appendingPathComponent("Activity")
        let courses = root.appendingPathComponent("Courses")
        try FileManager.default.createDirectory(at: activity, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: courses, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: fixture("fit/ride_1h.fit"), to: activity.appendingPathComponent("4C4H0800.FIT"))
        try FileManager.default.copyItem(at: fixture("fit/triathlon.fit"), to: activity.appendingPathComponent("4C6B1100.FIT"))
        try FileManager.default.copyItem(at: fixture("tcx/course.tcx"), to: courses.appendingPathComponent("LOOP.TCX"))
        try Data("firmware 21.19\n".utf8).write(to: root.appendingPathComponent("GarminDevice.txt"))
        return box.file("watch")
    }

    @Test("a watch folder: each activity on its line, the course skipped, the originals kept byte for byte; a second import adds nothing")
    func watchFolderImport() throws {
        let box = try E2ESandbox.forHistory()
        let watch = try Self.watchFolder(in: box)
        let run = try box.run(["history", "import", watch.path], extraEnvironment: ["TZ": "Europe/Prague"])
        #expect(run.status == 0, "\(run)")
        let activity = watch.appendingPathComponent("GARMIN/Activity").path
        #expect(run.stdoutLines.count == 4, "\(run)")
        #expect(run.stdoutLines[0].hasPrefix("\(activity)/4C4H0800.FIT: imported ") && run.stdoutLines[0].hasSuffix(" 2024-05-04 08:00 Morning ride, 29.51 km in 1 h 2 min"), "\(run)")
        #expect(run.stdoutLines[1].hasPrefix("\(activity)/4C6B1100.FIT: imported ") && run.stdoutLines[1].contains(" 2024-07-06 11:00 Morning swim–bike–run, "), "\(run)")
        #expect(run.stdoutLines[2] == "\(watch.path)/GARMIN/Courses/LOOP.TCX: skipped: a TCX course file, not an activity")
        #expect(run.stdoutLines[3] == "Imported 2 sessions, skipped 0 already present, 0 bad lines, 1 not an activity, 1 other file skipped.")

        let records = try Self.sessions(box)
        #expect(records.count == 2)
        let ride = try #require(records.first { $0.workout == "cycling" })
        #expect(ride.source?.format == "fit" && ride.source?.fileName == "4C4H0800.FIT")
        #expect(ride.source?.manufacturer == "garmin" && ride.source?.product == "edge_530")
        #expect(ride.utcOffsetSeconds == 7200 && ride.timeZone == "Europe/Prague")
        #expect(ride.legs.first?.distanceMeters == 29507.07 && ride.legs.first?.ascentMeters == 602)
        #expect(ride.legs.first?.avgHeartRate == 149 && ride.legs.first?.maxHeartRate == 155)
        #expect(ride.kcal == 445 && ride.kcalSource == .device, "the device's calories, even without a weight")
        let tri = try #require(records.first { $0.legs.count == 5 })
        #expect(tri.legs.map(\.sport) == ["swimming", "transition", "cycling", "transition", "running"])
        #expect(tri.legs.first?.isOpenWater == true)

        let originals = box.dataFolder.appendingPathComponent("activities")
        let kept = originals.appendingPathComponent("\(ride.id.uuidString).fit")
        #expect(try Data(contentsOf: kept) == (try Data(contentsOf: Self.fixture("fit/ride_1h.fit"))))
        #expect(try fileModeBits(of: kept) == 0o600)
        #expect(try fileModeBits(of: originals) == 0o700)

        let before = box.historyBytes()
        let again = try box.run(["history", "import", watch.path])
        #expect(again.status == 0, "\(again)")
        #expect(again.stdoutLines.filter { $0.hasSuffix("already present (\(String(ride.id.uuidString.prefix(8))))") }.count == 1, "\(again)")
        #expect(again.stdoutLines.last == "Imported 0 sessions, skipped 2 already present, 0 bad lines, 1 not an activity, 1 other file skipped.")
        #expect(box.historyBytes() == before)
    }

    @Test("files from real devices (Edge 1000, Forerunner 935, Polar M400) and the platforms' exports of the same rides: each ride once, with the devices' totals")
    func realDeviceFolder() throws {
        let box = try E2ESandbox.forHistory()
        let folder = Self.fixture("real")
        let run = try box.run(["history", "import", folder.path], extraEnvironment: ["TZ": "Europe/Amsterdam", "COLUMNS": "100"])
        #expect(run.status == 0, "\(run)")
        let lines = run.stdoutLines
        func line(_ name: String) -> String { lines.first { $0.hasPrefix("\(folder.path)/\(name): ") } ?? "" }
        #expect(line("2020-06-01-16-52-40.fit").hasSuffix(" 2020-06-01 16:52 Afternoon ride, 668 m in 2 min 6 s"), "\(run)")
        #expect(line("4078723797.fit").hasSuffix(" 2019-09-20 16:10 Afternoon ride, 57.57 km in 2 h 19 min 16 s"), "\(run)")
        #expect(line("4801048867.fit").hasSuffix(" 2020-04-18 13:10 Afternoon ride, 36.32 km in 1 h 25 min 59 s"), "\(run)")
        #expect(line("6471559601_ACTIVITY.fit").hasSuffix(" 2021-03-22 11:48 Morning run–row, 59 s"), "\(run)")
        #expect(line("3173437224.tcx").hasSuffix(" 2019-01-29 11:25 Morning run, 4.51 km in 1 h 5 min 5 s"), "\(run)")
        // Strava's GPX and Garmin Connect's GPX and TCX of rides already imported from the FIT files.
        #expect(line("4801048867_strava.gpx").contains(": already present ("), "\(run)")
        #expect(line("activity_5039744860.gpx").contains(": already present ("), "\(run)")
        #expect(line("activity_5039744860.tcx").contains(": already present ("), "\(run)")
        #expect(lines.last == "Imported 6 sessions, skipped 3 already present, 0 bad lines, 2 other files skipped.", "\(run)")

        let records = try Self.sessions(box)
        #expect(records.count == 6)
        let long = try #require(records.first { $0.source?.fileName == "4078723797.fit" })
        #expect(long.source?.manufacturer == "garmin" && long.source?.product == "edge1000")
        #expect(long.legs.first?.distanceMeters == 57567.24 && long.legs.first?.ascentMeters == 1254)
        #expect(long.kcal == 1830 && long.kcalSource == .device)
        let polar = try #require(records.first { $0.source?.format == "tcx" })
        #expect(polar.source?.manufacturer == "polar" && polar.legs.first?.kcal == 467)

        // The indoor ride and the multisport file have no distance: their charts are against time.
        let indoor = try #require(records.first { $0.source?.fileName == "6449921903_ACTIVITY.fit" })
        let show = try box.run(["history", "show", String(indoor.id.uuidString.prefix(8))], extraEnvironment: ["TZ": "Europe/Amsterdam", "COLUMNS": "100"])
        #expect(show.status == 0, "\(show)")
        #expect(show.stdout.contains("  Heart rate by timer time\n"), "\(show)")
        #expect(show.stdout.contains("  elapsed 5 min 25 s · timer 3 min 16 s\n"), "\(show)")
        let ride = try #require(records.first { $0.source?.fileName == "4801048867.fit" })
        let rideShow = try box.run(["history", "show", String(ride.id.uuidString.prefix(8))], extraEnvironment: ["TZ": "Europe/Amsterdam", "COLUMNS": "100"])
        #expect(rideShow.stdout.contains("Recorded by garmin fr935 (4801048867.fit, FIT)"), "\(rideShow)")
        // A loop: it ends where it started, and the legend says so (no F is drawn).
        #expect(rideShow.stdout.contains("  Splits per kilometre\n") && rideShow.stdout.contains("  Route (S start and finish)\n"), "\(rideShow)")
        #expect(rideShow.stdout.contains("  Elevation by distance\n") && rideShow.stdout.contains("  Heart rate by distance\n"), "\(rideShow)")
    }

    @Test("a folder with an unreadable-looking FIT (empty, cut to 10 bytes): each named, exit 65, the good file still imported")
    func brokenFitsInFolder() throws {
        let box = try E2ESandbox.forHistory()
        let folder = box.file("watch/Activity")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.fixture("real/2020-06-01-16-52-40.fit"), to: folder.appendingPathComponent("A.FIT"))
        try Data().write(to: folder.appendingPathComponent("B.FIT"))
        try Data(try Data(contentsOf: Self.fixture("real/4801048867.fit")).prefix(10)).write(to: folder.appendingPathComponent("C.fit"))
        try Data("a,b\n".utf8).write(to: folder.appendingPathComponent("notes.csv"))
        let run = try box.run(["history", "import", folder.path], extraEnvironment: ["TZ": "Europe/Amsterdam"])
        #expect(run.status == 65, "\(run)")
        #expect(run.stdoutLines.first?.hasPrefix("\(folder.path)/A.FIT: imported ") == true, "\(run)")
        #expect(run.stderrLines.contains("Error: \(folder.path)/B.FIT: the file is empty; not imported"), "\(run)")
        #expect(run.stderrLines.contains("Error: \(folder.path)/C.fit: too short for a FIT file (10 bytes; its header alone is 12 or 14); not imported"), "\(run)")
        #expect(run.stdoutLines.last == "Imported 1 session, skipped 0 already present, 0 bad lines, 2 files refused, 1 other file skipped.", "\(run)")

        let empty = box.file("empty.gpx")
        try Data().write(to: empty)
        let alone = try box.run(["history", "import", empty.path])
        #expect(alone.status == 65, "\(alone)")
        #expect(alone.stderrLines == ["Error: \(empty.path): the file is empty; nothing was imported"], "\(alone)")
    }

    @Test("a copy of a ride cut off before the watch closed it: imported as far as it is sound, with a note naming the ride it overlaps")
    func cutOffCopy() throws {
        let box = try E2ESandbox.forHistory()
        let full = Self.fixture("real/4078723797.fit")
        let cut = box.file("cut.fit")
        try Data(try Data(contentsOf: full).prefix(5000)).write(to: cut)
        let run = try box.run(["history", "import", full.path, cut.path], extraEnvironment: ["TZ": "Europe/Amsterdam"])
        #expect(run.status == 0, "\(run)")
        let records = try Self.sessions(box)
        let ride = try #require(records.first { $0.source?.fileName == "4078723797.fit" })
        let copy = try #require(records.first { $0.source?.fileName == "cut.fit" })
        #expect(run.stderrLines.contains("Note: \(cut.path): starts within a minute of \(ride.id.uuidString.prefix(8)) with the same sports "
            + "but lasts 1 min 30 s against 2 h 19 min 16 s: a cut-off copy? 'hiit history delete \(copy.id.uuidString.prefix(8))' removes it"), "\(run)")
        #expect(!run.stderrLines.contains { $0.contains("\(full.path): starts within") }, "\(run)")
    }

    @Test("a JSON lines backup restored first, then the originals: each original is kept, so the detail view has its points again")
    func originalsAfterBackup() throws {
        let box = try E2ESandbox.forHistory()
        let tcx = Self.fixture("real/3173437224.tcx")
        #expect(try box.run(["history", "import", tcx.path]).status == 0)
        let backup = box.file("backup.jsonl")
        let export = try box.run(["history", "export", "--json"])
        try Data(export.stdout.utf8).write(to: backup)
        let id = try #require(try Self.sessions(box).first?.id)
        #expect(try box.run(["history", "delete", String(id.uuidString.prefix(8)), "--yes"]).status == 0)
        #expect(try box.run(["history", "import", backup.path]).status == 0)
        let before = try box.run(["history", "show", String(id.uuidString.prefix(8))], extraEnvironment: ["TZ": "Europe/Amsterdam"])
        #expect(!before.stdout.contains("Splits per kilometre"), "\(before)")

        let run = try box.run(["history", "import", tcx.path], extraEnvironment: ["TZ": "Europe/Amsterdam"])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdoutLines.first == "\(tcx.path): already present (\(id.uuidString.prefix(8))); its original kept", "\(run)")
        let kept = box.dataFolder.appendingPathComponent("activities/\(id.uuidString).tcx")
        #expect(try Data(contentsOf: kept) == (try Data(contentsOf: tcx)))
        let after = try box.run(["history", "show", String(id.uuidString.prefix(8))], extraEnvironment: ["TZ": "Europe/Amsterdam"])
        #expect(after.stdout.contains("  Splits per kilometre\n"), "\(after)")
        #expect(after.stdout.contains("Recorded by Polar M400 (3173437224.tcx, TCX)"), "\(after)")
    }

    @Test("exports of imported sessions: a GPX-imported ride as FIT carries its totals; a run–row file as TCX comes back as itself")
    func exportsOfImported() throws {
        let box = try E2ESandbox.forHistory()
        let gpx = Self.fixture("real/4801048867_strava.gpx")
        let multisport = Self.fixture("real/6471559601_ACTIVITY.fit")
        #expect(try box.run(["history", "import", gpx.path, multisport.path], extraEnvironment: ["TZ": "Europe/Amsterdam"]).status == 0)
        let records = try Self.sessions(box)
        let ride = try #require(records.first { $0.source?.format == "gpx" })
        let fit = box.file("ride.fit")
        #expect(try box.run(["history", "export", String(ride.id.uuidString.prefix(8)), "--fit", fit.path]).status == 0)
        let written = try ActivityFile.decode(try Data(contentsOf: fit))
        let totals = try #require(written.sessions.first?.totals)
        let leg = try #require(ride.legs.first)
        #expect(totals.timerSeconds == leg.timerSeconds && totals.elapsedSeconds != nil)
        #expect(abs((totals.distanceMeters ?? 0) - (leg.distanceMeters ?? -1)) < 0.01)
        // FIT keeps heart rate in whole beats per minute and climb in whole metres.
        #expect(totals.averageHeartRate == leg.avgHeartRate.map { $0.rounded() } && totals.ascentMeters == leg.ascentMeters.map { $0.rounded() })
        #expect(written.utcOffsetSeconds == 7200)

        let row = try #require(records.first { $0.legs.count == 3 })
        let out = box.file("out")
        #expect(try box.run(["history", "export", String(row.id.uuidString.prefix(8)), "--tcx", out.path + "/"]).status == 0)
        let again = try box.run(["history", "import", out.path])
        #expect(again.status == 0, "\(again)")
        #expect(again.stdoutLines.first?.hasSuffix(": already present (\(row.id.uuidString.prefix(8)), the same activity)") == true, "\(again)")
        #expect(try Self.sessions(box).count == 2)
    }

    @Test("one file in UTC found in a folder is named in the zone note; the detail view wraps the device line at 40 columns")
    func oneUTCFileAndNarrowDetail() throws {
        let box = try E2ESandbox.forHistory()
        let folder = box.file("export")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let gpx = folder.appendingPathComponent("activity_5039744860.gpx")
        try FileManager.default.copyItem(at: Self.fixture("real/activity_5039744860.gpx"), to: gpx)
        let run = try box.run(["history", "import", folder.path], extraEnvironment: ["TZ": "Europe/Amsterdam"])
        #expect(run.status == 0, "\(run)")
        #expect(run.stderrLines.contains("Note: \(gpx.path), found in a folder, gives no time zone: dated in Europe/Amsterdam at its start"), "\(run)")

        let id = try #require(try Self.sessions(box).first?.id)
        let show = try box.run(["history", "show", String(id.uuidString.prefix(8))], extraEnvironment: ["TZ": "Europe/Amsterdam", "COLUMNS": "40"])
        #expect(show.status == 0, "\(show)")
        let recorded = try #require(show.stdoutLines.firstIndex { $0.hasPrefix("Recorded by ") }, "\(show)")
        #expect(show.stdoutLines[recorded] == "Recorded by Garmin Connect", "\(show)")
        #expect(show.stdoutLines[recorded + 1] == "  (activity_5039744860.gpx, GPX)", "\(show)")
    }

    @Test("a folder of GPX files in UTC says once that they give no time zone")
    func folderOfUTCFiles() throws {
        let box = try E2ESandbox.forHistory()
        let folder = box.file("export")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in ["gpx/run-garmin-1.1.gpx", "gpx/two-tracks.gpx", "tcx/indoor-ride.tcx"] {
            try FileManager.default.copyItem(at: Self.fixture(name), to: folder.appendingPathComponent(URL(fileURLWithPath: name).lastPathComponent))
        }
        let run = try box.run(["history", "import", folder.path], extraEnvironment: ["TZ": "Europe/Prague"])
        #expect(run.status == 0, "\(run)")
        #expect(run.stderrLines.filter { $0.contains("no time zone") } == ["Note: 3 files found in folders give no time zone: dated in Europe/Prague at each start"], "\(run)")
        #expect(try Self.sessions(box).allSatisfy { $0.timeZone == "Europe/Prague" })
    }

    @Test("the same activity in another file (a copy with bytes past its end) is already present, not a second session")
    func sameActivityAnotherFile() throws {
        let box = try E2ESandbox.forHistory()
        #expect(try box.run(["history", "import", Self.fixture("fit/run_laps.fit").path]).status == 0)
        var copy = try Data(contentsOf: Self.fixture("fit/run_laps.fit"))
        copy.append(contentsOf: [0, 0, 0, 0])
        let other = box.file("copy-from-phone.fit")
        try copy.write(to: other)
        let before = box.historyBytes()
        let run = try box.run(["history", "import", other.path])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdoutLines.first?.hasPrefix("\(other.path): already present (") == true && run.stdoutLines.first?.hasSuffix(", the same activity)") == true, "\(run)")
        #expect(run.stderr.isEmpty, "a file already present says nothing of its own flaws: \(run)")
        #expect(box.historyBytes() == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: box.dataFolder.appendingPathComponent("activities").path).count == 1)
    }

    @Test("files named on the line: a refused one exits 65 with the others imported; a missing one exits 74")
    func refusedAndMissing() throws {
        let box = try E2ESandbox.forHistory()
        let course = Self.fixture("tcx/course.tcx").path, route = Self.fixture("gpx/route-only.gpx").path
        let run = try box.run(["history", "import", course, Self.fixture("tcx/run-laps.tcx").path, route])
        #expect(run.status == 65, "\(run)")
        #expect(run.stderrLines.contains("Error: \(course): this is a TCX course file, not an activity"), "\(run)")
        #expect(run.stderrLines.contains("Error: \(route): no activity to import: a GPX with a route only and no track"), "\(run)")
        #expect(run.stdoutLines.last == "Imported 1 session, skipped 0 already present, 0 bad lines, 2 files refused.")
        #expect(try Self.sessions(box).count == 1)

        let before = box.historyBytes()
        let missing = try box.run(["history", "import", box.file("nope.fit").path, course])
        #expect(missing.status == 74, "the worst of 74 and 65: \(missing)")
        #expect(box.historyBytes() == before)
    }

    @Test("a GPX in UTC is dated in the system's zone and says so; a FIT's own offset wins over TZ")
    func timeZones() throws {
        let box = try E2ESandbox.forHistory()
        let gpx = try box.run(["history", "import", Self.fixture("gpx/run-garmin-1.1.gpx").path], extraEnvironment: ["TZ": "Asia/Tokyo"])
        #expect(gpx.status == 0, "\(gpx)")
        #expect(gpx.stderrLines.contains("Note: \(Self.fixture("gpx/run-garmin-1.1.gpx").path): no time zone in the file: dated in Asia/Tokyo (UTC+09:00)"), "\(gpx)")
        let fit = try box.run(["history", "import", Self.fixture("fit/run_laps.fit").path], extraEnvironment: ["TZ": "Pacific/Honolulu"])
        #expect(fit.status == 0 && fit.stderr.isEmpty, "\(fit)")
        let records = try Self.sessions(box)
        #expect(records.first?.timeZone == "Asia/Tokyo" && records.first?.utcOffsetSeconds == 32_400)
        #expect(records.last?.utcOffsetSeconds == -14_400, "the watch's local_timestamp: UTC−04:00")
        let day = LocalDay(year: 2024, month: 6, day: 2)
        #expect(records.last?.localDate == day, "00:00 on 2 June where it was run (04:00 UTC), not 18:00 on 1 June in Honolulu")
    }

    @Test("with a weight, a run without device calories gets km × kg; history delete removes the original")
    func caloriesAndDelete() throws {
        let box = try E2ESandbox.forHistory()
        #expect(try box.run(["profile", "--weight", "70kg"]).status == 0)
        let run = try box.run(["history", "import", Self.fixture("gpx/run-garmin-1.1.gpx").path])
        #expect(run.status == 0, "\(run)")
        let record = try #require(try Self.sessions(box).first)
        #expect(record.kcalSource == .distance)
        #expect(abs((record.kcal ?? 0) - (record.legs.first?.distanceMeters ?? 0) / 1000 * 70) < 1e-6)
        let original = box.dataFolder.appendingPathComponent("activities/\(record.id.uuidString).gpx")
        #expect(FileManager.default.fileExists(atPath: original.path))
        let deleted = try box.run(["history", "delete", record.id.uuidString, "--yes"])
        #expect(deleted.status == 0, "\(deleted)")
        #expect(deleted.stdoutLines.last == "Deleted its original file (\(record.id.uuidString).gpx).")
        #expect(!FileManager.default.fileExists(atPath: original.path))
        #expect(try Self.sessions(box).isEmpty)
    }

    @Test("imported sessions count in stats: distance by sport over their days")
    func statsCountThem() throws {
        let box = try E2ESandbox.forHistory()
        #expect(try box.run(["history", "import", Self.fixture("fit/triathlon.fit").path, Self.fixture("fit/ride_1h.fit").path]).status == 0)
        let stats = try box.run(["stats", "2024-05-01..2024-07-31", "--metric", "distance", "--json"], extraEnvironment: ["TZ": "UTC"])
        #expect(stats.status == 0, "\(stats)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(stats.stdout.utf8)) as? [String: Any])
        let totals = try #require(object["totals"] as? [String: Any])
        #expect(totals["sessions"] as? Int == 2, "\(stats.stdout)")
        let bySport = try #require(totals["distanceBySport"] as? [String: Double])
        #expect(bySport["cycling"] == 29507.07 + 20418.49, "the ride and the triathlon's bike leg")
        #expect(bySport["running"] == 5204.15 && bySport["swimming"] == 711.87)
    }
}

@Suite("End to end: an imported activity in detail")
struct ActivityDetailTests {
    @Test("history show: device, recorded values, splits per km, the route and profiles in braille; ASCII under LANG=C")
    func showARun() throws {
        let box = try E2ESandbox.forHistory()
        #expect(try box.run(["history", "import", ActivityImportTests.fixture("fit/run_laps.fit").path]).status == 0)
        let id = try #require(try ActivityImportTests.sessions(box).first?.id)
        let show = try box.run(["history", "show", String(id.uuidString.prefix(8))], extraEnvironment: ["COLUMNS": "80"])
        #expect(show.status == 0, "\(show)")
        let lines = show.stdoutLines
        #expect(lines.contains("Recorded by polar_electro 2 (run_laps.fit, FIT)"), "\(show)")
        #expect(lines.contains("Energy from the device's value"))
        #expect(lines.contains("Run (running/street)"))
        #expect(lines.contains("  5.12 km · 4:53 /km · ▲ 203 m · ▼ 205 m · heart rate 164, max 175 bpm ·"), "\(show)")
        let splits = try #require(lines.firstIndex(of: "  Splits per kilometre"))
        #expect(lines[splits + 1] == "     KM   TIME       PACE")
        #expect(lines[splits + 2] == "      1   4:30   4:30 /km")
        #expect(lines[splits + 7] == "  117 m   0:33   4:40 /km", "the partial last split with its own distance")
        // A loop run: it ends where it started, so one S marks both and the legend says so.
        let route = try #require(lines.firstIndex(of: "  Route (S start and finish)"), "\(show)")
        let drawing = lines[(route + 1)...(route + ActivityDetailText.routeRows)]
        #expect(drawing.joined().unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) }, "braille dots")
        #expect(drawing.joined().filter { $0 == "S" }.count == 1)
        #expect(!drawing.joined().contains("F"))
        #expect(lines.contains("  Elevation by distance") && lines.contains("  Heart rate by distance"))
        #expect(lines.contains { $0.hasPrefix("  175 bpm ┤") } && lines.contains { $0.hasPrefix("  132 bpm ┤") }, "\(show)")

        let ascii = try box.run(["history", "show", id.uuidString], extraEnvironment: ["COLUMNS": "80", "LANG": "C", "LC_ALL": "C"])
        #expect(ascii.status == 0, "\(ascii)")
        #expect(ascii.stdout.unicodeScalars.allSatisfy { $0.isASCII }, "\(ascii)")
        #expect(ascii.stdoutLines.contains { $0.hasPrefix("  175 bpm +") })
    }

    @Test("history show --json: the stored line as it is, and per leg laps, splits, profiles of at most 500 points and the route")
    func showJSON() throws {
        let box = try E2ESandbox.forHistory()
        #expect(try box.run(["history", "import", ActivityImportTests.fixture("fit/run_laps.fit").path]).status == 0)
        let line = try #require(try box.historyLines().first)
        let id = try #require(try ActivityImportTests.sessions(box).first?.id)
        let show = try box.run(["history", "show", id.uuidString, "--json"])
        #expect(show.status == 0, "\(show)")
        #expect(show.stdout.hasSuffix(",\"session\":\(line)}\n"), "the stored line byte for byte")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(show.stdout.utf8)) as? [String: Any])
        #expect(object["original"] as? String == box.dataFolder.appendingPathComponent("activities/\(id.uuidString).fit").path)
        let leg = try #require((object["legs"] as? [[String: Any]])?.first)
        #expect(leg["sport"] as? String == "running" && leg["splitMeters"] as? Double == 1000)
        let splits = try #require(leg["splits"] as? [[String: Double]])
        #expect(splits.count == 6)
        #expect(splits.prefix(5).allSatisfy { $0["distanceMeters"] == 1000 })
        #expect(abs((splits.last?["distanceMeters"] ?? 0) - 117) < 1)
        #expect(abs(splits.reduce(0) { $0 + ($1["seconds"] ?? 0) } - 1500) < 2, "the splits add up to the run's time")
        #expect((leg["laps"] as? [Any])?.count == 5)
        let elevation = try #require(leg["elevation"] as? [String: Any])
        #expect(elevation["x"] as? String == "distanceMeters" && (elevation["points"] as? [Any])?.count == 500)
        let route = try #require(leg["route"] as? [[Double]])
        #expect(route.count <= 500 && route.count > 100 && route.allSatisfy { $0.count == 2 })

        // A session hiit's own timer recorded has no original: laps only.
        let own = try #require(try box.run(["history", "import", ActivityImportTests.fixture("tcx/run-laps.tcx").path]).status == 0 ? "ok" : nil)
        #expect(own == "ok")
    }

    @Test("without its original the detail still shows what the record holds, and says why there is no drawing")
    func showWithoutTheOriginal() throws {
        let box = try E2ESandbox.forHistory()
        #expect(try box.run(["history", "import", ActivityImportTests.fixture("tcx/run-laps.tcx").path]).status == 0)
        let id = try #require(try ActivityImportTests.sessions(box).first?.id)
        try FileManager.default.removeItem(at: box.dataFolder.appendingPathComponent("activities/\(id.uuidString).tcx"))
        let show = try box.run(["history", "show", id.uuidString])
        #expect(show.status == 0, "\(show)")
        #expect(show.stdoutLines.contains("No points to draw: the original file is not in \(box.dataFolder.appendingPathComponent("activities").path)"), "\(show)")
        #expect(!show.stdout.contains("Splits"))
    }
}

@Suite("End to end: exporting with the originals")
struct ActivityExportTests {
    @Test("history export --originals copies each kept original byte for byte; another hiit imports the lot back")
    func exportWithOriginals() throws {
        let box = try E2ESandbox.forHistory()
        let ride = ActivityImportTests.fixture("fit/ride_1h.fit"), run = ActivityImportTests.fixture("gpx/run-garmin-1.1.gpx")
        #expect(try box.run(["history", "import", ride.path, run.path]).status == 0)
        let folder = box.file("backup/originals")
        let file = box.file("backup/history.jsonl")
        try FileManager.default.createDirectory(at: box.file("backup"), withIntermediateDirectories: true)
        let export = try box.run(["history", "export", file.path, "--originals", folder.path])
        #expect(export.status == 0, "\(export)")
        #expect(export.stdoutLines == ["Exported 2 sessions to \(file.path)", "Copied 2 original files to \(folder.path)"])
        let copies = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(copies.count == 2 && copies.filter { $0.hasSuffix(".fit") }.count == 1)
        let fitCopy = try #require(copies.first { $0.hasSuffix(".fit") })
        #expect(try Data(contentsOf: folder.appendingPathComponent(fitCopy)) == (try Data(contentsOf: ride)))
        #expect(try fileModeBits(of: folder.appendingPathComponent(fitCopy)) == 0o600)

        // To stdout the JSON lines stay clean: the copy is said on stderr.
        let piped = try box.run(["history", "export", "--originals", folder.path])
        #expect(piped.status == 0 && piped.stdoutLines.count == 2, "\(piped)")
        #expect(piped.stderrLines == ["Copied 0 original files to \(folder.path)"], "already there: left as they are")

        // The backup's activities imported into another hiit are the same sessions.
        let other = try E2ESandbox.forHistory()
        let back = try other.run(["history", "import", folder.path])
        #expect(back.status == 0, "\(back)")
        #expect(Set(try ActivityImportTests.sessions(other).map(\.id)) == Set(try ActivityImportTests.sessions(box).map(\.id)),
                "the id is the file's SHA-256, so the same file is the same session anywhere")
    }
}
