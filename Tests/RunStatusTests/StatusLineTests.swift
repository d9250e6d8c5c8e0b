import Foundation
@testable import RunStatus
import Testing

/// The formats of `hiit status` for each reading a bar can meet: work, rest, paused, a
/// multisport leg, idle with and without a goal, and a stale state file. Instants are fixed;
/// nothing depends on the machine's clock or zone.
struct StatusLineTests {
    /// 2026-12-03 20:41:00 UTC.
    static let now = Date(timeIntervalSince1970: 1_796_330_460)

    static func work(paused: Bool = false) -> RunState {
        RunState(pid: 4242, workout: "Tabata", kind: .intervals, phase: "work", title: "WORK", label: "Burpees", round: 3,
                 rounds: 8, isPaused: paused, durationSeconds: 20,
                 endsAt: paused ? nil : now.addingTimeInterval(11.2), remainingSeconds: paused ? 11.2 : nil,
                 updatedAt: now.addingTimeInterval(-8.8))
    }

    static let rest = RunState(pid: 4242, workout: "Tabata", kind: .intervals, phase: "rest", title: "REST",
                               label: "Burpees", round: 3, rounds: 8, isPaused: false, durationSeconds: 10,
                               endsAt: now.addingTimeInterval(7.5), updatedAt: now.addingTimeInterval(-2.5))

    static let bike = RunState(pid: 77, workout: "Sprint #1", kind: .multisport, phase: "cycling", title: "BIKE",
                               label: "Bike", round: 3, rounds: 5, isPaused: false,
                               startedAt: now.addingTimeInterval(-754.9), updatedAt: now.addingTimeInterval(-30))

    static let goalWeek = WeekFigures(amount: "95/150 min", goalFraction: 95.0 / 150, changePercent: 12.4)
    static let metWeek = WeekFigures(amount: "160/150 min", goalFraction: 160.0 / 150, isGoalMet: true, changePercent: -8)
    static let plainWeek = WeekFigures(amount: "95 min", changePercent: nil)

    // MARK: Plain

    @Test func workShowsPhaseRemainingRoundedUpLabelAndRound() {
        #expect(StatusLine.render(.running(Self.work()), as: .plain, at: Self.now) == "WORK 0:12 · Burpees 3/8")
    }

    @Test func theRemainingTimeIsComputedFromTheEndInstantNotFromTheFile() {
        // Ten seconds later the same file reads two seconds left: readers never drift.
        #expect(StatusLine.render(.running(Self.work()), as: .plain, at: Self.now.addingTimeInterval(10)) == "WORK 0:02 · Burpees 3/8")
        #expect(StatusLine.render(.running(Self.work()), as: .plain, at: Self.now.addingTimeInterval(60)) == "WORK 0:00 · Burpees 3/8")
    }

    @Test func pausedKeepsItsRemainingTimeWhateverTheClock() {
        let paused = StatusReading.running(Self.work(paused: true))
        #expect(StatusLine.render(paused, as: .plain, at: Self.now) == "WORK 0:12 · Burpees 3/8 · paused")
        #expect(StatusLine.render(paused, as: .plain, at: Self.now.addingTimeInterval(3600)) == "WORK 0:12 · Burpees 3/8 · paused")
    }

    @Test func restAndALegCountingUp() {
        #expect(StatusLine.render(.running(Self.rest), as: .plain, at: Self.now) == "REST 0:08 · Burpees 3/8")
        // The label "Bike" says no more than the phase BIKE.
        #expect(StatusLine.render(.running(Self.bike), as: .plain, at: Self.now) == "BIKE 12:34 · 3/5")
    }

    @Test func idleWithAGoalWithoutOneAndInASCII() {
        #expect(StatusLine.render(.idle(Self.goalWeek), as: .plain, at: Self.now) == "Week 95/150 min ▲12%")
        #expect(StatusLine.render(.idle(Self.metWeek), as: .plain, at: Self.now) == "Week 160/150 min ▼8%")
        #expect(StatusLine.render(.idle(Self.plainWeek), as: .plain, at: Self.now) == "Week 95 min")
        #expect(StatusLine.render(.idle(Self.goalWeek), as: .plain, at: Self.now, ascii: true) == "Week 95/150 min +12%")
        #expect(StatusLine.render(.running(Self.work(paused: true)), as: .plain, at: Self.now, ascii: true)
            == "WORK 0:12 - Burpees 3/8 - paused")
    }

    @Test func aSessionNotStartedShowsNoClock() throws {
        let ready = RunState(pid: 1, workout: "Multisport", kind: .multisport, phase: "ready", title: "READY", isPaused: false,
                             updatedAt: Self.now)
        #expect(StatusLine.render(.running(ready), as: .plain, at: Self.now) == "READY")
        let object = try Self.waybarObject(.running(ready))
        #expect(object["class"] as? String == "prepare")
        #expect(object["tooltip"] as? String == "Multisport: READY")
    }

    // MARK: Stale state

    @Test func aStateWhoseProcessIsGoneReadsAsIdle() {
        let stale = StatusReading.resolve(state: Self.work(), isAlive: { _ in false }, week: { Self.plainWeek })
        #expect(stale == .idle(Self.plainWeek))
        #expect(StatusLine.render(stale, as: .plain, at: Self.now) == "Week 95 min")
        var askedFor: Int32?
        let live = StatusReading.resolve(state: Self.work(), isAlive: { askedFor = $0; return true }, week: { Self.plainWeek })
        #expect(live == .running(Self.work()))
        #expect(askedFor == 4242)
        #expect(StatusReading.resolve(state: nil, isAlive: { _ in true }, week: { Self.goalWeek }) == .idle(Self.goalWeek))
    }

    // MARK: waybar

    /// waybar-custom(5), RETURN-TYPE: `{"text": …, "tooltip": …, "class": …, "percentage": N}`.
    static func waybarObject(_ reading: StatusReading, at now: Date = now) throws -> [String: Any] {
        let line = StatusLine.render(reading, as: .waybar, at: now)
        #expect(!line.contains("\n"))
        let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        let unwrapped = try #require(object)
        #expect(Set(unwrapped.keys) == ["text", "tooltip", "class", "percentage"])
        #expect(unwrapped["text"] is String)
        #expect(unwrapped["tooltip"] is String)
        #expect(unwrapped["class"] is String)
        #expect(unwrapped["percentage"] is Int)
        return unwrapped
    }

    @Test func waybarWork() throws {
        let object = try Self.waybarObject(.running(Self.work()))
        #expect(object["text"] as? String == "WORK 0:12 · Burpees 3/8")
        #expect(object["class"] as? String == "work")
        #expect(object["percentage"] as? Int == 44)  // 8.8 of 20 s done
        #expect(object["tooltip"] as? String == "Tabata: WORK Burpees, round 3/8, 0:12 left")
    }

    @Test func waybarRestPausedAndLeg() throws {
        #expect(try Self.waybarObject(.running(Self.rest))["class"] as? String == "rest")
        let paused = try Self.waybarObject(.running(Self.work(paused: true)))
        #expect(paused["class"] as? String == "paused")
        #expect(paused["tooltip"] as? String == "Tabata: WORK Burpees, round 3/8, 0:12 left, paused")
        let bike = try Self.waybarObject(.running(Self.bike))
        #expect(bike["class"] as? String == "leg")
        #expect(bike["percentage"] as? Int == 0)
        #expect(bike["tooltip"] as? String == "Sprint #1: BIKE, leg 3/5, 12:34")
    }

    @Test func waybarIdle() throws {
        let goal = try Self.waybarObject(.idle(Self.goalWeek))
        #expect(goal["class"] as? String == "idle")
        #expect(goal["percentage"] as? Int == 63)
        #expect(goal["tooltip"] as? String == "No timer running. This week: 95/150 min (63%), ▲12% on last week so far")
        let met = try Self.waybarObject(.idle(Self.metWeek))
        #expect(met["class"] as? String == "goal-met")
        #expect(met["percentage"] as? Int == 100)
        let plain = try Self.waybarObject(.idle(Self.plainWeek))
        #expect(plain["percentage"] as? Int == 0)
        #expect(plain["text"] as? String == "Week 95 min")
    }

    @Test func waybarEscapesQuotesAndControlCharacters() throws {
        var state = Self.work()
        state.label = "Say \"hi\"\\\u{1}"
        let object = try Self.waybarObject(.running(state))
        #expect(object["text"] as? String == "WORK 0:12 · Say \"hi\"\\\u{1} 3/8")
    }

    // MARK: i3blocks

    @Test func i3blocksPollsWithThreeLines() {
        #expect(StatusLine.render(.running(Self.work()), as: .i3blocks, at: Self.now) == "WORK 0:12 · Burpees 3/8\nWORK 0:12\n#FF5555")
        #expect(StatusLine.render(.running(Self.rest), as: .i3blocks, at: Self.now) == "REST 0:08 · Burpees 3/8\nREST 0:08\n#50FA7B")
        #expect(StatusLine.render(.running(Self.work(paused: true)), as: .i3blocks, at: Self.now)
            == "WORK 0:12 · Burpees 3/8 · paused\nWORK 0:12\n#F1FA8C")
        #expect(StatusLine.render(.idle(Self.goalWeek), as: .i3blocks, at: Self.now) == "Week 95/150 min ▲12%\nWeek 95/150 min\n")
        #expect(StatusLine.render(.idle(Self.metWeek), as: .i3blocks, at: Self.now) == "Week 160/150 min ▼8%\nWeek 160/150 min\n#50FA7B")
        #expect(StatusLine.render(.idle(Self.plainWeek), as: .i3blocks, at: Self.now) == "Week 95 min\nWeek 95 min\n")
    }

    @Test func i3blocksStreamsOneJSONObjectALine() throws {
        let line = StatusLine.render(.running(Self.work()), as: .i3blocks, at: Self.now, isStreaming: true)
        #expect(line == ##"{"color":"#FF5555","full_text":"WORK 0:12 · Burpees 3/8","short_text":"WORK 0:12"}"##)
        let idle = StatusLine.render(.idle(Self.plainWeek), as: .i3blocks, at: Self.now, isStreaming: true)
        #expect(idle == #"{"full_text":"Week 95 min","short_text":"Week 95 min"}"#)
    }

    // MARK: tmux

    @Test func tmuxColoursThePhase() {
        #expect(StatusLine.render(.running(Self.work()), as: .tmux, at: Self.now) == "#[fg=red,bold]WORK 0:12#[default] · Burpees 3/8")
        #expect(StatusLine.render(.running(Self.rest), as: .tmux, at: Self.now) == "#[fg=green,bold]REST 0:08#[default] · Burpees 3/8")
        #expect(StatusLine.render(.running(Self.work(paused: true)), as: .tmux, at: Self.now)
            == "#[fg=yellow]WORK 0:12 · Burpees 3/8 · paused#[default]")
        #expect(StatusLine.render(.idle(Self.goalWeek), as: .tmux, at: Self.now) == "Week 95/150 min #[fg=green]▲12%#[default]")
        #expect(StatusLine.render(.idle(Self.metWeek), as: .tmux, at: Self.now)
            == "#[fg=green]Week 160/150 min#[default] #[fg=red]▼8%#[default]")
        #expect(StatusLine.render(.idle(Self.plainWeek), as: .tmux, at: Self.now) == "Week 95 min")
    }

    @Test func tmuxDoublesTheHashOfANameSoTmuxShowsIt() {
        #expect(StatusLine.render(.running(Self.bike), as: .tmux, at: Self.now) == "#[fg=cyan,bold]BIKE 12:34#[default] · 3/5")
        var state = Self.work()
        state.label = "#(rm -rf ~)"
        #expect(StatusLine.render(.running(state), as: .tmux, at: Self.now) == "#[fg=red,bold]WORK 0:12#[default] · ##(rm -rf ~) 3/8")
    }

    // MARK: --format

    @Test func templatesReplaceEachPlaceholder() throws {
        let template = try StatusTemplate(parsing: "{phase} {remaining} [{label} {round}/{rounds}] {workout} {state} {class} {percent}% {{x}}")
        #expect(StatusLine.render(.running(Self.work()), as: .template(template), at: Self.now)
            == "WORK 0:12 [Burpees 3/8] Tabata running work 44% {x}")
        #expect(StatusLine.render(.running(Self.work(paused: true)), as: .template(template), at: Self.now)
            == "WORK 0:12 [Burpees 3/8] Tabata paused paused 44% {x}")
        let idle = try StatusTemplate(parsing: "{phase}|{remaining}|{week}|{change}|{percent}|{text}")
        #expect(StatusLine.render(.idle(Self.goalWeek), as: .template(idle), at: Self.now) == "IDLE||95/150 min|▲12%|63|Week 95/150 min ▲12%")
        #expect(StatusLine.render(.idle(Self.plainWeek), as: .template(idle), at: Self.now) == "IDLE||95 min||0|Week 95 min")
    }

    @Test(arguments: [("{remain}", StatusTemplateError.unknownPlaceholder("remain")), ("{phase", .unmatchedBrace),
                      ("a } b", .unmatchedBrace), ("{}", .unknownPlaceholder(""))])
    func templatesRefuseWhatTheyCannotFill(text: String, error: StatusTemplateError) {
        #expect(throws: error) { try StatusTemplate(parsing: text) }
    }
}
