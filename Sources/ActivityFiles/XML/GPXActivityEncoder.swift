import Foundation
import Tracks
import WorkoutModel

/// Writes a ``RecordedActivity`` as a GPX 1.1 file (Topografix, `http://www.topografix.com/GPX/1/1`)
/// with Garmin's TrackPointExtension v1 for heart rate and cadence, as Strava, Garmin Connect
/// and intervals.icu read it, and as ``GPXActivityDecoder`` reads it back. Pure: values in,
/// bytes out; the same activity always gives the same bytes (``XMLWriter``).
///
/// The document, in the schema's element order: `gpx` (version 1.1, creator `hiit`), its
/// `metadata` with `name` (the activity's name, when it has one) and `time` (the first
/// session's start); one `trk` with `name` (the same) and `type` (``typeWord(for:)``); one
/// `trkseg` per session that has a positioned point, and a new one after each timer pause
/// inside it (GPX 1.1's way of saying the recording stopped); one `trkpt` per point that has
/// a position (`@lat`, `@lon` degrees, +180° written as −180°, GPX's range), with `ele` m,
/// `time` (UTC, to the millisecond, ``XMLWriter/time(_:)``) and, inside `extensions`,
/// `gpxtpx:TrackPointExtension` with `gpxtpx:hr` (whole bpm, 0…255) and `gpxtpx:cad` (whole,
/// 0…254).
///
/// What GPX does not hold, and so a decode of the encoded file does not give back: points
/// without a position, laps, totals, pool lengths, the device (the creator is `hiit`), the
/// UTC offset, distances and speeds of points (TrackPointExtension v1 has none), fractions of
/// heart rate and cadence, a point's horizontal error, the boundaries between sessions (GPX
/// gives one session: the decoder takes every gap between segments as a pause), and hiit's
/// own values. Positions, elevations and times to the millisecond come back exactly.
public enum GPXActivityEncoder {
    /// The GPX 1.1 namespace.
    static let namespace = "http://www.topografix.com/GPX/1/1"
    /// Garmin's TrackPointExtension v1 namespace, prefix `gpxtpx`.
    static let trackPointExtensionNamespace = "http://www.garmin.com/xmlschemas/TrackPointExtension/v1"
    /// The schemas' locations, for `xsi:schemaLocation`.
    static let schemaLocation = "http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd "
        + "http://www.garmin.com/xmlschemas/TrackPointExtension/v1 http://www.garmin.com/xmlschemas/TrackPointExtensionv1.xsd"
    /// Why an activity without a positioned point has no GPX.
    static let noTrackReason = "no GPS track: GPX holds only positioned points"

    /// The GPX file of `activity` (see the type's description).
    /// - Parameter activity: an activity with at least one point that has a position.
    /// - Returns: the file's UTF-8 bytes, the same for the same activity.
    /// - Throws: ``ActivityFileError/noActivity(reason:)`` "no GPS track: GPX holds only
    ///   positioned points" when no point of any session has a position in range.
    public static func encode(_ activity: RecordedActivity) throws(ActivityFileError) -> Data {
        let segments = activity.sessions.flatMap(segments(of:))
        guard let first = activity.sessions.first, !segments.isEmpty else { throw .noActivity(reason: noTrackReason) }
        let name = activity.name.flatMap { $0.isEmpty ? nil : $0 }
        var writer = XMLWriter()
        writer.open("gpx", [("version", "1.1"), ("creator", "hiit"), ("xmlns", namespace),
                            ("xmlns:gpxtpx", trackPointExtensionNamespace),
                            ("xmlns:xsi", "http://www.w3.org/2001/XMLSchema-instance"), ("xsi:schemaLocation", schemaLocation)])
        writer.open("metadata")
        if let name { writer.leaf("name", name) }
        writer.leaf("time", XMLWriter.time(first.start))
        writer.close()
        writer.open("trk")
        if let name { writer.leaf("name", name) }
        if let type = typeWord(for: activity.sessions) { writer.leaf("type", type) }
        for segment in segments {
            writer.open("trkseg")
            for point in segment { writePoint(point, into: &writer) }
            writer.close()
        }
        writer.close()
        writer.close()
        return writer.data
    }

    /// The `trk/type` word of `sessions`: the sport's word of the sessions other than
    /// transitions when they share one, `multisport` when they do not, `nil` when there is
    /// nothing to say (every session ``Sport/other`` without a sport name). A sport's word is the
    /// session's own sport name when it names the same sport and has no `/` (a GPX or TCX word
    /// as read: `running`, `Biking`, `kitesurfing`), else hiit's name of the sport (`running`,
    /// `cycling`, `hiit`…; a FIT name such as `cycling/road` becomes `cycling`).
    static func typeWord(for sessions: [RecordedSession]) -> String? {
        let legs = sessions.filter { $0.sport != .transition }
        let words = (legs.isEmpty ? sessions : legs).map { session -> String? in
            let name = session.sportName
            if !name.isEmpty, !name.contains("/"), SportWord.sport(for: name) == session.sport { return name }
            return session.sport == .other ? (name.isEmpty ? nil : name.split(separator: "/").first.map(String.init)) : session.sport.rawValue
        }
        var distinct: [String?] = []
        for word in words where !distinct.contains(word) { distinct.append(word) }
        if distinct.count > 1 { return "multisport" }
        return distinct.first ?? nil
    }

    /// The positioned points of `session` in time order, split after each timer pause that
    /// starts between two of them; no empty segment.
    static func segments(of session: RecordedSession) -> [[TrackPoint]] {
        let points = session.points.enumerated()
            .filter { hasPosition($0.element) }
            .sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
            .map(\.element)
        let pauseStarts = session.pauses.map(\.start)
        var segments: [[TrackPoint]] = []
        for point in points {
            if let last = segments.last?.last, !pauseStarts.contains(where: { $0 >= last.time && $0 < point.time }) {
                segments[segments.count - 1].append(point)
            } else {
                segments.append([point])
            }
        }
        return segments
    }

    /// Whether `point` has a latitude in −90…90 and a longitude in −180…180.
    static func hasPosition(_ point: TrackPoint) -> Bool {
        guard let latitude = point.latitude, let longitude = point.longitude else { return false }
        return (-90...90).contains(latitude) && (-180...180).contains(longitude)
    }

    private static func writePoint(_ point: TrackPoint, into writer: inout XMLWriter) {
        guard let latitude = point.latitude.flatMap(XMLWriter.number),
              let longitude = point.longitude.map({ $0 == 180 ? -180 : $0 }).flatMap(XMLWriter.number) else { return }
        writer.open("trkpt", [("lat", latitude), ("lon", longitude)])
        writer.leaf("ele", number: point.altitudeMeters)
        writer.leaf("time", XMLWriter.time(point.time))
        let heartRate = point.heartRate.flatMap { $0.isFinite ? $0.rounded() : nil }.flatMap { (0...255).contains($0) ? Int($0) : nil }
        let cadence = point.cadence.flatMap { $0.isFinite ? $0.rounded() : nil }.flatMap { (0...254).contains($0) ? Int($0) : nil }
        if heartRate != nil || cadence != nil {
            writer.open("extensions")
            writer.open("gpxtpx:TrackPointExtension")
            if let heartRate { writer.leaf("gpxtpx:hr", String(heartRate)) }
            if let cadence { writer.leaf("gpxtpx:cad", String(cadence)) }
            writer.close()
            writer.close()
        }
        writer.close()
    }
}
