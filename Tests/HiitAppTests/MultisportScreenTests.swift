import Foundation
import Testing
import SessionEngine
import TerminalUI
import WorkoutModel
@testable import HiitApp

/// The multisport screen, keys, `--events` commands, the per-leg table and the history record,
/// as pure functions of a session driven at fixed instants (CONVENTIONS: no clock, no sleep).
@Suite struct MultisportScreenTests {
    // MARK: Fixtures

    /// Swim 750 m in a 25 m pool, T1, bike 20 km, T2, run 5 km.
    static let sprint = MultisportPlan(name: "Sprint triathlon", legs: [
        Leg(sport: .swimming, targetDistanceMeters: 750, poolLength: 25, poolUnit: .meters),
        Leg(sport: .transition),
        Leg(sport: .cycling, targetDistanceMeters: 20_000),
        Leg(sport: .transition),
        Leg(sport: .running, targetDistanceMeters: 5000),
    ])

    static var sprintRun: MultisportRun { MultisportRun(title: "Sprint triathlon", mode: .plan(sprint)) }
    static var freeFormRun: MultisportRun {
        MultisportRun(title: "Multisport", mode: .freeForm(name: "Multisport", allowed: [.swimming, .cycling, .running, .transition]))
    }
    static var runningIntervals: MultisportRun {
        MultisportRun(title: "Running intervals", mode: .freeForm(name: "Running intervals", allowed: [.running]))
    }

    static func seconds(_ value: Double) -> Duration { .milliseconds(Int64((value * 1000).rounded())) }

    /// A session of `run`'s mode after `events` at their instants (seconds from the start).
    static func session(_ run: MultisportRun, _ events: [(MultisportSession.Event, Double)]) -> MultisportSession {
        var session = MultisportSession(mode: run.mode)
        _ = session.handle(.start, at: .zero)
        for (event, at) in events { _ = session.handle(event, at: seconds(at)) }
        return session
    }

    /// The frame's lines, trailing spaces removed.
    static func lines(_ state: MultisportScreen.State, _ session: MultisportSession, at now: Double,
                      _ columns: Int, _ rows: Int, glyphs: Glyphs = .unicode) -> [String] {
        let frame = MultisportScreen.render(state, session: session, at: seconds(now),
                                            size: TerminalSize(columns: columns, rows: rows), glyphs: glyphs)
        return frame.lines.map { line in
            var text = line.plainText
            while text.hasSuffix(" ") { text.removeLast() }
            return text
        }
    }

    static func trimmed(_ lines: [String]) -> [String] {
        lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    // MARK: Screen

    @Test func planScreenShowsLegNumberSportTargetRaceClockAndTheLegsList() {
        let session = Self.session(Self.sprintRun, [])
        let lines = Self.lines(MultisportScreen.State(run: Self.sprintRun), session, at: 125, 80, 24)
        #expect(lines.count == 24)
        #expect(lines[0].hasPrefix(" Sprint triathlon") && lines[0].hasSuffix("cues on"), "\(lines[0])")
        let shown = Self.trimmed(lines)
        #expect(shown.contains("LEG 1/5 · SWIM"), "\(lines.joined(separator: "\n"))")
        #expect(shown.contains("25 m pool · Length 1 2:05 · 0/750 m"), "\(lines.joined(separator: "\n"))")
        #expect(shown.contains("Race 2:05"))
        // Legs: the current one marked, those to come with their targets, T1 and T2 named.
        #expect(shown.contains("▶ Swim         750 m          2:05"), "\(lines.joined(separator: "\n"))")
        #expect(shown.contains("T1"))
        #expect(shown.contains("Bike         20 km"))
        #expect(shown.contains("T2"))
        #expect(shown.contains("Run          5 km"))
        #expect(lines[23].contains("n next leg · l lap · u undo"), "\(lines[23])")
    }

    @Test func eachTargetIsWrittenOnceAndAPoolSwimCountsLengthsAgainstItsTarget() {
        // Swim 750 m in 15:00 in a 25 m pool, T1, run 5 km in 25:00.
        let plan = MultisportPlan(name: "Timed", legs: [
            Leg(sport: .swimming, targetDistanceMeters: 750, targetSeconds: 900, poolLength: 25, poolUnit: .meters),
            Leg(sport: .transition),
            Leg(sport: .running, targetDistanceMeters: 5000, targetSeconds: 1500),
        ])
        let run = MultisportRun(title: "Timed", mode: .plan(plan))
        let state = MultisportScreen.State(run: run)
        // Three lengths done (three lap presses), the fourth 10 s in.
        let swimming = Self.session(run, [(.lap, 30), (.lap, 60), (.lap, 90)])
        let swim = Self.trimmed(Self.lines(state, swimming, at: 100, 80, 24))
        #expect(swim.contains("Target 15:00 · 13:20 left · 25 m pool · Length 4 0:10 · 75/750 m"), "\(swim)")
        #expect(!swim.contains { $0.contains("Target 750 m") }, "the distance target once, with the lengths: \(swim)")

        let running = Self.session(run, [(.next, 900), (.next, 960)])
        let runLine = Self.trimmed(Self.lines(state, running, at: 1000, 80, 24))
        #expect(runLine.contains("Target 5 km in 25:00 · 24:20 left"), "\(runLine)")
        #expect(!runLine.contains { $0.contains("Target 5 km · Target") }, "\(runLine)")

        // A yard pool counts in yards; without a distance target only what is done.
        let yards = MultisportRun(title: "Yards", mode: .plan(MultisportPlan(name: "Yards", legs: [
            Leg(sport: .swimming, targetDistanceMeters: 500 * LengthUnit.yards.meters, poolLength: 25, poolUnit: .yards),
        ])))
        let yardLines = Self.trimmed(Self.lines(MultisportScreen.State(run: yards), Self.session(yards, [(.lap, 20), (.lap, 40)]),
                                                at: 50, 80, 24))
        #expect(yardLines.contains("25 yd pool · Length 3 0:10 · 50/500 yd"), "\(yardLines)")
        let open = MultisportRun(title: "Lengths", mode: .plan(MultisportPlan(name: "Lengths", legs: [
            Leg(sport: .swimming, poolLength: 50, poolUnit: .meters),
        ])))
        let openLines = Self.trimmed(Self.lines(MultisportScreen.State(run: open), Self.session(open, [(.lap, 60)]), at: 70, 80, 24))
        #expect(openLines.contains("50 m pool · Length 2 0:10 · 50 m"), "\(openLines)")
    }

    /// A leg done in 10.96 s reads 0:11 in the list, as the summary's table (`11 s`) and the
    /// plausibility note say it; the running leg's clock counts whole seconds (1.9 s: 0:01).
    @Test func aDoneLegsTimeIsRoundedAsTheSummarySaysIt() {
        let session = Self.session(Self.sprintRun, [(.next, 10.96)])
        let shown = Self.trimmed(Self.lines(MultisportScreen.State(run: Self.sprintRun), session, at: 12.86, 80, 24))
        #expect(shown.contains("✓ Swim         750 m          0:11"), "\(shown)")
        #expect(shown.contains("▶ T1                          0:01"), "\(shown)")
        #expect(PlausibilityText.tooFast(meters: 50, seconds: 10.96, sport: .swimming, units: .metric)
                == "50 m in 0:11 is faster than 10 km/h")
    }

    @Test func afterNextTheSwimIsDoneAndT1Runs() {
        let session = Self.session(Self.sprintRun, [(.next, 900)])
        let lines = Self.lines(MultisportScreen.State(run: Self.sprintRun), session, at: 1000, 80, 24)
        let shown = Self.trimmed(lines)
        #expect(shown.contains("LEG 2/5 · T1"), "\(lines.joined(separator: "\n"))")
        #expect(shown.contains("Race 16:40"))
        #expect(shown.contains("✓ Swim         750 m         15:00"), "\(lines.joined(separator: "\n"))")
        #expect(shown.contains("▶ T1                          1:40"), "\(lines.joined(separator: "\n"))")
        // Big digits of the leg time (1:40), not the race clock.
        #expect(lines.filter { $0.contains("██") }.count >= 5, "\(lines.joined(separator: "\n"))")
    }

    @Test func asciiGlyphsMarkLegsWithPlusAndGreaterThan() {
        let session = Self.session(Self.sprintRun, [(.next, 900)])
        let shown = Self.trimmed(Self.lines(MultisportScreen.State(run: Self.sprintRun), session, at: 1000, 80, 24, glyphs: .ascii))
        #expect(shown.contains("+ Swim         750 m         15:00"), "\(shown)")
        #expect(shown.contains("> T1                          1:40"), "\(shown)")
    }

    @Test func pausedScreenSaysPausedAndLegTimeExcludesThePause() {
        let session = Self.session(Self.sprintRun, [(.next, 900), (.pause, 950)])
        let lines = Self.lines(MultisportScreen.State(run: Self.sprintRun), session, at: 1000, 80, 24)
        let shown = Self.trimmed(lines)
        #expect(shown.contains("LEG 2/5 · T1 — PAUSED"), "\(lines.joined(separator: "\n"))")
        #expect(shown.contains("Race 16:40   paused 0:50"), "\(lines.joined(separator: "\n"))")
        #expect(shown.contains("▶ T1                          0:50"), "timer time stops while paused: \(shown)")
        #expect(lines[23].contains("space resume"), "\(lines[23])")
    }

    /// A 200×50 window scales the leg time's digits up three times (15 rows), the legs list
    /// still below them; 80×24 keeps 5-row digits.
    @Test func aLargeWindowScalesTheLegTimeUpAndKeepsTheLegsList() {
        let session = Self.session(Self.sprintRun, [])
        let large = Self.lines(MultisportScreen.State(run: Self.sprintRun), session, at: 125, 200, 50, glyphs: .ascii)
        #expect(large.count == 50)
        let digitRows = large.filter { $0.contains("######") }
        #expect(digitRows.count == 15, "\(large.joined(separator: "\n"))")
        #expect(digitRows.first?.trimmingCharacters(in: .whitespaces)
                == "##################                  ##################      ##################")
        let shown = Self.trimmed(large)
        #expect(shown.contains("Race 2:05"))
        #expect(shown.contains("> Swim         750 m          2:05"), "\(large.joined(separator: "\n"))")
        #expect(shown.contains("Run          5 km"))
        let standard = Self.lines(MultisportScreen.State(run: Self.sprintRun), session, at: 125, 80, 24, glyphs: .ascii)
        #expect(standard.filter { $0.contains("#") }.count == 5)
    }

    @Test func tinyTerminalKeepsTitleLegTimeAndRace() {
        let session = Self.session(Self.sprintRun, [(.next, 900)])
        let lines = Self.lines(MultisportScreen.State(run: Self.sprintRun), session, at: 1000, 30, 4)
        #expect(lines == ["LEG 2/5 · T1 1:40", "", "Race 16:40", "cues on"], "\(lines)")
        let paused = Self.session(Self.sprintRun, [(.next, 900), (.pause, 950)])
        let pausedLines = Self.lines(MultisportScreen.State(run: Self.sprintRun, prompt: "Finish and save?"), paused, at: 1000, 30, 4)
        #expect(pausedLines[0] == "LEG 2/5 · T1 — PAUSED 0:50", "\(pausedLines)")
        #expect(pausedLines[1] == "Finish and save? [y/N]", "the question is never dropped: \(pausedLines)")
        // Every line fits the width.
        #expect(pausedLines.allSatisfy { $0.count <= 30 })
    }

    @Test func noticeReplacesTheKeysLineAndPromptAsksYesNo() {
        let session = Self.session(Self.sprintRun, [(.next, 900)])
        let notice = Self.lines(MultisportScreen.State(run: Self.sprintRun, notice: "Second n within 3 s ignored"), session, at: 901, 80, 24)
        #expect(notice[23].trimmingCharacters(in: .whitespaces) == "Second n within 3 s ignored")
        let prompt = Self.lines(MultisportScreen.State(run: Self.sprintRun, prompt: "Finish and save?"), session, at: 901, 80, 24)
        #expect(prompt[23].trimmingCharacters(in: .whitespaces) == "Finish and save? [y/N]")
    }

    @Test func freeFormScreenBeforeAnyLegSaysWhatToBegin() {
        let session = Self.session(Self.freeFormRun, [])
        let shown = Self.trimmed(Self.lines(MultisportScreen.State(run: Self.freeFormRun), session, at: 5, 80, 24))
        #expect(shown.contains("READY"), "\(shown)")
        #expect(shown.contains("Begin: s swim · b bike · r run · t transition"), "\(shown)")
    }

    @Test func freeFormTransitionsAreNumberedOnScreen() {
        let session = Self.session(Self.freeFormRun, [(.begin(.swimming), 0), (.begin(.transition), 600), (.begin(.cycling), 660),
                                                    (.begin(.transition), 1200)])
        let shown = Self.trimmed(Self.lines(MultisportScreen.State(run: Self.freeFormRun), session, at: 1230, 80, 24))
        #expect(shown.contains("T2"), "\(shown)")
        #expect(shown.contains { $0.hasPrefix("✓ T1") && $0.hasSuffix("1:00") }, "\(shown)")
        #expect(shown.contains { $0.hasPrefix("▶ T2") && $0.hasSuffix("0:30") }, "\(shown)")
    }

    // MARK: Keys, labels and notices

    @Test func planKeysMapToEvents() {
        let run = Self.sprintRun
        let session = Self.session(run, [])
        #expect(run.event(for: .character("n"), session: session) == .next)
        #expect(run.event(for: .right, session: session) == .next)
        #expect(run.event(for: .enter, session: session) == .next)
        #expect(run.event(for: .character("l"), session: session) == .lap)
        #expect(run.event(for: .character("u"), session: session) == .undo)
        #expect(run.event(for: .backspace, session: session) == .undo)
        #expect(run.event(for: .character("x"), session: session) == nil)
        #expect(run.event(for: .tab, session: session) == nil)
    }

    @Test func freeFormKeysBeginAndEndSports() {
        let run = Self.freeFormRun
        let session = Self.session(run, [])
        #expect(run.event(for: .character("s"), session: session) == .begin(.swimming))
        #expect(run.event(for: .character("b"), session: session) == .begin(.cycling))
        #expect(run.event(for: .character("r"), session: session) == .begin(.running))
        #expect(run.event(for: .character("t"), session: session) == .begin(.transition))
        #expect(run.event(for: .character("e"), session: session) == .end)
        #expect(run.event(for: .enter, session: session) == nil, "Enter has no meaning in a free-form multisport session")
    }

    @Test func enterStartsAndEndsAnInterval() {
        let run = Self.runningIntervals
        let idle = Self.session(run, [])
        #expect(run.event(for: .enter, session: idle) == .begin(.running))
        let running = Self.session(run, [(.begin(.running), 1)])
        #expect(run.event(for: .enter, session: running) == .end)
        let between = Self.session(run, [(.begin(.running), 1), (.end, 61)])
        #expect(run.event(for: .enter, session: between) == .begin(.running))
    }

    @Test func labelsNameTransitionsT1T2InPlansAndNumberIntervals() {
        let plan = Self.session(Self.sprintRun, [(.next, 10), (.next, 20), (.next, 30), (.next, 40)])
        let legs = plan.derive().legs
        #expect(legs.map { Self.sprintRun.label(of: $0, among: legs) } == ["Swim", "T1", "Bike", "T2", "Run"])

        let intervals = Self.session(Self.runningIntervals, [(.begin(.running), 1), (.end, 61), (.begin(.running), 90)])
        let intervalLegs = intervals.derive().legs
        #expect(intervalLegs.map { Self.runningIntervals.label(of: $0, among: intervalLegs) } == ["Interval 1", "Interval 2"])
    }

    @Test func noticesSayWhatHappened() {
        let run = Self.sprintRun
        var session = Self.session(run, [(.next, 10)])
        #expect(run.notice(for: .ignoredDoublePress, session: session) == "Second n within 3 s ignored")
        #expect(run.notice(for: .legStarted(index: 1, sport: .transition, at: Self.seconds(10)), session: session) == "Started T1")
        let undone = session.handle(.undo, at: Self.seconds(11))
        #expect(undone == [.undone(.legStart(leg: 1))])
        #expect(run.notice(for: .undone(.legStart(leg: 1)), session: session) == "Undone: back in Swim")
        // A new-user check found the second u (a lap) still said "back in Swim".
        var laps = Self.session(run, [(.lap, 30), (.lap, 60)])
        let lap = laps.handle(.undo, at: Self.seconds(61))
        #expect(lap == [.undone(.lap(leg: 0, number: 3))])
        #expect(run.notice(for: lap[0], session: laps) == "Undone: length 3 of Swim", "a pool swim's laps are lengths")
        #expect(run.notice(for: .lap(leg: 0, number: 2, at: Self.seconds(12)), session: session) == "Length 2",
                "laps of a pool swim are lengths")
        #expect(Self.freeFormRun.notice(for: .refused(.transitionInTransition), session: Self.session(Self.freeFormRun, []))
                == "Refused: a transition cannot start while a transition is running")
    }

    // MARK: --events commands

    final class Errors {
        var lines: [String] = []
    }

    static func parse(_ line: String, run: MultisportRun = freeFormRun) -> (commands: [RunCommand<MultisportSession.Event>], errors: [String]) {
        let errors = Errors()
        let frontEnd = EventsFrontEnd(adapter: run, output: { _ in }, errors: { errors.lines.append($0) })
        let commands = frontEnd.parse(line: line)
        return (commands, errors.lines)
    }

    @Test(arguments: [
        ("next", MultisportSession.Event.next), ("skip", .next), ("lap", .lap), ("undo", .undo), ("end", .end),
        ("pause", .pause), ("resume", .resume), ("finish", .finish),
        ("begin swim", .begin(.swimming)), ("begin swimming", .begin(.swimming)), ("BEGIN Running", .begin(.running)),
        ("start bike", .begin(.cycling)), ("begin t1", .begin(.transition)), ("  begin   transition  ", .begin(.transition)),
    ])
    func eventsCommandLineIsOneSessionEvent(line: String, event: MultisportSession.Event) {
        let parsed = Self.parse(line)
        #expect(parsed.commands == [.session(event)], "\(line)")
        #expect(parsed.errors.isEmpty)
    }

    @Test func muteAndQuitAreNotSessionEvents() {
        #expect(Self.parse("mute").commands == [.toggleMute])
        #expect(Self.parse("quit").commands == [.quit])
        #expect(Self.parse("").commands.isEmpty && Self.parse("").errors.isEmpty, "a blank line is no command")
    }

    @Test(arguments: ["begin", "begin dancing", "begin swim bike", "jump", "next please"])
    func badEventsCommandIsReportedOnceAndIgnored(line: String) {
        let parsed = Self.parse(line)
        #expect(parsed.commands.isEmpty)
        #expect(parsed.errors.count == 1 && parsed.errors[0].contains("'\(line)'"), "\(parsed.errors)")
    }

    // MARK: Per-leg table

    /// The table row for leg `number` (1-based), split into its columns.
    static func row(_ lines: [String], _ number: Int) -> [String] {
        lines[number].split(separator: "  ", omittingEmptySubsequences: true).map { $0.trimmingCharacters(in: .whitespaces) }
    }

    @Test func yardPoolLengthsCountTo1000YardsWithPacePer100Yards() throws {
        // 33⅓ yd pool, 30 lengths (29 lap presses, the last length ended by the finish) in 20:00.
        let plan = MultisportPlan(name: "Pool", legs: [Leg(sport: .swimming, poolLength: 100.0 / 3, poolUnit: .yards)])
        let run = MultisportRun(title: "Pool", mode: .plan(plan))
        var session = MultisportSession(mode: run.mode)
        _ = session.handle(.start, at: .zero)
        for length in 1..<30 { _ = session.handle(.lap, at: .seconds(40 * length)) }
        _ = session.handle(.finish, at: .seconds(1200))
        let record = try #require(session.record(finishedAt: .seconds(1200), id: UUID(), weightKg: nil,
                                                 wallOrigin: Date(timeIntervalSince1970: 0), timeZone: TimeZone.gmt))
        let leg = record.legs.first
        #expect(leg?.laps.count == 30)
        #expect(leg.flatMap(\.distanceMeters).map { abs($0 - 914.4) < 1e-6 } == true, "1000 yd = 914.4 m: \(String(describing: leg))")
        let lines = LegTable.lines(record.legs, units: .metric)
        #expect(Self.row(lines, 1) == ["1", "Swim", "20 min", "1000 yd", "2:00 /100yd"], "\(lines)")
    }

    @Test func metricPacesPerSport() {
        let legs = [
            LegRecord(sport: "swimming", startSeconds: 0, elapsedSeconds: 1800, timerSeconds: 1800, distanceMeters: 1500, kcal: nil, laps: []),
            LegRecord(sport: "transition", startSeconds: 1800, elapsedSeconds: 90, timerSeconds: 90, distanceMeters: nil, kcal: nil, laps: []),
            LegRecord(sport: "cycling", startSeconds: 1890, elapsedSeconds: 4800, timerSeconds: 4800, distanceMeters: 40_000, kcal: nil, laps: []),
            LegRecord(sport: "transition", startSeconds: 6690, elapsedSeconds: 60, timerSeconds: 60, distanceMeters: nil, kcal: nil, laps: []),
            LegRecord(sport: "running", startSeconds: 6750, elapsedSeconds: 3000, timerSeconds: 3000, distanceMeters: 10_000, kcal: nil, laps: []),
        ]
        let lines = LegTable.lines(legs, units: .metric)
        #expect(Self.row(lines, 0) == ["#", "LEG", "TIME", "DISTANCE", "PACE", "ENERGY"], "\(lines)")
        let swim = Self.row(lines, 1)
        #expect(swim.count == 5 && swim[3] == "1500 m", "\(lines)")
        #expect(swim.count == 5 && swim[4] == "2:00 /100m", "\(lines)")
        #expect(Self.row(lines, 2) == ["2", "T1", "1 min 30 s"], "a transition has time only: \(lines)")
        #expect(Self.row(lines, 3) == ["3", "Bike", "1 h 20 min", "40 km", "30.0 km/h"], "\(lines)")
        #expect(Self.row(lines, 4) == ["4", "T2", "1 min"], "\(lines)")
        #expect(Self.row(lines, 5) == ["5", "Run", "50 min", "10 km", "5:00 /km"], "\(lines)")
        #expect(Self.row(lines, 6) == ["Total", "2 h 42 min 30 s", "51.5 km"], "\(lines)")
        #expect(lines.count == 7, "no paused line without a pause")
    }

    @Test func aLegWithAMovingTimeHasItsPaceOverIt() {
        // A GPS run of 3 km: 20 min on the timer, 15 of them moving (the rest at lights and
        // waiting for the first fix): the table says what the screen's average said.
        var run = LegRecord(sport: "running", startSeconds: 0, elapsedSeconds: 1200, timerSeconds: 1200, distanceMeters: 3000,
                            kcal: nil, laps: [])
        run.movingSeconds = 900
        let lines = LegTable.lines([run], units: .metric)
        #expect(Self.row(lines, 1) == ["1", "Run", "20 min", "3 km", "5:00 /km"], "\(lines)")
    }

    @Test func imperialUnitsGiveMilesAndPacePerMile() {
        let legs = [
            LegRecord(sport: "cycling", startSeconds: 0, elapsedSeconds: 4800, timerSeconds: 4800, distanceMeters: 40_000, kcal: nil, laps: []),
            LegRecord(sport: "running", startSeconds: 4800, elapsedSeconds: 3000, timerSeconds: 3000, distanceMeters: 10_000, kcal: nil, laps: []),
        ]
        let lines = LegTable.lines(legs, units: .imperial)
        let bike = Self.row(lines, 1), run = Self.row(lines, 2)
        #expect(bike.count == 5 && bike[3].hasSuffix(" mi") && bike[4] == "18.6 mph", "\(lines)")
        #expect(run.count == 5 && run[3].hasSuffix(" mi") && run[4] == "8:03 /mi", "\(lines)")
    }

    @Test func pausedTimeIsShownUnderTheTotals() {
        let legs = [LegRecord(sport: "running", startSeconds: 0, elapsedSeconds: 660, timerSeconds: 600, distanceMeters: nil, kcal: nil, laps: [])]
        let lines = LegTable.lines(legs, units: .metric, pausedSeconds: 60)
        #expect(lines.last == " Paused 1 min (not in the times above)", "\(lines)")
        #expect(Self.row(lines, 1) == ["1", "Run", "10 min"], "no distance, so no pace: \(lines)")
    }

    // MARK: History record (the record itself is SessionEngine's: RecordDraftTests)

    @Test func aTransitionInTheRecordedTableHasTimeOnly() throws {
        let plan = MultisportPlan(name: "Swim bike", legs: [
            Leg(sport: .swimming, targetDistanceMeters: 750), Leg(sport: .transition), Leg(sport: .cycling, targetDistanceMeters: 20_000),
        ])
        let run = MultisportRun(title: "Swim bike", mode: .plan(plan))
        let session = Self.session(run, [(.next, 600), (.pause, 630), (.resume, 690), (.next, 720), (.finish, 1920)])
        let prague = try #require(TimeZone(identifier: "Europe/Prague"))
        let record = try #require(session.record(finishedAt: .seconds(1920), id: UUID(), weightKg: nil,
                                                 wallOrigin: Date(timeIntervalSince1970: 1_790_000_000), timeZone: prague))
        let table = LegTable.lines(record.legs, units: .metric, pausedSeconds: record.pausedSeconds)
        #expect(Self.row(table, 2) == ["2", "T1", "1 min"], "no pace for a transition: \(table)")
    }
}

/// The countdown before a plan's first leg on the full screen (`--prepare`).
@Suite struct MultisportCountdownScreenTests {
    @Test func theCountdownShowsWhatIsLeftTheFirstLegAndAPausedRaceClock() {
        var session = MultisportSession(mode: .plan(MultisportScreenTests.sprint), prepare: .seconds(10))
        _ = session.handle(.start, at: .zero)
        let state = MultisportScreen.State(run: MultisportScreenTests.sprintRun)
        let running = MultisportScreenTests.lines(state, session, at: 2.4, 80, 24)
        #expect(running.contains { $0.trimmingCharacters(in: .whitespaces) == "GET READY" }, "\(running)")
        #expect(running.contains { $0.trimmingCharacters(in: .whitespaces) == "First: Swim 750 m" }, "\(running)")
        #expect(running.contains { $0.trimmingCharacters(in: .whitespaces) == "Race 0:00" }, "the race clock waits: \(running)")
        #expect(running.joined().contains("██████"), "big digits: \(running)")
        #expect(MultisportScreenTests.sprintRun.windowTitle(session: session, at: MultisportScreenTests.seconds(2.4)) == "GET READY 0:08 · hiit")
        _ = session.handle(.pause, at: MultisportScreenTests.seconds(3))
        let paused = MultisportScreenTests.lines(state, session, at: 50, 80, 24)
        #expect(paused.contains { $0.trimmingCharacters(in: .whitespaces) == "GET READY — PAUSED" }, "\(paused)")
        #expect(paused.last?.contains("space resume") == true, "\(paused)")
        #expect(MultisportScreenTests.sprintRun.windowTitle(session: session, at: MultisportScreenTests.seconds(50))
                == "GET READY 0:07 · paused · hiit")
        let small = MultisportScreenTests.lines(state, session, at: 50, 40, 4)
        #expect(small.first?.hasPrefix("GET READY — PAUSED 0:07") == true, "the tiny layout: \(small)")
    }
}

/// One clock for a free-form session (issue "What users hit", item 19): the screen's Total, the
/// record and the summary's Total row all count from the first leg, not from launch.
@Suite struct FreeFormClockTests {
    @Test func theScreenTheRecordAndTheSummaryCountFromTheFirstLeg() throws {
        let run = MultisportScreenTests.freeFormRun
        var session = MultisportScreenTests.session(run, [(.begin(.running), 5), (.end, 6)])
        let state = MultisportScreen.State(run: run)
        let waiting = MultisportScreenTests.lines(state, MultisportScreenTests.session(run, []), at: 4, 80, 24)
        #expect(waiting.contains { $0.trimmingCharacters(in: .whitespaces) == "Total 0:00" }, "before the first leg: \(waiting)")
        let running = MultisportScreenTests.lines(state, session, at: 7, 80, 24)
        #expect(running.contains { $0.trimmingCharacters(in: .whitespaces) == "Total 0:02" }, "\(running)")
        _ = session.handle(.finish, at: .seconds(7))
        let record = try #require(session.record(finishedAt: .seconds(7), id: UUID(), weightKg: nil,
                                                 wallOrigin: Date(timeIntervalSince1970: 0), timeZone: TimeZone(identifier: "UTC") ?? .current))
        #expect(record.totalSeconds == 2 && record.start == Date(timeIntervalSince1970: 5))
        let summary = RunWorkout.multisportSummaryText(record, units: .metric)
        let total = summary.split(separator: "\n").first { $0.contains("Total") }
        #expect(total?.split(separator: " ").joined(separator: " ") == "Total 2 s", "the session's 2 s, blank time included, not the leg's 1 s: \(summary)")
    }
}
