import AudioCues
import Foundation
import SessionEngine
import TestSupport

/// A cue player that records each cue with the instant it was asked to play it, read from a
/// ``ManualClock`` (AudioCues' `RecordingCuePlayer` keeps the cues but not their instants).
/// Muted, it records nothing, as a muted device sounds nothing. (`@unchecked Sendable`: the
/// recorded cues and the muted flag are read and written only while holding `lock`.)
final class TimedCuePlayer: CuePlayer, @unchecked Sendable {
    /// One cue as played: what and when (time since the clock's start).
    struct Played: Equatable, CustomStringConvertible {
        /// The cue.
        var cue: Cue
        /// When it was played.
        var at: Duration

        /// `beep@17.0`: the cue and the instant in seconds.
        var description: String { "\(cue.kind)\(cue.detail.map { "(\($0))" } ?? "")@\(at.inSeconds)" }
    }

    private let clock: ManualClock
    private let lock = NSLock()
    private var recorded: [Played] = []
    private var muted = false

    /// A player that stamps cues with `clock`'s instants.
    /// - Parameter clock: the run's manual clock.
    init(clock: ManualClock) {
        self.clock = clock
    }

    /// Every cue played while unmuted, oldest first.
    var played: [Played] { lock.withLock { recorded } }

    /// Records `cue` at the clock's current instant unless muted.
    func play(_ cue: Cue) {
        let now = clock.elapsed
        lock.withLock { if !muted { recorded.append(Played(cue: cue, at: now)) } }
    }

    /// Whether cues are dropped.
    var isMuted: Bool { lock.withLock { muted } }

    /// Mutes or unmutes.
    func setMuted(_ muted: Bool) { lock.withLock { self.muted = muted } }

    /// Returns `true` at once: nothing is ever queued.
    @discardableResult
    func waitUntilIdle(timeout: Duration) -> Bool { true }
}
