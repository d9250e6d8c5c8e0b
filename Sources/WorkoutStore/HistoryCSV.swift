import Foundation
import WorkoutModel

/// History as CSV for spreadsheets (`hiit history export --csv`): RFC 4180 — a header row,
/// one row per session, fields separated by commas, rows ended by CRLF, and a field holding a
/// comma, a double quote, CR or LF enclosed in double quotes with each quote doubled.
///
/// Columns: `id, workout, kind, start, end, timeZone, localDate, workoutSeconds, totalSeconds,
/// pausedSeconds, rounds, exercises, weightKg, kcal, distanceMeters, legDistances`. Instants are
/// ISO 8601 in UTC as stored (`2026-11-30T06:01:02Z`, fractions of a second only when there
/// are any); seconds, weight, kcal and metres are plain decimal numbers, unrounded (`160`,
/// `27.6`, `750`); `weightKg` and `kcal` are empty when no weight was set.
///
/// Distances (multisport sessions): `distanceMeters` is the sum of the legs' distances in
/// metres, empty when no leg has one (every interval workout). `legDistances` names every leg
/// in order, separated by `;`, each as `sport=metres` with the sport's stored name and the
/// leg's distance in metres, nothing after `=` for a leg without one (a transition, a leg
/// whose distance was never entered): `swimming=750;transition=;cycling=20000;transition=;running=5000`.
/// It is empty for a session without legs. Laps and leg times are in the JSON export only.
public enum HistoryCSV {
    /// The header row's names, in column order.
    public static let columns = [
        "id", "workout", "kind", "start", "end", "timeZone", "localDate", "workoutSeconds",
        "totalSeconds", "pausedSeconds", "rounds", "exercises", "weightKg", "kcal", "distanceMeters", "legDistances",
    ]

    /// The whole document: the header and one row per record, each row ending with CRLF.
    /// - Parameter records: the sessions, in the order to write them.
    /// - Returns: the CSV text.
    public static func document(_ records: [SessionRecord]) -> String {
        var text = columns.joined(separator: ",") + "\r\n"
        for record in records {
            text += row(record) + "\r\n"
        }
        return text
    }

    /// One row without its line end.
    /// - Parameter record: the session.
    /// - Returns: the fields, quoted where needed, joined by commas.
    public static func row(_ record: SessionRecord) -> String {
        let values: [String] = [
            record.id.uuidString, record.workout, record.kind.rawValue,
            instant(record.start), instant(record.end), record.timeZone, record.localDate.description,
            number(record.workoutSeconds), number(record.totalSeconds), number(record.pausedSeconds),
            String(record.rounds), String(record.exercises),
            record.weightKg.map(number) ?? "", record.kcal.map(number) ?? "",
            record.totalDistanceMeters.map(number) ?? "", legDistances(record),
        ]
        return values.map(field).joined(separator: ",")
    }

    /// `swimming=750;transition=;cycling=20000`: each leg's sport and distance in metres, in order.
    static func legDistances(_ record: SessionRecord) -> String {
        record.legs.map { "\($0.sport)=" + ($0.distanceMeters.map(number) ?? "") }.joined(separator: ";")
    }

    /// A field as RFC 4180 writes it: unchanged, or in double quotes (quotes doubled) when it
    /// holds a comma, a double quote, CR or LF.
    /// - Parameter text: the value.
    /// - Returns: the field's text.
    public static func field(_ text: String) -> String {
        let needsQuotes = text.unicodeScalars.contains { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" }
        guard needsQuotes else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// `2026-11-30T06:01:02Z`, or with milliseconds when the instant has a fraction of a second.
    static func instant(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        let seconds = date.timeIntervalSince1970
        if seconds.rounded() != seconds {
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        }
        return formatter.string(from: date)
    }

    /// `160` for 160.0, `27.6` for 27.6 (the shortest text that reads back as the same number).
    static func number(_ value: Double) -> String {
        HistoryRecordRules.number(value)
    }
}
