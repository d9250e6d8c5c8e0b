import Foundation
import SessionEngine

/// A player that remembers the cues it is asked to play, in order, for tests of the modules
/// that drive cues (the run loop, the executable). Thread-safe: ``play(_:)`` may be called
/// from any thread while a test reads ``cues``.
///
/// A muted recorder records nothing, as a muted device sounds nothing.
public final class RecordingCuePlayer: CuePlayer, @unchecked Sendable {
    // @unchecked Sendable: the only mutable state (`recorded`, `muted`) is read and written
    // while holding `lock`.
    private let lock = NSLock()
    private var recorded: [Cue] = []
    private var muted = false

    /// An empty, unmuted recorder.
    public init() {}

    /// Every cue played while unmuted, oldest first.
    public var cues: [Cue] {
        lock.withLock { recorded }
    }

    /// Appends `cue` to ``cues`` unless the recorder is muted.
    public func play(_ cue: Cue) {
        lock.withLock {
            if !muted { recorded.append(cue) }
        }
    }

    /// Whether ``play(_:)`` currently ignores cues.
    public var isMuted: Bool {
        lock.withLock { muted }
    }

    /// Mutes or unmutes the recorder.
    public func setMuted(_ muted: Bool) {
        lock.withLock { self.muted = muted }
    }

    /// Forgets every recorded cue.
    public func removeAll() {
        lock.withLock { recorded.removeAll() }
    }

    /// Returns `true` at once: recording is immediate.
    @discardableResult
    public func waitUntilIdle(timeout: Duration) -> Bool { true }
}
