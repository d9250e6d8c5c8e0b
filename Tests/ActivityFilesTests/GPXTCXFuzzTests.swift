import ActivityFiles
import Foundation
import Testing
import TestSupport

/// Damaged GPX and TCX files: truncations, byte flips, stray markup, cut and doubled spans.
/// Each damaged file gives an activity or one ``ActivityFileError`` line, quickly; never a
/// crash or a hang. Seeds are fixed (per file) so a failure is reproduced by its seed and
/// case number.
@Suite("Damaged GPX and TCX files never crash or hang")
struct GPXTCXFuzzTests {
    static let fixtures: [(folder: String, name: String, seed: UInt64)] = [
        ("gpx", "run-garmin-1.1.gpx", 1), ("gpx", "ride-1.0.gpx", 2), ("gpx", "two-tracks.gpx", 3),
        ("gpx", "segments-bom-crlf-prefixed.gpx", 4), ("gpx", "route-only.gpx", 5), ("gpx", "no-times.gpx", 6),
        ("tcx", "run-laps.tcx", 7), ("tcx", "indoor-ride.tcx", 8), ("tcx", "multisport-duathlon.tcx", 9),
        ("tcx", "course.tcx", 10),
    ]

    /// Damaged copies of each file.
    static let casesPerFile = 40
    /// The longest one decode may take, seconds: far above the milliseconds a sound file
    /// takes in a debug build, far below a hang.
    static let slowestDecodeSeconds = 2.0

    @Test("truncated, flipped and spliced copies of every fixture", arguments: fixtures)
    func damaged(folder: String, name: String, seed: UInt64) throws {
        let original = try XMLFixture.data(folder, name)
        var generator = SeededGenerator(seed: seed)
        for index in 0..<Self.casesPerFile {
            let damaged = Self.damage(original, &generator)
            let clock = ContinuousClock()
            let started = clock.now
            for direct in [false, true] {
                do throws(ActivityFileError) {
                    let activity: RecordedActivity
                    if !direct {
                        activity = try ActivityFile.decode(damaged)
                    } else if folder == "gpx" {
                        activity = try GPXActivityDecoder.decode(damaged)
                    } else {
                        activity = try TCXActivityDecoder.decode(damaged)
                    }
                    #expect(!activity.sessions.isEmpty, "seed \(seed) case \(index)")
                    for session in activity.sessions {
                        #expect(zip(session.points, session.points.dropFirst()).allSatisfy { $0.time <= $1.time },
                                "seed \(seed) case \(index): points out of time order")
                        #expect(session.pauses.allSatisfy { $0.end >= $0.start }, "seed \(seed) case \(index)")
                    }
                } catch {
                    #expect(!error.description.isEmpty && !error.description.contains("\n"),
                            "seed \(seed) case \(index): \(error.description)")
                }
            }
            let seconds = (clock.now - started) / .seconds(1)
            #expect(seconds < Self.slowestDecodeSeconds, "seed \(seed) case \(index) took \(seconds) s")
        }
    }

    @Test("every prefix of a small GPX and a small TCX decodes or is refused")
    func everyPrefix() {
        let gpx = Data("""
        <?xml version="1.0"?><gpx version="1.1" creator="x"><trk><name>a</name><type>running</type><trkseg>\
        <trkpt lat="50" lon="14"><ele>1</ele><time>2026-03-14T07:00:00Z</time><extensions><h:hr>90</h:hr></extensions></trkpt>\
        <trkpt lat="50.001" lon="14"><time>2026-03-14T07:00:05+01:00</time></trkpt></trkseg></trk></gpx>
        """.utf8)
        let tcx = Data("""
        <?xml version="1.0"?><TrainingCenterDatabase><Activities><Activity Sport="Biking"><Id>2026-03-14T07:00:00Z</Id>\
        <Lap StartTime="2026-03-14T07:00:00Z"><TotalTimeSeconds>5</TotalTimeSeconds><Track><Trackpoint><Time>2026-03-14T07:00:00Z</Time>\
        <DistanceMeters>0</DistanceMeters></Trackpoint></Track></Lap></Activity></Activities></TrainingCenterDatabase>
        """.utf8)
        for document in [gpx, tcx] {
            var decoded = 0
            for length in 0...document.count {
                if (try? ActivityFile.decode(document.prefix(length))) != nil { decoded += 1 }
            }
            #expect(decoded == 1)  // only the whole document: every shorter prefix is malformed or unknown
        }
    }

    /// One damaged copy of `data`: a truncation, 1–8 byte flips, stray `<`, `>`, `&` or
    /// quote bytes, a span cut out, or a span doubled.
    static func damage(_ data: Data, _ generator: inout SeededGenerator) -> Data {
        var bytes = [UInt8](data)
        guard !bytes.isEmpty else { return data }
        switch Int.random(in: 0..<5, using: &generator) {
        case 0:
            bytes.removeLast(Int.random(in: 1...bytes.count, using: &generator))
        case 1:
            for _ in 0..<Int.random(in: 1...8, using: &generator) {
                bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
        case 2:
            let stray: [UInt8] = Array("<>&\"'/".utf8)
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                bytes.insert(stray[Int.random(in: 0..<stray.count, using: &generator)],
                             at: Int.random(in: 0...bytes.count, using: &generator))
            }
        case 3:
            let start = Int.random(in: 0..<bytes.count, using: &generator)
            let end = min(bytes.count, start + Int.random(in: 1...400, using: &generator))
            bytes.removeSubrange(start..<end)
        default:
            let start = Int.random(in: 0..<bytes.count, using: &generator)
            let end = min(bytes.count, start + Int.random(in: 1...400, using: &generator))
            bytes.insert(contentsOf: bytes[start..<end], at: end)
        }
        return Data(bytes)
    }
}
