import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// The built `hiit` with its standard descriptors as a shell can leave them (issue 11, items 1
/// and 8): stdout on a full device or closed is an error (74, one line on stderr); a pipe whose
/// reader is gone is a quiet success; a closed stdin is the end of input, and a run goes on.
@Suite struct StdoutFailureRunTests {
    /// How a run ended and what it wrote on stderr.
    struct Outcome {
        let status: Int32
        let stderr: String
    }

    /// Runs `hiit arguments…` through `sh -c` with `redirections` applied by the shell
    /// (`>/dev/full`, `>&-`, `<&-`), stderr on a pipe, in a fresh sandbox.
    private static func run(_ arguments: [String], redirections: String, stdout: Int32? = nil) throws -> Outcome {
        let sandbox = try E2ESandbox()
        let run = try runHiitThroughShell("exec \"$0\" \"$@\" \(redirections)", arguments: arguments,
                                          environment: sandbox.environment(), stdout: stdout, timeout: .seconds(30))
        return Outcome(status: run.status, stderr: run.stderr)
    }

    @Test(arguments: [["man"], ["completions", "zsh"], ["list", "--json"], ["show", "Tabata", "--json"], ["--help"]])
    func aFullDeviceIsReported(arguments: [String]) async throws {
        let outcome = try await onOwnThread { try Self.run(arguments, redirections: ">/dev/full") }
        #expect(outcome.status == 74, "\(arguments): \(outcome.stderr)")
        #expect(outcome.stderr.hasSuffix("Error: cannot write to standard output: No space left on device; the output is incomplete\n"),
                "\(arguments): \(outcome.stderr)")
    }

    @Test(arguments: [["history"], ["man"], ["list"]])
    func aClosedStdoutIsReported(arguments: [String]) async throws {
        let outcome = try await onOwnThread { try Self.run(arguments, redirections: ">&-") }
        #expect(outcome.status == 74, "\(arguments): \(outcome.stderr)")
        #expect(outcome.stderr.hasSuffix("Error: cannot write to standard output: Bad file descriptor; the output is incomplete\n"),
                "\(arguments): \(outcome.stderr)")
    }

    /// As a shell runs it, with SIGPIPE at its default: the write to a pipe whose reader is
    /// gone ends hiit by SIGPIPE (141), silently, as `yes | head -1` ends `yes`. (With SIGPIPE
    /// ignored, the write fails with EPIPE and hiit exits 0: HiitAppTests' StdoutFailureTests.)
    @Test func aPipeWhoseReaderIsGoneEndsQuietly() async throws {
        let outcome = try await onOwnThread { () throws -> Outcome in
            let pipe = try ChildProcess.pipe()
            close(pipe.read)  // the reader is gone before hiit writes a byte
            defer { close(pipe.write) }
            return try Self.run(["man"], redirections: "", stdout: pipe.write)
        }
        #expect(outcome.status == 128 + SIGPIPE, "\(outcome.stderr)")
        #expect(outcome.stderr.isEmpty, "\(outcome.stderr)")
    }

    @Test func aClosedStdinIsTheEndOfInputAndTheRunIsRecorded() async throws {
        // Before: the history file opened at the end could become descriptor 0, and the
        // session ended after its first segment with EBADF, unrecorded.
        let (status, lines, saved) = try await onOwnThread { () throws -> (Int32?, [String], Int) in
            let sandbox = try E2ESandbox()
            let binary = try HiitBinary.url()
            let output = try ChildProcess.pipe()
            let errors = try ChildProcess.pipe()
            let null = open("/dev/null", O_RDWR | O_CLOEXEC)
            defer { close(null) }
            let child = try ChildProcess(
                ["/bin/sh", "-c", "exec \"$0\" \"$@\" <&-", binary.path, "run", "2/1x2", "--prepare", "0", "--events", "--mute"],
                environment: sandbox.environment(), stdin: null, stdout: output.write, stderr: errors.write)
            close(output.write)
            close(errors.write)
            let lines = String(decoding: ChildProcess.readAll(output.read), as: UTF8.self).split(separator: "\n")
            _ = ChildProcess.readAll(errors.read)
            let deadline = ContinuousClock.now + .seconds(30)
            while child.ending == nil, ContinuousClock.now < deadline { usleep(2_000) }
            let history = (try? String(contentsOf: sandbox.historyURL, encoding: .utf8)) ?? ""
            return (child.ending?.status, lines.map(String.init), history.split(separator: "\n").count)
        }
        #expect(status == 0)
        #expect(lines.contains { $0.contains("\"event\":\"finish\"") }, "\(lines)")
        #expect(lines.contains { $0.contains("\"event\":\"saved\"") }, "\(lines)")
        #expect(saved == 1)
    }
}
