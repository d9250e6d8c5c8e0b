import Foundation
import Testing
import WorkoutModel
#if canImport(Glibc)
import Glibc
#endif

// Support for the history and profile tests that run the built `hiit` as a person or a script
// would: a private data folder per test, a runner that captures output in files (no pipe can
// fill up and block), and session records to import.

/// Why a history test could not even run.
struct HistoryTestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// One test's own folder, used as `HOME` and `XDG_DATA_HOME`; removed by ``remove()``.
struct HistorySandbox {
    /// The folder.
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("hiit-history-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(at: url) }

    /// A path inside the sandbox.
    func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    /// hiit's data folder: `$XDG_DATA_HOME/hiit`.
    var dataFolder: URL { url.appendingPathComponent("hiit", isDirectory: true) }
    /// `history.jsonl` in the data folder.
    var historyURL: URL { dataFolder.appendingPathComponent("history.jsonl") }
    /// `profile.json` in the data folder.
    var profileURL: URL { dataFolder.appendingPathComponent("profile.json") }

    /// The environment a run sees: only this sandbox, no sound card, no colours, a fixed width.
    var environment: [String: String] {
        [
            "HOME": url.path, "XDG_DATA_HOME": url.path, "PATH": "/usr/bin:/bin",
            "HIIT_AUDIO_DEVICE": "null", "NO_COLOR": "1", "COLUMNS": "100", "TZ": "UTC",
            "SWIFT_BACKTRACE": "enable=no", "LANG": "C.UTF-8",
        ]
    }

    /// Creates the data folder (0700) and writes `history.jsonl` (0600) with `content`.
    func writeHistory(_ content: Data) throws {
        try FileManager.default.createDirectory(at: dataFolder, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        try content.write(to: historyURL)
        chmod(historyURL.path, 0o600)
    }

    /// Creates the data folder and writes `profile.json` with `content`.
    func writeProfile(_ content: Data) throws {
        try FileManager.default.createDirectory(at: dataFolder, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        try content.write(to: profileURL)
        chmod(profileURL.path, 0o600)
    }

    /// The history file's bytes (empty when it does not exist).
    func historyBytes() -> Data { (try? Data(contentsOf: historyURL)) ?? Data() }

    /// Runs `hiit` to completion.
    func run(_ arguments: [String], stdin: FileHandle? = nil, timeout: Duration = .seconds(60)) throws -> HistoryRun {
        let started = try HistoryChild(arguments, sandbox: self, stdin: stdin)
        return try started.wait(timeout: timeout)
    }
}

/// A finished run: exit status and output.
struct HistoryRun: CustomStringConvertible {
    /// The exit status, or 128 + N when signal N ended the process.
    let status: Int32
    /// The signal that ended it, if any.
    let signal: Int32?
    let stdout: String
    let stderr: String

    /// stdout's lines without the final empty one.
    var lines: [String] {
        var lines = stdout.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// stderr's lines without the final empty one.
    var errorLines: [String] {
        var lines = stderr.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    var description: String { "status \(status)\nstdout:\n\(stdout)\nstderr:\n\(stderr)" }
}

/// A started `hiit` process whose stdout and stderr go to files in the sandbox.
final class HistoryChild {
    private let process = Process()
    private let outURL: URL
    private let errURL: URL

    /// The built `hiit` beside the test runner (`/proc/self/exe`'s folder).
    static func executable() throws -> URL {
        let runner = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let binary = runner.deletingLastPathComponent().appendingPathComponent("hiit")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw HistoryTestFailure("no hiit executable beside the test runner in \(binary.deletingLastPathComponent().path)")
        }
        return binary
    }

    /// Starts `hiit arguments` in `sandbox`; stdin is `/dev/null` unless given.
    init(_ arguments: [String], sandbox: HistorySandbox, stdin: FileHandle? = nil) throws {
        let tag = UUID().uuidString
        outURL = sandbox.url.appendingPathComponent(".out-\(tag)")
        errURL = sandbox.url.appendingPathComponent(".err-\(tag)")
        guard FileManager.default.createFile(atPath: outURL.path, contents: nil),
              FileManager.default.createFile(atPath: errURL.path, contents: nil)
        else { throw HistoryTestFailure("cannot create output files in \(sandbox.url.path)") }
        process.executableURL = try Self.executable()
        process.arguments = arguments
        process.environment = sandbox.environment
        process.currentDirectoryURL = sandbox.url
        process.standardInput = stdin ?? FileHandle(forReadingAtPath: "/dev/null")
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        try process.run()
    }

    /// The process id.
    var pid: Int32 { process.processIdentifier }

    /// Whether the process is still running.
    var isRunning: Bool { process.isRunning }

    /// What the process has written to stdout so far.
    var stdoutSoFar: String { (try? String(contentsOf: outURL, encoding: .utf8)) ?? "" }

    /// Sends SIGKILL (the process cannot catch it) and waits for it to end.
    func kill() -> HistoryRun {
        Glibc.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        return result()
    }

    /// Waits for the process to end; kills it and fails after `timeout`.
    func wait(timeout: Duration) throws -> HistoryRun {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while process.isRunning {
            if clock.now > deadline {
                let killed = kill()
                throw HistoryTestFailure("hiit \(process.arguments ?? []) did not finish in \(timeout)\n\(killed)")
            }
            usleep(2_000)
        }
        process.waitUntilExit()
        return result()
    }

    private func result() -> HistoryRun {
        let bySignal = process.terminationReason == .uncaughtSignal
        let status = process.terminationStatus
        let out = (try? Data(contentsOf: outURL)) ?? Data()
        let err = (try? Data(contentsOf: errURL)) ?? Data()
        try? FileManager.default.removeItem(at: outURL)
        try? FileManager.default.removeItem(at: errURL)
        return HistoryRun(status: bySignal ? 128 + status : status, signal: bySignal ? status : nil,
                          stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self))
    }
}

/// A session record with whole-second instants, made from a number (so tests are repeatable).
/// - Parameters:
///   - n: picks the start (n minutes after 2026-11-30 06:00 UTC) and, without `id`, the id.
///   - workout: the name.
///   - offset: the stored UTC offset in seconds.
///   - weight: the weight; `nil` stores no weight and no kcal.
func historyRecord(_ n: Int, id: UUID? = nil, workout: String = "Tabata", offset: Int = 3600,
                   weight: Double? = 70) -> SessionRecord {
    let start = Date(timeIntervalSince1970: 1_796_018_400 + Double(n * 60))
    return SessionRecord(
        id: id ?? numberedID(n), workout: workout, kind: .intervals, start: start, end: start.addingTimeInterval(240),
        timeZone: "Europe/Prague", utcOffsetSeconds: offset, localDate: "2026-11-30",
        workoutSeconds: 160, totalSeconds: 230, pausedSeconds: 0, rounds: 8, exercises: 1,
        weightKg: weight, kcal: weight.map { 8.0 * $0 * 160 / 3600 + 2.0 * $0 * 70 / 3600 })
}

/// `0000000N-…`: a UUID whose first group is `n` in hex, so ids sort and read predictably.
func numberedID(_ n: Int, group: Int = 0) -> UUID {
    let text = String(format: "%08X-%04X-4000-8000-000000000000", n, group)
    return UUID(uuidString: text) ?? UUID()
}

/// Records as JSON lines (each ending with `\n`), the format of `history.jsonl`.
func jsonLines(_ records: [SessionRecord]) throws -> Data {
    var data = Data()
    for record in records {
        data.append(try record.jsonLine())
        data.append(0x0A)
    }
    return data
}

/// The ids of the records in a JSON lines file's content, for lines that decode.
func storedIDs(_ content: Data) -> [UUID] {
    content.split(separator: 0x0A).compactMap { try? SessionRecord(jsonLine: Data($0)).id }
}

/// A seeded random number generator (SplitMix64), so "random" tests repeat exactly.
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
