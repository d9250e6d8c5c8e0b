import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A failure of an end-to-end test's own machinery (binary missing, timeout, unreadable
/// output), with a message that says what was expected and what was seen.
struct E2EFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}

/// The built `hiit` executable.
enum HiitBinary {
    /// `hiit` in the build products folder that holds the running test runner
    /// (`/proc/self/exe` → its folder → `hiit`): `swift build --build-tests` and `swift test`
    /// put both there.
    /// - Throws: ``E2EFailure`` naming the folder when no executable `hiit` is in it.
    static func url() throws -> URL {
        let runner = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let folder = runner.deletingLastPathComponent()
        let binary = folder.appendingPathComponent("hiit")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw E2EFailure("""
                the hiit executable is not in the build products folder \(folder.path) \
                (the test runner is \(runner.lastPathComponent)); build it with \
                `swift build --build-tests` before running the end-to-end tests
                """)
        }
        return binary
    }
}

/// One test's own temporary folder, used as `HOME`, `XDG_DATA_HOME`, `TMPDIR` and
/// `XDG_RUNTIME_DIR` (its `tmp` folder) and `TMUX_TMPDIR`, so a test never reads or writes anything outside it. Removed when
/// the sandbox is released.
final class E2ESandbox: Sendable {
    /// The folder (created with mode 0700 by `mkdtemp`).
    let url: URL
    /// Variables every run in this sandbox gets on top of the defaults of
    /// ``environment(audioDevice:extra:)`` (a run's own extra variables override them).
    let baseEnvironment: [String: String]

    /// Creates a fresh folder under the system's temporary directory, with a `tmp` folder in it.
    /// The name is short so a tmux socket path inside it stays under the 108-byte limit of a
    /// Unix socket address.
    /// - Parameter environment: variables every run in this sandbox gets (e.g. `COLUMNS`).
    /// - Throws: ``E2EFailure`` when the folder cannot be created.
    init(environment: [String: String] = [:]) throws {
        baseEnvironment = environment
        let base = FileManager.default.temporaryDirectory.path
        var template = Array("\(base)/hiit-e2e-XXXXXX".utf8CString)
        let created = template.withUnsafeMutableBufferPointer { buffer -> Bool in
            guard let base = buffer.baseAddress else { return false }
            return mkdtemp(base) != nil
        }
        guard created else { throw E2EFailure("cannot create a temporary folder under \(base)") }
        let path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        url = URL(fileURLWithPath: path, isDirectory: true)
        guard mkdir(url.appendingPathComponent("tmp").path, 0o700) == 0 else {
            throw E2EFailure("cannot create \(path)/tmp: \(String(cString: strerror(errno)))")
        }
    }

    deinit {
        // A second try covers a file written while the first was removing the folder.
        if (try? FileManager.default.removeItem(at: url)) == nil {
            try? FileManager.default.removeItem(at: url)
        }
    }

    /// A path inside the sandbox.
    func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    /// `$XDG_DATA_HOME/hiit`: the program's data folder.
    var dataFolder: URL { url.appendingPathComponent("hiit", isDirectory: true) }

    /// `$XDG_DATA_HOME/hiit/history.jsonl`.
    var historyURL: URL { dataFolder.appendingPathComponent("history.jsonl") }

    /// The environment every `hiit` run gets: built from scratch (nothing from the developer's
    /// shell such as `NO_COLOR`, `COLUMNS` or an `~/.asoundrc`), with the sandbox as `HOME`
    /// and `XDG_DATA_HOME`, its `tmp` folder as `TMPDIR`, the audio device given explicitly,
    /// no interactive backtraces, UTC and a UTF-8 locale; then ``baseEnvironment``.
    /// - Parameters:
    ///   - audioDevice: `HIIT_AUDIO_DEVICE`; ALSA's `null` device by default (plays nothing,
    ///     needs no sound card, never blocks).
    ///   - extra: more variables, overriding the defaults and ``baseEnvironment``.
    func environment(audioDevice: String = "null", extra: [String: String] = [:]) -> [String: String] {
        var environment = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin",
            "HOME": url.path,
            "XDG_DATA_HOME": url.path,
            "TMPDIR": url.appendingPathComponent("tmp").path,
            // A running timer's state.json and control socket (#17) go to tmp/hiit, never to a
            // folder that runs of other tests share.
            "XDG_RUNTIME_DIR": url.appendingPathComponent("tmp").path,
            "HIIT_AUDIO_DEVICE": audioDevice,
            "SWIFT_BACKTRACE": "interactive=no",
            "TZ": "UTC",
            "LANG": "C.UTF-8",
        ]
        environment.merge(baseEnvironment) { _, new in new }
        environment.merge(extra) { _, new in new }
        return environment
    }

    /// The lines of the history file; empty when it does not exist.
    /// - Throws: when the file exists but cannot be read.
    func historyLines() throws -> [String] {
        guard FileManager.default.fileExists(atPath: historyURL.path) else { return [] }
        let text = try String(contentsOf: historyURL, encoding: .utf8)
        return text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
    }

    /// The history file's records, decoded.
    /// - Throws: when a line is not a history record.
    func historyRecords() throws -> [HistoryLine] {
        try historyLines().map { try HistoryLine.decode($0) }
    }
}

/// Permission bits (e.g. 0o600) of a file or folder.
/// - Throws: when the path does not exist.
func fileModeBits(of url: URL) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    guard let bits = (attributes[.posixPermissions] as? NSNumber)?.intValue else {
        throw E2EFailure("no permissions reported for \(url.path)")
    }
    return bits & 0o777
}

/// Polls `probe` every 10 ms until it returns a value and returns it, suspending between polls.
///
/// For waits where a late wake-up changes nothing (a run's exit). Waiting this way never
/// asserts on time: `timeout` only bounds a test that would otherwise hang, and is generous
/// (20 s by default) so a slow machine does not fail.
/// - Parameters:
///   - what: what is awaited, for the failure message.
///   - timeout: how long to wait before failing.
///   - context: more to say on failure (e.g. the current screen).
///   - probe: returns `nil` until the awaited thing has happened.
/// - Throws: ``E2EFailure`` on timeout; whatever `probe` throws.
func eventually<T>(
    _ what: String,
    timeout: Duration = .seconds(20),
    context: () -> String = { "" },
    _ probe: () throws -> T?
) async throws -> T {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while true {
        if let value = try probe() { return value }
        if clock.now >= deadline { throw timedOut(what, timeout, context()) }
        try await Task.sleep(for: .milliseconds(10))
    }
}

/// As ``eventually(_:timeout:context:_:)``, blocking the calling thread between polls (5 ms).
///
/// For the steps of an interaction, where the test must react while the program runs on
/// its own clock: call it only inside ``onOwnThread(_:)``, whose thread nothing else needs.
/// - Throws: ``E2EFailure`` on timeout; whatever `probe` throws.
func waitUntil<T>(
    _ what: String,
    timeout: Duration = .seconds(20),
    context: () -> String = { "" },
    _ probe: () throws -> T?
) throws -> T {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while true {
        if let value = try probe() { return value }
        if clock.now >= deadline { throw timedOut(what, timeout, context()) }
        usleep(5_000)
    }
}

private func timedOut(_ what: String, _ timeout: Duration, _ more: String) -> E2EFailure {
    E2EFailure("timed out after \(timeout) waiting for \(what)" + (more.isEmpty ? "" : "\n\(more)"))
}

/// Runs `script` on a thread of its own and returns what it returns.
///
/// An interaction with a running program (wait for a line or a screen, then send a command
/// or a key) must not depend on Swift concurrency's shared threads: other tests in the same
/// process may keep them all busy for seconds, while the program under test moves on. The
/// script blocks its own thread instead (``waitUntil(_:timeout:context:_:)``), and returns
/// what it saw; the test asserts on that afterwards, in its own task.
/// - Throws: what `script` throws.
func onOwnThread<T: Sendable>(_ script: @escaping @Sendable () throws -> T) async throws -> T {
    // The script (and the sandbox, processes and terminal it holds) is released before the
    // test resumes, not whenever the thread object lets go of its block: a sandbox is removed
    // when released, and a test process may exit right after its last test.
    let box = ScriptBox(script)
    return try await withCheckedThrowingContinuation { continuation in
        let thread = Thread {
            let result = box.run()
            continuation.resume(with: result)
        }
        thread.start()
    }
}

/// Holds a script until it runs once, then lets go of it.
private final class ScriptBox<T: Sendable>: @unchecked Sendable {
    // @unchecked Sendable, and why that is safe: `script` is read and cleared only under `lock`.
    private let lock = NSLock()
    private var script: (@Sendable () throws -> T)?

    init(_ script: @escaping @Sendable () throws -> T) {
        self.script = script
    }

    /// Runs the script and releases it (and everything it captured) before returning.
    func run() -> Result<T, any Error> {
        guard let script = lock.withLock({ () -> (@Sendable () throws -> T)? in
            defer { self.script = nil }
            return self.script
        }) else {
            return .failure(E2EFailure("the script already ran"))
        }
        return Result { try script() }
    }
}
