import Foundation
import Glibc
import POSIX
import Testing

/// A private folder for one test, removed by ``remove()``.
struct ScratchFolder {
    let path: String

    init() throws {
        path = try FileSystem.makeTemporaryFolder(prefix: FileManager.default.temporaryDirectory.path + "/hiit-posix-")
    }

    func file(_ name: String) -> String { path + "/" + name }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
}

/// A value guarded by a lock, shared between a test and the thread it starts.
final class Shared<Value: Sendable>: @unchecked Sendable {
    // @unchecked Sendable: `value` is only touched while holding `lock`.
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func get() -> Value { lock.withLock { value } }

    func update(_ change: (inout Value) -> Void) { lock.withLock { change(&value) } }
}

/// Interrupting a blocked system call for real: a thread of its own runs `body` with SIGUSR2
/// unblocked, and ``interrupt()`` sends SIGUSR2 to that thread only (`pthread_kill`). The
/// signal's handler does nothing and is installed without `SA_RESTART`, so a blocked `read`,
/// `poll` or `nanosleep` in the thread returns `EINTR` when it arrives.
///
/// Dispositions are process-wide: the handler stays installed (nothing else in the test
/// process uses SIGUSR2, and a no-op handler is harmless), and the tests using it run one at
/// a time.
final class InterruptibleThread<Result: Sendable>: @unchecked Sendable {
    // @unchecked Sendable: the mutable state is inside `Shared` boxes; `done` is a semaphore.
    private let thread = Shared<pthread_t?>(nil)
    private let result = Shared<Result?>(nil)
    private let done = DispatchSemaphore(value: 0)

    static func installHandler() {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0  // no SA_RESTART: interrupted calls fail with EINTR
        sigaction(SIGUSR2, &action, nil)
    }

    /// Starts `body` on a new thread.
    init(_ body: @escaping @Sendable () -> Result) {
        Self.installHandler()
        let thread = self.thread
        let result = self.result
        let done = self.done
        Thread.detachNewThread {
            var unblock = sigset_t()
            sigemptyset(&unblock)
            sigaddset(&unblock, SIGUSR2)
            pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
            thread.update { $0 = pthread_self() }
            let value = body()
            result.update { $0 = value }
            thread.update { $0 = nil }
            done.signal()
        }
        while self.thread.get() == nil && result.get() == nil { usleep(1000) }
    }

    /// Sends SIGUSR2 to the thread while it runs.
    func interrupt() {
        thread.update { current in
            if let current { pthread_kill(current, SIGUSR2) }
        }
    }

    /// Waits for `body` to return.
    /// - Returns: its value, or nil after `timeout`.
    func wait(timeout: Duration = .seconds(10)) -> Result? {
        let (seconds, attoseconds) = timeout.components
        let wait = DispatchTime.now() + .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
        guard done.wait(timeout: wait) == .success else { return nil }
        return result.get()
    }
}

/// Whether another open of `path` can take an exclusive `flock` now, that is whether every
/// descriptor that held the lock has been closed. Tries for up to a second: a child process
/// that another test is starting at this moment may briefly hold a copy of a descriptor.
func lockIsFree(_ path: String) throws -> Bool {
    let probe = try FileDescriptor.open(path, O_RDONLY)
    defer { try? probe.close() }
    for _ in 0..<100 {
        if flock(probe.rawValue, LOCK_EX | LOCK_NB) == 0 { return true }
        usleep(10_000)
    }
    return false
}
