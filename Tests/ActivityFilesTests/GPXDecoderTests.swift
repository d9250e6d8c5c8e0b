import ActivityFiles
import Foundation
import Testing
import Tracks
import WorkoutModel

/// A GPX 1.1 document around `body` (the root's children).
private func gpx(_ body: String, creator: String = "hiit tests") -> Data {
    Data("""
    <?xml version="1.0" encoding="UTF-8"?>
    <gpx version="1.1" creator="\(creator)" xmlns="http://www.topografix.com/GPX/1/1">
    \(body)
    </gpx>
    """.utf8)
}

/// One track of one segment with a point per time text.
private func track(times: [String], type: String? = nil) -> Data {
    let points = times.enumerated().map { index, time in
        "<trkpt lat=\"50.0\" lon=\"\(14.0 + Double(index) * 0.001)\"><time>\(time)</time></trkpt>"
    }
    let typeElement = type.map { "<type>\($0)</type>" } ?? ""
    return gpx("<trk>\(typeElement)<trkseg>\(points.joined())</trkseg></trk>")
}

@Suite("GPX files decode into one session of points and pauses")
struct GPXDecoderTests {
    let utc = XMLFixture.utc

    @Test("a Garmin Connect GPX 1.1 run: name, sport, device, every point with its heart rate and cadence")
    func garminRun() throws {
        let activity = try ActivityFile.decode(XMLFixture.data("gpx", "run-garmin-1.1.gpx"))
        #expect(activity.format == .gpx)
        #expect(activity.device == RecordingDevice(manufacturer: "garmin", product: "Garmin Connect"))
        #expect(activity.name == "Stromovka loop")
        #expect(activity.utcOffsetSeconds == nil)  // times in Z say nothing of the local zone
        #expect(activity.notes == [])
        #expect(activity.sessions.count == 1)
        let session = try #require(activity.sessions.first)
        #expect(session.sport == .running)
        #expect(session.sportName == "running")
        #expect(session.start == utc(1_773_471_731))  // 2026-03-14T07:02:11.000Z
        #expect(session.totals == RecordedTotals())
        #expect(session.laps.isEmpty && session.lengths.isEmpty && session.pauses.isEmpty)
        #expect(session.points.count == 91)
        #expect(session.points.first == TrackPoint(time: utc(1_773_471_731), latitude: 50.1049942, longitude: 14.4263696,
                                                    altitudeMeters: 192.4, heartRate: 119, cadence: 83))
        #expect(session.points.last == TrackPoint(time: utc(1_773_472_181), latitude: 50.1049942, longitude: 14.4263696,
                                                   altitudeMeters: 201.7, heartRate: 155, cadence: 87))
        // Cross-check: gpxpy 1.6.2 length_2d() gives 1,511.528 m on its flat Earth of radius
        // 6,378,137 m; its haversine steps scaled to our 6,371,008.8 m radius give 1,509.839 m.
        let summary = TrackSummary(points: session.points, pauses: session.pauses, sport: session.sport)
        #expect((summary.distanceMeters ?? 0).rounded() == 1_510)
        #expect(summary.elapsedSeconds == 450)
    }

    @Test("a GPX 1.0 ride: speed per point, the track's name, no type means sport other with an empty name")
    func gpx10() throws {
        let activity = try ActivityFile.decode(XMLFixture.data("gpx", "ride-1.0.gpx"))
        #expect(activity.device == RecordingDevice(manufacturer: nil, product: "GPSBabel - http://www.gpsbabel.org"))
        #expect(activity.name == "ACTIVE LOG")
        let session = try #require(activity.sessions.first)
        #expect(session.sport == .other)
        #expect(session.sportName == "")
        #expect(session.start == utc(1_775_148_000))
        #expect(session.points.count == 60)
        #expect(session.points.first == TrackPoint(time: utc(1_775_148_000), latitude: 49.195101, longitude: 16.606799,
                                                    altitudeMeters: 237, speedMetersPerSecond: 5.75))
        #expect(session.points.last?.time == utc(1_775_148_354))
        // Cross-check: gpxpy length_2d() 2,629.471 m; its haversine at our radius 2,626.537 m.
        let summary = TrackSummary(points: session.points, pauses: session.pauses, sport: .cycling)
        #expect((summary.distanceMeters ?? 0).rounded() == 2_627)
    }

    @Test("GPX 1.0 with Garmin's extension written straight into the point (1.0 has no <extensions>)")
    func gpx10PrivateElement() throws {
        let data = Data("""
        <gpx version="1.0" creator="eTrex 30" xmlns="http://www.topografix.com/GPX/1/0"
         xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">
        <trk><trkseg><trkpt lat="46.5" lon="6.6"><time>2026-03-14T07:00:00Z</time>
        <gpxtpx:TrackPointExtension><gpxtpx:hr>131</gpxtpx:hr><gpxtpx:cad>78</gpxtpx:cad></gpxtpx:TrackPointExtension>
        </trkpt></trkseg></trk></gpx>
        """.utf8)
        let activity = try ActivityFile.decode(data)
        #expect(activity.device == RecordingDevice(manufacturer: nil, product: "eTrex 30"))
        #expect(activity.sessions.first?.points == [TrackPoint(time: utc(1_773_471_600), latitude: 46.5, longitude: 6.6,
                                                                heartRate: 131, cadence: 78)])
    }

    @Test("two tracks are one activity; the gap between them is a pause, and no distance is counted across it")
    func twoTracks() throws {
        let activity = try ActivityFile.decode(XMLFixture.data("gpx", "two-tracks.gpx"))
        #expect(activity.device == RecordingDevice(manufacturer: "strava", product: "StravaGPX Android"))
        #expect(activity.name == "Ride part 1")
        #expect(activity.sessions.count == 1)
        let session = try #require(activity.sessions.first)
        #expect(session.sport == .cycling)
        #expect(session.points.count == 80)
        #expect(session.pauses == [TimerPause(start: utc(1_778_318_412), end: utc(1_778_319_612))])
        // Cross-check: gpxpy length_2d() 4,123.038 m (per segment, as ours); haversine at our
        // radius 4,118.436 m.
        let summary = TrackSummary(points: session.points, pauses: session.pauses, sport: session.sport)
        #expect((summary.distanceMeters ?? 0).rounded() == 4_118)
        #expect(summary.elapsedSeconds == 1_824)
        #expect(summary.timerSeconds == 624)
    }

    @Test("a BOM, CRLF line ends, a prefix on every element, CDATA, three segments and +01:00 times")
    func bomCRLFPrefixes() throws {
        let data = try XMLFixture.data("gpx", "segments-bom-crlf-prefixed.gpx")
        #expect(data.starts(with: [0xEF, 0xBB, 0xBF]))
        let activity = try ActivityFile.decode(data)
        #expect(activity.utcOffsetSeconds == 3_600)
        #expect(activity.name == "Winter walk & coffee")
        #expect(activity.device == RecordingDevice(manufacturer: "suunto", product: "Suunto app"))
        let session = try #require(activity.sessions.first)
        #expect(session.sport == .walking)
        #expect(session.sportName == "Walking")
        #expect(session.start == utc(1_768_644_000))  // 2026-01-17T11:00:00+01:00
        #expect(session.points.count == 60)
        #expect(session.points.first?.heartRate == 96)
        #expect(session.points.first?.cadence == 55)
        #expect(session.points.first?.altitudeMeters == 408)
        #expect(session.pauses == [
            TimerPause(start: utc(1_768_644_057), end: utc(1_768_644_147)),
            TimerPause(start: utc(1_768_644_204), end: utc(1_768_644_504)),
        ])
        // Cross-check: gpxpy reads no point from a prefixed root; on the same file without the
        // prefix its length_2d() is 1,351.900 m, its haversine at our radius 1,350.390 m.
        let summary = TrackSummary(points: session.points, pauses: session.pauses, sport: session.sport)
        #expect((summary.distanceMeters ?? 0).rounded() == 1_350)
        #expect(summary.timerSeconds == 171)
    }

    @Test("files with nothing to record are refused with the reason", arguments: [
        ("route-only.gpx", "a GPX with a route only and no track"),
        ("waypoints-only.gpx", "a GPX with waypoints only and no track"),
        ("no-times.gpx", "track points without times"),
    ])
    func refused(file: String, reason: String) throws {
        let data = try XMLFixture.data("gpx", file)
        #expect(throws: ActivityFileError.noActivity(reason: reason)) { try ActivityFile.decode(data) }
        #expect(ActivityFileError.noActivity(reason: reason).description == "no activity to import: \(reason)")
    }

    @Test("an empty track, an empty segment and an empty file have no track points")
    func noTrackPoints() {
        for body in ["<trk><name>x</name></trk>", "<trk><trkseg></trkseg></trk>", ""] {
            #expect(throws: ActivityFileError.noActivity(reason: "no track points")) { try ActivityFile.decode(gpx(body)) }
        }
    }

    @Test("malformed XML names the parser's line and column")
    func malformed() {
        let mismatched = Data("<gpx version=\"1.1\">\n<trk>\n  <trkpt></trk></gpx>".utf8)
        #expect(throws: ActivityFileError.malformed(detail: "XML line 3, column 16: a closing tag does not match <trkpt>")) {
            try ActivityFile.decode(mismatched)
        }
        let truncated = Data("<gpx version=\"1.1\">\n<trk>\n  <trkpt lat=\"1\">".utf8)
        #expect(throws: ActivityFileError.malformed(detail: "XML line 3, column 18: the document ends inside <trkpt> (the file ends there, inside <gpx>: it was probably cut off)")) {
            try ActivityFile.decode(truncated)
        }
        #expect(throws: ActivityFileError.malformed(detail: "the root element is <kml>, not <gpx>")) {
            try GPXActivityDecoder.decode(Data("<kml><Document/></kml>".utf8))
        }
    }

    @Test("hostile XML is refused quickly: deep nesting, entity expansion")
    func hostile() throws {
        let deep = "<gpx>" + String(repeating: "<a>", count: 100_000) + String(repeating: "</a>", count: 100_000) + "</gpx>"
        #expect(throws: ActivityFileError.malformed(detail: "XML line 1, column 773: elements nested more than 256 deep")) {
            try ActivityFile.decode(Data(deep.utf8))
        }
        var entities = "<!ENTITY a \"aaaaaaaaaa\">"
        for (name, previous) in zip("bcdefghij", "abcdefghi") {
            entities += "<!ENTITY \(name) \"" + String(repeating: "&\(previous);", count: 10) + "\">"
        }
        let laughs = "<?xml version=\"1.0\"?><!DOCTYPE gpx [\(entities)]><gpx><trk><name>&j;</name></trk></gpx>"
        // Straight to the decoder: the format sniffer stops at the DOCTYPE's inner '>'.
        let error = #expect(throws: ActivityFileError.self) { try GPXActivityDecoder.decode(Data(laughs.utf8)) }
        guard case .malformed(let detail) = error else {
            Issue.record("expected malformed, got \(String(describing: error))")
            return
        }
        #expect(detail == "XML line 1, column 478: entity references that loop or expand too far")
    }

    @Test("times with an offset, a fraction, no zone; unreadable and missing times are skipped and said")
    func times() throws {
        let activity = try ActivityFile.decode(track(times: [
            "2026-03-14T02:02:11-05:00", "2026-03-14T07:02:12.25Z", "2026-03-14T08:02:13+0100",
            "2026-03-14T07:02:14", "2026-02-30T07:02:15Z", "yesterday",
        ]))
        #expect(activity.utcOffsetSeconds == -18_000)
        let session = try #require(activity.sessions.first)
        #expect(session.points.map(\.time) == [utc(1_773_471_731), utc(1_773_471_732.25), utc(1_773_471_733), utc(1_773_471_734)])
        #expect(activity.notes == ["2 track points with an unreadable time skipped"])

        let mixed = try ActivityFile.decode(gpx("""
        <trk><trkseg><trkpt lat="50" lon="14"/><trkpt lat="50" lon="14"><time>2026-03-14T07:02:11Z</time></trkpt>
        <trkpt lat="50" lon="14"/></trkseg></trk>
        """))
        #expect(mixed.sessions.first?.points.count == 1)
        #expect(mixed.notes == ["2 track points without a time skipped"])
    }

    @Test("points out of time order are sorted; segments written out of order still give the gap as a pause")
    func order() throws {
        let activity = try ActivityFile.decode(gpx("""
        <trk><trkseg>
        <trkpt lat="50" lon="14.002"><time>2026-03-14T07:10:10Z</time></trkpt>
        <trkpt lat="50" lon="14.003"><time>2026-03-14T07:10:20Z</time></trkpt>
        </trkseg><trkseg>
        <trkpt lat="50" lon="14.001"><time>2026-03-14T07:00:10Z</time></trkpt>
        <trkpt lat="50" lon="14.000"><time>2026-03-14T07:00:00Z</time></trkpt>
        </trkseg></trk>
        """))
        let session = try #require(activity.sessions.first)
        #expect(session.points.map(\.longitude) == [14.000, 14.001, 14.002, 14.003])
        #expect(session.start == utc(1_773_471_600))
        #expect(session.pauses == [TimerPause(start: utc(1_773_471_610), end: utc(1_773_472_210))])
    }

    @Test("a position out of range is dropped and said; the point keeps its time")
    func outOfRange() throws {
        let activity = try ActivityFile.decode(gpx("""
        <trk><trkseg><trkpt lat="95" lon="14"><time>2026-03-14T07:00:00Z</time></trkpt>
        <trkpt lat="50" lon="nan"><ele>inf</ele><time>2026-03-14T07:00:01Z</time></trkpt></trkseg></trk>
        """))
        let points = try #require(activity.sessions.first?.points)
        #expect(points == [TrackPoint(time: utc(1_773_471_600)), TrackPoint(time: utc(1_773_471_601))])
        #expect(activity.notes == ["1 track point with a position out of range: position dropped"])
    }

    @Test("names, types and numbers are read without the white space around them")
    func whiteSpace() throws {
        let activity = try ActivityFile.decode(gpx("""
        <trk><name>\r\n   Morning  run \t</name><type> running\n</type><trkseg>
        <trkpt lat=" 50.5 " lon="14.25"><ele>\n 212.5 \n</ele><time> 2026-03-14T07:00:00Z </time></trkpt></trkseg></trk>
        """))
        #expect(activity.name == "Morning  run")
        #expect(activity.sessions.first?.sportName == "running")
        #expect(activity.sessions.first?.points == [TrackPoint(time: utc(1_773_471_600), latitude: 50.5, longitude: 14.25, altitudeMeters: 212.5)])
    }

    @Test("the track's type names the sport; an unknown word is kept beside other", arguments: [
        ("running", Sport.running), ("Run", .running), ("trail_running", .running), ("biking", .cycling),
        ("cycling", .cycling), ("Ride", .cycling), ("mountain_biking", .cycling), ("swimming", .swimming),
        ("walking", .walking), ("hiking", .hiking), ("rowing", .rowing), ("paddling", .paddling),
        ("kayaking", .paddling), ("canoeing", .paddling), ("stand_up_paddleboarding", .paddling),
        ("skiing", .skiing), ("cross_country_skiing", .skiing), ("strength_training", .strength),
        ("hiit", .hiit), ("kitesurfing", .other), ("20", .other), ("1.5", .other),
    ])
    func sports(word: String, sport: Sport) throws {
        let session = try #require(ActivityFile.decode(track(times: ["2026-03-14T07:00:00Z"], type: word)).sessions.first)
        #expect(session.sport == sport)
        #expect(session.sportName == word)
    }

    @Test("a copy cut off in the middle says so: the error is on the last line, inside the root element", arguments: [1000, 20_000, 40_270])
    func cutOff(bytes: Int) throws {
        let whole = try XMLFixture.data("real", "activity_5039744860.gpx")
        let cut = Data(whole.prefix(bytes))
        #expect {
            try ActivityFile.decode(cut)
        } throws: { error in
            "\(error)".hasSuffix("(the file ends there, inside <gpx>: it was probably cut off)")
        }
        // A broken file that goes on after its error is not called cut off.
        var broken = whole
        broken.replaceSubrange(500..<501, with: Data("<".utf8))
        #expect {
            try ActivityFile.decode(broken)
        } throws: { error in
            !"\(error)".contains("cut off") && "\(error)".contains("XML line")
        }
    }

    @Test("Strava's numbered types name the sport and keep Strava's name", arguments: [
        ("1", Sport.cycling, "Ride"), ("9", .running, "Run"), ("10", .walking, "Walk"), ("4", .hiking, "Hike"),
        ("16", .swimming, "Swim"), ("23", .rowing, "Rowing"), ("22", .paddling, "Kayaking"), ("7", .skiing, "NordicSki"),
        ("30", .strength, "WeightTraining"), ("17", .cycling, "VirtualRide"), ("53", .running, "VirtualRun"),
        ("14", .other, "Kitesurf"), (" 9 ", .running, "Run"),
    ])
    func stravaTypes(word: String, sport: Sport, name: String) throws {
        let session = try #require(ActivityFile.decode(track(times: ["2026-03-14T07:00:00Z"], type: word)).sessions.first)
        #expect(session.sport == sport)
        #expect(session.sportName == name)
    }
}
