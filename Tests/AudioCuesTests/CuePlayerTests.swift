import Dispatch
import Foundation
import Testing
import AudioCues
import SessionEngine

@Suite("Recording and silent players")
struct CuePlayerTests {
    @Test func recordingPlayerKeepsCuesInOrder() {
        let player = RecordingCuePlayer()
        player.play(.start)
        player.play(.beep)
        player.play(.rest)
        #expect(player.cues == [.start, .beep, .rest])
        player.removeAll()
        #expect(player.cues.isEmpty)
    }

    @Test func mutedRecordingPlayerRecordsNothing() {
        let player = RecordingCuePlayer()
        player.setMuted(true)
        #expect(player.isMuted)
        player.play(.start)
        player.setMuted(false)
        player.play(.congratulations)
        #expect(player.cues == [.congratulations])
        #expect(player.waitUntilIdle(timeout: .zero))
    }

    @Test func recordingPlayerLosesNothingUnderConcurrentPlays() {
        let player = RecordingCuePlayer()
        DispatchQueue.concurrentPerform(iterations: 400) { index in
            player.play(Cue.bundled[index % Cue.bundled.count])
        }
        #expect(player.cues.count == 400)
        for cue in Cue.bundled {
            #expect(player.cues.filter { $0 == cue }.count == 400 / Cue.bundled.count)
        }
    }

    @Test func silentPlayerIsAlwaysMutedAndIdle() {
        let player: any CuePlayer = SilentCuePlayer()
        player.play(.start)
        player.setMuted(false)
        #expect(player.isMuted)
        #expect(player.waitUntilIdle(timeout: .zero))
    }

    /// `--mute`: nothing is opened until the first unmute; a failure to open is the reason cues
    /// are off (until muted again) and is tried again at the next unmute; once open, the real
    /// player gets the cues and the muting.
    @Test func deferredPlayerOpensAtTheFirstUnmute() {
        let real = RecordingCuePlayer()
        let attempts = Attempts()
        let player = DeferredCuePlayer {
            guard attempts.next() > 1 else { throw AudioError.deviceUnavailable(device: "default", code: -2, message: "No such file") }
            return real
        }
        #expect(player.isMuted)
        player.play(.start)
        #expect(attempts.count == 0, "nothing opened while muted")
        player.setMuted(false)
        #expect(attempts.count == 1)
        #expect(player.offReason == "cannot open audio device 'default': No such file (ALSA error -2)")
        player.play(.beep)
        player.setMuted(true)
        #expect(player.offReason == nil, "muted: nothing is off, only muted")
        player.setMuted(false)
        #expect(attempts.count == 2)
        #expect(player.offReason == nil)
        player.play(.rest)
        player.setMuted(true)
        #expect(real.isMuted)
        player.play(.beep)
        player.setMuted(false)
        #expect(attempts.count == 2, "opened once")
        player.play(.congratulations)
        #expect(real.cues == [.rest, .congratulations])
        #expect(player.waitUntilIdle(timeout: .zero))
    }

    /// A device that failed at the start: the player starts unmuted and off with that reason,
    /// unmuting it again does not retry, `m` mutes (nothing off, only muted) and the next `m`
    /// tries the device once more.
    @Test func aDeviceThatFailedAtTheStartIsTriedAgainAtTheUnmuteAfterAMute() {
        let real = RecordingCuePlayer()
        let attempts = Attempts()
        let reason = "cannot open audio device 'default': No such file (ALSA error -2)"
        let player = DeferredCuePlayer(open: {
            guard attempts.next() > 1 else { throw AudioError.deviceUnavailable(device: "default", code: -2, message: "No such file") }
            return real
        }, failure: reason)
        #expect(!player.isMuted)
        #expect(player.offReason == reason)
        player.setMuted(false)
        #expect(attempts.count == 0, "unmuting what is not muted tries nothing")
        player.play(.start)
        player.setMuted(true)
        #expect(player.isMuted && player.offReason == nil)
        player.setMuted(false)
        #expect(attempts.count == 1)
        #expect(player.offReason == reason, "the device still fails")
        player.setMuted(true)
        player.setMuted(false)
        #expect(attempts.count == 2)
        #expect(player.offReason == nil && !player.isMuted)
        player.play(.rest)
        #expect(real.cues == [.rest])
    }
}

/// Counts calls from any thread (`@unchecked Sendable`: the count is read and written under `lock`).
private final class Attempts: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    /// Counts one more; returns the new count.
    func next() -> Int { lock.withLock { value += 1; return value } }

    /// How many so far.
    var count: Int { lock.withLock { value } }
}
