import Foundation
import Testing
@testable import HiitApp
import TestSupport

// Support for the fuzz tests (Fuzz/): running `hiit` in-process through the binary's own entry
// point, checking the shape of what it says on stderr, and snapshots of the data folder.

/// What one run of `hiit` did.
struct FuzzRun: Equatable {
    /// The exit status.
    let status: Int32
    /// Everything written to stdout.
    let stdout: String
    /// Everything written to stderr.
    let stderr: String
}

extension E2ESandbox {
    /// The environment of the fuzz runs: the sandbox's, no colour, a fixed width, and an editor
    /// that does nothing (no fuzz case may open one).
    var fuzzEnvironment: [String: String] {
        environment(extra: ["NO_COLOR": "1", "COLUMNS": "100", "EDITOR": "/bin/false", "VISUAL": "/bin/false"])
    }

    /// Runs `hiit arguments…` in this process through `CommandTree.main`, the function `main.swift`
    /// calls, with this sandbox's environment (its data folder, never the real one) and a
    /// console that captures output and has no terminal.
    ///
    /// Only for commands that neither run a timer nor write to a path relative to the working
    /// directory: see ``FuzzCommandFilter``.
    func runInProcess(_ arguments: [String]) -> FuzzRun {
        let capture = ConsoleCapture()
        let status = CommandTree.main(arguments: arguments, environment: fuzzEnvironment, console: Console(capture: capture))
        return FuzzRun(status: status, stdout: capture.stdout, stderr: capture.stderr)
    }

    /// Runs the built binary with `arguments` in this sandbox (working directory: the sandbox),
    /// stdin at its end, and returns what it did; a signal ending is reported in `status`
    /// (128 + the signal) and in `signal`.
    /// - Throws: ``E2EFailure`` when the binary cannot be started or does not end in 30 s.
    func runSpawned(_ arguments: [String]) throws -> (run: FuzzRun, signal: Int32?) {
        let result = try start(arguments, input: "", extraEnvironment: fuzzEnvironment).wait(timeout: .seconds(30))
        return (FuzzRun(status: result.status, stdout: result.stdout, stderr: result.stderr), result.ending.signal)
    }
}

/// Which generated command lines may run in-process: never one that runs a timer (`hiit`
/// alone, `run`), opens an editor (`edit` without quick edits), fills the demo folder, or
/// writes to a path of its own (`export`, `history export`: a relative path would land in the
/// test's working directory).
enum FuzzCommandFilter {
    /// Whether `arguments` is safe to run (in-process or spawned) as a fuzz case.
    static func isSafe(_ arguments: [String]) -> Bool {
        guard case let .command(parsed)? = try? CommandTree.root.parse(arguments) else {
            return true  // a usage error or help: nothing runs
        }
        guard let first = parsed.path.first else { return false }
        switch first {
        case "run", "demo", "export": return false
        case "edit": return !parsed.options.isEmpty
        case "history": return parsed.path.count < 2 || parsed.path[1] != "export"
        default: return true
        }
    }
}

/// The conventions of `hiit`'s stderr (DESIGN §5: "a one-line error"): every line is an
/// `Error:`, `Skipped:` or `Warning:` line, except the usage block (`Usage: …`, its indented
/// continuation lines, `  See '… --help' …`) that follows the one `Error:` line of a usage
/// error (status 64). A failing run says exactly one `Error:` line (an `import` of several
/// files one per file at most); a succeeding run none.
enum StderrShape {
    /// What is wrong with `run`'s stderr given its status; empty when it follows the conventions.
    /// - Parameter maximumErrors: how many `Error:` lines a failing run may say (1 but for
    ///   commands that report each of several inputs on its own line).
    static func problems(_ run: FuzzRun, maximumErrors: Int = 1) -> [String] {
        var problems: [String] = []
        var lines = run.stderr.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        if !run.stderr.isEmpty, !run.stderr.hasSuffix("\n") { problems.append("stderr does not end with a line end") }
        var errors = 0
        var inUsage = false
        // Prefixes compared byte by byte: a combining mark after "Error: " joins the space's
        // grapheme, and `hasPrefix` would miss it.
        func starts(_ line: String, _ prefix: String) -> Bool { line.utf8.starts(with: prefix.utf8) }
        for line in lines {
            if starts(line, "Error: ") {
                errors += 1
                inUsage = run.status == ExitStatus.usage
            } else if starts(line, "Skipped: ") || starts(line, "Warning: ") {
                inUsage = false
            } else if inUsage, starts(line, "Usage: ") || starts(line, "       ") || starts(line, "  See '") {
                continue
            } else {
                problems.append("stray stderr line: \(line.debugDescription.prefix(300))")
            }
        }
        if run.status == 0, errors > 0 { problems.append("status 0 with \(errors) Error: lines") }
        if run.status != 0, errors == 0 { problems.append("status \(run.status) without an Error: line") }
        if errors > maximumErrors { problems.append("\(errors) Error: lines, at most \(maximumErrors) expected") }
        if run.status >= 128 { problems.append("status \(run.status): ended by a signal") }
        return problems
    }
}

/// Every file under a data folder, by relative path, with its bytes: `.lock` and the derived
/// `cache/` folder (rebuilt at will) left out.
struct DataSnapshot: Equatable {
    let files: [String: Data]

    /// Reads every file under `folder` (an absent folder is empty).
    init(_ folder: URL) {
        var files: [String: Data] = [:]
        let base = folder.standardizedFileURL.path
        if let walker = FileManager.default.enumerator(atPath: base) {
            while let relative = walker.nextObject() as? String {
                if relative == ".lock" || relative == "cache" || relative.hasPrefix("cache/") { continue }
                let path = base + "/" + relative
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue {
                    files[relative] = Self.contents(of: path)
                }
            }
        }
        self.files = files
    }

    /// A file's bytes, read with `read` retried on EINTR (`FileManager.contents(atPath:)` gives
    /// `nil` when a signal to the test process interrupts its read, which read as a change);
    /// a file that cannot be opened reads as a marker naming the errno.
    private static func contents(of path: String) -> Data {
        var fd: Int32 = -1
        repeat { fd = open(path, O_RDONLY | O_CLOEXEC) } while fd < 0 && errno == EINTR
        guard fd >= 0 else { return Data("<cannot open: errno \(errno)>".utf8) }
        return ChildProcess.readAll(fd)
    }

    /// The relative paths that differ between `self` and `other` (added, removed or changed).
    func changes(to other: DataSnapshot) -> [String] {
        Set(files.keys).union(other.files.keys).filter { files[$0] != other.files[$0] }.sorted()
    }
}

/// Seeded random choices for the generators.
extension SeededGenerator {
    /// One element of `items` (which must not be empty).
    mutating func pick<T>(_ items: [T]) -> T {
        items[Int.random(in: 0..<items.count, using: &self)]
    }

    /// A whole number in `range`.
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        Int.random(in: range, using: &self)
    }

    /// True with probability `p`.
    mutating func chance(_ p: Double) -> Bool {
        Double.random(in: 0..<1, using: &self) < p
    }
}

/// The fuzz seed: `HIIT_FUZZ_SEED` (decimal or 0x-hex) when set, so a failure can be replayed
/// with more cases, else `fallback`.
func fuzzSeed(_ fallback: UInt64) -> UInt64 {
    guard let text = ProcessInfo.processInfo.environment["HIIT_FUZZ_SEED"] else { return fallback }
    if text.hasPrefix("0x") { return UInt64(text.dropFirst(2), radix: 16) ?? fallback }
    return UInt64(text) ?? fallback
}

/// Values no command should trust: empty, blank, negative, huge, not-a-number, fractions,
/// other scripts' digits, control characters, very long, path-like.
let nastyValues: [String] = [
    "", " ", "-1", "-0", "0", "-999999", "1e308", "1e400", "-1e400", "NaN", "nan", "inf", "-inf", "Infinity",
    "99999999999999999999999999", "9223372036854775807", "9223372036854775808", "-9223372036854775809",
    "0x10", "1_000", "1,5", "1.5", ".5", "5.", "+5", "٣", "５", "名前", "🏋️‍♀️", "e\u{301}", "\u{202E}abc",
    "a\u{0}b", "line\nbreak", "tab\there", "\r", "\u{1B}[31mred", "\u{7F}", "../../etc/passwd", "/", ".", "..",
    "/dev/null", String(repeating: "x", count: 10_000), String(repeating: "é", count: 61),
    String(repeating: "9", count: 400), "-", "--", "---", "-x", "--=", "--weight=", "=",
    "20/10x8", "0/0x0", "20/10x999999", "Squats 40/20x3", "Squats -40/20x3", "swim:750m", "swim:-5m",
    "bike:1e400km", "run:NaN", "t1", "t9", "25:00", "99:99", "1h99min", "33⅓yd", "open-water", "none",
    "monday", "funday", "metric", "imperial", "week", "month", "year", "day", "decade",
    "2026-02-30", "2026-13-01", "0000-00-00", "kcal", "time", "sessions", "swimming", "curling",
    "00000001", "00000000-0000-4000-8000-000000000000", "ZZZZ", "Tabata", "tabata", "Sprint triathlon",
]

/// The most one fuzz case (a few commands on one input of at most a few hundred KB) may take
/// in-process: 5 s, about a thousand times what a case takes. Not a speed goal (those are in
/// `bench/`) but the guard issue 11 asks for: a quadratic path, which takes minutes on the
/// size-class inputs, fails with its seed instead of slowing the suite.
let fuzzCaseBound: Duration = .seconds(5)

/// Runs one fuzz case and returns a problem when it took longer than ``fuzzCaseBound``.
/// - Throws: what `body` throws.
func fuzzTimeBound(_ body: () throws -> Void) throws -> [String] {
    let clock = ContinuousClock()
    let start = clock.now
    try body()
    let took = clock.now - start
    return took > fuzzCaseBound ? ["took \(took), more than the \(fuzzCaseBound) a case may take"] : []
}
