import Foundation
import Testing
import WorkoutModel
@testable import WorkoutStore
import TestSupport

/// A history line as `jsonLine()` writes it, with one piece of text replaced.
private func editedLine(_ from: String, _ to: String, record: SessionRecord = sampleRecord()) -> String {
    String(decoding: (try? record.jsonLine()) ?? Data(), as: UTF8.self).replacingOccurrences(of: from, with: to)
}

/// The 1-based column of the first `text` in `line`.
private func column(of text: String, in line: String) -> Int {
    guard let range = line.range(of: text) else { return -1 }
    return line.unicodeScalars.distance(from: line.unicodeScalars.startIndex, to: range.lowerBound) + 1
}

/// The 1-based column of the value written after `key` (`"weightKg":`) in `line`: the key is
/// searched, not the value, which the line's random id may also hold (`…4000…`).
private func column(ofValueAfter key: String, in line: String) -> Int {
    let at = column(of: key, in: line)
    return at < 0 ? -1 : at + key.unicodeScalars.count
}

/// Bad history files: each gives a clear, located message and is never changed by reading,
/// listing, deleting another session or importing sessions already present.
@Suite struct HistoryBadFileTests {
    /// One bad line (with a good line before it) and what the message must say, with `PATH`
    /// for the file's path.
    static let cases: [(name: String, line: Data, message: String)] = {
        let newer = editedLine("\"version\":1", "\"version\":2")
        let wrongType = editedLine("\"workoutSeconds\":160", "\"workoutSeconds\":\"2:40\"")
        let negative = editedLine("\"totalSeconds\":230", "\"totalSeconds\":-230")
        let huge = editedLine("\"rounds\":8", "\"rounds\":1e300")
        let offset = editedLine("\"utcOffsetSeconds\":3600", "\"utcOffsetSeconds\":100000")
        let weight = editedLine("\"weightKg\":70", "\"weightKg\":4000")
        let date = editedLine("\"localDate\":\"2026-11-30\"", "\"localDate\":\"2026-02-30\"")
        let backwards = editedLine("\"end\":\"2026-", "\"end\":\"2025-")
        let torn = String(editedLine("", "").prefix(120))
        return [
            ("a newer version", Data(newer.utf8),
             "PATH, line 2: version 2 is not supported (this hiit reads version 1; a newer hiit wrote it)"),
            ("a wrong type", Data(wrongType.utf8),
             "PATH, line 2, column \(column(of: "\"2:40\"", in: wrongType)): workoutSeconds: expected a number, found the string \"2:40\""),
            ("a negative duration", Data(negative.utf8),
             "PATH, line 2, column \(column(ofValueAfter: "\"totalSeconds\":", in: negative)): totalSeconds: -230 is outside 0–604800 seconds (7 days)"),
            ("a count too large for any integer", Data(huge.utf8),
             "PATH, line 2, column \(column(ofValueAfter: "\"rounds\":", in: huge)): rounds: expected a whole number, found the number 1e300"),
            ("an offset no zone has", Data(offset.utf8),
             "PATH, line 2, column \(column(ofValueAfter: "\"utcOffsetSeconds\":", in: offset)): utcOffsetSeconds: 100000 is outside -64800–64800 seconds (UTC±18:00)"),
            ("an impossible weight", Data(weight.utf8),
             "PATH, line 2, column \(column(ofValueAfter: "\"weightKg\":", in: weight)): weightKg: 4000 is outside 20–400 kg"),
            ("a day that does not exist", Data(date.utf8),
             "PATH, line 2, column \(column(of: "\"2026-02-30\"", in: date)): localDate: \"2026-02-30\" is not a date YYYY-MM-DD"),
            ("an end before the start", Data(backwards.utf8),
             "PATH, line 2, column \(column(of: "\"2025-", in: backwards)): end: the end is before the start"),
            ("invalid UTF-8", Data("{\"workout\": \"caf".utf8) + Data([0xE9]) + Data("\"}".utf8),
             "PATH, line 2, column 17: not UTF-8 text (byte 0xE9); save the file as UTF-8"),
            ("a truncated last line", Data(torn.utf8),
             "PATH, line 2, column 120: JSON syntax error: a string is not closed: it starts here and the text ends before its closing '\"' (the last line has no line end: it was probably cut off while being written)"),
        ]
    }()

    @Test(arguments: cases.indices)
    func aBadLineIsNamedAndTheFileIsNeverChanged(index: Int) throws {
        let (name, bad, message) = Self.cases[index]
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let history = HistoryFile(url: folder.file("history.jsonl"))
        let good = sampleRecord(workout: "Good")
        var content = try good.jsonLine() + Data([0x0A]) + bad
        if !name.contains("truncated") { content.append(0x0A) }
        try content.write(to: history.url)

        let contents = try history.read()
        #expect(contents.records == [good], "\(name)")
        #expect(contents.problems.map(\.description) == [message.replacingOccurrences(of: "PATH", with: history.url.path)],
                "\(name)")
        #expect(try history.removeSessions(withID: UUID()).isEmpty)
        #expect(try history.appendNew([good]).appended.isEmpty)
        #expect(try Data(contentsOf: history.url) == content, "\(name): the file must not change")
    }

    @Test func tenMegabytesOfJunkAreReportedQuicklyAndLeftAlone() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let history = HistoryFile(url: folder.file("history.jsonl"))
        var generator = SeededGenerator(seed: 2026)
        let junk = randomBytes(10 * 1024 * 1024, using: &generator)
        try junk.write(to: history.url)
        let clock = ContinuousClock()
        let started = clock.now
        let scan = try history.scan()
        #expect(clock.now - started < .seconds(10))
        #expect(scan.entries.isEmpty)
        #expect(!scan.problems.isEmpty)
        #expect(scan.problems.allSatisfy { $0.description.hasPrefix(history.url.path + ", line ") })
        #expect(scan.problems.allSatisfy { !$0.description.contains("\n") })
        #expect(try history.removeSessions(withID: UUID()).isEmpty)
        #expect(try Data(contentsOf: history.url) == junk)
    }
}

/// The range rules on their own, including legs and laps.
@Suite struct HistoryRecordRulesTests {
    @Test func aRecordAsTheTimerWritesItKeepsEveryRule() {
        #expect(HistoryRecordRules.violation(in: sampleRecord()) == nil)
        var noWeight = sampleRecord()
        noWeight.weightKg = nil
        noWeight.kcal = nil
        #expect(HistoryRecordRules.violation(in: noWeight) == nil)
    }

    /// Each message names the value and the range it breaks, in the record's units.
    @Test func countsAndEnergyOutsideTheirRangesAreNamedWithTheRange() {
        var record = sampleRecord()
        record.rounds = 100_001
        #expect(HistoryRecordRules.violation(in: record) == .init(path: [.key("rounds")], reason: "100001 is outside 0–100000"))
        record.rounds = 8
        record.exercises = -1
        #expect(HistoryRecordRules.violation(in: record) == .init(path: [.key("exercises")], reason: "-1 is outside 0–100000"))
        record.exercises = 1
        record.kcal = 250_000.5
        #expect(HistoryRecordRules.violation(in: record) == .init(path: [.key("kcal")], reason: "250000.5 is outside 0–100000 kcal"))
        record.kcal = 27.6
        record.weightKg = 19.5
        #expect(HistoryRecordRules.violation(in: record) == .init(path: [.key("weightKg")], reason: "19.5 is outside 20–400 kg"))
    }

    @Test func legAndLapValuesAreCheckedWithTheirPlace() {
        var record = sampleRecord()
        record.legs = [
            LegRecord(sport: "running", startSeconds: 0, elapsedSeconds: 60, timerSeconds: 60, distanceMeters: 200,
                      kcal: 10, laps: []),
            LegRecord(sport: "swimming", startSeconds: 60, elapsedSeconds: 60, timerSeconds: 60, distanceMeters: 5e6,
                      kcal: 10, laps: [LapRecord(startSeconds: 60, elapsedSeconds: -1)]),
        ]
        #expect(HistoryRecordRules.violation(in: record)
            == .init(path: [.key("legs"), .index(1), .key("distanceMeters")], reason: "5000000 is outside 0–1000000 m"))
        record.legs[1].distanceMeters = 750
        #expect(HistoryRecordRules.violation(in: record)
            == .init(path: [.key("legs"), .index(1), .key("laps"), .index(0), .key("elapsedSeconds")],
                     reason: "-1 is outside 0–604800 seconds (7 days)"))
    }

    /// Issue 11, item 4: a line may hold at most 100 legs and 10,000 laps a leg; the fast reader
    /// and the rules agree on both bounds, and the line is skipped with the count and the bound.
    @Test func legsAndLapsAreBounded() throws {
        let leg = LegRecord(sport: "running", startSeconds: 0, elapsedSeconds: 1, timerSeconds: 1, distanceMeters: nil,
                            kcal: nil, laps: [])
        var record = sampleRecord()
        record.legs = Array(repeating: leg, count: RecordLimits.legsPerSession)
        #expect(HistoryRecordRules.violation(in: record) == nil)
        #expect(HistoryLineReader.keepsRules(record))
        record.legs.append(leg)
        #expect(HistoryRecordRules.violation(in: record) == .init(path: [.key("legs")], reason: "101 legs; a session has at most 100"))
        #expect(!HistoryLineReader.keepsRules(record))

        var laps = leg
        laps.laps = Array(repeating: LapRecord(startSeconds: 0, elapsedSeconds: 1), count: RecordLimits.lapsPerLeg + 1)
        record.legs = [leg, laps]
        #expect(HistoryRecordRules.violation(in: record)
            == .init(path: [.key("legs"), .index(1), .key("laps")], reason: "10001 laps; a leg has at most 10000"))
        #expect(!HistoryLineReader.keepsRules(record))
        let scan = HistoryFile.scan(try jsonLines([record]), path: "h.jsonl")
        #expect(scan.entries.isEmpty)
        #expect(scan.problems.first.map { "\($0.error)" }?.hasSuffix("legs[1].laps: 10001 laps; a leg has at most 10000") == true)
    }

    /// An interval session's segments: at most 10,000, each time in 0–7 days; the rules name
    /// the segment and the value, the fast reader agrees, and the line is skipped with them.
    @Test func segmentsAreBoundedAndCheckedWithTheirPlace() throws {
        let work = SegmentRecord(kind: .work, label: "Burpees", startSeconds: 0, elapsedSeconds: 20, timerSeconds: 20)
        var record = sampleRecord()
        record.segments = Array(repeating: work, count: RecordLimits.segmentsPerSession)
        #expect(HistoryRecordRules.violation(in: record) == nil)
        #expect(HistoryLineReader.keepsRules(record))
        record.segments.append(work)
        #expect(HistoryRecordRules.violation(in: record)
            == .init(path: [.key("segments")], reason: "10001 segments; a session has at most 10000"))
        #expect(!HistoryLineReader.keepsRules(record))

        var late = work
        late.timerSeconds = -0.5
        record.segments = [work, late]
        #expect(HistoryRecordRules.violation(in: record)
            == .init(path: [.key("segments"), .index(1), .index(4)], reason: "timer -0.5 is outside 0–604800 seconds (7 days)"))
        #expect(!HistoryLineReader.keepsRules(record))
        let scan = HistoryFile.scan(try jsonLines([record]), path: "h.jsonl")
        #expect(scan.entries.isEmpty)
        #expect(scan.problems.first.map { "\($0.error)" }?.hasSuffix("segments[1][4]: timer -0.5 is outside 0–604800 seconds (7 days)") == true)

        // A good line with segments is read by the fast reader itself, equal to the strict decoder.
        record.segments = [work, SegmentRecord(kind: .rest, label: "Rest", startSeconds: 20, elapsedSeconds: 12.5, timerSeconds: 10)]
        let line = Array(try record.jsonLine())
        let fast = line.withUnsafeBufferPointer { HistoryLineReader.record($0) }
        #expect(fast == record)
        #expect(fast == (try HistoryFile.decodeLine(line, path: "h", lineNumber: 1)))
    }

    /// A record without segments is written as before they existed: no `segments` key; a
    /// segment is an array of its five values.
    @Test func aRecordWithoutSegmentsHasNoSegmentsKey() throws {
        let text = String(decoding: try sampleRecord().jsonLine(), as: UTF8.self)
        #expect(!text.contains("segments"))
        var record = sampleRecord()
        record.segments = [SegmentRecord(kind: .coolDown, label: "Cool-down", startSeconds: 230, elapsedSeconds: 60, timerSeconds: 60)]
        let withSegments = String(decoding: try record.jsonLine(), as: UTF8.self)
        #expect(withSegments.contains(#""segments":[["coolDown","Cool-down",230,60,60]]"#))
        // A newer hiit's sixth value is read past, by the strict decoder.
        let newer = Array(withSegments.replacingOccurrences(of: "60,60]]", with: "60,60,\"x\"]]").utf8)
        #expect(newer.withUnsafeBufferPointer { HistoryLineReader.record($0) } == nil)
        #expect(try HistoryFile.decodeLine(newer, path: "h", lineNumber: 1).segments == record.segments)
    }

    /// Issue 11, item 4: the fast reader leaves an object with many unknown keys to the strict
    /// decoder, which reads it (a newer hiit's keys are kept, not refused).
    @Test func manyUnknownKeysAreReadByTheStrictDecoder() throws {
        var text = String(decoding: try sampleRecord().jsonLine(), as: UTF8.self)
        text.removeLast()
        for index in 0..<(HistoryLineReader.maximumUnknownKeys + 10) { text += ",\"k\(index)\":\(index)" }
        text += "}"
        let line = Array(text.utf8)
        #expect(line.withUnsafeBufferPointer { HistoryLineReader.record($0) } == nil, "the fast reader gives up")
        let scan = HistoryFile.scan(Data(line + [0x0A]), path: "h.jsonl")
        #expect(scan.entries.count == 1)
        #expect(scan.problems.isEmpty)
    }
}
