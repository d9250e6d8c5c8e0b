import Foundation
import WorkoutModel

/// hiit's own values in a TCX file (the TCX counterpart of ``FITHiitDeveloperData``): one
/// element `<hiit:Session xmlns:hiit="urn:hiit:tcx:session:1" …/>` in the first `Activity`'s
/// `Extensions` (TCX's `Extensions_t` takes elements of any other namespace, and the platforms
/// skip what they do not know). Its attributes are ``HiitSessionData``'s values and the UTC
/// offset at the start, which TCX's UTC times cannot hold: `id`, `kind` (`intervals` or
/// `multisport`), `workout`, `timeZone`, `utcOffsetSeconds`, `rounds`, `exercises`,
/// `workoutSeconds`, and `kcal`, `weightKg` when present. Numbers are written as Swift writes
/// a `Double` (the shortest text that reads back as the same number), so they come back exact.
enum TCXHiitExtension {
    /// The namespace of hiit's element; a URN, so that it names no host.
    static let namespace = "urn:hiit:tcx:session:1"
    /// The element's local name.
    static let elementName = "Session"

    /// The element's attributes for `mark` and `utcOffsetSeconds`, in the order written.
    static func attributes(_ mark: HiitSessionData, utcOffsetSeconds: Int?) -> [(String, String)] {
        var attributes: [(String, String)] = [
            ("xmlns:hiit", namespace), ("id", mark.id.uuidString), ("kind", mark.kind.rawValue), ("workout", mark.workout),
            ("timeZone", mark.timeZone),
        ]
        if let utcOffsetSeconds { attributes.append(("utcOffsetSeconds", String(utcOffsetSeconds))) }
        attributes += [("rounds", String(mark.rounds)), ("exercises", String(mark.exercises)),
                       ("workoutSeconds", exact(mark.workoutSeconds))]
        if let kcal = mark.kcal, kcal.isFinite { attributes.append(("kcal", exact(kcal))) }
        if let weight = mark.weightKg, weight.isFinite { attributes.append(("weightKg", exact(weight))) }
        return attributes
    }

    /// hiit's values from the attributes of an element named ``elementName`` (keys as
    /// ``XMLElementReader`` gives them: local names), or `nil` when it is not hiit's (another
    /// namespace) or a required value is missing or unreadable; the
    /// offset when it is given and within ±18 hours.
    static func values(_ attributes: [String: String]) -> (mark: HiitSessionData, utcOffsetSeconds: Int?)? {
        // The namespace declaration as the reader gives it: `xmlns:hiit` by its local name `hiit`.
        guard [attributes["hiit"], attributes["xmlns:hiit"], attributes["xmlns"]].contains(namespace),
              let id = attributes["id"].flatMap(UUID.init(uuidString:)),
              let kind = attributes["kind"].flatMap(SessionRecord.Kind.init(rawValue:)),
              let workout = attributes["workout"], let timeZone = attributes["timeZone"],
              let rounds = attributes["rounds"].flatMap({ Int($0) }), let exercises = attributes["exercises"].flatMap({ Int($0) }),
              let workoutSeconds = attributes["workoutSeconds"].flatMap({ Double($0) }), workoutSeconds.isFinite
        else { return nil }
        let offset = attributes["utcOffsetSeconds"].flatMap { Int($0) }.flatMap { abs($0) <= 64_800 ? $0 : nil }
        let mark = HiitSessionData(
            id: id, kind: kind, workout: workout, timeZone: timeZone, rounds: rounds, exercises: exercises,
            workoutSeconds: workoutSeconds,
            kcal: attributes["kcal"].flatMap { Double($0) }.flatMap { $0.isFinite ? $0 : nil },
            weightKg: attributes["weightKg"].flatMap { Double($0) }.flatMap { $0.isFinite ? $0 : nil })
        return (mark, offset)
    }

    /// `value` as the shortest text that reads back as the same `Double`.
    static func exact(_ value: Double) -> String { "\(value)" }
}
