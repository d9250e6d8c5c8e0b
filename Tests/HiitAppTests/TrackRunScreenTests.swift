import Testing
import SessionEngine
import TerminalUI
import WorkoutModel
@testable import HiitApp

/// `hiit run --track SPORT` (#15): a plain run or ride is a plan of one leg begun with the run,
/// shown as one: the sport as the title, a total clock (no race), no "next leg", and the GPS
/// line under the clock.
@Suite struct TrackRunScreenTests {
    static var track: MultisportRun {
        MultisportRun(title: "Running", mode: .plan(MultisportPlan(name: "Running", legs: [Leg(sport: .running)])), isTrack: true)
    }

    @Test func theScreenShowsTheSportTheTotalClockAndTheGPSLine() {
        let session = MultisportScreenTests.session(Self.track, [])
        var state = MultisportScreen.State(run: Self.track)
        state.gpsLine = "3.42 km · 5:12 /km · avg 5:20 /km · GPS 3D ±4 m"
        let lines = MultisportScreenTests.lines(state, session, at: 899, 80, 24)
        let shown = MultisportScreenTests.trimmed(lines)
        #expect(shown.contains("RUN"), "\(lines.joined(separator: "\n"))")
        #expect(!shown.contains { $0.hasPrefix("LEG ") })
        #expect(shown.contains("Total 14:59"))
        #expect(shown.contains("3.42 km · 5:12 /km · avg 5:20 /km · GPS 3D ±4 m"), "\(lines.joined(separator: "\n"))")
        #expect(lines[23].trimmingCharacters(in: .whitespaces) == "l lap · space pause · f finish · q quit · m mute", "\(lines[23])")
        // The GPS line takes a row: the big digits still fit 24 rows, and 12 rows keep the line.
        #expect(lines.contains { $0.contains("██") })
        let small = MultisportScreenTests.trimmed(MultisportScreenTests.lines(state, session, at: 899, 80, 12))
        #expect(small.contains("3.42 km · 5:12 /km · avg 5:20 /km · GPS 3D ±4 m"), "\(small)")
    }

    @Test func nAndTheRightArrowAskToFinishAsFDoes() {
        let session = MultisportScreenTests.session(Self.track, [])
        let finish = KeyAction<MultisportSession.Event>.ask(RunQuestion(prompt: "Finish and save?", yes: .session(.finish)))
        #expect(Self.track.meaning(of: .character("f"), session: session) == finish)
        #expect(Self.track.meaning(of: .character("n"), session: session) == finish)
        #expect(Self.track.meaning(of: .right, session: session) == finish)
        #expect(MultisportScreenTests.sprintRun.meaning(of: .character("n"), session: session) == .command(.session(.next)),
                "in a plan n still moves on")
    }
}
