import Testing
import SessionEngine
import TerminalUI
import WorkoutModel
#if canImport(Glibc)
import Glibc
#endif
@testable import HiitApp

/// The timer screen is drawn when something on it changes, and then at once (issue 12, item 25:
/// redraw only when something visible changes): the countdown's seconds, the elapsed clock, and
/// the progress bar's next eighth of a cell (a whole cell in ASCII) at the terminal's width, no
/// more than twice a second for the bar. Runs in-process on a manual clock; what is
/// asserted is what a person sees at each instant.
@Suite struct RedrawInProcessTests {
    /// One exercise of 500 s work, no rest: at 80 columns its bar moves an eighth of a cell
    /// every 500 / 480 s, a little more than a second.
    static let long = IntervalWorkout(name: "Long", exercises: [Exercise(name: "Row", workSeconds: 500, restSeconds: 0, rounds: 1)])

    /// One exercise of 20 s work and 10 s rest, twice.
    static let short = IntervalWorkout(name: "Short", exercises: [Exercise(name: "Squats", workSeconds: 20, restSeconds: 10, rounds: 2)])

    static func screen(_ run: InProcessRun, name: String, glyphs: Glyphs) -> ScreenFrontEnd<IntervalRun> {
        let screen = ScreenFrontEnd(adapter: IntervalRun(workoutName: name), cuesOffReason: nil, isMuted: false, styleMode: .plain,
                                    glyphs: glyphs, size: { run.size }, write: run.wroteFrame)
        run.currentFrame = { [weak screen] in screen?.frame }
        return screen
    }

    /// Runs `workout` (no prepare) untouched for `seconds` at `size`, then stops it with SIGTERM.
    static func run(_ workout: IntervalWorkout, for seconds: Int, size: TerminalSize, glyphs: Glyphs) throws -> InProcessRun {
        let run = InProcessRun([(.seconds(seconds), .signal(SIGTERM))], size: size)
        _ = try run.run(Session(program: Program(workout, prepareSeconds: 0)), screen(run, name: workout.name, glyphs: glyphs))
        return run
    }

    /// What the screen should show at each of `instants` (in order), rendered afresh from the
    /// session as the loop would have it then, trailing spaces removed as in
    /// ``InProcessRun/screen(at:)``.
    static func expected(_ workout: IntervalWorkout, size: TerminalSize, glyphs: Glyphs, at instants: [Duration]) -> [[String]] {
        var session = Session(program: Program(workout, prepareSeconds: 0))
        _ = session.handle(Session.startEvent, at: .zero)
        let adapter = IntervalRun(workoutName: workout.name)
        let status = ScreenStatus(isMuted: false, cuesOffReason: nil)
        return instants.map { instant in
            _ = session.tick(at: instant)
            return adapter.render(status, session: session, at: instant, size: size, glyphs: glyphs).lines.map { line in
                var text = line.plainText
                while text.hasSuffix(" ") { text.removeLast() }
                return text
            }
        }
    }

    /// Instants every 50 ms from 3 ms on, up to `seconds`: 3 ms away from every second and every
    /// step of the bars below (multiples of 1/24 s and of 20/34 s fall on other milliseconds).
    static func grid(upTo seconds: Int) -> [Duration] {
        stride(from: 3, to: seconds * 1000, by: 50).map { Duration.milliseconds($0) }
    }

    /// Runs `workout` for `seconds` and expects the screen at every instant of ``grid(upTo:)``
    /// to be what a fresh render shows then.
    static func expectNeverStale(_ workout: IntervalWorkout, for seconds: Int, size: TerminalSize,
                                 glyphs: Glyphs) throws -> InProcessRun {
        let run = try Self.run(workout, for: seconds, size: size, glyphs: glyphs)
        let instants = grid(upTo: seconds)
        for (instant, screen) in zip(instants, expected(workout, size: size, glyphs: glyphs, at: instants)) {
            #expect(run.screen(at: instant) == screen, "at \(instant)")
        }
        return run
    }

    @Test func aSlowBarIsDrawnTheMomentItMoves() throws {
        _ = try Self.expectNeverStale(Self.long, for: 20, size: TerminalSize(columns: 80, rows: 24), glyphs: .unicode)
    }

    @Test func aSlowBarWakesTheTimerOnlyWhenItMoves() throws {
        let run = try Self.run(Self.long, for: 20, size: TerminalSize(columns: 80, rows: 24), glyphs: .unicode)
        // In 20 s: the countdown turns over 19 times and the bar moves 19 eighths (every 25/24 s),
        // never at the same instant; one more wake brings the signal. Four wakes a second would be 80.
        #expect(run.wait.wakes == 39)
        #expect(run.writes.count == 39, "each wake shows a change")
    }

    @Test func anASCIIBarOnANarrowTerminalMovesByWholeCells() throws {
        // 40 columns: a bar of 34 cells, which an ASCII bar fills one cell every 20/34 s.
        let run = try Self.expectNeverStale(Self.short, for: 8, size: TerminalSize(columns: 40, rows: 12), glyphs: .ascii)
        // 7 seconds and 13 cells in 8 s (never at once), the first frame and the signal's wake.
        #expect(run.wait.wakes == 21)
    }

    @Test func boundariesAndCuesAreWaitedForPreciselyRedrawsAlone() throws {
        // 20 s work, 10 s rest, 20 s work: the boundaries at 20, 30, 50 s and the beeps
        // 3, 2, 1 s before each are the session's; every other wake only redraws.
        let run = try Self.run(Self.short, for: 60, size: TerminalSize(columns: 80, rows: 24), glyphs: .unicode)
        let due: Set<Duration> = Set([17, 18, 19, 20, 27, 28, 29, 30, 47, 48, 49, 50].map { Duration.seconds($0) })
        #expect(run.wait.deadlines.filter(\.precisely).map(\.at) == due.sorted())
        #expect(run.wait.deadlines.filter { !$0.precisely }.allSatisfy { !due.contains($0.at) })
        #expect((95...105).contains(run.wait.deadlines.count), "two wakes a second for 50 s: \(run.wait.deadlines.count)")
    }

    @Test func aFastBarMovesTwiceASecondNotAtEveryEighth() throws {
        // 20 s at 80 columns: an eighth of a cell every 1/24 s, drawn every 500 ms instead, at
        // each second and half way to the next.
        let run = try Self.run(Self.short, for: 3, size: TerminalSize(columns: 80, rows: 24), glyphs: .unicode)
        let times = run.writes.map(\.at)
        #expect(times == (0..<6).map { Duration.milliseconds(500 * $0) }, "\(times)")
    }
}
