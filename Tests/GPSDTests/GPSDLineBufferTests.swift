import GPSD
import Testing

@Suite("gpsd line buffer: partial reads in, whole lines out")
struct GPSDLineBufferTests {
    static let report = #"{"class":"TPV","mode":3,"lat":48.0,"lon":11.0}"#

    @Test("a report split at every byte comes out once, whole, without its CR LF")
    func everySplit() {
        let bytes = Array((Self.report + "\r\n" + Self.report + "\r\n").utf8)
        for split in 0...bytes.count {
            var buffer = GPSDLineBuffer()
            let first = buffer.append(bytes[..<split])
            let second = buffer.append(bytes[split...])
            let lines = (first.lines + second.lines).map { String(decoding: $0, as: UTF8.self) }
            #expect(lines == [Self.report, Self.report], "split at \(split)")
            #expect(first.warnings.isEmpty && second.warnings.isEmpty)
            #expect(buffer.pendingByteCount == 0)
        }
    }

    @Test("one byte at a time, LF-only ends and empty lines")
    func byteByByte() {
        var buffer = GPSDLineBuffer()
        var lines: [String] = []
        for byte in Array("a\n\r\n\nbc\r\nd".utf8) {
            lines += buffer.append([byte]).lines.map { String(decoding: $0, as: UTF8.self) }
        }
        #expect(lines == ["a", "bc"])
        #expect(buffer.pendingByteCount == 1)  // "d", waiting for its end
    }

    @Test("a UTF-8 character split between reads is whole in its line")
    func splitCharacter() {
        var buffer = GPSDLineBuffer()
        let bytes = Array(#"{"class":"ERROR","message":"Gerät ±4 m"}"#.utf8) + [0x0A]
        let cut = bytes.firstIndex(of: 0xC3).map { $0 + 1 } ?? 1
        let lines = buffer.append(bytes[..<cut]).lines + buffer.append(bytes[cut...]).lines
        #expect(lines.map { String(decoding: $0, as: UTF8.self) } == [#"{"class":"ERROR","message":"Gerät ±4 m"}"#])
    }

    @Test("a line past the limit is dropped whole and said once, in any chunks; the next line is kept")
    func longLine() {
        var buffer = GPSDLineBuffer(maximumLineBytes: 100)
        var warnings: [GPSDWarning] = []
        var lines: [[UInt8]] = []
        for _ in 0..<10 {
            let result = buffer.append([UInt8](repeating: 0x41, count: 50))
            warnings += result.warnings
            lines += result.lines
            #expect(buffer.pendingByteCount <= 100)
        }
        let end = buffer.append(Array("\r\nok\n".utf8))
        warnings += end.warnings
        lines += end.lines
        #expect(warnings == [.lineTooLong(bytes: 501)])  // 500 × A and the CR
        #expect(lines == [Array("ok".utf8)])
    }

    @Test("exactly the limit is kept, one more byte is not; the default limit is 64 KiB")
    func limitEdges() {
        #expect(GPSDLineBuffer().maximumLineBytes == 65_536)
        var buffer = GPSDLineBuffer(maximumLineBytes: 4)
        #expect(buffer.append(Array("abcd\r\n".utf8)).lines == [Array("abcd".utf8)])
        let over = buffer.append(Array("abcde\r\n".utf8))
        #expect(over.lines.isEmpty)
        #expect(over.warnings == [.lineTooLong(bytes: 6)])  // counted with its CR, as read
        let overInOneGo = buffer.append(Array("abcdefgh\nxy\n".utf8))
        #expect(overInOneGo.lines == [Array("xy".utf8)])
        #expect(overInOneGo.warnings == [.lineTooLong(bytes: 8)])
    }

    @Test("reset forgets an unfinished line")
    func reset() {
        var buffer = GPSDLineBuffer()
        _ = buffer.append(Array(#"{"class":"TP"#.utf8))
        buffer.reset()
        #expect(buffer.append(Array("{}\n".utf8)).lines == [Array("{}".utf8)])
    }
}
