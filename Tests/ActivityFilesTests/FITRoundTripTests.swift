@testable import ActivityFiles
import Foundation
import TestSupport
import Testing
import Tracks
import WorkoutModel

/// Encodes `activity` as FIT and decodes the file again.
func throughFIT(_ activity: RecordedActivity) throws -> RecordedActivity {
    try ActivityFile.decode(FITActivityEncoder.encode(activity))
}

/// hiit's application id as `application_id` holds it.
let hiitApplicationBytes = withUnsafeBytes(of: FITActivityEncoder.hiitApplicationID.uuid) { Array($0) }

/// A small file with developer fields named as hiit's under `applicationID`: a record, a lap
/// with `hiit_start_ms` 500 and `hiit_lap_name`, a session with `hiit_id`, `hiit_kind`,
/// `hiit_start_ms` 500; the `field_description`s before or after the `developer_data_id`.
func developerFile(applicationID: [UInt8], id: String = "5a1e0001-0000-4000-8000-000000000014", kind: String = "intervals",
                   descriptionsFirst: Bool = false) -> [UInt8] {
    var writer = FITFixtureWriter()
    writer.message(0, FITFixture.fileID())
    let dataID = [FITFixtureField(1, bytes: applicationID), FITFixtureField(3, .uint8, 0)]
    if !descriptionsFirst { writer.message(207, local: 7, dataID) }
    for (number, type, name) in [(Int64(0), Int64(0x07), "hiit_id"), (1, 0x07, "hiit_kind"), (9, 0x84, "hiit_start_ms"),
                                 (10, 0x07, "hiit_lap_name")] {
        writer.message(206, local: 8, [FITFixtureField(0, .uint8, 0), FITFixtureField(1, .uint8, number), FITFixtureField(2, .uint8, type),
                                       FITFixtureField(3, text: name, size: 16)])
    }
    if descriptionsFirst { writer.message(207, local: 7, dataID) }
    writer.message(20, local: 1, FITFixture.record(at: fitStart + 1, heartRate: 120))
    let lap = FITFixture.summary(lap: true, start: fitStart, elapsed: 10, sport: 1)
    let name = Array("Intervals".utf8) + [0]
    writer.define(local: 2, global: 19, fields: lap, developer: [(number: 9, size: 2, index: 0), (number: 10, size: UInt8(name.count), index: 0)])
    writer.write(local: 2, lap, developerBytes: [0xF4, 0x01] + name)
    let session = FITFixture.summary(start: fitStart, elapsed: 10, sport: 1, firstLapIndex: 0, lapCount: 1)
    let idBytes = Array(id.utf8) + [0], kindBytes = Array(kind.utf8) + [0]
    writer.define(local: 3, global: 18, fields: session, developer: [(number: 0, size: UInt8(idBytes.count), index: 0),
                                                                      (number: 1, size: UInt8(kindBytes.count), index: 0),
                                                                      (number: 9, size: 2, index: 0)])
    writer.write(local: 3, session, developerBytes: idBytes + kindBytes + [0xF4, 0x01])
    return writer.file()
}

@Suite("FIT export: decoding what the encoder wrote gives the activity back")
struct FITRoundTripTests {
    @Test("every FIT fixture: decode, encode, decode gives the same activity, and the same bytes again",
          arguments: ["ride_1h.fit", "run_laps.fit", "triathlon.fit", "bench_ride.fit"])
    func fitFixtures(name: String) throws {
        let original = try ActivityFile.decode(try fitFixture(name))
        #expect(fitResolution(original) == original)  // a FIT file is at FIT's resolution already
        let encoded = FITActivityEncoder.encode(original)
        let again = try ActivityFile.decode(encoded)
        #expect(again == original)
        #expect(FITActivityEncoder.encode(again) == encoded)
        #expect(again.hiitSession == nil)
    }

    /// GPX and TCX activities lose what FIT does not hold (``fitResolution(_:)`` spells it out:
    /// format, notes, sport names FIT does not spell such as TCX's `Running` → `running`, point
    /// times to the second, whole kcal and heart rates, positions to a semicircle, the offset to
    /// 15 minutes, a point at the instant the next leg starts in that leg); everything else
    /// (device, name, laps, pauses, totals, the number of points) comes back.
    @Test("every GPX and TCX fixture that is an activity: decode, encode as FIT, decode gives it at FIT's resolution",
          arguments: [("gpx", "ride-1.0.gpx"), ("gpx", "run-garmin-1.1.gpx"), ("gpx", "segments-bom-crlf-prefixed.gpx"),
                      ("gpx", "two-tracks.gpx"), ("tcx", "indoor-ride.tcx"), ("tcx", "multisport-duathlon.tcx"),
                      ("tcx", "run-laps.tcx")])
    func xmlFixtures(folder: String, name: String) throws {
        let original = try ActivityFile.decode(XMLFixture.data(folder, name))
        let again = try throughFIT(original)
        #expect(again == fitResolution(original))
        #expect(again.device == original.device)
        #expect(again.name == original.name)
        #expect(again.sessions.map(\.sport) == original.sessions.map(\.sport))
        #expect(again.sessions.map(\.laps.count) == original.sessions.map(\.laps.count))
        #expect(again.sessions.reduce(0) { $0 + $1.points.count } == original.sessions.reduce(0) { $0 + $1.points.count })
        #expect(again.hiitSession == nil)
    }

    @Test("an interval session (hiit/tabata, 16 named laps, a point a second, a pause, hiit's values) comes back exactly")
    func tabata() throws {
        let tabata = exportTabata()
        let again = try throughFIT(tabata)
        #expect(again == tabata)
        let session = try #require(again.sessions.first)
        #expect(session.start == instant(exportStart, ms: 250))
        #expect(session.laps.count == 16)
        #expect(session.laps.map(\.intensity) == Array(repeating: [LapIntensity.active, .rest], count: 8).flatMap { $0 })
        #expect(session.laps[8].name == "Burpees — round 5 of 8")
        #expect(session.laps[8].start == instant(exportStart + 120, ms: 250))
        #expect(session.pauses == [TimerPause(start: instant(exportStart + 130), end: instant(exportStart + 145))])
        #expect(again.hiitSession?.kcal == 27.634_819)
        #expect(again.name == "Morning Tabata")
    }

    @Test("a triathlon (pool swim with lengths, T1, a ride of two laps, T2, a run with a pause, multisport name) comes back exactly")
    func triathlon() throws {
        let triathlon = exportTriathlon()
        let again = try throughFIT(triathlon)
        #expect(again == triathlon)
        #expect(again.multisportName == "triathlon")
        #expect(again.sessions.map(\.sportName) == ["swimming/lap_swimming", "transition", "cycling/road", "transition", "running"])
        #expect(again.sessions.map(\.start) == [instant(exportStart), instant(exportStart + 900, ms: 500), instant(exportStart + 1020, ms: 750),
                                                instant(exportStart + 3420, ms: 750), instant(exportStart + 3496, ms: 250)])
        #expect(again.sessions[0].lengths.count == 30)
        #expect(again.sessions[0].poolLengthMeters == 25)
        #expect(again.sessions[2].totals.maximumSpeedMetersPerSecond == 70.125)  // beyond 16-bit max_speed: enhanced only
        #expect(again.device == RecordingDevice(manufacturer: "garmin", product: "fenix7"))
        #expect(again.utcOffsetSeconds == -18_000)
    }

    @Test("the multisport kind: each of FIT's names comes back; one FIT does not name is lost", arguments: [
        ("triathlon", Optional("triathlon")), ("duathlon", "duathlon"), ("brick", "brick"), ("swim_run", "swim_run"),
        ("adventure_race", "adventure_race"), ("relay", nil),
    ])
    func multisportNames(name: String, expected: String?) throws {
        var triathlon = exportTriathlon()
        triathlon.multisportName = name
        #expect(try throughFIT(triathlon).multisportName == expected)
    }

    @Test("an activity without hiit's values has none after decoding; lap names alone come back")
    func noHiitSession() throws {
        var tabata = exportTabata()
        tabata.hiitSession = nil
        let again = try throughFIT(tabata)
        #expect(again.hiitSession == nil)
        #expect(again == tabata)
        #expect(try throughFIT(ActivityFile.decode(fitFixture("run_laps.fit"))).hiitSession == nil)
    }

    @Test("a session without laps is written with one lap (activity files need one) and comes back without laps")
    func sessionWithoutLaps() throws {
        var tabata = exportTabata()
        tabata.sessions[0].laps = []
        let bytes = [UInt8](FITActivityEncoder.encode(tabata))
        #expect(try messageNumbers(bytes).filter { $0 == 19 }.count == 1)
        #expect(try ActivityFile.decode(Data(bytes)) == tabata)
    }

    @Test("the recording device comes back, whatever FIT has a number for", arguments: [
        RecordingDevice(manufacturer: "garmin", product: "edge_530"), RecordingDevice(manufacturer: "polar_electro", product: "2"),
        RecordingDevice(manufacturer: nil, product: "Forerunner 255"), RecordingDevice(manufacturer: "polar", product: "Polar V800"),
        RecordingDevice(manufacturer: "strava", product: "StravaGPX Android"), RecordingDevice(manufacturer: "garmin", product: "3121"),
        RecordingDevice(manufacturer: "garmin", product: "Garmin Connect"), RecordingDevice(manufacturer: "4242", product: "7"),
        RecordingDevice(manufacturer: "1", product: nil), RecordingDevice(manufacturer: "development", product: "0"),
    ])
    func devices(device: RecordingDevice) throws {
        var activity = exportTriathlon()
        activity.device = device
        #expect(try throughFIT(activity).device == device)
    }

    @Test("no device comes back as none (the file_id names hiit, not the recording device)")
    func noDevice() throws {
        var activity = exportTriathlon()
        activity.device = nil
        #expect(try throughFIT(activity).device == nil)
    }

    @Test("the workout's name is cut to 254 bytes of UTF-8 on a character boundary")
    func longWorkoutName() throws {
        var tabata = exportTabata()
        tabata.hiitSession?.workout = String(repeating: "Žabí skok ", count: 30)  // 360 bytes
        let workout = try #require(try throughFIT(tabata).hiitSession?.workout)
        #expect(workout.utf8.count <= 254)
        #expect(workout.utf8.count >= 252)
        #expect(String(repeating: "Žabí skok ", count: 30).hasPrefix(workout))
    }

    @Test("hiit's fields under hiit's application id are read, whichever of the id and the descriptions comes first",
          arguments: [false, true])
    func hiitDeveloperFields(descriptionsFirst: Bool) throws {
        let activity = try decodeFIT(developerFile(applicationID: hiitApplicationBytes, descriptionsFirst: descriptionsFirst))
        #expect(activity.notes == [])
        let hiit = try #require(activity.hiitSession)
        #expect(hiit.id == UUID(uuidString: "5a1e0001-0000-4000-8000-000000000014"))
        #expect(hiit.kind == .intervals)
        #expect(hiit.workout == "")
        #expect(activity.sessions[0].start == instant(fitStart, ms: 500))
        #expect(activity.sessions[0].laps.map(\.start) == [instant(fitStart, ms: 500)])
        #expect(activity.sessions[0].laps.map(\.name) == ["Intervals"])
    }

    @Test("fields named as hiit's under another application's id are not hiit's: no session values, no milliseconds, no names")
    func foreignDeveloperFields() throws {
        var other = hiitApplicationBytes
        other[15] ^= 0x01
        let activity = try decodeFIT(developerFile(applicationID: other))
        #expect(activity.notes == [])
        #expect(activity.hiitSession == nil)
        #expect(activity.sessions[0].start == fitDate(fitStart))
        #expect(activity.sessions[0].laps.map(\.name) == [nil])
        #expect(activity.sessions[0].points.map(\.heartRate) == [120])
    }

    @Test("hiit's values need a UUID and a kind hiit knows", arguments: [
        ("not-a-uuid", "intervals"), ("5a1e0001-0000-4000-8000-000000000014", "yoga"), ("", "multisport"),
    ])
    func invalidHiitValues(id: String, kind: String) throws {
        let activity = try decodeFIT(developerFile(applicationID: hiitApplicationBytes, id: id, kind: kind))
        #expect(activity.hiitSession == nil)
        #expect(activity.sessions[0].start == instant(fitStart, ms: 500))  // the rest of hiit's fields still count
    }

    @Test("lap intensity (field 23) from any file; a value FIT does not name is none", arguments: [
        (Int64(0), Optional(LapIntensity.active)), (1, .rest), (2, .warmup), (3, .cooldown), (6, .other), (9, nil), (255, nil),
    ])
    func lapIntensity(raw: Int64, expected: LapIntensity?) throws {
        var writer = FITFixtureWriter()
        writer.message(0, FITFixture.fileID())
        writer.message(20, local: 1, FITFixture.record(at: fitStart))
        writer.message(19, local: 2, FITFixture.summary(lap: true, start: fitStart, elapsed: 5) + [FITFixtureField(23, .enumeration, raw)])
        #expect(try decodeFIT(writer.file()).sessions[0].laps.map(\.intensity) == [expected])
    }

    @Test("a sport message of sport multisport names the kind and is not taken as a session's sport", arguments: [
        (Int64(78), Optional("triathlon")), (79, "duathlon"), (81, "swim_run"), (0, nil), (200, "200"),
    ])
    func multisportMessage(subSport: Int64, expected: String?) throws {
        var writer = FITFixtureWriter()
        writer.message(0, FITFixture.fileID())
        writer.message(12, local: 6, FITFixture.sport(18, subSport: subSport))
        writer.message(20, local: 1, FITFixture.record(at: fitStart))
        let activity = try decodeFIT(writer.file())
        #expect(activity.multisportName == expected)
        #expect(activity.sessions.map(\.sportName) == ["generic"])
    }

    @Test("damaged exports never crash: 2,000 seeded byte changes of an encoded Tabata")
    func damagedExports() {
        let bytes = [UInt8](FITActivityEncoder.encode(exportTabata()))
        var generator = SeededGenerator(seed: 14)
        for trial in 0..<2000 {
            var damaged = bytes
            for _ in 0..<(1 + trial % 4) {
                let index = Int.random(in: 14..<damaged.count, using: &generator)
                damaged[index] = UInt8.random(in: 0...255, using: &generator)
            }
            let outcome = FITOutcome(damaged)
            #expect(outcome.isWellFormed, "trial \(trial)")
        }
    }
}
