import AudioCues
import Foundation
import SessionEngine
import TerminalUI

/// Runs a session on the clock it is given: it waits (through its ``RunWait``) until the next
/// absolute deadline of the session or the front end, then hands the session the current
/// instant. Nothing is counted per tick, so error never accumulates: in production a boundary
/// is handled within a fraction of a millisecond of its schedule (see ``DeadlineWait``).
///
/// Instants given to the session and the front end are `Duration`s since the clock's origin
/// (``RunClock``). The loop reads no clock, no wall time and no environment of its own: the
/// caller gives it the clock, the wait, the wall-clock time at the origin and the faults to
/// inject, so tests drive whole runs in-process with a manual clock.
final class WorkoutRunLoop<Engine: RunnableSession> {
    private let clock: RunClock
    /// Wall-clock time at the clock's origin: records are stamped `wallOrigin + offset`.
    let wallOrigin: Date
    /// The session as it stands (after the run: as it finished).
    private(set) var session: Engine
    private let frontEnd: any RunFrontEnd<Engine>
    private let player: CuePlayer
    private let wait: any RunWait
    private let faults: RunFaults
    private let suspender: (any RunSuspender)?
    private let accessory: (any RunAccessory<Engine>)?
    /// Set once the run was continued after suspending itself: the SIGCONT that continued it
    /// arrives through the signal pipe too, and needs no second redraw.
    private var continueIsExpected = false
    /// The instant the run was last continued after suspending itself; the wake that suspended
    /// goes on from there, not from the instant it woke.
    private var continuedAt: Duration = .zero

    /// Creates a loop; the session starts when ``run()`` is called.
    /// - Parameters:
    ///   - session: what to run, not started.
    ///   - frontEnd: the screen, plain lines or event lines.
    ///   - player: where cues go (a silent player when cues are off).
    ///   - clock: the run's clock; its origin is instant zero of the session.
    ///   - wallOrigin: the wall-clock time at the clock's origin (read by the caller once).
    ///   - wait: how to wait for the next deadline, input or signal (SIGWINCH redraws; SIGTSTP,
    ///     SIGTTIN and SIGTTOU suspend, SIGCONT redraws; any other signal it reports ends the
    ///     run: see ``RunSignals`` for which are watched).
    ///   - faults: errors to inject, for tests of the exit paths; none by default.
    ///   - suspender: how to stop for job control (Ctrl-Z and the stop signals); `nil` (the
    ///     default) when the run does not hold the terminal: Ctrl-Z then does nothing.
    ///   - accessory: a source served in the same wait (gpsd and the live track), or `nil`
    ///     (the default).
    init(session: Engine, frontEnd: any RunFrontEnd<Engine>, player: CuePlayer, clock: RunClock, wallOrigin: Date,
         wait: any RunWait, faults: RunFaults = [], suspender: (any RunSuspender)? = nil,
         accessory: (any RunAccessory<Engine>)? = nil) {
        self.session = session
        self.frontEnd = frontEnd
        self.player = player
        self.clock = clock
        self.wallOrigin = wallOrigin
        self.wait = wait
        self.faults = faults
        self.suspender = suspender
        self.accessory = accessory
    }

    /// The current instant: time since the clock's origin.
    var now: Duration { clock.now }

    /// Runs until the session finishes, the person quits, or a signal arrives.
    /// - Throws: what the wait throws (``TerminalError`` when polling fails), what reading
    ///   input throws, what taking the terminal again after a suspension throws, and the
    ///   injected ``RunFaults``.
    func run() throws -> RunEnding<Engine.Outcome> {
        defer { accessory?.end() }
        frontEnd.begin(session: session, at: now)
        if let accessory {
            let start = now
            for note in accessory.begin(at: start, wallOrigin: wallOrigin) { frontEnd.note(note, session: session, at: start) }
        }
        let startEffects = session.handle(Engine.startEvent, at: now)
        if let ending = apply(startEffects, at: now) { return finish(ending) }
        accessory?.settled(session: session, at: now)
        var inputOpen = frontEnd.readsInput
        while true {
            let current = now
            let sessionDeadline = session.nextDeadline
            let deadline = [sessionDeadline, frontEnd.nextRefresh(session: session, after: current),
                            accessory?.nextDeadline(after: current)]
                .compactMap { $0 }.min()
            // A boundary or a cue is waited for to the fraction of a millisecond; a redraw
            // alone (or the accessory's work) may come a millisecond late, and costs one
            // system call less.
            let wake = try wait.wait(until: deadline, precisely: deadline != nil && deadline == sessionDeadline,
                                     watchingInput: inputOpen, watching: accessory?.watched ?? [])
            var t = now
            for signal in wake.signals {
                switch signal {
                case SIGWINCH:
                    frontEnd.redraw(session: session, at: t)
                case SIGCONT:
                    // Continued after a stop: by our own suspension (already redrawn), or by
                    // a SIGSTOP from outside, which left the terminal to whoever had it since.
                    if continueIsExpected {
                        continueIsExpected = false
                    } else if let suspender {
                        try suspender.reclaim()
                        frontEnd.redraw(session: session, at: now)
                    }
                case SIGTSTP, SIGTTIN, SIGTTOU:
                    if let ending = try suspend(stoppingWith: signal, processGroup: false) { return finish(ending) }
                    t = max(t, continuedAt)
                default:
                    return finish(.signal(signal))
                }
            }
            if faults.contains(.crashes) {
                // The test hook of a crash in raw mode: a Swift trap (SIGILL on x86-64, SIGTRAP on
                // arm64), with nothing unwound; RawMode's fault handler must put the terminal back.
                fatalError("HIIT_FAULT=run-loop-crash")
            }
            if faults.contains(.inputReadFails) {
                throw TerminalError.systemCall(function: "read", fd: wait.inputDescriptor, errno: EIO)
            }
            if inputOpen, wake.inputIsReady {
                let bytes = try wait.readInput()
                if bytes == nil { inputOpen = false }
                for command in frontEnd.commands(from: bytes, session: session, at: t) {
                    if let ending = try perform(command, at: t) { return finish(ending) }
                    t = max(t, continuedAt)
                }
            }
            // The session's own deadline first: what the accessory read never delays a boundary.
            if let ending = apply(session.tick(at: t), at: t) { return finish(ending) }
            if let accessory {
                let work = accessory.service(ready: wake.readyDescriptors, session: session, at: t)
                for note in work.notes { frontEnd.note(note, session: session, at: t) }
                for event in work.events {
                    if let ending = apply(session.handle(event, at: t), at: t) { return finish(ending) }
                }
                for command in work.commands {
                    if let ending = try perform(command, at: t) { return finish(ending) }
                    t = max(t, continuedAt)
                }
                accessory.settled(session: session, at: t)
            }
            frontEnd.refresh(session: session, at: t)
        }
    }

    /// Carries out one command of the front end; returns the ending when it ends the run.
    /// - Throws: what ``suspend(stoppingWith:processGroup:)`` throws.
    private func perform(_ command: RunCommand<Engine.Event>, at t: Duration) throws -> RunEnding<Engine.Outcome>? {
        switch command {
        case let .session(event):
            return apply(session.handle(event, at: t), at: t)
        case .togglePause:
            return apply(session.handle(session.pauseToggleEvent, at: t), at: t)
        case .toggleMute:
            player.setMuted(!player.isMuted)
            frontEnd.cuesChanged(muted: player.isMuted, offReason: player.offReason, session: session, at: t)
            return nil
        case .quit:
            return .quit
        case .interrupt:
            return .signal(SIGINT)
        case .suspend:
            return try suspend(stoppingWith: SIGTSTP, processGroup: true)
        }
    }

    /// Suspends the run for job control: pauses the session from now if it pauses while
    /// suspended, lets the front end drop what waits for an answer, stops (the suspender gives
    /// the terminal back and takes it again), then has the front end draw everything again and
    /// say what the suspension did. Nothing happens without a suspender, or for a stop signal
    /// the process started with ignored.
    /// - Returns: the ending when showing the pause ended the run (it never does: a pause
    ///   finishes nothing), else nil.
    /// - Throws: what the suspender throws when the terminal cannot be taken again.
    private func suspend(stoppingWith signal: Int32, processGroup: Bool) throws -> RunEnding<Engine.Outcome>? {
        guard let suspender, suspender.canStop(with: signal) else { return nil }
        let t = now
        if Engine.pausesWhileSuspended, session.isCounting {
            if let ending = apply(session.handle(Engine.pauseEvent, at: t), at: t) { return ending }
        }
        frontEnd.suspending(session: session, at: t)
        accessory?.settled(session: session, at: t)
        try suspender.suspend(stoppingWith: signal, processGroup: processGroup)
        continueIsExpected = true
        continuedAt = now
        frontEnd.continued(session: session, at: continuedAt)
        return nil
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

    /// Tells the front end how the run ended, and returns the ending.
    private func finish(_ ending: RunEnding<Engine.Outcome>) -> RunEnding<Engine.Outcome> {
        frontEnd.end(ending, session: session, at: now)
        return ending
    }
}

/// Errors the run loop can be told to inject, so tests can prove that every exit path
/// restores the terminal. Empty in normal runs; the caller reads the environment once
/// (``init(hiitFault:)``) and passes the set in.
struct RunFaults: OptionSet, Sendable {
    /// The bits of the set.
    let rawValue: Int

    /// Creates a set from its bits.
    init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// The first wake after the first frame fails as a hung-up terminal's read would:
    /// ``TerminalError/systemCall(function:fd:errno:)`` naming `read` with `EIO`.
    static let inputReadFails = RunFaults(rawValue: 1 << 0)

    /// The first wake after the first frame crashes the program (`fatalError`): a crash with
    /// the terminal raw, for the test that proves it is put back all the same.
    static let crashes = RunFaults(rawValue: 1 << 1)

    /// The faults named by the `HIIT_FAULT` environment variable: `run-loop-read` gives
    /// ``inputReadFails``, `run-loop-crash` ``crashes``; anything else (or `nil`, the variable
    /// unset) gives none.
    /// - Parameter value: the variable's value, or `nil` when unset.
    init(hiitFault value: String?) {
        switch value {
        case "run-loop-read": self = .inputReadFails
        case "run-loop-crash": self = .crashes
        default: self = []
        }
    }
}
