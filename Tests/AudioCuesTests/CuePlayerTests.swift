import Dispatch
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
}
