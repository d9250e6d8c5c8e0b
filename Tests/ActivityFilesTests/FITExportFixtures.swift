@testable import ActivityFiles
import Foundation
import Tracks
import WorkoutModel

/// The instant `unix` seconds and `milliseconds` after 1970-01-01 UTC, computed as the FIT
/// decoder computes a start with hiit's `hiit_start_ms` (whole seconds plus milliseconds / 1000),
/// so that a start written and read back compares equal.
func instant(_ unix: Int64, ms milliseconds: Int = 0) -> Date {
    Date(timeIntervalSince1970: Double(unix) + Double(milliseconds) / 1000)
}

/// 2026-11-30 06:01:02 UTC.
let exportStart: Int64 = 1_796_018_462

/// An interval session as hiit records it: `hiit/tabata`, 8 rounds of 20 s work and 10 s
/// rest (16 laps, active and rest, named), a start 250 ms past its second, a point every whole
/// second with heart rate, a 15-second pause in round 5, hiit's record values. Every value is
/// at FIT's resolution, so it must come back exactly.
func exportTabata() -> RecordedActivity {
    var laps: [RecordedLap] = []
    var offset: Int64 = 0
    let pause = TimerPause(start: instant(exportStart + 130), end: instant(exportStart + 145))
    for round in 1...8 {
        for isWork in [true, false] {
            let seconds: Double = isWork ? 20 : 10
            let elapsed = round == 5 && isWork ? seconds + 15 : seconds
            laps.append(RecordedLap(start: instant(exportStart + offset, ms: 250),
                                    totals: RecordedTotals(elapsedSeconds: elapsed, timerSeconds: seconds, kcal: isWork ? 3 : 1,
                                                           averageHeartRate: isWork ? 151 : 128, maximumHeartRate: isWork ? 166 : 150),
                                    intensity: isWork ? .active : .rest,
                                    name: isWork ? "Burpees — round \(round) of 8" : "Rest"))
            offset += Int64(elapsed)
        }
    }
    var points: [TrackPoint] = []
    for second in 1...offset where !(130..<145).contains(second) {
        points.append(TrackPoint(time: instant(exportStart + second), heartRate: Double(110 + (second * 7) % 60)))
    }
    let totals = RecordedTotals(elapsedSeconds: Double(offset), timerSeconds: Double(offset) - 15, kcal: 28,
                                averageHeartRate: 142, maximumHeartRate: 169)
    let session = RecordedSession(sport: .hiit, sportName: "hiit/tabata", start: instant(exportStart, ms: 250), totals: totals,
                                  laps: laps, points: points, pauses: [pause])
    let hiit = HiitSessionData(id: UUID(uuid: (0x5A, 0x1E, 0x00, 0x01, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 0x14)),
                               kind: .intervals, workout: "Tabata: Burpees", timeZone: "Europe/Prague", rounds: 8, exercises: 1,
                               workoutSeconds: 160.125, kcal: 27.634_819, weightKg: 70.5)
    return RecordedActivity(format: .fit, device: nil, utcOffsetSeconds: 3600, name: "Morning Tabata", sessions: [session],
                            multisportName: nil, hiitSession: hiit)
}

/// A sprint triathlon: a pool swim (25 m pool, 30 lengths, two of them rests at the wall),
/// T1, a ride of two laps, T2 and a run with a pause; legs start on milliseconds; points
/// every 5 s on whole seconds from the leg's first whole second to at least a second before the
/// next leg's (FIT's record timestamps are whole seconds: a point in the same second as the
/// next leg's start would go to that leg). At FIT's resolution: comes back exactly.
func exportTriathlon() -> RecordedActivity {
    // (sport, name, start offset in ms, seconds, metres, laps)
    let legs: [(Sport, String, Int64, Double, Double, Int)] = [
        (.swimming, "swimming/lap_swimming", 0, 900.5, 750, 1),
        (.transition, "transition", 900_500, 120.25, 150, 1),
        (.cycling, "cycling/road", 1_020_750, 2400, 20_000, 2),
        (.transition, "transition", 3_420_750, 75.5, 100, 1),
        (.running, "running", 3_496_250, 1500, 5000, 1),
    ]
    var sessions: [RecordedSession] = []
    for (index, leg) in legs.enumerated() {
        let (sport, name, startMs, seconds, meters, lapCount) = leg
        let start = instant(exportStart + startMs / 1000, ms: Int(startMs % 1000))
        let firstSecond = exportStart + (startMs + 999) / 1000
        let endMs = index + 1 < legs.count ? legs[index + 1].2 : startMs + Int64(seconds * 1000)
        let lastSecond = exportStart + endMs / 1000 - 1
        var points: [TrackPoint] = []
        for second in stride(from: firstSecond, through: lastSecond, by: 5) {
            let fraction = Double(second - firstSecond) / seconds
            let onLand = sport != .swimming
            points.append(TrackPoint(time: instant(second),
                                     latitude: onLand ? Double(Int64(2_147_483_648.0 / 180 * (50.08 + fraction * 0.05))) * 180 / 2_147_483_648 : nil,
                                     longitude: onLand ? Double(Int64(2_147_483_648.0 / 180 * (14.42 + fraction * 0.03))) * 180 / 2_147_483_648 : nil,
                                     altitudeMeters: onLand ? Double(3700 + second % 50) / 5 - 500 : nil,
                                     distanceMeters: (meters * fraction * 100).rounded() / 100,
                                     heartRate: Double(130 + second % 30), cadence: onLand ? Double(80 + second % 10) : nil,
                                     speedMetersPerSecond: ((meters / seconds) * 1000).rounded() / 1000))
        }
        let totals = RecordedTotals(elapsedSeconds: seconds, timerSeconds: sport == .running ? seconds - 20 : seconds,
                                    distanceMeters: meters, ascentMeters: onLandAscent(sport), descentMeters: onLandAscent(sport),
                                    kcal: (seconds / 10).rounded(), averageHeartRate: 145, maximumHeartRate: 171,
                                    averageCadence: sport == .cycling ? 88 : nil, maximumCadence: sport == .cycling ? 101 : nil,
                                    maximumSpeedMetersPerSecond: sport == .cycling ? 70.125 : 4.25)
        var laps: [RecordedLap] = []
        for lap in 0..<lapCount {
            let lapSeconds = seconds / Double(lapCount)
            let lapMs = startMs + Int64(lapSeconds * 1000) * Int64(lap)
            laps.append(RecordedLap(start: instant(exportStart + lapMs / 1000, ms: Int(lapMs % 1000)),
                                    totals: RecordedTotals(elapsedSeconds: lapSeconds, timerSeconds: lapSeconds,
                                                           distanceMeters: meters / Double(lapCount)),
                                    intensity: .active))
        }
        var session = RecordedSession(sport: sport, sportName: name, start: start, totals: totals, laps: laps, points: points)
        if sport == .swimming {
            session.poolLengthMeters = 25
            var lengthStart = firstSecond
            for length in 0..<30 {
                let isActive = length != 10 && length != 20
                session.lengths.append(RecordedLength(start: instant(lengthStart), seconds: isActive ? 29.875 : 12, isActive: isActive,
                                                      strokes: isActive ? 17 + length % 3 : nil))
                lengthStart += isActive ? 30 : 12
            }
        }
        if sport == .running {
            session.pauses = [TimerPause(start: instant(firstSecond + 600), end: instant(firstSecond + 620))]
        }
        sessions.append(session)
    }
    return RecordedActivity(format: .fit, device: RecordingDevice(manufacturer: "garmin", product: "fenix7"),
                            utcOffsetSeconds: -18_000, sessions: sessions, multisportName: "triathlon")
}

private func onLandAscent(_ sport: Sport) -> Double? {
    sport == .cycling ? 212 : sport == .running ? 48 : nil
}

/// What a FIT file keeps of `activity`, as ``FITActivityEncoder`` documents it, written out
/// independently here: format FIT and no notes; sport names as FIT spells the sport written
/// (FIT's own name where the activity's is not FIT's); session and lap starts to the
/// millisecond; points, pauses and lengths to the second (rounded to the millisecond, then
/// down), a pause shorter than that gone; durations to the millisecond, distances to the
/// centimetre, positions to a semicircle, altitude to 0.2 m, speeds to 1 mm/s; heart rate,
/// cadence, ascent, descent and kcal whole; no horizontal error; the UTC offset to 15 minutes.
/// A FIT record, length or event belongs to no session but by its time: each goes to the last
/// session whose start's whole second is at or before it (a TCX leg's last point at the
/// instant the next leg starts goes to the next leg).
func fitResolution(_ activity: RecordedActivity) -> RecordedActivity {
    func milliseconds(_ date: Date) -> Date {
        let total = (date.timeIntervalSince1970 * 1000).rounded()
        let whole = (total / 1000).rounded(.down)
        return whole * 1000 == total ? Date(timeIntervalSince1970: whole) : Date(timeIntervalSince1970: whole + (total - whole * 1000) / 1000)
    }
    func second(_ date: Date) -> Date {
        Date(timeIntervalSince1970: ((date.timeIntervalSince1970 * 1000).rounded() / 1000).rounded(.down))
    }
    func scaled(_ value: Double?, _ scale: Double, offset: Double = 0) -> Double? {
        value.map { ((($0 + offset) * scale).rounded()) / scale - offset }
    }
    func totals(_ totals: RecordedTotals) -> RecordedTotals {
        RecordedTotals(elapsedSeconds: scaled(totals.elapsedSeconds, 1000), timerSeconds: scaled(totals.timerSeconds, 1000),
                       distanceMeters: scaled(totals.distanceMeters, 100), ascentMeters: scaled(totals.ascentMeters, 1),
                       descentMeters: scaled(totals.descentMeters, 1), kcal: scaled(totals.kcal, 1),
                       averageHeartRate: scaled(totals.averageHeartRate, 1), maximumHeartRate: scaled(totals.maximumHeartRate, 1),
                       averageCadence: scaled(totals.averageCadence, 1), maximumCadence: scaled(totals.maximumCadence, 1),
                       maximumSpeedMetersPerSecond: scaled(totals.maximumSpeedMetersPerSecond, 1000))
    }
    let semicircle = 180 / 2_147_483_648.0
    var result = activity
    result.format = .fit
    result.notes = []
    result.utcOffsetSeconds = activity.utcOffsetSeconds.map { Int((Double($0) / 900).rounded()) * 900 }
    result.sessions = activity.sessions.map { session in
        var session = session
        let numbers = FITSportMapping.numbers(sportName: session.sportName, sport: session.sport)
        session.sportName = FITSportMapping.name(numbers.sport, subSport: numbers.subSport)
        session.start = milliseconds(session.start)
        session.totals = totals(session.totals)
        session.poolLengthMeters = scaled(session.poolLengthMeters, 100)
        session.laps = session.laps.map { lap in
            RecordedLap(start: milliseconds(lap.start), totals: totals(lap.totals), intensity: lap.intensity,
                        name: lap.name?.isEmpty == true ? nil : lap.name)
        }
        session.lengths = session.lengths.map {
            RecordedLength(start: second($0.start), seconds: scaled($0.seconds, 1000) ?? 0, isActive: $0.isActive, strokes: $0.strokes)
        }
        session.pauses = session.pauses.map { TimerPause(start: second($0.start), end: second($0.end)) }.filter { $0.end > $0.start }
        session.points = session.points.map { point in
            var lat = point.latitude.map { ($0 / semicircle).rounded() * semicircle }
            var lon = point.longitude.map { ($0 / semicircle).rounded() * semicircle }
            if lat == nil || lon == nil { (lat, lon) = (nil, nil) }
            return TrackPoint(time: second(point.time), latitude: lat, longitude: lon,
                              altitudeMeters: scaled(point.altitudeMeters, 5, offset: 500), distanceMeters: scaled(point.distanceMeters, 100),
                              heartRate: scaled(point.heartRate, 1), cadence: scaled(point.cadence, 1),
                              speedMetersPerSecond: scaled(point.speedMetersPerSecond, 1000))
        }
        return session
    }
    let starts = result.sessions.map { $0.start.timeIntervalSince1970.rounded(.down) }
    func owner(_ time: Date) -> Int {
        starts.lastIndex { $0 <= time.timeIntervalSince1970 } ?? 0
    }
    let points = result.sessions.flatMap(\.points), lengths = result.sessions.flatMap(\.lengths)
    let pauses = result.sessions.flatMap(\.pauses)
    for index in result.sessions.indices {
        result.sessions[index].points = points.filter { owner($0.time) == index }
        result.sessions[index].lengths = lengths.filter { owner($0.start) == index }
        result.sessions[index].pauses = pauses.filter { owner($0.start) == index }
    }
    return result
}
