import Glibc
import Testing
@testable import TerminalUI

@Suite struct RawModeTests {
    @Test func rawModeRoundTripRestoresTheExactStruct() throws {
        let pty = try PseudoTerminal()
        let before = try pty.settingsBytes()
        let mode = try RawMode(fd: pty.slave, output: pty.slave)
        #expect(mode.isRaw)

        let raw = try pty.settings()
        #expect(raw.c_lflag & tcflag_t(ICANON) == 0)
        #expect(raw.c_lflag & tcflag_t(ECHO) == 0)
        #expect(raw.c_lflag & tcflag_t(ISIG) == 0)       // Ctrl-C arrives as a byte
        #expect(raw.c_iflag & tcflag_t(ICRNL) == 0)
        #expect(raw.c_oflag & tcflag_t(OPOST) != 0)      // newlines still work
        #expect(raw.c_oflag & tcflag_t(ONLCR) != 0)
        #expect(try pty.settingsBytes() != before)

        #expect(mode.restore() == nil)
        #expect(!mode.isRaw)
        #expect(try pty.settingsBytes() == before)
        #expect(mode.restore() == nil)                   // a second restore does nothing
        #expect(try pty.settingsBytes() == before)

        let output = try pty.readOutput()
        #expect(output == "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l" + "\u{1B}[0m\u{1B}[?7h\u{1B}[?25h\u{1B}[?1049l")
    }

    @Test func withRawModeRestoresWhenTheBodyThrows() throws {
        struct Boom: Error {}
        let pty = try PseudoTerminal()
        let before = try pty.settingsBytes()
        #expect(throws: Boom.self) {
            try withRawMode(fd: pty.slave, output: nil) { _ in
                #expect(try pty.settingsBytes() != before)
                throw Boom()
            }
        }
        #expect(try pty.settingsBytes() == before)
    }

    @Test func withRawModeReturnsTheBodysValueAndRestores() throws {
        let pty = try PseudoTerminal()
        let before = try pty.settingsBytes()
        let value = try withRawMode(fd: pty.slave, output: nil) { mode in
            mode.isRaw ? 42 : 0
        }
        #expect(value == 42)
        #expect(try pty.settingsBytes() == before)
    }

    @Test func deinitRestores() throws {
        let pty = try PseudoTerminal()
        let before = try pty.settingsBytes()
        do {
            let mode = try RawMode(fd: pty.slave, output: nil)
            #expect(mode.isRaw)
        }
        #expect(try pty.settingsBytes() == before)
    }

    @Test func ctrlCTypedInRawModeArrivesAsAKey() throws {
        let pty = try PseudoTerminal()
        let mode = try RawMode(fd: pty.slave, output: nil)
        defer { mode.restore() }
        try FileDescriptorIO.writeAll([0x03, UInt8(ascii: "q"), 0x0D], to: pty.master)
        #expect(try Poller.readable([pty.slave], timeoutMilliseconds: 1000) == [pty.slave])
        var decoder = KeyDecoder()
        var keys: [Key] = []
        while keys.count < 3, try !Poller.readable([pty.slave], timeoutMilliseconds: 1000).isEmpty {
            keys += decoder.decode(try FileDescriptorIO.read(from: pty.slave) ?? [])
        }
        #expect(keys == [.interrupt, .character("q"), .enter])
    }

    @Test func notATerminalIsATypedError() throws {
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        #expect(throws: TerminalError.notATerminal(fd: ends[0])) {
            try RawMode(fd: ends[0], output: nil)
        }
        #expect(TerminalError.notATerminal(fd: 7).description == "fd 7 is not a terminal")
    }

    @Test func systemCallErrorNamesTheCallAndTheCText() {
        let error = TerminalError.systemCall(function: "tcgetattr", fd: 0, errno: ENOTTY)
        #expect(error.description == "tcgetattr on fd 0 failed: Inappropriate ioctl for device (errno 25)")
        #expect(TerminalError.systemCall(function: "pipe", fd: nil, errno: EMFILE).description
            == "pipe failed: Too many open files (errno 24)")
    }

    @Test func sizeComesFromTheKernel() throws {
        let pty = try PseudoTerminal()
        var size = winsize(ws_row: 31, ws_col: 97, ws_xpixel: 0, ws_ypixel: 0)
        #expect(ioctl(pty.master, UInt(TIOCSWINSZ), &size) == 0)
        #expect(TerminalSize.query(fd: pty.slave) == TerminalSize(columns: 97, rows: 31))
        #expect(TerminalSize.current(fd: pty.slave, columns: "120", lines: "40") == TerminalSize(columns: 97, rows: 31))
    }

    @Test func zeroByZeroFallsBackToTheEnvironmentThenTheDefault() throws {
        let pty = try PseudoTerminal()
        var size = winsize(ws_row: 0, ws_col: 0, ws_xpixel: 0, ws_ypixel: 0)
        #expect(ioctl(pty.master, UInt(TIOCSWINSZ), &size) == 0)
        #expect(TerminalSize.query(fd: pty.slave) == TerminalSize(columns: 0, rows: 0))
        #expect(TerminalSize.current(fd: pty.slave, columns: "120", lines: "40") == TerminalSize(columns: 120, rows: 40))
        #expect(TerminalSize.current(fd: pty.slave) == .standard)
    }

    @Test func sizeOfANonTerminalIsUnknown() throws {
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        #expect(TerminalSize.query(fd: ends[1]) == nil)
        #expect(TerminalSize.current(fd: ends[1], columns: " 132 ", lines: nil) == TerminalSize(columns: 132, rows: 24))
    }

    @Test(arguments: [
        (TerminalSize?.none, String?.none, String?.none, TerminalSize(columns: 80, rows: 24)),
        (TerminalSize(columns: 100, rows: 0), nil, "50", TerminalSize(columns: 100, rows: 50)),
        (TerminalSize(columns: 0, rows: 30), "abc", nil, TerminalSize(columns: 80, rows: 30)),
        (nil, "0", "-5", TerminalSize(columns: 80, rows: 24)),
        (nil, "99999", "12", TerminalSize(columns: 80, rows: 12)),
        (TerminalSize(columns: 1, rows: 1), "200", "60", TerminalSize(columns: 1, rows: 1)),
    ])
    func sizeResolution(_ queried: TerminalSize?, _ columns: String?, _ lines: String?, _ expected: TerminalSize) {
        #expect(TerminalSize.resolve(queried: queried, columns: columns, lines: lines) == expected)
    }

    @Test func negativeSizesBecomeZero() {
        #expect(TerminalSize(columns: -3, rows: -1) == TerminalSize(columns: 0, rows: 0))
        #expect(TerminalSize.resolve(queried: nil, columns: nil, lines: nil, default: TerminalSize(columns: 0, rows: 0))
            == TerminalSize(columns: 1, rows: 1))
    }
}
