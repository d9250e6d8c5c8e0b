import TerminalUI
import TestSupport
#if canImport(Glibc)
import Glibc
#endif
@testable import HiitApp

/// The run loop's wait in in-process tests: a terminal and a person played from a script on a
/// ``ManualClock``.
///
/// Each wait either delivers the next scripted step, moving the clock to its instant, when
/// that comes no later than the loop's deadline, or moves the clock exactly to the deadline.
/// So the loop wakes precisely on every deadline, and a whole workout runs in milliseconds.
/// It also holds the terminal's size, which a ``Step/resize(_:)`` step changes (with the
/// SIGWINCH a terminal sends).
final class ScriptedWait: RunWait {
    /// Something that happens at an instant.
    enum Step {
        /// Bytes arrive on the input (keys, or `--events` command lines).
        case input(String)
        /// The input ends (the pipe's writer goes away).
        case endOfInput
        /// A signal arrives (SIGINT, SIGTERM, SIGHUP, SIGWINCH).
        case signal(Int32)
        /// The terminal is resized to the size given, and SIGWINCH arrives.
        case resize(TerminalSize)
    }

    /// Why a scripted run could not go on.
    enum Failure: Error, CustomStringConvertible {
        /// The loop waited with no deadline and the script was used up: it would wait forever.
        case stalled(at: Duration)
        /// Input was scripted while the loop was not watching the input.
        case inputNotWatched(at: Duration)
        /// More wakes than the limit: the loop does not get on.
        case tooManyWakes(Int)

        /// What went wrong and when.
        var description: String {
            switch self {
            case let .stalled(at): "the loop waits with no deadline and nothing scripted at \(at)"
            case let .inputNotWatched(at): "input scripted at \(at) while the loop does not watch the input"
            case let .tooManyWakes(count): "more than \(count) wakes"
            }
        }
    }

    private let clock: ManualClock
    private var script: [(at: Duration, step: Step)]
    private var pending: [UInt8]?
    private let wakeLimit: Int
    /// How many times the loop waited.
    private(set) var wakes = 0
    /// Every deadline the loop waited for, and whether it asked for it precisely.
    private(set) var deadlines: [(at: Duration, precisely: Bool)] = []
    /// The terminal's size now (as given at the start, until the script resizes it).
    private(set) var size: TerminalSize
    /// No descriptor is read.
    var inputDescriptor: Int32? { nil }

    /// - Parameters:
    ///   - clock: the manual clock the run is timed on (at its start).
    ///   - script: what happens when (instants since the run's start); steps at one instant
    ///     keep their order.
    ///   - size: the terminal's size at the start.
    ///   - wakeLimit: the most waits before the run is stopped with ``Failure/tooManyWakes(_:)``.
    init(clock: ManualClock, script: [(Duration, Step)], size: TerminalSize = TerminalSize(columns: 80, rows: 24),
         wakeLimit: Int = 20_000) {
        self.clock = clock
        self.size = size
        // A stable sort: steps at one instant stay in the order written.
        self.script = script.enumerated()
            .sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }
            .map { (at: $0.element.0, step: $0.element.1) }
        self.wakeLimit = wakeLimit
    }

    /// Whether every scripted step was delivered.
    var isFinished: Bool { script.isEmpty }

    /// Delivers the next step if it is due by `deadline`, else moves the clock to `deadline`.
    /// - Throws: ``Failure``.
    func wait(until deadline: Duration?, precisely: Bool, watchingInput: Bool) throws -> RunWake {
        wakes += 1
        if let deadline { deadlines.append((deadline, precisely)) }
        guard wakes <= wakeLimit else { throw Failure.tooManyWakes(wakeLimit) }
        if let next = script.first, deadline.map({ next.at <= $0 }) ?? true {
            script.removeFirst()
            clock.advance(to: next.at)
            switch next.step {
            case let .input(text):
                guard watchingInput else { throw Failure.inputNotWatched(at: next.at) }
                pending = Array(text.utf8)
                return RunWake(inputIsReady: true)
            case .endOfInput:
                guard watchingInput else { throw Failure.inputNotWatched(at: next.at) }
                pending = nil
                return RunWake(inputIsReady: true)
            case let .signal(number):
                return RunWake(signals: [number])
            case let .resize(newSize):
                size = newSize
                return RunWake(signals: [SIGWINCH])
            }
        }
        guard let deadline else { throw Failure.stalled(at: clock.elapsed) }
        clock.advance(to: deadline)
        return RunWake()
    }

    /// The bytes of the step just delivered, or `nil` for the end of input.
    func readInput() throws -> [UInt8]? {
        defer { pending = nil }
        return pending
    }
}
