import Foundation
import SessionEngine

/// A player whose real player (the ALSA device) is opened when it is unmuted: for a run that
/// starts muted (`--mute`), so a run that stays muted never loads the sound library (about
/// 0.7 MiB of resident memory, issue 12 item 26) nor holds the device; and for a run whose
/// device could not be opened at the start, so that `m` twice (mute, unmute) tries it again.
///
/// While nothing is open it drops every cue. Unmuting a muted player calls `open` on the
/// calling thread (the run loop, for the one key press; a few milliseconds); when that throws,
/// the player stays silent, ``offReason`` says why, and the next unmute tries again (a device
/// plugged in meanwhile). Once open, muting and unmuting go to the real player.
public final class DeferredCuePlayer: CuePlayer, @unchecked Sendable {
    // @unchecked Sendable: the mutable state (`opened`, `failure`, `muted`) is read and
    // written while holding `lock`; `open` is called under it, so at most one player is made.
    private let lock = NSLock()
    private let open: @Sendable () throws -> any CuePlayer
    private var opened: (any CuePlayer)?
    private var failure: String?
    private var muted = true

    /// A player that opens its real player with `open` when it is next unmuted.
    /// - Parameters:
    ///   - open: makes the real player (for hiit, `ALSACuePlayer(device:sounds:)`); what it
    ///     throws is kept as ``offReason`` (its `description`).
    ///   - failure: `nil` for a player that starts muted (`--mute`); else why opening failed at
    ///     the start: the player starts unmuted and off with that reason, and tries `open`
    ///     again when unmuted after a mute.
    public init(open: @escaping @Sendable () throws -> any CuePlayer, failure: String? = nil) {
        self.open = open
        self.failure = failure
        muted = failure == nil
    }

    /// Queues `cue` on the real player when it is open and unmuted; else drops it.
    public func play(_ cue: Cue) {
        let player = lock.withLock { muted ? nil : opened }
        player?.play(cue)
    }

    /// Whether cues are dropped because the person muted them (not because opening failed:
    /// see ``offReason``).
    public var isMuted: Bool {
        lock.withLock { muted }
    }

    /// Why the real player could not be opened at the last unmute (`nil` while muted, before
    /// the first unmute, and once it opened).
    public var offReason: String? {
        lock.withLock { failure }
    }

    /// Mutes, or unmutes, opening the real player first when it is not open yet (see the type).
    /// Unmuting a player that is not muted changes nothing.
    public func setMuted(_ muted: Bool) {
        lock.withLock {
            let wasMuted = self.muted
            self.muted = muted
            if !muted, opened == nil {
                guard wasMuted else { return }
                do {
                    let player = try open()
                    player.setMuted(false)
                    opened = player
                    failure = nil
                } catch {
                    failure = String(describing: error)
                }
            } else {
                if muted { failure = nil }
                opened?.setMuted(muted)
            }
        }
    }

    /// Waits for the real player's queue when it is open; else returns `true` at once.
    @discardableResult
    public func waitUntilIdle(timeout: Duration) -> Bool {
        let player = lock.withLock { opened }
        return player?.waitUntilIdle(timeout: timeout) ?? true
    }
}
