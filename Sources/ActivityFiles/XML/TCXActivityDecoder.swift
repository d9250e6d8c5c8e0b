import Foundation
import Tracks
import WorkoutModel

/// Decodes TCX files (Garmin's Training Center Database, schema v2
/// `TrainingCenterDatabasev2.xsd`, with the `ActivityExtension/v2` TPX and LX extensions)
/// into a ``RecordedActivity``.
///
/// Read: `Activities/Activity` (`@Sport`: `Running`, `Biking`, `Other`, or any word, mapped by
/// the same words as GPX), its `Id` (the start), `Notes` (the name), `Creator/Name` (the
/// device's product); each `Lap` (`@StartTime`, `TotalTimeSeconds` s, `DistanceMeters` m,
/// `MaximumSpeed` m/s, `Calories` kcal, `AverageHeartRateBpm/Value` and
/// `MaximumHeartRateBpm/Value` bpm, `Intensity`, `Cadence` rpm, `Notes`, LX `AvgRunCadence`,
/// `MaxBikeCadence`, `MaxRunCadence`); each `Track/Trackpoint` (`Time`, `Position/LatitudeDegrees` and
/// `LongitudeDegrees` degrees, `AltitudeMeters` m, `DistanceMeters` m (the device's cumulative
/// distance), `HeartRateBpm/Value` bpm, `Cadence`, TPX `Speed` m/s and `RunCadence`). Element
/// names are matched by local name, whatever the namespace prefix.
///
/// A session's totals are those of its laps: timer time, distance and kcal summed over the
/// laps that have them, maxima the largest lap maximum, average heart rate and cadence the
/// laps' averages weighted by their timer time; each absent when no lap has it (TCX has no
/// elapsed time, ascent or descent). Several `Track`s in one lap leave the gaps between them
/// as ``TimerPause``s. A `MultiSportSession` gives one session per `FirstSport`/`NextSport`
/// activity and one of sport ``Sport/transition`` per `NextSport/Transition` lap, in
/// document order. Several `Activity` elements that follow each other in time (each starting
/// at or after the one before and at most 10 minutes after its end: the
/// legs of one event, as some platforms export a multisport activity) are one activity of
/// several sessions, in document order; the first activity with laps and the ones that
/// continue it are read, the others named in `notes`. A lap's `Intensity` `Active` is
/// ``LapIntensity/active``, `Resting` ``LapIntensity/rest``; its `Notes` is its name.
public enum TCXActivityDecoder {
    /// The longest gap, in seconds, between the end of one `Activity` and the start of the
    /// next for both to be sessions of one activity: 10 minutes (the project's value; a
    /// device records the time between legs as a transition leg, so legs of one event touch).
    static let chainedActivityGapSeconds: Double = 600

    /// Decodes the bytes of a TCX file.
    /// - Returns: an activity of format ``RecordedActivity/Format/tcx``; `notes` says what was
    ///   skipped ("3 trackpoints without a time skipped", "2 more activities in the file not
    ///   imported").
    /// - Throws: ``ActivityFileError/malformed(detail:)`` for XML that is not well-formed
    ///   ("XML line L, column C: …") or a root other than `TrainingCenterDatabase`;
    ///   ``ActivityFileError/notAnActivity(kind:)`` "a TCX course file" or "a TCX workout
    ///   file" when the file holds courses or workouts and no activity;
    ///   ``ActivityFileError/noActivity(reason:)`` "no activity in the TCX file", "an
    ///   activity with no laps and no trackpoints", "an activity without times".
    public static func decode(_ data: Data) throws(ActivityFileError) -> RecordedActivity {
        let document = TCXDocument()
        try XMLElementReader.read(data, into: document)
        return try document.activity()
    }
}

/// One `Trackpoint` as read.
private struct TCXPoint {
    var time: XMLDateTime?
    var hasTimeText = false
    var latitude: Double?
    var longitude: Double?
    var altitude: Double?
    var distance: Double?
    var heartRate: Double?
    var cadence: Double?
    var runCadence: Double?
    var speed: Double?
}

/// One `Lap` (or a multisport `Transition`) as read.
private struct TCXLap {
    var start: XMLDateTime?
    var totals = RecordedTotals()
    var intensity: LapIntensity?
    var notes: String?
    var tracks: [[TCXPoint]] = []
}

/// One `Activity` (or a multisport `Transition`) as read.
private struct TCXSession {
    var sportWord: String
    var isTransition: Bool
    var id: XMLDateTime?
    var notes: String?
    var creatorName: String?
    var laps: [TCXLap] = []
}

/// One top-level unit of `Activities`: an `Activity` (one session) or a `MultiSportSession`.
private struct TCXUnit {
    var isMultisport = false
    var id: XMLDateTime?
    var notes: String?
    var sessions: [TCXSession] = []
}

/// Collects a TCX document from the reader's elements. The element counts (path lengths) of
/// the open activity, lap and trackpoint anchor every match, so paths are read by index only.
private final class TCXDocument: XMLElementHandler {
    var root: String?
    var courses = 0
    var workouts = 0
    var units: [TCXUnit] = []
    /// hiit's own values, from the first `Activity/Extensions` that holds them.
    var hiitMark: (mark: HiitSessionData, utcOffsetSeconds: Int?)?
    /// Path lengths of the open `MultiSportSession`, session (`Activity`/`Transition`), lap
    /// (`Lap`/`Transition`) and `Trackpoint`.
    var multisportDepth: Int?
    var sessionDepth: Int?
    var lapDepth: Int?
    var pointDepth: Int?
    var point: TCXPoint?

    private func appendSession(_ session: TCXSession) {
        if units.isEmpty { units.append(TCXUnit()) }
        units[units.count - 1].sessions.append(session)
    }

    private func updateLap(_ change: (inout TCXLap) -> Void) {
        guard let u = units.indices.last, let s = units[u].sessions.indices.last,
              let l = units[u].sessions[s].laps.indices.last else { return }
        change(&units[u].sessions[s].laps[l])
    }

    private func updateSession(_ change: (inout TCXSession) -> Void) {
        guard let u = units.indices.last, let s = units[u].sessions.indices.last else { return }
        change(&units[u].sessions[s])
    }

    func elementStarted(_ path: [String], attributes: [String: String]) {
        let depth = path.count
        let name = path[depth - 1]
        if depth == 1 {
            root = name
            return
        }
        if depth == 3 {
            switch (path[1], name) {
            case ("Activities", "Activity"):
                units.append(TCXUnit())
                appendSession(TCXSession(sportWord: attributes["Sport"] ?? "", isTransition: false))
                sessionDepth = depth
            case ("Activities", "MultiSportSession"):
                units.append(TCXUnit(isMultisport: true))
                multisportDepth = depth
            case ("Courses", "Course"): courses += 1
            case ("Workouts", "Workout"): workouts += 1
            default: break
            }
            return
        }
        if let m = multisportDepth, sessionDepth == nil, depth == m + 2, path[m] == "FirstSport" || path[m] == "NextSport" {
            if name == "Activity" {
                appendSession(TCXSession(sportWord: attributes["Sport"] ?? "", isTransition: false))
                sessionDepth = depth
            } else if name == "Transition", path[m] == "NextSport" {
                var transition = TCXSession(sportWord: "Transition", isTransition: true)
                transition.laps.append(TCXLap(start: attributes["StartTime"].flatMap { XMLDateTime($0) }))
                appendSession(transition)
                sessionDepth = depth
                lapDepth = depth
            }
            return
        }
        if let s = sessionDepth, lapDepth == nil, depth == s + 2, path[s] == "Extensions", name == TCXHiitExtension.elementName,
           hiitMark == nil, let values = TCXHiitExtension.values(attributes) {
            hiitMark = values
            return
        }
        if let s = sessionDepth, lapDepth == nil, depth == s + 1, name == "Lap" {
            updateSession { $0.laps.append(TCXLap(start: attributes["StartTime"].flatMap { XMLDateTime($0) })) }
            lapDepth = depth
            return
        }
        if let l = lapDepth, pointDepth == nil {
            if depth == l + 1, name == "Track" {
                updateLap { $0.tracks.append([]) }
            } else if depth == l + 2, path[l] == "Track", name == "Trackpoint" {
                point = TCXPoint()
                pointDepth = depth
            }
        }
    }

    func elementEnded(_ path: [String], text: String) {
        let depth = path.count
        let name = path[depth - 1]
        if let p = pointDepth {
            if depth == p {
                if let point { updateLap { lap in if !lap.tracks.isEmpty { lap.tracks[lap.tracks.count - 1].append(point) } } }
                point = nil
                pointDepth = nil
            } else if depth == p + 1 {
                switch name {
                case "Time":
                    point?.hasTimeText = true
                    point?.time = XMLDateTime(text)
                case "AltitudeMeters": point?.altitude = XMLValue.number(text)
                case "DistanceMeters": point?.distance = XMLValue.nonNegative(text)
                case "Cadence": point?.cadence = XMLValue.nonNegative(text)
                default: break
                }
            } else if depth == p + 2, path[p] == "Position" {
                if name == "LatitudeDegrees" { point?.latitude = XMLValue.number(text).flatMap { (-90...90).contains($0) ? $0 : nil } }
                if name == "LongitudeDegrees" { point?.longitude = XMLValue.number(text).flatMap { (-180...180).contains($0) ? $0 : nil } }
            } else if depth == p + 2, path[p] == "HeartRateBpm", name == "Value" {
                point?.heartRate = XMLValue.nonNegative(text)
            } else if depth > p + 1, path[p] == "Extensions" {
                if name == "Speed" { point?.speed = XMLValue.nonNegative(text) }
                if name == "RunCadence" { point?.runCadence = XMLValue.nonNegative(text) }
            }
            return
        }
        if let l = lapDepth, depth > l, path[l] != "Track" {
            let value = XMLValue.nonNegative(text)
            if depth == l + 1 {
                switch name {
                case "TotalTimeSeconds": updateLap { $0.totals.timerSeconds = value }
                case "DistanceMeters": updateLap { $0.totals.distanceMeters = value }
                case "MaximumSpeed": updateLap { $0.totals.maximumSpeedMetersPerSecond = value }
                case "Calories": updateLap { $0.totals.kcal = value }
                case "Cadence": updateLap { $0.totals.averageCadence = value }
                case "Intensity":
                    let intensity: LapIntensity? = switch text {
                    case "Active": .active
                    case "Resting": .rest
                    default: nil
                    }
                    updateLap { $0.intensity = intensity }
                case "Notes": updateLap { $0.notes = XMLValue.nonEmpty(text) }
                default: break
                }
            } else if depth == l + 2, name == "Value", path[l] == "AverageHeartRateBpm" {
                updateLap { $0.totals.averageHeartRate = value }
            } else if depth == l + 2, name == "Value", path[l] == "MaximumHeartRateBpm" {
                updateLap { $0.totals.maximumHeartRate = value }
            } else if path[l] == "Extensions" {
                switch name {
                case "AvgRunCadence": updateLap { $0.totals.averageCadence = $0.totals.averageCadence ?? value }
                case "MaxRunCadence", "MaxBikeCadence": updateLap { $0.totals.maximumCadence = value }
                default: break
                }
            }
            return
        }
        if depth == lapDepth {
            lapDepth = nil
            if depth == sessionDepth { sessionDepth = nil }  // a Transition is its session's lap
            return
        }
        if let s = sessionDepth {
            if depth == s {
                sessionDepth = nil
            } else if depth == s + 1, name == "Id" {
                updateSession { $0.id = XMLDateTime(text) }
            } else if depth == s + 1, name == "Notes" {
                updateSession { $0.notes = XMLValue.nonEmpty(text) }
            } else if depth == s + 2, path[s] == "Creator", name == "Name" {
                updateSession { $0.creatorName = XMLValue.nonEmpty(text) }
            }
            return
        }
        if let m = multisportDepth {
            if depth == m {
                multisportDepth = nil
            } else if depth == m + 1, name == "Id", !units.isEmpty {
                units[units.count - 1].id = XMLDateTime(text)
            } else if depth == m + 1, name == "Notes", !units.isEmpty {
                units[units.count - 1].notes = XMLValue.nonEmpty(text)
            }
        }
    }

    /// The activity the document holds, or why there is none.
    func activity() throws(ActivityFileError) -> RecordedActivity {
        guard root == "TrainingCenterDatabase" else {
            throw .malformed(detail: "the root element is <\(root ?? "")>, not <TrainingCenterDatabase>")
        }
        guard !units.isEmpty else {
            if courses > 0 { throw .notAnActivity(kind: "a TCX course file") }
            if workouts > 0 { throw .notAnActivity(kind: "a TCX workout file") }
            throw .noActivity(reason: "no activity in the TCX file")
        }
        let hasContent: (TCXUnit) -> Bool = { unit in
            unit.sessions.contains { !$0.laps.isEmpty }
        }
        guard let chosen = units.firstIndex(where: hasContent) else {
            throw .noActivity(reason: "an activity with no laps and no trackpoints")
        }
        // The chosen unit, and the single activities after it that continue it (legs of one
        // event written as several `Activity` elements).
        var group = [units[chosen]]
        var built = [Self.sessions(of: units[chosen])]
        if !units[chosen].isMultisport {
            var next = chosen + 1
            while next < units.count, !units[next].isMultisport {
                let candidate = Self.sessions(of: units[next])
                guard let previous = built.last?.sessions, let end = previous.map(Self.end(of:)).max(),
                      let start = candidate.sessions.first?.start, let previousStart = previous.first?.start,
                      start >= previousStart, start.timeIntervalSince(end) <= TCXActivityDecoder.chainedActivityGapSeconds
                else { break }
                group.append(units[next])
                built.append(candidate)
                next += 1
            }
        }
        let sessions = built.flatMap(\.sessions)
        guard !sessions.isEmpty else { throw .noActivity(reason: "an activity without times") }
        let skippedPoints = built.reduce(0) { $0 + $1.skippedPoints }
        let unreadableTimes = built.reduce(0) { $0 + $1.unreadableTimes }
        let sessionsWithoutTime = built.reduce(0) { $0 + $1.sessionsWithoutTime }
        var notes: [String] = []
        if skippedPoints > 0 { notes.append("\(skippedPoints) trackpoint\(skippedPoints == 1 ? "" : "s") without a time skipped") }
        if unreadableTimes > 0 {
            notes.append("\(unreadableTimes) trackpoint\(unreadableTimes == 1 ? "" : "s") with an unreadable time skipped")
        }
        if sessionsWithoutTime > 0 {
            notes.append("\(sessionsWithoutTime) leg\(sessionsWithoutTime == 1 ? "" : "s") without any time skipped")
        }
        let others = units.count - group.count
        if others > 0 { notes.append("\(others) more activit\(others == 1 ? "y" : "ies") in the file not imported") }

        let offset = group[0].id?.utcOffsetSeconds ?? built.lazy.compactMap(\.utcOffsetSeconds).first
        let tcxSessions = group.flatMap(\.sessions)
        return RecordedActivity(format: .tcx, device: CreatorName.device(tcxSessions.lazy.compactMap(\.creatorName).first),
                                utcOffsetSeconds: hiitMark?.utcOffsetSeconds ?? offset,
                                name: group.lazy.compactMap(\.notes).first ?? tcxSessions.lazy.compactMap(\.notes).first,
                                sessions: sessions, notes: notes, hiitSession: hiitMark?.mark)
    }

    /// The recorded sessions of one unit, what was skipped in it, and the first UTC offset its
    /// times are written with.
    static func sessions(of unit: TCXUnit)
        -> (sessions: [RecordedSession], skippedPoints: Int, unreadableTimes: Int, sessionsWithoutTime: Int, utcOffsetSeconds: Int?) {
        var sessions: [RecordedSession] = []
        var offset: Int?
        var skippedPoints = 0
        var unreadableTimes = 0
        var sessionsWithoutTime = 0
        for session in unit.sessions {
            let allPoints = session.laps.flatMap { $0.tracks.flatMap { $0 } }
            skippedPoints += allPoints.filter { $0.time == nil && !$0.hasTimeText }.count
            unreadableTimes += allPoints.filter { $0.time == nil && $0.hasTimeText }.count
            guard let built = Self.session(session) else {
                sessionsWithoutTime += 1
                continue
            }
            offset = offset ?? session.id?.utcOffsetSeconds ?? session.laps.lazy.compactMap(\.start?.utcOffsetSeconds).first
                ?? allPoints.lazy.compactMap(\.time?.utcOffsetSeconds).first
            sessions.append(built)
        }
        return (sessions, skippedPoints, unreadableTimes, sessionsWithoutTime, offset)
    }

    /// The latest instant a session covers: its start, its laps' ends (start + timer time) and
    /// its last point.
    static func end(of session: RecordedSession) -> Date {
        var end = session.start
        for lap in session.laps { end = max(end, lap.start.addingTimeInterval(lap.totals.timerSeconds ?? 0)) }
        if let last = session.points.last { end = max(end, last.time) }
        return end
    }

    /// One recorded session from a TCX activity or transition; `nil` when nothing in it has a
    /// readable time.
    static func session(_ session: TCXSession) -> RecordedSession? {
        var laps: [RecordedLap] = []
        var points: [(order: Int, point: TrackPoint)] = []
        var pauses: [TimerPause] = []
        for lap in session.laps {
            var tracks: [[TrackPoint]] = []
            for track in lap.tracks {
                let timed = track.compactMap(Self.trackPoint)
                if !timed.isEmpty { tracks.append(timed.sorted { $0.time < $1.time }) }
            }
            tracks.sort { $0[0].time < $1[0].time }
            var lastEnd: Date?
            for track in tracks {
                if let lastEnd, track[0].time > lastEnd { pauses.append(TimerPause(start: lastEnd, end: track[0].time)) }
                lastEnd = max(lastEnd ?? track[track.count - 1].time, track[track.count - 1].time)
                for point in track { points.append((points.count, point)) }
            }
            guard let start = lap.start?.date ?? tracks.first?[0].time ?? session.id?.date else { continue }
            laps.append(RecordedLap(start: start, totals: lap.totals, intensity: lap.intensity, name: lap.notes))
        }
        let ordered = points.sorted { ($0.point.time, $0.order) < ($1.point.time, $1.order) }.map(\.point)
        guard let start = session.id?.date ?? laps.first?.start ?? ordered.first?.time else { return nil }
        let sport: Sport = session.isTransition ? .transition : SportWord.sport(for: session.sportWord)
        return RecordedSession(sport: sport, sportName: session.sportWord, start: start, totals: Self.totals(of: laps),
                               laps: laps, points: ordered, pauses: pauses.sorted { $0.start < $1.start })
    }

    /// A trackpoint with a readable time as a ``TrackPoint``; `nil` without one.
    static func trackPoint(_ point: TCXPoint) -> TrackPoint? {
        guard let time = point.time?.date else { return nil }
        let hasPosition = point.latitude != nil && point.longitude != nil
        return TrackPoint(time: time, latitude: hasPosition ? point.latitude : nil, longitude: hasPosition ? point.longitude : nil,
                          altitudeMeters: point.altitude, distanceMeters: point.distance, heartRate: point.heartRate,
                          cadence: point.cadence ?? point.runCadence, speedMetersPerSecond: point.speed)
    }

    /// A session's totals from its laps' (see ``TCXActivityDecoder``).
    static func totals(of laps: [RecordedLap]) -> RecordedTotals {
        func sum(_ value: KeyPath<RecordedTotals, Double?>) -> Double? {
            let values = laps.compactMap { $0.totals[keyPath: value] }
            return values.isEmpty ? nil : values.reduce(0, +)
        }
        func maximum(_ value: KeyPath<RecordedTotals, Double?>) -> Double? {
            laps.compactMap { $0.totals[keyPath: value] }.max()
        }
        func timeWeighted(_ value: KeyPath<RecordedTotals, Double?>) -> Double? {
            let pairs = laps.compactMap { lap in lap.totals[keyPath: value].map { (value: $0, seconds: lap.totals.timerSeconds ?? 0) } }
            guard !pairs.isEmpty else { return nil }
            let seconds = pairs.reduce(0) { $0 + $1.seconds }
            if seconds > 0 { return pairs.reduce(0) { $0 + $1.value * $1.seconds } / seconds }
            return pairs.reduce(0) { $0 + $1.value } / Double(pairs.count)
        }
        return RecordedTotals(timerSeconds: sum(\.timerSeconds), distanceMeters: sum(\.distanceMeters), kcal: sum(\.kcal),
                              averageHeartRate: timeWeighted(\.averageHeartRate), maximumHeartRate: maximum(\.maximumHeartRate),
                              averageCadence: timeWeighted(\.averageCadence), maximumCadence: maximum(\.maximumCadence),
                              maximumSpeedMetersPerSecond: maximum(\.maximumSpeedMetersPerSecond))
    }
}
