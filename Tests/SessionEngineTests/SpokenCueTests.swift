import Foundation
import Testing
import WorkoutModel
@testable import SessionEngine

/// The spoken cues of #16 with injected instants: names, "Last round", "Half way", "Next: …",
/// the countdown in words, and how they keep to exactly once through time changes and going back.
@Suite struct SpokenCueTests {
    /// A (40 s work, 20 s rest, 3 rounds), 30 s rest, B (45 s work, 15 s rest, 2 rounds), a 10 s
    /// prepare: prepare 0–10, A 10–50, 70–110, 130–170, rest 170–200, B 200–245, 260–305.
    static let two = IntervalWorkout(
        name: "Two", exercises: [.init(name: "A", workSeconds: 40, restSeconds: 20, rounds: 3),
                                 .init(name: "B", workSeconds: 45, restSeconds: 15, rounds: 2)],
        restBetweenExercisesSeconds: 30, prepareSeconds: 10)
    /// "Rest" 0.5 s and each "Next" 1.5 s long, as a voice would report them.
    static let lengths = CueLengths(known: [.rest: .milliseconds(500), .next("A"): .milliseconds(1500),
                                            .next("B"): .milliseconds(1500)])

    static func driven(_ workout: IntervalWorkout = two, cues: CueSettings = .standard,
                       script: [(event: Session.Event, at: Double)] = []) -> Driver {
        var d = Driver(workout, cues: cues, lengths: lengths)
        d.send(.start, at: .zero)
        for step in script {
            d.run(until: s(step.at))
            d.send(step.event, at: s(step.at))
        }
        d.run(until: .seconds(1000))
        return d
    }

    static func beeps(endingAt end: Double) -> [String] { [3.0, 2, 1].map { "beep@\(end - $0)" } }

    /// README: a quick `20/10x8` never starts espeak-ng. Its exercise ("Quick") is never said,
    /// neither as a name nor as "Next: Quick" at the end of the default 10 s prepare.
    @Test("a quick form with the default prepare sounds only bundled cues: no name, no Next: Quick")
    func quickFormSaysNothingToSynthesise() throws {
        let workout = try #require(try IntervalWorkout.quick("20/10x2"))
        #expect(workout.prepareSeconds == 10)
        let program = Program(workout)
        #expect(program.cues == [.beep, .start, .halfway, .rest, .lastRound, .congratulations], "\(program.cues)")
        #expect(program.cues.allSatisfy { $0.isBundled || Cue.fixedPhrases.contains($0) }, "all in the bundled WAVs")
        var d = Driver(workout, cues: workout.cues)
        d.send(.start, at: .zero)
        d.run(until: .seconds(300))
        #expect(d.cueNames == Self.beeps(endingAt: 10) + ["start@10.0"] + Self.beeps(endingAt: 30) + ["rest@30.0"]
            + Self.beeps(endingAt: 40) + ["lastRound@40.0"] + Self.beeps(endingAt: 60) + ["congratulations@60.0"])
    }

    @Test("a whole workout: Next before the first exercise and before B, names, Last round, Half way at each long work's middle")
    func everySpokenCueOnTime() {
        let d = Self.driven()
        let expected = ["next(A)@5.25"] + Self.beeps(endingAt: 10)
            + ["name(A)@10.0", "halfway@30.0"] + Self.beeps(endingAt: 50) + ["rest@50.0"] + Self.beeps(endingAt: 70)
            + ["start@70.0", "halfway@90.0"] + Self.beeps(endingAt: 110) + ["rest@110.0"] + Self.beeps(endingAt: 130)
            + ["lastRound@130.0", "halfway@150.0"] + Self.beeps(endingAt: 170)
            + ["rest@170.0", "next(B)@195.25"] + Self.beeps(endingAt: 200)
            + ["name(B)@200.0", "halfway@222.5"] + Self.beeps(endingAt: 245) + ["rest@245.0"] + Self.beeps(endingAt: 260)
            + ["lastRound@260.0", "halfway@282.5"] + Self.beeps(endingAt: 305) + ["congratulations@305.0"]
        #expect(d.cueNames == expected)
        #expect(d.fired.allSatisfy { $0.at == $0.due })
    }

    @Test("Program.cues lists each cue a voice must make once, Congratulations last")
    func everyCueToSynthesise() {
        let cues = Program(Self.two, cues: .standard).cues
        #expect(cues == [.beep, .next("A"), .name("A"), .halfway, .rest, .start, .lastRound, .next("B"), .name("B"),
                         .congratulations])
        let words = Program(Self.two, cues: CueSettings(countdown: .words)).cues
        #expect(words.contains(.count(3)) && words.contains(.count(1)) && !words.contains(.beep))
    }

    @Test("half way in an odd-length work segment falls at the half second; none below 30 s")
    func halfwayInAnOddSegment() {
        let odd = IntervalWorkout(name: "Odd", exercises: [.init(name: "Plank", workSeconds: 31, restSeconds: 0, rounds: 1)],
                                  prepareSeconds: 0)
        #expect(Self.driven(odd).cueNames.contains("halfway@15.5"))
        let short = IntervalWorkout(name: "Short", exercises: [.init(name: "Plank", workSeconds: 29, restSeconds: 0, rounds: 1)],
                                    prepareSeconds: 0)
        #expect(!Self.driven(short).cueNames.contains { $0.hasPrefix("halfway") })
    }

    @Test("Next when the rest is shorter than the announcement: left out, never over the Rest cue or a beep; said when it just fits")
    func nextInAShortRest() {
        let pair = IntervalWorkout(name: "Pair", exercises: [.init(name: "A", workSeconds: 10, restSeconds: 0, rounds: 1),
                                                             .init(name: "B", workSeconds: 10, restSeconds: 0, rounds: 1)],
                                   restBetweenExercisesSeconds: 5, prepareSeconds: 0)
        // Rest 10–15: its first beep at 12; "Rest" ends at 10.5. "Next: B" of 1.5 s would have to
        // start by 12 − 0.25 − 1.5 = 10.25, before 10.5 + 0.25.
        let tooLong = Self.driven(pair)
        #expect(!tooLong.cueNames.contains { $0.hasPrefix("next") })
        #expect(tooLong.cueNames.contains("rest@10.0") && tooLong.cueNames.contains("beep@12.0"))
        // A 1 s "Next: B" fits exactly: from 10.75 to 11.75, 0.25 s before the beep.
        var d = Driver(pair, cues: .standard, lengths: CueLengths(known: [.rest: .milliseconds(500), .next("B"): .seconds(1)]))
        d.send(.start, at: .zero)
        d.run(until: .seconds(100))
        #expect(d.cueNames.contains("next(B)@10.75"))
    }

    @Test("the countdown in words says three, two, one at the beeps' instants; off says nothing")
    func countdownWordsAndOff() {
        let words = Self.driven(cues: CueSettings(countdown: .words)).cueNames
        #expect(words.prefix(4) == ["next(A)@5.25", "count(3)@7.0", "count(2)@8.0", "count(1)@9.0"])
        #expect(!words.contains { $0.hasPrefix("beep") })
        let off = Self.driven(cues: CueSettings(countdown: .off)).cueNames
        #expect(!off.contains { $0.hasPrefix("beep") || $0.hasPrefix("count") })
        // Without a countdown "Next" ends 0.25 s before the prepare ends: 10 − 0.25 − 1.5.
        #expect(off.first == "next(A)@8.25")
    }

    @Test("settings turn each cue off: names give Start, no Next, no Half way, Last round gives Start")
    func settingsTurnCuesOff() {
        let d = Self.driven(cues: .classic)
        #expect(!d.cueNames.contains { $0.hasPrefix("name") || $0.hasPrefix("next") || $0.hasPrefix("halfway") || $0.hasPrefix("lastRound") })
        #expect(d.cueNames.filter { $0.hasPrefix("start") }.count == 5)
    }

    @Test("time added after Half way was said does not say it again; time added before it moves it to the new middle")
    func halfwayOnceThroughTimeChanges() {
        let after = Self.driven(script: [(.addTime(.seconds(10)), 35)])
        #expect(after.cueNames.filter { $0.hasPrefix("halfway") }.prefix(1) == ["halfway@30.0"])
        #expect(!after.cueNames.contains("halfway@35.0"))
        #expect(after.cueNames.contains("beep@57.0"), "the countdown follows the new end at 60")
        let before = Self.driven(script: [(.addTime(.seconds(10)), 20)])
        #expect(before.cueNames.filter { $0.hasPrefix("halfway") }.prefix(1) == ["halfway@35.0"])
        // Taken below 30 s, the work has no middle cue.
        let taken = Self.driven(script: [(.addTime(.seconds(-20)), 15)])
        #expect(!taken.cueNames.prefix(6).contains { $0.hasPrefix("halfway") })
    }

    @Test("time added at the instant of a beep: that beep sounds once, the countdown then follows the new end")
    func timeAddedAtASecondBoundary() {
        let d = Self.driven(script: [(.addTime(.seconds(10)), 47)])
        let firstWork = d.cueNames.filter { name in
            guard let at = Double(name.split(separator: "@")[1]) else { return false }
            return at >= 10 && at < 60 && name.hasPrefix("beep")
        }
        #expect(firstWork == ["beep@47.0", "beep@57.0", "beep@58.0", "beep@59.0"])
    }

    @Test("back across an exercise boundary: B's first seconds go back to the rest before it, which says Rest and Next again, then B's name")
    func backAcrossAnExerciseBoundary() {
        let d = Self.driven(script: [(.back, 201)])
        let after = d.fired.filter { $0.at >= s(201) }.map(\.description)
        #expect(after.prefix(2) == ["rest@201.0", "next(B)@226.25"])
        #expect(after.contains("name(B)@231.0"))
        #expect(d.cueNames.filter { $0 == "name(B)@200.0" }.count == 1)
    }
}
