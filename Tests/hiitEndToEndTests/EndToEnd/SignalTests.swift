import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Every catchable signal whose default action ends a process, sent with `kill` to the
/// full-screen timer in a real terminal (tmux, 80×24, its shell `/bin/sh`, dash on Debian,
/// hiit started through `sh -c`), as issue 11 (item 6) asks: the terminal must come back
/// exactly as it was (`stty -g` equal to the one recorded before the run, after having been
/// changed while it ran; the alternate screen left, the cursor shown) and the shell must see
/// 128 + N. dash, unlike bash, does not repair the terminal of a job a signal killed, so a
/// signal hiit did not handle shows up here as a raw terminal.
///
/// The asynchronous signals end the run as SIGINT and SIGTERM do ("Stopped by …: nothing was
/// recorded", exit 128 + N). The ones a thread brings on itself (faults and refused writes,
/// sent with `kill` here; one real crash through the `HIIT_FAULT=run-loop-crash` hook; one real
/// SIGPIPE from `| head -1`) end the process by the signal, faults after the Swift runtime's
/// backtracer (non-interactive in tests), the terminal put back first by RawMode's handler.
@Suite("End to end: signals restore the terminal", .serialized,
       .enabled(if: TmuxTerminal.isInstalled, "tmux is not installed"))
struct SignalTests {
    /// A signal to send, named as `kill -l` names it (with `SIG`).
    struct Sent: CustomStringConvertible, Sendable {
        let number: Int32
        let name: String
        var description: String { name }
    }

    /// The asynchronous ones (signal(7), written out here rather than taken from the code under
    /// test): every classic terminating signal, and the first, second and last real-time ones.
    static let asynchronous: [Sent] = {
        let classic: [(Int32, String)] = [
            (SIGHUP, "SIGHUP"), (SIGINT, "SIGINT"), (SIGQUIT, "SIGQUIT"), (SIGUSR1, "SIGUSR1"), (SIGUSR2, "SIGUSR2"),
            (SIGALRM, "SIGALRM"), (SIGTERM, "SIGTERM"), (SIGSTKFLT, "SIGSTKFLT"),
            (SIGXCPU, "SIGXCPU"), (SIGVTALRM, "SIGVTALRM"),
            (SIGIO, "SIGIO"), (SIGPWR, "SIGPWR"),
        ]
        let low = __libc_current_sigrtmin(), high = __libc_current_sigrtmax()
        let realTime: [(Int32, String)] = [(low, "SIGRTMIN"), (low + 1, "SIGRTMIN+1"), (high, "SIGRTMIN+\(high - low)")]
        return (classic + realTime).map { Sent(number: $0.0, name: $0.1) }
    }()

    /// The ones a thread normally brings on itself (faults, refused writes), sent from outside.
    static let synchronous: [Sent] = [
        (SIGILL, "SIGILL"), (SIGTRAP, "SIGTRAP"), (SIGABRT, "SIGABRT"), (SIGBUS, "SIGBUS"), (SIGFPE, "SIGFPE"),
        // SIGPROF, the profiling timer's signal, is handled with these (SignalNumbers.synchronous).
        (SIGSEGV, "SIGSEGV"), (SIGPIPE, "SIGPIPE"), (SIGXFSZ, "SIGXFSZ"), (SIGPROF, "SIGPROF"), (SIGSYS, "SIGSYS"),
    ].map { Sent(number: $0.0, name: $0.1) }

    /// What one run in the pane showed.
    struct Observed: Sendable {
        /// `stty -g` of the pane's terminal while hiit ran (read from outside with `stty -F`).
        let sttyDuring: String
        /// The pane's flags while hiit ran.
        let during: TmuxTerminal.ScreenFlags
        /// The pane's flags after hiit ended.
        let after: TmuxTerminal.ScreenFlags
        /// The pane's title before hiit started, while it ran, and after it ended.
        let titles: (before: String, during: String, after: String)
        let ending: PaneEnding
    }

    @Test(arguments: asynchronous)
    func anAsynchronousSignalRestoresTheTerminalAndEndsWith128PlusN(signal: Sent) async throws {
        let sandbox = try E2ESandbox()
        let observed = try await onOwnThread { try Self.run(sandbox: sandbox, sending: signal.number) }
        Self.expectRestored(observed, signal)
        #expect(observed.ending.status == 128 + signal.number, "\(signal): status \(observed.ending.status)")
        let stopped = "Stopped by \(signal.number == SIGINT ? "SIGINT (Ctrl-C)" : signal.description): nothing was recorded."
        #expect(observed.ending.screen.contains(stopped), "\(signal):\n\(observed.ending.screen)")
        #expect(try sandbox.historyLines().isEmpty)
    }

    /// Sent from outside, a fault signal also starts the Swift runtime's backtracer, which
    /// outlived the test's terminal as an orphan waiting on a socket (one 33 MiB process per
    /// run of the suite): the runtime's handler is off here (`enable=no`), so the one that
    /// restores the terminal is hiit's alone; the crash test below keeps the backtracer.
    @Test(arguments: synchronous)
    func aSynchronousSignalRestoresTheTerminalAndEndsByTheSignal(signal: Sent) async throws {
        let sandbox = try E2ESandbox()
        let observed = try await onOwnThread {
            try Self.run(sandbox: sandbox, sending: signal.number, environment: ["SWIFT_BACKTRACE": "enable=no"])
        }
        Self.expectRestored(observed, signal)
        #expect(observed.ending.status == 128 + signal.number, "\(signal): status \(observed.ending.status)")
        if signal.number == SIGPIPE {
            #expect(!observed.ending.screen.contains("Stopped by"), "SIGPIPE ends quietly:\n\(observed.ending.screen)")
        }
        #expect(try sandbox.historyLines().isEmpty)
    }

    /// A real crash in raw mode: a Swift trap in the run loop (SIGILL on x86-64, SIGTRAP on
    /// arm64), which unwinds nothing.
    @Test func aCrashInRawModeRestoresTheTerminal() async throws {
        let sandbox = try E2ESandbox()
        let observed = try await onOwnThread {
            try Self.run(sandbox: sandbox, sending: nil, environment: ["HIIT_FAULT": "run-loop-crash"])
        }
        Self.expectRestored(observed, Sent(number: 0, name: "a crash"))
        #expect([128 + SIGILL, 128 + SIGTRAP].contains(observed.ending.status), "status \(observed.ending.status)")
        #expect(observed.ending.screen.contains("Backtrace took"), "the crash report is on the normal screen:\n\(observed.ending.screen)")
    }

    /// SIGQUIT as a person's shell delivers it, with no `SWIFT_BACKTRACE` in the environment:
    /// the Swift runtime would draw an interactive backtrace over the timer and wait 30 s for a
    /// key. It must end the run promptly (well inside the 20 s wait, so a 30 s wait fails) with
    /// no backtrace on the screen.
    @Test func sigquitWithoutSwiftBacktraceEndsPromptlyWithNoBacktrace() async throws {
        let sandbox = try E2ESandbox()
        let observed = try await onOwnThread {
            try Self.run(sandbox: sandbox, sending: SIGQUIT, unsetting: ["SWIFT_BACKTRACE"])
        }
        Self.expectRestored(observed, Sent(number: SIGQUIT, name: "SIGQUIT"))
        #expect(observed.ending.status == 128 + SIGQUIT, "status \(observed.ending.status)")
        let screen = observed.ending.screen
        for text in ["Backtrace", "Thread 0", "Press space", "crashed", "💣"] {
            #expect(!screen.contains(text), "no backtrace text (\(text)):\n\(screen)")
        }
        #expect(screen.contains("Stopped by SIGQUIT: nothing was recorded."), "\(screen)")
    }

    /// Ctrl-\ (byte 28) in raw mode is a key, not SIGQUIT: it does nothing, the timer goes on
    /// (space still pauses it), and q, y quit.
    @Test func ctrlBackslashIsAKeyThatDoesNothing() async throws {
        let sandbox = try E2ESandbox()
        let (stillRunning, ending) = try await onOwnThread { () throws -> (Bool, PaneEnding) in
            let terminal = try TmuxTerminal(sandbox: sandbox)
            defer { terminal.close() }
            let run = try terminal.startHiit(["run", "20/10x8", "--prepare", "0", "--no-record", "--mute"])
            try terminal.waitForScreen("the timer") { $0.contains("q quit") && $0.contains("WORK") }
            try terminal.press("C-\\")
            try terminal.press("Space")
            try terminal.waitForScreen(containing: "PAUSED")
            let stillRunning = run.status == nil
            try terminal.press("q")
            try terminal.waitForScreen(containing: "Quit? Nothing will be recorded.")
            try terminal.press("y")
            return (stillRunning, try terminal.waitForEnd(of: run))
        }
        #expect(stillRunning, "Ctrl-\\ did not end the run")
        #expect(ending.status == 0)
        #expect(ending.sttyAfter == ending.sttyBefore)
        #expect(!ending.screen.contains("Backtrace"), "\(ending.screen)")
    }

    /// Plain lines on a pipe, the keys read in raw mode from the terminal (`hiit run | cat`):
    /// a signal other than SIGINT, SIGTERM and SIGHUP restores the terminal too.
    @Test func plainLinesWithRawKeysRestoreOnSigusr1() async throws {
        let sandbox = try E2ESandbox()
        let (during, ending) = try await onOwnThread { () throws -> (String, PaneEnding) in
            let terminal = try TmuxTerminal(sandbox: sandbox)
            defer { terminal.close() }
            let run = try terminal.startHiit(["run", "20/10x8", "--prepare", "0", "--no-record", "--mute"], pipeTo: "cat")
            let pid = try run.waitForPid()
            try terminal.waitForScreen("the title line") { $0.contains("20/10x8") && $0.contains("WORK") }
            let during = try Self.sttyDuring(terminal, before: run)
            #expect(kill(pid, SIGUSR1) == 0)
            return (during, try terminal.waitForEnd(of: run))
        }
        #expect(during != ending.sttyBefore, "raw mode while it ran")
        #expect(ending.sttyAfter == ending.sttyBefore, "stty -g after differs from before")
        #expect(ending.screen.contains("Stopped by SIGUSR1: nothing was recorded."), "\(ending.screen)")
    }

    /// Plain lines into `head -1`, the keys read in raw mode: once head has gone, hiit's next
    /// line meets a pipe with no reader (SIGPIPE, from the write itself). The run ends quietly
    /// and the terminal is put back.
    @Test func aPipeWhoseReaderIsGoneRestoresTheRawKeyboard() async throws {
        let sandbox = try E2ESandbox()
        let ending = try await onOwnThread { () throws -> PaneEnding in
            let terminal = try TmuxTerminal(sandbox: sandbox)
            defer { terminal.close() }
            // A 4-minute workout whose second segment starts after 1 s: it must end by the write
            // of that line (or one soon after), well inside the wait.
            let run = try terminal.startHiit(["run", "20/10x8", "--prepare", "1", "--no-record", "--mute"], pipeTo: "head -1")
            return try terminal.waitForEnd(of: run, timeout: .seconds(30))
        }
        #expect(ending.sttyAfter == ending.sttyBefore, "stty -g after differs from before")
        #expect(!ending.screen.contains("Stopped by"), "quietly:\n\(ending.screen)")
    }

    // MARK: Running one

    /// Starts `hiit run 20/10x8` full screen in a fresh pane, waits for the timer, reads the
    /// terminal settings from outside, sends `signal` (none: waits for the run to end by
    /// itself) and waits for the prompt.
    static func run(sandbox: E2ESandbox, sending signal: Int32?, environment: [String: String] = [:],
                    unsetting: [String] = []) throws -> Observed {
        let terminal = try TmuxTerminal(sandbox: sandbox)
        defer { terminal.close() }
        let titleBefore = try terminal.paneTitle()
        let run = try terminal.startHiit(["run", "20/10x8", "--prepare", "0", "--no-record", "--mute"],
                                         environment: environment, unsetting: unsetting)
        let pid = try run.waitForPid()
        try terminal.waitForScreen("the timer") { $0.contains("q quit") }
        let during = try sttyDuring(terminal, before: run)
        let flagsDuring = try terminal.screenFlags()
        let titleDuring = try terminal.paneTitle()
        if let signal {
            guard kill(pid, signal) == 0 else { throw E2EFailure("kill(\(pid), \(signal)) failed: errno \(errno)") }
        }
        let ending = try terminal.waitForEnd(of: run)
        let flagsAfter = try terminal.screenFlags()
        return Observed(sttyDuring: during, during: flagsDuring, after: flagsAfter,
                        titles: (titleBefore, titleDuring, try terminal.paneTitle()), ending: ending)
    }

    /// `stty -g` of the pane's terminal, read with `stty -F` while hiit runs in it.
    static func sttyDuring(_ terminal: TmuxTerminal, before run: PaneRun) throws -> String {
        let tty = try terminal.paneTTY()
        let output = try ChildProcess.pipe()
        let null = open("/dev/null", O_RDWR | O_CLOEXEC)
        defer { close(null) }
        let child: ChildProcess
        do {
            defer { close(output.write) }
            child = try ChildProcess(["stty", "-F", tty, "-g"], environment: terminal.sandbox.environment(),
                                     stdin: null, stdout: output.write, stderr: null)
        }
        // readAll closes output.read: closing it again could close another test's descriptor
        // that has taken the number meanwhile (a parallel test's stdin: "write: Bad file descriptor").
        let text = String(decoding: ChildProcess.readAll(output.read), as: UTF8.self)
        _ = try waitUntil("stty -F to end") { child.ending }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The terminal was changed while hiit ran, and is exactly as before now.
    static func expectRestored(_ observed: Observed, _ signal: Sent, sourceLocation: SourceLocation = #_sourceLocation) {
        let ending = observed.ending
        #expect(ending.sttyBefore?.isEmpty == false, "stty -g was recorded before the run", sourceLocation: sourceLocation)
        #expect(observed.sttyDuring != ending.sttyBefore, "\(signal): raw mode while it ran", sourceLocation: sourceLocation)
        #expect(observed.during == TmuxTerminal.ScreenFlags(alternateScreen: true, cursorShown: false, autoWrap: false),
                "\(signal): the alternate screen, cursor hidden, no auto-wrap while it ran", sourceLocation: sourceLocation)
        #expect(ending.sttyAfter == ending.sttyBefore,
                "\(signal): stty -g after (\(ending.sttyAfter ?? "-")) differs from before (\(ending.sttyBefore ?? "-"))",
                sourceLocation: sourceLocation)
        #expect(observed.after == TmuxTerminal.ScreenFlags(alternateScreen: false, cursorShown: true, autoWrap: true),
                "\(signal): the normal screen, the cursor shown, auto-wrap on", sourceLocation: sourceLocation)
        #expect(!ending.screen.contains("q quit"), "\(signal): the timer screen is gone:\n\(ending.screen)",
                sourceLocation: sourceLocation)
        #expect(observed.titles.during.hasSuffix(" · hiit"), "\(signal): the title while it ran: \(observed.titles.during)",
                sourceLocation: sourceLocation)
        #expect(observed.titles.after == observed.titles.before,
                "\(signal): the title of before comes back (\(observed.titles.after), was \(observed.titles.before))",
                sourceLocation: sourceLocation)
    }
}
