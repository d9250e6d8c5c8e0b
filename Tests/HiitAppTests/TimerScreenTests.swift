import Testing
import TerminalUI
import SessionEngine
import WorkoutModel
@testable import HiitApp

/// Frames of the timer screen compared as whole multi-line strings (CONVENTIONS "The terminal").
@Suite struct TimerScreenTests {
    static let workout = IntervalWorkout(
        name: "Classic",
        exercises: [Exercise(name: "Squats", workSeconds: 40, restSeconds: 20, rounds: 3),
                    Exercise(name: "Push-ups", workSeconds: 30, restSeconds: 15, rounds: 2)],
        restBetweenExercisesSeconds: 60, prepareSeconds: 10)

    /// The screen `seconds` after the start (prepare is 0–10 s, the first work 10–50 s).
    static func state(at seconds: Double = 22.3, paused: Bool = false, prompt: String? = nil,
                      cuesOff: String? = nil) -> TimerScreen.State {
        var session = Session(program: Program(workout))
        _ = session.handle(.start, at: .zero)
        let now = Duration.milliseconds(Int64(seconds * 1000))
        _ = session.handle(.tick, at: now)
        if paused { _ = session.handle(.pause, at: now) }
        return TimerScreen.State(workoutName: "Classic", snapshot: session.snapshot(at: now),
                                 isMuted: false, cuesOffReason: cuesOff, prompt: prompt, notice: nil)
    }

    /// The frame's text with trailing spaces removed from each line, as an ASCII-only terminal
    /// shows it (blocks as `#`, punctuation as `-`).
    static func text(_ state: TimerScreen.State, _ columns: Int, _ rows: Int) -> String {
        let frame = TimerScreen.render(state, size: TerminalSize(columns: columns, rows: rows), glyphs: .ascii)
        return frame.lines.map { line in
            var text = line.plainText
            while text.hasSuffix(" ") { text.removeLast() }
            return text
        }.joined(separator: "\n")
    }

    @Test func fullLayoutShowsPhaseExerciseBigDigitsBarAndWhatIsNext() {
        #expect(Self.text(Self.state(), 80, 24) == """
             Classic                                                                cues on




                                                  WORK
                                   Squats - round 1/3 - exercise 1/2

                                       ######      ######  ######
                                       ##  ##  ##      ##  ##  ##
                                       ##  ##      ######  ######
                                       ##  ##  ##  ##      ##  ##
                                       ######      ######  ######

                     [##################------------------------------------------]

                                            Next: REST 0:20
                                     Elapsed 0:12   Remaining 4:43





                 space pause - < back - n skip - +/- 10 s - r restart - m mute - q quit
            """)
    }

    /// A 200×50 window scales the digits up to three times the size (15 rows, 6 columns a
    /// pixel), centred, with everything else of the full layout around them.
    @Test func aLargeWindowScalesTheBigDigitsUpThreeTimes() {
        let text = Self.text(Self.state(), 200, 50)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count == 50)
        let digitRows = lines.filter { $0.contains("#") && !$0.contains("[") }
        #expect(digitRows.map { $0.trimmingCharacters(in: .whitespaces) } == """
            ##################                  ##################      ##################
            ##################                  ##################      ##################
            ##################                  ##################      ##################
            ######      ######      ######                  ######      ######      ######
            ######      ######      ######                  ######      ######      ######
            ######      ######      ######                  ######      ######      ######
            ######      ######                  ##################      ##################
            ######      ######                  ##################      ##################
            ######      ######                  ##################      ##################
            ######      ######      ######      ######                  ######      ######
            ######      ######      ######      ######                  ######      ######
            ######      ######      ######      ######                  ######      ######
            ##################                  ##################      ##################
            ##################                  ##################      ##################
            ##################                  ##################      ##################
            """.split(separator: "\n").map(String.init), "\(text)")
        // Centred: 78 columns of digits in 200, 61 blank columns on the left.
        #expect(digitRows.allSatisfy { $0.prefix(61).allSatisfy { $0 == " " } && $0.dropFirst(61).first == "#" })
        #expect(lines[0].hasPrefix(" Classic") && lines[0].hasSuffix("cues on"))
        let shown = lines.map { $0.trimmingCharacters(in: .whitespaces) }
        for expected in ["WORK", "Squats - round 1/3 - exercise 1/2", "Next: REST 0:20", "Elapsed 0:12   Remaining 4:43",
                         "space pause - < back - n skip - +/- 10 s - r restart - m mute - q quit"] {
            #expect(shown.contains(expected), "\(expected)\n\(text)")
        }
        #expect(shown.last == "space pause - < back - n skip - +/- 10 s - r restart - m mute - q quit")
    }

    /// Between 80×24 and 200×50 the digits grow as far as the window allows: twice the size
    /// (10 rows) in 120×40, where three times would take more than 30 % of the rows.
    @Test func aMediumWindowScalesTheBigDigitsUpTwice() {
        let lines = Self.text(Self.state(), 120, 40).split(separator: "\n").map(String.init)
        let digitRows = lines.filter { $0.contains("#") && !$0.contains("[") }
        #expect(digitRows.count == 10)
        #expect(digitRows.first?.trimmingCharacters(in: .whitespaces) == "############            ############    ############")
    }

    /// Too narrow for scaled digits, however tall: 5 rows, as in 80×24 (twice the size would
    /// take 52 columns).
    @Test func aTallNarrowWindowKeepsFiveRowDigits() {
        let lines = Self.text(Self.state(), 50, 60).split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.contains("#") && !$0.contains("[") }.count == 5)
    }

    @Test func aTinyWindowHasNoBigDigitsAtAll() {
        #expect(Self.text(Self.state(), 12, 3) == """
            WORK 0:28
            Squats - ro…
            Next: REST …
            """)
    }

    @Test func prepareCountsDownWithoutExerciseDetails() {
        let text = Self.text(Self.state(at: 7.5), 80, 24)
        #expect(text.contains("PREPARE"))
        #expect(text.contains("Get ready"))
        #expect(text.contains("Next: WORK Squats 0:40"))
        #expect(text.contains("Elapsed 0:00   Remaining 4:58"))
    }

    @Test func restBetweenExercisesNamesTheNextExercise() {
        // 10 + 40+20+40+20+40 = 170 s: the rest between exercises runs 170–230 s.
        let text = Self.text(Self.state(at: 200), 80, 24)
        #expect(text.contains("REST BETWEEN EXERCISES"))
        #expect(text.contains("exercise 1/2 done"))
        #expect(text.contains("Next: WORK Push-ups 0:30"))
    }

    @Test func compactLayoutWhenBigDigitsDoNotFit() {
        #expect(Self.text(Self.state(paused: true), 40, 10) == """
             Classic                        cues on

                      WORK - PAUSED  0:28
               Squats - round 1/3 - exercise 1/2
              [##########------------------------]
                        Next: REST 0:20
                 Elapsed 0:12   Remaining 4:43


                 space resume - n skip - q quit
            """)
    }

    @Test func tinyTerminalKeepsTheEssentialsAndThePrompt() {
        #expect(Self.text(Self.state(prompt: "Quit?"), 20, 5) == """
            WORK 0:28
            Quit? [y/N]
            Next: REST 0:20
            Elapsed 0:12   Rema…
            cues on
            """)
    }

    @Test func promptReplacesTheKeysLine() {
        let text = Self.text(Self.state(prompt: "Quit? Nothing will be recorded."), 80, 24)
        #expect(text.hasSuffix("Quit? Nothing will be recorded. [y/N]"))
    }

    @Test func cuesOffIsShownInTheHeader() {
        let text = Self.text(Self.state(cuesOff: "no sound device"), 80, 24)
        #expect(text.hasPrefix(" Classic") && text.split(separator: "\n")[0].hasSuffix("cues off"))
    }

    @Test(arguments: [(0, 0), (1, 1), (3, 2), (10, 3), (500, 200), (81, 17), (45, 16)])
    func everySizeGivesAFrameOfExactlyThatSize(columns: Int, rows: Int) {
        let frame = TimerScreen.render(Self.state(), size: TerminalSize(columns: columns, rows: rows), glyphs: .unicode)
        #expect(frame.lines.count == rows)
        #expect(frame.lines.allSatisfy { $0.displayWidth == columns })
    }

    @Test func phasesHaveTheirOwnColours() {
        let colours = Segment.Kind.allCases.map { TimerScreen.colour(of: $0) }
        #expect(TimerScreen.colour(of: .work) != TimerScreen.colour(of: .rest))
        #expect(TimerScreen.colour(of: .work) != TimerScreen.colour(of: .prepare))
        #expect(TimerScreen.colour(of: .rest) != TimerScreen.colour(of: .restBetweenExercises))
        #expect(Set(colours.prefix(4)).count == 4)
    }
}

/// The start screen (the prepare countdown) says where the week stands against the goal (#16).
@Suite struct TimerScreenWeekTests {
    static func state(at seconds: Double) -> TimerScreen.State {
        var state = TimerScreenTests.state(at: seconds)
        state.week = "Week 95 of 150 min [######----] 63 %"
        return state
    }

    @Test("the week's progress shows under the bar while preparing, and not once the work starts")
    func weekOnThePrepareScreen() {
        let preparing = TimerScreenTests.text(Self.state(at: 3), 80, 24).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(preparing.contains { $0.trimmingCharacters(in: .whitespaces) == "Week 95 of 150 min [######----] 63 %" })
        let working = TimerScreenTests.text(Self.state(at: 12), 80, 24)
        #expect(!working.contains("Week 95"))
    }

    @Test("on a narrow screen the bar goes first, then the whole line")
    func narrow() {
        #expect(TimerScreenTests.text(Self.state(at: 3), 30, 24).contains("Week 95 of 150 min"))
        #expect(!TimerScreenTests.text(Self.state(at: 3), 30, 24).contains("63 %"))
        #expect(!TimerScreenTests.text(Self.state(at: 3), 16, 24).contains("Week"))
    }
}

/// A frame built from the one before (only the progress bar's row laid out again, issue 12
/// item 25) is exactly the frame laid out anew, whatever changed in between.
@Suite struct TimerScreenReuseTests {
    /// States every 37 ms over the prepare and the first work and rest, with a notice, a
    /// question, a pause and the week's line coming and going.
    static func states() -> [TimerScreen.State] {
        var session = Session(program: Program(TimerScreenTests.workout))
        _ = session.handle(.start, at: .zero)
        var states: [TimerScreen.State] = []
        for step in 0..<2_200 {
            let now = Duration.milliseconds(37 * step)
            _ = session.tick(at: now)
            if step == 700 { _ = session.handle(.pause, at: now) }
            if step == 760 { _ = session.handle(.resume, at: now) }
            var state = TimerScreen.State(workoutName: "Classic", snapshot: session.snapshot(at: now), isMuted: step > 1_500,
                                          cuesOffReason: nil, prompt: (400..<430).contains(step) ? "Quit?" : nil,
                                          notice: (900..<950).contains(step) ? "Skipped" : nil)
            state.week = "Week 95 of 150 min ▕██████░░░░▏ 63 %"
            states.append(state)
        }
        return states
    }

    @Test(arguments: [(Glyphs.unicode, 80, 24), (.ascii, 80, 24), (.unicode, 40, 12), (.unicode, 200, 50), (.ascii, 30, 7)])
    func reusedFramesEqualFramesLaidOutAnew(glyphs: Glyphs, columns: Int, rows: Int) {
        let size = TerminalSize(columns: columns, rows: rows)
        var drawn: TimerScreen.Drawn?
        var reused = 0
        for (index, state) in Self.states().enumerated() {
            if drawn != nil { reused += 1 }
            let frame = TimerScreen.render(state, size: size, glyphs: glyphs, reusing: &drawn)
            #expect(frame == TimerScreen.render(state, size: size, glyphs: glyphs), "state \(index)")
        }
        // Most frames follow one that can be reused: the check above compared reused frames.
        #expect(reused > 2_000)
    }

    @Test func aResizeIsLaidOutAnewAtTheNewSize() {
        let state = TimerScreenTests.state()
        var drawn: TimerScreen.Drawn?
        _ = TimerScreen.render(state, size: TerminalSize(columns: 80, rows: 24), glyphs: .unicode, reusing: &drawn)
        let narrow = TimerScreen.render(state, size: TerminalSize(columns: 60, rows: 20), glyphs: .unicode, reusing: &drawn)
        #expect(narrow == TimerScreen.render(state, size: TerminalSize(columns: 60, rows: 20), glyphs: .unicode))
        #expect(narrow.lines.count == 20)
    }
}
