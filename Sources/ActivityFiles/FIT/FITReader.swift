/// The FIT codec's lowest layer: file headers, record headers, definition and data messages,
/// CRCs and chained files, turning bytes into ``FITMessage`` values (pure: bytes in, messages
/// out). Nothing here knows what a session or a record means; ``FITActivityDecoder`` does.
///
/// Source for every layout and constant: Garmin, "Flexible and Interoperable Data Transfer
/// (FIT) Protocol", rev. 2.x (sections 3.3 "File header", 4 "Record header", 4.2 "Definition
/// message", 4.1 "Compressed timestamp header", "Base types" table).
///
/// Every length and count read from the input is checked against the bytes left before it is
/// used, and nothing is allocated from a count in the file beyond its own (bounded) size, so
/// any input ends in messages plus ``FITWarning``s, or in a ``FITHeaderError`` for the first
/// file header.
enum FITReader {
    /// Reads every message of `bytes` (one FIT file or several chained ones) and hands each
    /// data message to `visit`, in file order.
    /// - Parameters:
    ///   - bytes: the whole file.
    ///   - visit: called once per data message; the message's value accessors read `bytes`.
    /// - Returns: what was not sound and was survived (CRC mismatches, where decoding
    ///   stopped, ignored trailing bytes), in the order met.
    /// - Throws: ``FITHeaderError`` when the first header is not a FIT header.
    static func read(_ bytes: [UInt8], visit: (FITMessage) -> Void) throws(FITHeaderError) -> [FITWarning] {
        var warnings: [FITWarning] = []
        var start = 0
        var header = try FITFileHeader(bytes, at: 0)
        while true {
            if header.hasHeaderCRCMismatch(bytes) { warnings.append(.headerCRCMismatch(offset: start)) }
            let dataStart = start + header.size
            if header.dataSize == 0, bytes.count - dataStart > 2 {
                // A device that stopped before closing the file may leave the size at 0: read
                // whatever follows, without a CRC to check.
                warnings.append(.noDataSize)
                if let stop = readData(bytes, from: dataStart, to: bytes.count, visit: visit) { warnings.append(stop) }
                return warnings
            }
            let declaredEnd = dataStart + header.dataSize
            if declaredEnd + 2 <= bytes.count {
                let found = UInt16(bytes[declaredEnd]) | UInt16(bytes[declaredEnd + 1]) << 8
                let computed = FITCRC.checksum(bytes, start..<declaredEnd)
                if found != computed { warnings.append(.crcMismatch(expected: computed, found: found)) }
            }
            if let stop = readData(bytes, from: dataStart, to: declaredEnd, visit: visit) {
                warnings.append(stop)
                return warnings
            }
            let next = declaredEnd + 2
            guard next < bytes.count else { return warnings }
            if let chained = try? FITFileHeader(bytes, at: next) {
                start = next
                header = chained
            } else {
                warnings.append(.trailingBytes(offset: next, count: bytes.count - next))
                return warnings
            }
        }
    }

    /// Reads the data records of one file, `from`…`to` (the declared data size), handing data
    /// messages to `visit`; local definitions and the last timestamp are this file's own.
    /// - Returns: the warning that stopped reading early, or `nil` when every byte up to `to`
    ///   was read.
    static func readData(_ bytes: [UInt8], from dataStart: Int, to declaredEnd: Int,
                         visit: (FITMessage) -> Void) -> FITWarning? {
        let end = min(declaredEnd, bytes.count)
        let isTruncated = declaredEnd > bytes.count
        var definitions = [FITDefinition?](repeating: nil, count: 16)
        var lastTimestamp: UInt32?
        var position = dataStart

        func cutShort(_ what: String, at offset: Int) -> FITWarning {
            let reason = isTruncated ? "the file ends inside \(what)" : "\(what) runs past the declared data size"
            return .stoppedAt(offset: offset, reason: reason)
        }

        while position < end {
            let recordStart = position
            let header = bytes[position]
            position += 1
            if header & 0x80 == 0, header & 0x40 != 0 {
                // Definition message: reserved, architecture, global number (2), field count,
                // 3 bytes per field, then (developer flag) a count and 3 bytes per field.
                guard end - position >= 5 else { return cutShort("a definition message", at: recordStart) }
                let architecture = bytes[position + 1]
                guard architecture <= 1 else {
                    return .stoppedAt(offset: recordStart, reason: "definition architecture \(architecture) is neither 0 (little-endian) nor 1 (big-endian)")
                }
                let isBigEndian = architecture == 1
                let low = UInt16(bytes[position + 2]), high = UInt16(bytes[position + 3])
                let global = isBigEndian ? low << 8 | high : high << 8 | low
                let fieldCount = Int(bytes[position + 4])
                position += 5
                guard end - position >= fieldCount * 3 else { return cutShort("a definition message", at: recordStart) }
                var fields: [FITFieldDefinition] = []
                fields.reserveCapacity(fieldCount)
                var offset = 0
                for index in 0..<fieldCount {
                    let base = position + index * 3
                    let size = Int(bytes[base + 1])
                    fields.append(FITFieldDefinition(number: bytes[base], offset: offset, size: size,
                                                     baseType: FITBaseType(byte: bytes[base + 2])))
                    offset += size
                }
                position += fieldCount * 3
                var developerFields: [FITDeveloperFieldDefinition] = []
                if header & 0x20 != 0 {
                    guard end - position >= 1 else { return cutShort("a definition message", at: recordStart) }
                    let developerCount = Int(bytes[position])
                    position += 1
                    guard end - position >= developerCount * 3 else { return cutShort("a definition message", at: recordStart) }
                    developerFields.reserveCapacity(developerCount)
                    for index in 0..<developerCount {
                        let base = position + index * 3
                        let size = Int(bytes[base + 1])
                        developerFields.append(FITDeveloperFieldDefinition(number: bytes[base], developerIndex: bytes[base + 2],
                                                                           offset: offset, size: size))
                        offset += size
                    }
                    position += developerCount * 3
                }
                definitions[Int(header & 0x0F)] = FITDefinition(globalNumber: global, isBigEndian: isBigEndian, fields: fields,
                                                               developerFields: developerFields, size: offset)
                continue
            }

            let local = header & 0x80 != 0 ? Int((header >> 5) & 0x03) : Int(header & 0x0F)
            guard let definition = definitions[local] else {
                return .stoppedAt(offset: recordStart, reason: "local message \(local) is used before it is defined")
            }
            guard end - position >= definition.size else {
                return cutShort("a \(FITProfile.messageName(definition.globalNumber)) message", at: recordStart)
            }
            var message = FITMessage(bytes: bytes, definition: definition, contentStart: position, offset: recordStart,
                                     timestamp: nil)
            if header & 0x80 != 0 {
                // Compressed timestamp: a 5-bit offset against the last full timestamp, rolling
                // over every 32 s (FIT protocol 4.1).
                let offset = UInt32(header & 0x1F)
                if let last = lastTimestamp {
                    var time = (last & ~0x1F) | offset
                    if offset < last & 0x1F { time &+= 0x20 }
                    message.timestamp = time
                    lastTimestamp = time
                }
            } else if let time = message.unsigned(FITProfile.timestampField) {
                message.timestamp = UInt32(truncatingIfNeeded: time)
                lastTimestamp = message.timestamp
            }
            position += definition.size
            visit(message)
        }
        if isTruncated { return .stoppedAt(offset: end, reason: "the file ends before its declared data size") }
        return nil
    }
}

/// Why the first FIT header could not be read; the decoder turns it into
/// ``ActivityFileError/malformed(detail:)``.
struct FITHeaderError: Error, Equatable, Sendable {
    /// One line naming what is wrong ("FIT header size 9 is neither 12 nor 14").
    var detail: String
}

/// A FIT file header (FIT protocol 3.3): its size (12 or 14 bytes), the declared size of the
/// data records that follow, and the header CRC when there is one (14 bytes; 0 means none).
struct FITFileHeader: Equatable, Sendable {
    /// Bytes of the header: 12 or 14.
    var size: Int
    /// Bytes of data records after the header, as declared (the file CRC follows them).
    var dataSize: Int
    /// Where the header starts in the file.
    var offset: Int
    /// The header CRC as written (14-byte headers), else `nil`.
    var headerCRC: UInt16?

    /// Reads the header at `offset`.
    /// - Throws: ``FITHeaderError`` when fewer than 12 bytes are left, byte 0 is neither 12
    ///   nor 14, bytes 8–11 are not `.FIT`, or a 14-byte header is cut short.
    init(_ bytes: [UInt8], at offset: Int) throws(FITHeaderError) {
        guard bytes.count - offset >= 12 else { throw FITHeaderError(detail: "FIT header cut short: \(bytes.count - offset) bytes") }
        let size = Int(bytes[offset])
        guard size == 12 || size == 14 else { throw FITHeaderError(detail: "FIT header size \(size) is neither 12 nor 14") }
        guard bytes.count - offset >= size else { throw FITHeaderError(detail: "FIT header cut short: \(bytes.count - offset) bytes") }
        guard bytes[(offset + 8)..<(offset + 12)].elementsEqual(".FIT".utf8) else {
            throw FITHeaderError(detail: "FIT header without the .FIT signature")
        }
        self.size = size
        self.offset = offset
        dataSize = Int(bytes[offset + 4]) | Int(bytes[offset + 5]) << 8 | Int(bytes[offset + 6]) << 16 | Int(bytes[offset + 7]) << 24
        headerCRC = size == 14 ? UInt16(bytes[offset + 12]) | UInt16(bytes[offset + 13]) << 8 : nil
    }

    /// Whether a non-zero header CRC differs from the CRC of the header's first 12 bytes (a CRC
    /// of 0 means "not computed" and is valid, FIT protocol 3.3.7).
    func hasHeaderCRCMismatch(_ bytes: [UInt8]) -> Bool {
        guard let headerCRC, headerCRC != 0 else { return false }
        return FITCRC.checksum(bytes, offset..<(offset + 12)) != headerCRC
    }
}

/// What the codec survived, as values; ``description`` is the line a person sees.
enum FITWarning: Equatable, Sendable, CustomStringConvertible {
    /// The file CRC after the declared data does not match the data (`expected` is computed).
    case crcMismatch(expected: UInt16, found: UInt16)
    /// A 14-byte header's non-zero CRC does not match its first 12 bytes.
    case headerCRCMismatch(offset: Int)
    /// Decoding stopped at byte `offset` of the file; what came before is kept.
    case stoppedAt(offset: Int, reason: String)
    /// `count` bytes from `offset` on follow the last file's CRC and are not a chained FIT file.
    case trailingBytes(offset: Int, count: Int)
    /// The header declares a data size of 0 but records follow (a file the device never
    /// closed): read to the end of the file, with no CRC to check.
    case noDataSize

    /// One line: "CRC mismatch: imported anyway", "stopped at byte 7471: …",
    /// "12 bytes past the declared data size ignored", "the header declares no data size: …".
    var description: String {
        switch self {
        case .crcMismatch: "CRC mismatch: imported anyway"
        case .headerCRCMismatch: "header CRC mismatch: imported anyway"
        case .stoppedAt(let offset, let reason): "stopped at byte \(offset): \(reason)"
        case .trailingBytes(_, let count): "\(count) byte\(count == 1 ? "" : "s") past the declared data size ignored"
        case .noDataSize: "the header declares no data size: read to the end of the file"
        }
    }
}

/// A FIT base type (FIT protocol, "Base types"): its size in bytes and its invalid value.
enum FITBaseType: UInt8, Sendable {
    case enumeration = 0, sint8 = 1, uint8 = 2, sint16 = 3, uint16 = 4, sint32 = 5, uint32 = 6, string = 7
    case float32 = 8, float64 = 9, uint8z = 10, uint16z = 11, uint32z = 12, byte = 13, sint64 = 14, uint64 = 15
    case uint64z = 16

    /// The base type of a field definition's base-type byte (its low 5 bits name the type; bit
    /// 7 says whether it has a byte order); an unknown number reads as `byte` (no value).
    init(byte: UInt8) {
        self = FITBaseType(rawValue: byte & 0x1F) ?? .byte
    }

    /// Bytes of one value.
    var size: Int {
        switch self {
        case .enumeration, .sint8, .uint8, .string, .uint8z, .byte: 1
        case .sint16, .uint16, .uint16z: 2
        case .sint32, .uint32, .uint32z, .float32: 4
        case .float64, .sint64, .uint64, .uint64z: 8
        }
    }

    /// The base-type byte a definition message declares (FIT protocol, "Base types" table,
    /// column "Base Type Field"): the type number, with bit 7 set for the multi-byte types
    /// (`uint16` 0x84, `float64` 0x89, …).
    var definitionByte: UInt8 { size > 1 ? rawValue | 0x80 : rawValue }

    /// The bit pattern of the type's invalid value (FIT protocol, "Base types" table, column
    /// "Invalid Value"): 0xFF, 0x7F, 0x7FFF, 0xFFFF, 0x7FFFFFFF, 0xFFFFFFFF, all ones for the
    /// 64-bit types and floats, 0 for the `z` types and strings.
    var invalidBits: UInt64 {
        switch self {
        case .enumeration, .uint8, .byte: 0xFF
        case .sint8: 0x7F
        case .sint16: 0x7FFF
        case .uint16: 0xFFFF
        case .sint32: 0x7FFF_FFFF
        case .uint32, .float32: 0xFFFF_FFFF
        case .sint64: 0x7FFF_FFFF_FFFF_FFFF
        case .uint64, .float64: UInt64.max
        case .uint8z, .uint16z, .uint32z, .uint64z, .string: 0
        }
    }
}

/// One field of a definition message: its number in the profile, where it sits in the data
/// message's content, its size in bytes and its base type.
struct FITFieldDefinition: Sendable {
    /// The field number (FIT SDK Profile.xlsx).
    var number: UInt8
    /// Offset of the field within the data message's content (after the record header).
    var offset: Int
    /// Bytes of the field as defined (a multiple of the base type's size for an array).
    var size: Int
    /// The base type the definition declares.
    var baseType: FITBaseType
}

/// One developer field of a definition message (FIT protocol 4.2.1, "Developer Field
/// Definition"): its field definition number and developer data index, which a
/// `field_description` message (206) describes, and where it sits in the data message's
/// content. Its base type is not in the definition: it is the description's.
struct FITDeveloperFieldDefinition: Sendable {
    /// `field_definition_number` of the describing `field_description`.
    var number: UInt8
    /// `developer_data_index` of the `developer_data_id` (207) the field belongs to.
    var developerIndex: UInt8
    /// Offset of the field within the data message's content (after the standard fields).
    var offset: Int
    /// Bytes of the field as defined.
    var size: Int
}

/// A definition message: the global message number, byte order, fields, developer fields and
/// the content size of each data message it defines.
final class FITDefinition: Sendable {
    /// The global message number (FIT SDK Profile.xlsx, `mesg_num`).
    let globalNumber: UInt16
    /// Whether multi-byte values are big-endian (architecture byte 1).
    let isBigEndian: Bool
    /// The fields, in the order they are written.
    let fields: [FITFieldDefinition]
    /// The developer fields, in the order they are written (after ``fields``).
    let developerFields: [FITDeveloperFieldDefinition]
    /// Bytes of one data message's content (fields and developer fields).
    let size: Int
    /// For each field number, its index in ``fields`` plus one (0: not defined).
    let slots: [UInt8]

    /// Creates a definition; the last of two fields with the same number wins lookups.
    init(globalNumber: UInt16, isBigEndian: Bool, fields: [FITFieldDefinition],
         developerFields: [FITDeveloperFieldDefinition] = [], size: Int) {
        self.globalNumber = globalNumber
        self.isBigEndian = isBigEndian
        self.fields = fields
        self.developerFields = developerFields
        self.size = size
        var slots = [UInt8](repeating: 0, count: 256)
        for (index, field) in fields.enumerated() where index < 255 { slots[Int(field.number)] = UInt8(index + 1) }
        self.slots = slots
    }
}

/// One data message, read in place: its global number, where it starts, the timestamp it
/// carries (field 253, or the compressed-timestamp header's), and accessors that decode a
/// field by number, with FIT's invalid values (0xFF, 0x7F, 0xFFFF, 0 for the `z` types, …) as
/// `nil`.
struct FITMessage: Sendable {
    /// The whole file's bytes.
    let bytes: [UInt8]
    /// The definition the message was written with.
    let definition: FITDefinition
    /// Where the message's content starts (after its record header).
    let contentStart: Int
    /// Where the message's record header is in the file.
    let offset: Int
    /// The message's FIT timestamp (seconds since 1989-12-31 00:00 UTC): field 253, or the
    /// compressed-timestamp header resolved against the last full timestamp; `nil` without.
    var timestamp: UInt32?

    /// The global message number (FIT SDK Profile.xlsx `mesg_num`: 18 session, 20 record…).
    var globalNumber: UInt16 { definition.globalNumber }

    /// Whether the message has field `number`.
    func has(_ number: UInt8) -> Bool { definition.slots[Int(number)] != 0 }

    /// The definition of field `number`, `nil` when the message does not have it.
    func field(_ number: UInt8) -> FITFieldDefinition? {
        let slot = Int(definition.slots[Int(number)])
        return slot == 0 ? nil : definition.fields[slot - 1]
    }

    /// The raw bits of field `number`'s first value as an unsigned integer, `nil` when the
    /// field is absent, not a whole number of values, or holds its base type's invalid value.
    func unsigned(_ number: UInt8) -> UInt64? {
        field(number).flatMap(unsigned(in:))
    }

    /// The raw bits of `field`'s first value (a field of this message's definition, or a
    /// developer field given its described base type), `nil` when it is not a whole number of
    /// values or holds its base type's invalid value.
    func unsigned(in field: FITFieldDefinition) -> UInt64? {
        let width = field.baseType.size
        guard field.size >= width, field.size % width == 0 else { return nil }
        let start = contentStart + field.offset
        var value: UInt64 = 0
        if definition.isBigEndian {
            for index in 0..<width { value = value << 8 | UInt64(bytes[start + index]) }
        } else {
            for index in stride(from: width - 1, through: 0, by: -1) { value = value << 8 | UInt64(bytes[start + index]) }
        }
        return value == field.baseType.invalidBits ? nil : value
    }

    /// Field `number`'s first value as a number (signed types sign-extended, floats as
    /// written), `nil` when absent or invalid; strings and bytes give their first byte.
    func number(_ number: UInt8) -> Double? {
        field(number).flatMap(self.number(in:))
    }

    /// `field`'s first value as a number (see ``number(_:)``).
    func number(in field: FITFieldDefinition) -> Double? {
        guard let raw = unsigned(in: field) else { return nil }
        switch field.baseType {
        case .sint8: return Double(Int8(truncatingIfNeeded: raw))
        case .sint16: return Double(Int16(truncatingIfNeeded: raw))
        case .sint32: return Double(Int32(truncatingIfNeeded: raw))
        case .sint64: return Double(Int64(bitPattern: raw))
        case .float32:
            let value = Double(Float(bitPattern: UInt32(truncatingIfNeeded: raw)))
            return value.isFinite ? value : nil
        case .float64:
            let value = Double(bitPattern: raw)
            return value.isFinite ? value : nil
        default: return Double(raw)
        }
    }

    /// Field `number` as the profile's physical value: `number / scale − offset` (FIT SDK
    /// Profile.xlsx columns "Scale" and "Offset"), `nil` when absent or invalid.
    func value(_ number: UInt8, scale: Double = 1, offset: Double = 0) -> Double? {
        self.number(number).map { $0 / scale - offset }
    }

    /// Field `number` as UTF-8 text up to its first NUL, `nil` when absent, empty or not text.
    func string(_ number: UInt8) -> String? {
        field(number).flatMap(string(in:))
    }

    /// `field` as UTF-8 text up to its first NUL, `nil` when empty or not text.
    func string(in field: FITFieldDefinition) -> String? {
        let start = contentStart + field.offset
        var end = start
        while end < start + field.size, bytes[end] != 0 { end += 1 }
        guard end > start else { return nil }
        return String(validating: bytes[start..<end], as: UTF8.self)
    }

    /// Field `number`'s bytes as written (a `byte` array such as `application_id`), `nil` when
    /// absent or every byte is 0xFF (the `byte` type's invalid value).
    func byteArray(_ number: UInt8) -> [UInt8]? {
        guard let field = field(number) else { return nil }
        let start = contentStart + field.offset
        let value = Array(bytes[start..<(start + field.size)])
        return value.allSatisfy { $0 == 0xFF } ? nil : value
    }

    /// A developer field of this message as a field definition with `baseType` (the base type
    /// its `field_description` gives), for the accessors above.
    func field(_ developerField: FITDeveloperFieldDefinition, baseType: FITBaseType) -> FITFieldDefinition {
        FITFieldDefinition(number: developerField.number, offset: developerField.offset, size: developerField.size,
                           baseType: baseType)
    }
}
