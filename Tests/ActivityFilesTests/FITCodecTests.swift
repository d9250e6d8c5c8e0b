@testable import ActivityFiles
import Testing

@Suite("The FIT codec: CRCs, headers and records")
struct FITCodecTests {
    @Test("the FIT CRC-16 of the standard check string is 0xBB3D (CRC-16/ARC, as the FIT protocol computes)")
    func crcCheckValue() {
        let bytes = Array("123456789".utf8)
        #expect(FITCRC.checksum(bytes, 0..<bytes.count) == 0xBB3D)
        #expect(FITCRC.checksum(bytes, 4..<9, startingWith: FITCRC.checksum(bytes, 0..<4)) == 0xBB3D)
    }

    @Test("a header that is not FIT is refused with what is wrong")
    func badHeaders() {
        #expect(throws: FITHeaderError(detail: "FIT header size 9 is neither 12 nor 14")) {
            try FITFileHeader([9, 0x10, 0, 0, 0, 0, 0, 0] + Array(".FIT".utf8), at: 0)
        }
        #expect(throws: FITHeaderError(detail: "FIT header without the .FIT signature")) {
            try FITFileHeader([12, 0x10, 0, 0, 0, 0, 0, 0] + Array(".FIX".utf8), at: 0)
        }
        #expect(throws: FITHeaderError(detail: "FIT header cut short: 5 bytes")) {
            try FITFileHeader([12, 0x10, 0, 0, 0], at: 0)
        }
    }
}
