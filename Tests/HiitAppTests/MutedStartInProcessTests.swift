import AudioCues
import Foundation
import Testing
import SessionEngine
import TerminalUI
#if canImport(Glibc)
import Glibc
#endif
@testable import HiitApp

/// A run started muted and its sound device (issue 12, item 26: a run that stays muted never
/// loads alsa-lib, so the device is opened at the first unmute).
@Suite struct MutedStartInProcessTests {
    /// A run started with `--mute` opens no device until `m`; when opening fails then, the
    /// screen says why, as it does for a device missing at the start, and the next `m` tries
    /// again (a device plugged in meanwhile): cues then sound.
    @Test func aMutedRunOpensTheDeviceAtTheFirstUnmuteAndSaysWhenItCannot() throws {
        let run = InProcessRun([(.seconds(3), .input("m")), (.seconds(8), .input("m")), (.seconds(9), .input("m")),
                                (.seconds(21), .signal(SIGHUP))])
        let opens = Counter()
        let device = RecordingCuePlayer()
        let clock = run.clock
        let player = DeferredCuePlayer {
            opens.note(clock.elapsed)
            guard opens.count > 1 else { throw AudioError.deviceUnavailable(device: "default", code: -2, message: "No such file or directory") }
            return device
        }
        let screen = ScreenFrontEnd(adapter: IntervalRun(workoutName: "Short"), cuesOffReason: nil, isMuted: true,
                                    styleMode: .plain, glyphs: .unicode, size: { run.size }, write: run.wroteFrame)
        run.currentFrame = { [weak screen] in screen?.frame }
        let (_, ending) = try run.run(IntervalRunInProcessTests.session(IntervalRunInProcessTests.short, prepare: 0), screen, player: player)

        #expect(run.screen(at: .seconds(2)).first?.hasSuffix("muted") == true)
        #expect(opens.instants == [.seconds(3), .seconds(9)], "opened at the first m, not at the start; again at the next unmute")
        #expect(run.shown(at: .seconds(3)).hasSuffix("Cues are off: cannot open audio device 'default'"))
        #expect(run.screen(at: .seconds(4)).first?.hasSuffix("cues off") == true)
        #expect(run.shown(at: .seconds(8)).hasSuffix("Cues muted"))
        #expect(run.shown(at: .seconds(9)).hasSuffix("Cues on"), "the third m opened it (the second muted again)")
        #expect(run.screen(at: .seconds(10)).first?.hasSuffix("cues on") == true)
        #expect(device.cues == [.beep, .beep, .beep, .rest], "the cues due after it opened sound (17–20 s)")
        #expect(ending == .signal(SIGHUP))
    }

    /// A device that cannot be opened at the start of a run that is not muted (a new-user
    /// check found `m` then did nothing): the header says `cues off`; `m` mutes ("Cues muted");
    /// the next `m` tries the device again and says why it is still off; once it opens, cues
    /// sound.
    @Test func aDeviceMissingAtTheStartIsTriedAgainByMuteAndUnmute() throws {
        let run = InProcessRun([(.seconds(3), .input("m")), (.seconds(4), .input("m")), (.seconds(6), .input("m")),
                                (.seconds(8), .input("m")), (.seconds(21), .signal(SIGHUP))])
        let opens = Counter()
        let device = RecordingCuePlayer()
        let clock = run.clock
        let reason = "cannot open audio device 'default': No such file or directory (ALSA error -2)"
        let player = DeferredCuePlayer(open: {
            opens.note(clock.elapsed)
            guard opens.count > 1 else { throw AudioError.deviceUnavailable(device: "default", code: -2, message: "No such file or directory") }
            return device
        }, failure: reason)
        let screen = ScreenFrontEnd(adapter: IntervalRun(workoutName: "Short"), cuesOffReason: reason, keepsOffReason: false,
                                    isMuted: false, styleMode: .plain, glyphs: .unicode, size: { run.size }, write: run.wroteFrame)
        run.currentFrame = { [weak screen] in screen?.frame }
        let (_, ending) = try run.run(IntervalRunInProcessTests.session(IntervalRunInProcessTests.short, prepare: 0), screen, player: player)

        #expect(run.screen(at: .seconds(2)).first?.hasSuffix("cues off") == true)
        #expect(run.shown(at: .seconds(3)).hasSuffix("Cues muted"))
        #expect(run.screen(at: .seconds(3.5)).first?.hasSuffix("muted") == true)
        #expect(run.shown(at: .seconds(4)).hasSuffix("Cues are off: cannot open audio device 'default'"))
        #expect(run.screen(at: .seconds(5)).first?.hasSuffix("cues off") == true)
        #expect(run.shown(at: .seconds(6)).hasSuffix("Cues muted"))
        #expect(run.shown(at: .seconds(8)).hasSuffix("Cues on"))
        #expect(run.screen(at: .seconds(9)).first?.hasSuffix("cues on") == true)
        #expect(opens.instants == [.seconds(4), .seconds(8)], "tried at each unmute after a mute, never at the start")
        #expect(device.cues == [.beep, .beep, .beep, .rest], "the cues due after it opened sound (17–20 s)")
        #expect(ending == .signal(SIGHUP))
    }
}

/// Notes instants from any thread (`@unchecked Sendable`: they are read and written under `lock`).
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var noted: [Duration] = []

    /// Notes one call at `instant`.
    func note(_ instant: Duration) { lock.withLock { noted.append(instant) } }

    /// The instants noted, in order.
    var instants: [Duration] { lock.withLock { noted } }

    /// How many calls so far.
    var count: Int { lock.withLock { noted.count } }
}
