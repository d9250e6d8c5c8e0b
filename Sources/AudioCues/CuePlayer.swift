import SessionEngine

/// Something that sounds cues: the ALSA device, silence, or a recorder for tests.
///
/// Calls never wait on audio: ``play(_:)`` only enqueues, so the timer loop can call it on
/// time whatever the device does. Muting lives in the player (the `m` key or `--mute` can
/// flip it at any time, from any thread): a muted player drops cues instead of queuing them.
public protocol CuePlayer: Sendable {
    /// Queues `cue` to be sounded after the cues already queued and returns at once.
    ///
    /// Does nothing while the player is muted or closed. Never throws: a player that fails
    /// while playing keeps the failure to itself (see ``ALSACuePlayer/lastError``).
    func play(_ cue: Cue)

    /// Whether the player currently drops cues instead of sounding them.
    var isMuted: Bool { get }

    /// Mutes (`true`) or unmutes (`false`) the player. Muting also drops cues already queued
    /// but not yet started; the cue being played finishes.
    func setMuted(_ muted: Bool)

    /// Blocks the calling thread until every queued cue has finished playing or `timeout`
    /// has passed, whichever is first. Call it before exiting so the final
    /// "Congratulations!" is heard; never call it from the timer loop.
    ///
    /// - Parameter timeout: the longest wait.
    /// - Returns: `true` when the player is idle, `false` when the timeout passed first.
    @discardableResult
    func waitUntilIdle(timeout: Duration) -> Bool

    /// Why cues cannot sound although the player is unmuted (a device that could not be
    /// opened when unmuted: ``DeferredCuePlayer``), or `nil`.
    var offReason: String? { get }
}

extension CuePlayer {
    /// `nil`: a player made at start either works or is replaced by a silent one with its reason.
    public var offReason: String? { nil }
}
