import Testing
import SessionEngine
import TerminalUI
import WorkoutModel
@testable import HiitApp

/// The adapters of the two engines: the keys every run shares mean the same in both, each
/// engine's own keys and question, and the one place where they differ on holding the clock.
@Suite struct RunAdapterTests {
    static let interval = IntervalRun(workoutName: "Q")
    static let intervalSession = Session(program: Program(
        IntervalWorkout(name: "Q", exercises: [Exercise(name: "Quick", workSeconds: 3, restSeconds: 2, rounds: 2)]),
        prepareSeconds: 0))
    static var multisport: MultisportRun { MultisportScreenTests.sprintRun }
    static let multisportSession = MultisportSession(mode: MultisportScreenTests.sprintRun.mode)

    /// The shared meaning named `name`, for an engine's events.
    static func shared<Event: Equatable>(_ name: String) -> KeyAction<Event>? {
        switch name {
        case "pause": .command(.togglePause)
        case "mute": .command(.toggleMute)
        case "quit?": .ask(.quit)
        case "interrupt": .command(.interrupt)
        default: nil
        }
    }

    @Test(arguments: [
        (Key.space, "pause"), (.character("p"), "pause"), (.character("m"), "mute"), (.character("q"), "quit?"),
        (.interrupt, "interrupt"),
    ])
    func sharedKeysMeanTheSameInBothEngines(key: Key, meaning: String) {
        #expect(Self.interval.meaning(of: key, session: Self.intervalSession) == Self.shared(meaning))
        #expect(Self.multisport.meaning(of: key, session: Self.multisportSession) == Self.shared(meaning))
    }

    @Test func eachEngineHasItsOwnQuestion() {
        #expect(Self.interval.meaning(of: .character("r"), session: Self.intervalSession)
                == .ask(RunQuestion(prompt: "Restart from the beginning?", yes: .session(.reset))))
        #expect(Self.multisport.meaning(of: .character("f"), session: Self.multisportSession)
                == .ask(RunQuestion(prompt: "Finish and save?", yes: .session(.finish))))
        #expect(Self.interval.meaning(of: .character("f"), session: Self.intervalSession) == nil)
    }

    @Test func nAndTheRightArrowMoveOnInBothEngines() {
        for key in [Key.character("n"), .right] {
            #expect(Self.interval.meaning(of: key, session: Self.intervalSession) == .command(.session(.skip)))
            #expect(Self.multisport.meaning(of: key, session: Self.multisportSession) == .command(.session(.next)))
        }
    }

    @Test func onlyTheIntervalTimerHoldsItsClockWhileAsking() {
        #expect(IntervalRun.holdsClockWhileAsking)
        #expect(!MultisportRun.holdsClockWhileAsking)
        #expect(Self.interval.noticeLifetime == .seconds(2))
        #expect(Self.multisport.noticeLifetime == .seconds(3))
    }
}
