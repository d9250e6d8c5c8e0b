import AudioCues
import Foundation
import SessionEngine
import WorkoutStore

/// The sounds a voice gives a workout's cues, made before its first segment (#16, DESIGN §9).
///
/// Without `--voice`, the bundled WAVs keep the fixed cues and only the speech-only ones
/// (names, "Next: …", "Half way", "Last round", "Warm up", "Cool down", counted words) are
/// synthesised, in the English voice of the bundled cues. With `--voice LANG`, every cue but the
/// beep is synthesised in that voice, from its ``CuePhrasebook``. Each phrase comes from the
/// ``SpeechCache`` when it is there, else from espeak-ng (and is then kept).
public struct SpokenCues: Sendable {
    /// The synthesised sounds, by cue (add them to the bank with `SoundBank.adding(_:)`).
    public var sounds: [Cue: WAVSound]
    /// What the user should be told once (speech off and why, a language without phrases, a
    /// cache that could not be written); empty when all went well.
    public var notices: [String]
    /// How many phrases espeak-ng made now (the others came from the cache).
    public var synthesised: Int

    /// Makes the sounds of `cues`.
    ///
    /// - Parameters:
    ///   - cues: every cue the workout can sound (`Program.cues`).
    ///   - voice: the `--voice` given, or `nil` for the bundled English cues.
    ///   - cache: where phrases are kept; `nil` to keep none.
    ///   - dataFolder: where espeak-ng's data is (`HIIT_ESPEAK_DATA`); `nil` for its own place.
    /// - Throws: ``SpeechError/unknownVoice(_:)`` for a `voice` espeak-ng does not have, and
    ///   ``SpeechError/unavailable(detail:)`` when a voice was asked for and espeak-ng cannot
    ///   start: the user asked for that language, so the run does not go on in another. Without
    ///   a voice asked for, speech that cannot start is a notice, not an error.
    ///   - hasOwnSound: whether the sound folder already has the cue's sound (in English,
    ///     those cues are not synthesised: a folder's `halfway.wav` says "Half way").
    public static func prepare(for cues: [Cue], voice: String?, cache: SpeechCache?,
                               dataFolder: String? = nil,
                               hasOwnSound: (Cue) -> Bool = { $0.isBundled }) throws(SpeechError) -> SpokenCues {
        var result = SpokenCues(sounds: [:], notices: [], synthesised: 0)
        let wanted = cues.filter { cue in cue != .beep && (voice != nil || !hasOwnSound(cue)) }
        guard !wanted.isEmpty else { return result }
        if let cache, let cached = allCached(wanted, voice: voice ?? SpeechSynthesizer.englishVoice, cache: cache,
                                             dataFolder: dataFolder) {
            return cached
        }
        let synthesizer: SpeechSynthesizer
        do {
            synthesizer = try SpeechSynthesizer(voice: voice ?? SpeechSynthesizer.englishVoice, dataFolder: dataFolder)
        } catch {
            if voice != nil { throw error }
            result.notices.append("Names are not spoken: \(error)")
            return result
        }
        if let libraryFile = synthesizer.libraryFile {
            cache?.rememberEngine(version: synthesizer.engineVersion, libraryFile: libraryFile, dataFolder: dataFolder)
        }
        let phrasebook = CuePhrasebook(voice: synthesizer.voice)
        if !phrasebook.isTranslated { result.notices.append(Self.untranslatedNotice(synthesizer.voice)) }
        var cacheFailure: String?
        var kept: [String: String] = [:]
        for cue in wanted {
            guard let text = phrasebook.text(for: cue) else { continue }
            let key = SpeechCache.key(text: text, voice: synthesizer.voice, engineVersion: synthesizer.engineVersion,
                                      rate: synthesizer.rate)
            let fileName: String?
            do throws(FileDigest.Unavailable) {
                fileName = try SpeechCache.fileName(forKey: key)
            } catch {
                fileName = nil
                if cacheFailure == nil, cache != nil { cacheFailure = "Speech is not cached: \(error)" }
            }
            if let fileName, let cached = cache?.sound(named: fileName) {
                result.sounds[cue] = cached
                kept[key] = fileName
                continue
            }
            do {
                let sound = try synthesizer.synthesize(text)
                result.sounds[cue] = sound
                result.synthesised += 1
                do {
                    if let fileName, let cache {
                        try cache.store(sound, as: fileName)
                        kept[key] = fileName
                    }
                } catch {
                    if cacheFailure == nil, let folder = cache?.folder.path {
                        cacheFailure = "Speech is not cached (\(folder): \(error.localizedDescription))"
                    }
                }
            } catch {
                result.notices.append("Not spoken: \(error)")
            }
        }
        cache?.rememberPhrases(kept)
        if let cacheFailure { result.notices.append(cacheFailure) }
        return result
    }

    /// Every phrase of `wanted` from the cache, named with the engine version the cache kept
    /// (``SpeechCache/engineVersion(dataFolder:)``) and found in its index of file names
    /// (``SpeechCache/phraseIndex()``), so that neither espeak-ng nor libcrypto is loaded;
    /// `nil` when the version is not known or a phrase is missing (then the engine decides).
    private static func allCached(_ wanted: [Cue], voice: String, cache: SpeechCache, dataFolder: String?) -> SpokenCues? {
        guard let version = cache.engineVersion(dataFolder: dataFolder) else { return nil }
        let index = cache.phraseIndex()
        let phrasebook = CuePhrasebook(voice: voice)
        var result = SpokenCues(sounds: [:], notices: [], synthesised: 0)
        for cue in wanted {
            guard let text = phrasebook.text(for: cue) else { continue }
            let key = SpeechCache.key(text: text, voice: voice, engineVersion: version, rate: SpeechSynthesizer.defaultRate)
            guard let fileName = index[key], let sound = cache.sound(named: fileName) else { return nil }
            result.sounds[cue] = sound
        }
        if !phrasebook.isTranslated { result.notices.append(untranslatedNotice(voice)) }
        return result
    }

    /// What a voice without phrases of its own says about the fixed cues.
    private static func untranslatedNotice(_ voice: String) -> String {
        "No cue phrases in '\(voice)': the fixed cues are said in English words"
    }
}
