/// The FIT protocol's CRC-16: reflected polynomial 0xA001 (x¹⁶ + x¹⁵ + x² + 1), initial value
/// 0, no final XOR — the checksum the FIT protocol document ("File CRC", "Header CRC") computes
/// with its 16-entry nibble table; here the equivalent 256-entry byte table, computed from the
/// polynomial. Source: Garmin, "Flexible and Interoperable Data Transfer (FIT) Protocol",
/// section 3.3.
enum FITCRC {
    /// The byte table: entry `i` is the CRC of the single byte `i` from 0.
    static let table: [UInt16] = (0..<256).map { index in
        var crc = UInt16(index)
        for _ in 0..<8 {
            crc = crc & 1 == 1 ? (crc >> 1) ^ 0xA001 : crc >> 1
        }
        return crc
    }

    /// The CRC of `bytes[range]`, continuing from `crc` (0 for a fresh checksum).
    /// - Precondition: `range` lies within `bytes` (a programmer error otherwise).
    static func checksum(_ bytes: [UInt8], _ range: Range<Int>, startingWith crc: UInt16 = 0) -> UInt16 {
        var crc = crc
        let table = Self.table
        for index in range {
            crc = (crc >> 8) ^ table[Int(UInt8(truncatingIfNeeded: crc) ^ bytes[index])]
        }
        return crc
    }
}
