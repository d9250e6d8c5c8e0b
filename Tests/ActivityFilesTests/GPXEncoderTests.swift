@testable import ActivityFiles
import Foundation
import Testing
import Tracks
import WorkoutModel

/// A run of `count` points a second and a quarter apart (milliseconds in the times), with
/// positions, elevations, heart rate and cadence, and (with more than 10 points) a 20-second
/// pause after the 10th point.
func positionedRun(count: Int = 30) -> RecordedActivity {
    var points: [TrackPoint] = []
    for index in 0..<count {
        let step = Double(index)
        let time = instant(exportStart, ms: 250).addingTimeInterval(step * 1.25 + (index >= 10 ? 20 : 0))
        let latitude = 50.0755929 + step * 0.000_012_3, longitude = 14.4378977 - step * 0.000_021_7
        let elevation = 231.4 - step * 0.2, heartRate = Double(120 + index), cadence = Double(80 + index % 7)
        points.append(TrackPoint(time: time, latitude: latitude, longitude: longitude, altitudeMeters: elevation,
                                 distanceMeters: step * 3.5, heartRate: heartRate, cadence: cadence, speedMetersPerSecond: 2.8))
    }
    let pauses = count > 10 ? [TimerPause(start: points[9].time.addingTimeInterval(0.5), end: points[10].time)] : []
    let session = RecordedSession(sport: .running, sportName: "running", start: instant(exportStart, ms: 250),
                                  totals: RecordedTotals(timerSeconds: 40, distanceMeters: 101.5),
                                  laps: [RecordedLap(start: instant(exportStart, ms: 250), totals: RecordedTotals(timerSeconds: 40))],
                                  points: points, pauses: pauses)
    return RecordedActivity(format: .fit, device: RecordingDevice(manufacturer: "garmin", product: "fenix7"), utcOffsetSeconds: 3600,
                            name: "Park & <river> run", sessions: [session])
}

/// What a GPX file keeps of an activity (``GPXActivityEncoder``), written out independently:
/// one session (the first one's sport and name, starting at the first positioned point) of
/// the positioned points with time, position, elevation and whole heart rate and cadence; the
/// creator hiit as the device; no offset, laps, totals or notes; a pause for each gap between
/// segments (sessions, and the spans between timer pauses).
func gpxResolution(_ activity: RecordedActivity, pauses: [TimerPause]) -> RecordedActivity {
    let points = activity.sessions.flatMap(\.points)
        .filter { $0.latitude != nil && $0.longitude != nil }
        .map { TrackPoint(time: $0.time, latitude: $0.latitude, longitude: $0.longitude, altitudeMeters: $0.altitudeMeters,
                          heartRate: $0.heartRate?.rounded(), cadence: $0.cadence?.rounded()) }
    let first = activity.sessions[0]
    let session = RecordedSession(sport: first.sport, sportName: first.sportName, start: points[0].time, points: points, pauses: pauses)
    return RecordedActivity(format: .gpx, device: RecordingDevice(manufacturer: nil, product: "hiit"), name: activity.name,
                            sessions: [session])
}

@Suite("The GPX encoder: GPX 1.1 with TrackPointExtension, read back by the decoder")
struct GPXEncoderTests {
    @Test("the document: gpx 1.1 by hiit, metadata name and time, one trk with name, type, a trkseg per span, trkpt children in order")
    func document() throws {
        let data = try GPXActivityEncoder.encode(positionedRun())
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.hasPrefix("""
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="hiit" xmlns="http://www.topografix.com/GPX/1/1" \
        xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1"
        """))
        #expect(ActivityFile.format(of: data) == .gpx)
        let outline = XMLOutline(data)
        #expect(outline.isWellFormed)
        #expect(outline.named("gpx").map(\.children) == [["metadata", "trk"]])
        #expect(outline.named("metadata").map(\.children) == [["name", "time"]])
        #expect(outline.named("trk").map(\.children) == [["name", "type", "trkseg", "trkseg"]])
        #expect(outline.texts("name") == ["Park & <river> run", "Park & <river> run"])
        #expect(outline.texts("type") == ["running"])
        #expect(outline.named("trkseg").map(\.children.count) == [10, 20])
        let first = try #require(outline.named("trkpt").first)
        #expect(first.attributes == ["lat": "50.0755929", "lon": "14.4378977"])
        #expect(first.children == ["ele", "time", "extensions"])
        #expect(outline.named("TrackPointExtension").first?.children == ["hr", "cad"])
        #expect(outline.texts("time").prefix(3) == ["2026-11-30T06:01:02.250Z", "2026-11-30T06:01:02.250Z", "2026-11-30T06:01:03.500Z"])
        #expect(outline.texts("hr").first == "120")
        #expect(try GPXActivityEncoder.encode(positionedRun()) == data)  // the same bytes again
    }

    @Test("positions, times to the millisecond, elevations, heart rate and cadence come back exactly; the timer pause as a segment gap")
    func roundTrip() throws {
        let run = positionedRun()
        let again = try GPXActivityDecoder.decode(GPXActivityEncoder.encode(run))
        let points = run.sessions[0].points
        #expect(again.sessions.count == 1)
        let session = try #require(again.sessions.first)
        #expect(session.points.map(\.time) == points.map(\.time))
        #expect(session.points.map(\.latitude) == points.map(\.latitude))
        #expect(session.points.map(\.longitude) == points.map(\.longitude))
        #expect(session.points.map(\.altitudeMeters) == points.map(\.altitudeMeters))
        #expect(session.points.map(\.heartRate) == points.map(\.heartRate))
        #expect(session.points.map(\.cadence) == points.map(\.cadence))
        #expect(session.pauses == [TimerPause(start: points[9].time, end: points[10].time)])
        #expect(again == gpxResolution(run, pauses: [TimerPause(start: points[9].time, end: points[10].time)]))
    }

    @Test("only points with a position are written; heart rate and cadence are whole, out-of-range values left out")
    func positionedPointsOnly() throws {
        var run = positionedRun(count: 6)
        run.sessions[0].points[1].latitude = nil
        run.sessions[0].points[2].longitude = nil
        run.sessions[0].points[3].heartRate = 141.6
        run.sessions[0].points[3].cadence = 300
        run.sessions[0].points[4].heartRate = -3
        run.sessions[0].points[5].longitude = 180
        let data = try GPXActivityEncoder.encode(run)
        let outline = XMLOutline(data)
        #expect(outline.named("trkpt").count == 4)
        #expect(outline.texts("hr") == ["120", "142", "125"])
        #expect(outline.texts("cad") == ["80", "84", "85"])
        #expect(outline.named("trkpt").last?.attributes["lon"] == "-180")  // GPX's longitude is −180…<180
        let again = try GPXActivityDecoder.decode(data)
        #expect(again.sessions[0].points.count == 4)
    }

    @Test("an activity without a positioned point has no GPX")
    func noPositions() {
        let tabata = exportTabata()
        let reason = ActivityFileError.noActivity(reason: "no GPS track: GPX holds only positioned points")
        #expect(throws: reason) { try GPXActivityEncoder.encode(tabata) }
        #expect(throws: reason) { try ActivityFile.encodeGPX(tabata) }
        #expect(throws: reason) { try ActivityFile.encodeGPX(RecordedActivity(format: .fit, sessions: [])) }
        #expect(reason.description == "no activity to import: no GPS track: GPX holds only positioned points")
    }

    @Test("a triathlon: one track, a segment per leg with positions (the pool swim has none), type multisport")
    func multisport() throws {
        let triathlon = exportTriathlon()
        let data = try GPXActivityEncoder.encode(triathlon)
        let outline = XMLOutline(data)
        #expect(outline.named("trk").count == 1)
        #expect(outline.texts("type") == ["multisport"])
        // T1, the ride, T2, and the run split at its pause
        let positioned = triathlon.sessions.map { $0.points.filter(\.hasPosition).count }
        #expect(outline.named("trkseg").map(\.children.count).reduce(0, +) == positioned.reduce(0, +))
        #expect(outline.named("trkseg").count == 5)
        let again = try GPXActivityDecoder.decode(data)
        #expect(again.sessions[0].points.map(\.time) == triathlon.sessions.flatMap(\.points).filter(\.hasPosition).map(\.time))
        #expect(again.sessions[0].sport == .other)
        #expect(again.sessions[0].sportName == "multisport")
    }

    @Test("the type word: the session's own word when it names its sport, else hiit's; nothing for an unnamed other", arguments: [
        (Sport.running, "running", Optional("running")), (.cycling, "Biking", "Biking"), (.cycling, "cycling/road", "cycling"),
        (.hiit, "hiit/tabata", "hiit"), (.other, "kitesurfing", "kitesurfing"), (.other, "", nil), (.walking, "walk", "walk"),
        (.swimming, "running", "swimming"), (.transition, "transition", "transition"),
    ])
    func typeWord(sport: Sport, name: String, word: String?) {
        let session = RecordedSession(sport: sport, sportName: name, start: instant(exportStart))
        #expect(GPXActivityEncoder.typeWord(for: [session]) == word)
    }

    @Test("every GPX fixture: decode, encode, decode gives the same points, pauses, name and sport (creator hiit, no offset, no speeds)",
          arguments: ["ride-1.0.gpx", "run-garmin-1.1.gpx", "segments-bom-crlf-prefixed.gpx", "two-tracks.gpx"])
    func fixtures(name: String) throws {
        let original = try ActivityFile.decode(XMLFixture.data("gpx", name))
        let encoded = try ActivityFile.encodeGPX(original)
        let again = try ActivityFile.decode(encoded)
        #expect(again == gpxResolution(original, pauses: original.sessions[0].pauses))
        #expect(try ActivityFile.encodeGPX(again) == encoded)
        #expect(again.sessions[0].points.count == original.sessions[0].points.filter(\.hasPosition).count)
    }

    @Test("the TCX fixtures through GPX: the positioned points and their times")
    func tcxFixturesThroughGPX() throws {
        for name in ["run-laps.tcx", "multisport-duathlon.tcx"] {
            let original = try ActivityFile.decode(XMLFixture.data("tcx", name))
            let again = try ActivityFile.decode(ActivityFile.encodeGPX(original))
            let points = original.sessions.flatMap(\.points).filter(\.hasPosition)
            #expect(again.sessions[0].points.map(\.time) == points.map(\.time), "\(name)")
            #expect(again.sessions[0].points.map(\.latitude) == points.map(\.latitude), "\(name)")
            #expect(again.sessions[0].points.map(\.heartRate) == points.map(\.heartRate), "\(name)")
        }
        #expect(throws: ActivityFileError.noActivity(reason: GPXActivityEncoder.noTrackReason)) {
            try ActivityFile.encodeGPX(ActivityFile.decode(XMLFixture.data("tcx", "indoor-ride.tcx")))
        }
    }
}
