import Testing
@testable import TerminalUI

@Suite struct KeyDecoderTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let bytes: [UInt8]
        let keys: [Key]
        var testDescription: String { name }
    }

    static let esc: UInt8 = 0x1B

    static let table: [Case] = [
        Case(name: "letters", bytes: Array("qnr".utf8), keys: [.character("q"), .character("n"), .character("r")]),
        Case(name: "space", bytes: [0x20], keys: [.space]),
        Case(name: "carriage return", bytes: [0x0D], keys: [.enter]),
        Case(name: "line feed", bytes: [0x0A], keys: [.enter]),
        Case(name: "CR LF counts once", bytes: [0x0D, 0x0A], keys: [.enter]),
        Case(name: "two CRs are two enters", bytes: [0x0D, 0x0D], keys: [.enter, .enter]),
        Case(name: "DEL and BS", bytes: [0x7F, 0x08], keys: [.backspace, .backspace]),
        Case(name: "tab", bytes: [0x09], keys: [.tab]),
        Case(name: "Ctrl-C", bytes: [0x03], keys: [.interrupt]),
        Case(name: "Ctrl-D", bytes: [0x04], keys: [.endOfInput]),
        Case(name: "Ctrl-L and Ctrl-Z", bytes: [0x0C, 0x1A], keys: [.control("l"), .control("z")]),
        Case(name: "NUL and Ctrl-backslash ignored", bytes: [0x00, 0x1C, 0x71], keys: [.character("q")]),
        Case(name: "y/n answers", bytes: Array("yN".utf8), keys: [.character("y"), .character("N")]),
        Case(name: "UTF-8 two bytes", bytes: Array("é".utf8), keys: [.character("é")]),
        Case(name: "UTF-8 three bytes", bytes: Array("日".utf8), keys: [.character("日")]),
        Case(name: "UTF-8 four bytes", bytes: Array("🏃".utf8), keys: [.character("🏃")]),
        Case(name: "CSI arrows", bytes: [esc, 0x5B, 0x41, esc, 0x5B, 0x42, esc, 0x5B, 0x43, esc, 0x5B, 0x44],
             keys: [.up, .down, .right, .left]),
        Case(name: "SS3 arrows", bytes: [esc, 0x4F, 0x41, esc, 0x4F, 0x44], keys: [.up, .left]),
        Case(name: "Ctrl-Up with modifier", bytes: Array("\u{1B}[1;5A".utf8), keys: [.up]),
        Case(name: "Home End Delete PageUp PageDown",
             bytes: Array("\u{1B}[H\u{1B}[4~\u{1B}[3~\u{1B}[5~\u{1B}[6~".utf8),
             keys: [.home, .end, .delete, .pageUp, .pageDown]),
        Case(name: "F1 and F5", bytes: Array("\u{1B}OP\u{1B}[15~".utf8), keys: [.function(1), .function(5)]),
        Case(name: "Shift-Tab", bytes: Array("\u{1B}[Z".utf8), keys: [.backTab]),
        Case(name: "unknown CSI ignored", bytes: Array("\u{1B}[99~x\u{1B}[?25hy\u{1B}[1;2;3;4zq".utf8),
             keys: [.character("x"), .character("y"), .character("q")]),
        Case(name: "unknown SS3 ignored", bytes: Array("\u{1B}Oxq".utf8), keys: [.character("q")]),
        Case(name: "Alt-q is escape then q", bytes: [esc, 0x71], keys: [.escape, .character("q")]),
        Case(name: "ESC ESC [ A", bytes: [esc, esc, 0x5B, 0x41], keys: [.escape, .up]),
        Case(name: "ESC inside CSI restarts", bytes: [esc, 0x5B, 0x31, esc, 0x5B, 0x42], keys: [.down]),
        Case(name: "control byte aborts CSI", bytes: [esc, 0x5B, 0x31, 0x03], keys: [.interrupt]),
        Case(name: "invalid UTF-8 skipped", bytes: [0xFF, 0xC0, 0x80, 0x71], keys: [.character("q")]),
        Case(name: "truncated UTF-8 then ASCII", bytes: [0xE6, 0x97, 0x71], keys: [.character("q")]),
        Case(name: "overlong UTF-8 skipped", bytes: [0xE0, 0x80, 0xAF, 0x20], keys: [.space]),
        Case(name: "surrogate skipped", bytes: [0xED, 0xA0, 0x80, 0x20], keys: [.space]),
        Case(name: "C1 control skipped", bytes: [0xC2, 0x9B, 0x20], keys: [.space]),
    ]

    @Test(arguments: table)
    func decodesWholeInput(_ testCase: Case) {
        var decoder = KeyDecoder()
        #expect(decoder.decode(testCase.bytes) == testCase.keys)
        #expect(!decoder.hasPendingInput)
    }

    @Test(arguments: table)
    func decodesOneByteAtATime(_ testCase: Case) {
        var decoder = KeyDecoder()
        var keys: [Key] = []
        for byte in testCase.bytes {
            keys += decoder.decode([byte])
        }
        #expect(keys == testCase.keys)
    }

    @Test func utf8SplitAcrossReadsIsOneCharacter() {
        var decoder = KeyDecoder()
        let bytes = Array("日🏃".utf8)
        #expect(decoder.decode(bytes[0..<2]) == [])
        #expect(decoder.hasPendingInput)
        #expect(decoder.decode(bytes[2..<5]) == [.character("日")])
        #expect(decoder.decode(bytes[5...]) == [.character("🏃")])
        #expect(!decoder.hasPendingInput)
    }

    @Test func escapeSequenceSplitAcrossReadsIsOneKey() {
        var decoder = KeyDecoder()
        #expect(decoder.decode([0x1B]) == [])
        #expect(decoder.hasPendingInput)
        #expect(decoder.decode(Array("[1;".utf8)) == [])
        #expect(decoder.decode(Array("5C".utf8)) == [.right])
    }

    @Test func loneEscapeWaitsThenFlushesAsEscape() {
        var decoder = KeyDecoder()
        #expect(decoder.decode([0x1B]) == [])
        #expect(decoder.hasPendingInput)
        #expect(decoder.flush() == [.escape])
        #expect(!decoder.hasPendingInput)
        #expect(decoder.flush() == [])
        #expect(decoder.decode(Array("q".utf8)) == [.character("q")])
    }

    @Test func flushDropsUnfinishedSequenceAndCharacter() {
        var decoder = KeyDecoder()
        #expect(decoder.decode(Array("\u{1B}[1".utf8)) == [])
        #expect(decoder.flush() == [])
        #expect(decoder.decode([0xE6, 0x97]) == [])
        #expect(decoder.flush() == [])
        #expect(decoder.decode(Array("A".utf8)) == [.character("A")])
    }

    @Test func endlessSequenceIsAbandoned() {
        var decoder = KeyDecoder()
        let garbage = [0x1B, 0x5B] + Array(repeating: UInt8(ascii: "1"), count: 500)
        #expect(decoder.decode(garbage).allSatisfy { $0 == .character("1") })
        #expect(decoder.decode(Array("q".utf8)) == [.character("q")])
    }

    @Test func randomBytesNeverTrap() {
        // A fixed-seed generator: the same bytes every run.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var decoder = KeyDecoder()
        for _ in 0..<2000 {
            var chunk: [UInt8] = []
            for _ in 0..<Int(state % 7) {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                chunk.append(UInt8(truncatingIfNeeded: state >> 56))
            }
            state = state &* 6364136223846793005 &+ 1442695040888963407
            _ = decoder.decode(chunk)
        }
        _ = decoder.flush()
        #expect(decoder.decode([0x20]) == [.space])
    }

    @Test func keyNamesAreReadable() {
        #expect(Key.interrupt.description == "ctrl-c")
        #expect(Key.control("l").description == "ctrl-l")
        #expect(Key.function(5).description == "F5")
        #expect(Key.character("q").description == "q")
    }
}

/// One read from a terminal at a time.
@Suite struct KeyDecoderReadTests {
    @Test func anEscapeThatEndsAReadIsTheEscapeKey() {
        var decoder = KeyDecoder()
        #expect(decoder.decodeRead([0x71, 0x1B]) == [.character("q"), .escape])
        #expect(!decoder.hasPendingInput)
        #expect(decoder.decodeRead([0x1B, 0x5B, 0x43]) == [.right], "a whole sequence in one read is its key")
    }
}
