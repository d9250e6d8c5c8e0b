import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
import TestSupport
import WorkoutModel

/// A workout name holding an escape sequence is shown on a terminal, never obeyed (issue 11,
/// item 7: `ESC ]2;…` in a name retitled the window through `history export --csv`); a pipe or
/// a file gets the bytes as stored.
@Suite struct TerminalEscapeTests {
    static let hostile = "Evil\u{1B}]2;pwned\u{7}\u{1B}[2J"

    /// Runs `hiit arguments…` with stdout (and stdin) on a pseudo-terminal and returns what
    /// reached the terminal.
    private static func onTerminal(_ arguments: [String], in box: E2ESandbox) throws -> (status: Int32?, output: [UInt8]) {
        let terminal = try PseudoTerminal()
        defer { terminal.close() }
        let errors = try ChildProcess.pipe()
        let child = try ChildProcess([try HiitBinary.url().path] + arguments, environment: box.environment(),
                                     stdin: terminal.secondary, stdout: terminal.secondary, stderr: errors.write)
        close(errors.write)
        _ = ChildProcess.readAll(errors.read)
        let deadline = ContinuousClock.now + .seconds(30)
        while child.ending == nil, ContinuousClock.now < deadline { usleep(2_000) }
        _ = fcntl(terminal.primary, F_SETFL, fcntl(terminal.primary, F_GETFL) | O_NONBLOCK)
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(terminal.primary, &buffer, buffer.count)
            if count <= 0 { break }
            output += buffer[0..<count]
        }
        return (child.ending?.status, output)
    }

    private static func sandbox() throws -> E2ESandbox {
        let box = try E2ESandbox.forHistory()
        try box.writeHistory(try jsonLines([historyRecord(1, workout: Self.hostile)]))
        return box
    }

    @Test(arguments: [["history", "export", "--csv"], ["history", "export"], ["history", "--json"]])
    func aTerminalGetsTheEscapesShownNotObeyed(arguments: [String]) async throws {
        let (status, output) = try await onOwnThread { try Self.onTerminal(arguments, in: try Self.sandbox()) }
        #expect(status == 0)
        #expect(!output.contains(0x1B), "an ESC byte reached the terminal: \(String(decoding: output, as: UTF8.self))")
        #expect(!output.contains(0x07), "a BEL byte reached the terminal")
        let text = String(decoding: output, as: UTF8.self)
        #expect(text.contains("Evil") , "\(text)")
        if arguments.contains("--csv") {
            #expect(text.contains("Evil\\u{1b}]2;pwned\\u{7}\\u{1b}[2J"), "\(text)")
        }
    }

    @Test func aPipeGetsTheBytesAsStored() throws {
        let box = try Self.sandbox()
        let run = try box.run(["history", "export", "--csv"])
        #expect(run.status == 0)
        #expect(run.stdout.contains(Self.hostile), "CSV to a pipe or file keeps the name's bytes")
    }
}
