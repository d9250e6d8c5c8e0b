import CCrypto
import Foundation
import POSIX

/// Fingerprints of files' bytes: SHA-256 (FIPS 180-4) through OpenSSL's libcrypto, for an
/// imported activity's `source.sha256` and identity (DESIGN §8) and the phrase cache's file
/// names.
///
/// libcrypto is opened with `dlopen` on the first digest (``LoadedLibrary``), not linked: a
/// timer run never needs it, and loading it costs every start about 3 MiB of resident memory.
public enum FileDigest {
    /// The library's soname (Debian `libssl3`, which `libssl-dev` depends on).
    public static let libraryName = "libcrypto.so.3"

    /// Why no digest can be made: libcrypto cannot be loaded, or has no `SHA256`.
    public struct Unavailable: Error, Equatable, Sendable, CustomStringConvertible {
        /// The loader's error (library and `dlerror`'s reason).
        public let cause: LoadedLibrary.LoadError

        /// One line: what is missing and what to install.
        public var description: String {
            "SHA-256 needs OpenSSL's libcrypto (Debian: apt-get install libssl3): \(cause)"
        }
    }

    /// `unsigned char *SHA256(const unsigned char *d, size_t n, unsigned char *md)`.
    private typealias SHA256Function = @convention(c) (UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<UInt8>?)
        -> UnsafeMutablePointer<UInt8>?

    /// The loaded function, or why it could not be had; looked up once, on first use.
    private struct Loaded: @unchecked Sendable {
        // @unchecked Sendable: a C function pointer, immutable, callable from any thread.
        let sha256: Result<SHA256Function, Unavailable>
    }

    private static let loaded: Loaded = {
        do throws(LoadedLibrary.LoadError) {
            let library = try LoadedLibrary(name: libraryName)
            return Loaded(sha256: .success(try library.function("SHA256", as: SHA256Function.self)))
        } catch {
            return Loaded(sha256: .failure(Unavailable(cause: error)))
        }
    }()

    /// The SHA-256 of `data`.
    /// - Returns: 64 lowercase hexadecimal digits.
    /// - Throws: ``Unavailable`` when libcrypto cannot be loaded (the same error on every call).
    public static func sha256(of data: Data) throws(Unavailable) -> String {
        let function = try loaded.sha256.get()
        var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
        data.withUnsafeBytes { buffer in
            // No bytes (empty data) is a null pointer with a length of 0, which SHA256 accepts.
            _ = function(buffer.baseAddress?.assumingMemoryBound(to: UInt8.self), buffer.count, &digest)
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
