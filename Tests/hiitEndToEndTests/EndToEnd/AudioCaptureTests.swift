import Foundation
import Testing

/// Cues reach ALSA (DESIGN §7): the device is ALSA's `file` PCM writing a WAV into the
/// test's folder (LINUX-NOTES, "Capturing what was played"), so no sound card is needed and
/// what was played can be compared with the cue files.
@Suite("End to end: cues through ALSA")
struct AudioCaptureTests {
    /// An ALSA PCM name that writes everything played to `url` as a WAV file.
    static func captureDevice(_ url: URL) -> String {
        "file:'\(url.path)',wav"
    }

    /// The bundled cue sound for a cue name (`Sounds/<name>.wav`).
    static func cueSound(_ name: String) throws -> WAVData {
        try WAVData(contentsOf: e2ePackageFolder.appendingPathComponent("Sounds/\(name).wav"))
    }

    /// The phrases espeak-ng made for a run in `sandbox` (its `~/.cache/hiit/speech`), by file name.
    static func cachedPhrases(_ sandbox: E2ESandbox) throws -> [WAVData] {
        let folder = sandbox.url.appendingPathComponent(".cache/hiit/speech")
        // The phrases; beside them `engine.txt` keeps espeak-ng's version (SpeechCache).
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".wav") }.sorted()
            .map { try WAVData(contentsOf: folder.appendingPathComponent($0)) }
    }

    @Test func everyCueOfTheRunIsCapturedInOrder() async throws {
        let sandbox = try E2ESandbox()
        let capture = sandbox.file("played.wav")
        let result = try await sandbox.runHiit(["run", "3/2x2", "--prepare", "0", "--events"],
                                               audioDevice: Self.captureDevice(capture))
        #expect(result.status == 0, "\(result.transcript)")
        #expect(result.stderr.isEmpty, "the capture device opens, so nothing is said about cues: \(result.stderr)")

        let played = try result.events().filter { $0.event == "cue" }.compactMap(\.cue)
        #expect(played == ["start", "beep", "beep", "rest", "beep", "lastRound", "beep", "beep", "congratulations"])

        let captured = try WAVData(contentsOf: capture)
        // "Last round" and "Half way" (made in case + lengthens a work to 30 s) are bundled
        // files: espeak-ng is not started and no phrase is made or cached.
        #expect(!FileManager.default.fileExists(atPath: sandbox.url.appendingPathComponent(".cache/hiit/speech").path),
                "no phrase was synthesised")
        let sounds = try played.map { try Self.cueSound($0) }
        let first = try #require(sounds.first)
        #expect(captured.channels == first.channels)
        #expect(captured.sampleRate == first.sampleRate)
        #expect(captured.bitsPerSample == 16)
        // start + rest + 5 × beep + "Last round" + congratulations, sample for sample.
        #expect(captured.frameCount == sounds.map(\.frameCount).reduce(0, +))
        #expect(captured.samples == sounds.reduce(into: Data()) { $0.append($1.samples) },
                "the captured audio is the cue files played one after another")
        #expect(try sandbox.historyLines().count == 1)
    }

    @Test func eachLegStartIsAnnouncedBySportAndTheFinishCongratulates() async throws {
        let sandbox = try E2ESandbox()
        let capture = sandbox.file("played.wav")
        let hiit = try sandbox.start(["run", "--multisport", "--events"], audioDevice: Self.captureDevice(capture))
        defer { hiit.stop() }
        try await onOwnThread {
            // Each cue is let finish (the longest, "Transition", lasts 0.75 s) before the next
            // leg begins, so none waits in the queue long enough to be dropped as stale.
            for (command, cue) in [("begin swim", "swim"), ("begin t1", "transition"), ("begin bike", "bike")] {
                try hiit.send(command)
                _ = try hiit.waitForEvent("the \(cue) cue") { $0.event == "cue" && $0.cue == cue }
                Thread.sleep(forTimeInterval: 0.9)
            }
            try hiit.send("finish")
        }
        let ending = try await hiit.waitForExit()
        #expect(ending.status == 0, "\(hiit.transcript)")
        let played = try hiit.events().filter { $0.event == "cue" }.compactMap(\.cue)
        #expect(played == ["swim", "transition", "bike", "congratulations"])
        let captured = try WAVData(contentsOf: capture)
        let sounds = try played.map(Self.cueSound)
        #expect(captured.samples == sounds.reduce(into: Data()) { $0.append($1.samples) },
                "the sport cues reach ALSA in order, sample for sample")
    }

    @Test func soundsTestPlaysEveryCueOnceInOrder() async throws {
        let sandbox = try E2ESandbox()
        let capture = sandbox.file("played.wav")
        let result = try await sandbox.runHiit(["sounds", "--test"], audioDevice: Self.captureDevice(capture))
        #expect(result.status == 0, "\(result.transcript)")
        let names = ["start", "rest", "congratulations", "beep", "swim", "bike", "run", "transition"]
        let spoken = ["name (Burpees)", "next (Push-ups)", "halfway", "lastRound", "warmUp", "coolDown",
                      "count (3)", "count (2)", "count (1)"]
        #expect(result.stdoutLines.filter { $0.hasPrefix("Playing ") } == (names + spoken).map { "Playing \($0)…" })
        #expect(result.stdoutLines.contains { $0.hasPrefix("  transition       transition.wav") && $0.hasSuffix("0.75 s") },
                "\(result.transcript)")
        #expect(result.stdoutLines.contains { $0.hasPrefix("  halfway          halfway.wav") }, "\(result.transcript)")
        #expect(result.stdoutLines.contains("Voice: espeak-ng, en-us (names and the other spoken cues)"))
        // The bundled cues first, sample for sample, then the spoken ones.
        let captured = try WAVData(contentsOf: capture)
        let bundled = (try names.map(Self.cueSound)).reduce(into: Data()) { $0.append($1.samples) }
        #expect(captured.samples.prefix(bundled.count) == bundled)
        #expect(captured.samples.count > bundled.count + 9 * 22050 / 10, "nine phrases of some tenths of a second after them")
    }

    @Test func soundsNamesADeviceThatDoesNotOpen() async throws {
        let sandbox = try E2ESandbox()
        let result = try await sandbox.runHiit(["sounds", "--audio-device", "no-such-device-e2e"])
        #expect(result.status == 74, "\(result.transcript)")
        #expect(result.stdoutLines.first == "Device: no-such-device-e2e")
        #expect(result.stderrLines.count == 1)
        #expect(result.stderrLines.first?.hasPrefix("Error: cues are off: cannot open audio device 'no-such-device-e2e'") == true,
                "\(result.transcript)")
    }

    @Test func aMissingSoundsFolderTurnsCuesOffWithOneLineAndTheRunCompletes() async throws {
        let sandbox = try E2ESandbox()
        let missing = sandbox.file("no-sounds-here")
        let result = try await sandbox.runHiit(["run", "1/1x1", "--prepare", "0", "--events"],
                                               extraEnvironment: ["HIIT_SOUNDS": missing.path])
        #expect(result.status == 0, "\(result.transcript)")
        #expect(result.stderrLines == ["Cues are off: cue sounds not found; looked in: \(missing.path)"], "\(result.transcript)")
        #expect(try result.events().last?.event == "saved")
        #expect(try sandbox.historyLines().count == 1)
    }

    @Test func muteCapturesNothing() async throws {
        let sandbox = try E2ESandbox()
        let capture = sandbox.file("played.wav")
        let result = try await sandbox.runHiit(["run", "1/1x1", "--prepare", "0", "--events", "--mute"],
                                               audioDevice: Self.captureDevice(capture))
        #expect(result.status == 0, "\(result.transcript)")
        #expect(result.stderr.isEmpty, "\(result.transcript)")
        if FileManager.default.fileExists(atPath: capture.path) {
            #expect(try WAVData(contentsOf: capture).frameCount == 0)
        }
        #expect(try sandbox.historyLines().count == 1, "a muted session is still recorded")
    }

    @Test(arguments: [false, true])
    func wrongDeviceTurnsCuesOffWithOneLineAndTheRunCompletes(byOption: Bool) async throws {
        let sandbox = try E2ESandbox()
        let device = "no-such-device-e2e"
        let arguments = ["run", "1/1x1", "--prepare", "0", "--events"] + (byOption ? ["--audio-device", device] : [])
        // The option wins over the environment.
        let result = try await sandbox.runHiit(arguments, audioDevice: byOption ? "null" : device)
        #expect(result.status == 0, "\(result.transcript)")
        #expect(result.stderrLines.count == 1, "\(result.transcript)")
        let line = try #require(result.stderrLines.first)
        #expect(line.lowercased().contains("cues are off"), "\(line)")
        #expect(line.contains(device), "names the device: \(line)")
        let events = try result.events()
        #expect(events.filter { $0.event == "cue" }.map(\.cue) == ["start", "congratulations"],
                "the engine still cues on time; nothing plays")
        #expect(events.last?.event == "saved")
        #expect(try sandbox.historyLines().count == 1)
    }
}
