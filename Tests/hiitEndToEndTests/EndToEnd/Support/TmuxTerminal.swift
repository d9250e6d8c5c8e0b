import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A terminal for full-screen tests: a detached tmux session running `/bin/sh` in a sandbox,
/// driven the way a person would (keys typed, the screen read back).
///
/// Each terminal has its own tmux server (`tmux -L <unique name>`, its socket inside the
/// sandbox through `TMUX_TMPDIR`, no configuration file), killed on ``close()`` or release.
/// Its waits block the calling thread: drive it from ``onOwnThread(_:)``.
final class TmuxTerminal: @unchecked Sendable {
    // @unchecked Sendable, and why that is safe: every property is an immutable `let` of a
    // Sendable type except `isClosed`, which is read and written only while holding `lock`.
    /// The prompt of the shell in the pane.
    static let prompt = "e2e$"

    /// Whether `tmux` is on `PATH` (without it the tests that need it are reported skipped,
    /// through `.enabled(if: TmuxTerminal.isInstalled, …)`).
    static let isInstalled: Bool = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        return path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/tmux") }
    }()

    let sandbox: E2ESandbox
    /// The tmux server's socket name.
    let socket: String
    private let environment: [String: String]
    private let lock = NSLock()
    private var isClosed = false

    /// Starts a tmux server with one `width`×`height` window running `/bin/sh` in the sandbox,
    /// and waits for its prompt.
    /// - Parameters:
    ///   - sandbox: the test's folder (working directory, `HOME`, `XDG_DATA_HOME`, socket folder).
    ///   - width: columns (default 80).
    ///   - height: lines (default 24).
    ///   - audioDevice: `HIIT_AUDIO_DEVICE` for programs started in the pane.
    /// - Throws: ``E2EFailure`` when tmux is missing or the shell does not start.
    init(sandbox: E2ESandbox, width: Int = 80, height: Int = 24, audioDevice: String = "null") throws {
        self.sandbox = sandbox
        socket = "hiit-e2e-\(getpid())-\(UUID().uuidString.prefix(8))"
        environment = sandbox.environment(audioDevice: audioDevice, extra: [
            "TMUX_TMPDIR": sandbox.url.path,
            "ENV": "",
        ])
        do {
            try startServer(["new-session", "-d", "-x", "\(width)", "-y", "\(height)", "-s", "e2e",
                             "-c", sandbox.url.path, "/bin/sh"])
            // dash sets its own prompt for root whatever the environment says: set it here.
            _ = try waitForScreen("the shell") { !$0.nonEmptyLines.isEmpty }
            try type("PS1='\(Self.prompt) '; clear")
            try press("Enter")
            _ = try waitForScreen("the shell prompt") { $0.nonEmptyLines.last == Self.prompt }
        } catch {
            close()
            throw error
        }
    }

    deinit {
        close()
    }

    /// Kills the tmux server (and with it the shell and anything still running in the pane).
    func close() {
        let wasClosed = lock.withLock { () -> Bool in
            defer { isClosed = true }
            return isClosed
        }
        guard !wasClosed else { return }
        _ = try? tmux(["kill-server"], allowFailure: true)
    }

    // MARK: Keys

    /// Types `text` literally (no key names).
    func type(_ text: String) throws {
        try tmux(["send-keys", "-t", "e2e", "-l", text])
    }

    /// Presses keys by tmux name: `Enter`, `Space`, `C-c`, `q`, `y`.
    func press(_ keys: String...) throws {
        try tmux(["send-keys", "-t", "e2e"] + keys)
    }

    /// Resizes the window (the program gets SIGWINCH).
    func resize(width: Int, height: Int) throws {
        try tmux(["resize-window", "-t", "e2e", "-x", "\(width)", "-y", "\(height)"])
    }

    // MARK: Screen

    /// The visible screen, one line per row, trailing blanks removed.
    func screen() throws -> String {
        try tmux(["capture-pane", "-p", "-t", "e2e"])
    }

    /// The visible screen with its colours and attributes as SGR escape sequences
    /// (`capture-pane -e`).
    func styledScreen() throws -> String {
        try tmux(["capture-pane", "-p", "-e", "-t", "e2e"])
    }

    /// Waits until the screen satisfies `predicate` and returns it.
    /// - Throws: ``E2EFailure`` with the last screen on timeout.
    @discardableResult
    func waitForScreen(_ what: String, timeout: Duration = .seconds(20),
                       where predicate: (String) -> Bool) throws -> String {
        var last = ""
        return try waitUntil(what, timeout: timeout, context: { "screen:\n\(last)" }) {
            last = try screen()
            return predicate(last) ? last : nil
        }
    }

    /// Waits until the screen contains `text`.
    @discardableResult
    func waitForScreen(containing text: String, timeout: Duration = .seconds(20)) throws -> String {
        try waitForScreen("'\(text)' on the screen", timeout: timeout) { $0.contains(text) }
    }

    /// Waits for the command line typed by ``startHiit(_:environment:)`` to finish and the
    /// shell prompt to be back, and returns what is needed to check how it ended.
    /// - Parameter timeout: generous; the whole rest of the run must fit in it.
    /// - Throws: ``E2EFailure`` on timeout.
    func waitForEnd(of run: PaneRun, timeout: Duration = .seconds(20)) throws -> PaneEnding {
        let status = try run.waitForStatus(timeout: timeout)
        let screen = try waitForScreen("the shell prompt after hiit") { $0.nonEmptyLines.last == Self.prompt }
        return PaneEnding(status: status, screen: screen, sttyBefore: run.sttyBefore, sttyAfter: run.sttyAfter)
    }

    // MARK: Running hiit in the pane

    /// Types a command line that records `stty -g`, runs `hiit arguments…` (through `sh -c`,
    /// which writes its pid to `hiit.pid` and then `exec`s it, so the pid is hiit's), then
    /// records `stty -g` again and the exit status. See ``PaneRun``.
    /// - Parameters:
    ///   - arguments: hiit's arguments.
    ///   - environment: variables set for this run only (e.g. `NO_COLOR`).
    ///   - unsetting: variables of the pane's environment removed for this run only (through
    ///     `env -u`, e.g. `SWIFT_BACKTRACE`, to run hiit as a person's shell would).
    ///   - pipeTo: a command hiit's stdout is piped into (`cat`, `head -1`), or nil for none;
    ///     the status recorded is then that command's, as a shell without `pipefail` reports it.
    func startHiit(_ arguments: [String], environment: [String: String] = [:], unsetting: [String] = [],
                   pipeTo: String? = nil) throws -> PaneRun {
        let run = PaneRun(folder: sandbox.url)
        let binary = try HiitBinary.url().path
        let command = ([binary] + arguments).map(Self.quoted).joined(separator: " ")
        let assignments = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\(Self.quoted($0.value)) " }.joined()
        let removals = unsetting.isEmpty ? "" : "env " + unsetting.map { "-u \(Self.quoted($0)) " }.joined()
        let pipe = pipeTo.map { " | \($0)" } ?? ""
        try type("stty -g > stty.before; \(assignments)\(removals)sh -c 'echo $$ > hiit.pid; exec \"$0\" \"$@\"' \(command)\(pipe); "
                 + "echo $? > status.tmp; stty -g > stty.after; mv status.tmp status")
        try press("Enter")
        return run
    }

    /// The screen modes tmux keeps for a pane.
    struct ScreenFlags: Equatable, Sendable {
        /// The alternate screen is shown (`#{alternate_on}`).
        var alternateScreen: Bool
        /// The cursor is visible (`#{cursor_flag}`).
        var cursorShown: Bool
        /// Automatic line wrap is on (`#{wrap_flag}`).
        var autoWrap: Bool
    }

    /// The pane's screen modes now.
    func screenFlags() throws -> ScreenFlags {
        let flags = try tmux(["display-message", "-p", "-t", "e2e", "#{alternate_on} #{cursor_flag} #{wrap_flag}"])
            .trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ")
        guard flags.count == 3 else { throw E2EFailure("tmux display-message gave \(flags)") }
        return ScreenFlags(alternateScreen: flags[0] == "1", cursorShown: flags[1] == "1", autoWrap: flags[2] == "1")
    }

    /// The pane's title (`#{pane_title}`): what programs set with `OSC 2`, tmux's host name
    /// before any did.
    func paneTitle() throws -> String {
        try tmux(["display-message", "-p", "-t", "e2e", "#{pane_title}"]).trimmingCharacters(in: .newlines)
    }

    /// The pane's terminal device (`#{pane_tty}`), e.g. `/dev/pts/3`.
    func paneTTY() throws -> String {
        try tmux(["display-message", "-p", "-t", "e2e", "#{pane_tty}"]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// `text` in single quotes for the shell.
    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    // MARK: tmux

    /// Starts the tmux server with `arguments` (a `new-session -d`) and waits for the client
    /// that started it to exit.
    /// - Throws: ``E2EFailure`` when tmux is missing or fails, with what it said.
    private func startServer(_ arguments: [String]) throws {
        // The server keeps the client's descriptors: its output goes to a file, not a pipe.
        let errorFile = sandbox.file("tmux-start.err")
        let errors = open(errorFile.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        let nothing = open("/dev/null", O_RDWR | O_CLOEXEC)
        defer {
            Glibc.close(errors)
            Glibc.close(nothing)
        }
        guard errors >= 0, nothing >= 0 else { throw E2EFailure("cannot open \(errorFile.path) or /dev/null") }
        let client: ChildProcess
        do {
            client = try ChildProcess(tmuxArguments(arguments), environment: environment,
                                      stdin: nothing, stdout: nothing, stderr: errors)
        } catch {
            throw E2EFailure("tmux is not installed, or not on PATH (the full-screen tests need it; "
                             + ".ci/run installs it): \(error)")
        }
        let ending = try waitUntil("tmux new-session to return") { client.ending }
        guard ending.status == 0 else {
            let said = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
            throw E2EFailure("tmux new-session failed (\(ending)): \(said)")
        }
    }

    /// Runs one tmux command against this terminal's running server and returns its stdout.
    /// - Throws: ``E2EFailure`` when it fails, with what it said on stderr.
    @discardableResult
    private func tmux(_ arguments: [String], allowFailure: Bool = false) throws -> String {
        let output = try ChildProcess.pipe(), errors = try ChildProcess.pipe()
        let nothing = open("/dev/null", O_RDONLY | O_CLOEXEC)
        let client: ChildProcess
        do {
            defer {
                Glibc.close(output.write)
                Glibc.close(errors.write)
                Glibc.close(nothing)
            }
            client = try ChildProcess(tmuxArguments(arguments), environment: environment,
                                      stdin: nothing, stdout: output.write, stderr: errors.write)
        } catch {
            Glibc.close(output.read)
            Glibc.close(errors.read)
            throw error
        }
        // A client does not fork: its pipes end when it exits.
        let text = String(decoding: ChildProcess.readAll(output.read), as: UTF8.self)
        let errorText = String(decoding: ChildProcess.readAll(errors.read), as: UTF8.self)
        var status: Int32 = 0
        while client.ending == nil { _ = poll(nil, 0, 1) }
        status = client.ending?.status ?? -1
        if status != 0, !allowFailure {
            throw E2EFailure("tmux \(arguments.joined(separator: " ")) failed (status \(status)): \(errorText)")
        }
        return text
    }

    private func tmuxArguments(_ arguments: [String]) -> [String] {
        ["tmux", "-f", "/dev/null", "-L", socket] + arguments
    }
}

/// Files written by the command line ``TmuxTerminal/startHiit(_:)`` types, in the sandbox.
struct PaneRun {
    let folder: URL

    private func text(_ name: String) -> String? {
        (try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// hiit's pid, once it has started.
    var pid: Int32? { text("hiit.pid").flatMap { Int32($0) } }

    /// The exit status, once the command line has finished (written last).
    var status: Int32? { text("status").flatMap { Int32($0) } }

    /// `stty -g` before hiit started.
    var sttyBefore: String? { text("stty.before") }

    /// `stty -g` after hiit ended.
    var sttyAfter: String? { text("stty.after") }

    /// Waits for hiit's pid. Blocks.
    func waitForPid() throws -> Int32 {
        try waitUntil("hiit's pid file") { pid }
    }

    /// Waits for the command line to finish and returns hiit's exit status. Blocks.
    /// - Parameter timeout: generous; the whole run must fit in it.
    func waitForStatus(timeout: Duration = .seconds(20)) throws -> Int32 {
        try waitUntil("hiit to exit (status file)", timeout: timeout) { status }
    }

    /// Removes the files of a finished run, so the same sandbox can run hiit again.
    func clear() throws {
        for name in ["status", "hiit.pid", "stty.before", "stty.after"] {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
    }
}

/// How a run in the pane ended: hiit's exit status, the screen with the prompt back, and the
/// terminal settings before and after.
struct PaneEnding: Sendable {
    let status: Int32
    let screen: String
    let sttyBefore: String?
    let sttyAfter: String?
}

extension String {
    /// The non-empty lines, trailing blanks removed.
    var nonEmptyLines: [String] {
        split(separator: "\n").map { line in
            var line = String(line)
            while line.last == " " { line.removeLast() }
            return line
        }.filter { !$0.isEmpty }
    }
}
