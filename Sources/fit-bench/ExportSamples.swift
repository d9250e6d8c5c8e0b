// fit-bench export-samples DIR [FILE…]: FIT, TCX and GPX files written by hiit's encoders,
// for bench/fit_export_check.py (Garmin's SDK and fitdecode) and bench/xml_export_check.py
// (gpxpy, lxml) to read (see main.swift).
import ActivityFiles
import Foundation
import Tracks
import WorkoutModel

/// Writes the samples; returns the exit status (0, 1 when a file could not be written or
/// read, 64 for bad usage).
func exportSamples(_ arguments: [String]) -> Int32 {
    guard let folder = arguments.first else {
        FileHandle.standardError.write(Data("usage: fit-bench export-samples DIR [FILE…]\n".utf8))
        return 64
    }
    let manager = FileManager.default
    do {
        try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
    } catch {
        FileHandle.standardError.write(Data("fit-bench: \(folder): \(error)\n".utf8))
        return 1
    }
    var inputs = Array(arguments.dropFirst())
    if inputs.isEmpty {
        for kind in ["fit", "gpx", "tcx"] {
            let base = "Tests/ActivityFilesTests/Fixtures/\(kind)"
            let names = (try? manager.contentsOfDirectory(atPath: base)) ?? []
            inputs += names.sorted().map { "\(base)/\($0)" }
        }
    }
    var status: Int32 = 0
    func store(_ data: Data, as name: String, sessions: Int) {
        let path = (folder as NSString).appendingPathComponent(name)
        if manager.createFile(atPath: path, contents: data) {
            print("wrote \(path) bytes=\(data.count) sessions=\(sessions)")
        } else {
            FileHandle.standardError.write(Data("fit-bench: \(path): cannot be written\n".utf8))
            status = 1
        }
    }
    /// `NAME.fit`, `NAME.tcx` and, when the activity has positions, `NAME.gpx`.
    func write(_ activity: RecordedActivity, as name: String) {
        let sessions = activity.sessions.count
        store(ActivityFile.encodeFIT(activity), as: name + ".fit", sessions: sessions)
        do {
            store(try ActivityFile.encodeTCX(activity), as: name + ".tcx", sessions: sessions)
        } catch {
            FileHandle.standardError.write(Data("fit-bench: \(name).tcx: skipped: \(error)\n".utf8))
        }
        do {
            store(try ActivityFile.encodeGPX(activity), as: name + ".gpx", sessions: sessions)
        } catch {
            FileHandle.standardError.write(Data("fit-bench: \(name).gpx: skipped: \(error)\n".utf8))
        }
    }
    write(SampleActivities.tabata(), as: "synthetic-tabata")
    write(SampleActivities.triathlon(), as: "synthetic-triathlon")
    for path in inputs {
        guard let data = manager.contents(atPath: path) else {
            FileHandle.standardError.write(Data("fit-bench: \(path): cannot be read\n".utf8))
            status = 1
            continue
        }
        do {
            let activity = try ActivityFile.decode(data)
            write(activity, as: (path as NSString).lastPathComponent)
        } catch {
            FileHandle.standardError.write(Data("fit-bench: \(path): skipped: \(error)\n".utf8))
        }
    }
    return status
}

/// Synthetic activities as hiit records them, at fixed instants (2026-11-30 06:01:02.250 UTC
/// on), the same on every run.
enum SampleActivities {
    /// 2026-11-30 06:01:02 UTC, Unix seconds.
    static let start = 1_796_018_462.0

    /// A Tabata: `hiit/tabata`, 8 rounds of 20 s work and 10 s rest (16 laps, named), a
    /// point every second with heart rate, a 15-second pause in round 5, hiit's record values.
    static func tabata() -> RecordedActivity {
        let begin = Date(timeIntervalSince1970: start + 0.25)
        var laps: [RecordedLap] = []
        var points: [TrackPoint] = []
        var offset = 0.0
        let pause = TimerPause(start: Date(timeIntervalSince1970: start + 130), end: Date(timeIntervalSince1970: start + 145))
        for round in 1...8 {
            for (isWork, seconds) in [(true, 20.0), (false, 10.0)] {
                let elapsed = round == 5 && isWork ? seconds + pause.seconds : seconds
                laps.append(RecordedLap(start: begin.addingTimeInterval(offset),
                                        totals: RecordedTotals(elapsedSeconds: elapsed, timerSeconds: seconds,
                                                               kcal: isWork ? 3 : 1, averageHeartRate: isWork ? 150 : 130),
                                        intensity: isWork ? .active : .rest,
                                        name: isWork ? "Burpees, round \(round) of 8" : "Rest"))
                offset += elapsed
            }
        }
        for second in 0...Int(offset) {
            let time = Date(timeIntervalSince1970: start + Double(second))
            if time > pause.start, time < pause.end { continue }
            points.append(TrackPoint(time: time, heartRate: Double(120 + (second * 7) % 50)))
        }
        let totals = RecordedTotals(elapsedSeconds: offset, timerSeconds: offset - pause.seconds, kcal: 28,
                                    averageHeartRate: 142, maximumHeartRate: 169)
        let session = RecordedSession(sport: .hiit, sportName: "hiit/tabata", start: begin, totals: totals, laps: laps,
                                      points: points, pauses: [pause])
        let hiit = HiitSessionData(id: UUID(uuid: (0x5A, 0x1E, 0x00, 0x01, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 0x14)),
                                   kind: .intervals, workout: "Tabata — Burpees", timeZone: "Europe/Prague", rounds: 8,
                                   exercises: 1, workoutSeconds: 160, kcal: 27.6, weightKg: 70)
        return RecordedActivity(format: .fit, device: nil, utcOffsetSeconds: 3600, sessions: [session], hiitSession: hiit)
    }

    /// A sprint triathlon: a 750 m pool swim (25 m pool, 30 lengths of which 2 rests), T1, a
    /// 20 km ride, T2 and a 5 km run, a point every 5 seconds with positions on land.
    static func triathlon() -> RecordedActivity {
        var sessions: [RecordedSession] = []
        var clock = start
        func leg(_ sport: Sport, _ name: String, seconds: Double, meters: Double, positions: Bool) -> RecordedSession {
            let begin = Date(timeIntervalSince1970: clock)
            var points: [TrackPoint] = []
            for step in stride(from: 0.0, through: seconds, by: 5) {
                let fraction = step / seconds
                points.append(TrackPoint(time: begin.addingTimeInterval(step),
                                         latitude: positions ? 50.08 + fraction * 0.05 : nil,
                                         longitude: positions ? 14.42 + fraction * 0.03 : nil,
                                         altitudeMeters: positions ? 240 + 10 * sin(fraction * 6) : nil,
                                         distanceMeters: meters * fraction, heartRate: 140 + 10 * fraction,
                                         speedMetersPerSecond: meters / seconds))
            }
            let totals = RecordedTotals(elapsedSeconds: seconds, timerSeconds: seconds, distanceMeters: meters,
                                        kcal: (seconds / 10).rounded(), averageHeartRate: 145, maximumHeartRate: 160)
            clock += seconds
            return RecordedSession(sport: sport, sportName: name, start: begin, totals: totals,
                                   laps: [RecordedLap(start: begin, totals: totals)], points: points)
        }
        var swim = leg(.swimming, "swimming/lap_swimming", seconds: 900, meters: 750, positions: false)
        swim.poolLengthMeters = 25
        var lengthStart = swim.start
        for index in 0..<30 {
            let isActive = index != 10 && index != 20
            let seconds = 30.0
            swim.lengths.append(RecordedLength(start: lengthStart, seconds: seconds, isActive: isActive,
                                               strokes: isActive ? 18 : nil))
            lengthStart = lengthStart.addingTimeInterval(seconds)
        }
        sessions.append(swim)
        sessions.append(leg(.transition, "transition", seconds: 120, meters: 150, positions: true))
        sessions.append(leg(.cycling, "cycling/road", seconds: 2400, meters: 20_000, positions: true))
        sessions.append(leg(.transition, "transition", seconds: 75, meters: 100, positions: true))
        sessions.append(leg(.running, "running", seconds: 1500, meters: 5000, positions: true))
        return RecordedActivity(format: .fit, device: RecordingDevice(manufacturer: "garmin", product: "fenix7"),
                                utcOffsetSeconds: 3600, sessions: sessions, multisportName: "triathlon")
    }
}
