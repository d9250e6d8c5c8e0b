import ActivityFiles
import ActivityRecords
import Foundation
import Testing
import Tracks
import WorkoutModel

/// The real device files of `ActivityFilesTests/Fixtures/real` (see its README.md), read from
/// the source tree.
private func realActivity(_ name: String) throws -> RecordedActivity {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("ActivityFilesTests/Fixtures/real/\(name)")
    return try ActivityFile.decode(try Data(contentsOf: url))
}

private let amsterdam = TimeZone(identifier: "Europe/Amsterdam") ?? TimeZone(secondsFromGMT: 3600) ?? .current

private func record(_ name: String, weightKg: Double? = 75) throws -> SessionRecord {
    let sha = String(repeating: String(name.count % 10), count: 64)
    let source = RecordSource(format: (name as NSString).pathExtension, fileName: name, sha256: sha, manufacturer: nil, product: nil)
    return try ImportedActivity(try realActivity(name), id: ActivityIdentity.id(sha256: sha) ?? UUID(), source: source,
                                weightKg: weightKg, zone: amsterdam).record
}

/// What hiit stores for real files is what the devices' own summaries say (the values were read
/// with Garmin's `garmin-fit-sdk` during development; see the decoder's RealDeviceFileTests).
@Suite("Real device files are stored with the devices' own summaries")
struct RealDeviceRecordTests {
    @Test("an Edge 1000 ride: time, distance, climb, heart rate, cadence and kcal as the device summed them")
    func edge1000() throws {
        let record = try record("4078723797.fit")
        let leg = try #require(record.legs.first)
        #expect(record.legs.count == 1)
        #expect(leg.sport == "cycling")
        #expect(leg.elapsedSeconds == 8355.6)
        #expect(leg.timerSeconds == 8355.6)
        #expect(leg.distanceMeters == 57567.24)
        #expect(leg.ascentMeters == 1254)
        #expect(leg.descentMeters == 1250)
        #expect(leg.avgHeartRate == 165)
        #expect(leg.maxHeartRate == 190)
        #expect(leg.avgCadence == 91)
        #expect(leg.kcal == 1830)
        #expect(record.kcal == 1830)
        #expect(record.kcalSource == .device)
        #expect(record.timeZone == "Europe/Amsterdam")  // the file's +02:00 is Amsterdam's offset that day
    }

    @Test("the Edge 1000's elapsed time ends before its last record: the session ends with the record, the timer time stays the device's")
    func endCoversRecords() throws {
        let record = try record("2020-06-01-16-52-40.fit")
        #expect(record.end.timeIntervalSince(record.start) == 126)
        #expect(record.legs.first?.elapsedSeconds == 113.15)
        #expect(record.legs.first?.timerSeconds == 93.7)
        #expect(abs(record.totalSeconds - 93.7) < 1e-6)  // Date keeps instants to about 1e-7 s
        #expect(abs(record.pausedSeconds - 32.3) < 1e-6)
    }

    @Test("the Forerunner 935 multisport file is one session of three legs, the transition's time left out of the work time")
    func multisport() throws {
        let record = try record("6471559601_ACTIVITY.fit")
        #expect(record.legs.map(\.sport) == ["running", "transition", "rowing"])
        #expect(record.legs.map(\.elapsedSeconds) == [24.593, 11.763, 23.245])
        #expect(abs(record.workoutSeconds - (24.593 + 23.245)) < 1e-9)
        #expect(record.kcal == 0)
    }

    @Test("an indoor ride with 0 m throughout: no moving time is made up from speeds of 0")
    func indoorRide() throws {
        let leg = try #require(try record("6449921903_ACTIVITY.fit").legs.first)
        #expect(leg.sportName == "cycling/indoor_cycling")
        #expect(leg.distanceMeters == 0)
        #expect(leg.movingSeconds == nil)
        #expect(leg.timerSeconds == 196.229)
        #expect(leg.kcal == 25)
    }

    @Test("a Polar M400 run from Polar Flow: the laps' totals, the device's kcal")
    func polar() throws {
        let record = try record("3173437224.tcx")
        let leg = try #require(record.legs.first)
        #expect(leg.sport == "running")
        #expect(leg.timerSeconds == 3510)
        #expect(abs((leg.distanceMeters ?? 0) - 4508.500091552734) < 1e-6)
        #expect(leg.kcal == 467)
        #expect(leg.laps.count == 2)
        #expect(record.timeZone == "Europe/Amsterdam")  // no offset in the file: the zone given
    }

    @Test("a device's FIT and the platforms' GPX and TCX of the same ride are the same activity", arguments: [
        ("2020-06-01-16-52-40.fit", "activity_5039744860.gpx"),
        ("2020-06-01-16-52-40.fit", "activity_5039744860.tcx"),
        ("4801048867.fit", "4801048867_strava.gpx"),
    ])
    func sameActivity(device: String, export: String) throws {
        let a = ActivityDuplicate.Key(try record(device))
        let b = ActivityDuplicate.Key(try record(export))
        #expect(ActivityDuplicate.isSame(a, b))
    }

    @Test("different rides of the same rider are not the same activity")
    func differentActivities() throws {
        let a = ActivityDuplicate.Key(try record("4078723797.fit"))
        let b = ActivityDuplicate.Key(try record("4801048867.fit"))
        let c = ActivityDuplicate.Key(try record("6449921903_ACTIVITY.fit"))
        #expect(!ActivityDuplicate.isSame(a, b))
        #expect(!ActivityDuplicate.isSame(b, c))
    }
}

@Suite("Writing an imported session in another format keeps what hiit knows of it")
struct CompletedExportTests {
    @Test("Strava's GPX (no totals) completed with the stored record: times, distance, climb and heart rate for the FIT")
    func gpxCompleted() throws {
        let activity = try realActivity("4801048867_strava.gpx")
        let stored = try record("4801048867_strava.gpx")
        #expect(activity.sessions.first?.totals == RecordedTotals())
        let completed = SessionExport.completed(activity, with: stored)
        let totals = try #require(completed.sessions.first?.totals)
        let leg = try #require(stored.legs.first)
        #expect(totals.elapsedSeconds == max(leg.elapsedSeconds, leg.timerSeconds))
        #expect(totals.timerSeconds == leg.timerSeconds)
        #expect(totals.distanceMeters == leg.distanceMeters && totals.distanceMeters != nil)
        #expect(totals.ascentMeters == leg.ascentMeters && totals.ascentMeters != nil)
        #expect(totals.averageHeartRate == leg.avgHeartRate && totals.averageHeartRate != nil)
        #expect(completed.utcOffsetSeconds == stored.utcOffsetSeconds)
        #expect(completed.sessions.first?.points == activity.sessions.first?.points)
    }

    @Test("a TCX's laps get their elapsed time from one start to the next; the file's own values stay")
    func tcxLapsCompleted() throws {
        let activity = try realActivity("3173437224.tcx")
        let completed = SessionExport.completed(activity, with: try record("3173437224.tcx"))
        let laps = try #require(completed.sessions.first?.laps)
        #expect(activity.sessions.first?.laps.map(\.totals.elapsedSeconds) == [nil, nil])
        #expect(laps[0].totals.elapsedSeconds == 142)  // 10:25:13 to the next lap's 10:27:35
        // 10:27:35 to the session's end, 10:25:12 (the activity's Id) + 3,904.719 s (its last point)
        #expect(abs((laps[1].totals.elapsedSeconds ?? 0) - 3761.719) < 1e-3)
        #expect(laps.map(\.totals.timerSeconds) == [142, 3368])
        #expect(completed.sessions.first?.totals.kcal == 467)
    }

    /// The duplicate rule's key of a multisport session of `sports` (20 s legs) starting at
    /// `start` and lasting `seconds`.
    static func key(_ sports: [String], start: Date, seconds: Double, day: LocalDay?) -> ActivityDuplicate.Key {
        let legs = sports.map { LegRecord(sport: $0, startSeconds: 0, elapsedSeconds: 20, timerSeconds: 20, distanceMeters: nil, kcal: nil, laps: []) }
        return ActivityDuplicate.Key(SessionRecord(
            id: UUID(), workout: "x", kind: .multisport, start: start, end: start.addingTimeInterval(seconds), timeZone: "UTC",
            utcOffsetSeconds: 0, localDate: day ?? LocalDay.earliest, workoutSeconds: seconds,
            totalSeconds: seconds, pausedSeconds: 0, rounds: 0, exercises: 0, weightKg: nil, kcal: nil, legs: legs))
    }

    @Test("other stands for any sport: a TCX's Other is the rowing leg it was written from")
    func otherIsAnySport() throws {
        func key(_ sports: [String]) -> ActivityDuplicate.Key {
            Self.key(sports, start: Date(timeIntervalSince1970: 1_616_410_096), seconds: 60, day: LocalDay(year: 2021, month: 3, day: 22))
        }
        #expect(ActivityDuplicate.isSame(key(["running", "transition", "rowing"]), key(["running", "transition", "other"])))
        #expect(!ActivityDuplicate.isSame(key(["running", "rowing"]), key(["running", "cycling"])))
        #expect(!ActivityDuplicate.isSame(key(["running", "rowing"]), key(["other", "cycling"])))
        #expect(!ActivityDuplicate.isSame(key(["running", "rowing"]), key(["rowing"])))
    }

    @Test("one leg of other stands for any sports: a duathlon exported as GPX (one track) is the duathlon")
    func oneOtherLegIsAnySports() throws {
        func key(_ sports: [String], seconds: Double = 1_985) -> ActivityDuplicate.Key {
            Self.key(sports, start: Date(timeIntervalSince1970: 1_780_815_600), seconds: seconds, day: LocalDay(year: 2026, month: 6, day: 7))
        }
        let duathlon = key(["running", "transition", "cycling", "transition", "running"])
        #expect(ActivityDuplicate.isSame(duathlon, key(["other"])))
        #expect(ActivityDuplicate.isSame(key(["other"]), duathlon))
        // Still the same activity only by start and duration.
        #expect(!ActivityDuplicate.isSame(duathlon, key(["other"], seconds: 1_900)))
    }
}
