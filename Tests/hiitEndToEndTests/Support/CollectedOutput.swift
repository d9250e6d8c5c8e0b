import Foundation

/// What a child's pipe or pseudo-terminal gave, collected on a thread of its own, and whether
/// that stream has reached its end.
///
/// A test that checks stderr after the child exited must wait for `ended`, not for "some
/// text": the exit can be seen before the reading thread has taken the last line.
final class CollectedOutput: @unchecked Sendable {
    // @unchecked Sendable: `data` and `isEnded` are read and written only while holding `lock`.
    private let lock = NSLock()
    private var data = Data()
    private var isEnded = false

    /// Starts reading `fd` to its end (then closes it).
    init(reading fd: Int32) {
        ChildProcess.readToEnd(fd) { [self] chunk in
            lock.withLock {
                if let chunk { data.append(chunk) } else { isEnded = true }
            }
        }
    }

    /// Everything read so far, as UTF-8 (invalid bytes replaced).
    var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }

    /// Whether the stream has reached its end (every writer closed it).
    var ended: Bool { lock.withLock { isEnded } }

    /// Everything the stream gave, once it has ended.
    /// - Throws: `E2EFailure` when it has not ended within `timeout` (a writer still holds it).
    func waitForEnd(_ what: String, timeout: Duration = .seconds(10)) throws -> String {
        _ = try waitUntil("\(what) to end", timeout: timeout, context: { self.text }) { self.ended ? true : nil }
        return text
    }
}
