@testable import ActivityFiles
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import TestSupport
import Testing
import Tracks
import WorkoutModel
import XMLText

/// The elements of an XML document as FoundationXML's parser reads it (not our reader): each
/// element's local name, attributes, text and its children's local names, in document order.
final class XMLOutline: NSObject, XMLParserDelegate {
    /// One element.
    struct Element {
        var name: String
        var attributes: [String: String]
        var text = ""
        var children: [String] = []
    }

    private(set) var elements: [Element] = []
    /// Whether the parser read the whole document without an error.
    private(set) var isWellFormed = false
    private var open: [Int] = []

    init(_ data: Data) {
        super.init()
        let parser = XMLParser(data: data)
        parser.delegate = self
        isWellFormed = parser.parse()
        parser.delegate = nil
    }

    /// The elements of local name `name`, in document order.
    func named(_ name: String) -> [Element] { elements.filter { $0.name == name } }

    /// The texts of the elements of local name `name`, in document order.
    func texts(_ name: String) -> [String] { named(name).map(\.text) }

    private static func local(_ name: String) -> String { name.split(separator: ":").last.map(String.init) ?? name }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
        let name = Self.local(elementName)
        if let parent = open.last { elements[parent].children.append(name) }
        elements.append(Element(name: name, attributes: attributeDict))
        open.append(elements.count - 1)
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
        _ = open.popLast()
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if let top = open.last { elements[top].text += string }
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        isWellFormed = false
    }
}

/// `children` with runs of the same name collapsed to one (`Lap, Lap, Lap` → `Lap`), to compare
/// with a schema's sequence.
func collapsed(_ children: [String]) -> [String] {
    children.reduce(into: []) { result, name in if result.last != name { result.append(name) } }
}

/// A cycling session of two laps with every lap and trackpoint value TCX holds.
func fullRide() -> RecordedActivity {
    let start = instant(exportStart)
    var points: [TrackPoint] = []
    for second in 0...20 {
        let step = Double(second)
        let time = instant(exportStart + Int64(second) * 30)
        let latitude = 50.08 + step * 0.0001, longitude = 14.42 + step * 0.0002
        let altitude = 240.5 + Double(second % 4), distance = step * 250
        let heartRate = Double(130 + second), cadence = Double(85 + second % 5)
        points.append(TrackPoint(time: time, latitude: latitude, longitude: longitude, altitudeMeters: altitude,
                                 distanceMeters: distance, heartRate: heartRate, cadence: cadence, speedMetersPerSecond: 8.25))
    }
    let laps = [RecordedLap(start: start, totals: RecordedTotals(timerSeconds: 300, distanceMeters: 2500, kcal: 60.4,
                                                                averageHeartRate: 135.4, maximumHeartRate: 140, averageCadence: 87.2,
                                                                maximumCadence: 89, maximumSpeedMetersPerSecond: 9.5),
                            intensity: .active, name: "Warm-up"),
                RecordedLap(start: instant(exportStart + 300), totals: RecordedTotals(timerSeconds: 300, distanceMeters: 2500, kcal: 70.4,
                                                                                    averageHeartRate: 145, maximumHeartRate: 150,
                                                                                    averageCadence: 86, maximumCadence: 89,
                                                                                    maximumSpeedMetersPerSecond: 10.25),
                            intensity: .rest)]
    let session = RecordedSession(sport: .cycling, sportName: "cycling", start: start,
                                  totals: RecordedTotals(timerSeconds: 600, distanceMeters: 5000, kcal: 131), laps: laps, points: points)
    return RecordedActivity(format: .fit, device: RecordingDevice(manufacturer: "garmin", product: "Edge 530"),
                            name: "Ride & <tempo>", sessions: [session])
}

/// What a TCX file keeps of an activity that came from a TCX file (``TCXActivityEncoder``):
/// everything but the UTC offset (times are written in UTC).
func tcxResolution(_ activity: RecordedActivity) -> RecordedActivity {
    var result = activity
    result.utcOffsetSeconds = nil
    return result
}

@Suite("The TCX encoder: XML text, schema order, laps a platform accepts, and the decoder reading it back")
struct TCXEncoderTests {
    // MARK: XMLWriter

    @Test("text and attributes escape & < > \" ' and the white space a parser would change; disallowed characters are dropped")
    func escaping() {
        #expect(XMLText.escaped(#"a & b < c > d " e ' f"#) == "a &amp; b &lt; c &gt; d &quot; e &apos; f")
        #expect(XMLText.escaped("tab\tline\ncr\r") == "tab&#9;line&#10;cr&#13;")
        #expect(XMLText.escaped("bell\u{07}nul\u{00}\u{FFFE}ok") == "bellnulok")
        #expect(XMLText.escaped("Žabí skok 👨‍👩‍👧‍👦") == "Žabí skok 👨‍👩‍👧‍👦")
        var writer = XMLWriter()
        writer.open("a", [("name", "1 < 2 & \"3\"")])
        writer.leaf("b", "x<y>&z'")
        writer.close()
        #expect(String(decoding: writer.data, as: UTF8.self) == """
        <?xml version="1.0" encoding="UTF-8"?>
        <a name="1 &lt; 2 &amp; &quot;3&quot;">
          <b>x&lt;y&gt;&amp;z&apos;</b>
        </a>

        """)
    }

    @Test("a name with markup characters and line breaks comes back through a TCX file as written")
    func escapedNamesComeBack() throws {
        var activity = fullRide()
        activity.name = "Tom & \"Jerry's\" <ride>\nsecond line\ttab"
        activity.sessions[0].laps[0].name = "a < b & c > d"
        let again = try TCXActivityDecoder.decode(TCXActivityEncoder.encode(activity))
        #expect(again.name == activity.name)
        #expect(again.sessions[0].laps[0].name == "a < b & c > d")
    }

    @Test("numbers: no locale, no exponent, no trailing zeros, -0 as 0", arguments: [
        (3.0, "3"), (0.1, "0.1"), (-2.5, "-2.5"), (-0.0, "0"), (0, "0"), (1e-5, "0.00001"), (1.5e16, "15000000000000000"),
        (123_456.789, "123456.789"), (50.0755929, "50.0755929"), (1e22, "10000000000000000000000"), (-0.000123, "-0.000123"),
        (1_000_000, "1000000"), (9.999_999_999_999_999e-5, "0.00009999999999999999"), (254.0, "254"),
    ])
    func numbers(value: Double, text: String) {
        #expect(XMLWriter.number(value) == text)
    }

    @Test("numbers read back as the same Double (20,000 seeded values of every magnitude); NaN and infinity are not written")
    func numbersRoundTrip() {
        var generator = SeededGenerator(seed: 1414)
        for _ in 0..<20_000 {
            let value = Double(bitPattern: generator.next())
            guard value.isFinite else { continue }
            let text = XMLWriter.number(value)
            #expect(text.map(Double.init) == value, "\(value)")
            #expect(text?.contains("e") == false)
            #expect(text?.hasSuffix("0") == false || text?.contains(".") == false)
        }
        #expect(XMLWriter.number(.nan) == nil)
        #expect(XMLWriter.number(.infinity) == nil)
        #expect(XMLWriter.number(-.infinity) == nil)
    }

    @Test("times: UTC, whole seconds without a fraction, else three digits, rounded to the millisecond", arguments: [
        (1_772_348_400.0, "2026-03-01T07:00:00Z"), (1_772_348_400.25, "2026-03-01T07:00:00.250Z"),
        (1_772_348_400.9996, "2026-03-01T07:00:01Z"), (1_772_348_400.0004, "2026-03-01T07:00:00Z"),
        (1_772_348_400.001, "2026-03-01T07:00:00.001Z"), (0, "1970-01-01T00:00:00Z"), (-1, "1969-12-31T23:59:59Z"),
        (-0.5, "1969-12-31T23:59:59.500Z"), (1_709_164_800, "2024-02-29T00:00:00Z"), (951_782_400, "2000-02-29T00:00:00Z"),
        (4_107_542_399.999, "2100-02-28T23:59:59.999Z"), (-2_208_988_800, "1900-01-01T00:00:00Z"),
    ])
    func times(seconds: Double, text: String) {
        #expect(XMLWriter.time(Date(timeIntervalSince1970: seconds)) == text)
    }

    @Test("times read back by the decoders' XMLDateTime as the same instant to the millisecond (5,000 seeded instants)")
    func timesRoundTrip() throws {
        var generator = SeededGenerator(seed: 14)
        for _ in 0..<5_000 {
            let milliseconds = Int64.random(in: -2_000_000_000_000...4_000_000_000_000, using: &generator)
            let date = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
            let parsed = try #require(XMLDateTime(XMLWriter.time(date)))
            #expect((parsed.date.timeIntervalSince1970 * 1000).rounded() == Double(milliseconds))
            #expect(parsed.utcOffsetSeconds == nil)
        }
    }

    // MARK: The document

    @Test("the document: declaration, namespaces, one Activity with Id, laps, Notes and Creator in the schema's order")
    func document() throws {
        let data = try TCXActivityEncoder.encode(fullRide())
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<TrainingCenterDatabase xmlns=\"http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2\" xmlns:ns3=\"http://www.garmin.com/xmlschemas/ActivityExtension/v2\""))
        let outline = XMLOutline(data)
        #expect(outline.isWellFormed)
        #expect(ActivityFile.format(of: data) == .tcx)
        #expect(outline.named("TrainingCenterDatabase").map(\.children) == [["Activities"]])
        #expect(outline.named("Activities").map(\.children) == [["Activity"]])
        #expect(outline.named("Activity").map { collapsed($0.children) } == [["Id", "Lap", "Notes", "Creator"]])
        #expect(outline.named("Activity").map { $0.attributes["Sport"] } == ["Biking"])
        #expect(outline.texts("Id") == ["2026-11-30T06:01:02Z"])
        #expect(outline.named("Notes").map(\.text) == ["Warm-up", "Ride & <tempo>"])  // the first lap's name, the activity's
        #expect(outline.named("Creator").map(\.children) == [["Name", "UnitId", "ProductID", "Version"]])
        #expect(outline.named("Creator").map { $0.attributes["xsi:type"] } == ["Device_t"])
        #expect(outline.named("Name").map(\.text) == ["Edge 530"])
        #expect(try TCXActivityEncoder.encode(fullRide()) == data)  // the same bytes again
    }

    @Test("inside a Lap: TotalTimeSeconds, DistanceMeters, MaximumSpeed, Calories, heart rates, Intensity, Cadence, TriggerMethod, Track, Notes, Extensions")
    func lapOrder() throws {
        let outline = XMLOutline(try TCXActivityEncoder.encode(fullRide()))
        let laps = outline.named("Lap")
        #expect(laps.count == 2)
        #expect(laps[0].children == ["TotalTimeSeconds", "DistanceMeters", "MaximumSpeed", "Calories", "AverageHeartRateBpm",
                                     "MaximumHeartRateBpm", "Intensity", "Cadence", "TriggerMethod", "Track", "Notes", "Extensions"])
        #expect(laps[1].children == ["TotalTimeSeconds", "DistanceMeters", "MaximumSpeed", "Calories", "AverageHeartRateBpm",
                                     "MaximumHeartRateBpm", "Intensity", "Cadence", "TriggerMethod", "Track", "Extensions"])
        #expect(laps.map { $0.attributes["StartTime"] } == ["2026-11-30T06:01:02Z", "2026-11-30T06:06:02Z"])
        #expect(outline.texts("TotalTimeSeconds") == ["300", "300"])
        #expect(outline.texts("MaximumSpeed") == ["9.5", "10.25"])
        #expect(outline.texts("Calories") == ["60", "71"])  // 60.4 + 70.4 → the session's 131
        #expect(outline.texts("Intensity") == ["Active", "Resting"])
        #expect(outline.texts("TriggerMethod") == ["Manual", "Manual"])
        #expect(outline.named("Lap").map { $0.children.filter { $0 == "Cadence" }.count } == [1, 1])
        #expect(outline.named("AverageHeartRateBpm").map(\.children) == [["Value"], ["Value"]])
        #expect(outline.named("LX").map(\.children) == [["MaxBikeCadence"], ["MaxBikeCadence"]])
        // every Trackpoint's children in the schema's order
        let point = try #require(outline.named("Trackpoint").first)
        #expect(point.children == ["Time", "Position", "AltitudeMeters", "DistanceMeters", "HeartRateBpm", "Cadence", "Extensions"])
        #expect(outline.named("Position").first?.children == ["LatitudeDegrees", "LongitudeDegrees"])
        #expect(outline.named("TPX").first?.children == ["Speed"])
        #expect(outline.named("Trackpoint").count == 21)
    }

    @Test("on foot: lap cadence as LX AvgRunCadence and MaxRunCadence, point cadence as TPX RunCadence after Speed")
    func runCadence() throws {
        var activity = fullRide()
        activity.sessions[0].sport = .running
        let outline = XMLOutline(try TCXActivityEncoder.encode(activity))
        #expect(outline.named("Activity").first?.attributes["Sport"] == "Running")
        #expect(outline.named("LX").map(\.children) == [["AvgRunCadence", "MaxRunCadence"], ["AvgRunCadence", "MaxRunCadence"]])
        #expect(outline.texts("AvgRunCadence") == ["87", "86"])
        #expect(outline.named("Lap").allSatisfy { !$0.children.contains("Cadence") })
        #expect(outline.named("Trackpoint").first?.children == ["Time", "Position", "AltitudeMeters", "DistanceMeters", "HeartRateBpm", "Extensions"])
        #expect(outline.named("TPX").first?.children == ["Speed", "RunCadence"])
        let again = try TCXActivityDecoder.decode(TCXActivityEncoder.encode(activity))
        #expect(again.sessions[0].points.map(\.cadence) == activity.sessions[0].points.map(\.cadence))
        #expect(again.sessions[0].laps.map(\.totals.averageCadence) == [87, 86])
        #expect(again.sessions[0].laps.map(\.totals.maximumCadence) == [89, 89])
    }

    @Test("Sport: Running, Biking, else Other (intervals included)", arguments: [
        (Sport.running, "Running"), (.cycling, "Biking"), (.hiit, "Other"), (.swimming, "Other"), (.walking, "Other"),
        (.strength, "Other"), (.other, "Other"), (.transition, "Other"),
    ])
    func sportWord(sport: Sport, word: String) throws {
        var activity = fullRide()
        activity.sessions[0].sport = sport
        let outline = XMLOutline(try TCXActivityEncoder.encode(activity))
        #expect(outline.named("Activity").map { $0.attributes["Sport"] } == [word])
    }

    @Test("an interval session (hiit/tabata, 16 laps, no positions) is Sport=\"Other\" and comes back with its laps, intensities, names and kcal")
    func tabata() throws {
        let tabata = exportTabata()
        let data = try TCXActivityEncoder.encode(tabata)
        let outline = XMLOutline(data)
        #expect(outline.named("Activity").map { $0.attributes["Sport"] } == ["Other"])
        #expect(outline.named("Position").isEmpty)
        let again = try TCXActivityDecoder.decode(data)
        let session = try #require(again.sessions.first)
        #expect(again.sessions.count == 1)
        #expect(session.sport == .other)
        #expect(session.sportName == "Other")
        #expect(session.start == tabata.sessions[0].start)
        #expect(session.laps.map(\.start) == tabata.sessions[0].laps.map(\.start))
        #expect(session.laps.map(\.intensity) == tabata.sessions[0].laps.map(\.intensity))
        #expect(session.laps.map(\.name) == tabata.sessions[0].laps.map(\.name))
        #expect(session.laps.map(\.totals.timerSeconds) == tabata.sessions[0].laps.map(\.totals.timerSeconds))
        #expect(session.laps.compactMap(\.totals.kcal).reduce(0, +) == 28)
        #expect(session.points == tabata.sessions[0].points)  // every lap has points of its own: none added
        #expect(session.pauses == [TimerPause(start: instant(exportStart + 129), end: instant(exportStart + 145))])
        #expect(again.name == "Morning Tabata")
    }

    @Test("hiit's own values and the UTC offset travel in the first Activity's Extensions and come back exact; another namespace's Session is not hiit's")
    func hiitValues() throws {
        var tabata = exportTabata()
        let mark = HiitSessionData(id: UUID(uuid: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16)), kind: .intervals,
                                   workout: "Tabata <\"20/10\">", timeZone: "Europe/Prague", rounds: 8, exercises: 1,
                                   workoutSeconds: 160.00000000000003, kcal: 27.611111111111111, weightKg: 72.5)
        tabata.hiitSession = mark
        tabata.utcOffsetSeconds = 3600
        let data = try TCXActivityEncoder.encode(tabata)
        let outline = XMLOutline(data)
        #expect(collapsed(outline.named("Activity").first?.children ?? []).suffix(2) == ["Notes", "Extensions"])
        let again = try TCXActivityDecoder.decode(data)
        #expect(again.hiitSession == mark)
        #expect(again.utcOffsetSeconds == 3600)

        var plain = exportTabata()
        plain.hiitSession = nil
        #expect(try TCXActivityDecoder.decode(try TCXActivityEncoder.encode(plain)).hiitSession == nil)
        let foreign = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "urn:hiit:tcx:session:1", with: "urn:example:other")
        #expect(try TCXActivityDecoder.decode(Data(foreign.utf8)).hiitSession == nil)
    }

    // MARK: Laps a platform accepts

    @Test("a lap with fewer than two points gets timed points at its start and end, with distances where known")
    func twoPointsPerLap() throws {
        let start = instant(exportStart, ms: 500)
        let session = RecordedSession(
            sport: .hiit, sportName: "hiit/tabata", start: start,
            totals: RecordedTotals(elapsedSeconds: 60, timerSeconds: 60, kcal: 9.6),
            laps: [RecordedLap(start: start, totals: RecordedTotals(elapsedSeconds: 20, timerSeconds: 20, distanceMeters: 0), intensity: .active),
                   RecordedLap(start: instant(exportStart + 20, ms: 500), totals: RecordedTotals(timerSeconds: 10, distanceMeters: 0),
                               intensity: .rest),
                   RecordedLap(start: instant(exportStart + 30, ms: 500), totals: RecordedTotals(elapsedSeconds: 30), intensity: .active)],
            points: [TrackPoint(time: instant(exportStart + 45), heartRate: 150)])
        let data = try TCXActivityEncoder.encode(RecordedActivity(format: .fit, sessions: [session]))
        let outline = XMLOutline(data)
        let laps = outline.named("Lap")
        #expect(laps.count == 3)
        let tracks = outline.named("Track")
        #expect(tracks.map(\.children.count) == [2, 2, 3])
        #expect(outline.texts("Time") == ["2026-11-30T06:01:02.500Z", "2026-11-30T06:01:22.500Z",
                                          "2026-11-30T06:01:22.500Z", "2026-11-30T06:01:32.500Z",
                                          "2026-11-30T06:01:32.500Z", "2026-11-30T06:01:47Z", "2026-11-30T06:02:02.500Z"])
        // distances known for the first two laps (0 m each) and from there on unknown
        #expect(outline.named("Trackpoint").map { $0.children.contains("DistanceMeters") } == [true, true, true, true, true, false, false])
        #expect(outline.texts("Intensity") == ["Active", "Resting", "Active"])
        #expect(outline.texts("Calories").compactMap { Int($0) }.reduce(0, +) == 10)
        let again = try TCXActivityDecoder.decode(data)
        #expect(again.sessions[0].laps.map(\.start) == session.laps.map(\.start))
        #expect(again.sessions[0].laps.map(\.totals.timerSeconds) == [20, 10, 30])
        #expect(again.sessions[0].points.count == 7)
    }

    @Test("a session without laps is written as one lap covering it, with two points when it has none")
    func sessionWithoutLaps() throws {
        let start = instant(exportStart)
        let session = RecordedSession(sport: .strength, sportName: "training/strength_training", start: start,
                                      totals: RecordedTotals(elapsedSeconds: 1800, kcal: 210.6))
        let data = try TCXActivityEncoder.encode(RecordedActivity(format: .fit, sessions: [session]))
        let outline = XMLOutline(data)
        #expect(outline.named("Lap").map { $0.attributes["StartTime"] } == ["2026-11-30T06:01:02Z"])
        #expect(outline.texts("TotalTimeSeconds") == ["1800"])
        #expect(outline.texts("DistanceMeters") == ["0", "0"])  // the lap's, and the first point's: a session starts at 0 m
        #expect(outline.texts("Calories") == ["211"])
        #expect(outline.texts("Time") == ["2026-11-30T06:01:02Z", "2026-11-30T06:31:02Z"])
    }

    /// One case of ``TCXActivityEncoder/wholeKcal(laps:seconds:sessionKcal:)``.
    struct KcalCase: Sendable, CustomStringConvertible {
        var laps: [Double?]
        var seconds: [Double]
        var session: Double?
        var expected: [Int]
        var description: String { "laps \(laps), seconds \(seconds), session \(session.map(String.init(describing:)) ?? "none")" }
    }

    static let kcalCases: [KcalCase] = [
        KcalCase(laps: [3, 1, 3, 1, 3, 1, 3, 1], seconds: [20, 10, 20, 10, 20, 10, 20, 10], session: 28, expected: [5, 2, 5, 2, 5, 2, 5, 2]),
        KcalCase(laps: [3, 1, 3, 1, 3, 1, 3, 1], seconds: [20, 10, 20, 10, 20, 10, 20, 10], session: 14, expected: [3, 1, 3, 1, 2, 1, 2, 1]),
        KcalCase(laps: [nil, nil, nil], seconds: [20, 10, 20], session: 10.4, expected: [4, 2, 4]),
        KcalCase(laps: [0.5, 0.5, 0.5], seconds: [1, 1, 1], session: nil, expected: [1, 1, 0]),
        KcalCase(laps: [60.4, 70.4], seconds: [300, 300], session: 131, expected: [60, 71]),
        KcalCase(laps: [10, nil], seconds: [60, 60], session: 30, expected: [30, 0]),
        KcalCase(laps: [nil, nil], seconds: [0, 0], session: 3, expected: [2, 1]),
        KcalCase(laps: [nil, nil], seconds: [60, 60], session: nil, expected: [0, 0]),
        KcalCase(laps: [], seconds: [], session: 12, expected: []),
    ]

    @Test("whole lap kcal add up to the session's rounded kcal (largest remainder)", arguments: kcalCases)
    func lapKcal(_ example: KcalCase) {
        let whole = TCXActivityEncoder.wholeKcal(laps: example.laps, seconds: example.seconds, sessionKcal: example.session)
        #expect(whole == example.expected)
        if let session = example.session, !example.laps.isEmpty { #expect(whole.reduce(0, +) == Int(session.rounded())) }
    }

    @Test("lap kcal of the Tabata (laps 3 and 1 kcal, 32 together, the session 28) add up to 28 in the file")
    func tabataKcal() throws {
        let outline = XMLOutline(try TCXActivityEncoder.encode(exportTabata()))
        let kcal = outline.texts("Calories").compactMap { Int($0) }
        #expect(kcal.count == 16)
        #expect(kcal.reduce(0, +) == 28)
    }

    // MARK: Multisport

    @Test("a triathlon: a MultiSportSession with FirstSport, NextSport with Transition then Activity, Notes last")
    func multisportDocument() throws {
        var triathlon = exportTriathlon()
        triathlon.name = "Sprint"
        let outline = XMLOutline(try TCXActivityEncoder.encode(triathlon))
        #expect(outline.named("Activities").map(\.children) == [["MultiSportSession"]])
        #expect(outline.named("MultiSportSession").map(\.children) == [["Id", "FirstSport", "NextSport", "NextSport", "Notes"]])
        #expect(outline.named("FirstSport").map(\.children) == [["Activity"]])
        #expect(outline.named("NextSport").map(\.children) == [["Transition", "Activity"], ["Transition", "Activity"]])
        #expect(outline.named("Activity").map { $0.attributes["Sport"] } == ["Other", "Biking", "Running"])
        let transition = try #require(outline.named("Transition").first)
        // the transition's one lap has time and distance; the rest is the session's
        #expect(collapsed(transition.children) == ["TotalTimeSeconds", "DistanceMeters", "MaximumSpeed", "Calories", "AverageHeartRateBpm",
                                                   "MaximumHeartRateBpm", "Intensity", "TriggerMethod", "Track"])
        #expect(outline.named("Transition").map { $0.attributes["StartTime"] } == ["2026-11-30T06:16:02.500Z", "2026-11-30T06:58:02.750Z"])
        #expect(outline.named("Notes").map(\.text) == ["Sprint"])
    }

    @Test("a triathlon comes back through TCX: sessions, sports, starts, lap times and distances, points, whole kcal")
    func multisportRoundTrip() throws {
        let triathlon = exportTriathlon()
        let again = try TCXActivityDecoder.decode(TCXActivityEncoder.encode(triathlon))
        #expect(again.format == .tcx)
        #expect(again.notes == [])
        #expect(again.sessions.map(\.sport) == [.other, .transition, .cycling, .transition, .running])  // a swim is Other in TCX
        #expect(again.sessions.map(\.sportName) == ["Other", "Transition", "Biking", "Transition", "Running"])
        #expect(again.sessions.map(\.start) == triathlon.sessions.map(\.start))
        #expect(again.sessions.map { $0.laps.map(\.start) } == triathlon.sessions.map { $0.laps.map(\.start) })
        #expect(again.sessions.map { $0.laps.map(\.totals.timerSeconds) } == triathlon.sessions.map { $0.laps.map(\.totals.timerSeconds) })
        #expect(again.sessions.map { $0.laps.map(\.totals.distanceMeters) } == triathlon.sessions.map { $0.laps.map(\.totals.distanceMeters) })
        #expect(again.sessions.map(\.totals.distanceMeters) == [750, 150, 20_000, 100, 5000])
        #expect(again.sessions.map(\.totals.kcal) == triathlon.sessions.map { $0.totals.kcal.map { $0.rounded() } })
        #expect(again.sessions.map(\.points) == triathlon.sessions.map(\.points))
        // a session of one lap lends the lap its heart rate; the ride's two laps have none of their own
        #expect(again.sessions.map(\.totals.maximumHeartRate) == [171, 171, nil, 171, 171])
        #expect(again.device == RecordingDevice(manufacturer: nil, product: "fenix7"))
        #expect(again.sessions[4].pauses.count == 1)
        #expect(again.sessions[4].pauses.first?.start == triathlon.sessions[4].pauses.first?.start)
    }

    @Test("a transition that is first, last or next to another transition is written as an Activity of sport Other")
    func strayTransitions() throws {
        var triathlon = exportTriathlon()
        triathlon.sessions = [triathlon.sessions[1], triathlon.sessions[2], triathlon.sessions[3]]  // T1, bike, T2
        let data = try TCXActivityEncoder.encode(triathlon)
        let outline = XMLOutline(data)
        #expect(outline.named("Transition").isEmpty)
        #expect(outline.named("Activity").map { $0.attributes["Sport"] } == ["Other", "Biking", "Other"])
        #expect(try TCXActivityDecoder.decode(data).sessions.map(\.sport) == [.other, .cycling, .other])
    }

    @Test("an activity without sessions has no TCX")
    func noSession() {
        let empty = RecordedActivity(format: .fit, sessions: [])
        #expect(throws: ActivityFileError.noActivity(reason: "an activity with no session")) { try TCXActivityEncoder.encode(empty) }
        #expect(throws: ActivityFileError.noActivity(reason: "an activity with no session")) { try ActivityFile.encodeTCX(empty) }
    }

    // MARK: The decoder reads what the encoder writes

    @Test("every TCX fixture: decode, encode, decode gives the same activity (but the UTC offset), and the same bytes again",
          arguments: ["indoor-ride.tcx", "multisport-duathlon.tcx", "run-laps.tcx"])
    func fixtures(name: String) throws {
        let original = try ActivityFile.decode(XMLFixture.data("tcx", name))
        let encoded = try ActivityFile.encodeTCX(original)
        let again = try ActivityFile.decode(encoded)
        #expect(again == tcxResolution(original))
        #expect(try ActivityFile.encodeTCX(again) == encoded)
        #expect(XMLOutline(encoded).isWellFormed)
    }

    @Test("every GPX fixture through TCX: the same points (speeds and positions included), one lap covering each session")
    func gpxFixturesThroughTCX() throws {
        for name in ["ride-1.0.gpx", "run-garmin-1.1.gpx", "segments-bom-crlf-prefixed.gpx", "two-tracks.gpx"] {
            let original = try ActivityFile.decode(XMLFixture.data("gpx", name))
            let again = try ActivityFile.decode(ActivityFile.encodeTCX(original))
            #expect(again.sessions.map(\.points) == original.sessions.map(\.points), "\(name)")
            #expect(again.sessions.map(\.pauses) == original.sessions.map(\.pauses), "\(name)")
            #expect(again.sessions.map(\.laps.count) == [1], "\(name)")
            #expect(again.name == original.name, "\(name)")
        }
    }

    @Test("several Activity elements that follow each other are the sessions of one activity; one a day later is not")
    func chainedActivities() throws {
        var ride = fullRide()
        var run = ride.sessions[0]
        run.sport = .running
        run.start = instant(exportStart + 600 + 120)  // two minutes after the ride's end
        run.laps = run.laps.map { var lap = $0; lap.start = lap.start.addingTimeInterval(720); return lap }
        run.points = run.points.map { var point = $0; point.time = point.time.addingTimeInterval(720); return point }
        var later = run
        later.start = run.start.addingTimeInterval(86_400)
        later.laps = later.laps.map { var lap = $0; lap.start = lap.start.addingTimeInterval(86_400); return lap }
        later.points = later.points.map { var point = $0; point.time = point.time.addingTimeInterval(86_400); return point }
        // three single activities written one after the other
        let parts = try [ride.sessions[0], run, later].map { session -> String in
            ride.sessions = [session]
            let text = String(decoding: try TCXActivityEncoder.encode(ride), as: UTF8.self)
            let from = try #require(text.range(of: "<Activity "))
            let to = try #require(text.range(of: "</Activity>"))
            return String(text[from.lowerBound..<to.upperBound])
        }
        let document = Data("""
        <?xml version="1.0" encoding="UTF-8"?>
        <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
        <Activities>
        \(parts.joined(separator: "\n"))
        </Activities>
        </TrainingCenterDatabase>
        """.utf8)
        let activity = try TCXActivityDecoder.decode(document)
        #expect(activity.sessions.map(\.sport) == [.cycling, .running])
        #expect(activity.sessions.map(\.start) == [instant(exportStart), instant(exportStart + 720)])
        #expect(activity.notes == ["1 more activity in the file not imported"])
    }
}

/// A seeded activity of odd shapes for the writers: 1–4 sessions of any sport (transitions
/// anywhere), 0–5 laps, 0–30 points, names of markup and control characters, totals and point
/// values that may be missing, negative, out of range, huge or not finite.
func oddActivity(using generator: inout SeededGenerator) -> RecordedActivity {
    let pieces = ["a", "&", "<", ">", "\"", "'", "]]>", "\u{0}", "\u{7}", "\t", "\n", "\r", "é", "👨‍👩‍👧‍👦", "\u{FFFE}", " "]
    func text() -> String? {
        Bool.random(using: &generator) ? nil : (0..<Int.random(in: 0...6, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
    }
    func value(_ range: ClosedRange<Double>) -> Double? {
        switch Int.random(in: 0...9, using: &generator) {
        case 0: nil
        case 1: [Double.nan, .infinity, -.infinity, -1, 0, 1e300, .leastNonzeroMagnitude].randomElement(using: &generator)
        default: Double.random(in: range, using: &generator)
        }
    }
    let start = Double(exportStart) + Double.random(in: -1e6...1e6, using: &generator)
    var sessions: [RecordedSession] = []
    var clock = start
    for _ in 0..<Int.random(in: 1...4, using: &generator) {
        let sport = Sport.allCases.randomElement(using: &generator) ?? .other
        let sessionStart = Date(timeIntervalSince1970: clock)
        var laps: [RecordedLap] = []
        var lapClock = clock
        for _ in 0..<Int.random(in: 0...5, using: &generator) {
            laps.append(RecordedLap(start: Date(timeIntervalSince1970: lapClock),
                                    totals: RecordedTotals(elapsedSeconds: value(0...600), timerSeconds: value(0...600),
                                                           distanceMeters: value(0...5000), kcal: value(0...300),
                                                           averageHeartRate: value(0...300), maximumHeartRate: value(0...300),
                                                           averageCadence: value(0...300), maximumCadence: value(0...300),
                                                           maximumSpeedMetersPerSecond: value(0...30)),
                                    intensity: LapIntensity.allCases.randomElement(using: &generator), name: text()))
            lapClock += Double.random(in: 0...300, using: &generator)
        }
        var points: [TrackPoint] = []
        var pointClock = clock
        for _ in 0..<Int.random(in: 0...30, using: &generator) {
            pointClock += Double.random(in: 0...20, using: &generator)
            points.append(TrackPoint(time: Date(timeIntervalSince1970: pointClock), latitude: value(-100...100), longitude: value(-200...200),
                                     altitudeMeters: value(-500...9000), distanceMeters: value(0...50_000), heartRate: value(0...300),
                                     cadence: value(0...300), speedMetersPerSecond: value(0...40)))
        }
        var pauses: [TimerPause] = []
        if points.count > 2, Bool.random(using: &generator) {
            pauses.append(TimerPause(start: points[1].time, end: points[2].time))
        }
        sessions.append(RecordedSession(sport: sport, sportName: text() ?? "", start: sessionStart,
                                        totals: RecordedTotals(elapsedSeconds: value(0...3600), timerSeconds: value(0...3600),
                                                               distanceMeters: value(0...50_000), kcal: value(0...2000)),
                                        laps: laps, points: points, pauses: pauses))
        clock = max(pointClock, lapClock) + Double.random(in: 0...120, using: &generator)
    }
    return RecordedActivity(format: .fit, device: Bool.random(using: &generator) ? RecordingDevice(manufacturer: text(), product: text()) : nil,
                            name: text(), sessions: sessions)
}

@Suite("The TCX and GPX writers on odd activities: always well-formed, always read back")
struct XMLWriterRobustnessTests {
    @Test("300 seeded odd activities: TCX and GPX well-formed, decoded again, every lap with two timed trackpoints, the same bytes twice")
    func oddActivities() throws {
        var generator = SeededGenerator(seed: 2026_14)
        for trial in 0..<300 {
            let activity = oddActivity(using: &generator)
            let tcx = try TCXActivityEncoder.encode(activity)
            #expect(try TCXActivityEncoder.encode(activity) == tcx, "trial \(trial)")
            let outline = XMLOutline(tcx)
            #expect(outline.isWellFormed, "trial \(trial)")
            let laps = outline.named("Lap").count + outline.named("Transition").count
            #expect(laps >= activity.sessions.count, "trial \(trial)")
            #expect(outline.named("Track").reduce(0) { $0 + $1.children.count } >= 2 * laps, "trial \(trial)")
            let decoded = try TCXActivityDecoder.decode(tcx)
            #expect(decoded.sessions.count == activity.sessions.count, "trial \(trial)")
            #expect(decoded.sessions.allSatisfy { $0.points.count >= 2 * max(1, $0.laps.count) }, "trial \(trial)")

            let positioned = activity.sessions.flatMap(\.points).filter(GPXActivityEncoder.hasPosition)
            if positioned.isEmpty {
                #expect(throws: ActivityFileError.noActivity(reason: GPXActivityEncoder.noTrackReason)) { try GPXActivityEncoder.encode(activity) }
            } else {
                let gpx = try GPXActivityEncoder.encode(activity)
                #expect(XMLOutline(gpx).isWellFormed, "trial \(trial)")
                #expect(try GPXActivityDecoder.decode(gpx).sessions.first?.points.count == positioned.count, "trial \(trial)")
            }
        }
    }
}
