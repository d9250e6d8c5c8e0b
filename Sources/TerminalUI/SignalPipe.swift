import Glibc
import Dispatch
import Foundation

/// Delivers signals (SIGINT, SIGTERM, SIGHUP, SIGWINCH, …) as bytes on a pipe, so a `poll`
/// loop can wait on them together with standard input (the self-pipe pattern).
///
/// For each signal it sets the C disposition to `SIG_IGN` (so the default action, such as
/// terminating, no longer happens) and watches it with a `DispatchSource` on a private serial
/// queue. The source's handler, a `@Sendable` closure created here in library code, writes
/// the signal number as one byte to the pipe; no work happens in a C signal handler. The run
/// loop polls ``readFD`` and calls ``drain()`` to learn which signals arrived.
///
/// ``close()`` (or `deinit`) stops watching and puts back each signal's previous
/// disposition, so a Ctrl-C after the timer has ended behaves normally again.
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
    private let previous: [(Int32, sighandler_t?)]
    private let cancelled = DispatchGroup()
    private let lock = NSLock()
    private var isOpen = true

    /// Starts watching `signals`.
    /// - Parameter signals: signal numbers such as `SIGINT`, `SIGTERM`, `SIGHUP`, `SIGWINCH`;
    ///   duplicates are watched once.
    /// - Throws: ``TerminalError/unsupportedSignal(_:)`` for a number outside 1–64 or for
    ///   SIGKILL/SIGSTOP; ``TerminalError/systemCall(function:fd:errno:)`` naming `pipe` or
    ///   `fcntl` when the pipe cannot be made. Nothing is changed when it throws.
    public init(signals: [Int32]) throws(TerminalError) {
        var unique: [Int32] = []
        for number in signals where !unique.contains(number) {
            guard (1...64).contains(number), number != SIGKILL, number != SIGSTOP else {
                throw .unsupportedSignal(number)
            }
            unique.append(number)
        }
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw .lastError("pipe") }
        for fd in ends {
            let flags = fcntl(fd, F_GETFL)
            let descriptorFlags = fcntl(fd, F_GETFD)
            if flags < 0 || descriptorFlags < 0
                || fcntl(fd, F_SETFL, flags | O_NONBLOCK) != 0
                || fcntl(fd, F_SETFD, descriptorFlags | FD_CLOEXEC) != 0 {
                let failure = TerminalError.lastError("fcntl", fd: fd)
                _ = Glibc.close(ends[0])
                _ = Glibc.close(ends[1])
                throw failure
            }
        }
        let readEnd = ends[0]
        let writeEnd = ends[1]
        let queue = DispatchQueue(label: "hiit.TerminalUI.SignalPipe")
        var previous: [(Int32, sighandler_t?)] = []
        var sources: [DispatchSourceSignal] = []
        for number in unique {
            previous.append((number, signal(number, SIG_IGN)))
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler(handler: SignalPipe.handler(signal: number, writeFD: writeEnd))
            cancelled.enter()
            source.setCancelHandler { [cancelled] in cancelled.leave() }
            source.resume()
            sources.append(source)
        }
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
        return {
            var value = byte
            // A full pipe (thousands of undrained signals) drops the byte; the reader still
            // wakes for the ones already there.
            while write(writeFD, &value, 1) < 0 && errno == EINTR {}
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
        var buffer = [UInt8](repeating: 0, count: 256)
        while true {
            let count = buffer.withUnsafeMutableBytes { raw -> Int in
                guard let base = raw.baseAddress else { return 0 }
                return read(readFD, base, raw.count)
            }
            if count > 0 {
                for byte in buffer[0..<count] where !arrived.contains(Int32(byte)) {
                    arrived.append(Int32(byte))
                }
                continue
            }
            if count < 0 && errno == EINTR { continue }
            return arrived
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
        for (number, handler) in previous { signal(number, handler) }
        let readEnd = readFD
        let writeEnd = writeFD
        // Close only after every cancel handler ran, so no event handler can write to a
        // descriptor number that has been closed (and perhaps reused).
        cancelled.notify(queue: .global()) {
            _ = Glibc.close(writeEnd)
            _ = Glibc.close(readEnd)
        }
    }
}
