import AudioCues
import Foundation
import SessionEngine
@testable import Speech
import Testing
import TestSupport

/// espeak-ng's data is where the Debian package puts it, or these tests skip (saying why).
let espeakIsInstalled = FileManager.default.fileExists(atPath: "/usr/lib/x86_64-linux-gnu/espeak-ng-data/phontab")
    || FileManager.default.fileExists(atPath: "/usr/lib/aarch64-linux-gnu/espeak-ng-data/phontab")
    || FileManager.default.fileExists(atPath: "/usr/share/espeak-ng-data/phontab")

@Suite("Speech synthesis with libespeak-ng", .enabled(if: espeakIsInstalled, "espeak-ng-data is not installed (apt-get install libespeak-ng-dev)"))
struct SpeechSynthesizerTests {
    @Test("a name comes back as audible 22050 Hz mono speech, trimmed to start and end with sound, peaking at -1 dBFS")
    func aNameIsSpoken() throws {
        let synthesizer = try SpeechSynthesizer(voice: "en-us")
        let sound = try synthesizer.synthesize("Burpees")
        #expect(sound.sampleRate == 22050 && sound.channels == 1)
        #expect(sound.duration > .milliseconds(300) && sound.duration < .seconds(2), "\(sound.duration)")
        #expect(sound.samples.map { Int($0.magnitude) }.max() == SpeechSynthesizer.peak)
        // 10 ms of margin at most before the first loud sample: the cue starts on its instant.
        let firstLoud = try #require(sound.samples.firstIndex { $0.magnitude > UInt16(SpeechSynthesizer.silenceThreshold) })
        #expect(firstLoud <= 22050 / 100 + 1)
        #expect(sound.samples.first == 0, "faded in: no click")
    }

    @Test("another voice says the same word differently; an unknown voice is refused by name")
    func voices() throws {
        let english = try SpeechSynthesizer(voice: "en-us").synthesize("Start")
        let german = try SpeechSynthesizer(voice: "de").synthesize("Start")
        #expect(english != german)
        #expect(throws: SpeechError.unknownVoice("xx-nowhere")) { try SpeechSynthesizer(voice: "xx-nowhere") }
        #expect(throws: SpeechError.unknownVoice("en;rm")) { try SpeechSynthesizer(voice: "en;rm") }
    }

    @Test("text with nothing to say is an error, not an empty sound")
    func silence() throws {
        #expect(throws: SpeechError.silent(text: " ")) { try SpeechSynthesizer(voice: "en-us").synthesize(" ") }
    }
}

@Suite("Shaping a phrase")
struct PhraseShapingTests {
    @Test("silence is trimmed to a 10 ms margin, the peak raised to -1 dBFS, the ends faded to zero")
    func trimAndNormalise() throws {
        let rate = 1000
        let samples = [Int16](repeating: 0, count: 100) + [Int16](repeating: 1000, count: 200) + [Int16](repeating: 50, count: 100)
        let shaped = try #require(SpeechSynthesizer.shaped(samples, sampleRate: rate))
        #expect(shaped.count == 200 + 2 * 10)
        #expect(shaped.map { Int($0.magnitude) }.max() == SpeechSynthesizer.peak)
        #expect(shaped.first == 0 && shaped.last == 0)
        #expect(SpeechSynthesizer.shaped([Int16](repeating: 100, count: 50), sampleRate: rate) == nil, "all below the threshold")
    }
}

@Suite("Spoken cues and the phrase cache", .enabled(if: espeakIsInstalled, "espeak-ng-data is not installed (apt-get install libespeak-ng-dev)"))
struct SpokenCuesTests {
    @Test("without a voice only the speech-only cues are made; a second time they all come from the cache, byte for byte")
    func cacheKeepsPhrases() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let cache = SpeechCache(folder: folder.file("speech"))
        let cues: [Cue] = [.beep, .name("Burpees"), .start, .halfway, .next("Push-ups"), .congratulations]
        let first = try SpokenCues.prepare(for: cues, voice: nil, cache: cache)
        #expect(Set(first.sounds.keys) == [.name("Burpees"), .halfway, .next("Push-ups")])
        #expect(first.synthesised == 3 && first.notices.isEmpty)
        let all = try FileManager.default.contentsOfDirectory(atPath: cache.folder.path)
        let files = all.filter { $0 != SpeechCache.engineFileName && $0 != SpeechCache.indexFileName }
        #expect(files.count == 3 && files.allSatisfy { $0.hasSuffix(".wav") && $0.count == 68 })
        // Beside them, the engine's version with its library file, for runs that need not load it.
        #expect(all.contains(SpeechCache.engineFileName))
        #expect(cache.engineVersion(dataFolder: nil) == (try SpeechSynthesizer(voice: "en-us").engineVersion))
        #expect(Set(cache.phraseIndex().values) == Set(files), "and the phrases' names by what they say")
        let mode = try FileManager.default.attributesOfItem(atPath: cache.folder.appendingPathComponent(files[0]).path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let second = try SpokenCues.prepare(for: cues, voice: nil, cache: cache)
        #expect(second.synthesised == 0)
        #expect(second.sounds == first.sounds)
    }

    @Test("with --voice every cue but the beep is spoken in that language; a file in the cache that does not decode is made again")
    func voiceSpeaksTheFixedCues() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let cache = SpeechCache(folder: folder.file("speech"))
        let german = try SpokenCues.prepare(for: [.start, .rest, .beep, .congratulations], voice: "de", cache: cache)
        #expect(Set(german.sounds.keys) == [.start, .rest, .congratulations])
        for file in try FileManager.default.contentsOfDirectory(atPath: cache.folder.path) {
            try Data("not a wav".utf8).write(to: cache.folder.appendingPathComponent(file))
        }
        let again = try SpokenCues.prepare(for: [.start, .rest, .beep, .congratulations], voice: "de", cache: cache)
        #expect(again.synthesised == 3 && Set(again.sounds.keys) == Set(german.sounds.keys))
        let third = try SpokenCues.prepare(for: [.start, .rest, .beep, .congratulations], voice: "de", cache: cache)
        #expect(third.synthesised == 0 && third.sounds == again.sounds, "the files made again are read back")
    }

    @Test("the key of a phrase changes with its text, voice, espeak-ng version and rate")
    func cacheKeys() throws {
        let base = try SpeechCache.fileName(text: "Burpees", voice: "en-us", engineVersion: "1.51", rate: 150)
        #expect(try base != SpeechCache.fileName(text: "Burpee", voice: "en-us", engineVersion: "1.51", rate: 150))
        #expect(try base != SpeechCache.fileName(text: "Burpees", voice: "de", engineVersion: "1.51", rate: 150))
        #expect(try base != SpeechCache.fileName(text: "Burpees", voice: "en-us", engineVersion: "1.52", rate: 150))
        #expect(try base != SpeechCache.fileName(text: "Burpees", voice: "en-us", engineVersion: "1.51", rate: 160))
    }

    @Test("a language without phrases says the English words, and says so once")
    func untranslatedLanguage() throws {
        let result = try SpokenCues.prepare(for: [.rest], voice: "fi", cache: nil)
        #expect(result.sounds[.rest] != nil)
        #expect(result.notices == ["No cue phrases in 'fi': the fixed cues are said in English words"])
    }

    @Test("an unwritable cache is said once and the phrases are still made")
    func unwritableCache() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try Data().write(to: folder.file("file"))
        let result = try SpokenCues.prepare(for: [.halfway, .lastRound], voice: nil, cache: SpeechCache(folder: folder.file("file/speech")))
        #expect(result.sounds.count == 2)
        #expect(result.notices.count == 1 && result.notices[0].hasPrefix("Speech is not cached ("))
    }
}
