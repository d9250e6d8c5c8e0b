import Calories
import Foundation
import TerminalUI
import WorkoutModel
import WorkoutStats
import WorkoutStore

/// How sessions read in `hiit history` and `hiit history show` (pure: the wall time of a
/// session comes from its stored start and UTC offset, never from this machine's zone).
enum HistoryText {
    /// The first characters of an id shown in the list (enough to name a session in
    /// `history show` and `history delete`).
    static let shortIDLength = 8

    /// `1B4E28BA`: the id's first ``shortIDLength`` characters.
    static func shortID(_ id: UUID) -> String {
        String(id.uuidString.prefix(shortIDLength))
    }

    /// The local date and wall-clock time of `date` at a fixed offset from UTC.
    /// - Parameters:
    ///   - date: an instant.
    ///   - utcOffsetSeconds: the offset stored with the session (−64800…64800).
    ///   - seconds: whether to show seconds.
    /// - Returns: (`YYYY-MM-DD`, `HH:MM` or `HH:MM:SS`).
    static func wallClock(_ date: Date, utcOffsetSeconds: Int, seconds: Bool = false) -> (date: String, time: String) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: utcOffsetSeconds) ?? TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let day = String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
        let time = seconds
            ? String(format: "%02d:%02d:%02d", parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
            : String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
        return (day, time)
    }

    /// `UTC+01:00`, `UTC−03:30`, `UTC`.
    static func offset(_ seconds: Int) -> String {
        guard seconds != 0 else { return "UTC" }
        let sign = seconds < 0 ? "−" : "+"
        let minutes = abs(seconds) / 60
        return String(format: "UTC%@%02d:%02d", sign, minutes / 60, minutes % 60)
    }

    /// The list of `hiit history`: a header and one row per record, in the order given.
    /// Columns: id (first 8 characters), local date, local start time (at the session's own
    /// offset), the session's title by time of day (``SessionTitle``: `Morning Tabata`,
    /// `Evening run`; cut to 30 cells), Workout Time, Total Time, kcal (`~N kcal` or blank).
    /// - Parameter records: the sessions to show, newest first.
    /// - Returns: lines without line ends.
    static func table(_ records: [SessionRecord]) -> [String] {
        let titles = records.map { SessionTitle.title(for: $0) }
        let nameWidth = min(max(titles.map(\.displayWidth).max() ?? 0, "WORKOUT".count), 30)
        let header = ["ID".padded(toWidth: shortIDLength), "DATE      ", "TIME ", "WORKOUT".padded(toWidth: nameWidth),
                      "WORKOUT TIME", "TOTAL TIME", "ENERGY"]
        var lines = [header.joined(separator: "  ")]
        for (record, title) in zip(records, titles) {
            let time = wallClock(record.start, utcOffsetSeconds: record.utcOffsetSeconds).time
            let columns = [
                shortID(record.id), record.localDate.description.padded(toWidth: 10), time,
                title.padded(toWidth: nameWidth),
                Format.clock(record.workoutSeconds).padded(toWidth: 12, alignment: .right),
                Format.clock(record.totalSeconds).padded(toWidth: 10, alignment: .right),
                record.kcal.map(HIITCalories.display) ?? "",
            ]
            var line = columns.joined(separator: "  ")
            while line.hasSuffix(" ") { line.removeLast() }
            lines.append(line)
        }
        return lines
    }

    /// Everything in one record, one `Label  value` line each, for `hiit history show`.
    /// - Parameters:
    ///   - entry: the record and where it is stored.
    ///   - path: the history file's path.
    ///   - units: the person's units for distances and paces.
    /// - Returns: lines without line ends.
    static func details(_ entry: HistoryEntry, path: String, units: Profile.Units = .metric) -> [String] {
        let record = entry.record
        let start = wallClock(record.start, utcOffsetSeconds: record.utcOffsetSeconds, seconds: true)
        let end = wallClock(record.end, utcOffsetSeconds: record.utcOffsetSeconds, seconds: true)
        var rows: [(String, String)] = [
            ("Session", record.id.uuidString),
            ("Workout", "\(record.workout.sanitizedForTerminal) (\(record.kind.rawValue))"),
            ("Date", "\(record.localDate) (\(record.timeZone.sanitizedForTerminal), \(offset(record.utcOffsetSeconds)))"),
            ("Started", "\(start.date) \(start.time)  (\(iso(record.start)))"),
            ("Ended", "\(end.date) \(end.time)  (\(iso(record.end)))"),
            ("Workout Time", duration(record.workoutSeconds)),
            ("Total Time", duration(record.totalSeconds)),
            ("Paused", duration(record.pausedSeconds)),
        ]
        if record.kind == .multisport {
            let sportLegs = record.legs.filter { $0.sport != "transition" }.count
            rows.append(("Legs", "\(record.legs.count) (\(sportLegs) sport \(sportLegs == 1 ? "leg" : "legs"))"))
        } else {
            rows += [("Rounds", String(record.rounds)), ("Exercises", String(record.exercises))]
        }
        rows += [
            ("Weight", record.weightKg.map { "\(Format.decimal($0, places: 2)) kg" } ?? "not set"),
            ("Energy", record.kcal.map { "\(HIITCalories.display($0)) (\(Format.decimal($0, places: 2)) unrounded)" }
                ?? "not estimated (no weight was set)"),
            ("Stored", "\(path), line \(entry.line)"),
        ]
        if record.version != SessionRecord.currentVersion { rows.append(("Version", String(record.version))) }
        let width = rows.map(\.0.count).max() ?? 0
        var lines = rows.map { $0.0.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + $0.1 }
        if !record.legs.isEmpty {
            lines.append("")
            lines += LegTable.lines(record.legs, units: units)
            lines += lapLines(record.legs)
        }
        return lines
    }

    /// The laps of legs that have more than one, one line per leg: `Laps of 1 (Swim): 0:30 0:31 …`.
    static func lapLines(_ legs: [LegRecord]) -> [String] {
        let labels = LegTable.labels(legs)
        return legs.enumerated().compactMap { index, leg in
            guard leg.laps.count > 1 else { return nil }
            let word = leg.poolLength != nil ? "Lengths" : "Laps"
            return " \(word) of leg \(index + 1) (\(labels[index])): " + leg.laps.map { Format.clock($0.elapsedSeconds) }.joined(separator: " ")
        }
    }

    /// `2:40 (160 s)` or `2:40 (160.25 s)`.
    static func duration(_ seconds: Double) -> String {
        "\(Format.clock(seconds)) (\(Format.decimal(seconds, places: 3)) s)"
    }

    /// One line naming a session for messages: `1B4E28BA 2026-11-30 07:01 Tabata`.
    static func oneLine(_ record: SessionRecord) -> String {
        let time = wallClock(record.start, utcOffsetSeconds: record.utcOffsetSeconds).time
        return "\(shortID(record.id)) \(record.localDate) \(time) \(record.workout.sanitizedForTerminal)"
    }

    /// `2026-11-30T06:01:02Z`: the stored instant in UTC.
    static func iso(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        return formatter.string(from: date)
    }
}
