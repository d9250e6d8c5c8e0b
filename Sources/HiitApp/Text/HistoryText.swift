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

    /// `UTC+01:00`, `UTC−03:30` (`UTC-03:30` in ASCII), `UTC`.
    static func offset(_ seconds: Int, glyphs: Glyphs = .unicode) -> String {
        guard seconds != 0 else { return "UTC" }
        let sign = seconds < 0 ? glyphs.minus : "+"
        let minutes = abs(seconds) / 60
        return "UTC" + sign + String(format: "%02d:%02d", minutes / 60, minutes % 60)
    }

    /// The list of `hiit history`: a header and one row per record, in the order given, laid
    /// out for `width` columns (``TextTable``).
    ///
    /// Columns: ID (the first 8 characters of the id), DATE and START (the local date and
    /// start time at the session's own offset), WORKOUT (the session's title by time of day,
    /// ``SessionTitle``: `Morning Tabata`, `Evening run`; 20 to 30 cells, cut with the
    /// ellipsis), WORKOUT TIME and TOTAL TIME (``Format/hoursMinutes(_:)``: `3 min`,
    /// `1 h 53 min`), DISTANCE (the legs' distances added up, in the person's units, `25.75 km`,
    /// `3.11 mi`; only when a row has one) and KCAL (`~28`; only when a row has an estimate).
    /// Too narrow for all of them, the table drops TOTAL TIME first, then START, KCAL,
    /// DISTANCE and WORKOUT TIME; ID, DATE and WORKOUT always stay.
    /// - Parameters:
    ///   - records: the sessions to show, newest first.
    ///   - units: km or mi for distances.
    ///   - width: the terminal's columns.
    ///   - glyphs: the ellipsis for a cut title.
    /// - Returns: lines without line ends.
    static func table(_ records: [SessionRecord], units: Profile.Units = .metric, width: Int = 80,
                      glyphs: Glyphs = .unicode) -> [String] {
        let distances = records.map { Format.shownDistance($0.totalDistanceMeters) }
        var columns = [
            TextTable.Column(header: "ID"), TextTable.Column(header: "DATE"), TextTable.Column(header: "START", dropOrder: 2),
            TextTable.Column(header: "WORKOUT", flexible: 20...30),
            TextTable.Column(header: "WORKOUT TIME", alignment: .right, dropOrder: 5),
            TextTable.Column(header: "TOTAL TIME", alignment: .right, dropOrder: 1),
        ]
        let hasDistance = distances.contains { $0 != nil }, hasKcal = records.contains { $0.kcal != nil }
        if hasDistance { columns.append(TextTable.Column(header: "DISTANCE", alignment: .right, dropOrder: 4)) }
        if hasKcal { columns.append(TextTable.Column(header: "KCAL", alignment: .right, dropOrder: 3)) }
        let rows = zip(records, distances).map { record, distance in
            var row = [
                shortID(record.id), record.localDate.description,
                wallClock(record.start, utcOffsetSeconds: record.utcOffsetSeconds).time,
                SessionTitle.title(for: record, dash: glyphs.rangeDash),
                Format.hoursMinutes(record.workoutSeconds), Format.hoursMinutes(record.totalSeconds),
            ]
            if hasDistance { row.append(distance.map { Format.distance($0, units: units, sport: nil, poolUnit: nil) } ?? "") }
            if hasKcal { row.append(record.kcal.map { "~\(Int($0.rounded(.toNearestOrAwayFromZero)))" } ?? "") }
            return row
        }
        return TextTable(columns: columns, rows: rows).lines(width: width, glyphs: glyphs)
    }

    /// Everything in one record, one `Label  value` line each, for `hiit history show`.
    /// Durations read in words to the second with the exact stored seconds beside them
    /// (`2 min 40 s (160.25 s)`), the one style of durations on this screen (the leg table
    /// and the laps too).
    /// - Parameters:
    ///   - entry: the record and where it is stored.
    ///   - path: the history file's path.
    ///   - units: the person's units for distances and paces.
    ///   - width: the terminal's columns (the leg table and the laps fit them).
    ///   - glyphs: Unicode or ASCII punctuation.
    /// - Returns: lines without line ends.
    static func details(_ entry: HistoryEntry, path: String, units: Profile.Units = .metric, width: Int = 80,
                        glyphs: Glyphs = .unicode) -> [String] {
        let record = entry.record
        let start = wallClock(record.start, utcOffsetSeconds: record.utcOffsetSeconds, seconds: true)
        let end = wallClock(record.end, utcOffsetSeconds: record.utcOffsetSeconds, seconds: true)
        var rows: [(String, String)] = [
            ("Session", record.id.uuidString),
            // A recorded activity is named as `hiit history` lists it ("Afternoon ride"), not by
            // the sport word its file gave or the record's kind.
            ("Workout", record.source == nil ? "\(record.workout.sanitizedForTerminal) (\(record.kind.rawValue))"
                : "\(SessionTitle.title(for: record, dash: glyphs == .unicode ? "–" : "-").sanitizedForTerminal) (recorded activity)"),
            ("Date", "\(record.localDate) (\(record.timeZone.sanitizedForTerminal), \(offset(record.utcOffsetSeconds, glyphs: glyphs)))"),
            ("Started", "\(start.date) \(start.time)  (\(iso(record.start)))"),
            ("Ended", "\(end.date) \(end.time)  (\(iso(record.end)))"),
            ("Workout Time", duration(record.workoutSeconds)),
            ("Total Time", duration(record.totalSeconds)),
            ("Paused", duration(record.pausedSeconds)),
        ]
        if record.kind == .multisport {
            let sportLegs = record.legs.filter { $0.sport != "transition" }.count
            rows.append(("Legs", "\(record.legs.count) (\(sportLegs) sport \(sportLegs == 1 ? "leg" : "legs"))"))
            if let distance = Format.shownDistance(record.totalDistanceMeters) {
                rows.append(("Distance", Format.distance(distance, units: units, sport: nil, poolUnit: nil)))
            }
        } else {
            rows += [("Rounds", String(record.rounds)), ("Exercises", String(record.exercises))]
        }
        rows += [
            ("Weight", record.weightKg.map { WeightOption.text(kilograms: $0, units: units) } ?? "not set"),
            ("Energy", record.kcal.map { "\(HIITCalories.display($0)) (\(Format.decimal($0, places: 2)) unrounded)" }
                ?? "not estimated (no weight was set)"),
            ("Stored", "\(path), line \(entry.line)"),
        ]
        if record.version != SessionRecord.currentVersion { rows.append(("Version", String(record.version))) }
        let labelWidth = rows.map(\.0.count).max() ?? 0
        var lines = rows.flatMap { label, value in
            Self.labelled(label.padding(toLength: labelWidth, withPad: " ", startingAt: 0) + "  ", value, width: width)
        }
        if !record.legs.isEmpty {
            lines.append("")
            lines += LegTable.lines(record.legs, units: units, width: width, glyphs: glyphs)
            lines += lapLines(record.legs, width: width)
        }
        return lines
    }

    /// `Label  value` in `width` columns: the value wrapped at its spaces under itself; when a
    /// word of it does not fit beside the label (a session id at 40 columns), the label on a
    /// line of its own and the value on the next lines, indented by two.
    static func labelled(_ label: String, _ value: String, width: Int) -> [String] {
        if (label + value).displayWidth <= width { return [label + value] }
        let pieces = value.split(separator: " ").map(String.init)
        let beside = Format.wrap(pieces, first: label, indent: String(repeating: " ", count: label.count), width: width)
        if beside.allSatisfy({ $0.displayWidth <= width }) { return beside }
        return [label.trimmingCharacters(in: .whitespaces)] + Format.wrap(pieces, first: "  ", indent: "  ", width: width)
    }

    /// The laps of legs that have more than one, wrapped to `width`:
    /// `Laps of leg 1 (Swim): 30 s, 31 s, …`, further lines indented.
    static func lapLines(_ legs: [LegRecord], width: Int = 80) -> [String] {
        let labels = LegTable.labels(legs)
        return legs.enumerated().flatMap { index, leg -> [String] in
            guard leg.laps.count > 1 else { return [] }
            let word = leg.poolLength != nil ? "Lengths" : "Laps"
            let times = leg.laps.enumerated().map { lap, time in
                Format.words(time.elapsedSeconds) + (lap < leg.laps.count - 1 ? "," : "")
            }
            return Format.wrap(times, first: " \(word) of leg \(index + 1) (\(labels[index])):", indent: "   ", width: width)
        }
    }

    /// `2 min 40 s (160 s)` or `2 min 40 s (160.25 s)`: words to the second, then the stored seconds.
    static func duration(_ seconds: Double) -> String {
        "\(Format.words(seconds)) (\(Format.decimal(seconds, places: 3)) s)"
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
