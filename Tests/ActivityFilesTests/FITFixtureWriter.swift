import Foundation

/// A FIT base type as the writer declares it in a definition (FIT protocol, "Base types":
/// the base type number with bit 7 set for multi-byte types).
enum FITFixtureType {
    case enumeration, sint8, uint8, sint16, uint16, sint32, uint32, uint8z, uint16z, uint32z, byte, uint64
    /// A NUL-padded string of this many bytes.
    case string(Int)
    /// An array of this many `byte`s (e.g. `application_id`, 16).
    case byteArray(Int)

    /// The base-type byte of a field definition.
    var byte: UInt8 {
        switch self {
        case .enumeration: 0x00
        case .sint8: 0x01
        case .uint8: 0x02
        case .sint16: 0x83
        case .uint16: 0x84
        case .sint32: 0x85
        case .uint32: 0x86
        case .string: 0x07
        case .byteArray: 0x0D
        case .uint8z: 0x0A
        case .uint16z: 0x8B
        case .uint32z: 0x8C
        case .byte: 0x0D
        case .uint64: 0x8F
        }
    }

    /// Bytes of the field.
    var size: Int {
        switch self {
        case .enumeration, .sint8, .uint8, .uint8z, .byte: 1
        case .sint16, .uint16, .uint16z: 2
        case .sint32, .uint32, .uint32z: 4
        case .uint64: 8
        case .string(let count), .byteArray(let count): count
        }
    }

    /// The invalid value's bit pattern (written for `nil`).
    var invalid: UInt64 {
        switch self {
        case .enumeration, .uint8, .byte: 0xFF
        case .sint8: 0x7F
        case .sint16: 0x7FFF
        case .uint16: 0xFFFF
        case .sint32: 0x7FFF_FFFF
        case .uint32: 0xFFFF_FFFF
        case .uint64: UInt64.max
        case .uint8z, .uint16z, .uint32z, .string: 0
        case .byteArray: 0xFF
        }
    }
}

/// One field of a message to write: number, base type and value (raw integer as stored,
/// already scaled; `nil` writes the type's invalid value), or text for a string.
struct FITFixtureField {
    var number: UInt8
    var type: FITFixtureType
    var value: Int64?
    var text: String?
    var raw: [UInt8]?

    init(_ number: UInt8, _ type: FITFixtureType, _ value: Int64?) {
        self.number = number
        self.type = type
        self.value = value
    }

    init(_ number: UInt8, text: String, size: Int) {
        self.number = number
        self.type = .string(size)
        self.text = text
    }

    init(_ number: UInt8, bytes: [UInt8]) {
        self.number = number
        self.type = .byteArray(bytes.count)
        self.raw = bytes
    }
}

/// A small FIT encoder for tests: definitions of either byte order, data messages, compressed
/// timestamp headers, developer fields, and whole files with header and CRCs; each quirk of
/// issue 13 is a few lines. Its CRC is computed bit by bit (FIT protocol 3.3.2's polynomial),
/// independently of the decoder's table.
struct FITFixtureWriter {
    /// Multi-byte values and the global number big-endian (architecture 1).
    var isBigEndian = false
    /// The records written so far (no header, no CRC).
    var records: [UInt8] = []
    /// The layout last defined for each local message type: global number, fields, developer
    /// field sizes.
    private var layouts: [Int: (global: UInt16, fields: [(UInt8, UInt8, Int)], developer: [UInt8])] = [:]

    init(bigEndian: Bool = false) {
        isBigEndian = bigEndian
    }

    /// Writes a definition message for `local` (0–15).
    mutating func define(local: Int, global: UInt16, fields: [FITFixtureField],
                         developer: [(number: UInt8, size: UInt8, index: UInt8)] = []) {
        records.append(UInt8(0x40 | (developer.isEmpty ? 0 : 0x20) | (local & 0x0F)))
        records.append(0)
        records.append(isBigEndian ? 1 : 0)
        records += isBigEndian ? [UInt8(global >> 8), UInt8(global & 0xFF)] : [UInt8(global & 0xFF), UInt8(global >> 8)]
        records.append(UInt8(fields.count))
        for field in fields { records += [field.number, UInt8(field.type.size), field.type.byte] }
        if !developer.isEmpty {
            records.append(UInt8(developer.count))
            for field in developer { records += [field.number, field.size, field.index] }
        }
        layouts[local] = (global, fields.map { ($0.number, $0.type.byte, $0.type.size) }, developer.map(\.size))
    }

    /// Writes a data message for `local` with `fields` (in the defined order), then
    /// `developerBytes`; with `timeOffset`, a compressed-timestamp header (local 0–3).
    mutating func write(local: Int, _ fields: [FITFixtureField], developerBytes: [UInt8] = [], timeOffset: UInt32? = nil) {
        if let timeOffset {
            records.append(UInt8(0x80 | ((local & 0x03) << 5) | Int(timeOffset & 0x1F)))
        } else {
            records.append(UInt8(local & 0x0F))
        }
        for field in fields { records += encode(field) }
        records += developerBytes
    }

    /// Writes message `global` on `local`, defining it first when its layout changed.
    mutating func message(_ global: UInt16, local: Int = 0, _ fields: [FITFixtureField]) {
        let layout = fields.map { ($0.number, $0.type.byte, $0.type.size) }
        if let current = layouts[local], current.global == global, current.developer.isEmpty,
           current.fields.elementsEqual(layout, by: { $0 == $1 }) {
        } else {
            define(local: local, global: global, fields: fields)
        }
        write(local: local, fields)
    }

    /// The bytes of one field value in this writer's byte order.
    func encode(_ field: FITFixtureField) -> [UInt8] {
        if let raw = field.raw { return raw }
        if case .string(let size) = field.type {
            var bytes = Array((field.text ?? "").utf8.prefix(size - 1))
            bytes += [UInt8](repeating: 0, count: size - bytes.count)
            return bytes
        }
        let raw = field.value.map { UInt64(bitPattern: $0) } ?? field.type.invalid
        let size = field.type.size
        var bytes = (0..<size).map { UInt8(truncatingIfNeeded: raw >> (8 * UInt64($0))) }
        if isBigEndian { bytes.reverse() }
        return bytes
    }

    /// The whole file: a `headerSize` (12 or 14) header declaring the records' size, the
    /// records, and the file CRC; `headerCRC` false writes a header CRC of 0 ("not computed").
    func file(headerSize: Int = 14, headerCRC: Bool = true) -> [UInt8] {
        let size = UInt32(records.count)
        var header: [UInt8] = [UInt8(headerSize), 0x20, 0x54, 0x08]
        header += (0..<4).map { UInt8(truncatingIfNeeded: size >> (8 * UInt32($0))) }
        header += Array(".FIT".utf8)
        if headerSize == 14 {
            let crc = headerCRC ? Self.crc(header) : 0
            header += [UInt8(crc & 0xFF), UInt8(crc >> 8)]
        }
        let body = header + records
        let crc = Self.crc(body)
        return body + [UInt8(crc & 0xFF), UInt8(crc >> 8)]
    }

    /// CRC-16 with the reflected polynomial 0xA001, bit by bit (FIT protocol 3.3.2).
    static func crc(_ bytes: [UInt8]) -> UInt16 {
        var crc: UInt16 = 0
        for byte in bytes {
            crc ^= UInt16(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xA001 : crc >> 1 }
        }
        return crc
    }
}

/// Message builders in physical units, scaled here as the profile says (FIT SDK Profile.xlsx),
/// so a test reads like the activity it describes.
enum FITFixture {
    /// Seconds between the Unix epoch and the FIT epoch (1989-12-31 00:00 UTC).
    static let epoch: Int64 = 631_065_600

    /// The FIT `date_time` of a Unix time.
    static func time(_ unix: Int64) -> Int64 { unix - epoch }

    /// A `file_id` (0): type, manufacturer, product, time_created.
    static func fileID(type: Int64 = 4, manufacturer: Int64? = 1, product: Int64? = 3121, created: Int64 = 1_714_802_400) -> [FITFixtureField] {
        [FITFixtureField(0, .enumeration, type), FITFixtureField(1, .uint16, manufacturer), FITFixtureField(2, .uint16, product),
         FITFixtureField(4, .uint32, time(created))]
    }

    /// A `record` (20) at Unix time `at`: degrees, metres, bpm, rpm, m/s.
    static func record(at unix: Int64, latitude: Double? = nil, longitude: Double? = nil, altitude: Double? = nil,
                       distance: Double? = nil, heartRate: Int64? = nil, cadence: Int64? = nil, speed: Double? = nil,
                       enhanced: Bool = true) -> [FITFixtureField] {
        var fields = [FITFixtureField(253, .uint32, time(unix))]
        fields += recordValues(latitude: latitude, longitude: longitude, altitude: altitude, distance: distance,
                               heartRate: heartRate, cadence: cadence, speed: speed, enhanced: enhanced)
        return fields
    }

    /// A `record`'s fields other than its timestamp (for compressed-timestamp messages).
    static func recordValues(latitude: Double? = nil, longitude: Double? = nil, altitude: Double? = nil,
                             distance: Double? = nil, heartRate: Int64? = nil, cadence: Int64? = nil, speed: Double? = nil,
                             enhanced: Bool = true) -> [FITFixtureField] {
        let semicircles = 2_147_483_648.0 / 180
        return [
            FITFixtureField(0, .sint32, latitude.map { Int64(($0 * semicircles).rounded()) }),
            FITFixtureField(1, .sint32, longitude.map { Int64(($0 * semicircles).rounded()) }),
            enhanced ? FITFixtureField(78, .uint32, altitude.map { Int64((($0 + 500) * 5).rounded()) })
                : FITFixtureField(2, .uint16, altitude.map { Int64((($0 + 500) * 5).rounded()) }),
            FITFixtureField(3, .uint8, heartRate), FITFixtureField(4, .uint8, cadence),
            FITFixtureField(5, .uint32, distance.map { Int64(($0 * 100).rounded()) }),
            enhanced ? FITFixtureField(73, .uint32, speed.map { Int64(($0 * 1000).rounded()) })
                : FITFixtureField(6, .uint16, speed.map { Int64(($0 * 1000).rounded()) }),
        ]
    }

    /// A `session` (18) or, with `lap` true, a `lap` (19): Unix start, seconds, metres, kcal,
    /// bpm, rpm, m/s; written at `timestamp` (default: the end).
    static func summary(lap: Bool = false, start: Int64, elapsed: Double, timer: Double? = nil, distance: Double? = nil,
                        sport: Int64? = nil, subSport: Int64? = nil, ascent: Int64? = nil, descent: Int64? = nil,
                        kcal: Int64? = nil, averageHeartRate: Int64? = nil, maximumHeartRate: Int64? = nil,
                        averageCadence: Int64? = nil, maximumCadence: Int64? = nil, maximumSpeed: Double? = nil,
                        firstLapIndex: Int64? = nil, lapCount: Int64? = nil, poolLength: Double? = nil,
                        timestamp: Int64? = nil) -> [FITFixtureField] {
        let end = timestamp ?? start + Int64(elapsed.rounded(.up))
        var fields = [
            FITFixtureField(253, .uint32, time(end)), FITFixtureField(2, .uint32, time(start)),
            FITFixtureField(7, .uint32, Int64((elapsed * 1000).rounded())),
            FITFixtureField(8, .uint32, Int64(((timer ?? elapsed) * 1000).rounded())),
            FITFixtureField(9, .uint32, distance.map { Int64(($0 * 100).rounded()) }),
            FITFixtureField(11, .uint16, kcal),
        ]
        if lap {
            fields += [FITFixtureField(14, .uint16, maximumSpeed.map { Int64(($0 * 1000).rounded()) }),
                       FITFixtureField(15, .uint8, averageHeartRate), FITFixtureField(16, .uint8, maximumHeartRate),
                       FITFixtureField(17, .uint8, averageCadence), FITFixtureField(18, .uint8, maximumCadence),
                       FITFixtureField(21, .uint16, ascent), FITFixtureField(22, .uint16, descent),
                       FITFixtureField(25, .enumeration, sport), FITFixtureField(39, .enumeration, subSport)]
        } else {
            fields += [FITFixtureField(5, .enumeration, sport), FITFixtureField(6, .enumeration, subSport),
                       FITFixtureField(15, .uint16, maximumSpeed.map { Int64(($0 * 1000).rounded()) }),
                       FITFixtureField(16, .uint8, averageHeartRate), FITFixtureField(17, .uint8, maximumHeartRate),
                       FITFixtureField(18, .uint8, averageCadence), FITFixtureField(19, .uint8, maximumCadence),
                       FITFixtureField(22, .uint16, ascent), FITFixtureField(23, .uint16, descent),
                       FITFixtureField(25, .uint16, firstLapIndex), FITFixtureField(26, .uint16, lapCount),
                       FITFixtureField(44, .uint16, poolLength.map { Int64(($0 * 100).rounded()) })]
        }
        return fields
    }

    /// A timer `event` (21): stop (`stop_all`, 4) or start (0) at Unix time `at`.
    static func timer(at unix: Int64, stop: Bool) -> [FITFixtureField] {
        [FITFixtureField(253, .uint32, time(unix)), FITFixtureField(0, .enumeration, 0), FITFixtureField(1, .enumeration, stop ? 4 : 0)]
    }

    /// An `activity` (34) at Unix time `at` with its local time `offset` seconds ahead.
    static func activity(at unix: Int64, offset: Int64) -> [FITFixtureField] {
        [FITFixtureField(253, .uint32, time(unix)), FITFixtureField(1, .uint16, 1), FITFixtureField(5, .uint32, time(unix) + offset)]
    }

    /// A `length` (101): Unix start, seconds, active or idle, strokes.
    static func length(start: Int64, seconds: Double, active: Bool = true, strokes: Int64? = nil) -> [FITFixtureField] {
        [FITFixtureField(253, .uint32, time(start + Int64(seconds.rounded(.up)))), FITFixtureField(2, .uint32, time(start)),
         FITFixtureField(3, .uint32, Int64((seconds * 1000).rounded())), FITFixtureField(4, .uint32, Int64((seconds * 1000).rounded())),
         FITFixtureField(5, .uint16, strokes), FITFixtureField(12, .enumeration, active ? 1 : 0)]
    }

    /// A `sport` (12) message.
    static func sport(_ sport: Int64, subSport: Int64 = 0, name: String = "") -> [FITFixtureField] {
        [FITFixtureField(0, .enumeration, sport), FITFixtureField(1, .enumeration, subSport), FITFixtureField(3, text: name, size: 16)]
    }
}
