import ActivityFiles
import ActivityRecords
import Calories
import Foundation
import Testing
import Tracks
import WorkoutModel

/// 2026-11-28 07:00:00 UTC, a Saturday.
private let morning = Date(timeIntervalSince1970: 1_795_849_200)
private let sha = String(repeating: "ab", count: 32)
private let source = RecordSource(format: "fit", fileName: "ride.fit", sha256: sha, manufacturer: "garmin", product: "edge530")
private let utc = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0)!
private let prague = TimeZone(identifier: "Europe/Prague") ?? utc
private let id = ActivityIdentity.id(sha256: sha) ?? UUID()

/// Points due north along a meridian, one every `step` seconds, `metersPerStep` apart.
private func northbound(count: Int, step: Double, metersPerStep: Double, from start: Date = morning,
                        heartRate: Double? = nil) -> [TrackPoint] {
    let degreesPerMeter = 180 / (Double.pi * TrackThresholds.earthRadiusMeters)
    return (0..<count).map { index in
        TrackPoint(time: start.addingTimeInterval(Double(index) * step), latitude: 50 + Double(index) * metersPerStep * degreesPerMeter,
                   longitude: 14.4, heartRate: heartRate)
    }
}

@Suite("A recorded activity becomes a history record")
struct ImportedActivityTests {
    @Test("the device's totals are stored as they are, even where the points say otherwise")
    func deviceFirst() throws {
        let totals = RecordedTotals(elapsedSeconds: 3700, timerSeconds: 3600, distanceMeters: 40_120, ascentMeters: 412,
                                    descentMeters: 405, kcal: 1012, averageHeartRate: 141, maximumHeartRate: 171,
                                    averageCadence: 88)
        let points = northbound(count: 61, step: 60, metersPerStep: 600, heartRate: 120)
        let session = RecordedSession(sport: .cycling, sportName: "cycling/road", start: morning, totals: totals, points: points)
        let imported = try ImportedActivity(RecordedActivity(format: .fit, utcOffsetSeconds: 3600, sessions: [session]),
                                            id: id, source: source, weightKg: 70, zone: prague)
        let record = imported.record
        #expect(record.kind == .multisport)
        #expect(record.legs.count == 1)
        let leg = try #require(record.legs.first)
        #expect(leg.sport == "cycling" && leg.sportName == "cycling/road")
        #expect(leg.elapsedSeconds == 3700 && leg.timerSeconds == 3600)
        #expect(leg.distanceMeters == 40_120)
        #expect(leg.ascentMeters == 412 && leg.descentMeters == 405)
        #expect(leg.avgHeartRate == 141 && leg.maxHeartRate == 171 && leg.avgCadence == 88)
        #expect(leg.kcal == 1012 && record.kcal == 1012 && record.kcalSource == .device)
        #expect(record.start == morning && record.end == morning.addingTimeInterval(3700))
        #expect(record.pausedSeconds == 100 && record.totalSeconds == 3600 && record.workoutSeconds == 3600)
        #expect(record.source == source)
        #expect(record.id == id)
        #expect(record.timeZone == "Europe/Prague" && record.utcOffsetSeconds == 3600)
        #expect(imported.notes.isEmpty)
    }

    @Test("without totals (a GPX) the points give distance, times and the run tracker's km × kg")
    func fromPoints() throws {
        // 11 points 60 s apart, 200 m apart: 2,000 m in 600 s (12 km/h, 5:00 /km).
        let points = northbound(count: 11, step: 60, metersPerStep: 200)
        let session = RecordedSession(sport: .running, sportName: "running", start: morning, points: points)
        let imported = try ImportedActivity(RecordedActivity(format: .gpx, utcOffsetSeconds: 0, sessions: [session]),
                                            id: id, source: source, weightKg: 70, zone: utc)
        let leg = try #require(imported.record.legs.first)
        #expect(abs((leg.distanceMeters ?? 0) - 2000) < 0.01)
        #expect(leg.elapsedSeconds == 600 && leg.timerSeconds == 600 && leg.movingSeconds == 600)
        #expect(leg.sportName == nil, "the file's word is our own: not stored twice")
        #expect(abs((leg.kcal ?? 0) - 140) < 0.01, "2 km × 70 kg")
        #expect(imported.record.kcalSource == .distance)
    }

    @Test("a ride without a device value gets the MET estimate; without a weight, no kcal at all")
    func metAndNoWeight() throws {
        let points = northbound(count: 61, step: 60, metersPerStep: 400)  // 24 km/h for an hour
        let session = RecordedSession(sport: .cycling, sportName: "Biking", start: morning, points: points)
        let activity = RecordedActivity(format: .tcx, utcOffsetSeconds: 0, sessions: [session])
        let estimated = try ImportedActivity(activity, id: id, source: source, weightKg: 80, zone: utc)
        #expect(abs((estimated.record.kcal ?? 0) - 10.0 * 80) < 0.01, "cycling 22–26 km/h is 10.0 MET (2011 Compendium 01040)")
        #expect(estimated.record.kcalSource == .met)
        #expect(estimated.record.legs.first?.sportName == "Biking")
        let none = try ImportedActivity(activity, id: id, source: source, weightKg: nil, zone: utc)
        #expect(none.record.kcal == nil && none.record.kcalSource == nil && none.record.weightKg == nil)
        #expect(none.record.legs.first?.kcal == nil)
    }

    @Test("a triathlon file is one record with a leg per session; transitions are legs but not work")
    func multisport() throws {
        func session(_ sport: Sport, _ offset: Double, _ seconds: Double, kcal: Double?) -> RecordedSession {
            RecordedSession(sport: sport, sportName: sport.rawValue, start: morning.addingTimeInterval(offset),
                            totals: RecordedTotals(elapsedSeconds: seconds, timerSeconds: seconds, kcal: kcal))
        }
        let activity = RecordedActivity(format: .fit, utcOffsetSeconds: 3600, sessions: [
            session(.running, 3400, 1500, kcal: 300), session(.swimming, 0, 900, kcal: 200), session(.transition, 900, 60, kcal: nil),
            session(.cycling, 960, 2400, kcal: 500), session(.transition, 3360, 40, kcal: 5),
        ])
        let record = try ImportedActivity(activity, id: id, source: source, weightKg: 70, zone: prague).record
        #expect(record.legs.map(\.sport) == ["swimming", "transition", "cycling", "transition", "running"],
                "legs in time order whatever the file's order")
        #expect(record.legs.map(\.startSeconds) == [0, 900, 960, 3360, 3400])
        #expect(record.workoutSeconds == 900 + 2400 + 1500)
        #expect(record.rounds == 3)
        #expect(record.end == morning.addingTimeInterval(4900), "the latest end of any session")
        // T1 has no device value: estimated by MET (transition 4.5 MET × 70 kg × 60 s).
        #expect(abs((record.legs[1].kcal ?? 0) - 4.5 * 70 / 60) < 1e-9)
        #expect(record.kcalSource == .met, "not every leg's value came from the device")
        #expect(record.workout == "swimming", "no name in the file: the title comes from the legs")
    }

    @Test("the zone: the profile's where it has the file's offset, else the offset's fixed zone; none in the file is said")
    func zones() {
        let winter = morning
        #expect(ImportedActivity.zone(for: winter, fileOffset: 3600, fallback: prague).0.identifier == "Europe/Prague")
        let (fixed, fixedNote) = ImportedActivity.zone(for: winter, fileOffset: -18_000, fallback: prague)
        #expect(fixed.secondsFromGMT(for: winter) == -18_000 && fixed.identifier != "Europe/Prague" && fixedNote == nil)
        let (guessed, note) = ImportedActivity.zone(for: winter, fileOffset: nil, fallback: prague)
        #expect(guessed.identifier == "Europe/Prague")
        #expect(note == "no time zone in the file: dated in Europe/Prague (UTC+01:00)")
        // The day summer time starts in Prague (2026-03-29 01:00 UTC): before it +1, after it +2.
        let beforeSwitch = Date(timeIntervalSince1970: 1_774_744_200)  // 00:30 UTC
        let afterSwitch = Date(timeIntervalSince1970: 1_774_747_800)   // 01:30 UTC
        #expect(ImportedActivity.zone(for: beforeSwitch, fileOffset: 3600, fallback: prague).0.identifier == "Europe/Prague")
        #expect(ImportedActivity.zone(for: afterSwitch, fileOffset: 7200, fallback: prague).0.identifier == "Europe/Prague")
        #expect(ImportedActivity.zone(for: afterSwitch, fileOffset: 3600, fallback: prague).0.identifier != "Europe/Prague")
    }

    @Test("a file's local date is its own: a run at 23:30 in Tokyo is dated that day, wherever hiit runs")
    func localDateFromTheFileOffset() throws {
        let start = Date(timeIntervalSince1970: 1_795_876_200)  // 2026-11-28 14:30 UTC = 23:30 JST
        let session = RecordedSession(sport: .running, sportName: "running", start: start,
                                      totals: RecordedTotals(elapsedSeconds: 1800, timerSeconds: 1800, distanceMeters: 5000))
        let record = try ImportedActivity(RecordedActivity(format: .fit, utcOffsetSeconds: 32_400, sessions: [session]),
                                          id: id, source: source, weightKg: nil, zone: prague).record
        #expect(record.localDate == LocalDay(year: 2026, month: 11, day: 28))
        #expect(record.utcOffsetSeconds == 32_400)
    }

    @Test("a file that does not name its sport is taken from its speed, and says so")
    func inferredSport() throws {
        let points = northbound(count: 11, step: 60, metersPerStep: 170)  // 10.2 km/h
        let session = RecordedSession(sport: .other, sportName: "", start: morning, points: points)
        let imported = try ImportedActivity(RecordedActivity(format: .gpx, utcOffsetSeconds: 0, sessions: [session]),
                                            id: id, source: source, weightKg: nil, zone: utc)
        #expect(imported.record.legs.first?.sport == "running")
        #expect(imported.notes == ["the file does not name its sport: taken as running from its speed (10.2 km/h)"])
        #expect(ImportedActivity.inferredSport(metersPerSecond: 5.0 / 3.6) == .walking)
        #expect(ImportedActivity.inferredSport(metersPerSecond: 25 / 3.6) == .cycling)
        #expect(ImportedActivity.inferredSport(metersPerSecond: nil) == .other)
    }

    @Test("a sport hiit has no name for keeps the file's name")
    func otherSport() throws {
        let session = RecordedSession(sport: .other, sportName: "kitesurfing", start: morning,
                                      totals: RecordedTotals(elapsedSeconds: 3600, timerSeconds: 3600))
        let record = try ImportedActivity(RecordedActivity(format: .fit, utcOffsetSeconds: 0, sessions: [session]),
                                          id: id, source: source, weightKg: 70, zone: utc).record
        #expect(record.legs.first?.sport == "other" && record.legs.first?.sportName == "kitesurfing")
        #expect(record.kcal == nil, "no MET for a sport the Compendium cannot be asked about")
    }

    @Test("values outside the record's limits are not stored, and each is named")
    func outOfRange() throws {
        let session = RecordedSession(sport: .running, sportName: "running", start: morning,
                                      totals: RecordedTotals(elapsedSeconds: 600, timerSeconds: 600, distanceMeters: 2000,
                                                             averageHeartRate: 400, maximumHeartRate: 410))
        let imported = try ImportedActivity(RecordedActivity(format: .fit, utcOffsetSeconds: 0, sessions: [session]),
                                            id: id, source: source, weightKg: nil, zone: utc)
        #expect(imported.record.legs.first?.avgHeartRate == nil && imported.record.legs.first?.maxHeartRate == nil)
        #expect(imported.notes == [
            "leg 1: average heart rate 400 bpm is outside 0–300 bpm: not stored",
            "leg 1: maximum heart rate 410 bpm is outside 0–300 bpm: not stored",
        ])
        let tooLong = RecordedSession(sport: .hiking, sportName: "hiking", start: morning,
                                      totals: RecordedTotals(elapsedSeconds: 8 * 86_400))
        #expect(throws: ActivityFileError.noActivity(reason: "it lasts 8 days; a session lasts at most 7")) {
            try ImportedActivity(RecordedActivity(format: .fit, sessions: [tooLong]), id: id, source: source, weightKg: nil, zone: utc)
        }
        #expect(throws: ActivityFileError.self) {
            try ImportedActivity(RecordedActivity(format: .fit, sessions: []), id: id, source: source, weightKg: nil, zone: utc)
        }
    }

    @Test("a pool swim: lengths give the distance, a 22.86 m pool is 25 yd, laps keep their distances")
    func poolSwim() throws {
        let lengths = (0..<40).map { RecordedLength(start: morning.addingTimeInterval(Double($0) * 30), seconds: 30, isActive: $0 % 10 != 9) }
        let laps = [RecordedLap(start: morning, totals: RecordedTotals(elapsedSeconds: 600, distanceMeters: 411.48)),
                    RecordedLap(start: morning.addingTimeInterval(600), totals: RecordedTotals(timerSeconds: 600))]
        let session = RecordedSession(sport: .swimming, sportName: "swimming/lap_swimming", start: morning, laps: laps,
                                      lengths: lengths, poolLengthMeters: 22.86)
        let leg = try #require(try ImportedActivity(RecordedActivity(format: .fit, utcOffsetSeconds: 0, sessions: [session]),
                                                    id: id, source: source, weightKg: nil, zone: utc).record.legs.first)
        #expect(leg.poolLength == 25 && leg.poolUnit == .yards && leg.isOpenWater == false)
        #expect(abs((leg.distanceMeters ?? 0) - 36 * 22.86) < 1e-9, "36 active lengths of 22.86 m")
        #expect(leg.elapsedSeconds == 1200, "the laps' times")
        #expect(leg.laps == [LapRecord(startSeconds: 0, elapsedSeconds: 600, distanceMeters: 411.48),
                             LapRecord(startSeconds: 600, elapsedSeconds: 600)])
    }

    @Test("a device's default name is made again from the start; a name of the athlete's own is kept")
    func names() throws {
        func workout(_ name: String?) throws -> String {
            let session = RecordedSession(sport: .running, sportName: "running", start: morning,
                                          totals: RecordedTotals(elapsedSeconds: 60, timerSeconds: 60))
            return try ImportedActivity(RecordedActivity(format: .gpx, utcOffsetSeconds: 0, name: name, sessions: [session]),
                                        id: id, source: source, weightKg: nil, zone: utc).record.workout
        }
        #expect(try workout("Morning Run") == "running")
        #expect(try workout("Lunch Ride") == "running")
        #expect(try workout(nil) == "running")
        #expect(try workout("Prague Half Marathon") == "Prague Half Marathon")
    }
}

@Suite("The identity of an imported file and the duplicate rule")
struct ActivityDuplicateTests {
    @Test("the id is the file's SHA-256, marked as a version 8 UUID")
    func identity() throws {
        let first = try #require(ActivityIdentity.id(sha256: sha))
        #expect(ActivityIdentity.id(sha256: sha.uppercased()) == first)
        #expect(first.uuidString == "ABABABAB-ABAB-8BAB-ABAB-ABABABABABAB")
        #expect(ActivityIdentity.id(sha256: String(repeating: "cd", count: 32)) != first)
        #expect(ActivityIdentity.id(sha256: "abc") == nil)
        #expect(ActivityIdentity.id(sha256: String(repeating: "zz", count: 32)) == nil)
    }

    private func key(start offset: Double, seconds: Double, sports: [String], kind: SessionRecord.Kind = .multisport) -> ActivityDuplicate.Key {
        let legs = sports.map { LegRecord(sport: $0, startSeconds: 0, elapsedSeconds: seconds, timerSeconds: seconds, distanceMeters: nil, kcal: nil, laps: []) }
        let start = morning.addingTimeInterval(offset)
        let day = LocalDay(year: 2026, month: 11, day: 28) ?? LocalDay.earliest
        return ActivityDuplicate.Key(SessionRecord(
            id: UUID(), workout: "x", kind: kind, start: start, end: start.addingTimeInterval(seconds), timeZone: "UTC",
            utcOffsetSeconds: 0, localDate: day, workoutSeconds: seconds,
            totalSeconds: seconds, pausedSeconds: 0, rounds: 1, exercises: 0, weightKg: nil, kcal: nil, legs: legs))
    }

    @Test("start within 60 s, the same sports, a duration within 2 %: the same activity")
    func rule() {
        let watch = key(start: 0, seconds: 3600, sports: ["running"])
        #expect(ActivityDuplicate.isSame(watch, key(start: 60, seconds: 3671, sports: ["running"])))
        #expect(ActivityDuplicate.isSame(watch, key(start: -59, seconds: 3528, sports: ["running"])))
        #expect(!ActivityDuplicate.isSame(watch, key(start: 61, seconds: 3600, sports: ["running"])))
        #expect(!ActivityDuplicate.isSame(watch, key(start: 0, seconds: 3700, sports: ["running"])), "2.7 % longer")
        #expect(!ActivityDuplicate.isSame(watch, key(start: 0, seconds: 3600, sports: ["cycling"])))
        let tri = key(start: 0, seconds: 3600, sports: ["swimming", "transition", "cycling", "transition", "running"])
        #expect(ActivityDuplicate.isSame(tri, key(start: 10, seconds: 3600, sports: ["swimming", "cycling", "running"])),
                "transitions are left out: a file without them is the same race")
        #expect(!ActivityDuplicate.isSame(tri, watch))
    }

    @Test("the match is found among many by the start")
    func match() {
        let known = stride(from: 0.0, to: 86_400 * 30, by: 3600).map { key(start: $0, seconds: 1800, sports: ["running"]) }
        let probe = key(start: 7200 + 30, seconds: 1810, sports: ["running"])
        #expect(ActivityDuplicate.match(probe, in: known)?.start == morning.addingTimeInterval(7200))
        #expect(ActivityDuplicate.match(key(start: 7200 + 1800, seconds: 1800, sports: ["running"]), in: known) == nil)
        #expect(ActivityDuplicate.match(probe, in: []) == nil)
    }
}
