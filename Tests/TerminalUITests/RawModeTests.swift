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

    @Test func suspendGivesTheTerminalBackAndResumeTakesItAgain() throws {
        let pty = try PseudoTerminal()
        let before = try pty.settingsBytes()
        let mode = try RawMode(fd: pty.slave, output: pty.slave, keepsTitle: true)
        _ = try pty.readOutput()

        #expect(mode.suspend() == nil)
        #expect(!mode.isRaw)
        #expect(try pty.settingsBytes() == before, "suspended: exactly the settings from before")
        #expect(try pty.readOutput() == "\u{1B}[0m\u{1B}[?7h\u{1B}[?25h\u{1B}[?1049l\u{1B}[23;0t", "screen left, title popped")
        #expect(mode.suspend() == nil, "a second suspend does nothing")
        #expect(try pty.readOutput(waitingUpTo: 50) == "")

        try mode.resume()
        #expect(mode.isRaw)
        #expect(try pty.settings().c_lflag & tcflag_t(ICANON | ECHO | ISIG) == 0)
        #expect(try pty.readOutput() == "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l\u{1B}[22;0t", "screen entered, title pushed")

        #expect(mode.restore() == nil)
        #expect(try pty.settingsBytes() == before)
        #expect(try pty.readOutput() == "\u{1B}[0m\u{1B}[?7h\u{1B}[?25h\u{1B}[?1049l\u{1B}[23;0t")
        try mode.resume()
        #expect(!mode.isRaw, "after restore, resume does nothing")
    }

    @Test func resumeKeepsSettingsChangedWhileSuspended() throws {
        let pty = try PseudoTerminal()
        let mode = try RawMode(fd: pty.slave, output: nil)
        mode.suspend()
        // As `stty erase ^H` at the shell meanwhile.
        var changed = try pty.settings()
        withUnsafeMutableBytes(of: &changed.c_cc) { $0[Int(VERASE)] = 0x08 }
        #expect(tcsetattr(pty.slave, TCSANOW, &changed) == 0)
        let wanted = try pty.settingsBytes()
        try mode.resume()
        #expect(try pty.settingsBytes() != wanted)
        mode.restore()
        #expect(try pty.settingsBytes() == wanted)
    }

    @Test func reassertPutsRawModeBackAfterSomeoneElseChangedIt() throws {
        let pty = try PseudoTerminal()
        let before = try pty.settingsBytes()
        let mode = try RawMode(fd: pty.slave, output: pty.slave, keepsTitle: true)
        let raw = try pty.settingsBytes()
        _ = try pty.readOutput()
        // A shell puts its own settings back while the program is stopped by SIGSTOP.
        var cooked = try pty.settings()
        withUnsafeMutableBytes(of: &cooked) { $0.copyBytes(from: before) }
        #expect(tcsetattr(pty.slave, TCSANOW, &cooked) == 0)
        #expect(mode.reassert() == nil)
        #expect(try pty.settingsBytes() == raw)
        #expect(try pty.readOutput() == "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l", "the title is not pushed twice")
        mode.restore()
        #expect(try pty.settingsBytes() == before)
    }

    @Test func withoutAnOutputNoTitleIsPushed() throws {
        let pty = try PseudoTerminal()
        let mode = try RawMode(fd: pty.slave, output: nil, keepsTitle: true)
        #expect(!mode.keepsTitle)
        mode.restore()
        #expect(try pty.readOutput(waitingUpTo: 50) == "")
    }

    @Test func aTitleCannotCarryControlCharacters() {
        #expect(TerminalTitle.set("WORK 0:12 · 3/8 · hiit") == "\u{1B}]2;WORK 0:12 · 3/8 · hiit\u{07}")
        #expect(TerminalTitle.set("a\u{07}b\u{1B}]0;x\u{9C}c\nd\u{7F}") == "\u{1B}]2;ab]0;xcd\u{07}")
        var writer = TitleWriter()
        #expect(writer.update(to: "A") == TerminalTitle.set("A"))
        #expect(writer.update(to: "A") == "")
        writer.invalidate()
        #expect(writer.update(to: "A") == TerminalTitle.set("A"))
    }

    @Test(arguments: [("xterm-256color", true), ("tmux-256color", true), ("screen", true), ("dumb", false),
                      ("linux", false), ("", false)])
    func titlesAreForTerminalsThatHaveOne(term: String, supported: Bool) {
        #expect(TerminalTitle.isSupported(term: term) == supported)
        #expect(!TerminalTitle.isSupported(term: nil))
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
