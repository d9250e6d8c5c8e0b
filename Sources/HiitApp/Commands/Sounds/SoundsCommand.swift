import CommandLineKit
import AudioCues
import Foundation
import SessionEngine
import Speech

/// `hiit sounds [--test] [--audio-device NAME] [--voice LANG]` (DESIGN §6): which ALSA device
/// the cues go to, which sound files were found where, whether espeak-ng speaks (#16) and
/// whether the device opens; with `--test`, plays each cue once, in order, naming it as it
/// plays, then the spoken ones (a name, "Next", "Half way", …).
struct SoundsCommand: Command {
    static let configuration = CommandConfiguration(
        path: ["sounds"], abstract: "Show which device and which cue sounds the timer uses; play each once with --test.",
        discussion: "Exit status 0 when the sounds were found and the device opens; 74 when either fails, with the reason (the timer then runs with cues off).")

    /// `--test`: whether to play every cue.
    @Flag("test", help: "Play every cue once, in order.") var playsCues: Bool
    /// `--audio-device NAME`: the device to use, if given.
    @Option("audio-device", valueName: "name", help: "The ALSA device to use (default: $HIIT_AUDIO_DEVICE, else 'default').")
    var deviceName: String?
    /// `--voice LANG`: the espeak-ng voice to try, if given.
    @Option("voice", valueName: "lang", help: "Say the cues in this espeak-ng voice, as hiit run --voice does (default: the bundled English cues, names in espeak-ng's en-us voice).")
    var voice: String?

    /// What `--test` says after the bundled cues: one of each spoken kind.
    static let spokenSamples: [Cue] = [.name("Burpees"), .next("Push-ups"), .halfway, .lastRound, .warmUp, .coolDown,
                                       .count(3), .count(2), .count(1)]

    func run(_ context: CommandContext) throws -> Int32 {
        let console = context.console
        let device = deviceName
            ?? context.environment["HIIT_AUDIO_DEVICE"].flatMap { $0.isEmpty ? nil : $0 } ?? "default"
        console.out("Device: \(device)")
        let sounds: SoundBank
        do {
            sounds = try SoundBank(searching: context.locations.soundCandidates)
        } catch {
            console.out("Sounds: not found")
            throw CommandFailure.io("\(error)")
        }
        console.out("Sounds: \(sounds.folder?.path ?? "built in")")
        for cue in Cue.bundled + Cue.fixedPhrases.filter(sounds.hasOwnSound(for:)) {
            let length = sounds[cue].map { String(format: "%.2f s", $0.duration.inSeconds) } ?? "missing"
            let file = SoundBank.fileName(for: cue)
            console.out("  " + cue.kind.padding(toLength: 17, withPad: " ", startingAt: 0)
                        + file.padding(toLength: 21, withPad: " ", startingAt: 0) + length)
        }
        let samples = Cue.bundled + Self.spokenSamples
        let prepared = Result { () throws(SpeechError) in
            try SpokenCues.prepare(for: samples, voice: voice, cache: SpeechCache(folder: context.locations.speechCacheFolder),
                                   dataFolder: context.environment["HIIT_ESPEAK_DATA"].flatMap { $0.isEmpty ? nil : $0 },
                                   hasOwnSound: sounds.hasOwnSound(for:))
        }
        let spoken: SpokenCues
        switch prepared {
        case let .success(made):
            spoken = made
        case let .failure(.unknownVoice(name)):
            throw CommandFailure.usage("--voice: \(SpeechError.unknownVoice(name))")
        case let .failure(error):
            console.out("Voice: off")
            throw CommandFailure.io("--voice \(voice ?? ""): \(error)")
        }
        let voiceName = voice ?? SpeechSynthesizer.englishVoice
        console.out(spoken.sounds.isEmpty ? "Voice: off (\(spoken.notices.first ?? "nothing to say"))"
                    : "Voice: espeak-ng, \(voiceName) (\(voice == nil ? "names and the other spoken cues" : "every cue but the beep"))")
        spoken.notices.dropFirst(spoken.sounds.isEmpty ? 1 : 0).forEach { console.out("  \($0)") }
        let player: ALSACuePlayer
        do {
            player = try ALSACuePlayer(device: device, sounds: sounds.adding(spoken.sounds))
        } catch {
            throw CommandFailure.io("cues are off: \(error)")
        }
        defer { player.close() }
        console.out("The device opens: cues will play.")
        guard playsCues else { return ExitStatus.success }
        for cue in samples where sounds.hasOwnSound(for: cue) || spoken.sounds[cue] != nil {
            console.out("Playing \(cue.kind)\(cue.detail.map { " (\($0))" } ?? "")\(console.glyphs.ellipsis)")
            player.play(cue)
            _ = player.waitUntilIdle(timeout: .seconds(5))
        }
        if let error = player.lastError {
            throw CommandFailure.io("\(error)")
        }
        return ExitStatus.success
    }
}
