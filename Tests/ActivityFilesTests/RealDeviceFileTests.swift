import ActivityFiles
import Foundation
import Testing
import Tracks
import WorkoutModel

/// The bytes of `Fixtures/real/NAME`: files recorded by real devices and exported by real
/// platforms (Garmin Edge 1000 and Forerunner 935 FIT files, a Polar M400 TCX from Polar Flow,
/// Garmin Connect's GPX and TCX and Strava's GPX of the same rides), as the `sweat` package
/// (MIT, PyPI) ships them; see `Fixtures/real/README.md`.
func realFixture(_ name: String) throws -> Data {
    let base = (name as NSString).deletingPathExtension
    let ext = (name as NSString).pathExtension
    let url = try #require(Bundle.module.url(forResource: base, withExtension: ext, subdirectory: "Fixtures/real"))
    return try Data(contentsOf: url)
}

/// Every FIT value below was read from the same file by Garmin's own decoder (`garmin-fit-sdk`
/// 21.218 on PyPI, `Decoder.read` with scale and offset applied) and every TCX lap value with
/// Python's ElementTree, once, during development; hiit's decoders must agree with them exactly.
@Suite("Files from real devices agree with Garmin's decoder")
struct RealDeviceFileTests {
    @Test("an Edge 1000 ride with two timer stops: the device's totals, 5 laps, 96 records, UTC+2")
    func edge1000Short() throws {
        let activity = try ActivityFile.decode(try realFixture("2020-06-01-16-52-40.fit"))
        #expect(activity.notes == [])
        #expect(activity.device == RecordingDevice(manufacturer: "garmin", product: "edge1000"))
        #expect(activity.utcOffsetSeconds == 7200)
        let session = try #require(activity.sessions.first)
        #expect(activity.sessions.count == 1)
        #expect(session.sport == .cycling)
        #expect(session.start == fitDate(959_957_560 + 631_065_600))
        #expect(session.totals == RecordedTotals(elapsedSeconds: 113.15, timerSeconds: 93.7, distanceMeters: 668.19,
                                                 ascentMeters: 1, descentMeters: 0, kcal: 12, averageHeartRate: 150,
                                                 maximumHeartRate: 156, averageCadence: 87, maximumCadence: 96,
                                                 maximumSpeedMetersPerSecond: 7.875))
        #expect(session.laps.map(\.start) == [959_957_560, 959_957_586, 959_957_600, 959_957_645, 959_957_662].map { fitDate($0 + 631_065_600) })
        #expect(session.laps.map(\.totals.distanceMeters) == [142.35, 104.2, 111.93, 129.29, 180.42])
        // timer stop_all at +53 s, start at +85 s; the stop at the end closes no pause.
        #expect(session.pauses == [TimerPause(start: fitDate(959_957_613 + 631_065_600), end: fitDate(959_957_645 + 631_065_600))])
        #expect(session.points.count == 96)
        #expect(session.points.first == TrackPoint(time: fitDate(959_957_560 + 631_065_600), latitude: degrees(622_266_348),
                                                   longitude: degrees(53_580_528), altitudeMeters: -20.19999999999999,
                                                   distanceMeters: 6.59, heartRate: 154, cadence: 90, speedMetersPerSecond: 6.438))
        #expect(session.points.last == TrackPoint(time: fitDate(959_957_686 + 631_065_600), latitude: degrees(622_291_653),
                                                  longitude: degrees(53_443_545), altitudeMeters: -21.600000000000023,
                                                  distanceMeters: 668.19, heartRate: 148, cadence: 0, speedMetersPerSecond: 6.625))
    }

    @Test("an Edge 1000 ride of 2 h 19 min: 8,357 records, 1,254 m of climbing")
    func edge1000Long() throws {
        let activity = try ActivityFile.decode(try realFixture("4078723797.fit"))
        #expect(activity.notes == [])
        #expect(activity.device == RecordingDevice(manufacturer: "garmin", product: "edge1000"))
        #expect(activity.utcOffsetSeconds == 7200)
        let session = try #require(activity.sessions.first)
        #expect(session.sport == .cycling)
        #expect(session.start == fitDate(937_923_003 + 631_065_600))
        #expect(session.totals == RecordedTotals(elapsedSeconds: 8355.6, timerSeconds: 8355.6, distanceMeters: 57567.24,
                                                 ascentMeters: 1254, descentMeters: 1250, kcal: 1830, averageHeartRate: 165,
                                                 maximumHeartRate: 190, averageCadence: 91, maximumCadence: 134,
                                                 maximumSpeedMetersPerSecond: 19.389))
        #expect(session.laps.count == 1)
        #expect(session.pauses == [])
        #expect(session.points.count == 8357)
        #expect(session.points.last?.time == fitDate(937_931_359 + 631_065_600))
        #expect(session.points.last?.distanceMeters == 57567.24)
        #expect(session.points.last?.latitude == degrees(601_207_050))
    }

    @Test("a Forerunner 935 ride: 8 auto-laps of 5 km, no cadence sensor")
    func forerunnerRide() throws {
        let activity = try ActivityFile.decode(try realFixture("4801048867.fit"))
        #expect(activity.notes == [])
        #expect(activity.device == RecordingDevice(manufacturer: "garmin", product: "fr935"))
        #expect(activity.utcOffsetSeconds == 7200)
        let session = try #require(activity.sessions.first)
        #expect(session.sport == .cycling)
        #expect(session.totals == RecordedTotals(elapsedSeconds: 5158.557, timerSeconds: 5158.557, distanceMeters: 36322.85,
                                                 ascentMeters: 79, descentMeters: 73, kcal: 773, averageHeartRate: 130,
                                                 maximumHeartRate: 160, maximumSpeedMetersPerSecond: 9.368))
        #expect(session.laps.map(\.totals.distanceMeters) == [5000, 5000, 5000, 5000, 5000, 5000, 5000, 1322.85])
        #expect(session.points.count == 5159)
        #expect(session.points.first == TrackPoint(time: fitDate(956_142_644 + 631_065_600), latitude: degrees(621_545_147),
                                                   longitude: degrees(79_238_147), altitudeMeters: 6.800000000000011,
                                                   distanceMeters: 0.84, heartRate: 121, speedMetersPerSecond: 0.784))
    }

    @Test("a Forerunner 935 indoor ride: no position, no altitude, distance 0 throughout, three timer stops")
    func indoorRide() throws {
        let activity = try ActivityFile.decode(try realFixture("6449921903_ACTIVITY.fit"))
        #expect(activity.notes == [])
        #expect(activity.utcOffsetSeconds == 3600)
        let session = try #require(activity.sessions.first)
        #expect(session.sport == .cycling)
        #expect(session.sportName == "cycling/indoor_cycling")
        #expect(session.totals == RecordedTotals(elapsedSeconds: 324.513, timerSeconds: 196.229, distanceMeters: 0,
                                                 kcal: 25, averageHeartRate: 100, maximumHeartRate: 121,
                                                 averageCadence: 87, maximumCadence: 91))
        #expect(session.pauses == [TimerPause(start: fitDate(985_007_049 + 631_065_600), end: fitDate(985_007_062 + 631_065_600)),
                                   TimerPause(start: fitDate(985_007_133 + 631_065_600), end: fitDate(985_007_248 + 631_065_600))])
        #expect(session.points.count == 199)
        #expect(session.points.allSatisfy { !$0.hasPosition && $0.altitudeMeters == nil })
        #expect(session.points.first == TrackPoint(time: fitDate(985_006_953 + 631_065_600), distanceMeters: 0, heartRate: 74, cadence: 84))
    }

    @Test("a Forerunner 935 multisport file: run, transition, row as three sessions with one lap each")
    func multisport() throws {
        let activity = try ActivityFile.decode(try realFixture("6471559601_ACTIVITY.fit"))
        #expect(activity.notes == [])
        #expect(activity.sessions.map(\.sport) == [.running, .transition, .rowing])
        #expect(activity.sessions.map(\.start) == [985_344_496, 985_344_520, 985_344_532].map { fitDate($0 + 631_065_600) })
        #expect(activity.sessions.map(\.totals.elapsedSeconds) == [24.593, 11.763, 23.245])
        #expect(activity.sessions.map(\.totals.averageHeartRate) == [54, 48, 54])
        #expect(activity.sessions.map(\.laps.count) == [1, 1, 1])
        #expect(activity.sessions.map(\.points.count).reduce(0, +) == 60)
    }

    @Test("a Polar M400 run exported by Polar Flow as TCX: 2 laps, 3,507 trackpoints, kcal on the first lap")
    func polarTCX() throws {
        let activity = try ActivityFile.decode(try realFixture("3173437224.tcx"))
        #expect(activity.format == .tcx)
        #expect(activity.device == RecordingDevice(manufacturer: "polar", product: "Polar M400"))
        #expect(activity.utcOffsetSeconds == nil)
        let session = try #require(activity.sessions.first)
        #expect(activity.sessions.count == 1)
        #expect(session.sport == .running)
        // The activity's Id (its start), a second before the first lap's StartTime.
        #expect(session.start == ISO8601DateFormatter().date(from: "2019-01-29T10:25:12Z"))
        #expect(session.laps.map(\.totals.timerSeconds) == [142, 3368])
        #expect(session.laps.map(\.totals.distanceMeters) == [142.89999389648438, 4365.60009765625])
        #expect(session.laps.map(\.totals.kcal) == [467, 0])
        #expect(session.laps.map(\.totals.maximumHeartRate) == [145, 168])
        #expect(session.totals.timerSeconds == 3510)
        #expect(session.totals.kcal == 467)
        #expect(session.points.count == 3507)
    }

    @Test("Garmin Connect's TCX of the short Edge 1000 ride: the same 5 laps and 668.19 m")
    func garminConnectTCX() throws {
        let activity = try ActivityFile.decode(try realFixture("activity_5039744860.tcx"))
        #expect(activity.device == RecordingDevice(manufacturer: "garmin", product: "Garmin Edge 1000"))
        let session = try #require(activity.sessions.first)
        #expect(session.sport == .cycling)
        #expect(session.laps.map(\.totals.distanceMeters) == [142.35, 104.2, 111.93, 129.29, 180.42])
        #expect(session.points.count == 100)
    }

    @Test("Strava's GPX of the Forerunner ride: type 1 is a ride, 5,159 points, the name kept")
    func stravaGPX() throws {
        let activity = try ActivityFile.decode(try realFixture("4801048867_strava.gpx"))
        #expect(activity.format == .gpx)
        #expect(activity.device == RecordingDevice(manufacturer: "strava", product: "StravaGPX"))
        #expect(activity.name == "Rondje achterhoek")
        let session = try #require(activity.sessions.first)
        #expect(session.sport == .cycling)
        #expect(session.sportName == "Ride")
        #expect(session.points.count == 5159)
        #expect(session.start == ISO8601DateFormatter().date(from: "2020-04-18T11:10:44Z"))
        #expect(session.points.last?.time == ISO8601DateFormatter().date(from: "2020-04-18T12:36:42Z"))
        // gpxpy's length_2d is 36,312.05 m on an Earth of radius 6,378.137 km; the same
        // great-circle steps on the mean radius 6,371.0088 km (TrackSummary's) are that × the ratio.
        let summary = TrackSummary(points: session.points, pauses: session.pauses, sport: .cycling)
        let distance = try #require(summary.distanceMeters)
        #expect(abs(distance - 36_312.05 * 6371.0088 / 6378.137) < 1)
    }
}
