import Foundation
import Testing
import WorkoutModel
@testable import WorkoutStore
import TestSupport

/// Valid and broken history lines, generated from a seed.
struct HistoryCorpus {
    var random: SeededGenerator

    init(seed: UInt64) { random = SeededGenerator(seed: seed) }

    mutating func pick<T>(_ values: [T]) -> T { values[Int.random(in: 0..<values.count, using: &random)] }
    mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }

    /// A number as a record holds it: whole, short fraction, long unrounded fraction, tiny, negative.
    mutating func seconds() -> Double {
        switch Int.random(in: 0..<5, using: &random) {
        case 0: return Double(Int.random(in: 0...7200, using: &random))
        case 1: return Double(Int.random(in: 0...72000, using: &random)) / 10
        case 2: return Double.random(in: 0...7200, using: &random)
        case 3: return Double(Int.random(in: 0...999_999, using: &random)) / 1000
        default: return Double.random(in: 0...1, using: &random) / 1e6
        }
    }

    mutating func name() -> String {
        pick(["Tabata", "Classic HIIT", "Tempo run", "Běh 🏃", "Core \"Legs\"", "Back\\slash", "Tab\there",
              "Ωmega", "Café", "e\u{301}", "𝄞 Music", "a/b", "日本語のワークアウト", "Line\nbreak", "\u{1}control"])
    }

    mutating func record() -> SessionRecord {
        let start = Date(timeIntervalSince1970: Double(Int.random(in: -2_000_000_000...8_000_000_000, using: &random)))
        let isMultisport = chance(50)
        var legs: [LegRecord] = []
        if isMultisport {
            for _ in 0..<Int.random(in: 0...4, using: &random) {
                let laps = (0..<Int.random(in: 0...6, using: &random)).map { _ in
                    LapRecord(startSeconds: seconds(), elapsedSeconds: seconds(), distanceMeters: chance(20) ? seconds() : nil)
                }
                let recorded = chance(25)
                let unit: LengthUnit? = chance(30) ? pick(LengthUnit.allCases) : nil
                legs.append(LegRecord(
                    sport: pick(["swimming", "cycling", "running", "transition", "rowing-ẞ"]),
                    startSeconds: seconds(), elapsedSeconds: seconds(), timerSeconds: seconds(),
                    distanceMeters: chance(70) ? seconds() * 10 : nil, kcal: chance(70) ? seconds() / 10 : nil,
                    laps: laps, poolLength: unit == nil ? nil : pick([25, 50, 33.333333333333336]),
                    poolUnit: unit, isOpenWater: chance(30) ? chance(50) : nil,
                    sportName: recorded && chance(50) ? name() : nil,
                    ascentMeters: recorded && chance(70) ? seconds() / 10 : nil,
                    descentMeters: recorded && chance(70) ? seconds() / 10 : nil,
                    avgHeartRate: recorded && chance(70) ? Double(Int.random(in: 60...200, using: &random)) : nil,
                    maxHeartRate: recorded && chance(70) ? Double.random(in: 60...220, using: &random) : nil,
                    avgCadence: recorded && chance(70) ? Double(Int.random(in: 0...180, using: &random)) : nil,
                    movingSeconds: recorded && chance(70) ? seconds() : nil))
            }
        }
        var segments: [SegmentRecord] = []
        if !isMultisport, chance(50) {
            segments = (0..<Int.random(in: 1...6, using: &random)).map { _ in
                SegmentRecord(kind: pick(SegmentRecord.Kind.allCases), label: name(),
                              startSeconds: seconds(), elapsedSeconds: seconds(), timerSeconds: seconds())
            }
        }
        let hasWeight = chance(80)
        return SessionRecord(
            id: UUID(), workout: name(), kind: isMultisport ? .multisport : .intervals,
            start: start, end: start.addingTimeInterval(Double(Int.random(in: 0...7200, using: &random))),
            timeZone: pick(["Europe/Prague", "America/Santiago", "Etc/UTC", "Asia/Kolkata"]),
            utcOffsetSeconds: pick([0, 3600, -10800, 19800, 64800, -64800]),
            localDate: localDay(pick(["2026-11-30", "2024-02-29", "1999-12-31", "2025-01-01"])),
            workoutSeconds: seconds(), totalSeconds: seconds(), pausedSeconds: seconds(),
            rounds: Int.random(in: 0...100, using: &random), exercises: Int.random(in: 0...20, using: &random),
            weightKg: hasWeight ? pick([70, 20, 400, 81.5, 63.25]) : nil,
            kcal: hasWeight ? seconds() / 7 : nil, legs: legs, segments: segments,
            source: isMultisport && chance(30)
                ? RecordSource(format: pick(["fit", "gpx", "tcx"]), fileName: name() + ".fit",
                               sha256: String(repeating: "0a", count: 32),
                               manufacturer: chance(50) ? pick(["garmin", "wahoo_fitness"]) : nil,
                               product: chance(50) ? pick(["edge530", "3121"]) : nil)
                : nil,
            kcalSource: isMultisport && chance(30) ? pick([KcalSource.device, .distance, .met]) : nil)
    }

    /// One valid line, sometimes with its id in lower case or extra white space.
    mutating func validLine() throws -> String {
        var text = String(decoding: try record().jsonLine(), as: UTF8.self)
        if chance(10) { text = text.lowercased() == text ? text : lowercasedID(text) }
        if chance(10) { text = " \t" + text.replacingOccurrences(of: ",", with: " , ") + " \r" }
        return text
    }

    private func lowercasedID(_ text: String) -> String {
        guard let range = text.range(of: #""id":"[0-9A-F-]{36}""#, options: .regularExpression) else { return text }
        return text.replacingCharacters(in: range, with: text[range].lowercased())
    }

    /// Replacements that change one value or add something: the strict decoder accepts some of
    /// them and refuses others, and the fast reader must agree on every line.
    static let edits: [(String, String)] = [
        (#""version":1"#, #""version":2"#), (#""version":1"#, #""version":1.0"#),
        (#""version":1"#, #""version":0"#), (#""version":1"#, #""version":"1""#),
        (#""version":1"#, #""version":1e0"#), (#""version":1"#, #""version":-1"#),
        (#""version":1"#, #""version":null"#), (#""version":1"#, ""),
        (#""rounds":"#, #""rounds":1.5,"x":"#), (#""rounds":"#, #""rounds":null,"x":"#),
        (#""rounds":"#, #""rounds":1e1,"x":"#), (#""rounds":"#, #""rounds":99999999999999999999,"x":"#),
        (#""rounds":"#, #""rounds":-0,"x":"#), (#""rounds":"#, #""rounds":123456789012345678,"x":"#),
        (#""rounds":"#, #""rounds":100001,"x":"#),
        (#""workoutSeconds":"#, #""workoutSeconds":-5,"y":"#),
        (#""workoutSeconds":"#, #""workoutSeconds":604801,"y":"#),
        (#""workoutSeconds":"#, #""workoutSeconds":1e400,"y":"#),
        (#""workoutSeconds":"#, #""workoutSeconds":1E2,"y":"#),
        (#""workoutSeconds":"#, #""workoutSeconds":-0.0,"y":"#),
        (#""workoutSeconds":"#, #""workoutSeconds":0.1234567890123456789,"y":"#),
        (#""workoutSeconds":"#, #""workoutSeconds":01,"y":"#),
        (#""workoutSeconds":"#, #""workoutSeconds":"5","y":"#),
        (#""workoutSeconds":"#, #""workoutSeconds":true,"y":"#),
        (#""workoutSeconds":"#, #""workoutSeconds":1.,"y":"#),
        (#""workoutSeconds":"#, #""workoutSeconds":.5,"y":"#),
        (#""kcal":"#, #""kcal":null,"z":"#), (#""kcal":"#, #""kcal":"n","z":"#),
        (#""pausedSeconds":"#, #""pausedSeconds":null,"p":"#),
        (#""legs":"#, #""legs":null,"q":"#), (#""legs":["#, #""legs":[null,"#),
        (#""laps":"#, #""laps":null,"r":"#), (#""laps":["#, #""laps":[{"startSeconds":1},"#),
        (#""laps":["#, #""laps":[{"startSeconds":1,"elapsedSeconds":2,"startSeconds":3},"#),
        (#""laps":["#, #""laps":[{"startSeconds":1,"elapsedSeconds":2,"extra":{"a":[1,{"b":null}]}},"#),
        (#""sport":"#, #""sport":5,"s":"#), (#""sport":"#, #""isOpenWater":1,"sport":"#),
        (#""sport":"#, #""poolUnit":"M","sport":"#), (#""sport":"#, #""poolUnit":"ft","sport":"#),
        (#""sport":"#, #""sport2":{"deep":[[[[]]]]},"sport":"#),
        (#""kind":"#, #""kind":"Intervals","k":"#), (#""kind":"#, #""kind":"run","k":"#),
        (#""kcalSource":"#, #""kcalSource":"Device","k2":"#), (#""kcalSource":"#, #""kcalSource":null,"k2":"#),
        (#""source":{"#, #""source":{"format":"fit","#), (#""source":{"#, #""source":{"extra":[1],"#),
        (#""source":"#, #""source":null,"s2":"#), (#""sha256":"#, #""sha2":"#),
        (#""manufacturer":"#, #""manufacturer":null,"m2":"#), (#""product":"#, #""product":7,"p2":"#),
        (#""avgHeartRate":"#, #""avgHeartRate":301,"h":"#), (#""maxHeartRate":"#, #""maxHeartRate":null,"h":"#),
        (#""avgCadence":"#, #""avgCadence":-1,"c":"#), (#""ascentMeters":"#, #""ascentMeters":"5","a":"#),
        (#""movingSeconds":"#, #""movingSeconds":604801,"mv":"#), (#""sportName":"#, #""sportName":null,"sn":"#),
        (#""laps":[{"#, #""laps":[{"distanceMeters":1000001,"#),
        (#""segments":"#, #""segments":null,"sg":"#), (#""segments":["#, #""segments":[null,"#),
        (#""segments":[["#, #""segments":[[1,"#), (#""segments":[["#, #""segments":[{},["#),
        (#""segments":["#, #""segments":[["prepare","P",0,1,1],"#),
        (#""segments":["#, #""segments":[["work","W",604801,1,1],"#),
        (#""segments":["#, #""segments":[["work","W",0,1],"#),
        (#""segments":["#, #""segments":[["work","W",0,1,-1],"#),
        (#""segments":["#, #""segments":[["work","W",0,1,1,"newer",{"a":[1]}],"#),
        (#""segments":["#, #""segments":[[ "rest","R",0,1,1],"#),
        (#"["work""#, #"["Work""#), (#"["rest",""#, #"["rest",5,"#),
        (#""kind":"#, #""k\u0069nd":"multisport","kind":"#), (#""kind":"#, #""kind":"intervals","kind":"#),
        (#""kind":"#, #""\u212Aind":"intervals","kind":"#),
        (#""weightKg":"#, #""weight\#u{212A}g":70,"weightKg":"#),
        (#""timeZone":"#, #""timeZone":"Europe\/Prague","t":"#),
        (#""timeZone":"#, #""timeZone":"\u00e9\ud83c\udfc3","t":"#),
        (#""timeZone":"#, #""timeZone":"\ud83c","t":"#), (#""timeZone":"#, #""timeZone":"\x","t":"#),
        (#""localDate":"#, #""localDate":"2025-02-29","l":"#),
        (#""localDate":"#, #""localDate":"２０２５-01-01","l":"#),
        (#""utcOffsetSeconds":"#, #""utcOffsetSeconds":64801,"u":"#),
        (#""utcOffsetSeconds":"#, #""utcOffsetSeconds":3600.0,"u":"#),
        (#""start":""#, #""start":"2026-11-30T06:01:02.5Z","x1":""#),
        (#""start":""#, #""start":"2026-11-30T06:01:02.123456Z","x1":""#),
        (#""start":""#, #""start":"2026-11-30T06:01:02+01:00","x1":""#),
        (#""start":""#, #""start":"2026-11-30 06:01:02Z","x1":""#),
        (#""start":""#, #""start":"2026-02-30T06:01:02Z","x1":""#),
        (#""start":""#, #""start":"2026-11-30T24:00:00Z","x1":""#),
        (#""start":""#, #""start":"2026-11-30T23:59:60Z","x1":""#),
        (#""start":""#, #""start":"2026-11-30t06:01:02z","x1":""#),
        (#""start":""#, #""start":"1582-10-10T00:00:00Z","x1":""#),
        (#""start":""#, #""start":"1600-03-01T00:00:00Z","x1":""#),
        (#""start":""#, #""start":"9999-12-31T23:59:59Z","x1":""#),
        (#""end":""#, #""end":"1970-01-01T00:00:00Z","x2":""#),
        (#""id":""#, #""id":"not-a-uuid","x3":""#), (#""id":""#, #""id":5,"x3":""#),
        (#""id":""#, #""id":"{E621E1F8-C36C-495A-93FC-0C247A3E6E5F}","x3":""#),
        (#""id":""#, #""id":"e621e1f8-c36c-495a-93fc-0c247a3e6e5f","x3":""#),
        (#""id":""#, #""id":"E621E1F8C36C495A93FC0C247A3E6E5F","x3":""#),
        ("{", "\u{FEFF}{"), ("{", "{\"unknown\":[1,2,{\"a\":\"b\",\"a\":1}],"),
        ("{", "{\"unknown\":{\"n\":[true,false,null,-1.5e-3,\"é\\n\"]},"),
        ("{", "{\"new\":1,\"new\":2,"), ("{", "{\"nested\":" + String(repeating: "[", count: 70) + String(repeating: "]", count: 70) + ","),
        ("{", "{\"nested\":" + String(repeating: "[", count: 40) + String(repeating: "]", count: 40) + ","),
        ("{", "{,"), ("{", "{\"a\" 1,"), ("{", "{\"a\":1,,"), (",", ",\n"), ("}", "},"), ("}", "}}"), ("}", "} x"),
        ("\"", "'"), (":", ": "), ("[", "[ "), ("1", "\u{7F}"), ("a", "\u{0}"),
    ]

    /// A valid line changed by one of ``edits`` (when its pattern occurs), cut short, or with
    /// bytes replaced by invalid UTF-8.
    mutating func brokenLine() throws -> [UInt8] {
        let line = try validLine()
        switch Int.random(in: 0..<10, using: &random) {
        case 0, 1:
            let bytes = Array(line.utf8)
            return Array(bytes[0..<Int.random(in: 0..<bytes.count, using: &random)])
        case 2:
            var bytes = Array(line.utf8)
            bytes[Int.random(in: 0..<bytes.count, using: &random)] = pick([0xFF, 0xC0, 0x80, 0xED, 0xF5])
            return bytes
        default:
            let (pattern, replacement) = pick(Self.edits)
            guard let range = line.range(of: pattern) else { return Array(line.utf8) }
            return Array(line.replacingCharacters(in: range, with: replacement).utf8)
        }
    }
}

@Suite struct HistoryLineReaderTests {
    /// Over a seeded corpus of valid and broken lines, the fast reader with its fallback finds
    /// exactly the records, line texts and problems (messages, lines, columns) of the strict
    /// decoder alone; and encodes each record to the same bytes (so -0.0 and 0.0 differ).
    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func fastReaderAgreesWithStrictDecoder(seed: UInt64) throws {
        var corpus = HistoryCorpus(seed: seed)
        var file: [UInt8] = []
        for _ in 0..<1500 {
            file += corpus.chance(50) ? Array(try corpus.validLine().utf8) : try corpus.brokenLine()
            file.append(0x0A)
        }
        file += Array(try corpus.validLine().utf8.dropLast(3))  // a torn last line
        let fast = HistoryFile.scan(Data(file), path: "history.jsonl")
        let strict = HistoryFile.scanStrictly(Data(file), path: "history.jsonl")
        #expect(fast.entries.count == strict.entries.count)
        #expect(fast.problems.count == strict.problems.count)
        #expect(strict.entries.count > 750 && strict.problems.count > 300)
        #expect(fast == strict)
        for (a, b) in zip(fast.entries, strict.entries) {
            #expect(try a.record.jsonLine() == b.record.jsonLine())
        }
        for (a, b) in zip(fast.problems, strict.problems) where a != b {
            Issue.record("line \(a.line): fast \(a) / strict \(b)")
        }
    }

    /// The fast reader itself accepts the lines hiit writes (else the test above would prove
    /// nothing about it): every generated valid line without an escape.
    @Test func fastReaderAcceptsWrittenLines() throws {
        var corpus = HistoryCorpus(seed: 9)
        var accepted = 0, plain = 0
        for _ in 0..<2000 {
            let line = Array(try corpus.record().jsonLine())
            guard !line.contains(UInt8(ascii: "\\")) else { continue }
            plain += 1
            if let record = HistoryLineReader.record(line[...]) {
                accepted += 1
                #expect(record == (try HistoryFile.decodeLine(line, path: "h", lineNumber: 1)))
            }
        }
        #expect(plain > 1000)
        #expect(accepted == plain)
    }

    /// Reading without segments and laps (for the statistics) accepts exactly the lines
    /// reading with them accepts, over valid and broken lines alike (broken laps included), and
    /// gives the same record but its segments and its legs' laps; the corpus has lines with
    /// segments and laps for it to check.
    @Test(arguments: [5, 6] as [UInt64])
    func readingWithoutSegmentsAcceptsTheSameLines(seed: UInt64) throws {
        var corpus = HistoryCorpus(seed: seed)
        var withSegments = 0, withLaps = 0, refused = 0
        for _ in 0..<3000 {
            let line = corpus.chance(50) ? Array(try corpus.validLine().utf8) : try corpus.brokenLine()
            let full = HistoryLineReader.record(line[...])
            let light = HistoryLineReader.record(line[...], keepingSegments: false)
            #expect((full == nil) == (light == nil), "\(String(decoding: line, as: UTF8.self))")
            guard var expected = full else {
                refused += 1
                continue
            }
            if !expected.segments.isEmpty { withSegments += 1 }
            if expected.legs.contains(where: { !$0.laps.isEmpty }) { withLaps += 1 }
            expected.segments = []
            expected.legs = expected.legs.map { leg in
                var leg = leg
                leg.laps = []
                return leg
            }
            #expect(light == expected)
        }
        #expect(withSegments > 50 && withLaps > 50 && refused > 500)
    }

    /// A scan without segments finds the same lines, problems and stored texts, and the same
    /// records but their segments.
    @Test func scanningWithoutSegmentsKeepsEverythingElse() throws {
        var corpus = HistoryCorpus(seed: 7)
        var file: [UInt8] = []
        for _ in 0..<1000 {
            file += corpus.chance(70) ? Array(try corpus.validLine().utf8) : try corpus.brokenLine()
            file.append(0x0A)
        }
        let full = HistoryFile.scan(Data(file), path: "h.jsonl")
        let light = HistoryFile.scan(bytes: file, path: "h.jsonl", keepingSegments: false)
        #expect(light.problems == full.problems)
        #expect(light.entries.map(\.line) == full.entries.map(\.line) && light.entries.map(\.text) == full.entries.map(\.text))
        #expect(full.entries.contains { !$0.record.segments.isEmpty })
        for (a, b) in zip(light.entries, full.entries) {
            var expected = b.record
            // The strict decoder's keep theirs.
            if a.record.segments.isEmpty { expected.segments = [] }
            if a.record.legs.allSatisfy(\.laps.isEmpty) {
                expected.legs = expected.legs.map { leg in
                    var leg = leg
                    leg.laps = []
                    return leg
                }
            }
            #expect(a.record == expected)
        }
    }

    /// Dates of whole seconds from 1600 to 9999 read by hand equal Foundation's ISO 8601
    /// parsing; fractions and other forms are left to the strict decoder, which reads them
    /// as before.
    @Test func datesEqualFoundationParsing() throws {
        var random = SeededGenerator(seed: 42)
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        var lines: [String] = []
        var expected: [Date] = []
        for index in 0..<3000 {
            let seconds: Double
            switch index % 3 {
            case 0: seconds = Double(Int.random(in: -11_676_096_000...253_402_300_799, using: &random))  // 1600…9999
            case 1: seconds = Double(Int.random(in: 0...4_000_000_000, using: &random))
            default: seconds = Double(Int.random(in: 1_700_000_000...1_900_000_000, using: &random))
            }
            var text = formatter.string(from: Date(timeIntervalSince1970: seconds))
            if index % 5 == 0 {
                let digits = Int.random(in: 1...9, using: &random)
                let fraction = (0..<digits).map { _ in String(Int.random(in: 0...9, using: &random)) }.joined()
                text = String(text.dropLast()) + "." + fraction + "Z"
            }
            let record = sampleRecord()
            var line = String(decoding: try record.jsonLine(), as: UTF8.self)
            line = line.replacingOccurrences(of: #""start":"[^"]*""#, with: "\"start\":\"\(text)\"", options: .regularExpression)
            line = line.replacingOccurrences(of: #""end":"[^"]*""#, with: "\"end\":\"9999-12-31T23:59:59Z\"", options: .regularExpression)
            lines.append(line)
            expected.append(try Date.ISO8601FormatStyle(includingFractionalSeconds: text.contains(".")).parse(text))
        }
        let data = Data(lines.joined(separator: "\n").utf8)
        let fast = HistoryFile.scan(data, path: "h")
        #expect(fast == HistoryFile.scanStrictly(data, path: "h"))
        #expect(fast.problems.isEmpty)
        #expect(fast.entries.map(\.record.start) == expected)
        var byHand = 0
        for line in lines where !line.contains(".") {
            if HistoryLineReader.record(Array(line.utf8)[...]) != nil { byHand += 1 }
        }
        #expect(byHand == lines.filter { !$0.contains(".") }.count)
    }

    /// Numbers: long unrounded fractions, short ones, exponents and integers give the same
    /// `Double` (bit for bit) as the strict decoder.
    @Test func numbersEqualStrictDecoding() throws {
        var random = SeededGenerator(seed: 7)
        var lines: [String] = []
        for index in 0..<3000 {
            let value: String
            switch index % 4 {
            case 0: value = String(Double.random(in: 0...7200, using: &random))
            case 1: value = String(Int.random(in: 0...604_800, using: &random)) + "." + String(Int.random(in: 0...99_999, using: &random))
            case 2: value = "0.000" + String(Int.random(in: 1...999_999_999_999, using: &random))
            default: value = String(Int.random(in: 0...9999, using: &random)) + "e" + String(Int.random(in: -5...2, using: &random))
            }
            lines.append(try Self.sampleLine(workoutSeconds: value))
        }
        let fast = Self.scanAsBothReaders(lines)
        #expect(fast.entries.count + fast.problems.count == lines.count)
    }

    /// A history line with its numbers written as given.
    static func sampleLine(workoutSeconds: String, kcal: String? = nil) throws -> String {
        var line = String(decoding: try sampleRecord().jsonLine(), as: UTF8.self)
        line = line.replacingOccurrences(of: #""workoutSeconds":[0-9.]*"#, with: "\"workoutSeconds\":\(workoutSeconds)",
                                         options: .regularExpression)
        if let kcal {
            line = line.replacingOccurrences(of: #""kcal":[0-9.]*"#, with: "\"kcal\":\(kcal)", options: .regularExpression)
        }
        return line
    }

    /// The lines read by the fast reader (with its fallback) and by the strict decoder alone,
    /// which must agree, their numbers bit for bit.
    /// - Returns: the fast reader's scan.
    static func scanAsBothReaders(_ lines: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation) -> HistoryScan {
        let data = Data(lines.joined(separator: "\n").utf8)
        let fast = HistoryFile.scan(data, path: "h")
        let strict = HistoryFile.scanStrictly(data, path: "h")
        #expect(fast == strict, sourceLocation: sourceLocation)
        #expect(fast.entries.map(\.record.workoutSeconds.bitPattern) == strict.entries.map(\.record.workoutSeconds.bitPattern),
                sourceLocation: sourceLocation)
        #expect(fast.entries.map { $0.record.kcal?.bitPattern } == strict.entries.map { $0.record.kcal?.bitPattern },
                sourceLocation: sourceLocation)
        return fast
    }
}

extension HistoryLineReaderTests {
    /// Numbers with 16 to 25 digits, around the 2^53 and 19-digit limits of the reader's exact
    /// conversion and with up to 24 fraction digits (issue 12, item 27: the reader converts
    /// up to 2^53 itself): the same `Double`, bit for bit, as the strict decoder.
    @Test func longNumbersEqualStrictDecoding() throws {
        var random = SeededGenerator(seed: 27)
        var values = ["9007199254740992", "9007199254740993", "9007199254740991", "0.9007199254740993",
                      "0.9007199254740992", "900719.9254740993", "87.88888888888889", "468.2961111111111",
                      "0.1234567890123456789", "0.12345678901234567890", "1.0000000000000000000001",
                      "0.0000000000000000000001", "0.00000000000000000000001", "604799.9999999999999999",
                      // 20 digits that wrap a UInt64 to a small number (2^64 + 5, 2^64)
                      "18446.744073709551621", "18446.744073709551616"]
        func number(below limit: Int) -> String {
            let fraction = String((0..<Int.random(in: 1...24, using: &random)).map { _ in
                Character(String(Int.random(in: 0...9, using: &random)))
            })
            return String(Int.random(in: 0..<limit, using: &random)) + "." + fraction
        }
        for _ in 0..<3000 { values.append(number(below: 604_800)) }
        var lines: [String] = []
        for value in values {
            lines.append(try Self.sampleLine(workoutSeconds: value, kcal: number(below: 100_000)))
        }
        let fast = Self.scanAsBothReaders(lines)
        #expect(fast.entries.count > 2900, "nearly every line is a valid record")
        // And the fast reader itself reads the ones within its exact range.
        let exact = lines.filter { HistoryLineReader.record(Array($0.utf8)[...]) != nil }
        #expect(exact.count > 1000)
    }
}

@Suite struct HistoryLineReaderRulesTests {
    /// The reader's quick range check never lets through a record the rules refuse: over
    /// records with values just inside and just outside every range, `keepsRules` is true
    /// exactly when the rules find nothing.
    @Test func quickRangeCheckAgreesWithTheRules() {
        var random = SeededGenerator(seed: 11)
        func near(_ range: ClosedRange<Double>) -> Double {
            [range.lowerBound, range.upperBound, range.lowerBound - 0.001, range.upperBound + 0.5,
             (range.lowerBound + range.upperBound) / 2][Int.random(in: 0..<5, using: &random)]
        }
        let seconds = RecordLimits.seconds
        for _ in 0..<5000 {
            var record = sampleRecord()
            record.workoutSeconds = near(seconds)
            record.totalSeconds = Int.random(in: 0..<4, using: &random) == 0 ? near(seconds) : 100
            record.pausedSeconds = Int.random(in: 0..<4, using: &random) == 0 ? near(seconds) : 0
            record.rounds = [0, 100_000, 100_001, -1, 8][Int.random(in: 0..<5, using: &random)]
            record.kcal = Int.random(in: 0..<3, using: &random) == 0 ? nil : near(RecordLimits.kcal)
            record.weightKg = Int.random(in: 0..<3, using: &random) == 0 ? nil : near(Profile.weightRange)
            record.utcOffsetSeconds = [0, 64_800, -64_800, 64_801, -64_801][Int.random(in: 0..<5, using: &random)]
            // A record holds only real dates: a text that is not one is refused by the type
            // (and, in a line, by the decoder: see `fastReaderAgreesWithStrictDecoder`).
            let (dateText, isDate) = [("2026-11-30", true), ("2024-02-29", true), ("2025-02-29", false),
                                      ("2026-13-01", false), ("2026-1-01", false), ("２０２６-11-30", false)][Int.random(in: 0..<6, using: &random)]
            #expect((LocalDay(dateText) != nil) == isDate)
            if let date = LocalDay(dateText) { record.localDate = date }
            if Int.random(in: 0..<4, using: &random) == 0 { record.end = record.start.addingTimeInterval(-1) }
            if Int.random(in: 0..<2, using: &random) == 0 {
                record.legs = [LegRecord(sport: "running", startSeconds: near(seconds), elapsedSeconds: 10, timerSeconds: 10,
                                         distanceMeters: near(RecordLimits.legDistanceMeters), kcal: near(RecordLimits.kcal),
                                         laps: [LapRecord(startSeconds: 0, elapsedSeconds: near(seconds))])]
            }
            if Int.random(in: 0..<2, using: &random) == 0 {
                record.segments = [SegmentRecord(kind: .work, label: "W", startSeconds: near(seconds),
                                                 elapsedSeconds: near(seconds), timerSeconds: near(seconds))]
            }
            #expect(HistoryLineReader.keepsRules(record) == (HistoryRecordRules.violation(in: record) == nil))
        }
    }
}

extension HistoryLineReaderTests {
    /// Numbers of 17–19 digits above 2^53, the unrounded kcal of about a third of the lines
    /// hiit writes (`238.62222222222223`), read in extended precision: bit for bit what
    /// `Double(String)` reads, over shortest forms of random `Double`s, random digit strings,
    /// odd whole numbers above 2^53 (exact midpoints between two `Double`s) and decimals found
    /// (with exact fractions, at development time) to lie within half an extended-precision
    /// unit of a midpoint without being on it: rounded twice, those would come out one unit off.
    @Test func extendedPrecisionNumbersEqualDoubleParsing() {
        var values = [
            "690592.9624460315681", "601457.4372706944705", "145303.6494073083013", "162268.1601215662522",
            "74610.55902624384180", "18605.28170770246470", "915033.7283763035084", "508926.4075017850555",
            "90978.89808059429197", "696834.7920161567745", "595971.3809002015623", "518997.7853360020963",
        ]
        var random = SeededGenerator(seed: 53)
        for _ in 0..<20_000 { values.append(String(Double.random(in: 0...200_000, using: &random))) }
        for _ in 0..<20_000 {
            let digits = Int.random(in: 17...19, using: &random)
            var text = String(Int.random(in: 1...9, using: &random))
            for _ in 1..<digits { text += String(Int.random(in: 0...9, using: &random)) }
            let point = Int.random(in: 1..<digits, using: &random)
            text.insert(".", at: text.index(text.startIndex, offsetBy: point))
            values.append(text)
        }
        for _ in 0..<2000 {
            let odd = (UInt64(1) << 53) + 2 * UInt64.random(in: 0..<(1 << 50), using: &random) + 1
            values.append(String(odd) + [".0", ".00", ""][Int.random(in: 0..<3, using: &random)])
        }
        var wrong: [String] = []
        for text in values {
            guard let expected = Double(text) else { continue }
            if HistoryLineReader.number(text)?.bitPattern != expected.bitPattern { wrong.append(text) }
        }
        #expect(wrong.isEmpty, "read otherwise than Double(String): \(wrong.prefix(5))")
    }
}

extension HistoryLineReaderTests {
    /// The statistics only check a segment's and a lap's times (most without converting them):
    /// over times written every way a number can be, in range or not, valid JSON or not, a
    /// line is accepted without segments and laps exactly when it is accepted with them, and
    /// that is when the time is a number inside 0…604,800 s.
    @Test func checkedTimesAgreeWithReadTimes() throws {
        let times: [(text: String, inRange: Bool)] = [
            ("0", true), ("40", true), ("0.5", true), ("1.5", true), ("99999", true), ("99999.999", true),
            ("100000", true), ("123456", true), ("604800", true), ("604800.0", true), ("604799.9999999", true),
            ("0.0000001", true), ("1e3", true), ("1E3", true), ("1.5e-3", true), ("-0", true), ("20.000000000000001", true),
            ("604800.5", false), ("604801", false), ("1234567", false), ("12345678", false), ("1e6", false),
            ("-1", false), ("-0.5", false), ("00", false), ("01", false), ("00.5", false), ("1.", false), (".5", false),
            ("5.e1", false), ("1e", false), ("", false), ("0x10", false), ("1_0", false), ("+1", false), ("\"1\"", false),
            ("null", false), ("Infinity", false), ("1e400", false),
        ]
        var intervals = sampleRecord()
        intervals.segments = [SegmentRecord(kind: .work, label: "Burpees", startSeconds: 0, elapsedSeconds: 20, timerSeconds: 20),
                              SegmentRecord(kind: .rest, label: "Burpees", startSeconds: 20, elapsedSeconds: 10, timerSeconds: 10)]
        let segmentLine = String(decoding: try intervals.jsonLine(), as: UTF8.self)
        let multisport = longRecord(minute: 0, laps: 2)
        let lapLine = String(decoding: try multisport.jsonLine(), as: UTF8.self)
        let lap = #"{"elapsedSeconds":0.4,"startSeconds":1}"#
        #expect(segmentLine.contains(#"["rest","Burpees",20,10,10]"#) && lapLine.contains(lap))
        for (text, inRange) in times {
            let lines = [
                segmentLine.replacingOccurrences(of: #"["rest","Burpees",20,10,10]"#, with: #"["rest","Burpees",\#(text),10,10]"#),
                segmentLine.replacingOccurrences(of: #"["rest","Burpees",20,10,10]"#, with: #"["rest","Burpees",20,10,\#(text)]"#),
                lapLine.replacingOccurrences(of: lap, with: #"{"elapsedSeconds":\#(text),"startSeconds":1}"#),
                lapLine.replacingOccurrences(of: lap, with: #"{"elapsedSeconds":0.4,"startSeconds":\#(text)}"#),
            ]
            for line in lines {
                let bytes = Array(line.utf8)[...]
                let full = HistoryLineReader.record(bytes) != nil
                let light = HistoryLineReader.record(bytes, keepingSegments: false) != nil
                #expect(full == inRange && light == inRange, "\(text): read \(full), checked \(light)")
            }
        }
    }

    /// Strings are passed over eight bytes at a time up to the first byte that needs a look of
    /// its own: a label with a quote, a backslash, a control character or multi-byte UTF-8 at
    /// every position of a word reads as the strict decoder reads it (the fast reader refusing
    /// escapes and control characters, the strict one deciding), and valid UTF-8 is read by
    /// the fast reader itself.
    @Test func labelsWithSpecialBytesAnywhereReadAsStrictly() throws {
        var lines: [String] = []
        var plain = 0
        for special in ["\u{22}", "\\\\", "\\n", "\\u0041", "é", "€", "😀", "\u{7F}", "~"] {
            for position in 0..<17 {
                let label = String(repeating: "a", count: position) + special + String(repeating: "b", count: 9)
                var record = sampleRecord(workout: "W")
                record.segments = [SegmentRecord(kind: .work, label: "L", startSeconds: 0, elapsedSeconds: 20, timerSeconds: 20)]
                var line = String(decoding: try record.jsonLine(), as: UTF8.self)
                line = line.replacingOccurrences(of: #""workout":"W""#, with: #""workout":"\#(label)""#)
                line = line.replacingOccurrences(of: #"["work","L","#, with: #"["work","\#(label)","#)
                lines.append(line)
                if !special.hasPrefix("\\") && special != "\u{22}" {
                    plain += 1
                    let bytes = Array(line.utf8)[...]
                    let record = try #require(HistoryLineReader.record(bytes), "\(line)")
                    #expect(record.workout == label && record.segments.first?.label == label)
                    #expect(HistoryLineReader.record(bytes, keepingSegments: false)?.workout == label)
                }
            }
        }
        #expect(plain == 5 * 17)
        let scan = Self.scanAsBothReaders(lines)
        #expect(scan.problems.count == 17, "the bare quote ends the string early: a broken line")
    }
}

extension HistoryLineReaderTests {
    /// Ids are read eight digits at a time: random ids in upper, lower and mixed case read as
    /// Foundation reads them, and one byte changed anywhere in an id (to a non-digit next to
    /// the digit ranges, a hyphen, a space, a byte of UTF-8) is refused by the fast reader
    /// exactly when the id is no longer 32 hexadecimal digits with hyphens in their places
    /// (Foundation on Linux reads some of those, `/` as a digit: the strict path then decides).
    @Test func idsReadAsFoundationReadsThem() throws {
        var random = SeededGenerator(seed: 36)
        let line = String(decoding: try sampleRecord(id: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!).jsonLine(),
                          as: UTF8.self)
        func read(_ id: String) -> UUID? {
            let text = line.replacingOccurrences(of: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", with: id)
            return HistoryLineReader.record(Array(text.utf8)[...])?.id
        }
        for index in 0..<600 {
            let id = UUID()
            var text = id.uuidString
            if index % 3 == 1 { text = text.lowercased() }
            if index % 3 == 2 {
                text = String(text.map { Bool.random(using: &random) ? Character($0.lowercased()) : $0 })
            }
            #expect(read(text) == id, "\(text)")
        }
        var refused = 0
        let id = "09afAF09-afAF-09af-AF09-afAF09afAF09"
        #expect(read(id) == UUID(uuidString: id))
        for position in 0..<36 {
            for replacement in ["/", ":", "@", "G", "`", "g", "-", " ", "0", "f", "F", "\u{7F}", "é"] {
                var characters = Array(id)
                characters[position] = Character(replacement)
                let changed = String(characters)
                let isHexId = changed.enumerated().allSatisfy { offset, character in
                    [8, 13, 18, 23].contains(offset) ? character == "-" : character.isHexDigit && character.isASCII
                }
                if !isHexId { refused += 1 }
                #expect(read(changed) == (isHexId ? UUID(uuidString: changed) : nil), "\(changed)")
            }
        }
        #expect(refused > 300)
    }
}
