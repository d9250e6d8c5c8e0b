import Glibc
import Dispatch
import Foundation
import POSIX

/// Delivers signals (SIGINT, SIGTERM, SIGHUP, SIGWINCH, …) as bytes on a pipe, so a `poll`
/// loop can wait on them together with standard input (the self-pipe pattern).
///
/// For each signal it sets the C disposition to `SIG_IGN` (so the default action, such as
/// terminating, no longer happens) and watches it with a `DispatchSource` on a private serial
/// queue. The source's handler, a `@Sendable` closure created here in library code, writes
/// the signal number as one byte to the pipe; no work happens in a C signal handler. The run
/// loop polls ``readFD`` and calls ``drain()`` to learn which signals arrived.
///
/// ``close()`` (or `deinit`) stops watching, puts back each signal's previous disposition
/// and unblocks the signals in the calling thread, so a Ctrl-C after the timer has ended
/// behaves normally again.
///
/// How libdispatch does it on Linux (worth knowing when debugging): registering a signal
/// source installs libdispatch's own C handler for that signal (once per process), which
/// blocks all asynchronous signals in whichever thread it interrupts and re-sends the signal
/// to libdispatch's manager thread, where a `signalfd` picks it up. So the `SIG_IGN` set here
/// only covers the moment before registration; `init` waits until every source is
/// registered, so a signal sent right after `init` returns is not lost. Because libdispatch
/// installs its handler only once, ``close()`` remembers it and a later `SignalPipe` for the
/// same signal puts it back instead of `SIG_IGN`.
///
/// Signals sent to the process (`kill`, a terminal's SIGWINCH, Ctrl-C in cooked mode) are
/// delivered. A signal sent with `raise`/`pthread_kill` to one thread that blocks it (as
/// libdispatch's worker threads do) stays pending in that thread and is never seen.
///
/// Signal dispositions are process-wide: keep one `SignalPipe` per signal at a time.
/// (`@unchecked Sendable`: the mutable state is guarded by a lock.)
public final class SignalPipe: @unchecked Sendable {
    /// The pipe's read end: readable when at least one signal is waiting to be drained.
    /// Non-blocking and close-on-exec.
    public let readFD: Int32
    /// The signal numbers being watched, as given.
    public let signals: [Int32]

    private let writeFD: Int32
    private let sources: [DispatchSourceSignal]
    private let previous: [(Int32, sigaction)]
    private let unblockOnClose: [Int32]
    private let cancelled = DispatchGroup()
    private let lock = NSLock()
    private var isOpen = true

    /// Starts watching `signals`.
    /// - Parameter signals: signal numbers such as `SIGINT`, `SIGTERM`, `SIGHUP`, `SIGWINCH`;
    ///   duplicates are watched once.
    /// - Throws: ``TerminalError/unsupportedSignal(_:)`` for a number outside 1–64 or for
    ///   SIGKILL/SIGSTOP; ``TerminalError/systemCall(function:fd:errno:)`` naming `pipe` or
    ///   `fcntl` when the pipe cannot be made (`POSIX`'s ``POSIX/FileDescriptor/pipe()``).
    ///   Nothing is changed when it throws.
    public init(signals: [Int32]) throws(TerminalError) {
        var unique: [Int32] = []
        for number in signals where !unique.contains(number) {
            guard (1...64).contains(number), number != SIGKILL, number != SIGSTOP else {
                throw .unsupportedSignal(number)
            }
            unique.append(number)
        }
        let ends: (readEnd: FileDescriptor, writeEnd: FileDescriptor)
        do {
            ends = try FileDescriptor.pipe()
        } catch {
            throw TerminalError(error)
        }
        for end in [ends.readEnd, ends.writeEnd] {
            do {
                try end.addStatusFlags(O_NONBLOCK)
                try end.addDescriptorFlags(FD_CLOEXEC)
            } catch {
                try? ends.readEnd.close()
                try? ends.writeEnd.close()
                throw TerminalError(error)
            }
        }
        let readEnd = ends.readEnd.rawValue
        let writeEnd = ends.writeEnd.rawValue
        let queue = DispatchQueue(label: "hiit.TerminalUI.SignalPipe")
        var blocked = sigset_t()
        pthread_sigmask(SIG_BLOCK, nil, &blocked)
        var previous: [(Int32, sigaction)] = []
        var sources: [DispatchSourceSignal] = []
        let registered = DispatchGroup()
        for number in unique {
            var old = sigaction()
            sigaction(number, nil, &old)
            previous.append((number, old))
            if var dispatchAction = SignalPipe.dispatchHandlers.action(for: number) {
                sigaction(number, &dispatchAction, nil)
            } else {
                signal(number, SIG_IGN)
            }
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler(handler: SignalPipe.handler(signal: number, writeFD: writeEnd))
            registered.enter()
            source.setRegistrationHandler { [registered] in registered.leave() }
            cancelled.enter()
            source.setCancelHandler { [cancelled] in cancelled.leave() }
            source.resume()
            sources.append(source)
        }
        // Registration happens on libdispatch's manager thread; a signal sent before it would
        // meet SIG_IGN and be lost. It takes milliseconds, but on a machine loaded by hundreds
        // of test processes a 2 s cap was seen to run out (a SIGPROF sent after the first
        // frame was lost); 10 s only bounds a manager thread that never runs.
        _ = registered.wait(timeout: .now() + .seconds(10))
        self.unblockOnClose = unique.filter { sigismember(&blocked, $0) == 0 }
        self.readFD = readEnd
        self.writeFD = writeEnd
        self.signals = unique
        self.sources = sources
        self.previous = previous
    }

    deinit {
        close()
    }

    /// The event handler for one signal: writes the signal's number as one byte. Made here, in
    /// a nonisolated static function, so it is never inferred to be main-actor isolated.
    private static func handler(signal number: Int32, writeFD: Int32) -> @Sendable () -> Void {
        let byte = UInt8(truncatingIfNeeded: number)
        let pipe = FileDescriptor(rawValue: writeFD)
        return {
            // One write (retried on EINTR), never a wait: a full pipe (thousands of undrained
            // signals) drops the byte; the reader still wakes for the ones already there.
            _ = withUnsafeBytes(of: byte) { try? pipe.write($0) }
        }
    }

    /// Reads everything waiting on the pipe without blocking.
    /// - Returns: the signals that arrived since the last call, each once, in the order they
    ///   first arrived (a burst of SIGWINCH during a resize gives one entry); empty when none
    ///   (or after ``close()``).
    public func drain() -> [Int32] {
        lock.lock()
        defer { lock.unlock() }
        guard isOpen else { return [] }
        var arrived: [Int32] = []
        let pipe = FileDescriptor(rawValue: readFD)
        while true {
            // Until the pipe is empty (EAGAIN: it is non-blocking) or closed; EINTR is retried.
            guard let bytes = try? pipe.read(upToCount: 256), !bytes.isEmpty else { return arrived }
            for byte in bytes where !arrived.contains(Int32(byte)) {
                arrived.append(Int32(byte))
            }
        }
    }

    /// Stops watching: cancels the dispatch sources, puts back each signal's previous
    /// disposition and closes the pipe once no handler can run any more. Safe to call more
    /// than once; later calls do nothing.
    public func close() {
        lock.lock()
        defer { lock.unlock() }
        guard isOpen else { return }
        isOpen = false
        for source in sources { source.cancel() }
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for (number, old) in previous {
            var current = sigaction()
            sigaction(number, nil, &current)
            SignalPipe.dispatchHandlers.remember(current, for: number)
            var restored = old
            sigaction(number, &restored, nil)
        }
        // libdispatch's handler blocks signals in the thread it ran on; undo that here for the
        // signals this thread did not block itself, so the restored dispositions take effect.
        for number in unblockOnClose { sigaddset(&unblock, number) }
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
        let readEnd = readFD
        let writeEnd = writeFD
        // Close only after every cancel handler ran, so no event handler can write to a
        // descriptor number that has been closed (and perhaps reused).
        cancelled.notify(queue: .global()) {
            try? FileDescriptor(rawValue: writeEnd).close()
            try? FileDescriptor(rawValue: readEnd).close()
        }
    }

    // MARK: - libdispatch's handlers

    /// libdispatch's C handlers, remembered per signal (see the type's discussion).
    static let dispatchHandlers = DispatchHandlers()

    /// A lock-guarded table of the `sigaction`s libdispatch installed, by signal number.
    final class DispatchHandlers: @unchecked Sendable {
        private let lock = NSLock()
        private var actions: [Int32: sigaction] = [:]

        /// Keeps `action` when it is a real handler (neither `SIG_DFL` nor `SIG_IGN`).
        func remember(_ action: sigaction, for number: Int32) {
            let handler = unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self)
            guard handler != 0, handler != 1 else { return }
            lock.lock()
            defer { lock.unlock() }
            actions[number] = action
        }

        /// The handler remembered for `number`, if any.
        func action(for number: Int32) -> sigaction? {
            lock.lock()
            defer { lock.unlock() }
            return actions[number]
        }
    }
}
