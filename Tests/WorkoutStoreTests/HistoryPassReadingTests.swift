import Foundation
import Testing
import WorkoutModel
@testable import WorkoutStore
import TestSupport

/// Whole passes over the history in chunks and in parts read at the same time (issue 12,
/// item 27): whatever the chunk and part boundaries, they find what reading the whole file at
/// once finds.
@Suite struct HistoryPassReadingTests {
    /// The ids of valid records, how many parts were merged, and every record seen.
    struct Gathered: Sendable {
        var ids: [UUID] = []
        var parts = 1
    }

    /// A history of `count` lines of every kind: records with 0–40 laps (lines of 300 bytes to
    /// 2 KB), bad JSON, a wrong type, blank lines, CRLF line ends, a record only the strict
    /// decoder reads (an escape in a string), and a torn last line.
    static func mixedHistory(_ count: Int, seed: UInt64) throws -> (text: Data, records: Int) {
        var random = SeededGenerator(seed: seed)
        var text = Data()
        var records = 0
        for n in 0..<count {
            switch Int.random(in: 0..<20, using: &random) {
            case 0: text.append(Data("not json\n".utf8))
            case 1: text.append(Data("{\"version\": 1, \"workout\": 5}\n".utf8))
            case 2: text.append(Data("  \t\r\n".utf8))
            case 3:
                // An escape: the fast reader leaves it to the strict decoder, which reads it.
                let line = String(decoding: try sampleRecord(workout: "Caf\u{E9}", minute: n).jsonLine(), as: UTF8.self)
                text.append(Data((line.replacingOccurrences(of: "Caf\u{E9}", with: "Caf\\u00e9") + "\n").utf8))
                records += 1
            default:
                var record = sampleRecord(minute: n)
                let laps = Int.random(in: 0...40, using: &random)
                if laps > 0 {
                    record.kind = .multisport
                    record.legs = [LegRecord(sport: "running", startSeconds: 0, elapsedSeconds: 600, timerSeconds: 590,
                                             distanceMeters: 5000, kcal: 300.5,
                                             laps: (0..<laps).map { LapRecord(startSeconds: Double($0 * 10), elapsedSeconds: 10) })]
                }
                text.append(try record.jsonLine())
                text.append(Data((Int.random(in: 0..<5, using: &random) == 0 ? "\r\n" : "\n").utf8))
                records += 1
            }
        }
        text.append(try sampleRecord(minute: count).jsonLine().prefix(50))  // torn last line
        return (text, records)
    }

    @Test(arguments: [1, 2, 3, 5, 8])
    func partsReadWhatOneReadingOfTheWholeFileReads(parts: Int) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let history = HistoryFile(url: folder.file("history.jsonl"))
        let (text, records) = try Self.mixedHistory(400, seed: 27)
        try text.write(to: history.url)
        let whole = HistoryFile.scan(text, path: history.url.path)
        #expect(whole.entries.count == records)

        let (value, read) = try history.readWithFingerprint(
            parts: parts, empty: { Gathered() }, add: { $0.ids.append($1.id) },
            merge: { gathered, later in
                gathered.ids += later.ids
                gathered.parts += later.parts
            })
        #expect(value.parts == parts, "the file is cut into the parts asked for")
        #expect(value.ids.sorted { $0.uuidString < $1.uuidString }
                == whole.entries.map(\.record.id).sorted { $0.uuidString < $1.uuidString })
        #expect(read.problems.map(\.description) == whole.problems.map(\.description))
        #expect(read.problems.map(\.line) == whole.problems.map(\.line))
        #expect(read.problems.last?.isUnterminated == true)
        #expect(read.problemLines.map(\.line) == whole.problems.map(\.line))
        for span in read.problemLines {
            let line = text[text.startIndex + span.offset..<text.startIndex + span.offset + span.length]
            #expect(line.last != 0x0A && (span.offset == 0 || text[text.startIndex + span.offset - 1] == 0x0A))
        }
        #expect(read.fingerprint == (try history.readWithFingerprint().fingerprint))
        #expect(read.fingerprint?.size == text.count)
        #expect(read.fingerprint?.lineEnds == text.filter { $0 == 0x0A }.count)
    }

    @Test func chunkedReadingFindsWhatReadingTheWholeFileFinds() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let history = HistoryFile(url: folder.file("history.jsonl"))
        // About 1 MB: lines cross the 256 KiB chunks at every kind of place.
        var (text, _) = try Self.mixedHistory(1600, seed: 12)
        // A record longer than a chunk (8,000 laps, 300 KB), a bad line longer than two, and
        // the torn line of mixedHistory ended so that the file ends with a long record without
        // a line end.
        let long = longRecord(minute: 90_000, laps: 8000)
        let longLine = try long.jsonLine()
        #expect(longLine.count > HistoryLineStream.chunkSize)
        text.append(0x0A)
        text.append(longLine)
        text.append(Data("\n[".utf8) + Data(repeating: UInt8(ascii: "1"), count: 600_000) + Data("\n".utf8))
        text.append(longLine)
        try text.write(to: history.url)

        let whole = HistoryFile.scan(text, path: history.url.path)
        let read = try history.readWithFingerprint()
        #expect(read.records == whole.entries.map(\.record))
        #expect(read.records.last == long)
        #expect(read.problems == whole.problems)
        #expect(read.fingerprint?.size == text.count && read.fingerprint?.endsWithNewline == false)
    }
}
