import CCrypto
import Foundation

/// Fingerprints of files' bytes: SHA-256 (FIPS 180-4) through OpenSSL's libcrypto, for an
/// imported activity's `source.sha256` (DESIGN §8).
public enum FileDigest {
    /// The SHA-256 of `data`.
    /// - Returns: 64 lowercase hexadecimal digits.
    public static func sha256(of data: Data) -> String {
        var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
        data.withUnsafeBytes { buffer in
            // No bytes (empty data) is a null pointer with a length of 0, which SHA256 accepts.
            _ = SHA256(buffer.baseAddress?.assumingMemoryBound(to: UInt8.self), buffer.count, &digest)
        }
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(64)
        for byte in digest {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
