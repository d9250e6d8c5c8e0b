import Foundation
import WorkoutModel
@testable import WorkoutStore
import TestSupport

/// Permission bits (e.g. 0o600) of a path.
func permissions(of url: URL) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
}

/// A record with whole-second instants (history lines store seconds).
func sampleRecord(id: UUID = UUID(), workout: String = "Tabata", minute: Int = 0) -> SessionRecord {
    let start = Date(timeIntervalSince1970: 1_796_000_000 + Double(minute * 60))
    return SessionRecord(
        id: id, workout: workout, kind: .intervals, start: start, end: start.addingTimeInterval(240),
        timeZone: "Europe/Prague", utcOffsetSeconds: 3600, localDate: localDay("2026-11-30"),
        workoutSeconds: 160, totalSeconds: 230, pausedSeconds: 0, rounds: 8, exercises: 1,
        weightKg: 70, kcal: 27.6)
}

/// A multisport record with one cycling leg of `laps` laps: a history line longer than a
/// chunk of the history readers (``HistoryLineStream/chunkSize``) from about 7,000 laps on.
func longRecord(minute: Int, laps: Int) -> SessionRecord {
    var record = sampleRecord(minute: minute)
    record.kind = .multisport
    record.legs = [LegRecord(sport: "cycling", startSeconds: 0, elapsedSeconds: 3600, timerSeconds: 3600,
                             distanceMeters: 30000, kcal: nil,
                             laps: (0..<laps).map { LapRecord(startSeconds: Double($0), elapsedSeconds: 0.4) })]
    return record
}

let sampleWorkout = IntervalWorkout(
    name: "Core+Legs",
    exercises: [
        Exercise(name: "Burpees", workSeconds: 40, restSeconds: 20, rounds: 3),
        Exercise(name: "Squats", workSeconds: 30, restSeconds: 0, rounds: 2),
    ],
    restBetweenExercisesSeconds: 45, prepareSeconds: 5)

/// Decodes a workout and returns the error's one-line description, or "no error".
func workoutError(_ text: String, path: String = "tabata.json") -> String {
    workoutError(Data(text.utf8), path: path)
}

func workoutError(_ data: Data, path: String = "tabata.json") -> String {
    do {
        _ = try WorkoutFile.decode(data, path: path)
        return "no error"
    } catch {
        return error.description
    }
}
