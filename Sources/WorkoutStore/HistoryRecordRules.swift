import Foundation
import WorkoutModel

/// The limits a history line must keep to be read as a session (DESIGN §3, §4), beyond the
/// types the decoder checks: no negative or absurd durations, an end not before the start, a
/// real UTC offset, a weight in the profile's range. (That `localDate` is a real calendar
/// date is the type's own rule: ``LocalDay`` refuses anything else when it is decoded.) A line that breaks one
/// is reported with the line, the column of the value and the allowed range, and skipped like
/// any other bad line; it is never changed.
///
/// The limits themselves are the model's (``RecordLimits``, ``Profile/weightRange``); this type
/// checks a record against them and says where in the line the value is.
enum HistoryRecordRules {
    /// A value out of its range: where it is in the record and what is wrong with it.
    struct Violation: Equatable {
        /// Path to the value, e.g. `[.key("legs"), .index(0), .key("elapsedSeconds")]`.
        var path: [JSONPathComponent]
        /// Completes "keyPath: …", e.g. `-5 is outside 0–604800 seconds`.
        var reason: String
    }

    /// The first rule `record` breaks, in key order, or `nil` when it keeps them all.
    static func violation(in record: SessionRecord) -> Violation? {
        let secondsRange = RecordLimits.seconds, countRange = RecordLimits.count, kcalRange = RecordLimits.kcal
        let offsetRange = RecordLimits.utcOffsetSeconds, distanceRange = RecordLimits.legDistanceMeters
        let weightRange = Profile.weightRange
        func seconds(_ value: Double, _ path: [JSONPathComponent]) -> Violation? {
            secondsRange.contains(value) ? nil
                : Violation(path: path, reason: "\(number(value)) is outside \(number(secondsRange.lowerBound))–"
                    + "\(number(secondsRange.upperBound)) seconds (\(Int(secondsRange.upperBound / 86_400)) days)")
        }
        func count(_ value: Int, _ key: String) -> Violation? {
            countRange.contains(value) ? nil
                : Violation(path: [.key(key)], reason: "\(value) is outside \(countRange.lowerBound)–\(countRange.upperBound)")
        }
        func kcal(_ value: Double?, _ path: [JSONPathComponent]) -> Violation? {
            guard let value, !kcalRange.contains(value) else { return nil }
            return Violation(path: path, reason: "\(number(value)) is outside \(number(kcalRange.lowerBound))–"
                + "\(number(kcalRange.upperBound)) kcal")
        }
        func range(_ value: Double?, _ range: ClosedRange<Double>, _ unit: String, _ path: [JSONPathComponent]) -> Violation? {
            guard let value, !range.contains(value) else { return nil }
            return Violation(path: path, reason: "\(number(value)) is outside \(number(range.lowerBound))–"
                + "\(number(range.upperBound)) \(unit)")
        }
        if record.end < record.start {
            return Violation(path: [.key("end")], reason: "the end is before the start")
        }
        if let found = seconds(record.workoutSeconds, [.key("workoutSeconds")])
            ?? seconds(record.totalSeconds, [.key("totalSeconds")])
            ?? seconds(record.pausedSeconds, [.key("pausedSeconds")])
            ?? count(record.rounds, "rounds") ?? count(record.exercises, "exercises")
            ?? kcal(record.kcal, [.key("kcal")]) {
            return found
        }
        if !offsetRange.contains(record.utcOffsetSeconds) {
            return Violation(path: [.key("utcOffsetSeconds")],
                             reason: "\(record.utcOffsetSeconds) is outside \(offsetRange.lowerBound)–\(offsetRange.upperBound) "
                                 + "seconds (UTC±\(offsetRange.upperBound / 3600):00)")
        }
        if let weight = record.weightKg, !weightRange.contains(weight) {
            return Violation(path: [.key("weightKg")],
                             reason: "\(number(weight)) is outside \(number(weightRange.lowerBound))–\(number(weightRange.upperBound)) kg")
        }
        if record.legs.count > RecordLimits.legsPerSession {
            return Violation(path: [.key("legs")],
                             reason: "\(record.legs.count) legs; a session has at most \(RecordLimits.legsPerSession)")
        }
        if record.segments.count > RecordLimits.segmentsPerSession {
            return Violation(path: [.key("segments")],
                             reason: "\(record.segments.count) segments; a session has at most \(RecordLimits.segmentsPerSession)")
        }
        for (index, segment) in record.segments.enumerated() {
            // A segment is [kind, label, start, elapsed, timer]: the reason names the value.
            let base: [JSONPathComponent] = [.key("segments"), .index(index)]
            for (position, name, value) in [(2, "start", segment.startSeconds), (3, "elapsed", segment.elapsedSeconds),
                                            (4, "timer", segment.timerSeconds)] {
                if var found = seconds(value, base + [.index(position)]) {
                    found.reason = "\(name) " + found.reason
                    return found
                }
            }
        }
        for (index, leg) in record.legs.enumerated() {
            let base: [JSONPathComponent] = [.key("legs"), .index(index)]
            if leg.laps.count > RecordLimits.lapsPerLeg {
                return Violation(path: base + [.key("laps")],
                                 reason: "\(leg.laps.count) laps; a leg has at most \(RecordLimits.lapsPerLeg)")
            }
            if let found = seconds(leg.startSeconds, base + [.key("startSeconds")])
                ?? seconds(leg.elapsedSeconds, base + [.key("elapsedSeconds")])
                ?? seconds(leg.timerSeconds, base + [.key("timerSeconds")])
                ?? kcal(leg.kcal, base + [.key("kcal")]) {
                return found
            }
            if let distance = leg.distanceMeters, !distanceRange.contains(distance) {
                return Violation(path: base + [.key("distanceMeters")],
                                 reason: "\(number(distance)) is outside \(number(distanceRange.lowerBound))–"
                                     + "\(number(distanceRange.upperBound)) m")
            }
            if let found = range(leg.ascentMeters, RecordLimits.climbMeters, "m", base + [.key("ascentMeters")])
                ?? range(leg.descentMeters, RecordLimits.climbMeters, "m", base + [.key("descentMeters")])
                ?? range(leg.avgHeartRate, RecordLimits.heartRate, "bpm", base + [.key("avgHeartRate")])
                ?? range(leg.maxHeartRate, RecordLimits.heartRate, "bpm", base + [.key("maxHeartRate")])
                ?? range(leg.avgCadence, RecordLimits.cadence, "per minute", base + [.key("avgCadence")])
                ?? leg.movingSeconds.flatMap({ seconds($0, base + [.key("movingSeconds")]) }) {
                return found
            }
            for (lapIndex, lap) in leg.laps.enumerated() {
                let lapBase = base + [.key("laps"), .index(lapIndex)]
                if let found = seconds(lap.startSeconds, lapBase + [.key("startSeconds")])
                    ?? seconds(lap.elapsedSeconds, lapBase + [.key("elapsedSeconds")])
                    ?? range(lap.distanceMeters, RecordLimits.climbMeters, "m", lapBase + [.key("distanceMeters")]) {
                    return found
                }
            }
        }
        return nil
    }

    /// The error for a violation, located at the value in the line's text.
    /// - Parameters:
    ///   - violation: what is wrong.
    ///   - line: the line's bytes (a JSON object that parsed).
    ///   - path: the file's path as shown.
    ///   - lineNumber: the line's 1-based number in the file.
    static func error(for violation: Violation, line: [UInt8], path: String, lineNumber: Int) -> StoreError {
        let keyPath = JSONPathComponent.render(violation.path)
        let location: SourceLocation
        if let root = try? JSONTreeParser.parse(line, path: path, firstLine: lineNumber) {
            location = root.deepest(along: violation.path).location(in: line, path: path)
        } else {
            location = SourceLocation(path: path, line: lineNumber, column: 1)
        }
        return .invalidValue(location, keyPath: keyPath, reason: violation.reason)
    }

    /// `20` for 20.0, `20.5` for 20.5, as a person writes a number.
    static func number(_ value: Double) -> String {
        if value.isFinite, value.rounded() == value, abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }
}
