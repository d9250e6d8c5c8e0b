/// The FIT codec's lowest layer for writing: field values of the protocol's base types,
/// definition and data messages with local message numbers reused, the file header and the
/// CRCs (pure: values in, bytes out). Nothing here knows what a session or a record means;
/// ``FITActivityEncoder`` does.
///
/// Source for every layout and constant: Garmin, "Flexible and Interoperable Data Transfer
/// (FIT) Protocol", rev. 2.x (sections 3.3 "File header", 4 "Record header", 4.2 "Definition
/// message", 4.2.1 "Developer field definition", "Base types" table). Everything is written
/// little-endian (architecture 0).
struct FITWriter {
    /// The records written so far: definition and data messages, without header or CRC.
    private(set) var records: [UInt8] = []
    /// The layout each local message number (0–15) is defined with, `nil` while unused.
    private var layouts = [FITLayout?](repeating: nil, count: 16)
    /// The local message number the next new layout takes (round robin, so the same messages
    /// always get the same numbers).
    private var nextLocal = 0

    /// Writes `message` as a data message, after a definition message when no local message
    /// number holds its layout yet (the oldest definition gives its number up).
    mutating func write(_ message: FITDataMessage) {
        let layout = message.layout
        let local: Int
        if let defined = layouts.firstIndex(of: layout) {
            local = defined
        } else {
            local = nextLocal
            nextLocal = (nextLocal + 1) % layouts.count
            layouts[local] = layout
            records += Self.definition(local: local, layout: layout)
        }
        records.append(UInt8(local))
        for field in message.fields { records += field.bytes }
        for field in message.developerFields { records += field.bytes }
    }

    /// The bytes of a definition message for `layout` on `local` (0–15): the record header
    /// (0x40, 0x20 when there are developer fields, the local number), a reserved 0,
    /// architecture 0 (little-endian), the global number (2 bytes), the field count and 3
    /// bytes a field (number, size, base type), then the developer field count and 3 bytes a
    /// developer field (number, size, developer data index).
    static func definition(local: Int, layout: FITLayout) -> [UInt8] {
        var bytes: [UInt8] = [0x40 | (layout.developerFields.isEmpty ? 0 : 0x20) | UInt8(local & 0x0F), 0, 0,
                              UInt8(layout.globalNumber & 0xFF), UInt8(layout.globalNumber >> 8), UInt8(layout.fields.count)]
        for field in layout.fields { bytes += [field.number, field.size, field.baseType] }
        if !layout.developerFields.isEmpty {
            bytes.append(UInt8(layout.developerFields.count))
            for field in layout.developerFields { bytes += [field.number, field.size, field.developerIndex] }
        }
        return bytes
    }

    /// The 14-byte file header (FIT protocol 3.3): header size 14, protocol version 2.0
    /// (0x20), `profileVersion` (2 bytes, little-endian, as given: the FIT SDK writes
    /// major × 1000 + minor for profiles 21.xxx and reads any value above 2199 so), the data
    /// size (4 bytes), `.FIT`, and the CRC of the first 12 bytes.
    static func header(dataSize: Int, profileVersion: UInt16) -> [UInt8] {
        let size = UInt32(clamping: dataSize)
        var header: [UInt8] = [14, 0x20, UInt8(profileVersion & 0xFF), UInt8(profileVersion >> 8)]
        header += (0..<4).map { UInt8(truncatingIfNeeded: size >> (8 * UInt32($0))) }
        header += Array(".FIT".utf8)
        let crc = FITCRC.checksum(header, 0..<12)
        return header + [UInt8(crc & 0xFF), UInt8(crc >> 8)]
    }

    /// A whole FIT file: the header declaring `records`' size, the records, and the file CRC
    /// (of header and records, little-endian).
    static func file(records: [UInt8], profileVersion: UInt16) -> [UInt8] {
        var bytes = header(dataSize: records.count, profileVersion: profileVersion) + records
        let crc = FITCRC.checksum(bytes, 0..<bytes.count)
        bytes += [UInt8(crc & 0xFF), UInt8(crc >> 8)]
        return bytes
    }
}

/// What a definition message declares: the global number, each field's number, size and
/// base-type byte, and each developer field's number, size and developer data index. Two
/// messages of the same layout share a definition.
struct FITLayout: Equatable, Sendable {
    /// One standard field: number, bytes, base-type byte.
    struct Field: Equatable, Sendable {
        var number: UInt8
        var size: UInt8
        var baseType: UInt8
    }

    /// One developer field: number, bytes, developer data index.
    struct DeveloperField: Equatable, Sendable {
        var number: UInt8
        var size: UInt8
        var developerIndex: UInt8
    }

    /// The global message number (FIT SDK Profile.xlsx, `mesg_num`).
    var globalNumber: UInt16
    /// The standard fields, in the order written.
    var fields: [Field]
    /// The developer fields, in the order written (after the standard ones).
    var developerFields: [DeveloperField]
}

/// One data message to write: its global number, its fields in the order written, and its
/// developer fields.
struct FITDataMessage: Sendable {
    /// The global message number (FIT SDK Profile.xlsx, `mesg_num`).
    var globalNumber: UInt16
    /// The standard fields.
    var fields: [FITFieldValue]
    /// The developer fields (described by `field_description` messages written before).
    var developerFields: [FITDeveloperFieldValue] = []

    /// The definition this message needs.
    var layout: FITLayout {
        FITLayout(globalNumber: globalNumber,
                  fields: fields.map { FITLayout.Field(number: $0.number, size: UInt8($0.bytes.count), baseType: $0.baseType.definitionByte) },
                  developerFields: developerFields.map {
                      FITLayout.DeveloperField(number: $0.number, size: UInt8($0.bytes.count), developerIndex: $0.developerIndex)
                  })
    }
}

/// One field's value as written: its number, base type and bytes (little-endian; the base
/// type's invalid value where there is no value). At most 255 bytes (a definition's size
/// byte): strings are cut to fit.
struct FITFieldValue: Equatable, Sendable {
    /// The field number (FIT SDK Profile.xlsx, "Field Def #").
    var number: UInt8
    /// The base type declared for it.
    var baseType: FITBaseType
    /// Its bytes.
    var bytes: [UInt8]

    /// A whole number of `baseType` (an integer type or `enum`); `nil`, a value outside the
    /// type's range or one equal to its invalid value writes the invalid value.
    init(_ number: UInt8, _ baseType: FITBaseType, _ value: Int64?) {
        self.number = number
        self.baseType = baseType
        var bits = baseType.invalidBits
        if let value, let range = Self.range(of: baseType), range.contains(value) {
            let candidate = UInt64(bitPattern: value) & Self.mask(baseType.size)
            if candidate != baseType.invalidBits { bits = candidate }
        }
        bytes = Self.littleEndian(bits, size: baseType.size)
    }

    /// A physical value stored as `round((value + offset) × scale)` in `baseType` (FIT SDK
    /// Profile.xlsx columns "Scale" and "Offset"): the reverse of ``FITMessage/value(_:scale:offset:)``.
    /// `nil`, a value that is not finite or does not fit writes the invalid value.
    init(_ number: UInt8, _ baseType: FITBaseType, _ value: Double?, scale: Double, offset: Double = 0) {
        var raw: Int64?
        if let value {
            let scaled = ((value + offset) * scale).rounded()
            if scaled.isFinite, abs(scaled) < 9.2e18 { raw = Int64(scaled) }
        }
        self.init(number, baseType, raw)
    }

    /// A `float64`: the value's bits; `nil` or a value that is not finite writes the invalid
    /// value (all ones).
    init(_ number: UInt8, float64 value: Double?) {
        self.number = number
        baseType = .float64
        let bits = value.flatMap { $0.isFinite ? $0.bitPattern : nil } ?? FITBaseType.float64.invalidBits
        bytes = Self.littleEndian(bits, size: 8)
    }

    /// A `string`: UTF-8 and a terminating NUL, at most 255 bytes, so text of more than 254
    /// bytes is cut at the last whole character that fits; text from a NUL on is dropped (a
    /// reader stops there).
    init(_ number: UInt8, text: String) {
        self.number = number
        baseType = .string
        bytes = Self.terminatedUTF8(text, limit: 255)
    }

    /// A `byte` array as given (e.g. `application_id`, 16 bytes; at most 255).
    init(_ number: UInt8, byteArray: [UInt8]) {
        self.number = number
        baseType = .byte
        bytes = Array(byteArray.prefix(255))
    }

    /// `text` as UTF-8 with a terminating NUL in at most `limit` bytes, cut on a character
    /// (grapheme cluster) boundary; text from a NUL on is dropped.
    static func terminatedUTF8(_ text: String, limit: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        for character in text.prefix(while: { $0 != "\0" }) {
            let utf8 = Array(String(character).utf8)
            guard bytes.count + utf8.count <= limit - 1 else { break }
            bytes += utf8
        }
        return bytes + [0]
    }

    /// The values `baseType` holds as an integer (the invalid one excluded separately);
    /// `nil` for `string` and the floats, which are not written from integers.
    private static func range(of baseType: FITBaseType) -> ClosedRange<Int64>? {
        switch baseType {
        case .enumeration, .uint8, .uint8z, .byte: 0...Int64(UInt8.max)
        case .sint8: Int64(Int8.min)...Int64(Int8.max)
        case .uint16, .uint16z: 0...Int64(UInt16.max)
        case .sint16: Int64(Int16.min)...Int64(Int16.max)
        case .uint32, .uint32z: 0...Int64(UInt32.max)
        case .sint32: Int64(Int32.min)...Int64(Int32.max)
        case .sint64: Int64.min...Int64.max
        case .uint64, .uint64z: 0...Int64.max
        case .string, .float32, .float64: nil
        }
    }

    /// Ones in the low `size` bytes.
    private static func mask(_ size: Int) -> UInt64 { size >= 8 ? UInt64.max : (1 << UInt64(size * 8)) - 1 }

    /// `bits` as `size` little-endian bytes.
    private static func littleEndian(_ bits: UInt64, size: Int) -> [UInt8] {
        (0..<size).map { UInt8(truncatingIfNeeded: bits >> (8 * UInt64($0))) }
    }
}

/// One developer field's value as written: the field definition number and developer data
/// index its `field_description` gives, and its bytes (as a ``FITFieldValue`` of the described
/// base type writes them).
struct FITDeveloperFieldValue: Equatable, Sendable {
    /// `field_definition_number`.
    var number: UInt8
    /// `developer_data_index`.
    var developerIndex: UInt8
    /// Its bytes.
    var bytes: [UInt8]

    /// The developer field of `value`'s number and bytes, for the application at
    /// `developerIndex`.
    init(_ value: FITFieldValue, developerIndex: UInt8) {
        number = value.number
        self.developerIndex = developerIndex
        bytes = value.bytes
    }
}
