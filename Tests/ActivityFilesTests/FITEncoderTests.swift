@testable import ActivityFiles
import Foundation
import Testing
import Tracks
import WorkoutModel

/// The global numbers of every data message of `bytes`, in file order (read by our reader).
func messageNumbers(_ bytes: [UInt8]) throws -> [UInt16] {
    var numbers: [UInt16] = []
    let warnings = try FITReader.read(bytes) { numbers.append($0.globalNumber) }
    #expect(warnings == [])
    return numbers
}

@Suite("The FIT encoder's bytes: header, definitions, values, CRCs")
struct FITEncoderTests {
    @Test("the 14-byte header: size, protocol 2.0, profile 21.170, data size, .FIT, header CRC")
    func header() {
        let header = FITWriter.header(dataSize: 0x1234, profileVersion: 21_170)
        #expect(header == [14, 0x20, 0xB2, 0x52, 0x34, 0x12, 0x00, 0x00, 0x2E, 0x46, 0x49, 0x54, 0xEF, 0xDD])
        // the CRC computed bit by bit, independently of the table
        #expect(FITFixtureWriter.crc(Array(header[..<12])) == 0xDDEF)
    }

    @Test("CRCs of known byte strings (values from Garmin's SDK crc_calculator)", arguments: [
        ("hiit FIT", UInt16(0xC09B)), ("123456789", 0xBB3D), ("", 0),
    ])
    func crc(text: String, expected: UInt16) {
        let bytes = Array(text.utf8)
        #expect(FITCRC.checksum(bytes, 0..<bytes.count) == expected)
        #expect(FITFixtureWriter.crc(bytes) == expected)
    }

    @Test("an encoded file: its header declares the data between header and CRC; both CRCs hold")
    func fileFrame() throws {
        let bytes = [UInt8](FITActivityEncoder.encode(exportTabata()))
        #expect(bytes[0] == 14)
        #expect(bytes[1] == 0x20)
        #expect(UInt16(bytes[2]) | UInt16(bytes[3]) << 8 == FITActivityEncoder.profileVersion)
        let dataSize = Int(bytes[4]) | Int(bytes[5]) << 8 | Int(bytes[6]) << 16 | Int(bytes[7]) << 24
        #expect(dataSize == bytes.count - 16)
        #expect(Array(bytes[8..<12]) == Array(".FIT".utf8))
        let headerCRC = UInt16(bytes[12]) | UInt16(bytes[13]) << 8
        #expect(headerCRC == FITFixtureWriter.crc(Array(bytes[..<12])))
        let fileCRC = UInt16(bytes[bytes.count - 2]) | UInt16(bytes[bytes.count - 1]) << 8
        #expect(fileCRC == FITFixtureWriter.crc(Array(bytes[..<(bytes.count - 2)])))
    }

    @Test("a definition message: header 0x40 | developer flag | local, reserved, little-endian, global, fields, developer fields")
    func definitionBytes() {
        let layout = FITLayout(globalNumber: 20, fields: [
            FITLayout.Field(number: 253, size: 4, baseType: 0x86), FITLayout.Field(number: 3, size: 1, baseType: 0x02),
        ], developerFields: [FITLayout.DeveloperField(number: 9, size: 2, developerIndex: 0)])
        #expect(FITWriter.definition(local: 3, layout: layout)
            == [0x63, 0x00, 0x00, 0x14, 0x00, 0x02, 253, 4, 0x86, 3, 1, 0x02, 0x01, 9, 2, 0])
        let plain = FITLayout(globalNumber: 0x0113, fields: [FITLayout.Field(number: 0, size: 1, baseType: 0x00)], developerFields: [])
        #expect(FITWriter.definition(local: 15, layout: plain) == [0x4F, 0x00, 0x00, 0x13, 0x01, 0x01, 0, 1, 0x00])
    }

    @Test("a layout is defined once and its local number reused; a new layout takes the next number, round robin over 16")
    func localNumbers() {
        var writer = FITWriter()
        let heartRate = { (value: Int64) in
            FITDataMessage(globalNumber: 20, fields: [FITFieldValue(253, .uint32, 1_000_000_000), FITFieldValue(3, .uint8, value)])
        }
        writer.write(heartRate(120))
        writer.write(heartRate(121))
        let definition = [UInt8](FITWriter.definition(local: 0, layout: heartRate(0).layout))
        #expect(writer.records == definition + [0x00, 0x00, 0xCA, 0x9A, 0x3B, 120] + [0x00, 0x00, 0xCA, 0x9A, 0x3B, 121])
        // 16 other layouts: the 17th message takes local 0 again and heart rate must be redefined
        for number in UInt8(0)..<16 {
            writer.write(FITDataMessage(globalNumber: 21, fields: [FITFieldValue(number, .uint8, 1)]))
        }
        let sixteenth = FITDataMessage(globalNumber: 21, fields: [FITFieldValue(15, .uint8, 1)])
        #expect(Array(writer.records.suffix(11)) == FITWriter.definition(local: 0, layout: sixteenth.layout) + [0x00, 0x01])
        let before = writer.records.count
        writer.write(heartRate(122))
        #expect(Array(writer.records[before...]) == FITWriter.definition(local: 1, layout: heartRate(0).layout)
            + [0x01, 0x00, 0xCA, 0x9A, 0x3B, 122])
    }

    @Test("values: little-endian, invalid for nil and out of range, scale and offset, float64 bits")
    func values() {
        #expect(FITFieldValue(0, .uint16, 0x1234).bytes == [0x34, 0x12])
        #expect(FITFieldValue(0, .uint16, nil).bytes == [0xFF, 0xFF])
        #expect(FITFieldValue(0, .uint16, 65_535).bytes == [0xFF, 0xFF])  // the invalid value itself
        #expect(FITFieldValue(0, .uint16, 70_000).bytes == [0xFF, 0xFF])
        #expect(FITFieldValue(0, .uint8, -1).bytes == [0xFF])
        #expect(FITFieldValue(0, .sint32, -2).bytes == [0xFE, 0xFF, 0xFF, 0xFF])
        #expect(FITFieldValue(0, .sint32, nil).bytes == [0xFF, 0xFF, 0xFF, 0x7F])
        #expect(FITFieldValue(0, .uint32z, 0).bytes == [0, 0, 0, 0])
        #expect(FITFieldValue(0, .enumeration, 75).bytes == [75])
        // altitude 1035.2 m: (1035.2 + 500) × 5 = 7676
        #expect(FITFieldValue(78, .uint32, 1035.2, scale: 5, offset: 500).bytes == [0xFC, 0x1D, 0, 0])
        #expect(FITFieldValue(78, .uint32, -600, scale: 5, offset: 500).bytes == [0xFF, 0xFF, 0xFF, 0xFF])
        #expect(FITFieldValue(7, .uint32, 20.0005, scale: 1000).bytes == [0x21, 0x4E, 0, 0])  // 20001 ms
        #expect(FITFieldValue(7, .uint32, .nan, scale: 1000).bytes == [0xFF, 0xFF, 0xFF, 0xFF])
        #expect(FITFieldValue(6, float64: 1.5).bytes == [0, 0, 0, 0, 0, 0, 0xF8, 0x3F])
        #expect(FITFieldValue(6, float64: .infinity).bytes == [UInt8](repeating: 0xFF, count: 8))
    }

    @Test("strings: UTF-8 and a NUL, at most 255 bytes, cut on a character boundary; nothing past a NUL")
    func strings() {
        #expect(FITFieldValue(3, text: "hiit_id").bytes == Array("hiit_id".utf8) + [0])
        #expect(FITFieldValue(3, text: "").bytes == [0])
        #expect(FITFieldValue(3, text: "a\0b").bytes == [0x61, 0])
        // 253 ASCII bytes then "é" (2 bytes) does not fit in 254: cut before it
        let cut = FITFieldValue(3, text: String(repeating: "x", count: 253) + "é").bytes
        #expect(cut.count == 254)
        #expect(cut.last == 0)
        // of 130 × "é" (2 bytes each), 127 fit in 254 bytes
        #expect(FITFieldValue(3, text: String(repeating: "é", count: 130)).bytes.count == 255)
        // a family emoji (25 bytes, one character) is kept whole or not at all
        let family = "👨‍👩‍👧‍👦"
        let bytes = FITFieldValue(3, text: String(repeating: "y", count: 240) + family).bytes
        #expect(bytes == Array(String(repeating: "y", count: 240).utf8) + [0])
    }

    @Test("instants: whole seconds since 1989-12-31 and the milliseconds past them, rounded to the millisecond")
    func times() {
        #expect(FITTime(instant(1_714_802_400)) == FITTime(seconds: 1_083_736_800, milliseconds: 0))
        #expect(FITTime(instant(1_714_802_400, ms: 250)) == FITTime(seconds: 1_083_736_800, milliseconds: 250))
        #expect(FITTime(Date(timeIntervalSince1970: 1_714_802_400.9996)) == FITTime(seconds: 1_083_736_801, milliseconds: 0))
        #expect(FITTime(Date(timeIntervalSince1970: 1_714_802_399.999_4)) == FITTime(seconds: 1_083_736_799, milliseconds: 999))
        #expect(FITTime(Date(timeIntervalSince1970: 0)).seconds == 0x1000_0000)  // before 1998: the first absolute time
    }

    @Test("the message order: file_id, developer data, device_info, events, records, laps, session, events, activity")
    func messageOrder() throws {
        let start = instant(exportStart, ms: 500)
        let session = RecordedSession(sport: .running, sportName: "running", start: start,
                                      totals: RecordedTotals(elapsedSeconds: 4, timerSeconds: 3),
                                      laps: [RecordedLap(start: start, totals: RecordedTotals(elapsedSeconds: 2)),
                                             RecordedLap(start: instant(exportStart + 2, ms: 500), totals: RecordedTotals(elapsedSeconds: 2))],
                                      points: (1...4).map { TrackPoint(time: instant(exportStart + $0), heartRate: 100) },
                                      pauses: [TimerPause(start: instant(exportStart + 3), end: instant(exportStart + 4))])
        let bytes = [UInt8](FITActivityEncoder.encode(RecordedActivity(format: .fit, sessions: [session])))
        // 0 file_id, 207 developer_data_id, 206 × 1 (hiit_start_ms), 23 device_info, 21 start,
        // records at 1 and 2, lap 1 (ends at 2.5), the stop at 3 (events first at the same
        // second), record 3, the start at 4, record 4, lap 2 (ends at 4.5), session, stop, activity
        #expect(try messageNumbers(bytes) == [0, 207, 206, 23, 21, 20, 20, 19, 21, 20, 21, 20, 19, 18, 21, 34])
    }

    @Test("a single-sport file without fractions, names or hiit values carries no developer data and no sport message")
    func noDeveloperData() throws {
        let start = instant(exportStart)
        let session = RecordedSession(sport: .cycling, sportName: "cycling", start: start,
                                      totals: RecordedTotals(elapsedSeconds: 1),
                                      laps: [RecordedLap(start: start, totals: RecordedTotals(elapsedSeconds: 1))],
                                      points: [TrackPoint(time: start), TrackPoint(time: instant(exportStart + 1))])
        let bytes = [UInt8](FITActivityEncoder.encode(RecordedActivity(format: .gpx, sessions: [session])))
        #expect(try messageNumbers(bytes) == [0, 23, 21, 20, 20, 19, 18, 21, 34])
    }

    @Test("the same activity gives the same bytes; a change anywhere changes the serial number")
    func deterministic() throws {
        let tabata = exportTabata()
        let first = FITActivityEncoder.encode(tabata)
        #expect(first == FITActivityEncoder.encode(tabata))
        #expect(FITActivityEncoder.encode(exportTriathlon()) == FITActivityEncoder.encode(exportTriathlon()))
        var changed = tabata
        changed.sessions[0].points[7].heartRate = 99
        let second = FITActivityEncoder.encode(changed)
        #expect(first != second)
        func serial(_ data: Data) throws -> UInt64? {
            var value: UInt64?
            _ = try FITReader.read([UInt8](data)) { if $0.globalNumber == 0 { value = $0.unsigned(FITProfile.FileID.serialNumber) } }
            return value
        }
        let a = try #require(try serial(first))
        let b = try #require(try serial(second))
        #expect(a != b)
    }

    @Test("sports from the session's name when FIT spells it for the same sport, else from the sport", arguments: [
        ("cycling/road", Sport.cycling, "cycling/road"), ("Biking", .cycling, "cycling"), ("hiit/tabata", .hiit, "hiit/tabata"),
        ("hiit/emom", .hiit, "hiit/emom"), ("HIIT", .hiit, "hiit/hiit"), ("running", .cycling, "cycling"),
        ("kitesurfing", .other, "kitesurfing"), ("Other", .other, "generic"), ("transition", .transition, "transition"),
        ("training/strength_training", .strength, "training/strength_training"), ("99/5", .other, "99/spin"),
    ])
    func sports(name: String, sport: Sport, written: String) throws {
        let start = instant(exportStart)
        let session = RecordedSession(sport: sport, sportName: name, start: start,
                                      laps: [RecordedLap(start: start, totals: RecordedTotals())], points: [TrackPoint(time: start)])
        let decoded = try ActivityFile.decode(FITActivityEncoder.encode(RecordedActivity(format: .tcx, sessions: [session])))
        #expect(decoded.sessions.map(\.sportName) == [written])
        #expect(decoded.sessions.map(\.sport) == [sport])
    }
}
