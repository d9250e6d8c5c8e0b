import AudioCues
import Foundation
import SessionEngine
import TerminalUI
#if canImport(Glibc)
import Glibc
#endif

/// Runs a session against the real clock: it sleeps (in `poll`) until the next absolute
/// deadline of the session or the front end, then hands the session the current instant.
/// Nothing is counted per tick, so error never accumulates: a boundary is handled within the
/// poll's millisecond rounding and the scheduler's latency of its schedule.
///
/// The clock is `ContinuousClock` (CLOCK_BOOTTIME on Linux: it keeps counting through a
/// suspend, as a real workout does). Instants given to the session are `Duration`s since the
/// loop's origin.
final class RunLoop<Engine: RunnableSession> {
    private let clock = ContinuousClock()
    private let origin: ContinuousClock.Instant
    /// Wall-clock time at the origin, read once: records are stamped `wallOrigin + offset`.
    let wallOrigin: Date
    /// The session as it stands (after the run: as it finished).
    private(set) var session: Engine
    private let frontEnd: any RunFrontEnd<Engine>
    private let player: CuePlayer
    private let signals: SignalPipe?
    /// Test hook: `HIIT_FAULT=run-loop-read` in the environment makes the first input read
    /// after the first frame fail with ``TerminalError`` (EIO), as a hung-up terminal would,
    /// so tests can prove a thrown error restores the terminal. Inert when the variable is unset.
    private let failsFirstRead = getenv("HIIT_FAULT").map { String(cString: $0) } == "run-loop-read"

    /// Creates a loop; the session starts when ``run()`` is called.
    /// - Parameters:
    ///   - session: what to run, not started.
    ///   - frontEnd: the screen, plain lines or event lines.
    ///   - player: where cues go (a silent player when cues are off).
    ///   - signals: the signal pipe to watch (SIGINT, SIGTERM, SIGHUP end the run; SIGWINCH redraws).
    init(session: Engine, frontEnd: any RunFrontEnd<Engine>, player: CuePlayer, signals: SignalPipe?) {
        self.session = session
        self.frontEnd = frontEnd
        self.player = player
        self.signals = signals
        self.origin = clock.now
        self.wallOrigin = Date()
    }

    /// The current instant: time since the loop's origin on its clock.
    var now: Duration { clock.now - origin }

    /// Runs until the session finishes, the person quits, or a signal arrives.
    /// - Throws: ``TerminalError`` when polling or reading input fails.
    func run() throws -> RunEnding<Engine.Outcome> {
        frontEnd.begin(session: session, at: now)
        let startEffects = session.handle(Engine.startEvent, at: now)
        if let ending = apply(startEffects, at: now) { return finish(ending) }
        var inputOpen = frontEnd.inputDescriptor != nil
        while true {
            let current = now
            let deadline = [session.nextDeadline, frontEnd.nextRefresh(session: session, after: current)]
                .compactMap { $0 }.min()
            var fds: [Int32] = []
            if inputOpen, let fd = frontEnd.inputDescriptor { fds.append(fd) }
            if let signals { fds.append(signals.readFD) }
            // The kernel lets poll oversleep by 0.1 % of its timeout (1 ms in a second) and
            // counts whole milliseconds: poll until a little before the deadline, then sleep
            // the last stretch with nanosleep, whose slack is about 50 µs.
            let ready = try Poller.readable(fds, timeoutMilliseconds: deadline.map {
                DeadlineWait.wholeMilliseconds(DeadlineWait.pollWait(until: $0, from: current))
            })
            if ready.isEmpty, let deadline { DeadlineWait.sleep(for: deadline - now) }
            let t = now
            if let signals, ready.contains(signals.readFD) {
                for signal in signals.drain() {
                    if signal == SIGWINCH {
                        frontEnd.resized(session: session, at: t)
                    } else {
                        return finish(.signal(signal))
                    }
                }
            }
            if failsFirstRead { throw TerminalError.systemCall(function: "read", fd: frontEnd.inputDescriptor, errno: EIO) }
            if inputOpen, let fd = frontEnd.inputDescriptor, ready.contains(fd) {
                let bytes = try FileDescriptorIO.read(from: fd)
                if bytes == nil { inputOpen = false }
                for command in frontEnd.commands(from: bytes, session: session, at: t) {
                    if let ending = perform(command, at: t) { return finish(ending) }
                }
            }
            if let ending = apply(session.tick(at: t), at: t) { return finish(ending) }
            frontEnd.refresh(session: session, at: t)
        }
    }

    private func perform(_ command: RunCommand<Engine.Event>, at t: Duration) -> RunEnding<Engine.Outcome>? {
        switch command {
        case let .session(event):
            return apply(session.handle(event, at: t), at: t)
        case .togglePause:
            return apply(session.handle(session.pauseToggleEvent, at: t), at: t)
        case .toggleMute:
            player.setMuted(!player.isMuted)
            frontEnd.cuesChanged(muted: player.isMuted, session: session, at: t)
            return nil
        case .quit:
            return .quit
        case .interrupt:
            return .signal(SIGINT)
        }
    }

    /// Plays cues, shows effects, and reports the finish.
    private func apply(_ effects: [Engine.Effect], at t: Duration) -> RunEnding<Engine.Outcome>? {
        guard !effects.isEmpty else { return nil }
        for effect in effects {
            if let cue = Engine.cue(in: effect) { player.play(cue) }
        }
        frontEnd.show(effects, session: session, at: t)
        for effect in effects {
            if let outcome = Engine.outcome(of: effect) { return .finished(outcome) }
        }
        return nil
    }

    private func finish(_ ending: RunEnding<Engine.Outcome>) -> RunEnding<Engine.Outcome> {
        frontEnd.end(ending, session: session, at: now)
        return ending
    }
}

/// The wait arithmetic of the run loop: poll most of the way to a deadline, then sleep the
/// rest precisely (LINUX-NOTES: poll oversleeps by 0.1 % of its timeout).
enum DeadlineWait {
    /// `duration` in whole milliseconds, rounded down, at least 0.
    static func wholeMilliseconds(_ duration: Duration) -> Int {
        guard duration > .zero else { return 0 }
        let (seconds, attoseconds) = duration.components
        return Int(clamping: seconds) &* 1000 &+ Int(attoseconds / 1_000_000_000_000_000)
    }

    /// How long to poll before sleeping precisely to `deadline`: the time left less 0.2 % of
    /// it and 1 ms (the kernel's poll slack is 0.1 % of the timeout), never negative.
    static func pollWait(until deadline: Duration, from now: Duration) -> Duration {
        let left = deadline - now
        return max(left - left / 500 - .milliseconds(1), .zero)
    }

    /// Sleeps for a short `duration` (the last few milliseconds before a deadline) with
    /// `nanosleep`.
    static func sleep(for duration: Duration) {
        guard duration > .zero else { return }
        let (seconds, attoseconds) = duration.components
        var request = timespec(tv_sec: Int(clamping: seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0, errno == EINTR { request = remaining }
    }
}
