import AudioCues
import Foundation
import SessionEngine
import Speech
import Testing

/// Whether espeak-ng's data is where Debian's package puts it.
let espeakDataIsInstalled = ["/usr/lib/x86_64-linux-gnu/espeak-ng-data/phontab", "/usr/lib/aarch64-linux-gnu/espeak-ng-data/phontab",
                             "/usr/share/espeak-ng-data/phontab"].contains { FileManager.default.fileExists(atPath: $0) }

/// Spoken cues reach ALSA (#16): names, "Next" and another language are synthesised by
/// espeak-ng before the first segment and played like the bundled WAVs (which, in English,
/// hold "Last round", "Warm up", "Cool down" and "Half way" too). ALSA's `file` PCM captures what was played; the test makes each phrase again
/// with the same espeak-ng and checks the capture is those sounds, sample for sample, in the
/// order the events say.
@Suite("End to end: spoken cues through ALSA",
       .enabled(if: espeakDataIsInstalled, "espeak-ng-data is not installed (apt-get install libespeak-ng-dev)"))
struct SpokenCueCaptureTests {

    /// A circuit of 26 s: warm-up 3 s, two sets of Squats (3 s work, 1 s rest, 2 rounds), 6 s
    /// between the sets, cool-down 3 s; every cue but "Half way" (work of 30 s or more).
    static let circuit = """
        {"version": 2, "kind": "intervals", "name": "Voice circuit", "prepareSeconds": 0, "warmUpSeconds": 3,
         "coolDownSeconds": 3, "sets": 2, "restBetweenSetsSeconds": 6,
         "exercises": [{"name": "Squats", "workSeconds": 3, "restSeconds": 1, "rounds": 2}]}
        """

    /// The cue an event line names.
    static func cue(_ line: EventLine) throws -> Cue {
        let kind = try #require(line.cue)
        if let fixed = Cue.bundled.first(where: { $0.kind == kind }) { return fixed }
        switch kind {
        case "warmUp": return .warmUp
        case "coolDown": return .coolDown
        case "halfway": return .halfway
        case "lastRound": return .lastRound
        case "name": return .name(try #require(line.text))
        case "next": return .next(try #require(line.text))
        case "count":
            let text = try #require(line.text)
            return .count(try #require(Int(text)))
        default: throw E2EFailure("unknown cue \(kind)")
        }
    }

    /// What the cues played should sound like: the bundled WAVs (in English also those of
    /// ``Cue/fixedPhrases``), and for the spoken ones the
    /// phrase hiit made and kept in the sandbox's phrase cache (espeak-ng varies a little from
    /// one synthesis to the next, so the phrase is read back, not made again), found by the
    /// cache's own key: the phrasebook's text in `voice` (the English voice of names when `nil`).
    static func expectedAudio(_ cues: [Cue], voice: String?, sandbox: E2ESandbox) throws -> Data {
        let synthesizer = try SpeechSynthesizer(voice: voice ?? SpeechSynthesizer.englishVoice)
        let phrasebook = CuePhrasebook(voice: synthesizer.voice)
        let cache = SpeechCache(folder: sandbox.url.appendingPathComponent(".cache/hiit/speech"))
        var audio = Data()
        for cue in cues {
            if cue.isBundled || Cue.fixedPhrases.contains(cue), voice == nil || cue == .beep {
                audio.append(try AudioCaptureTests.cueSound(cue.kind).samples)
            } else {
                let text = try #require(phrasebook.text(for: cue))
                let name = try SpeechCache.fileName(text: text, voice: synthesizer.voice, engineVersion: synthesizer.engineVersion,
                                                rate: synthesizer.rate)
                let sound = try #require(cache.sound(named: name), "no phrase '\(text)' in the cache")
                audio.append(sound.wavData.dropFirst(44))
            }
        }
        return audio
    }

    @Test("a circuit with warm-up and cool-down: Warm up, Next, the name, Last round, Cool down reach ALSA as espeak-ng said them, on time")
    func englishCircuit() async throws {
        let sandbox = try E2ESandbox()
        let workout = sandbox.file("circuit.json")
        try Data(Self.circuit.utf8).write(to: workout)
        let capture = sandbox.file("played.wav")
        let result = try await sandbox.runHiit(["run", workout.path, "--events", "--no-record"],
                                               audioDevice: AudioCaptureTests.captureDevice(capture))
        #expect(result.status == 0, "\(result.transcript)")
        #expect(result.stderr.isEmpty, "speech starts and the device opens: \(result.stderr)")
        let lines = try result.events().filter { $0.event == "cue" }
        let cues = try lines.map(Self.cue)
        #expect(cues == [.warmUp, .beep, .beep,
                         .name("Squats"), .beep, .beep, .rest, .lastRound, .beep, .beep,
                         .rest, .next("Squats"), .beep, .beep, .beep,
                         .name("Squats"), .beep, .beep, .rest, .lastRound, .beep, .beep,
                         .coolDown, .beep, .beep, .congratulations])
        // Every cue was written on or after its instant and none was late.
        #expect(lines.allSatisfy { line in line.due.map { line.t >= $0 && line.t - $0 < 0.5 } ?? false })
        let captured = try WAVData(contentsOf: capture)
        #expect(captured.sampleRate == 22050 && captured.channels == 1)
        #expect(captured.samples == (try Self.expectedAudio(cues, voice: nil, sandbox: sandbox)), "the capture is the bundled and spoken cues, in order")
        // Made once, kept: the run's two phrases ("Squats", "Next: Squats"); "Warm up", "Last
        // round", "Cool down" and "Half way" (there in case + makes a work 30 s) are bundled files.
        #expect(try AudioCaptureTests.cachedPhrases(sandbox).count == 2)
    }

    @Test("--voice de says every cue in German (Los, Pause, Letzte Runde, Glückwunsch!), the countdown in words with --cues countdown=words")
    func germanQuickWorkout() async throws {
        let sandbox = try E2ESandbox()
        let capture = sandbox.file("played.wav")
        let result = try await sandbox.runHiit(["run", "3/2x2", "--prepare", "0", "--events", "--no-record", "--voice", "de",
                                                "--cues", "countdown=words"],
                                               audioDevice: AudioCaptureTests.captureDevice(capture))
        #expect(result.status == 0, "\(result.transcript)")
        let cues = try result.events().filter { $0.event == "cue" }.map(Self.cue)
        #expect(cues == [.start, .count(2), .count(1), .rest, .count(1), .lastRound, .count(2), .count(1), .congratulations])
        let captured = try WAVData(contentsOf: capture)
        #expect(captured.samples == (try Self.expectedAudio(cues, voice: "de", sandbox: sandbox)))
        // Nothing but the beeps from the bundled English files.
        let english = try [Cue.start, .rest, .congratulations].map { try AudioCaptureTests.cueSound($0.kind).samples }
        #expect(english.allSatisfy { captured.samples.range(of: $0) == nil })
    }

    @Test("without espeak-ng's data names are not spoken, hiit says so once, and the name's place sounds Start")
    func withoutSpeech() async throws {
        let sandbox = try E2ESandbox()
        let workout = sandbox.file("one.json")
        try Data(#"{"name": "One", "prepareSeconds": 0, "exercises": [{"name": "Squats", "workSeconds": 2, "restSeconds": 0, "rounds": 1}]}"#.utf8)
            .write(to: workout)
        let noData = sandbox.file("no-espeak-data")
        try FileManager.default.createDirectory(at: noData, withIntermediateDirectories: true)
        let capture = sandbox.file("played.wav")
        let result = try await sandbox.runHiit(["run", workout.path, "--events", "--no-record"],
                                               audioDevice: AudioCaptureTests.captureDevice(capture),
                                               extraEnvironment: ["HIIT_ESPEAK_DATA": noData.path])
        #expect(result.status == 0, "\(result.transcript)")
        #expect(result.stderr == "Names are not spoken: espeak-ng could not start (no espeak-ng-data in \(noData.path)); install espeak-ng (Debian: apt-get install espeak-ng-data)\n")
        let cues = try result.events().filter { $0.event == "cue" }.map(Self.cue)
        #expect(cues == [.name("Squats"), .beep, .congratulations])
        let captured = try WAVData(contentsOf: capture)
        let expected = try ["start", "beep", "congratulations"].map(AudioCaptureTests.cueSound).reduce(into: Data()) { $0.append($1.samples) }
        #expect(captured.samples == expected)
        // --voice asks for speech: without it the run does not start.
        let asked = try await sandbox.runHiit(["run", workout.path, "--events", "--voice", "de"],
                                              extraEnvironment: ["HIIT_ESPEAK_DATA": noData.path])
        #expect(asked.status == 74 && asked.stdout.isEmpty)
        #expect(asked.stderr.hasPrefix("Error: --voice de: espeak-ng could not start"))
    }

    @Test("a voice espeak-ng has not is a usage error naming it; nothing runs, nothing is recorded")
    func unknownVoice() async throws {
        let sandbox = try E2ESandbox()
        let result = try await sandbox.runHiit(["run", "3/2x2", "--events", "--voice", "xx-nowhere"])
        #expect(result.status == 64)
        #expect(result.stderr == "Error: --voice: espeak-ng has no voice 'xx-nowhere' (list them with: espeak-ng --voices)\n")
        #expect(result.stdout.isEmpty)
        #expect(try sandbox.historyLines().isEmpty)
    }
}
