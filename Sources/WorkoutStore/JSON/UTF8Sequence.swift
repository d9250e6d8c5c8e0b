/// The UTF-8 rule both JSON readers apply (RFC 3629): a scalar is 1–4 bytes, without
/// overlong forms, surrogates (U+D800–U+DFFF) or values above U+10FFFF.
enum UTF8Sequence {
    /// The length (2–4) of the valid UTF-8 sequence of a non-ASCII scalar that starts at
    /// `position` of `bytes`, or `nil` for a stray continuation byte, a truncated sequence,
    /// an overlong form, a surrogate or a value above U+10FFFF.
    /// - Parameters:
    ///   - bytes: the text, any `Int`-indexed collection of bytes.
    ///   - position: the lead byte's index.
    static func length<Bytes: RandomAccessCollection>(in bytes: Bytes, at position: Int) -> Int?
    where Bytes.Element == UInt8, Bytes.Index == Int {
        let lead = bytes[position]
        let length: Int
        let minimum: UInt32
        var value: UInt32
        switch lead {
        case 0xC2...0xDF: (length, minimum, value) = (2, 0x80, UInt32(lead & 0x1F))
        case 0xE0...0xEF: (length, minimum, value) = (3, 0x800, UInt32(lead & 0x0F))
        case 0xF0...0xF4: (length, minimum, value) = (4, 0x10000, UInt32(lead & 0x07))
        default: return nil
        }
        for offset in 1..<length {
            let at = position + offset
            guard at < bytes.endIndex, bytes[at] & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(bytes[at] & 0x3F)
        }
        if value < minimum || value > 0x10FFFF || (0xD800...0xDFFF).contains(value) { return nil }
        return length
    }
}
