import ActivityFiles
import Foundation
import Testing
import Tracks
import WorkoutModel

/// 2024-05-04 06:00:00 UTC, the start of every written activity.
let fitStart: Int64 = 1_714_802_400

func fitDate(_ unix: Int64) -> Date { Date(timeIntervalSince1970: TimeInterval(unix)) }

func decodeFIT(_ bytes: [UInt8]) throws -> RecordedActivity { try ActivityFile.decode(Data(bytes)) }

/// A 10-second ride with a pause, its lap, session and activity: the shape of a real file.
func fitRide(summaryFirst: Bool = false) -> FITFixtureWriter {
    var writer = FITFixtureWriter()
    writer.message(0, FITFixture.fileID())
    let lap = FITFixture.summary(lap: true, start: fitStart, elapsed: 10, timer: 8, distance: 50, sport: 2, subSport: 7,
                                 ascent: 4, descent: 1, kcal: 3, averageHeartRate: 120, maximumHeartRate: 131,
                                 averageCadence: 85, maximumCadence: 90, maximumSpeed: 6.5)
    let session = FITFixture.summary(start: fitStart, elapsed: 10, timer: 8, distance: 50, sport: 2, subSport: 7,
                                     ascent: 4, descent: 1, kcal: 3, averageHeartRate: 120, maximumHeartRate: 131,
                                     averageCadence: 85, maximumCadence: 90, maximumSpeed: 6.5, firstLapIndex: 0, lapCount: 1)
    if summaryFirst {
        writer.message(19, local: 2, lap)
        writer.message(18, local: 3, session)
    }
    writer.message(21, local: 4, FITFixture.timer(at: fitStart, stop: false))
    for second in Int64(0)...10 {
        if second == 4 { writer.message(21, local: 4, FITFixture.timer(at: fitStart + 4, stop: true)) }
        if second == 6 { writer.message(21, local: 4, FITFixture.timer(at: fitStart + 6, stop: false)) }
        writer.message(20, local: 1, FITFixture.record(at: fitStart + second, latitude: 52.5 + Double(second) * 0.0001,
                                                         longitude: 13.25, altitude: 34 + Double(second), distance: Double(second) * 5,
                                                         heartRate: 110 + second, cadence: 80 + second, speed: 5.5))
    }
    writer.message(21, local: 4, FITFixture.timer(at: fitStart + 10, stop: true))
    if !summaryFirst {
        writer.message(19, local: 2, lap)
        writer.message(18, local: 3, session)
    }
    writer.message(34, local: 5, FITFixture.activity(at: fitStart + 10, offset: 7200))
    return writer
}

@Suite("FIT activity files become recorded activities")
struct FITActivityTests {
    @Test("a ride: device, sport, totals as written, the lap, points with units, the pause, the UTC offset")
    func ride() throws {
        let activity = try decodeFIT(fitRide().file())
        #expect(activity.format == .fit)
        #expect(activity.notes == [])
        #expect(activity.device == RecordingDevice(manufacturer: "garmin", product: "edge_530"))
        #expect(activity.utcOffsetSeconds == 7200)
        #expect(activity.sessions.count == 1)
        let session = try #require(activity.sessions.first)
        #expect(session.sport == .cycling)
        #expect(session.sportName == "cycling/road")
        #expect(session.start == fitDate(fitStart))
        let totals = RecordedTotals(elapsedSeconds: 10, timerSeconds: 8, distanceMeters: 50, ascentMeters: 4, descentMeters: 1,
                                    kcal: 3, averageHeartRate: 120, maximumHeartRate: 131, averageCadence: 85, maximumCadence: 90,
                                    maximumSpeedMetersPerSecond: 6.5)
        #expect(session.totals == totals)
        #expect(session.laps == [RecordedLap(start: fitDate(fitStart), totals: totals)])
        #expect(session.points.count == 11)
        #expect(session.pauses == [TimerPause(start: fitDate(fitStart + 4), end: fitDate(fitStart + 6))])
        let last = try #require(session.points.last)
        #expect(last.time == fitDate(fitStart + 10))
        #expect(abs((last.latitude ?? 0) - 52.501) < 1e-7)
        #expect(abs((last.longitude ?? 0) - 13.25) < 1e-7)
        #expect(last.altitudeMeters == 44)
        #expect(last.distanceMeters == 50)
        #expect(last.heartRate == 120)
        #expect(last.cadence == 90)
        #expect(last.speedMetersPerSecond == 5.5)
    }

    @Test("summaries written first (Garmin since 2023) give the same activity as summaries last")
    func summaryFirst() throws {
        let first = try decodeFIT(fitRide(summaryFirst: true).file())
        let last = try decodeFIT(fitRide().file())
        #expect(first == last)
    }

    @Test("altitude and speed without the enhanced fields: altitude scale 5 offset 500, speed scale 1000")
    func plainAltitudeAndSpeed() throws {
        var writer = FITFixtureWriter()
        writer.message(0, FITFixture.fileID())
        writer.message(20, local: 1, FITFixture.record(at: fitStart, altitude: -12, distance: 0, speed: 2.25, enhanced: false))
        writer.message(20, local: 1, FITFixture.record(at: fitStart + 1, altitude: 8848, distance: 2.25, speed: 2.5, enhanced: false))
        let points = try decodeFIT(writer.file()).sessions[0].points
        #expect(points.map(\.altitudeMeters) == [-12, 8848])
        #expect(points.map(\.speedMetersPerSecond) == [2.25, 2.5])
        #expect(points.map(\.distanceMeters) == [0, 2.25])
    }

    @Test("a triathlon: one session per leg with transitions, in time order, laps by first_lap_index, points by time")
    func multisport() throws {
        var writer = FITFixtureWriter()
        writer.message(0, FITFixture.fileID())
        // legs: swim 0–600, T1 600–660, bike 660–1860, T2 1860–1900, run 1900–2500
        let legs: [(sport: Int64, sub: Int64, start: Int64, seconds: Double, laps: Int64)] =
            [(5, 18, 0, 600, 1), (3, 0, 600, 60, 1), (2, 0, 660, 1200, 2), (3, 0, 1860, 40, 1), (1, 0, 1900, 600, 1)]
        for second in stride(from: Int64(0), through: 2500, by: 20) {
            writer.message(20, local: 1, FITFixture.record(at: fitStart + second, heartRate: 140))
        }
        for leg in legs {
            let lapSeconds = leg.seconds / Double(leg.laps)
            for lap in 0..<leg.laps {
                writer.message(19, local: 2, FITFixture.summary(lap: true, start: fitStart + leg.start + lap * Int64(lapSeconds),
                                                                 elapsed: lapSeconds, sport: leg.sport))
            }
        }
        // The sessions are written out of order (run first) to show they are put in time order.
        for (index, leg) in legs.enumerated().reversed() {
            let first = legs[..<index].reduce(Int64(0)) { $0 + $1.laps }
            writer.message(18, local: 3, FITFixture.summary(start: fitStart + leg.start, elapsed: leg.seconds, sport: leg.sport,
                                                             subSport: leg.sub, firstLapIndex: first, lapCount: leg.laps))
        }
        let activity = try decodeFIT(writer.file())
        #expect(activity.sessions.map(\.sport) == [.swimming, .transition, .cycling, .transition, .running])
        #expect(activity.sessions.map(\.sportName) == ["swimming/open_water", "transition", "cycling", "transition", "running"])
        #expect(activity.sessions.map(\.start) == legs.map { fitDate(fitStart + $0.start) })
        #expect(activity.sessions.map(\.laps.count) == [1, 1, 2, 1, 1])
        #expect(activity.sessions[2].laps.map(\.start) == [fitDate(fitStart + 660), fitDate(fitStart + 1260)])
        // records every 20 s: 0…580 (30), 600…640 (3), 660…1840 (60), 1860…1880 (2), 1900…2500 (31)
        #expect(activity.sessions.map(\.points.count) == [30, 3, 60, 2, 31])
        #expect(activity.sessions[1].totals.elapsedSeconds == 60)
    }

    @Test("sessions claiming the same laps: the first range keeps them, the other session's laps go by time")
    func overlappingLapRanges() throws {
        var writer = FITFixtureWriter()
        writer.message(0, FITFixture.fileID())
        for (index, start) in [Int64(0), 300, 600].enumerated() {
            writer.message(19, local: 2, FITFixture.summary(lap: true, start: fitStart + start, elapsed: 300, distance: Double(index + 1)))
        }
        writer.message(18, local: 3, FITFixture.summary(start: fitStart, elapsed: 600, sport: 1, firstLapIndex: 0, lapCount: 2))
        writer.message(18, local: 3, FITFixture.summary(start: fitStart + 600, elapsed: 300, sport: 2, firstLapIndex: 0, lapCount: 3))
        let sessions = try decodeFIT(writer.file()).sessions
        #expect(sessions.map { $0.laps.map(\.totals.distanceMeters) } == [[1, 2], [3]])
    }

    @Test("a pool swim: pool length, lengths active and idle with strokes, no positions")
    func poolSwim() throws {
        var writer = FITFixtureWriter()
        writer.message(0, FITFixture.fileID())
        writer.message(101, local: 1, FITFixture.length(start: fitStart, seconds: 30.5, strokes: 18))
        writer.message(101, local: 1, FITFixture.length(start: fitStart + 31, seconds: 29, strokes: 17))
        writer.message(101, local: 1, FITFixture.length(start: fitStart + 60, seconds: 20, active: false))
        writer.message(19, local: 2, FITFixture.summary(lap: true, start: fitStart, elapsed: 80, distance: 50, sport: 5, subSport: 17))
        writer.message(18, local: 3, FITFixture.summary(start: fitStart, elapsed: 80, distance: 50, sport: 5, subSport: 17,
                                                         firstLapIndex: 0, lapCount: 1, poolLength: 25))
        let session = try #require(try decodeFIT(writer.file()).sessions.first)
        #expect(session.sport == .swimming)
        #expect(session.sportName == "swimming/lap_swimming")
        #expect(session.poolLengthMeters == 25)
        #expect(session.totals.distanceMeters == 50)
        #expect(session.lengths == [
            RecordedLength(start: fitDate(fitStart), seconds: 30.5, isActive: true, strokes: 18),
            RecordedLength(start: fitDate(fitStart + 31), seconds: 29, isActive: true, strokes: 17),
            RecordedLength(start: fitDate(fitStart + 60), seconds: 20, isActive: false, strokes: nil),
        ])
        #expect(session.points.isEmpty)
    }

    @Test("an indoor ride: records without position are points without latitude and longitude")
    func indoorRide() throws {
        var writer = FITFixtureWriter()
        writer.message(0, FITFixture.fileID())
        for second in Int64(0)..<5 {
            writer.message(20, local: 1, FITFixture.record(at: fitStart + second, distance: Double(second) * 8, heartRate: 130, cadence: 92, speed: 8))
        }
        writer.message(18, local: 3, FITFixture.summary(start: fitStart, elapsed: 4, distance: 32, sport: 2, subSport: 6))
        let session = try #require(try decodeFIT(writer.file()).sessions.first)
        #expect(session.sport == .cycling)
        #expect(session.sportName == "cycling/indoor_cycling")
        #expect(session.points.count == 5)
        #expect(session.points.allSatisfy { !$0.hasPosition })
        #expect(session.points.map(\.distanceMeters) == [0, 8, 16, 24, 32])
    }

    @Test("records but no session (cut before the summary): one session without totals, sport from the sport message")
    func noSession() throws {
        var writer = FITFixtureWriter()
        writer.message(0, FITFixture.fileID())
        writer.message(12, local: 6, FITFixture.sport(17, name: "Hike"))
        for second in Int64(0)..<3 { writer.message(20, local: 1, FITFixture.record(at: fitStart + 60 + second, heartRate: 100)) }
        let activity = try decodeFIT(writer.file())
        #expect(activity.sessions.count == 1)
        #expect(activity.sessions[0].sport == .hiking)
        #expect(activity.sessions[0].sportName == "hiking")
        #expect(activity.sessions[0].start == fitDate(fitStart + 60))
        #expect(activity.sessions[0].totals == RecordedTotals())
        #expect(activity.sessions[0].points.count == 3)
    }

    @Test("a session without start_time or timestamp: kept with its totals from the first point when it is the only one, else left out")
    func untimedSession() throws {
        func untimed(_ fields: [FITFixtureField]) -> [FITFixtureField] {
            fields.map { $0.number == 2 || $0.number == 253 ? FITFixtureField($0.number, .uint32, nil) : $0 }
        }
        var writer = FITFixtureWriter()
        writer.message(0, FITFixture.fileID())
        writer.message(20, local: 1, FITFixture.record(at: fitStart + 5))
        writer.message(18, local: 3, untimed(FITFixture.summary(start: fitStart, elapsed: 60, distance: 400, sport: 1)))
        let only = try decodeFIT(writer.file()).sessions
        #expect(only.map(\.start) == [fitDate(fitStart + 5)])
        #expect(only.map(\.totals.distanceMeters) == [400])
        #expect(only.map(\.sport) == [.running])

        writer.message(18, local: 3, FITFixture.summary(start: fitStart, elapsed: 60, distance: 500, sport: 2))
        let timed = try decodeFIT(writer.file()).sessions
        #expect(timed.map(\.totals.distanceMeters) == [500])
        #expect(timed.map(\.sport) == [.cycling])
    }

    @Test("records and a lap but no session and no sport message: the lap's sport")
    func lapSport() throws {
        var writer = FITFixtureWriter()
        writer.message(0, FITFixture.fileID())
        writer.message(20, local: 1, FITFixture.record(at: fitStart))
        writer.message(19, local: 2, FITFixture.summary(lap: true, start: fitStart, elapsed: 5, sport: 1, subSport: 1))
        let session = try decodeFIT(writer.file()).sessions[0]
        #expect(session.sport == .running)
        #expect(session.sportName == "running/treadmill")
        #expect(session.laps.count == 1)
    }

    @Test("files that hold no activity are refused and say what they are", arguments: [
        (Int64(6), "this is a FIT course file, not an activity"),
        (Int64(2), "this is a FIT settings file, not an activity"),
        (Int64(5), "this is a FIT workout file, not an activity"),
        (Int64(32), "this is a FIT monitoring file, not an activity"),
        (Int64(15), "this is a FIT monitoring file, not an activity"),
        (Int64(9), "this is a FIT weight file, not an activity"),
        (Int64(34), "this is a FIT segment file, not an activity"),
        (Int64(200), "this is a FIT file of type 200, not an activity"),
    ])
    func notAnActivity(type: Int64, line: String) throws {
        var writer = FITFixtureWriter()
        writer.message(0, FITFixture.fileID(type: type))
        // a course has records and a lap, which must not make it an activity
        writer.message(20, local: 1, FITFixture.record(at: fitStart, latitude: 45, longitude: 7))
        writer.message(19, local: 2, FITFixture.summary(lap: true, start: fitStart, elapsed: 5))
        do {
            _ = try decodeFIT(writer.file())
            Issue.record("a file of type \(type) was imported")
        } catch let error as ActivityFileError {
            #expect(error.description == line)
        }
    }

    @Test("an activity file with no session, lap or record is refused")
    func emptyActivity() {
        var writer = FITFixtureWriter()
        writer.message(0, FITFixture.fileID())
        writer.message(34, local: 5, FITFixture.activity(at: fitStart, offset: 0))
        #expect(throws: ActivityFileError.noActivity(reason: "a FIT activity file with no session, lap or record")) {
            try decodeFIT(writer.file())
        }
    }

    @Test("sports: FIT sport and sub-sport to hiit's sport and the file's sport name", arguments: [
        (Int64(1), Int64(0), Sport.running, "running"),
        (2, 0, .cycling, "cycling"),
        (2, 6, .cycling, "cycling/indoor_cycling"),
        (3, 0, .transition, "transition"),
        (5, 17, .swimming, "swimming/lap_swimming"),
        (11, 0, .walking, "walking"),
        (17, 0, .hiking, "hiking"),
        (15, 14, .rowing, "rowing/indoor_rowing"),
        (4, 14, .rowing, "fitness_equipment/indoor_rowing"),
        (19, 0, .paddling, "paddling"),
        (37, 0, .paddling, "stand_up_paddleboarding"),
        (41, 41, .paddling, "kayaking/whitewater"),
        (12, 42, .skiing, "cross_country_skiing/skate_skiing"),
        (13, 38, .skiing, "alpine_skiing/resort"),
        (14, 0, .other, "snowboarding"),
        (10, 20, .strength, "training/strength_training"),
        (10, 26, .other, "training/cardio_training"),
        (62, 75, .hiit, "hiit/tabata"),
        (0, 0, .other, "generic"),
        (44, 0, .other, "kitesurfing"),
        (250, 0, .other, "250"),
    ])
    func sports(sport: Int64, subSport: Int64, expected: Sport, name: String) throws {
        var writer = FITFixtureWriter()
        writer.message(0, FITFixture.fileID())
        writer.message(18, local: 3, FITFixture.summary(start: fitStart, elapsed: 60, sport: sport, subSport: subSport))
        let session = try decodeFIT(writer.file()).sessions[0]
        #expect(session.sport == expected)
        #expect(session.sportName == name)
    }

    @Test("device names: manufacturer by profile name, Garmin products by name, others as numbers", arguments: [
        (Int64(1), Int64(3121), "garmin", "edge_530"),
        (1, 9999, "garmin", "9999"),
        (32, 3121, "wahoo_fitness", "3121"),
        (294, 5, "coros", "5"),
        (289, 1, "hammerhead", "1"),
        (123, 2, "polar_electro", "2"),
        (95, 1, "stryd", "1"),
        (255, 0, "development", "0"),
        (4242, 7, "4242", "7"),
    ])
    func device(manufacturer: Int64, product: Int64, maker: String, productName: String) throws {
        var writer = FITFixtureWriter()
        writer.message(0, FITFixture.fileID(manufacturer: manufacturer, product: product))
        writer.message(20, local: 1, FITFixture.record(at: fitStart))
        #expect(try decodeFIT(writer.file()).device == RecordingDevice(manufacturer: maker, product: productName))
    }

    @Test("the UTC offset from activity.local_timestamp, rounded to 15 minutes; none beyond ±14 h", arguments: [
        (Int64(-18_000), Optional(-18_000)), (20_700, 20_700), (3_601, 3_600), (-3_599, -3_600), (0, 0), (90_000, nil),
    ])
    func utcOffset(offset: Int64, expected: Int?) throws {
        var writer = FITFixtureWriter()
        writer.message(0, FITFixture.fileID())
        writer.message(20, local: 1, FITFixture.record(at: fitStart))
        writer.message(34, local: 5, FITFixture.activity(at: fitStart + 1, offset: offset))
        #expect(try decodeFIT(writer.file()).utcOffsetSeconds == expected)
    }
}
