import Foundation
import Testing
import WorkoutModel
@testable import WorkoutStats
import TestSupport

/// A zone by IANA name (Debian's tzdata).
func zone(_ id: String) throws -> TimeZone {
    try #require(TimeZone(identifier: id), "time zone \(id)")
}

/// An instant from ISO 8601 with an offset: `2024-10-27T02:30:00+02:00`.
func instant(_ text: String) throws -> Date {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    return try #require(formatter.date(from: text), "instant \(text)")
}

func day(_ text: String) throws -> LocalDay {
    try #require(LocalDay(text), "date \(text)")
}

/// A context in `zoneID` at `now`.
func context(_ zoneID: String, now: String, firstWeekday: Profile.FirstWeekday = .monday,
             locale: Locale? = nil) throws -> StatsContext {
    StatsContext(timeZone: try zone(zoneID), now: try instant(now), firstWeekday: firstWeekday, locale: locale)
}

/// A completed interval session recorded in `zoneID`, starting at `start` (ISO 8601 with offset).
func session(_ start: String, in zoneID: String, workout: String = "Tabata", minutes: Double = 4,
             workoutSeconds: Double = 160, kcal: Double? = 27.6) throws -> SessionRecord {
    let begin = try instant(start)
    return SessionRecord(
        id: UUID(), workout: workout, kind: .intervals, start: begin,
        end: begin.addingTimeInterval(minutes * 60), timeZone: try zone(zoneID),
        workoutSeconds: workoutSeconds, totalSeconds: minutes * 60, pausedSeconds: 0,
        rounds: 8, exercises: 1, weightKg: kcal == nil ? nil : 70, kcal: kcal)
}

/// A multisport session with legs `(sport, metres)`.
func multisport(_ start: String, in zoneID: String, workout: String = "Sprint triathlon",
                legs: [(String, Double?)], minutes: Double = 60, kcal: Double? = 500) throws -> SessionRecord {
    let begin = try instant(start)
    let legRecords = legs.enumerated().map { index, leg in
        LegRecord(sport: leg.0, startSeconds: Double(index) * 600, elapsedSeconds: 600, timerSeconds: 600,
                  distanceMeters: leg.1, kcal: nil, laps: [])
    }
    return SessionRecord(
        id: UUID(), workout: workout, kind: .multisport, start: begin,
        end: begin.addingTimeInterval(minutes * 60), timeZone: try zone(zoneID),
        workoutSeconds: minutes * 60, totalSeconds: minutes * 60, pausedSeconds: 0,
        rounds: 0, exercises: 0, weightKg: kcal == nil ? nil : 70, kcal: kcal, legs: legRecords)
}

extension StatsReport {
    var labels: [String] { buckets.map(\.label) }
    func sessions(_ label: String) -> Int? { buckets.first { $0.label == label }?.totals.sessions }
    var sessionCounts: [Int] { buckets.map(\.totals.sessions) }
    func jsonObject() throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: jsonData()) as? [String: Any])
    }
    var jsonString: String { (try? String(decoding: jsonData(), as: UTF8.self)) ?? "" }
}

/// A generated history: `count` sessions over 2023–2025 recorded in several zones (HIIT and
/// multisport, fractional seconds and kcal, some without kcal; legs of recorded-activity sports
/// too, hiking and a device's `hiit`, with a fractional ascent on about half the legs that are
/// not transitions).
func generatedHistory(seed: UInt64, count: Int) throws -> [SessionRecord] {
    var rng = SeededGenerator(seed: seed)
    let zones = try ["Europe/Berlin", "America/New_York", "Asia/Singapore", "America/Santiago",
                     "Australia/Lord_Howe", "Asia/Kolkata", "UTC"].map(zone)
    let base = try instant("2023-01-01T00:00:00Z").timeIntervalSince1970
    let span = 3.0 * 365 * 86_400
    let sports = ["swimming", "cycling", "running", "transition", "rowing", "hiking", "hiit"]
    return (0..<count).map { index in
        let start = Date(timeIntervalSince1970: (base + Double.random(in: 0..<span, using: &rng)).rounded())
        let tz = zones[Int.random(in: 0..<zones.count, using: &rng)]
        let total = Double(Int.random(in: 120...5400, using: &rng)) + 0.25
        let kcal: Double? = Bool.random(using: &rng) ? Double.random(in: 10...900, using: &rng) : nil
        if Int.random(in: 0..<3, using: &rng) == 0 {
            let legs = (0..<Int.random(in: 1...5, using: &rng)).map { _ in
                let sport = sports[Int.random(in: 0..<sports.count, using: &rng)]
                let distance = sport == "transition" ? nil : Double.random(in: 100...40_000, using: &rng)
                let ascent = sport == "transition" || Bool.random(using: &rng) ? nil : Double.random(in: 0...1500, using: &rng)
                return LegRecord(sport: sport, startSeconds: 0, elapsedSeconds: 60, timerSeconds: 60,
                                 distanceMeters: distance, kcal: nil, laps: [], ascentMeters: ascent)
            }
            return SessionRecord(id: UUID(), workout: "Plan \(index % 4)", kind: .multisport, start: start,
                                 end: start.addingTimeInterval(total), timeZone: tz, workoutSeconds: total,
                                 totalSeconds: total, pausedSeconds: 0, rounds: 0, exercises: 0,
                                 weightKg: kcal == nil ? nil : 70, kcal: kcal, legs: legs)
        }
        let work = (total * Double.random(in: 0.3...0.8, using: &rng) * 10).rounded() / 10
        return SessionRecord(id: UUID(), workout: "Tabata", kind: .intervals, start: start,
                             end: start.addingTimeInterval(total), timeZone: tz, workoutSeconds: work,
                             totalSeconds: total, pausedSeconds: 0, rounds: 8, exercises: 1,
                             weightKg: kcal == nil ? nil : 70, kcal: kcal)
    }
}

/// The comparison window of a report's JSON: start, end, whether partial, and its session count.
/// - Throws: when the JSON has no comparison.
func window(_ report: StatsReport) throws -> (String?, String?, Bool?, Int?) {
    let json = try report.jsonObject()
    let comparison = try #require(json["comparison"] as? [String: Any])
    let totals = comparison["totals"] as? [String: Any]
    return (comparison["start"] as? String, comparison["end"] as? String, comparison["partial"] as? Bool,
            totals?["sessions"] as? Int)
}
