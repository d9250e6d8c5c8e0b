import Foundation
import Testing
import WorkoutStore

/// SHA-256 through libcrypto opened at run time: the test vectors of FIPS 180-4's examples
/// (NIST, "SHA256.pdf", one-block and two-block messages) and of the empty message.
@Suite("FileDigest: SHA-256 through dlopen'd libcrypto")
struct FileDigestTests {
    @Test("the NIST examples and the empty message", arguments: [
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
    ])
    func vectors(message: String, digest: String) throws {
        #expect(try FileDigest.sha256(of: Data(message.utf8)) == digest)
    }

    @Test("a million bytes, and the same bytes give the same digest every time")
    func large() throws {
        let data = Data(repeating: UInt8(ascii: "a"), count: 1_000_000)
        let first = try FileDigest.sha256(of: data)
        #expect(first == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
        #expect(try FileDigest.sha256(of: data) == first)
    }
}
