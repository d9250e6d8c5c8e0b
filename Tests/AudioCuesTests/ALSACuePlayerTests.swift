import CALSA
import Foundation
import Glibc
import Testing
@testable import AudioCues
import SessionEngine
import TestSupport

/// A clock that moves only when the test says so.
final class ManualClock: @unchecked Sendable {
    // @unchecked Sendable: `offset` is only touched while holding `lock`.
    private let lock = NSLock()
    private let origin = ContinuousClock.now
    private var offset: Duration = .zero

    func advance(by duration: Duration) {
        lock.withLock { offset += duration }
    }

    var now: ContinuousClock.Instant {
        lock.withLock { origin + offset }
    }
}

/// Runs `body` with file descriptor 2 sent to a temporary file; returns what was written.
/// Other tests running at the same time may write there too, so callers look for specific
/// text rather than for an empty capture.
func capturingStandardError<T>(_ body: () -> T) throws -> (T, String) {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.url.appendingPathComponent("stderr.txt").path
    let target = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    try #require(target >= 0)
    fflush(nil)  // all C streams; stderr itself is unbuffered
    let saved = dup(2)
    try #require(saved >= 0)
    dup2(target, 2)
    close(target)
    let result = body()
    fflush(nil)  // all C streams; stderr itself is unbuffered
    dup2(saved, 2)
    close(saved)
    let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    return (result, text)
}

/// Tests against real alsa-lib, writing into its `file` PCM (over `null`), so no sound card
/// is needed. Serialized: the stderr tests swap fd 2 and alsa-lib's process-wide error
/// handler, which the other tests here would otherwise race with.
@Suite("ALSA player", .serialized)
struct ALSACuePlayerTests {
    static func captureDevice(_ file: URL) -> String {
        "file:'\(file.path)',wav"
    }

    @Test func playedCueIsCapturedSampleForSample() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let bank = try SoundBank(folder: shippedSoundsFolder)
        let output = folder.url.appendingPathComponent("out.wav")
        let player = try ALSACuePlayer(device: Self.captureDevice(output), sounds: bank)
        #expect(player.deviceName == Self.captureDevice(output))

        player.play(.start)
        #expect(player.waitUntilIdle(timeout: .seconds(10)))
        player.close()

        let captured = try WAVSound(contentsOf: output)
        let start = try #require(bank[.start])
        #expect(captured == start)
        #expect(player.lastError == nil)
    }

    @Test func cuesPlayInTheOrderTheyWereQueued() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let bank = try SoundBank(folder: shippedSoundsFolder)
        let output = folder.url.appendingPathComponent("sequence.wav")
        let player = try ALSACuePlayer(device: Self.captureDevice(output), sounds: bank)

        let order: [Cue] = [.start, .beep, .beep, .beep, .rest, .congratulations]
        for cue in order { player.play(cue) }
        #expect(player.waitUntilIdle(timeout: .seconds(10)))
        player.close()

        let expected = try order.flatMap { try #require(bank[$0]).samples }
        #expect(try WAVSound(contentsOf: output).samples == expected)
    }

    @Test func cueThatWaitedTooLongIsDroppedNotPlayedLate() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let bank = try SoundBank(folder: shippedSoundsFolder)
        let output = folder.url.appendingPathComponent("late.wav")
        let clock = ManualClock()
        let player = try ALSACuePlayer(device: Self.captureDevice(output), sounds: bank,
                                       maxQueueDelay: .milliseconds(500), now: { clock.now })

        player.queue.suspend()  // as if a long cue were still playing
        player.play(.rest)
        clock.advance(by: .milliseconds(400))
        player.play(.start)
        clock.advance(by: .milliseconds(200))  // .rest has waited 600 ms, .start 200 ms
        player.play(.beep)
        player.queue.resume()
        #expect(player.waitUntilIdle(timeout: .seconds(10)))
        player.close()

        let expected = try [Cue.start, .beep].flatMap { try #require(bank[$0]).samples }
        #expect(try WAVSound(contentsOf: output).samples == expected)
        #expect(player.droppedCueCount == 1)
    }

    @Test func mutedPlayerSkipsCuesAndCloseStopsFurtherPlays() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let bank = try SoundBank(folder: shippedSoundsFolder)
        let output = folder.url.appendingPathComponent("muted.wav")
        let player = try ALSACuePlayer(device: Self.captureDevice(output), sounds: bank)

        player.setMuted(true)
        #expect(player.isMuted)
        player.play(.start)
        player.setMuted(false)
        player.play(.beep)
        #expect(player.waitUntilIdle(timeout: .seconds(10)))
        player.close()
        player.play(.rest)  // ignored after close
        player.close()  // a second close does nothing
        #expect(player.waitUntilIdle(timeout: .seconds(1)))

        #expect(try WAVSound(contentsOf: output).samples == bank[.beep]?.samples)
    }

    @Test func closeAfterItsTimeoutStopsCuesStillQueued() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let bank = try SoundBank(folder: shippedSoundsFolder)
        let output = folder.url.appendingPathComponent("closed.wav")
        let player = try ALSACuePlayer(device: Self.captureDevice(output), sounds: bank)

        player.queue.suspend()  // as if the device were still busy with an earlier cue
        player.play(.congratulations)
        player.play(.rest)
        let closed = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            player.close(timeout: .milliseconds(10))
            closed.signal()
        }
        let giveUp = ContinuousClock.now + .seconds(10)
        while !player.isStopping && ContinuousClock.now < giveUp {
            Thread.sleep(forTimeInterval: 0.001)
        }
        #expect(player.isStopping)
        player.queue.resume()
        #expect(closed.wait(timeout: .now() + 10) == .success)
        #expect(player.waitUntilIdle(timeout: .zero))

        let attributes = try? FileManager.default.attributesOfItem(atPath: output.path)
        let size = attributes?[.size] as? Int ?? 0
        #expect(size <= 44, "at most a WAV header, no samples")
    }

    @Test func soundsOfDifferentFormatsPlayOneAfterAnother() throws {
        let stereo = try WAVSound(
            data: WAVBytes.simple(Array(repeating: 1000, count: 882), channels: 2, rate: 44100).data,
            name: "stereo.wav")
        let bank = try SoundBank(sounds: [
            .start: #require(SoundBank(folder: shippedSoundsFolder)[.start]),
            .beep: stereo,
        ])
        let player = try ALSACuePlayer(device: "null", sounds: bank)
        player.play(.start)
        player.play(.beep)
        player.play(.rest)  // no sound in this bank: skipped
        player.play(.start)
        #expect(player.waitUntilIdle(timeout: .seconds(10)))
        #expect(player.lastError == nil)
        player.close()
    }

    @Test func missingDeviceThrowsTypedErrorAndALSAPrintsNothing() throws {
        let bank = try SoundBank(folder: shippedSoundsFolder)
        // Start from alsa-lib's printing default, so the player itself must silence it.
        let alsa = try ALSALibrary.shared.get()
        alsa.restoreErrorOutput()
        defer { alsa.silenceErrors() }
        let (error, printed) = try capturingStandardError {
            audioError { () throws(AudioError) in
                try ALSACuePlayer(device: "hiit_no_such_device", sounds: bank)
            }
        }
        guard case let .deviceUnavailable(device, code, message)? = error else {
            Issue.record("expected deviceUnavailable, got \(String(describing: error))")
            return
        }
        #expect(device == "hiit_no_such_device")
        #expect(code < 0)
        #expect(message == alsa.text(code))
        #expect(error?.description.hasPrefix("cannot open audio device 'hiit_no_such_device': ") == true)
        #expect(!printed.contains("ALSA lib"), "alsa-lib printed: \(printed)")
    }

    /// Proves the capture above can see alsa-lib's printing: with the default handler back,
    /// the same failed open does print.
    @Test func withoutTheSilentHandlerALSAWouldPrint() throws {
        let alsa = try ALSALibrary.shared.get()
        defer { alsa.silenceErrors() }
        let (_, printed) = try capturingStandardError { () -> Int32 in
            alsa.restoreErrorOutput()
            var pcm: OpaquePointer?
            let result = alsa.open(&pcm, "hiit_no_such_device", SND_PCM_STREAM_PLAYBACK, 0)
            if let pcm { _ = alsa.close(pcm) }
            return result
        }
        #expect(printed.contains("ALSA lib"))
    }
}
