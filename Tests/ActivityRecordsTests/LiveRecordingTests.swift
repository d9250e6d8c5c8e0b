import ActivityFiles
import ActivityRecords
import Calories
import Foundation
import Testing
import Tracks
import WorkoutModel

/// 2026-11-30 00:53:20 UTC.
private let start = Date(timeIntervalSince1970: 1_796_000_000)
private let prague = TimeZone(identifier: "Europe/Prague") ?? TimeZone(secondsFromGMT: 3600) ?? .gmt
private let weight = 70.0
private let fileSource = RecordSource(format: "fit", fileName: "live.fit", sha256: String(repeating: "ef", count: 32))

/// Metres per degree of latitude on hiit's sphere (``GreatCircle``, R = 6,371,008.8 m): about
/// 111,195 m, the same along every meridian.
private let metersPerDegree = Double.pi * TrackThresholds.earthRadiusMeters / 180

/// A leg as the session engine records it: times in seconds from the session's start, the
/// plan's target distance and the engine's MET kcal for it.
private func leg(_ sport: Sport, at startSeconds: Double, seconds: Double, plannedMeters: Double? = nil) -> LegRecord {
    let kcal = LegCalories.kcal(sport: sport, distanceMeters: plannedMeters, timerSeconds: seconds, weightKg: weight, isOpenWater: false)
    return LegRecord(sport: sport.rawValue, startSeconds: startSeconds, elapsedSeconds: seconds, timerSeconds: seconds,
                     distanceMeters: plannedMeters, kcal: kcal, laps: [])
}

/// The engine's record of `legs` run back to back from ``start``.
private func session(_ legs: [LegRecord]) -> SessionRecord {
    let end = legs.map { $0.startSeconds + $0.elapsedSeconds }.max() ?? 0
    return SessionRecord(
        id: UUID(), workout: "Live", kind: .multisport, start: start, end: start.addingTimeInterval(end), timeZone: prague,
        workoutSeconds: SessionRecord.workoutSeconds(ofLegs: legs), totalSeconds: end, pausedSeconds: 0,
        rounds: SessionRecord.rounds(ofLegs: legs), exercises: 0, weightKg: weight,
        kcal: SessionRecord.kcal(ofLegs: legs, weightKg: weight), legs: legs)
}

/// The live track of leg `index` of `record`: a fix each second from the leg's start (plus
/// `offset` seconds) for `seconds` s, due north along 14.4° E from 50° N at `speed` m/s (standing
/// still in the seconds of `stopped`), with gpsd's speed, a ±4 m error and the distance so far;
/// `climb` metres per second of altitude.
private func northbound(_ record: SessionRecord, leg index: Int, speed: Double, seconds: Int? = nil, offset: Double = 0,
                        climb: Double? = nil, stopped: ClosedRange<Int>? = nil) -> LiveLegTrack {
    let legStart = record.legs[index].startSeconds + offset
    let count = (seconds ?? Int(record.legs[index].elapsedSeconds)) + 1
    var meters = 0.0
    let points = (0..<count).map { second in
        let now = stopped?.contains(second) == true ? 0 : speed
        if second > 0 { meters += now }
        return TrackPoint(time: start.addingTimeInterval(legStart + Double(second)), latitude: 50 + meters / metersPerDegree,
                          longitude: 14.4, altitudeMeters: climb.map { 200 + $0 * Double(second) }, distanceMeters: meters,
                          speedMetersPerSecond: now, horizontalErrorMeters: 4)
    }
    return LiveLegTrack(leg: index, points: points, distanceMeters: meters)
}

/// Swim 750 m (15:00), T1 (2:00), bike 10 km at 30 km/h (20:00, 20 km planned), T2 (1:30),
/// run 2 km at 4 m/s (8:20, 5 km planned); the bike and the run tracked.
private func triathlon() -> (record: SessionRecord, tracks: [LiveLegTrack]) {
    let record = session([
        leg(.swimming, at: 0, seconds: 900, plannedMeters: 750), leg(.transition, at: 900, seconds: 120),
        leg(.cycling, at: 1020, seconds: 1200, plannedMeters: 20_000), leg(.transition, at: 2220, seconds: 90),
        leg(.running, at: 2310, seconds: 500, plannedMeters: 5000),
    ])
    return (record, [northbound(record, leg: 2, speed: 30 / 3.6, climb: 0.05), northbound(record, leg: 4, speed: 4)])
}

@Suite("A session recorded with live GPS is stored as an imported activity is")
struct LiveRecordingTests {
    @Test("a 2 km run stores the track's distance, km × kg and its moving time; the activity holds the fixes")
    func runLeg() throws {
        let record = session([leg(.running, at: 0, seconds: 500)])
        let track = northbound(record, leg: 0, speed: 4)
        let (stored, activity) = try #require(LiveRecording.recorded(record, tracks: [track], weightKg: weight))
        let run = try #require(stored.legs.first)
        #expect(abs((run.distanceMeters ?? 0) - 2000) < 0.001)
        #expect(abs((run.kcal ?? 0) - 2 * 70) < 0.001, "2 km × 70 kg")
        #expect(stored.kcal == run.kcal && stored.kcalSource == .distance)
        #expect(run.movingSeconds == 500)
        #expect(stored.totalDistanceMeters == run.distanceMeters)
        #expect(stored.id == record.id && stored.start == record.start && stored.end == record.end)
        #expect(stored.totalSeconds == record.totalSeconds && stored.workoutSeconds == record.workoutSeconds)

        #expect(activity.device == RecordingDevice(manufacturer: "hiit", product: "gpsd"))
        #expect(activity.hiitSession?.id == record.id && activity.hiitSession?.kcal == stored.kcal)
        let points = try #require(activity.sessions.first?.points)
        #expect(points == track.points, "the fixes themselves, distances from the leg's start")
        #expect(activity.sessions.first?.totals.distanceMeters == run.distanceMeters)

        var kept = stored
        kept.source = LiveRecording.source(fileName: "live.fit", sha256: String(repeating: "0f", count: 32))
        #expect(kept.source?.format == "fit" && kept.source?.manufacturer == "hiit" && kept.source?.product == "gpsd")
        #expect(try SessionRecord(jsonLine: kept.jsonLine()) == kept, "a history line like an import's")
    }

    @Test("a ride gets the MET estimate by its measured speed (30 km/h: 12.0 MET), not the plan's")
    func bikeLeg() throws {
        let record = session([leg(.cycling, at: 0, seconds: 1200, plannedMeters: 40_000)])
        let (stored, _) = try #require(LiveRecording.recorded(record, tracks: [northbound(record, leg: 0, speed: 30 / 3.6)],
                                                              weightKg: weight))
        let bike = try #require(stored.legs.first)
        #expect(abs((bike.distanceMeters ?? 0) - 10_000) < 0.001, "the measured 10 km, not the planned 40")
        #expect(abs((bike.kcal ?? 0) - 12.0 * 70 * 1200 / 3600) < 0.001, "12.0 MET × 70 kg × 1/3 h = 280 kcal")
        #expect(stored.kcalSource == .met)
        #expect(bike.movingSeconds == 1200)
    }

    @Test("a triathlon tracked on the bike and the run keeps the swim's planned distance and the engine's swim and transition kcal")
    func triathlonLegs() throws {
        let (record, tracks) = triathlon()
        let (stored, activity) = try #require(LiveRecording.recorded(record, tracks: tracks, weightKg: weight))
        #expect(stored.legs[0] == record.legs[0], "the swim as the engine recorded it: 750 m, its kcal")
        #expect(stored.legs[1] == record.legs[1] && stored.legs[3] == record.legs[3])
        #expect(abs((stored.legs[2].distanceMeters ?? 0) - 10_000) < 0.001)
        #expect(abs((stored.legs[4].distanceMeters ?? 0) - 2000) < 0.001)
        #expect(abs((stored.legs[4].kcal ?? 0) - 140) < 0.001)
        let ascent = try #require(stored.legs[2].ascentMeters)
        #expect((57...60).contains(ascent), "60 m climbed in 20 min, counted in steps of 3 m")
        let sum = stored.legs.compactMap(\.kcal).reduce(0, +)
        #expect(abs((stored.kcal ?? 0) - sum) < 1e-9)
        #expect(stored.kcalSource == .met, "the swim's estimate comes first")
        #expect(abs((stored.totalDistanceMeters ?? 0) - 12_750) < 0.001)
        #expect(stored.workoutSeconds == record.workoutSeconds && stored.rounds == 3)

        #expect(activity.sessions.count == 5 && activity.multisportName == "triathlon")
        #expect(!activity.sessions[3].points.contains { $0.hasPosition }, "T2 holds none of the ride's fixes")
        let bikeEnd = try #require(activity.sessions[2].points.last?.time)
        #expect(bikeEnd < activity.sessions[3].start, "the fix in the second T2 starts in goes to no leg")
        #expect(activity.sessions[2].points.count == 1200 && activity.sessions[4].points.count == 501)
    }

    @Test("a track implying 8000 km/h stores no distance, neither its own nor the plan's")
    func implausibleTrack() throws {
        let record = session([leg(.running, at: 0, seconds: 60, plannedMeters: 5000)])
        let track = northbound(record, leg: 0, speed: 8000 / 3.6)
        let (stored, _) = try #require(LiveRecording.recorded(record, tracks: [track], weightKg: weight))
        let run = try #require(stored.legs.first)
        #expect(run.distanceMeters == nil)
        #expect(stored.totalDistanceMeters == nil)
        #expect(stored.kcalSource == .met, "no distance: MET × kg × h, not km × kg")
    }

    @Test("no usable track: nothing to store but the record as it was")
    func noUsableTrack() {
        let (record, tracks) = triathlon()
        #expect(LiveRecording.recorded(record, tracks: [], weightKg: weight) == nil)
        var single = tracks[1]
        single.points = Array(single.points.prefix(1))
        #expect(LiveRecording.recorded(record, tracks: [single], weightKg: weight) == nil, "one fix is no track")
        var unpositioned = tracks[1]
        for index in unpositioned.points.indices { unpositioned.points[index].latitude = nil }
        #expect(LiveRecording.recorded(record, tracks: [unpositioned], weightKg: weight) == nil, "fixes without positions")
        var noLeg = tracks[1]
        noLeg.leg = 5
        #expect(LiveRecording.recorded(record, tracks: [noLeg], weightKg: weight) == nil, "a leg the record does not have")
        let transition = northbound(record, leg: 3, speed: 2)
        #expect(LiveRecording.recorded(record, tracks: [transition], weightKg: weight) == nil, "a transition is time only")
        let swim = northbound(record, leg: 0, speed: 0.9)
        #expect(LiveRecording.recorded(record, tracks: [swim], weightKg: weight) == nil, "a swim's distance is not the GPS's")
        let late = northbound(record, leg: 4, speed: 4, seconds: 100, offset: 1000)
        #expect(LiveRecording.recorded(record, tracks: [late], weightKg: weight) == nil, "every fix after the leg's end")
    }

    @Test("a run paused for a minute halfway: the fixes give 500 s moving, and no pause is made up at the leg's end")
    func pausedRun() throws {
        var run = leg(.running, at: 0, seconds: 500)
        run.elapsedSeconds = 560
        var record = session([run])
        record.pausedSeconds = 60
        // 250 s at 4 m/s, 60 s standing still, 250 s at 4 m/s.
        let track = northbound(record, leg: 0, speed: 4, stopped: 251...310)
        let (stored, activity) = try #require(LiveRecording.recorded(record, tracks: [track], weightKg: weight))
        #expect(abs((stored.legs[0].distanceMeters ?? 0) - 2000) < 0.001 && stored.legs[0].movingSeconds == 500)
        #expect(activity.sessions.first?.pauses == [], "the record says how long it was paused, not when")
        let back = try ImportedActivity(ActivityFile.decode(ActivityFile.encodeFIT(activity)), id: UUID(), source: fileSource,
                                        weightKg: weight, zone: prague)
        #expect(back.record.legs.first?.movingSeconds == 500 && back.record.legs.first?.timerSeconds == 500)
        #expect(back.record.pausedSeconds == 60)
    }

    @Test("a 5 Hz receiver: the first fix of each second is kept, as FIT stamps records, and the moving time comes back the same")
    func fastReceiver() throws {
        let record = session([leg(.running, at: 0, seconds: 101)])
        // A fix every 0.2 s from 0.1 s to 100.9 s at 4 m/s.
        let points = (0..<505).map { index in
            let seconds = 0.1 + 0.2 * Double(index)
            return TrackPoint(time: start.addingTimeInterval(seconds), latitude: 50 + 4 * seconds / metersPerDegree, longitude: 14.4,
                              distanceMeters: 4 * (seconds - 0.1), speedMetersPerSecond: 4)
        }
        let track = LiveLegTrack(leg: 0, points: points, distanceMeters: 4 * 100.8)
        let (stored, activity) = try #require(LiveRecording.recorded(record, tracks: [track], weightKg: weight))
        #expect(activity.sessions.first?.points.count == 101)
        #expect(abs((stored.legs[0].distanceMeters ?? 0) - 403.2) < 1e-9, "every fix's metres count, the last second's too")
        let back = try ImportedActivity(ActivityFile.decode(ActivityFile.encodeFIT(activity)), id: UUID(), source: fileSource,
                                        weightKg: weight, zone: prague)
        let moving = try #require(stored.legs[0].movingSeconds)
        #expect(abs(moving - 100) < 1e-6 && back.record.legs.first?.movingSeconds == moving)
    }

    @Test("fixes before the leg's start and after its end are dropped, not moved, and their metres not counted")
    func pointsOutsideTheLeg() throws {
        let record = session([leg(.running, at: 0, seconds: 500)])
        // 560 fixes from 30 s before the start to 30 s after the end.
        let track = northbound(record, leg: 0, speed: 4, seconds: 559, offset: -30)
        let (stored, activity) = try #require(LiveRecording.recorded(record, tracks: [track], weightKg: weight))
        let points = try #require(activity.sessions.first?.points)
        #expect(points.count == 501 && points.first?.time == record.start && points.last?.time == record.end)
        #expect(points.first?.distanceMeters == 0 && points.last?.distanceMeters == 2000, "from the leg's start")
        #expect(abs((stored.legs[0].distanceMeters ?? 0) - 2000) < 0.001, "the 2 km within the leg, not the track's 2.24 km")
    }

    @Test("the FIT original imported again is the same session: id, distances, moving times, the fixes")
    func fitRoundTrip() throws {
        let (record, tracks) = triathlon()
        let (stored, activity) = try #require(LiveRecording.recorded(record, tracks: tracks, weightKg: weight))
        let decoded = try ActivityFile.decode(ActivityFile.encodeFIT(activity))
        let back = try ImportedActivity(decoded, id: UUID(), source: fileSource, weightKg: weight, zone: prague)
        #expect(back.record.id == record.id && back.record.legs.count == 5)
        for index in [2, 4] {
            let (was, now) = (stored.legs[index], back.record.legs[index])
            #expect(abs((now.distanceMeters ?? 0) - (was.distanceMeters ?? 0)) <= 0.005, "centimetres, as FIT holds them")
            #expect(now.movingSeconds == was.movingSeconds)
            #expect(decoded.sessions[index].points.count == activity.sessions[index].points.count)
        }
        #expect(back.record.legs[0].distanceMeters == 750 && back.record.legs[0].movingSeconds == nil)
        #expect(back.record.legs[1].movingSeconds == nil && back.record.legs[3].movingSeconds == nil, "no track, no moving time")
        #expect(back.record.kcal == stored.kcal && back.record.weightKg == weight)
        #expect(decoded.device == LiveRecording.device)
    }

    @Test("the decoded run splits per kilometre: two of 1000 m in 4:10 each")
    func splitsFromTheOriginal() throws {
        let (record, tracks) = triathlon()
        let (_, activity) = try #require(LiveRecording.recorded(record, tracks: tracks, weightKg: weight))
        let run = try ActivityFile.decode(ActivityFile.encodeFIT(activity)).sessions[4]
        let summary = TrackSummary(points: run.points, pauses: run.pauses, sport: .running)
        #expect(abs((summary.distanceMeters ?? 0) - 2000) < 0.01 && summary.movingSeconds == 500)
        let splits = Splits.of(points: run.points, pauses: run.pauses, splitMeters: Splits.kilometer)
        #expect(splits.count == 2)
        for split in splits {
            #expect(abs(split.distanceMeters - 1000) < 1e-9 && abs(split.seconds - 250) < 0.01)
        }
    }

    @Test("without a weight there are no kcal at all, as for an imported activity")
    func noWeight() throws {
        var (record, tracks) = triathlon()
        record.weightKg = nil
        record.kcal = nil
        for index in record.legs.indices { record.legs[index].kcal = nil }
        let (stored, activity) = try #require(LiveRecording.recorded(record, tracks: tracks, weightKg: nil))
        #expect(stored.legs.allSatisfy { $0.kcal == nil } && stored.kcal == nil && stored.kcalSource == nil && stored.weightKg == nil)
        #expect(abs((stored.legs[2].distanceMeters ?? 0) - 10_000) < 0.001, "the distance is measured all the same")
        #expect(activity.hiitSession?.kcal == nil)
    }
}
