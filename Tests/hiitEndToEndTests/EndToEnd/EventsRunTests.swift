import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `hiit run … --events` as a script would use it: JSON lines out, commands in, the history
/// written when the session completes (DESIGN §2, §3, §6).
@Suite("End to end: hiit run --events")
struct EventsRunTests {
    /// Two values of `t`/`due` that should be the same instant: both are written rounded to
    /// the microsecond, so they may differ by that rounding only.
    static let sameInstant = 1e-5

    @Test func eventsRunInOrderWithExactDuesAndIsRecorded() async throws {
        let sandbox = try E2ESandbox()
        let result = try await sandbox.runHiit(["run", "3/2x2", "--prepare", "0", "--events"])
        #expect(result.status == 0, "\(result.transcript)")
        let events = try result.events()

        #expect(events.map(\.description) == [
            "segment work 1/2", "cue start", "cue beep", "cue beep",
            "segment rest 1/2", "cue rest", "cue beep",
            "segment work 2/2", "cue lastRound", "cue beep", "cue beep", "cue congratulations",
            "finish", "saved",
        ], "\(result.transcript)")

        // The session's own clock: everything is planned from the first segment's instant.
        let origin = try #require(events.first).at
        let segments = events.filter { $0.event == "segment" }
        let planned: [Double] = [0, 3, 5]
        #expect(segments.count == planned.count)
        for (segment, start) in zip(segments, planned) {
            #expect(abs(segment.at - origin - start) < Self.sameInstant, "segment \(segment.index ?? -1) at \(segment.at)")
        }
        #expect(segments.map(\.index) == [0, 1, 2])
        #expect(segments.map(\.durationSeconds) == [3, 2, 3])
        #expect(segments.allSatisfy { $0.label == "Quick" && $0.exercise == 1 && $0.exercises == 1 })

        let cues = events.filter { $0.event == "cue" }
        let plannedCues: [(String, Double)] = [
            ("start", 0), ("beep", 1), ("beep", 2), ("rest", 3), ("beep", 4),
            ("lastRound", 5), ("beep", 6), ("beep", 7), ("congratulations", 8),
        ]
        #expect(cues.count == plannedCues.count)
        for (cue, (name, due)) in zip(cues, plannedCues) {
            let cueDue = try #require(cue.due, "a cue line without due: \(cue)")
            #expect(cue.cue == name)
            #expect(abs(cueDue - origin - due) < Self.sameInstant, "\(name) due \(cueDue), planned \(due)")
            #expect(cue.t >= cueDue, "\(name) written at \(cue.t) before it was due at \(cueDue)")
        }
        // Lines are written as things happen: `t` never goes backwards, and no line is written
        // before it was due.
        #expect(zip(events, events.dropFirst()).allSatisfy { $0.t <= $1.t }, "\(result.transcript)")
        #expect(events.allSatisfy { $0.t >= ($0.due ?? $0.t) })

        let finish = try #require(events.first { $0.event == "finish" })
        #expect(abs(finish.at - origin - 8) < Self.sameInstant)
        #expect(finish.workoutSeconds.map { abs($0 - 6) < 0.001 } == true, "\(finish)")
        #expect(finish.totalSeconds.map { abs($0 - 8) < 0.001 } == true, "\(finish)")
        #expect(finish.pausedSeconds == 0)
        #expect(finish.rounds == 2)
        #expect(finish.exercises == 1)

        // Recorded: exactly one line, private to its owner.
        let saved = try #require(events.last)
        let lines = try sandbox.historyLines()
        let records = try sandbox.historyRecords()
        try #require(records.count == 1, "history: \(lines)")
        let record = records[0]
        #expect(record.workout == "3/2x2")
        #expect(record.kind == "intervals")
        #expect(record.version == 1)
        #expect(record.id == saved.id)
        #expect(abs(record.workoutSeconds - 6) < 0.001)
        #expect(abs(record.totalSeconds - 8) < 0.001)
        #expect(record.pausedSeconds == 0)
        #expect(record.rounds == 2)
        #expect(record.exercises == 1)
        #expect(record.weightKg == nil && record.kcal == nil, "no weight given, so no calories")
        #expect(record.legs.isEmpty)
        #expect(try fileModeBits(of: sandbox.historyURL) == 0o600)
        #expect(try fileModeBits(of: sandbox.dataFolder) == 0o700)
        #expect(try String(contentsOf: sandbox.historyURL, encoding: .utf8).hasSuffix("}\n"))
    }

    @Test func weightAddsCaloriesToTheRecord() async throws {
        let sandbox = try E2ESandbox()
        let result = try await sandbox.runHiit(["run", "1/1x2", "--prepare", "0", "--events", "--weight", "70"])
        #expect(result.status == 0, "\(result.transcript)")
        // Workout 2 s, total 3 s at 70 kg: 8.0 × 70 × 2/3600 + 2.0 × 70 × 1/3600 (DESIGN §4).
        let expected = 8.0 * 70 * 2 / 3600 + 2.0 * 70 * 1 / 3600
        let saved = try #require(try result.events().last)
        #expect(saved.event == "saved")
        #expect(saved.kcal.map { abs($0 - expected) < 1e-9 } == true, "\(saved)")
        let record = try #require(try sandbox.historyRecords().first)
        #expect(record.weightKg == 70)
        #expect(record.kcal.map { abs($0 - expected) < 1e-9 } == true, "kcal is stored unrounded")
    }

    @Test func pauseResumeSkipAndUnknownCommandsOnStdin() async throws {
        let sandbox = try E2ESandbox()
        let hiit = try sandbox.start(["run", "3/2x2", "--prepare", "0", "--events"])
        defer { hiit.stop() }

        let (first, pause, resume, rest, skip) = try await onOwnThread {
            let first = try hiit.waitForEvent("the first segment") { $0.event == "segment" }
            try hiit.send("pause")
            let pause = try hiit.waitForEvent("pause") { $0.event == "pause" }
            // While paused: an unknown command is reported on stderr and changes nothing.
            try hiit.send("jump")
            try hiit.waitForStderr(containing: "jump")
            try hiit.send("resume")
            let resume = try hiit.waitForEvent("resume") { $0.event == "resume" }
            // Skip the rest as soon as it starts: its beep never sounds.
            let rest = try hiit.waitForEvent("the rest segment") { $0.event == "segment" && $0.kind == "rest" }
            try hiit.send("skip")
            let skip = try hiit.waitForEvent("skip") { $0.event == "skip" }
            // End of input changes nothing: the session runs to its end.
            hiit.closeInput()
            return (first, pause, resume, rest, skip)
        }
        let ending = try await hiit.waitForExit()
        #expect(ending.status == 0, "\(hiit.transcript)")
        let events = try hiit.events()

        #expect(pause.t <= resume.t)
        #expect(resume.t <= rest.t)
        let paused = resume.t - pause.t
        let stderrLines = hiit.stderr.split(separator: "\n")
        #expect(stderrLines.count == 1 && stderrLines[0].contains("'jump'"), "one line naming the command: \(hiit.stderr)")

        // Pause keeps the remaining time: every cue of the first work segment that was still
        // to come when it paused is due `paused` seconds later than planned.
        let workBeeps = events.filter { $0.event == "cue" && $0.cue == "beep" && $0.t < rest.at }
        #expect(workBeeps.count == 2, "\(hiit.transcript)")
        for (beep, planned) in zip(workBeeps, [1.0, 2.0]) {
            let due = try #require(beep.due)
            let wasDueBeforePause = first.at + planned <= pause.t
            let expected = first.at + planned + (wasDueBeforePause ? 0 : paused)
            #expect(abs(due - expected) < EventsRunTests.sameInstant, "beep due \(due), expected \(expected)")
            #expect(beep.t >= due)
        }
        #expect(abs(rest.at - (first.at + 3 + paused)) < EventsRunTests.sameInstant, "the rest starts when the remaining work time has run")

        // The skip ends the rest at once; the next segment starts at the skip's instant, and
        // the skipped rest's beep never sounds.
        let afterRest = events.drop { !($0.event == "segment" && $0.kind == "rest") }.dropFirst()
        let restCues = afterRest.prefix { $0.event != "segment" }.filter { $0.event == "cue" }
        #expect(restCues.allSatisfy { $0.cue != "beep" }, "\(hiit.transcript)")
        let next = try #require(afterRest.first { $0.event == "segment" })
        #expect(next.kind == "work" && next.round == 2)
        #expect(abs(next.at - skip.t) < EventsRunTests.sameInstant)
        #expect(skip.t >= rest.at)

        let finish = try #require(events.first { $0.event == "finish" })
        #expect(finish.pausedSeconds.map { abs($0 - paused) < 0.001 } == true, "\(finish), paused \(paused)")
        // The skipped rest leaves 3 s of the last work: it is Workout Time, as the first 3 s were.
        #expect(finish.workoutSeconds.map { abs($0 - 6) < 0.001 } == true, "\(finish)")
        #expect(events.last?.event == "saved")
        let record = try #require(try sandbox.historyRecords().first)
        #expect(abs(record.pausedSeconds - paused) < 0.001)
    }

    @Test func resetStartsOverAndOnlyTheRunFromTheResetCounts() async throws {
        let sandbox = try E2ESandbox()
        let hiit = try sandbox.start(["run", "1/1x2", "--prepare", "0", "--events"])
        defer { hiit.stop() }
        let reset = try await onOwnThread {
            try hiit.waitForEvent("the rest segment") { $0.event == "segment" && $0.kind == "rest" }
            try hiit.send("reset")
            let reset = try hiit.waitForEvent("reset") { $0.event == "reset" }
            hiit.closeInput()
            return reset
        }
        let ending = try await hiit.waitForExit()
        #expect(ending.status == 0, "\(hiit.transcript)")
        let events = try hiit.events()
        let afterReset = events.drop { $0.event != "reset" }.dropFirst()
        #expect(afterReset.filter { $0.event == "segment" }.map(\.description) == ["segment work 1/2", "segment rest 1/2", "segment work 2/2"],
                "the whole workout again: \(hiit.transcript)")
        let restart = try #require(afterReset.first)
        #expect(restart.index == 0 && abs(restart.at - reset.t) < EventsRunTests.sameInstant)
        let finish = try #require(events.first { $0.event == "finish" })
        #expect(finish.workoutSeconds.map { abs($0 - 2) < 0.001 } == true, "\(finish)")
        #expect(finish.totalSeconds.map { abs($0 - 3) < 0.001 } == true, "\(finish)")
        #expect(abs(finish.at - reset.t - 3) < EventsRunTests.sameInstant)
        let record = try #require(try sandbox.historyRecords().first)
        #expect(abs(record.totalSeconds - 3) < 0.001)
    }

    @Test func quitOnStdinRecordsNothing() async throws {
        let sandbox = try E2ESandbox()
        let hiit = try sandbox.start(["run", "20/10x2", "--prepare", "0", "--events"])
        defer { hiit.stop() }
        try await onOwnThread {
            try hiit.waitForEvent("the first segment") { $0.event == "segment" }
            try hiit.send("quit")
        }
        let ending = try await hiit.waitForExit()
        #expect(ending.status == 0, "\(hiit.transcript)")
        let events = try hiit.events()
        #expect(events.last?.event == "quit", "\(hiit.transcript)")
        #expect(!events.contains { $0.event == "finish" || $0.event == "saved" })
        #expect(try sandbox.historyLines().isEmpty, "nothing is recorded after quitting")
        #expect(hiit.stderr.isEmpty, "\(hiit.transcript)")
        // Writing to the ended process fails (EPIPE) without stopping the test runner.
        #expect(throws: E2EFailure.self) { try hiit.send("resume") }
    }

    @Test func sigtermEndsTheRunWithAQuitLineAndRecordsNothing() async throws {
        let sandbox = try E2ESandbox()
        let hiit = try sandbox.start(["run", "20/10x2", "--prepare", "0", "--events"])
        defer { hiit.stop() }
        try await onOwnThread {
            try hiit.waitForEvent("the first segment") { $0.event == "segment" }
            hiit.kill(SIGTERM)
        }
        let ending = try await hiit.waitForExit()
        #expect(ending == .init(status: 128 + SIGTERM, signal: nil), "the program handles SIGTERM and exits 143: \(hiit.transcript)")
        let last = try #require(try hiit.events().last)
        #expect(last.event == "quit" && last.signal == SIGTERM, "\(hiit.transcript)")
        #expect(hiit.stderr.contains("nothing was recorded"), "\(hiit.transcript)")
        #expect(try sandbox.historyLines().isEmpty)
    }

    @Test func endOfInputAtOnceRunsTheSessionToItsEnd() async throws {
        let sandbox = try E2ESandbox()
        // `runHiit` closes stdin before the session starts.
        let result = try await sandbox.runHiit(["run", "1/1x2", "--prepare", "0", "--events"])
        #expect(result.status == 0, "\(result.transcript)")
        let events = try result.events()
        #expect(events.filter { $0.event == "segment" }.map(\.description) == ["segment work 1/2", "segment rest 1/2", "segment work 2/2"])
        #expect(events.suffix(2).map(\.event) == ["finish", "saved"])
        #expect(try sandbox.historyLines().count == 1)
    }

    @Test func noRecordRunsButWritesNothing() async throws {
        let sandbox = try E2ESandbox()
        let result = try await sandbox.runHiit(["run", "1/1x1", "--prepare", "0", "--events", "--no-record"])
        #expect(result.status == 0, "\(result.transcript)")
        let events = try result.events()
        #expect(events.contains { $0.event == "finish" })
        #expect(!events.contains { $0.event == "saved" })
        #expect(try sandbox.historyLines().isEmpty)
    }

    @Test func prepareCountdownComesFirstAndIsNotWorkoutTime() async throws {
        let sandbox = try E2ESandbox()
        let result = try await sandbox.runHiit(["run", "1/1x1", "--prepare", "1", "--events"])
        #expect(result.status == 0, "\(result.transcript)")
        let events = try result.events()
        let segments = events.filter { $0.event == "segment" }
        #expect(segments.map(\.kind) == ["prepare", "work"])
        #expect(segments.first?.durationSeconds == 1)
        let finish = try #require(events.first { $0.event == "finish" })
        #expect(finish.workoutSeconds.map { abs($0 - 1) < 0.001 } == true)
        #expect(finish.totalSeconds.map { abs($0 - 1) < 0.001 } == true, "Total Time starts at the first work segment")
    }
}
