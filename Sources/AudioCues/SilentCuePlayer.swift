import SessionEngine

/// A player that never makes a sound: for `--mute`, for a machine without a sound device,
/// and for tests that do not look at cues.
public struct SilentCuePlayer: CuePlayer {
    /// A silent player.
    public init() {}

    /// Does nothing.
    public func play(_ cue: Cue) {}

    /// Always `true`: nothing is ever heard.
    public var isMuted: Bool { true }

    /// Does nothing: the player stays silent.
    public func setMuted(_ muted: Bool) {}

    /// Returns `true` at once: there is never anything queued.
    @discardableResult
    public func waitUntilIdle(timeout: Duration) -> Bool { true }
}
