import ActivityFiles
import Foundation
import Testing
import Tracks
import WorkoutModel

/// A TCX document around `body` (the root's children).
private func tcx(_ body: String) -> Data {
    Data("""
    <?xml version="1.0" encoding="UTF-8"?>
    <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2">
    \(body)
    </TrainingCenterDatabase>
    """.utf8)
}

@Suite("TCX files decode into sessions with the device's laps and totals")
struct TCXDecoderTests {
    let utc = XMLFixture.utc

    @Test("a run of three laps: lap totals and intensities as written, session totals from the laps, the second lap's two tracks leave a pause")
    func runWithLaps() throws {
        let activity = try ActivityFile.decode(XMLFixture.data("tcx", "run-laps.tcx"))
        #expect(activity.format == .tcx)
        #expect(activity.device == RecordingDevice(manufacturer: nil, product: "Forerunner 255"))
        #expect(activity.name == "Saturday tempo")
        #expect(activity.utcOffsetSeconds == nil)
        #expect(activity.notes == [])
        let session = try #require(activity.sessions.first)
        #expect(activity.sessions.count == 1)
        #expect(session.sport == .running)
        #expect(session.sportName == "Running")
        #expect(session.start == utc(1_774_081_800))  // Id 2026-03-21T08:30:00.000Z
        #expect(session.laps == [
            RecordedLap(start: utc(1_774_081_800), totals: RecordedTotals(
                timerSeconds: 312, distanceMeters: 1001.3, kcal: 71, averageHeartRate: 144, maximumHeartRate: 150,
                averageCadence: 85, maximumCadence: 86, maximumSpeedMetersPerSecond: 3.446), intensity: .active),
            RecordedLap(start: utc(1_774_082_112), totals: RecordedTotals(
                timerSeconds: 312, distanceMeters: 1003.1, kcal: 73, averageHeartRate: 149, maximumHeartRate: 151,
                averageCadence: 84, maximumCadence: 86, maximumSpeedMetersPerSecond: 3.441), intensity: .active),
            RecordedLap(start: utc(1_774_082_464), totals: RecordedTotals(
                timerSeconds: 164, distanceMeters: 527.2, kcal: 40, averageHeartRate: 149, maximumHeartRate: 151,
                averageCadence: 85, maximumCadence: 86, maximumSpeedMetersPerSecond: 3.443), intensity: .active),
        ])
        let totals = session.totals
        #expect(totals.timerSeconds == 788)  // 312 + 312 + 164
        #expect(totals.distanceMeters == 1001.3 + 1003.1 + 527.2)
        #expect(totals.kcal == 184)  // 71 + 73 + 40
        #expect(totals.maximumHeartRate == 151)
        #expect(totals.maximumSpeedMetersPerSecond == 3.446)
        #expect(totals.maximumCadence == 86)
        // (144 × 312 + 149 × 312 + 149 × 164) / 788 = 115,852 / 788
        #expect(abs((totals.averageHeartRate ?? 0) - 115_852.0 / 788) < 1e-9)
        // (85 × 312 + 84 × 312 + 85 × 164) / 788 = 66,668 / 788
        #expect(abs((totals.averageCadence ?? 0) - 66_668.0 / 788) < 1e-9)
        #expect(totals.elapsedSeconds == nil && totals.ascentMeters == nil && totals.descentMeters == nil)

        #expect(session.points.count == 198)
        #expect(session.points.first == TrackPoint(time: utc(1_774_081_800), latitude: 50.0755, longitude: 14.4378,
                                                    altitudeMeters: 231, distanceMeters: 0, heartRate: 136, cadence: 85,
                                                    speedMetersPerSecond: 3.116))
        #expect(session.points.last?.time == utc(1_774_082_628))
        #expect(session.points.last?.distanceMeters == 2531.7)
        // The last point of the first track at 08:37:20, the first of the second at 08:38:04.
        #expect(session.pauses == [TimerPause(start: utc(1_774_082_240), end: utc(1_774_082_284))])
        // The device's own distance field: 2,531.7 m from the first point to the last.
        let summary = TrackSummary(points: session.points, pauses: session.pauses, sport: .running)
        #expect(summary.distanceMeters == 2531.7)
        #expect(summary.timerSeconds == 828 - 44)
    }

    @Test("the run's km splits lie along the device's distance, the pause left out")
    func runSplits() throws {
        let session = try #require(ActivityFile.decode(XMLFixture.data("tcx", "run-laps.tcx")).sessions.first)
        let splits = Splits.of(points: session.points, pauses: session.pauses, splitMeters: Splits.kilometer)
        // Cross-checked at development time by a separate interpolation of the file's
        // DistanceMeters and Time (Python's ElementTree): 311.606061 s, 306.930525 s, then
        // 531.7 m in 165.463415 s; together the 784 s of timer time.
        #expect(splits.map(\.distanceMeters) == [1_000, 1_000, 2531.7 - 2_000])
        let expected = [311.606061, 306.930525, 165.463415]
        #expect(zip(splits.map(\.seconds), expected).allSatisfy { abs($0 - $1) < 1e-6 })
        #expect(abs(splits.reduce(0) { $0 + $1.seconds } - 784) < 1e-9)
    }

    @Test("an indoor ride: no positions, the speed sensor's distance, bike cadence from the laps and points")
    func indoorRide() throws {
        let activity = try ActivityFile.decode(XMLFixture.data("tcx", "indoor-ride.tcx"))
        #expect(activity.device == RecordingDevice(manufacturer: nil, product: "Edge 530"))
        let session = try #require(activity.sessions.first)
        #expect(session.sport == .cycling)
        #expect(session.sportName == "Biking")
        #expect(session.start == utc(1_770_141_900))
        #expect(session.laps.map(\.start) == [utc(1_770_141_900), utc(1_770_142_500)])
        #expect(session.laps.map(\.totals.averageCadence) == [88, 95])
        #expect(session.laps.map(\.totals.maximumCadence) == [91, 98])
        let totals = session.totals
        #expect(totals.timerSeconds == 1_080)
        #expect(totals.distanceMeters == 4920.1 + 4593.9)
        #expect(totals.kcal == 273)
        #expect(totals.maximumSpeedMetersPerSecond == 9.897)
        // (128 × 600 + 150 × 480) / 1080 and (88 × 600 + 95 × 480) / 1080
        #expect(abs((totals.averageHeartRate ?? 0) - 148_800.0 / 1_080) < 1e-9)
        #expect(abs((totals.averageCadence ?? 0) - 98_400.0 / 1_080) < 1e-9)
        #expect(session.points.count == 216)
        #expect(session.points.allSatisfy { !$0.hasPosition })
        #expect(session.points.first == TrackPoint(time: utc(1_770_141_900), distanceMeters: 0, heartRate: 126, cadence: 86,
                                                    speedMetersPerSecond: 8.475))
        let summary = TrackSummary(points: session.points, pauses: session.pauses, sport: .cycling)
        #expect(summary.distanceMeters == 9465.3)
    }

    @Test("a duathlon: one session per sport and per transition, in order, each with its own totals; +02:00 times")
    func multisport() throws {
        let activity = try ActivityFile.decode(XMLFixture.data("tcx", "multisport-duathlon.tcx"))
        #expect(activity.name == "Spring duathlon")
        #expect(activity.utcOffsetSeconds == 7_200)
        #expect(activity.device == RecordingDevice(manufacturer: nil, product: "Forerunner 965"))
        #expect(activity.sessions.map(\.sport) == [.running, .transition, .cycling, .transition, .running])
        #expect(activity.sessions.map(\.sportName) == ["Running", "Transition", "Biking", "Transition", "Running"])
        // 09:00:00, 09:09:10, 09:10:25, 09:24:45, 09:25:35 at +02:00
        #expect(activity.sessions.map(\.start) == [utc(1_780_815_600), utc(1_780_816_150), utc(1_780_816_225),
                                                   utc(1_780_817_085), utc(1_780_817_135)])
        #expect(activity.sessions.map(\.totals.timerSeconds) == [550, 75, 860, 50, 450])
        #expect(activity.sessions.map(\.totals.distanceMeters) == [1985.5, 0, 7929.0, 0, 1493.3])
        #expect(activity.sessions.map(\.totals.kcal) == [310, 41, 265, 22, 150])
        #expect(activity.sessions.map(\.totals.maximumHeartRate) == [154, nil, 146, nil, 154])
        #expect(activity.sessions.map(\.laps.count) == [1, 1, 1, 1, 1])
        #expect(activity.sessions.map(\.points.count) == [111, 6, 87, 4, 91])
        #expect(activity.sessions[1].laps.first?.start == utc(1_780_816_150))
    }

    @Test("course and workout files are not activities; an empty one has none")
    func notActivities() throws {
        let course = try XMLFixture.data("tcx", "course.tcx")
        #expect(throws: ActivityFileError.notAnActivity(kind: "a TCX course file")) { try ActivityFile.decode(course) }
        #expect(ActivityFileError.notAnActivity(kind: "a TCX course file").description == "this is a TCX course file, not an activity")
        let workout = tcx("<Workouts><Workout Sport=\"Running\"><Name>4x1k</Name></Workout></Workouts>")
        #expect(throws: ActivityFileError.notAnActivity(kind: "a TCX workout file")) { try ActivityFile.decode(workout) }
        #expect(throws: ActivityFileError.noActivity(reason: "no activity in the TCX file")) {
            try ActivityFile.decode(tcx("<Activities/>"))
        }
        #expect(throws: ActivityFileError.noActivity(reason: "an activity with no laps and no trackpoints")) {
            try ActivityFile.decode(tcx("<Activities><Activity Sport=\"Running\"><Id>2026-03-21T08:30:00Z</Id></Activity></Activities>"))
        }
        #expect(throws: ActivityFileError.noActivity(reason: "an activity without times")) {
            try ActivityFile.decode(tcx("<Activities><Activity Sport=\"Running\"><Lap><TotalTimeSeconds>60</TotalTimeSeconds></Lap></Activity></Activities>"))
        }
        #expect(throws: ActivityFileError.malformed(detail: "the root element is <gpx>, not <TrainingCenterDatabase>")) {
            try TCXActivityDecoder.decode(Data("<gpx/>".utf8))
        }
    }

    @Test("a summary-only lap imports; trackpoints without a time are skipped and said; a second activity is named")
    func summaryOnlyAndNotes() throws {
        let activity = try ActivityFile.decode(tcx("""
        <Activities>
        <Activity Sport="Other"><Id>2026-03-21T08:30:00Z</Id>
          <Lap StartTime="2026-03-21T08:30:00Z"><TotalTimeSeconds>1800</TotalTimeSeconds><Calories>250</Calories>
            <Track><Trackpoint><HeartRateBpm><Value>120</Value></HeartRateBpm></Trackpoint></Track></Lap>
        </Activity>
        <Activity Sport="Running"><Id>2026-03-22T08:30:00Z</Id><Lap StartTime="2026-03-22T08:30:00Z"/></Activity>
        </Activities>
        """))
        let session = try #require(activity.sessions.first)
        #expect(activity.sessions.count == 1)
        #expect(session.sport == .other)
        #expect(session.sportName == "Other")
        #expect(session.points == [])
        #expect(session.totals == RecordedTotals(timerSeconds: 1_800, kcal: 250))
        #expect(activity.notes == ["1 trackpoint without a time skipped", "1 more activity in the file not imported"])
    }

    @Test("malformed TCX names the line and column")
    func malformed() {
        let broken = tcx("<Activities>\n<Activity Sport=\"Running\">\n<Id>2026-03-21T08:30:00Z</Id>\n</Activities>")
        #expect(throws: ActivityFileError.malformed(detail: "XML line 6, column 14: a closing tag does not match <Activity>")) {
            try ActivityFile.decode(broken)
        }
    }
}
