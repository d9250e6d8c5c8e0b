import ActivityFiles
import Foundation
import Testing
import Tracks

@Suite("FIT files as devices write them: byte orders, compressed times, developer fields, imperfect ends")
struct FITQuirksTests {
    @Test("big-endian definitions decode to the same activity as little-endian ones")
    func bigEndian() throws {
        var writer = FITFixtureWriter(bigEndian: true)
        writer.message(0, FITFixture.fileID())
        writer.message(20, local: 1, FITFixture.record(at: fitStart, latitude: -33.9, longitude: 151.2, altitude: 58,
                                                         distance: 1234.56, heartRate: 150, cadence: 88, speed: 4.125))
        writer.message(18, local: 3, FITFixture.summary(start: fitStart, elapsed: 3725.5, timer: 3600.25, distance: 40_123.45,
                                                         sport: 2, kcal: 812, maximumSpeed: 15.5))
        var little = FITFixtureWriter()
        little.message(0, FITFixture.fileID())
        little.message(20, local: 1, FITFixture.record(at: fitStart, latitude: -33.9, longitude: 151.2, altitude: 58,
                                                         distance: 1234.56, heartRate: 150, cadence: 88, speed: 4.125))
        little.message(18, local: 3, FITFixture.summary(start: fitStart, elapsed: 3725.5, timer: 3600.25, distance: 40_123.45,
                                                         sport: 2, kcal: 812, maximumSpeed: 15.5))
        #expect(writer.records != little.records)
        let activity = try decodeFIT(writer.file())
        #expect(activity == (try decodeFIT(little.file())))
        let session = activity.sessions[0]
        #expect(session.totals.elapsedSeconds == 3725.5)
        #expect(session.totals.timerSeconds == 3600.25)
        #expect(session.totals.distanceMeters == 40_123.45)
        #expect(session.totals.kcal == 812)
        #expect(session.totals.maximumSpeedMetersPerSecond == 15.5)
        #expect(session.points[0].distanceMeters == 1234.56)
        #expect(session.points[0].speedMetersPerSecond == 4.125)
        #expect(abs((session.points[0].latitude ?? 0) + 33.9) < 1e-7)
        #expect(abs((session.points[0].longitude ?? 0) - 151.2) < 1e-7)
    }

    @Test("compressed-timestamp headers: a 5-bit offset against the last full timestamp, rolling over every 32 s")
    func compressedTimestamps() throws {
        var writer = FITFixtureWriter()
        writer.message(0, FITFixture.fileID())
        let first = fitStart + 29  // FIT time ≡ 29 (mod 32)
        writer.message(20, local: 0, FITFixture.record(at: first, heartRate: 100))
        let values = FITFixture.recordValues(heartRate: 101)
        writer.define(local: 1, global: 20, fields: values)
        // +1 (30), +2 (31), +3 (0: rolled over), +4 (1), then a gap to +20 (17) and +40 (5: rolled over again)
        for step: Int64 in [1, 2, 3, 4, 20, 40] {
            writer.write(local: 1, values, timeOffset: UInt32((FITFixture.time(first + step)) & 0x1F))
        }
        let points = try decodeFIT(writer.file()).sessions[0].points
        #expect(points.map(\.time) == [0, 1, 2, 3, 4, 20, 40].map { fitDate(first + $0) })
        #expect(points.map(\.heartRate) == [100, 101, 101, 101, 101, 101, 101])
    }

    @Test("developer data fields are skipped by their size; field descriptions do not disturb the rest")
    func developerFields() throws {
        var writer = FITFixtureWriter()
        writer.message(0, FITFixture.fileID())
        // developer_data_id (207) and field_description (206) for a 4-byte "power2" field
        writer.message(207, local: 7, [FITFixtureField(3, .uint8, 0), FITFixtureField(2, .uint16, 255)])
        writer.message(206, local: 8, [FITFixtureField(0, .uint8, 0), FITFixtureField(1, .uint8, 0), FITFixtureField(2, .uint8, 0x86),
                                       FITFixtureField(3, text: "power2", size: 8)])
        let values = FITFixture.record(at: fitStart, heartRate: 140, speed: 3)
        writer.define(local: 1, global: 20, fields: values, developer: [(number: 0, size: 4, index: 0), (number: 1, size: 3, index: 0)])
        for second in Int64(0)..<3 {
            writer.write(local: 1, FITFixture.record(at: fitStart + second, heartRate: 140 + second, speed: 3),
                         developerBytes: [0xFF, 0x01, 0x02, 0x03, 0xAA, 0xBB, 0xCC])
        }
        writer.message(18, local: 3, FITFixture.summary(start: fitStart, elapsed: 2, sport: 1))
        let activity = try decodeFIT(writer.file())
        #expect(activity.notes == [])
        #expect(activity.sessions[0].points.map(\.heartRate) == [140, 141, 142])
        #expect(activity.sessions[0].points.map(\.speedMetersPerSecond) == [3, 3, 3])
        #expect(activity.sessions[0].sport == .running)
    }

    @Test("invalid values per base type are absent, not numbers")
    func invalidValues() throws {
        var writer = FITFixtureWriter()
        writer.message(0, FITFixture.fileID(manufacturer: nil, product: nil))
        writer.message(20, local: 1, FITFixture.record(at: fitStart))  // every value invalid
        writer.message(20, local: 1, FITFixture.record(at: fitStart + 1, latitude: 10, longitude: nil, heartRate: 0))
        writer.message(18, local: 3, FITFixture.summary(start: fitStart, elapsed: 1, sport: nil))
        let activity = try decodeFIT(writer.file())
        #expect(activity.device == nil)
        #expect(activity.sessions[0].points == [TrackPoint(time: fitDate(fitStart)), TrackPoint(time: fitDate(fitStart + 1), heartRate: 0)])
        #expect(activity.sessions[0].totals == RecordedTotals(elapsedSeconds: 1, timerSeconds: 1))
        #expect(activity.sessions[0].sport == .other)
        #expect(activity.sessions[0].sportName == "generic")
    }

    @Test("a 12-byte header, and a 14-byte header whose CRC is 0, read as the 14-byte header with its CRC")
    func headers() throws {
        let writer = fitRide()
        let reference = try decodeFIT(writer.file())
        #expect(try decodeFIT(writer.file(headerSize: 12)) == reference)
        #expect(try decodeFIT(writer.file(headerCRC: false)) == reference)
    }

    @Test("a wrong header CRC and a wrong file CRC: imported anyway, and said")
    func badCRCs() throws {
        let writer = fitRide()
        let reference = try decodeFIT(writer.file())
        var file = writer.file()
        file[file.count - 1] ^= 0x5A
        var damaged = try decodeFIT(file)
        #expect(damaged.notes == ["CRC mismatch: imported anyway"])
        damaged.notes = []
        #expect(damaged == reference)

        var header = writer.file()
        header[12] ^= 0x01
        #expect(try decodeFIT(header).notes == ["header CRC mismatch: imported anyway", "CRC mismatch: imported anyway"])
    }

    @Test("several FIT files chained in one are one activity; each has its own header, definitions and CRC")
    func chained() throws {
        var first = FITFixtureWriter()
        first.message(0, FITFixture.fileID())
        for second in Int64(0)..<5 { first.message(20, local: 1, FITFixture.record(at: fitStart + second, heartRate: 100 + second)) }
        var second = FITFixtureWriter(bigEndian: true)
        second.message(0, FITFixture.fileID())
        for index in Int64(5)..<10 { second.message(20, local: 2, FITFixture.record(at: fitStart + index, heartRate: 100 + index)) }
        second.message(18, local: 3, FITFixture.summary(start: fitStart, elapsed: 9, sport: 1))
        let activity = try decodeFIT(first.file() + second.file(headerSize: 12))
        #expect(activity.notes == [])
        #expect(activity.sessions.count == 1)
        #expect(activity.sessions[0].points.map(\.heartRate) == (100...109).map(Double.init))

        // the second file's bad CRC is said; so are definitions that do not carry over
        var broken = second.file()
        broken[broken.count - 2] ^= 0xFF
        let secondStart = first.file().count
        let notes = try decodeFIT(first.file() + broken).notes
        #expect(notes == ["CRC mismatch: imported anyway"])
        var orphan = FITFixtureWriter()
        orphan.write(local: 1, FITFixture.record(at: fitStart + 9))
        #expect(try decodeFIT(first.file() + orphan.file()).notes
            == ["stopped at byte \(secondStart + 14): local message 1 is used before it is defined"])
    }

    @Test("bytes after the last file that are not a FIT file are ignored and said")
    func trailingBytes() throws {
        let writer = fitRide()
        let reference = try decodeFIT(writer.file())
        var padded = try decodeFIT(writer.file() + [0, 0, 0, 0x2E, 0x46, 0x49, 0x54])
        #expect(padded.notes == ["7 bytes past the declared data size ignored"])
        padded.notes = []
        #expect(padded == reference)
        #expect(try decodeFIT(writer.file() + [0]).notes == ["1 byte past the declared data size ignored"])
    }

    @Test("a truncated end: what came before is kept, and where it stopped is said")
    func truncated() throws {
        var writer = FITFixtureWriter()
        writer.message(0, FITFixture.fileID())
        for second in Int64(0)..<6 { writer.message(20, local: 1, FITFixture.record(at: fitStart + second, heartRate: 120)) }
        let cut = 14 + writer.records.count
        writer.message(20, local: 1, FITFixture.record(at: fitStart + 6, heartRate: 121))
        writer.message(18, local: 3, FITFixture.summary(start: fitStart, elapsed: 6, sport: 2))
        let file = writer.file()
        let activity = try decodeFIT(Array(file[..<(cut + 5)]))
        #expect(activity.notes == ["stopped at byte \(cut): the file ends inside a record message"])
        #expect(activity.sessions.count == 1)
        #expect(activity.sessions[0].points.count == 6)
        #expect(activity.sessions[0].totals == RecordedTotals())

        let atBoundary = try decodeFIT(Array(file[..<cut]))
        #expect(atBoundary.notes == ["stopped at byte \(cut): the file ends before its declared data size"])
        #expect(atBoundary.sessions[0].points.count == 6)
    }

    @Test("an undefined local message in the middle: decoding stops there and keeps what is sound")
    func undefinedLocal() throws {
        var writer = FITFixtureWriter()
        writer.message(0, FITFixture.fileID())
        for second in Int64(0)..<4 { writer.message(20, local: 1, FITFixture.record(at: fitStart + second, heartRate: 120)) }
        let offset = 14 + writer.records.count
        writer.records += [0x09, 0x12, 0x34]
        writer.message(20, local: 1, FITFixture.record(at: fitStart + 4, heartRate: 120))
        let activity = try decodeFIT(writer.file())
        #expect(activity.notes == ["stopped at byte \(offset): local message 9 is used before it is defined"])
        #expect(activity.sessions[0].points.count == 4)
    }

    @Test("a header that declares no data size (a file never closed): the records that follow are read")
    func noDataSize() throws {
        var writer = FITFixtureWriter()
        writer.message(0, FITFixture.fileID())
        for second in Int64(0)..<3 { writer.message(20, local: 1, FITFixture.record(at: fitStart + second, heartRate: 130)) }
        var file = writer.file(headerSize: 12)
        file.removeLast(2)  // no CRC either
        file[4...7] = [0, 0, 0, 0]
        let activity = try decodeFIT(file)
        #expect(activity.notes == ["the header declares no data size: read to the end of the file"])
        #expect(activity.sessions[0].points.count == 3)
    }

    @Test("a header that is not FIT is malformed, with what is wrong")
    func malformed() {
        var file = fitRide().file()
        file[0] = 13
        #expect(throws: ActivityFileError.malformed(detail: "FIT header size 13 is neither 12 nor 14")) {
            try FITActivityDecoder.decode(Data(file))
        }
    }
}
