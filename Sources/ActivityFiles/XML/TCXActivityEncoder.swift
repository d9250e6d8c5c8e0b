import Foundation
import Tracks
import WorkoutModel

/// Writes a ``RecordedActivity`` as a TCX file (Garmin's Training Center Database, schema v2
/// `TrainingCenterDatabasev2.xsd`, with the `ActivityExtension/v2` TPX and LX extensions)
/// that the platforms taking uploads read (Strava, Garmin Connect, intervals.icu), and that
/// ``TCXActivityDecoder`` reads back. Pure: values in, bytes out; the same activity always
/// gives the same bytes (``XMLWriter``).
///
/// The document, in the schema's element order:
/// - `TrainingCenterDatabase/Activities` holds one `Activity` for an activity of one session;
///   for several sessions (a multisport event) one `MultiSportSession`: its `Id` (the first
///   session's start), `FirstSport/Activity` (the first session), a `NextSport` per following
///   session, `Notes` (the activity's name). A session of sport ``Sport/transition`` that has a
///   session before it and a non-transition session after it is written as the `Transition`
///   (a lap: time, distance, kcal, intensity, trigger, track) of the next `NextSport`; any other
///   transition as an `Activity` of sport `Other`.
/// - `Activity @Sport`: `Running` for ``Sport/running``, `Biking` for ``Sport/cycling``,
///   `Other` for every other sport (an interval session of sport ``Sport/hiit`` is `Other`;
///   TCX's `Sport_t` has those three words only). Then `Id` (the session's start), a `Lap`
///   per lap (one covering the session when it has none), `Notes` (the activity's name, for an
///   activity of one session), `Creator` (`Device_t`: the device's product, else its
///   manufacturer, as `Name`; unit id, product id and version 0), and on the first session's
///   `Activity` of one hiit exported, `Extensions` with hiit's own values
///   (``TCXHiitExtension``), so that the file imported again is the same session.
/// - `Lap @StartTime` (the only lap of a session takes each total it lacks from the session's):
///   `TotalTimeSeconds` (the lap's timer time, else its elapsed time, else
///   the time to the next lap or the session's end), `DistanceMeters` (the lap's, else from its
///   points by ``TrackSummary``, else 0), `MaximumSpeed` m/s, `Calories` (whole kcal that add
///   up to the session's rounded kcal, ``wholeKcal(laps:seconds:sessionKcal:)``),
///   `AverageHeartRateBpm` and `MaximumHeartRateBpm` (whole bpm, 1…255), `Intensity`
///   (`Resting` for ``LapIntensity/rest`` and ``LapIntensity/recovery``, `Active` otherwise),
///   `Cadence` (average, whole rpm, 0…254, not on foot), `TriggerMethod` `Manual`, the
///   `Track`s, `Notes` (the lap's name), and LX `MaxBikeCadence`, or on foot (running, walking,
///   hiking) `AvgRunCadence` and `MaxRunCadence`.
/// - The lap's points are the session's points from its start to the next lap's (points
///   before the first lap go to the first, after the last to the last), one `Track` per span
///   between timer pauses. A lap with fewer than two points gets points at its start and its
///   end (time only, with `DistanceMeters` when the distance there is known): platforms refuse
///   a TCX whose laps have fewer as empty.
/// - `Trackpoint`: `Time`, `Position` (`LatitudeDegrees`, `LongitudeDegrees`; +180° is written
///   as −180°, the schema's range), `AltitudeMeters`, `DistanceMeters`, `HeartRateBpm/Value`
///   (whole bpm, 1…255), `Cadence` (whole, 0…254, not on foot), TPX `Speed` m/s and, on foot,
///   `RunCadence`.
///
/// Times are UTC to the millisecond (``XMLWriter/time(_:)``); numbers are written in full
/// (``XMLWriter/number(_:)``), so positions, altitudes, distances, speeds and durations come
/// back exactly. What TCX does not hold, and so a decode of the encoded file does not give
/// back: the UTC offset, the elapsed time, ascent and descent, pool lengths, the multisport
/// name, hiit's own values (``RecordedActivity/hiitSession``), sport names (they become
/// `Running`, `Biking`, `Other`, `Transition`, and a session's sport ``Sport/other`` unless
/// running, cycling or a transition written as `Transition`), intensities other than active and rest, fractions of kcal, heart rate and cadence,
/// a point's horizontal error, a device's maker apart from its product name. Session totals
/// come back as the decoder computes them from the laps; the points added to short laps come
/// back as points; a pause comes back as the gap between the points around it.
public enum TCXActivityEncoder {
    /// The Training Center Database v2 namespace.
    static let namespace = "http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"
    /// Garmin's ActivityExtension v2 namespace (TPX in a trackpoint, LX in a lap), prefix `ns3`
    /// as Garmin Connect writes it.
    static let extensionNamespace = "http://www.garmin.com/xmlschemas/ActivityExtension/v2"
    /// The schema's location, for `xsi:schemaLocation`.
    static let schemaLocation = "http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2 http://www.garmin.com/xmlschemas/TrainingCenterDatabasev2.xsd"

    /// The TCX file of `activity` (see the type's description).
    /// - Parameter activity: an activity with at least one session.
    /// - Returns: the file's UTF-8 bytes, the same for the same activity.
    /// - Throws: ``ActivityFileError/noActivity(reason:)`` "an activity with no session" when
    ///   `activity` has no session (a TCX activity needs a lap).
    public static func encode(_ activity: RecordedActivity) throws(ActivityFileError) -> Data {
        guard let first = activity.sessions.first else { throw .noActivity(reason: "an activity with no session") }
        var writer = XMLWriter()
        writer.open("TrainingCenterDatabase", [("xmlns", namespace), ("xmlns:ns3", extensionNamespace),
                                               ("xmlns:xsi", "http://www.w3.org/2001/XMLSchema-instance"),
                                               ("xsi:schemaLocation", schemaLocation)])
        writer.open("Activities")
        let name = activity.name.flatMap { $0.isEmpty ? nil : $0 }
        let hiit = activity.hiitSession.map { TCXHiitExtension.attributes($0, utcOffsetSeconds: activity.utcOffsetSeconds) }
        if activity.sessions.count == 1 {
            writeActivity(first, notes: name, device: activity.device, hiit: hiit, into: &writer)
        } else {
            let sessions = activity.sessions
            writer.open("MultiSportSession")
            writer.leaf("Id", XMLWriter.time(first.start))
            writer.open("FirstSport")
            writeActivity(first, notes: nil, device: activity.device, hiit: hiit, into: &writer)
            writer.close()
            var index = 1
            while index < sessions.count {
                writer.open("NextSport")
                if sessions[index].sport == .transition, index + 1 < sessions.count, sessions[index + 1].sport != .transition {
                    writeTransition(sessions[index], into: &writer)
                    index += 1
                }
                writeActivity(sessions[index], notes: nil, device: activity.device, into: &writer)
                writer.close()
                index += 1
            }
            if let name { writer.leaf("Notes", name) }
            writer.close()
        }
        writer.close()
        writer.close()
        return writer.data
    }

    /// The `Sport` attribute of `sport`: `Running`, `Biking` or `Other`.
    static func sportWord(_ sport: Sport) -> String {
        switch sport {
        case .running: "Running"
        case .cycling: "Biking"
        default: "Other"
        }
    }

    /// Whether cadence is in steps (TCX's run cadence): running, walking, hiking.
    static func isOnFoot(_ sport: Sport) -> Bool {
        sport == .running || sport == .walking || sport == .hiking
    }

    /// Whole kcal per lap that add up to the session's kcal rounded (largest remainder:
    /// each lap's share rounded down, the kcal left over given one each to the laps with the
    /// largest fractions, the earlier lap first on a tie). Shares are by the laps' own kcal
    /// where some lap has kcal, else by their `seconds`, else equal. The session's kcal is
    /// `sessionKcal`, else the sum of the laps' kcal; without either every lap has 0. Each lap
    /// at most 65,535 (TCX `Calories` is an `unsignedShort`).
    /// - Parameters:
    ///   - laps: each lap's kcal, or `nil`.
    ///   - seconds: each lap's time in seconds, as many as `laps`.
    ///   - sessionKcal: the session's kcal, or `nil`.
    /// - Returns: as many whole kcal as `laps`.
    static func wholeKcal(laps: [Double?], seconds: [Double], sessionKcal: Double?) -> [Int] {
        func usable(_ value: Double?) -> Double { value.map { $0.isFinite ? max(0, $0) : 0 } ?? 0 }
        guard !laps.isEmpty else { return [] }
        let lapSum = laps.reduce(0) { $0 + usable($1) }
        let hasLapKcal = laps.contains { $0 != nil }
        guard let target = sessionKcal.map(usable) ?? (hasLapKcal ? lapSum : nil) else {
            return Array(repeating: 0, count: laps.count)
        }
        let whole = Int(min(target.rounded(), Double(65_535 * laps.count)))
        var weights = laps.map(usable)
        if !weights.contains(where: { $0 > 0 }) {
            weights = laps.indices.map { $0 < seconds.count ? usable(seconds[$0]) : 0 }
        }
        if !weights.contains(where: { $0 > 0 }) { weights = Array(repeating: 1, count: laps.count) }
        let total = weights.reduce(0, +)
        let shares = weights.map { $0 / total * Double(whole) }
        var result = shares.map { Int($0.rounded(.down)) }
        let left = whole - result.reduce(0, +)
        if left > 0 {
            let order = shares.indices.sorted { a, b in
                let fa = shares[a] - shares[a].rounded(.down), fb = shares[b] - shares[b].rounded(.down)
                return fa != fb ? fa > fb : a < b
            }
            for index in order.prefix(left) { result[index] += 1 }
        }
        return result.map { min($0, 65_535) }
    }

    // MARK: Writing

    private static func writeActivity(_ session: RecordedSession, notes: String?, device: RecordingDevice?,
                                      hiit: [(String, String)]? = nil, into writer: inout XMLWriter) {
        let outline = TCXSessionOutline(session)
        writer.open("Activity", [("Sport", sportWord(session.sport))])
        writer.leaf("Id", XMLWriter.time(session.start))
        for lap in outline.laps { writeLap(lap, element: "Lap", sport: session.sport, into: &writer) }
        if let notes { writer.leaf("Notes", notes) }
        if let creator = (device?.product ?? device?.manufacturer).flatMap({ $0.isEmpty ? nil : $0 }) {
            writer.open("Creator", [("xsi:type", "Device_t")])
            writer.leaf("Name", creator)
            writer.leaf("UnitId", "0")
            writer.leaf("ProductID", "0")
            writer.open("Version")
            writer.leaf("VersionMajor", "0")
            writer.leaf("VersionMinor", "0")
            writer.close()
            writer.close()
        }
        if let hiit {
            writer.open("Extensions")
            writer.open("hiit:" + TCXHiitExtension.elementName, hiit)
            writer.close()
            writer.close()
        }
        writer.close()
    }

    /// A transition session as one `Transition` lap from the session's start: its only lap,
    /// else one covering it.
    private static func writeTransition(_ session: RecordedSession, into writer: inout XMLWriter) {
        var single = session
        if session.laps.count == 1 {
            single.laps[0].start = session.start
        } else {
            single.laps = []
        }
        let outline = TCXSessionOutline(single)
        for lap in outline.laps { writeLap(lap, element: "Transition", sport: session.sport, into: &writer) }
    }

    private static func writeLap(_ lap: TCXSessionOutline.Lap, element: String, sport: Sport, into writer: inout XMLWriter) {
        let totals = lap.lap.totals
        let onFoot = isOnFoot(sport)
        writer.open(element, [("StartTime", XMLWriter.time(lap.lap.start))])
        writer.leaf("TotalTimeSeconds", number: lap.seconds)
        writer.leaf("DistanceMeters", number: lap.distanceMeters)
        writer.leaf("MaximumSpeed", number: totals.maximumSpeedMetersPerSecond.flatMap { $0 >= 0 ? $0 : nil })
        writer.leaf("Calories", String(lap.kcal))
        if let value = wholeHeartRate(totals.averageHeartRate) {
            writer.open("AverageHeartRateBpm")
            writer.leaf("Value", String(value))
            writer.close()
        }
        if let value = wholeHeartRate(totals.maximumHeartRate) {
            writer.open("MaximumHeartRateBpm")
            writer.leaf("Value", String(value))
            writer.close()
        }
        writer.leaf("Intensity", lap.lap.intensity == .rest || lap.lap.intensity == .recovery ? "Resting" : "Active")
        if !onFoot, let cadence = wholeCadence(totals.averageCadence) { writer.leaf("Cadence", String(cadence)) }
        writer.leaf("TriggerMethod", "Manual")
        for track in lap.tracks {
            writer.open("Track")
            for point in track { writeTrackpoint(point, onFoot: onFoot, into: &writer) }
            writer.close()
        }
        if let name = lap.lap.name, !name.isEmpty { writer.leaf("Notes", name) }
        let averageRun = onFoot ? wholeCadence(totals.averageCadence) : nil
        let maximum = wholeCadence(totals.maximumCadence)
        if averageRun != nil || maximum != nil {
            writer.open("Extensions")
            writer.open("ns3:LX")
            if !onFoot, let maximum { writer.leaf("ns3:MaxBikeCadence", String(maximum)) }
            if let averageRun { writer.leaf("ns3:AvgRunCadence", String(averageRun)) }
            if onFoot, let maximum { writer.leaf("ns3:MaxRunCadence", String(maximum)) }
            writer.close()
            writer.close()
        }
        writer.close()
    }

    private static func writeTrackpoint(_ point: TrackPoint, onFoot: Bool, into writer: inout XMLWriter) {
        writer.open("Trackpoint")
        writer.leaf("Time", XMLWriter.time(point.time))
        if let latitude = point.latitude, let longitude = point.longitude, (-90...90).contains(latitude), (-180...180).contains(longitude) {
            writer.open("Position")
            writer.leaf("LatitudeDegrees", number: latitude)
            writer.leaf("LongitudeDegrees", number: longitude == 180 ? -180 : longitude)
            writer.close()
        }
        writer.leaf("AltitudeMeters", number: point.altitudeMeters)
        writer.leaf("DistanceMeters", number: point.distanceMeters.flatMap { $0 >= 0 ? $0 : nil })
        if let value = wholeHeartRate(point.heartRate) {
            writer.open("HeartRateBpm")
            writer.leaf("Value", String(value))
            writer.close()
        }
        let cadence = wholeCadence(point.cadence)
        if !onFoot, let cadence { writer.leaf("Cadence", String(cadence)) }
        let speed = point.speedMetersPerSecond.flatMap { $0 >= 0 && $0.isFinite ? $0 : nil }
        let runCadence = onFoot ? cadence : nil
        if speed != nil || runCadence != nil {
            writer.open("Extensions")
            writer.open("ns3:TPX")
            writer.leaf("ns3:Speed", number: speed)
            if let runCadence { writer.leaf("ns3:RunCadence", String(runCadence)) }
            writer.close()
            writer.close()
        }
        writer.close()
    }

    /// A heart rate as TCX's `positiveByte`: whole, 1…255; `nil` outside.
    static func wholeHeartRate(_ value: Double?) -> Int? {
        guard let value, value.isFinite else { return nil }
        let whole = value.rounded()
        return whole >= 1 && whole <= 255 ? Int(whole) : nil
    }

    /// A cadence as TCX's `CadenceValue_t`: whole, 0…254; `nil` outside.
    static func wholeCadence(_ value: Double?) -> Int? {
        guard let value, value.isFinite else { return nil }
        let whole = value.rounded()
        return whole >= 0 && whole <= 254 ? Int(whole) : nil
    }
}

/// What the TCX encoder writes of one session: its laps (one covering it when it has none),
/// each with its time, distance, whole kcal and tracks of points.
struct TCXSessionOutline {
    /// One lap as written.
    struct Lap {
        /// The lap (start, totals, intensity, name).
        var lap: RecordedLap
        /// `TotalTimeSeconds`.
        var seconds: Double
        /// `DistanceMeters`.
        var distanceMeters: Double
        /// `Calories`.
        var kcal: Int
        /// The `Track`s: the lap's points split at timer pauses, never fewer than two points.
        var tracks: [[TrackPoint]]
    }

    /// The laps as written.
    let laps: [Lap]

    /// Works out the laps of `session` (see ``TCXActivityEncoder``).
    init(_ session: RecordedSession) {
        var laps = session.laps.isEmpty ? [RecordedLap(start: session.start, totals: session.totals)] : session.laps
        if laps.count == 1 { laps[0].totals = Self.filled(laps[0].totals, from: session.totals) }
        var end = session.start.addingTimeInterval(session.totals.elapsedSeconds ?? session.totals.timerSeconds ?? 0)
        for lap in laps { end = max(end, lap.start.addingTimeInterval(lap.totals.elapsedSeconds ?? lap.totals.timerSeconds ?? 0)) }
        for point in session.points { end = max(end, point.time) }
        for pause in session.pauses { end = max(end, pause.end) }

        // Each point goes to the last lap started at or before it, else to the first.
        var lapPoints = Array(repeating: [TrackPoint](), count: laps.count)
        for point in session.points {
            let owner = laps.lastIndex { $0.start <= point.time } ?? 0
            lapPoints[owner].append(point)
        }
        let pauseStarts = session.pauses.map(\.start).sorted()

        var seconds: [Double] = []
        var ends: [Date] = []
        for (index, lap) in laps.enumerated() {
            let next = index + 1 < laps.count ? laps[index + 1].start : nil
            var lapEnd = next ?? end
            if let time = lap.totals.elapsedSeconds ?? lap.totals.timerSeconds, time.isFinite, time >= 0 {
                lapEnd = lap.start.addingTimeInterval(time)
                if let next, next > lap.start { lapEnd = min(lapEnd, next) }
            }
            lapEnd = max(lapEnd, lap.start)
            ends.append(lapEnd)
            let time = lap.totals.timerSeconds ?? lap.totals.elapsedSeconds ?? lapEnd.timeIntervalSince(lap.start)
            seconds.append(time.isFinite ? max(0, time) : 0)
        }
        let kcal = TCXActivityEncoder.wholeKcal(laps: laps.map(\.totals.kcal), seconds: seconds, sessionKcal: session.totals.kcal)

        // The distance at each lap's start: the laps' distances summed while all are known.
        var startDistances: [Double?] = []
        var running: Double? = 0
        for lap in laps {
            startDistances.append(running)
            running = running.flatMap { sum in lap.totals.distanceMeters.map { sum + $0 } }
        }
        let measured = session.points.filter { $0.distanceMeters != nil }
        func pointDistance(at time: Date) -> Double? {
            measured.last { $0.time <= time }?.distanceMeters
        }

        var result: [Lap] = []
        for (index, lap) in laps.enumerated() {
            var points = lapPoints[index]
            let distance = lap.totals.distanceMeters.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
                ?? TrackSummary(points: points, pauses: [], sport: session.sport).distanceMeters ?? 0
            if points.count < 2 {
                let startDistance = startDistances[index] ?? pointDistance(at: lap.start)
                let endDistance = startDistances[index].flatMap { start in lap.totals.distanceMeters.map { start + $0 } }
                    ?? pointDistance(at: ends[index])
                if !points.contains(where: { $0.time == lap.start }) {
                    points.append(TrackPoint(time: lap.start, distanceMeters: startDistance))
                }
                if !points.contains(where: { $0.time == ends[index] }) || points.count < 2 {
                    points.append(TrackPoint(time: ends[index], distanceMeters: endDistance))
                }
                points.sort { $0.time < $1.time }
            }
            // A new track after each timer pause that starts between two points.
            var tracks: [[TrackPoint]] = []
            for point in points {
                if let last = tracks.last?.last, pauseStarts.contains(where: { $0 >= last.time && $0 < point.time }) {
                    tracks.append([point])
                } else if tracks.isEmpty {
                    tracks.append([point])
                } else {
                    tracks[tracks.count - 1].append(point)
                }
            }
            result.append(Lap(lap: lap, seconds: seconds[index], distanceMeters: distance, kcal: kcal[index], tracks: tracks))
        }
        self.laps = result
    }

    /// `totals` with each value it lacks taken from `session` (the one lap of a session covers it).
    static func filled(_ totals: RecordedTotals, from session: RecordedTotals) -> RecordedTotals {
        RecordedTotals(elapsedSeconds: totals.elapsedSeconds ?? session.elapsedSeconds, timerSeconds: totals.timerSeconds ?? session.timerSeconds,
                       distanceMeters: totals.distanceMeters ?? session.distanceMeters, ascentMeters: totals.ascentMeters ?? session.ascentMeters,
                       descentMeters: totals.descentMeters ?? session.descentMeters, kcal: totals.kcal ?? session.kcal,
                       averageHeartRate: totals.averageHeartRate ?? session.averageHeartRate,
                       maximumHeartRate: totals.maximumHeartRate ?? session.maximumHeartRate,
                       averageCadence: totals.averageCadence ?? session.averageCadence,
                       maximumCadence: totals.maximumCadence ?? session.maximumCadence,
                       maximumSpeedMetersPerSecond: totals.maximumSpeedMetersPerSecond ?? session.maximumSpeedMetersPerSecond)
    }
}
