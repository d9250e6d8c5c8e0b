import Foundation
import Tracks
import WorkoutModel

/// Decodes GPX files (GPS Exchange Format 1.0 and 1.1, Topografix) into a
/// ``RecordedActivity`` with one session.
///
/// Read: `gpx/@creator` (the device: ``RecordingDevice/product`` as written, the maker when
/// known); `trk/name` (else `metadata/name`, GPX 1.0's `gpx/name`) as the name; the first
/// `trk/type` as the sport (``Sport/other`` with an empty sport name when no track has one);
/// `trk/trkseg/trkpt` with `@lat`, `@lon` (degrees), `ele` (metres), `time`, GPX 1.0's
/// `speed` (m/s) and, inside `extensions` (or, in GPX 1.0, a private element of the point) at
/// any depth, Garmin's TrackPointExtension `hr` (bpm), `cad` (rpm or steps per minute) and
/// `speed` (m/s), matched by local name whatever the namespace prefix.
///
/// Several tracks or segments are one activity: the points in time order, and each gap
/// between the end of one segment and the start of the next a ``TimerPause``. Totals, laps and
/// lengths are empty (a GPX has no device totals); `utcOffsetSeconds` is the first point's
/// offset when its time is written with one.
public enum GPXActivityDecoder {
    /// Decodes the bytes of a GPX file.
    /// - Returns: an activity of format ``RecordedActivity/Format/gpx`` with one session;
    ///   `notes` says what was skipped ("2 track points without a time skipped", "1 track
    ///   point with a position out of range: position dropped").
    /// - Throws: ``ActivityFileError/malformed(detail:)`` for XML that is not well-formed
    ///   ("XML line L, column C: …") or a root other than `gpx`;
    ///   ``ActivityFileError/noActivity(reason:)`` for "a GPX with a route only and no
    ///   track", "a GPX with waypoints only and no track", "no track points", "track points
    ///   without times".
    public static func decode(_ data: Data) throws(ActivityFileError) -> RecordedActivity {
        let document = GPXDocument()
        try XMLElementReader.read(data, into: document)
        return try document.activity()
    }
}

/// One `trkpt` as read.
private struct GPXPoint {
    var latitude: Double?
    var longitude: Double?
    var elevation: Double?
    var time: XMLDateTime?
    var hasTimeText = false
    var heartRate: Double?
    var cadence: Double?
    var speed: Double?
    var positionOutOfRange = false
}

/// One `trk` as read: its name, its type, and its segments' points.
private struct GPXTrack {
    var name: String?
    var type: String?
    var segments: [[GPXPoint]] = []
}

/// Collects a GPX document's tracks from the reader's elements. Paths are read by index only
/// (`path[1] == "trk"`): GPX puts tracks directly under the root.
private final class GPXDocument: XMLElementHandler {
    var root: String?
    var creator: String?
    var fileName: String?
    var tracks: [GPXTrack] = []
    var routes = 0
    var waypoints = 0
    var point: GPXPoint?

    func elementStarted(_ path: [String], attributes: [String: String]) {
        switch path.count {
        case 1:
            root = path[0]
            creator = attributes["creator"]
        case 2:
            switch path[1] {
            case "trk": tracks.append(GPXTrack())
            case "rte": routes += 1
            case "wpt": waypoints += 1
            default: break
            }
        case 3 where path[1] == "trk" && path[2] == "trkseg":
            if tracks.isEmpty { tracks.append(GPXTrack()) }
            tracks[tracks.count - 1].segments.append([])
        case 4 where path[1] == "trk" && path[2] == "trkseg" && path[3] == "trkpt":
            var point = GPXPoint()
            let latitude = attributes["lat"].flatMap { XMLValue.number(XMLValue.trimmed($0)) }
            let longitude = attributes["lon"].flatMap { XMLValue.number(XMLValue.trimmed($0)) }
            if let latitude, let longitude {
                if (-90...90).contains(latitude), (-180...180).contains(longitude) {
                    point.latitude = latitude
                    point.longitude = longitude
                } else {
                    point.positionOutOfRange = true
                }
            }
            self.point = point
        default:
            break
        }
    }

    func elementEnded(_ path: [String], text: String) {
        let depth = path.count
        guard depth >= 2 else { return }
        if path[1] == "trk" {
            if depth == 3 {
                guard !tracks.isEmpty else { return }
                switch path[2] {
                case "name": tracks[tracks.count - 1].name = XMLValue.nonEmpty(text)
                case "type": tracks[tracks.count - 1].type = XMLValue.nonEmpty(text)
                default: break
                }
                return
            }
            guard depth >= 4, path[2] == "trkseg", path[3] == "trkpt" else { return }
            if depth == 4 {
                if let point, !tracks.isEmpty, let last = tracks[tracks.count - 1].segments.indices.last {
                    tracks[tracks.count - 1].segments[last].append(point)
                }
                point = nil
                return
            }
            guard point != nil else { return }
            let name = path[depth - 1]
            if depth == 5 {
                switch name {
                case "ele": point?.elevation = XMLValue.number(text)
                case "time":
                    point?.hasTimeText = true
                    point?.time = XMLDateTime(text)
                case "speed": point?.speed = XMLValue.nonNegative(text)
                case "hr": point?.heartRate = XMLValue.nonNegative(text)
                case "cad": point?.cadence = XMLValue.nonNegative(text)
                default: break
                }
            } else {
                // Inside `extensions` (GPX 1.1) or a private element written straight into the
                // point (GPX 1.0 allows that): Garmin's TrackPointExtension v1/v2 and the like.
                switch name {
                case "hr": point?.heartRate = XMLValue.nonNegative(text)
                case "cad": point?.cadence = XMLValue.nonNegative(text)
                case "speed":
                    if point?.speed == nil { point?.speed = XMLValue.nonNegative(text) }
                default: break
                }
            }
        } else if depth == 2, path[1] == "name" {
            fileName = fileName ?? XMLValue.nonEmpty(text)  // GPX 1.0
        } else if depth == 3, path[1] == "metadata", path[2] == "name" {
            fileName = fileName ?? XMLValue.nonEmpty(text)  // GPX 1.1
        }
    }

    /// The activity the document holds, or why there is none.
    func activity() throws(ActivityFileError) -> RecordedActivity {
        guard root == "gpx" else {
            throw .malformed(detail: "the root element is <\(root ?? "")>, not <gpx>")
        }
        let all = tracks.flatMap { $0.segments.flatMap { $0 } }
        if all.isEmpty {
            if routes > 0 { throw .noActivity(reason: "a GPX with a route only and no track") }
            if waypoints > 0 { throw .noActivity(reason: "a GPX with waypoints only and no track") }
            throw .noActivity(reason: "no track points")
        }
        // Each segment's timed points in time order (stable), segments ordered by their start.
        var segments: [[(time: XMLDateTime, point: GPXPoint)]] = []
        for track in tracks {
            for segment in track.segments {
                let timed = segment.enumerated()
                    .compactMap { entry in entry.element.time.map { (order: entry.offset, time: $0, point: entry.element) } }
                    .sorted { ($0.time.date, $0.order) < ($1.time.date, $1.order) }
                    .map { (time: $0.time, point: $0.point) }
                if !timed.isEmpty { segments.append(timed) }
            }
        }
        guard !segments.isEmpty else { throw .noActivity(reason: "track points without times") }
        segments = segments.enumerated()
            .sorted { ($0.element[0].time.date, $0.offset) < ($1.element[0].time.date, $1.offset) }
            .map(\.element)

        var pauses: [TimerPause] = []
        var lastEnd: Date?
        for segment in segments {
            let start = segment[0].time.date
            let end = segment[segment.count - 1].time.date
            if let lastEnd, start > lastEnd { pauses.append(TimerPause(start: lastEnd, end: start)) }
            lastEnd = max(lastEnd ?? end, end)
        }
        let points = segments.flatMap { $0 }.enumerated()
            .sorted { ($0.element.time.date, $0.offset) < ($1.element.time.date, $1.offset) }
            .map { entry in
                let p = entry.element.point
                return TrackPoint(time: entry.element.time.date, latitude: p.latitude, longitude: p.longitude,
                                  altitudeMeters: p.elevation, heartRate: p.heartRate, cadence: p.cadence,
                                  speedMetersPerSecond: p.speed)
            }

        var notes: [String] = []
        let untimed = all.filter { $0.time == nil }
        let unreadable = untimed.filter(\.hasTimeText).count
        let missing = untimed.count - unreadable
        if missing > 0 { notes.append("\(missing) track point\(missing == 1 ? "" : "s") without a time skipped") }
        if unreadable > 0 {
            notes.append("\(unreadable) track point\(unreadable == 1 ? "" : "s") with an unreadable time skipped")
        }
        let outOfRange = all.filter(\.positionOutOfRange).count
        if outOfRange > 0 {
            notes.append("\(outOfRange) track point\(outOfRange == 1 ? "" : "s") with a position out of range: position dropped")
        }

        let type = tracks.lazy.compactMap(\.type).first
        // Strava writes its activity types as numbers (`<type>1</type>` is a ride).
        let strava = type.flatMap(SportWord.stravaType)
        let session = RecordedSession(sport: strava?.sport ?? type.map(SportWord.sport(for:)) ?? .other,
                                      sportName: strava?.name ?? type ?? "",
                                      start: segments[0][0].time.date, points: points, pauses: pauses)
        return RecordedActivity(format: .gpx, device: CreatorName.device(creator),
                                utcOffsetSeconds: segments[0][0].time.utcOffsetSeconds,
                                name: tracks.lazy.compactMap(\.name).first ?? fileName,
                                sessions: [session], notes: notes)
    }
}
