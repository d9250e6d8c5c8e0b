import ActivityFiles
import Foundation
import Testing
import Tracks
import WorkoutModel

/// The bytes of `Fixtures/fit/NAME` (written with fit-tool by `bench/fit_import.py fixtures`).
func fitFixture(_ name: String) throws -> Data {
    let url = try #require(Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures/fit"))
    return try Data(contentsOf: url)
}

/// Degrees of a FIT semicircle value, as the expected values below were read (Garmin's
/// decoder gives semicircles).
func degrees(_ semicircles: Int64) -> Double { Double(semicircles) * 180 / 2_147_483_648 }

/// Every expected value below was read from the same file by Garmin's own decoder
/// (`garmin-fit-sdk` 21.x on PyPI, `Decoder.read` with scale and offset applied), once, during
/// development; the decoder must agree with it exactly.
@Suite("Realistic FIT files agree with Garmin's decoder")
struct FITFixtureTests {
    @Test("a 1-hour ride from an Edge 530: 3,601 records, 4 laps, a 2-minute pause, UTC+2")
    func ride() throws {
        let activity = try ActivityFile.decode(try fitFixture("ride_1h.fit"))
        #expect(activity.notes == [])
        #expect(activity.device == RecordingDevice(manufacturer: "garmin", product: "edge_530"))
        #expect(activity.utcOffsetSeconds == 7200)
        #expect(activity.sessions.count == 1)
        let session = activity.sessions[0]
        #expect(session.sport == .cycling)
        #expect(session.sportName == "cycling/road")
        #expect(session.start == fitDate(1_714_802_400))
        #expect(session.totals == RecordedTotals(elapsedSeconds: 3720, timerSeconds: 3600, distanceMeters: 29507.07,
                                                 ascentMeters: 602, descentMeters: 558, kcal: 445, averageHeartRate: 149,
                                                 maximumHeartRate: 155, averageCadence: 87, maximumCadence: 96,
                                                 maximumSpeedMetersPerSecond: 9.716))
        #expect(session.laps.map(\.start) == [1_714_802_400, 1_714_803_330, 1_714_804_260, 1_714_805_190].map(fitDate))
        #expect(session.laps.map(\.totals.distanceMeters) == [7858.82, 6898.97, 7316.08, 7423.82])
        #expect(session.pauses == [TimerPause(start: fitDate(1_714_804_200), end: fitDate(1_714_804_320))])
        #expect(session.points.count == 3601)
        #expect(session.points.first == TrackPoint(time: fitDate(1_714_802_400), latitude: degrees(546_804_217),
                                                   longitude: degrees(81_905_026), altitudeMeters: 1035.2, distanceMeters: 0,
                                                   heartRate: 121, cadence: 80, speedMetersPerSecond: 7.981))
        #expect(session.points.last == TrackPoint(time: fitDate(1_714_806_120), latitude: degrees(546_698_123),
                                                  longitude: degrees(81_920_715), altitudeMeters: 1078.6, distanceMeters: 29507.07,
                                                  heartRate: 150, cadence: 79, speedMetersPerSecond: 8.668))
    }

    @Test("a 5 km run from a Polar watch, summaries written first: 5 laps, UTC−4")
    func run() throws {
        let activity = try ActivityFile.decode(try fitFixture("run_laps.fit"))
        #expect(activity.notes == [])
        #expect(activity.device == RecordingDevice(manufacturer: "polar_electro", product: "2"))
        #expect(activity.utcOffsetSeconds == -14_400)
        let session = try #require(activity.sessions.first)
        #expect(activity.sessions.count == 1)
        #expect(session.sport == .running)
        #expect(session.sportName == "running/street")
        #expect(session.totals == RecordedTotals(elapsedSeconds: 1500, timerSeconds: 1500, distanceMeters: 5117.11,
                                                 ascentMeters: 203, descentMeters: 205, kcal: 372, averageHeartRate: 164,
                                                 maximumHeartRate: 175, averageCadence: 87, maximumCadence: 90,
                                                 maximumSpeedMetersPerSecond: 4.14))
        #expect(session.laps.map(\.start) == [1_717_300_800, 1_717_301_071, 1_717_301_398, 1_717_301_670, 1_717_301_995].map(fitDate))
        #expect(session.laps.map(\.totals.distanceMeters) == [1002.71, 999.95, 999.53, 997.93, 1116.99])
        #expect(session.pauses == [])
        #expect(session.points.count == 1501)
        #expect(session.points.first == TrackPoint(time: fitDate(1_717_300_800), latitude: degrees(614_602_662),
                                                   longitude: degrees(-1_682_196), altitudeMeters: 30.200000000000045,
                                                   distanceMeters: 0, heartRate: 138, cadence: 89, speedMetersPerSecond: 3.424))
        #expect(session.points.last == TrackPoint(time: fitDate(1_717_302_300), latitude: degrees(614_612_511),
                                                  longitude: degrees(-1_681_283), altitudeMeters: 28.200000000000045,
                                                  distanceMeters: 5117.11, heartRate: 169, cadence: 87, speedMetersPerSecond: 3.594))
    }

    @Test("a sprint triathlon from a fenix 7: five sessions (two transitions), laps by first_lap_index, records by time")
    func triathlon() throws {
        let activity = try ActivityFile.decode(try fitFixture("triathlon.fit"))
        #expect(activity.notes == [])
        #expect(activity.device == RecordingDevice(manufacturer: "garmin", product: "fenix7"))
        #expect(activity.utcOffsetSeconds == 7200)
        let sessions = activity.sessions
        #expect(sessions.map(\.sport) == [.swimming, .transition, .cycling, .transition, .running])
        #expect(sessions.map(\.sportName) == ["swimming/open_water", "transition", "cycling/road", "transition", "running"])
        #expect(sessions.map(\.start) == [1_720_256_400, 1_720_257_300, 1_720_257_420, 1_720_259_820, 1_720_259_895].map(fitDate))
        #expect(sessions.map(\.totals.elapsedSeconds) == [900, 120, 2400, 75, 1500])
        #expect(sessions.map(\.totals.distanceMeters) == [711.87, 155.46, 20418.49, 116.19, 5204.15])
        #expect(sessions.map(\.totals.kcal) == [50, 50, 200, 50, 250])
        #expect(sessions.map(\.totals.averageHeartRate) == [148, 128, 156, 127, 153])
        #expect(sessions.map(\.totals.maximumSpeedMetersPerSecond) == [1.159, 1.627, 10.073, 1.926, 4.2])
        #expect(sessions.map(\.laps.count) == [1, 1, 4, 1, 5])
        #expect(sessions[2].laps.map(\.totals.distanceMeters) == [5102.84, 5106.76, 5099.98, 5108.91])
        #expect(sessions[4].laps.map(\.start) == [1_720_259_895, 1_720_260_195, 1_720_260_495, 1_720_260_795, 1_720_261_095].map(fitDate))
        #expect(sessions.map(\.points.count) == [900, 120, 2400, 75, 1500])
        #expect(sessions[0].points.first?.time == fitDate(1_720_256_400))
        #expect(sessions[4].points.last == TrackPoint(time: fitDate(1_720_261_394), latitude: degrees(574_343_356),
                                                      longitude: degrees(138_155_787), altitudeMeters: 517.4,
                                                      distanceMeters: 5200.89, heartRate: 158, cadence: 80,
                                                      speedMetersPerSecond: 3.248))
    }

    @Test("the benchmark's 13,471-record ride from an Edge 1040 (25 fields a record)")
    func benchRide() throws {
        let data = try fitFixture("bench_ride.fit")
        #expect(data.count == 755_080)
        let activity = try ActivityFile.decode(data)
        #expect(activity.notes == [])
        #expect(activity.device == RecordingDevice(manufacturer: "garmin", product: "edge_1040"))
        let session = try #require(activity.sessions.first)
        #expect(session.points.count == 13_471)
        #expect(session.laps.count == 10)
        #expect(session.totals.distanceMeters == 110_501.93)
        #expect(session.totals.ascentMeters == 2160)
        #expect(session.totals.descentMeters == 2219)
        #expect(session.points.last == TrackPoint(time: fitDate(1_725_186_670), latitude: degrees(546_809_354),
                                                  longitude: degrees(81_905_036), altitudeMeters: 975.5999999999999,
                                                  distanceMeters: 110_501.93, heartRate: 152, cadence: 83,
                                                  speedMetersPerSecond: 9.17))
    }
}
