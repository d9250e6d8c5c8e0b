import AudioCues
import CESpeakNG
import Foundation
import POSIX

/// Turns text into PCM with libespeak-ng, in one voice (#16, DESIGN §9).
///
/// espeak-ng is one process-wide engine: every call here holds one lock, so two synthesizers
/// never interleave. Synthesis is synchronous (`AUDIO_OUTPUT_SYNCHRONOUS`) and happens before
/// the first segment, never on the timer's path. Each phrase comes back trimmed of leading and
/// trailing silence (samples below ``silenceThreshold``, 10 ms kept on each side), faded in over
/// 5 ms and out over 20 ms so nothing clicks, and normalised to a peak of −1 dBFS — the same
/// treatment `Sounds/make-sounds.sh` gives the bundled cues, so a name is as loud as "Start".
public final class SpeechSynthesizer: @unchecked Sendable {
    // @unchecked Sendable: the only mutable state is espeak-ng's own, touched only while
    // holding `engineLock`; the properties are immutable.

    /// The voice every phrase is said in (`en-us`, `de`, …).
    public let voice: String
    /// espeak-ng's version (`1.51`), part of every cache key.
    public let engineVersion: String
    /// Words a minute: 150, a little slower than espeak-ng's 175, as the bundled cues.
    public let rate: Int
    /// The sample rate of every phrase, in hertz (espeak-ng's: 22050).
    public let sampleRate: Int

    /// The voice of the bundled English cues, used for names when no `--voice` is given.
    public static let englishVoice = "en-us"
    /// The rate of the bundled cues, in words a minute (`Sounds/make-sounds.sh`: `-s 150`).
    public static let defaultRate = 150
    /// Samples whose magnitude is below this are silence when trimming: 0.5 % of full scale,
    /// sox's `silence 1 0.02 0.5%` in `Sounds/make-sounds.sh`.
    public static let silenceThreshold: Int16 = 164
    /// The peak a phrase is normalised to: −1 dBFS (10^(−1/20) × 32767).
    public static let peak = 29_204

    /// libespeak-ng's functions, loaded with the engine.
    private let engine: ESpeakLibrary

    private static let engineLock = NSLock()
    /// The sample rate espeak-ng started with and its functions, or the failure; `nil` until first asked.
    nonisolated(unsafe) private static var engineState: Result<(Int, ESpeakLibrary), SpeechError>?

    /// Starts espeak-ng (once per process: the first call's `dataFolder` holds for the process)
    /// and selects `voice`.
    ///
    /// - Parameters:
    ///   - voice: an espeak-ng voice name (`en`, `en-us`, `de`, `cs`, `ja`, …).
    ///   - rate: words a minute (80–450), default ``defaultRate``.
    ///   - dataFolder: espeak-ng's data folder (one holding `phontab`, or holding an
    ///     `espeak-ng-data` folder that does); `nil`, or a path that does not exist, for
    ///     espeak-ng's own place.
    /// - Throws: ``SpeechError/unavailable(detail:)`` when espeak-ng cannot find its data
    ///   (also on every later call in the process); ``SpeechError/unknownVoice(_:)`` when it has
    ///   no such voice.
    public init(voice: String, rate: Int = SpeechSynthesizer.defaultRate, dataFolder: String? = nil) throws(SpeechError) {
        Self.engineLock.lock()
        defer { Self.engineLock.unlock() }
        let (sampleRate, engine) = try Self.startEngine(dataFolder: dataFolder).get()
        guard !voice.isEmpty, voice.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_+/".contains($0)) }),
              engine.setVoiceByName(voice) == EE_OK else {
            throw .unknownVoice(voice)
        }
        self.voice = voice
        self.rate = min(max(rate, 80), 450)
        self.sampleRate = sampleRate
        self.engine = engine
        self.engineVersion = engine.info(nil).map { String(cString: $0) } ?? "unknown"
    }

    /// The file libespeak-ng was loaded from, as `/proc/self/maps` names it (links resolved:
    /// `/usr/lib/x86_64-linux-gnu/libespeak-ng.so.1.1.51`), or `nil` when it is not loaded or
    /// cannot be told. ``SpeechCache`` keeps its identity beside ``engineVersion``.
    public var libraryFile: String? {
        // Read to its end: a file of /proc says it is empty, and `String(contentsOfFile:)`
        // then reads one page of it.
        guard let handle = FileHandle(forReadingAtPath: "/proc/self/maps") else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.readToEnd() else { return nil }
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            guard let slash = line.firstIndex(of: "/") else { continue }
            let path = line[slash...]
            if path.split(separator: "/").last?.hasPrefix("libespeak-ng.so") == true { return String(path) }
        }
        return nil
    }

    /// Says `text` and returns the sound, trimmed, faded and normalised (see the type).
    /// - Parameter text: UTF-8 text; espeak-ng reads punctuation as pauses.
    /// - Throws: ``SpeechError/synthesisFailed(text:code:)`` when espeak-ng refuses it,
    ///   ``SpeechError/silent(text:)`` when nothing audible came out.
    public func synthesize(_ text: String) throws(SpeechError) -> WAVSound {
        Self.engineLock.lock()
        defer { Self.engineLock.unlock() }
        // Another synthesizer may have chosen another voice since.
        guard engine.setVoiceByName(voice) == EE_OK else { throw .unknownVoice(voice) }
        _ = engine.setParameter(espeakRATE, Int32(rate), 0)
        let buffer = SampleBuffer()
        let pointer = Unmanaged.passUnretained(buffer).toOpaque()
        let result = withExtendedLifetime(buffer) {
            text.withCString { cText in
                engine.synth(cText, strlen(cText) + 1, 0, POS_CHARACTER, 0,
                             UInt32(espeakCHARS_UTF8), nil, pointer)
            }
        }
        guard result == EE_OK else { throw .synthesisFailed(text: text, code: Int(result.rawValue)) }
        guard let trimmed = Self.shaped(buffer.samples, sampleRate: sampleRate),
              let sound = WAVSound(sampleRate: sampleRate, channels: 1, samples: trimmed) else {
            throw .silent(text: text)
        }
        return sound
    }

    /// Trims silence, fades and normalises mono samples (see the type); `nil` when nothing is
    /// above ``silenceThreshold``.
    /// - Parameters:
    ///   - samples: mono 16-bit samples.
    ///   - sampleRate: their rate, in hertz (for the 10 ms margins and the fades).
    static func shaped(_ samples: [Int16], sampleRate: Int) -> [Int16]? {
        let loud = { (sample: Int16) in sample.magnitude > UInt16(silenceThreshold) }
        guard let first = samples.firstIndex(where: loud), let last = samples.lastIndex(where: loud) else { return nil }
        let margin = sampleRate / 100
        let slice = Array(samples[max(first - margin, 0)...min(last + margin, samples.count - 1)])
        let loudest = slice.map { Int($0.magnitude) }.max() ?? 1
        let gain = Double(peak) / Double(max(loudest, 1))
        let fadeIn = max(sampleRate / 200, 1)
        let fadeOut = max(sampleRate / 50, 1)
        return slice.enumerated().map { index, sample in
            var value = Double(sample) * gain
            if index < fadeIn { value *= Double(index) / Double(fadeIn) }
            let fromEnd = slice.count - 1 - index
            if fromEnd < fadeOut { value *= Double(fromEnd) / Double(fadeOut) }
            return Int16(max(min(value.rounded(), Double(Int16.max)), Double(Int16.min)))
        }
    }

    /// Loads libespeak-ng and starts it, once; the caller holds `engineLock`.
    private static func startEngine(dataFolder: String?) -> Result<(Int, ESpeakLibrary), SpeechError> {
        if let engineState { return engineState }
        let engine: ESpeakLibrary
        do throws(LoadedLibrary.LoadError) { engine = try ESpeakLibrary() } catch {
            let state = Result<(Int, ESpeakLibrary), SpeechError>.failure(.libraryMissing(detail: "\(error)"))
            engineState = state
            return state
        }
        // DONT_EXIT: without its data espeak-ng would otherwise exit the process. It then returns
        // 0 and prints its own "Error processing file …" on stderr, which is held back (the
        // caller says it once, in its words): nothing else runs yet at this point.
        let savedError = dup(STDERR_FILENO)
        let null = open("/dev/null", O_WRONLY)
        if savedError >= 0, null >= 0 { dup2(null, STDERR_FILENO) }
        let rate = engine.initialize(AUDIO_OUTPUT_SYNCHRONOUS, 0, dataFolder, Int32(espeakINITIALIZE_DONT_EXIT))
        if savedError >= 0, null >= 0 { dup2(savedError, STDERR_FILENO) }
        if savedError >= 0 { close(savedError) }
        if null >= 0 { close(null) }
        let state: Result<(Int, ESpeakLibrary), SpeechError>
        if rate > 0 {
            engine.setSynthCallback { samples, count, events in
                guard let samples, count > 0, let events, let data = events.pointee.user_data else { return 0 }
                let buffer = Unmanaged<SampleBuffer>.fromOpaque(data).takeUnretainedValue()
                buffer.samples.append(contentsOf: UnsafeBufferPointer(start: samples, count: Int(count)))
                return 0
            }
            state = .success((Int(rate), engine))
        } else {
            state = .failure(.unavailable(detail: dataFolder.map { "no espeak-ng-data in \($0)" } ?? "its data was not found"))
        }
        engineState = state
        return state
    }
}

/// The samples of one phrase, filled by espeak-ng's callback (under `engineLock`).
private final class SampleBuffer {
    var samples: [Int16] = []
}

/// The functions of libespeak-ng the synthesizer calls, found with `dlopen("libespeak-ng.so.1")`
/// and `dlsym` on the first synthesizer (``LoadedLibrary``): linked, espeak-ng would load
/// PulseAudio, libsndfile and the X libraries into every start of hiit, about 4 MiB resident,
/// though a timer run speaks only when a workout has names or a voice is asked for.
/// Signatures as `espeak-ng/speak_lib.h` declares them (API revision 12).
private struct ESpeakLibrary: @unchecked Sendable {
    // @unchecked Sendable: C function pointers, immutable; calls are serialised by `engineLock`.

    /// The shared library's soname (Debian `libespeak-ng1`).
    static let name = "libespeak-ng.so.1"

    typealias Initialize = @convention(c) (espeak_AUDIO_OUTPUT, Int32, UnsafePointer<CChar>?, Int32) -> Int32
    /// `t_espeak_callback`: Swift imports that C function typedef as a Swift closure type, so it is spelt out.
    typealias SynthCallback = @convention(c) (UnsafeMutablePointer<Int16>?, Int32, UnsafeMutablePointer<espeak_EVENT>?) -> Int32
    typealias SetSynthCallback = @convention(c) (SynthCallback?) -> Void
    typealias Synth = @convention(c) (UnsafeRawPointer?, Int, UInt32, espeak_POSITION_TYPE, UInt32, UInt32,
                                      UnsafeMutablePointer<UInt32>?, UnsafeMutableRawPointer?) -> espeak_ERROR
    typealias SetParameter = @convention(c) (espeak_PARAMETER, Int32, Int32) -> espeak_ERROR
    typealias SetVoiceByName = @convention(c) (UnsafePointer<CChar>?) -> espeak_ERROR
    typealias Info = @convention(c) (UnsafeMutablePointer<UnsafePointer<CChar>?>?) -> UnsafePointer<CChar>?

    let initialize: Initialize
    let setSynthCallback: SetSynthCallback
    let synth: Synth
    let setParameter: SetParameter
    let setVoiceByName: SetVoiceByName
    let info: Info

    /// Loads the library and every function.
    /// - Throws: ``LoadedLibrary/LoadError`` when the library or a function is missing.
    init() throws(LoadedLibrary.LoadError) {
        let library = try LoadedLibrary(name: Self.name)
        initialize = try library.function("espeak_Initialize", as: Initialize.self)
        setSynthCallback = try library.function("espeak_SetSynthCallback", as: SetSynthCallback.self)
        synth = try library.function("espeak_Synth", as: Synth.self)
        setParameter = try library.function("espeak_SetParameter", as: SetParameter.self)
        setVoiceByName = try library.function("espeak_SetVoiceByName", as: SetVoiceByName.self)
        info = try library.function("espeak_Info", as: Info.self)
    }
}
