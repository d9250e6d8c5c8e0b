import ActivityFiles
import Foundation
import TestSupport
import Testing

/// What decoding one damaged file gave: an activity or the one-line refusal.
enum FITOutcome {
    case activity(RecordedActivity)
    case refused(ActivityFileError)

    init(_ bytes: [UInt8]) {
        do {
            self = .activity(try FITActivityDecoder.decode(Data(bytes)))
        } catch {
            self = .refused(error)
        }
    }

    /// Whether the outcome is well formed: a refusal is one non-empty line; an activity has
    /// sessions and one-line notes.
    var isWellFormed: Bool {
        switch self {
        case .refused(let error):
            return !error.description.isEmpty && !error.description.contains("\n")
        case .activity(let activity):
            return !activity.sessions.isEmpty && activity.notes.allSatisfy { !$0.isEmpty && !$0.contains("\n") }
        }
    }

    var pointCount: Int {
        if case .activity(let activity) = self { return activity.sessions.reduce(0) { $0 + $1.points.count } }
        return 0
    }
}

@Suite("Damaged FIT files never crash or hang: a value or one error line")
struct FITFuzzTests {
    @Test("truncated at every byte: a malformed header, no activity yet, or what came before with where it stopped")
    func everyTruncation() {
        let file = fitRide().file()
        let complete = FITOutcome(file).pointCount
        #expect(complete == 11)
        var previous = 0
        for length in 0..<(file.count - 2) {
            let outcome = FITOutcome(Array(file[..<length]))
            #expect(outcome.isWellFormed, "length \(length)")
            switch outcome {
            case .refused(.malformed):
                #expect(length < 14, "length \(length)")
            case .refused(.noActivity):
                #expect(previous == 0, "length \(length)")
            case .refused(let error):
                Issue.record("length \(length): \(error)")
            case .activity(let activity):
                #expect(activity.notes.last?.hasPrefix("stopped at byte ") == true, "length \(length)")
            }
            // what is sound is kept: a longer prefix never has fewer points
            #expect(outcome.pointCount >= previous, "length \(length)")
            previous = outcome.pointCount
        }
        #expect(previous == complete)
    }

    @Test("a large file truncated at 80 seeded points keeps the records before each cut")
    func largeTruncations() throws {
        let file = [UInt8](try fitFixture("triathlon.fit"))
        var generator = SeededGenerator(seed: 13)
        for _ in 0..<80 {
            let length = Int.random(in: 14..<file.count, using: &generator)
            let outcome = FITOutcome(Array(file[..<length]))
            #expect(outcome.isWellFormed, "length \(length)")
            if case .activity(let activity) = outcome {
                #expect(activity.notes.count == 1, "length \(length)")
                #expect(outcome.pointCount <= 4995)
            }
        }
    }

    @Test("seeded bit flips anywhere: always a value or one error line", arguments: [UInt64(1), 2, 3, 4])
    func bitFlips(seed: UInt64) throws {
        let files = [fitRide().file(), [UInt8](try fitFixture("run_laps.fit").prefix(4_000))]
        var generator = SeededGenerator(seed: seed)
        for iteration in 0..<750 {
            var bytes = files[iteration % files.count]
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let index = Int.random(in: 0..<bytes.count, using: &generator)
                bytes[index] ^= UInt8(1) << UInt8.random(in: 0..<8, using: &generator)
            }
            #expect(FITOutcome(bytes).isWellFormed, "seed \(seed) iteration \(iteration)")
        }
    }

    @Test("seeded extreme bytes (0x00, 0xFF, 0x7F, 0x80) over sizes, counts and headers: always a value or one error line")
    func extremeBytes() {
        let file = fitRide().file()
        var generator = SeededGenerator(seed: 27)
        let extremes: [UInt8] = [0x00, 0xFF, 0x7F, 0x80, 0x40, 0x60, 0xE0]
        for iteration in 0..<2_000 {
            var bytes = file
            for _ in 0..<Int.random(in: 1...6, using: &generator) {
                bytes[Int.random(in: 0..<bytes.count, using: &generator)] = extremes.randomElement(using: &generator) ?? 0
            }
            #expect(FITOutcome(bytes).isWellFormed, "iteration \(iteration)")
        }
    }

    @Test("huge declared sizes and counts: a definition of 255 fields of 255 bytes and 255 developer fields, a data size of 4 GiB")
    func hugeCounts() {
        var header: [UInt8] = [12, 0x20, 0x54, 0x08, 0xFF, 0xFF, 0xFF, 0xFF] + Array(".FIT".utf8)
        // a definition message with the developer flag, 255 fields of 255 bytes, cut short
        header += [0x60, 0, 0, 20, 0, 255] + [UInt8](repeating: 0xFF, count: 100)
        let outcome = FITOutcome(header)
        #expect(outcome.isWellFormed)
        guard case .refused(.noActivity) = outcome else {
            Issue.record("expected no activity, got \(outcome)")
            return
        }

        // a complete such definition followed by a message much longer than the file
        var writer = FITFixtureWriter()
        writer.message(0, FITFixture.fileID())
        writer.message(20, local: 1, FITFixture.record(at: fitStart, heartRate: 99))
        let offset = 14 + writer.records.count
        writer.records += [0x62, 0, 0, 20, 0, 255]
        for index in 0..<255 { writer.records += [UInt8(index), 255, 0x0D] }
        writer.records += [255] + [UInt8](repeating: 255, count: 255 * 3)
        writer.records += [0x02, 1, 2, 3]
        let big = FITOutcome(writer.file())
        guard case .activity(let activity) = big else {
            Issue.record("expected the first record, got \(big)")
            return
        }
        #expect(activity.sessions[0].points.map(\.heartRate) == [99])
        let messageStart = offset + 6 + 255 * 3 + 1 + 255 * 3
        #expect(activity.notes == ["stopped at byte \(messageStart): a record message runs past the declared data size"])
    }

    @Test("64-bit values where the profile has 16 bits: lap indexes, strokes and local times out of range are not used")
    func wideValues() throws {
        var writer = FITFixtureWriter()
        writer.message(0, FITFixture.fileID())
        writer.message(101, local: 1, FITFixture.length(start: fitStart, seconds: 30).map {
            $0.number == 5 ? FITFixtureField(5, .uint64, -2) : $0
        })
        writer.message(19, local: 2, FITFixture.summary(lap: true, start: fitStart, elapsed: 30))
        writer.message(18, local: 3, FITFixture.summary(start: fitStart, elapsed: 30, sport: 5).map {
            $0.number == 25 || $0.number == 26 ? FITFixtureField($0.number, .uint64, -2) : $0
        })
        writer.message(34, local: 4, [FITFixtureField(253, .uint32, FITFixture.time(fitStart + 30)), FITFixtureField(5, .uint64, -2)])
        let activity = try FITActivityDecoder.decode(Data(writer.file()))
        #expect(activity.sessions[0].laps.count == 1)
        #expect(activity.sessions[0].lengths.map(\.strokes) == [nil])
        #expect(activity.utcOffsetSeconds == nil)
    }

    @Test("random bytes after a FIT header: always a value or one error line")
    func randomData() {
        var generator = SeededGenerator(seed: 99)
        for iteration in 0..<500 {
            let count = Int.random(in: 0..<600, using: &generator)
            var bytes: [UInt8] = [14, 0x20, 0x54, 0x08]
            let declared = UInt32.random(in: 0...UInt32(count + 10), using: &generator)
            bytes += (0..<4).map { UInt8(truncatingIfNeeded: declared >> (8 * UInt32($0))) }
            bytes += Array(".FIT".utf8) + [0, 0]
            bytes += (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
            #expect(FITOutcome(bytes).isWellFormed, "iteration \(iteration)")
        }
    }
}
