import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
import TestSupport
import WorkoutModel
@testable import HiitApp

/// Output that does not arrive is never a success (issue 11, item 1): every command that writes
/// to stdout exits 74 with one `Error:` line when a write fails, and stays a quiet success
/// when the reader closed the pipe (`| head -1`).
@Suite struct StdoutFailureTests {
    /// Runs `arguments` in-process with a data folder of its own and a stdout whose writes
    /// fail with `errno` (or succeed for `nil`).
    private func run(_ arguments: [String], stdoutErrno: Int32?, history: [SessionRecord] = [])
        throws -> (status: Int32, stderr: String) {
        let folder = try TemporaryFolder(prefix: "stdout")
        defer { folder.remove() }
        if !history.isEmpty {
            let data = folder.url.appendingPathComponent("hiit")
            try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
            try jsonLines(history).write(to: data.appendingPathComponent("history.jsonl"))
        }
        let capture = ConsoleCapture(stdoutErrno: stdoutErrno)
        let status = CommandTree.main(arguments: arguments, environment: ["XDG_DATA_HOME": folder.url.path, "TZ": "UTC"],
                                      console: Console(capture: capture))
        return (status, capture.stderr)
    }

    static let writers: [[String]] = [
        ["history", "export"], ["history", "export", "--csv"], ["history", "--json"], ["history"],
        ["show", "20/10x8", "--json"], ["stats", "month", "--json"], ["man"], ["completions", "bash"],
        ["list", "--json"], ["--help"], ["--version"],
    ]

    @Test(arguments: writers)
    func aFullDiskIsAnErrorNamingStandardOutput(arguments: [String]) throws {
        let (status, stderr) = try run(arguments, stdoutErrno: ENOSPC, history: [historyRecord(1), historyRecord(2)])
        #expect(status == 74, "\(arguments)")
        #expect(stderr == "Error: cannot write to standard output: No space left on device; the output is incomplete\n",
                "\(arguments)")
    }

    @Test(arguments: writers)
    func aReaderThatClosedThePipeIsAQuietSuccess(arguments: [String]) throws {
        let (status, stderr) = try run(arguments, stdoutErrno: EPIPE, history: [historyRecord(1)])
        #expect(status == 0, "\(arguments)")
        #expect(stderr.isEmpty, "\(arguments): \(stderr)")
    }

    @Test func aCommandThatFailedKeepsItsOwnStatus() throws {
        // An unknown session id is a usage error (64) whatever became of stdout.
        let (status, stderr) = try run(["history", "show", "ffffffff"], stdoutErrno: ENOSPC, history: [historyRecord(1)])
        #expect(status == 64)
        #expect(stderr.hasPrefix("Error: "))
        #expect(!stderr.contains("standard output"), "nothing was written to stdout: \(stderr)")
    }

    @Test func aClosedStdoutCountsAsFailedFromTheStart() {
        #expect(Console.withClosedStdout().stdoutFailure == EBADF)
        #expect(Console().stdoutFailure == nil)
    }
}
