import AudioCues
import Foundation
import SessionEngine
@testable import Speech
import Testing
import TestSupport

/// The phrase cache knows espeak-ng's version without loading it, so that a run whose phrases
/// are all cached never loads the engine (about 8 MiB of PulseAudio and X libraries). These
/// tests need no espeak-ng: a file stands for its library.
@Suite struct SpeechCacheTests {
    /// A cache in a new folder and a file standing for libespeak-ng.
    private static func cacheAndLibrary() throws -> (TemporaryFolder, SpeechCache, URL) {
        let folder = try TemporaryFolder()
        let library = folder.file("libespeak-ng.so.1.1.51")
        try Data("library".utf8).write(to: library)
        return (folder, SpeechCache(folder: folder.file("speech")), library)
    }

    @Test func theVersionIsKnownWhileTheLibraryFileAndDataFolderAreTheSame() throws {
        let (folder, cache, library) = try Self.cacheAndLibrary()
        defer { folder.remove() }
        #expect(cache.engineVersion(dataFolder: nil) == nil, "nothing kept yet")
        cache.rememberEngine(version: "1.51", libraryFile: library.path, dataFolder: nil)
        #expect(cache.engineVersion(dataFolder: nil) == "1.51")
        #expect(cache.engineVersion(dataFolder: "/opt/espeak-ng-data") == nil, "another data folder")

        // An upgrade replaces the file: another size, time or inode.
        try Data("library, version 1.52".utf8).write(to: library)
        #expect(cache.engineVersion(dataFolder: nil) == nil)
        try FileManager.default.removeItem(at: library)
        #expect(cache.engineVersion(dataFolder: nil) == nil, "no library any more")
    }

    @Test func aDamagedRecordIsNoVersion() throws {
        let (folder, cache, library) = try Self.cacheAndLibrary()
        defer { folder.remove() }
        cache.rememberEngine(version: "1.51", libraryFile: library.path, dataFolder: nil)
        let record = cache.folder.appendingPathComponent(SpeechCache.engineFileName)
        for text in ["", "hiit espeak-ng 1\n", "something else\n\(library.path)\n1 2 3 4 5\n\n1.51\n"] {
            try Data(text.utf8).write(to: record)
            #expect(cache.engineVersion(dataFolder: nil) == nil, "\(text)")
        }
    }

    @Test func phrasesAllCachedAreUsedWithoutTheEngine() throws {
        let (folder, cache, library) = try Self.cacheAndLibrary()
        defer { folder.remove() }
        let dataFolder = folder.file("no-data").path
        cache.rememberEngine(version: "test-engine", libraryFile: library.path, dataFolder: dataFolder)
        let cues: [Cue] = [.beep, .start, .name("Burpees"), .next("Squats")]
        let phrasebook = CuePhrasebook(voice: SpeechSynthesizer.englishVoice)
        var stored: [Cue: WAVSound] = [:]
        var names: [String: String] = [:]
        for (index, cue) in [Cue.name("Burpees"), .next("Squats")].enumerated() {
            let sound = try #require(WAVSound(sampleRate: 22050, channels: 1, samples: [Int16](repeating: Int16(100 + index), count: 441)))
            let text = try #require(phrasebook.text(for: cue))
            let key = SpeechCache.key(text: text, voice: SpeechSynthesizer.englishVoice, engineVersion: "test-engine",
                                      rate: SpeechSynthesizer.defaultRate)
            let fileName = String(repeating: "\(index)", count: 64) + ".wav"
            try cache.store(sound, as: fileName)
            names[key] = fileName
            stored[cue] = sound
        }
        cache.rememberPhrases(names)
        // Were the engine started, it would make the phrases anew (synthesised 2) or, not
        // installed, say so in a notice: both fail below.
        let spoken = try SpokenCues.prepare(for: cues, voice: nil, cache: cache, dataFolder: dataFolder)
        #expect(spoken.synthesised == 0 && spoken.notices.isEmpty, "\(spoken.notices)")
        #expect(spoken.sounds == stored)
    }

    @Test func theIndexKeepsPhraseFileNamesOnly() throws {
        let (folder, cache, _) = try Self.cacheAndLibrary()
        defer { folder.remove() }
        let name = String(repeating: "a", count: 64) + ".wav"
        cache.rememberPhrases(["one": name, "two": "../../etc/passwd", "three": String(repeating: "A", count: 64) + ".wav"])
        #expect(cache.phraseIndex() == ["one": name], "only names the cache itself makes")
        cache.rememberPhrases(["four": String(repeating: "b", count: 64) + ".wav"])
        #expect(cache.phraseIndex().count == 2, "merged")
        try Data("not json".utf8).write(to: cache.folder.appendingPathComponent(SpeechCache.indexFileName))
        #expect(cache.phraseIndex().isEmpty)
    }
}
