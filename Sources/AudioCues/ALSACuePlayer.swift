import CALSA
import Dispatch
import Foundation
import SessionEngine

/// Plays cues on an ALSA PCM device, one after another, on a serial queue that owns the
/// device.
///
/// - The device is opened in the initializer, so a missing or misspelt device fails at once
///   with ``AudioError/deviceUnavailable(device:code:message:)``. alsa-lib's own printing to
///   stderr is switched off for the whole process first (it would wreck a full-screen UI);
///   every failure reaches the caller as an ``AudioError`` instead.
/// - ``play(_:)`` only enqueues. A private serial `DispatchQueue` plays each cue in order:
///   `snd_pcm_set_params` (S16_LE, interleaved, the sound's channels and rate, software
///   resampling on, 100 ms latency) when the format changes, `snd_pcm_writei` in chunks with
///   `snd_pcm_recover` after an interruption or underrun, then `snd_pcm_drain` (blocks until
///   the cue has been heard) and `snd_pcm_prepare` (a drained PCM must be prepared again).
/// - Stale cues are dropped: a cue that waited in the queue longer than ``maxQueueDelay``
///   (default 0.5 s, as the engine drops late cues) is skipped rather than sounded out of
///   place, e.g. a "Rest" queued behind a long "Congratulations!".
/// - Failures while playing do not throw (nobody is waiting): the cue is abandoned and the
///   error is kept in ``lastError``; later cues are still tried.
/// - Before exiting, call ``waitUntilIdle(timeout:)`` and then ``close(timeout:)``.
public final class ALSACuePlayer: CuePlayer, @unchecked Sendable {
    // @unchecked Sendable, and why that is safe:
    // - `pcm` and `configuredFormat` (the ALSA handle and what it was set up for) are touched
    //   only in `init` (before any work is queued), in blocks running on the serial `queue`,
    //   and in `deinit` (when no block is left: every queued block holds a strong reference).
    // - Every other mutable property is read and written only while holding `condition`.
    // - The remaining properties are immutable `let`s of Sendable types.

    /// The ALSA PCM name this player opened (e.g. `default`, `hw:0,0`, `file:'out.wav',wav`).
    public let deviceName: String
    /// How long a cue may wait in the queue before it is dropped instead of played.
    public let maxQueueDelay: Duration

    private let sounds: SoundBank
    private let alsa: ALSALibrary
    private let now: @Sendable () -> ContinuousClock.Instant
    /// The serial queue that owns `pcm` (internal so tests can suspend it).
    let queue: DispatchQueue

    // MARK: Owned by `queue`
    private var pcm: OpaquePointer?
    private var configuredFormat: PCMFormat?

    // MARK: Guarded by `condition`
    private let condition = NSCondition()
    private var pendingCount = 0
    private var muted = false
    private var closed = false
    private var stopRequested = false
    private var storedError: AudioError?
    private var dropped = 0

    /// Frames handed to `snd_pcm_writei` at a time, so ``close(timeout:)`` can cut a long cue
    /// short between chunks (1024 frames ≈ 46 ms at 22050 Hz).
    private static let chunkFrames = 1024
    /// The latency asked of `snd_pcm_set_params`, in microseconds.
    private static let latencyMicroseconds: UInt32 = 100_000

    /// Opens the PCM device `device` for playback of `sounds`.
    ///
    /// Silences alsa-lib's error printing (process-wide), opens the device and sets it up
    /// for the format of the first cue's sound, so a device that cannot play it fails here.
    ///
    /// - Parameters:
    ///   - device: an ALSA PCM name; `default` (the default) is what `aplay` uses.
    ///   - sounds: the decoded cue sounds.
    ///   - maxQueueDelay: the longest a cue may wait in the queue and still be played;
    ///     default 0.5 s.
    /// - Throws: ``AudioError/libraryMissing(reason:)`` when alsa-lib cannot be loaded;
    ///   ``AudioError/deviceUnavailable(device:code:message:)`` when `snd_pcm_open`
    ///   fails (no card, unknown name, busy device), with the `snd_strerror` text;
    ///   ``AudioError/deviceSetupFailed(device:format:code:message:)`` when the device
    ///   refuses the sound format.
    public convenience init(
        device: String = "default",
        sounds: SoundBank,
        maxQueueDelay: Duration = .milliseconds(500)
    ) throws(AudioError) {
        try self.init(device: device, sounds: sounds, maxQueueDelay: maxQueueDelay,
                      now: { ContinuousClock.now })
    }

    /// As the public initializer, with the clock used to age queued cues given (tests).
    init(
        device: String,
        sounds: SoundBank,
        maxQueueDelay: Duration,
        now: @escaping @Sendable () -> ContinuousClock.Instant
    ) throws(AudioError) {
        let alsa = try ALSALibrary.shared.get()
        alsa.silenceErrors()
        var handle: OpaquePointer?
        // Non-blocking open: a device held by another program fails with EBUSY instead of
        // hanging; writes are made blocking right after.
        let openResult = alsa.open(&handle, device, SND_PCM_STREAM_PLAYBACK, SND_PCM_NONBLOCK)
        guard openResult >= 0, let handle else {
            throw .deviceUnavailable(device: device, code: openResult,
                                     message: alsa.text(openResult))
        }
        let blockingResult = alsa.nonblock(handle, 0)
        guard blockingResult >= 0 else {
            _ = alsa.close(handle)
            throw .deviceUnavailable(device: device, code: blockingResult,
                                     message: alsa.text(blockingResult))
        }
        if let first = Cue.bundled.lazy.compactMap({ sounds[$0] }).first {
            let format = PCMFormat(first)
            let setResult = Self.configure(handle, for: format, with: alsa)
            guard setResult >= 0 else {
                _ = alsa.close(handle)
                throw .deviceSetupFailed(device: device, format: format.description,
                                         code: setResult, message: alsa.text(setResult))
            }
            self.configuredFormat = format
        }
        self.pcm = handle
        self.alsa = alsa
        self.deviceName = device
        self.sounds = sounds
        self.maxQueueDelay = maxQueueDelay
        self.now = now
        self.queue = DispatchQueue(label: "hiit.audio-cues", qos: .userInteractive)
    }

    deinit {
        // No queued block is left (each holds `self`), so touching `pcm` here is safe.
        if let pcm {
            _ = alsa.close(pcm)
        }
    }

    // MARK: - CuePlayer

    /// Queues `cue` behind the cues already queued and returns at once. Ignored while muted
    /// or after ``close(timeout:)``. A cue whose bank has no sound is skipped.
    public func play(_ cue: Cue) {
        condition.lock()
        defer { condition.unlock() }
        guard !muted, !closed else { return }
        pendingCount += 1
        let queuedAt = now()
        queue.async { [self] in
            perform(cue, queuedAt: queuedAt)
        }
    }

    /// Whether cues are currently dropped instead of played.
    public var isMuted: Bool {
        condition.withLock { muted }
    }

    /// Mutes or unmutes the player; muting also drops queued cues that have not started.
    public func setMuted(_ muted: Bool) {
        condition.withLock { self.muted = muted }
    }

    /// Blocks until every queued cue has played (or been dropped) or `timeout` has passed.
    ///
    /// - Parameter timeout: the longest wait.
    /// - Returns: `true` when nothing is queued or playing, `false` on timeout.
    @discardableResult
    public func waitUntilIdle(timeout: Duration) -> Bool {
        let deadline = Date().addingTimeInterval(Self.seconds(timeout))
        condition.lock()
        defer { condition.unlock() }
        while pendingCount > 0 {
            if !condition.wait(until: deadline) {
                return pendingCount == 0
            }
        }
        return true
    }

    // MARK: - State

    /// The last failure met while playing (a refused format, a device that went away), or
    /// nil. Cleared by nothing: it is a report, not a state.
    public var lastError: AudioError? {
        condition.withLock { storedError }
    }

    /// How many cues were dropped for waiting longer than ``maxQueueDelay``.
    public var droppedCueCount: Int {
        condition.withLock { dropped }
    }

    /// Whether ``close(timeout:)`` has given up waiting and is stopping playback (tests).
    var isStopping: Bool {
        condition.withLock { stopRequested }
    }

    /// Lets queued cues finish for at most `timeout`, then stops whatever is still playing
    /// or queued and closes the device. Later ``play(_:)`` calls are ignored. Calling it
    /// again does nothing. Blocks the caller for at most `timeout` plus one write chunk
    /// (about 50 ms).
    ///
    /// - Parameter timeout: how long queued cues may keep playing; default 2 s, enough for
    ///   a final "Congratulations!".
    public func close(timeout: Duration = .seconds(2)) {
        let alreadyClosed = condition.withLock { () -> Bool in
            defer { closed = true }
            return closed
        }
        guard !alreadyClosed else { return }
        if !waitUntilIdle(timeout: timeout) {
            condition.withLock { stopRequested = true }
        }
        queue.sync {
            if let pcm {
                _ = alsa.drop(pcm)
                _ = alsa.close(pcm)
            }
            pcm = nil
            configuredFormat = nil
        }
    }

    // MARK: - On the queue

    private func perform(_ cue: Cue, queuedAt: ContinuousClock.Instant) {
        defer {
            condition.withLock {
                pendingCount -= 1
                if pendingCount == 0 { condition.broadcast() }
            }
        }
        let isWanted = condition.withLock { () -> Bool in
            guard !stopRequested, !muted else { return false }
            if now() - queuedAt > maxQueueDelay {
                dropped += 1
                return false
            }
            return true
        }
        guard isWanted, let sound = sounds[cue], let pcm else { return }
        write(sound, to: pcm)
    }

    private func write(_ sound: WAVSound, to pcm: OpaquePointer) {
        let format = PCMFormat(sound)
        if configuredFormat != format {
            let result = Self.configure(pcm, for: format, with: alsa)
            guard result >= 0 else {
                configuredFormat = nil
                report(.deviceSetupFailed(device: deviceName, format: format.description,
                                          code: result, message: alsa.text(result)))
                return
            }
            configuredFormat = format
        }
        #if _endian(big)
        let samples = sound.samples.map { $0.littleEndian }
        #else
        let samples = sound.samples
        #endif
        let completed = samples.withUnsafeBufferPointer { buffer -> Bool in
            guard let base = buffer.baseAddress else { return true }
            let total = sound.frameCount
            var frame = 0
            var failures = 0
            while frame < total {
                if condition.withLock({ stopRequested }) { return false }
                let count = min(Self.chunkFrames, total - frame)
                let written = alsa.writei(pcm, base + frame * sound.channels,
                                          snd_pcm_uframes_t(count))
                if written > 0 {
                    frame += written
                    failures = 0
                    continue
                }
                // An interrupted call (EINTR), an underrun (EPIPE) or a suspend (ESTRPIPE):
                // recover silently and write again; give up after a few failures in a row.
                failures += 1
                let code = Int32(truncatingIfNeeded: written)
                let recovered = written < 0 ? alsa.recover(pcm, code, 1) : 0
                if recovered < 0 || failures > 8 {
                    let failure = recovered < 0 ? recovered : code
                    report(.playbackFailed(device: deviceName, code: failure,
                                           message: alsa.text(failure)))
                    return false
                }
            }
            return true
        }
        if completed {
            // Blocks until the last frame has been heard; a drained PCM is in SETUP state.
            if alsa.drain(pcm) < 0 {
                _ = alsa.drop(pcm)
            }
        } else {
            _ = alsa.drop(pcm)
        }
        let prepared = alsa.prepare(pcm)
        if prepared < 0 {
            report(.playbackFailed(device: deviceName, code: prepared,
                                   message: alsa.text(prepared)))
        }
    }

    private func report(_ error: AudioError) {
        condition.withLock { storedError = error }
    }

    // MARK: - ALSA helpers

    /// `snd_pcm_set_params` for `format`: S16_LE, interleaved, soft resampling, 100 ms.
    private static func configure(_ pcm: OpaquePointer, for format: PCMFormat, with alsa: ALSALibrary) -> Int32 {
        alsa.setParams(pcm, SND_PCM_FORMAT_S16_LE, SND_PCM_ACCESS_RW_INTERLEAVED,
                           UInt32(format.channels), UInt32(format.sampleRate),
                           1, latencyMicroseconds)
    }

    private static func seconds(_ duration: Duration) -> TimeInterval {
        let parts = duration.components
        return TimeInterval(parts.seconds) + TimeInterval(parts.attoseconds) * 1e-18
    }
}

/// What the PCM is set up for: channels and rate of 16-bit samples.
private struct PCMFormat: Equatable, CustomStringConvertible {
    var channels: Int
    var sampleRate: Int

    init(_ sound: WAVSound) {
        channels = sound.channels
        sampleRate = sound.sampleRate
    }

    var description: String {
        let layout = switch channels {
        case 1: "mono"
        case 2: "stereo"
        default: "\(channels)-channel"
        }
        return "16-bit \(layout) at \(sampleRate) Hz"
    }
}
