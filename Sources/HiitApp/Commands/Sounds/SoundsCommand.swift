import CommandLineKit
import AudioCues
import Foundation
import SessionEngine

/// `hiit sounds [--test] [--audio-device NAME]` (DESIGN §6): which ALSA device the cues go to,
/// which sound files were found where, and whether the device opens; with `--test`, plays
/// each cue once, in order, naming it as it plays.
struct SoundsCommand: Command {
    static let configuration = CommandConfiguration(
        path: ["sounds"], abstract: "Show which device and which cue sounds the timer uses; play each once with --test.",
        discussion: "Exit status 0 when the sounds were found and the device opens; 74 when either fails, with the reason (the timer then runs with cues off).")

    /// `--test`: whether to play every cue.
    @Flag("test", help: "Play every cue once, in order.") var playsCues: Bool
    /// `--audio-device NAME`: the device to use, if given.
    @Option("audio-device", valueName: "name", help: "The ALSA device to use (default: $HIIT_AUDIO_DEVICE, else 'default').")
    var deviceName: String?

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
        for cue in Cue.bundled {
            let length = sounds[cue].map { String(format: "%.2f s", $0.duration.inSeconds) } ?? "missing"
            let file = SoundBank.fileName(for: cue)
            console.out("  " + cue.kind.padding(toLength: 17, withPad: " ", startingAt: 0)
                        + file.padding(toLength: 21, withPad: " ", startingAt: 0) + length)
        }
        let player: ALSACuePlayer
        do {
            player = try ALSACuePlayer(device: device, sounds: sounds)
        } catch {
            throw CommandFailure.io("cues are off: \(error)")
        }
        defer { player.close() }
        console.out("The device opens: cues will play.")
        guard playsCues else { return ExitStatus.success }
        for cue in Cue.bundled {
            console.out("Playing \(cue.kind)\(console.glyphs.ellipsis)")
            player.play(cue)
            _ = player.waitUntilIdle(timeout: .seconds(5))
        }
        if let error = player.lastError {
            throw CommandFailure.io("\(error)")
        }
        return ExitStatus.success
    }
}
