import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Multisport sessions run through the built `hiit` (DESIGN §2 "Multisport rules", §3, §6):
/// a plan and free-form sessions over `--events`, what is stored, `hiit history show` and
/// `hiit history edit` of a stored session, bad usage, and one plan on the full screen.
///
/// Waits are for lines and screens, never for time, except where the 3 s double-press window
/// of `next` is the point (and once to leave it behind).
@Suite("End to end: multisport sessions", .serialized)
struct MultisportRunTests {
    // MARK: A plan over --events

    @Test func planOverEventsNamesLegsIgnoresDoublePressAndLapInTransitionUndoesAndRecords() async throws {
        let sandbox = try E2ESandbox()
        let hiit = try sandbox.start(["run", "Sprint triathlon", "--events", "--weight", "70", "--mute"])
        defer { hiit.stop() }
        try await onOwnThread {
            try hiit.waitForEvent("the swim") { $0.event == "leg" }
            try hiit.send("next")
            try hiit.waitForEvent("T1") { $0.event == "leg" && $0.index == 1 }
            // A second next at once is a double press; a lap in a transition means nothing.
            try hiit.send("next")
            try hiit.waitForEvent("the ignored next") { $0.event == "ignored" }
            try hiit.send("lap")
            try hiit.send("undo")
            try hiit.waitForEvent("the undo") { $0.event == "undo" }
            // Back in the swim, whose next is taken back: next is accepted at once.
            try hiit.send("next")
            _ = try waitUntil("T1 again") { try hiit.multisportEvents().filter { $0.event == "leg" && $0.index == 1 }.count == 2 ? true : nil }
            // Out of the double-press window, on to the bike.
            usleep(3_100_000)
            try hiit.send("next")
            try hiit.waitForEvent("the bike") { $0.event == "leg" && $0.index == 2 }
            try hiit.send("finish")
        }
        let ending = try await hiit.waitForExit()
        #expect(ending.status == 0, "\(hiit.transcript)")
        let events = try hiit.multisportEvents()

        let legs = events.filter { $0.event == "leg" }
        #expect(legs.map(\.label) == ["Swim", "T1", "T1", "Bike"], "\(hiit.transcript)")
        #expect(legs.map(\.sport) == ["swimming", "transition", "transition", "cycling"])
        #expect(legs.map(\.index) == [0, 1, 1, 2])
        #expect(events.filter { $0.event == "cue" }.map(\.cue) == ["swim", "transition", "transition", "bike", "congratulations"],
                "a sport cue at each leg start: \(hiit.transcript)")

        // The quick second next: one ignored line, no leg change; the lap in T1: no line at all.
        let ignoredAt = try #require(events.firstIndex { $0.event == "ignored" })
        let undoAt = try #require(events.firstIndex { $0.event == "undo" })
        #expect(events.filter { $0.event == "ignored" }.count == 1)
        #expect(events[ignoredAt + 1 ..< undoAt].isEmpty, "nothing between the ignored next and the undo: \(hiit.transcript)")
        #expect(!events.contains { $0.event == "lap" })
        let undo = events[undoAt]
        #expect(undo.index == 0 && undo.label == "Swim" && undo.sport == "swimming", "undo returns to the swim: \(hiit.transcript)")

        // The end: finish, the swim's distance dropped (750 m in well under a second is not a
        // swim), results with the three legs run, saved.
        let tail = events.drop { $0.event != "finish" }.map(\.event)
        #expect(tail == ["finish", "distanceNotRecorded", "results", "saved"], "\(hiit.transcript)")
        let dropped = try #require(events.first { $0.event == "distanceNotRecorded" })
        #expect(dropped.message?.hasPrefix("leg 1 (Swim): distance not recorded: 750 m in 0:0") == true, "\(hiit.transcript)")
        #expect(dropped.message?.hasSuffix("is faster than 10 km/h") == true, "\(hiit.transcript)")
        let results = try #require(events.first { $0.event == "results" })
        let resultLegs = try #require(results.legs)
        #expect(resultLegs.map(\.sport) == ["swimming", "transition", "cycling"])
        #expect(resultLegs[0].distanceMeters == nil, "the swim ended too soon for its target distance")
        #expect(resultLegs[1].distanceMeters == nil, "a transition has no distance")
        #expect(resultLegs[2].distanceMeters == nil, "the bike was cut short by the finish")

        // Stored: one multisport line, legs in order, calories per leg and their sum.
        let records = try sandbox.multisportRecords()
        let stored = try sandbox.historyLines()
        try #require(records.count == 1, "\(stored)")
        let record = records[0]
        let saved = try #require(events.last)
        #expect(record.id == saved.id)
        #expect(record.kind == "multisport")
        #expect(record.workout == "Sprint triathlon")
        #expect(record.legs.map(\.sport) == ["swimming", "transition", "cycling"])
        #expect(record.weightKg == 70)
        #expect(record.legs.allSatisfy { $0.kcal != nil }, "every leg has its kcal with a weight")
        let sum = record.legs.compactMap(\.kcal).reduce(0, +)
        #expect(record.kcal.map { abs($0 - sum) < 1e-9 } == true, "the session's kcal is the legs' sum")
        #expect(record.rounds == 2)
        #expect(abs(record.legs[1].timerSeconds - record.legs[1].elapsedSeconds) < 1e-9, "no pause, so timer time is elapsed time")

        // history show lists the leg table.
        let show = try await sandbox.runHiit(["history", "show", String(record.id.prefix(8))])
        #expect(show.status == 0, "\(show.transcript)")
        let table = show.stdoutLines.drop { !$0.contains("LEG") }
        let rows = table.map { $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init) }
        #expect(rows.first == ["#", "LEG", "TIME", "DISTANCE", "PACE", "ENERGY"], "\(show.stdout)")
        #expect(rows.dropFirst().prefix(3).map { $0.prefix(2) } == [["1", "Swim"], ["2", "T1"], ["3", "Bike"]], "\(show.stdout)")
        #expect(rows.count > 1 && !rows[1].contains("750"), "no distance, so no pace: \(show.stdout)")
        #expect(rows.contains { $0.first == "Total" }, "\(show.stdout)")
    }

    /// `--prepare` works for plans as for workouts: a countdown with 3-2-1 beeps, then the first
    /// leg; the race clock (and the record) starts with the leg. `--prepare 0` is no countdown.
    @Test func aPlanTakesAStartCountdown() async throws {
        let sandbox = try E2ESandbox()
        let hiit = try sandbox.start(["run", "Sprint triathlon", "--prepare", "0:03", "--events", "--mute"])
        defer { hiit.stop() }
        try await onOwnThread {
            try hiit.waitForEvent("the swim") { $0.event == "leg" }
            try hiit.send("finish")
        }
        #expect(try await hiit.waitForExit().status == 0, "\(hiit.transcript)")
        let events = try hiit.events()
        let prepare = try #require(events.first, "\(hiit.transcript)")
        #expect(prepare.event == "segment" && prepare.kind == "prepare" && prepare.durationSeconds == 3, "\(hiit.transcript)")
        let beeps = events.filter { $0.cue == "beep" }.compactMap(\.due)
        let leg = try #require(events.first { $0.event == "leg" })
        let start = try #require(prepare.due)
        #expect(beeps.count == 2 && beeps.map { ($0 - start).rounded() } == [1, 2], "2 and 1 s before the end: \(hiit.transcript)")
        #expect(abs((leg.due ?? 0) - start - 3) < 0.001, "the first leg starts when the countdown ends: \(hiit.transcript)")
        let record = try #require(try sandbox.multisportRecords().first)
        #expect(record.legs.first?.startSeconds == 0, "the record starts with the first leg")

        let none = try sandbox.start(["run", "Sprint triathlon", "--prepare", "0", "--events", "--mute", "--no-record"])
        defer { none.stop() }
        try await onOwnThread {
            try none.waitForEvent("the swim") { $0.event == "leg" }
            try none.send("finish")
        }
        #expect(try await none.waitForExit().status == 0, "the same command line as for a workout works: \(none.transcript)")
        #expect(!none.stdout.contains("\"prepare\""), "no countdown: \(none.transcript)")
    }

    @Test func planWithoutWeightStoresNoCalories() async throws {
        let sandbox = try E2ESandbox()
        let hiit = try sandbox.start(["run", "Sprint triathlon", "--events", "--mute"])
        defer { hiit.stop() }
        try await onOwnThread {
            try hiit.waitForEvent("the swim") { $0.event == "leg" }
            try hiit.send("finish")
        }
        let ending = try await hiit.waitForExit()
        #expect(ending.status == 0, "\(hiit.transcript)")
        let record = try #require(try sandbox.multisportRecords().first)
        #expect(record.kind == "multisport")
        #expect(record.legs.map(\.sport) == ["swimming"])
        #expect(record.weightKg == nil && record.kcal == nil)
        #expect(record.legs.allSatisfy { $0.kcal == nil })
        let line = try #require(try sandbox.historyLines().first)
        #expect(!line.contains("kcal") && !line.contains("weightKg"), "absent, not null: \(line)")
    }

    @Test func quitRecordsNothing() async throws {
        let sandbox = try E2ESandbox()
        let hiit = try sandbox.start(["run", "Sprint triathlon", "--events", "--mute"])
        defer { hiit.stop() }
        try await onOwnThread {
            try hiit.waitForEvent("the swim") { $0.event == "leg" }
            try hiit.send("next")
            try hiit.waitForEvent("T1") { $0.event == "leg" && $0.index == 1 }
            try hiit.send("quit")
        }
        let ending = try await hiit.waitForExit()
        #expect(ending.status == 0, "\(hiit.transcript)")
        let events = try hiit.multisportEvents()
        #expect(events.last?.event == "quit", "\(hiit.transcript)")
        #expect(!events.contains { ["finish", "results", "saved"].contains($0.event) })
        #expect(try sandbox.historyLines().isEmpty)
    }

    // MARK: Free-form sessions

    @Test func freeFormMultisportRefusesATransitionInATransition() async throws {
        let sandbox = try E2ESandbox()
        let hiit = try sandbox.start(["run", "--multisport", "--events", "--mute"],
                                     input: "begin swim\nbegin transition\nbegin transition\nbegin bike\nfinish\n")
        let ending = try await hiit.waitForExit()
        #expect(ending.status == 0, "\(hiit.transcript)")
        let events = try hiit.multisportEvents()
        #expect(events.map(\.event) == ["leg", "cue", "leg", "cue", "refused", "leg", "cue", "cue", "finish", "results", "saved"],
                "\(hiit.transcript)")
        let refused = try #require(events.first { $0.event == "refused" })
        #expect(refused.message == "a transition cannot start while a transition is running")
        #expect(events.filter { $0.event == "leg" }.map(\.label) == ["Swim", "T1", "Bike"])
        let record = try #require(try sandbox.multisportRecords().first)
        #expect(record.workout == "Multisport" && record.kind == "multisport")
        #expect(record.legs.map(\.sport) == ["swimming", "transition", "cycling"])
        #expect(hiit.stderr.isEmpty, "a refusal is an event line, not an error: \(hiit.stderr)")
    }

    @Test func runningIntervalsRefuseCyclingAndLeaveBlankTimeOutOfWorkoutTime() async throws {
        let sandbox = try E2ESandbox()
        let hiit = try sandbox.start(["run", "--intervals", "running", "--events", "--mute"])
        defer { hiit.stop() }
        try await onOwnThread {
            try hiit.send("begin running")
            try hiit.waitForEvent("the first interval") { $0.event == "leg" }
            try hiit.send("end")
            try hiit.waitForEvent("its end") { $0.event == "legEnd" }
            try hiit.send("begin cycling")
            try hiit.waitForEvent("the refusal") { $0.event == "refused" }
            try hiit.send("begin run")
            try hiit.waitForEvent("the second interval") { $0.event == "leg" && $0.index == 1 }
            try hiit.send("end")
            _ = try waitUntil("the second end") { try hiit.multisportEvents().filter { $0.event == "legEnd" }.count == 2 ? true : nil }
            try hiit.send("finish")
        }
        let ending = try await hiit.waitForExit()
        #expect(ending.status == 0, "\(hiit.transcript)")
        let events = try hiit.multisportEvents()
        let refused = try #require(events.first { $0.event == "refused" })
        #expect(refused.message?.contains("cycling") == true && refused.message?.contains("allowed: running") == true,
                "names the sport and the allowed one: \(String(describing: refused.message))")
        #expect(events.filter { $0.event == "leg" }.map(\.label) == ["Interval 1", "Interval 2"])
        #expect(events.filter { $0.event == "leg" }.map(\.sport) == ["running", "running"])

        let record = try #require(try sandbox.multisportRecords().first)
        #expect(record.legs.map(\.sport) == ["running", "running"])
        let timers = record.legs.map(\.timerSeconds)
        #expect(abs(record.workoutSeconds - timers.reduce(0, +)) < 1e-6, "workout time is the intervals' time: \(record)")
        let firstEnd = record.legs[0].startSeconds + record.legs[0].elapsedSeconds
        #expect(record.legs[1].startSeconds > firstEnd, "time passed between the two intervals")
        #expect(record.workoutSeconds < record.totalSeconds, "the blank time counts in the total only")
        let finish = try #require(events.first { $0.event == "results" })
        #expect(finish.workoutSeconds.map { abs($0 - record.workoutSeconds) < 1e-6 } == true)
    }

    // MARK: Bad usage

    @Test(arguments: [
        (["run", "--multisport", "--intervals", "running"], ["--multisport", "--intervals"]),
        (["run", "--multisport", "Tabata"], ["--multisport", "Tabata"]),
        (["run", "--intervals", "transition"], ["--intervals", "transition"]),
        (["run", "--intervals", "dancing"], ["--intervals", "dancing"]),
        (["run", "--multisport", "--prepare", "5"], ["--prepare", "--multisport"]),
    ])
    func badMultisportUsageExits64WithOneError(arguments: [String], naming: [String]) async throws {
        let sandbox = try E2ESandbox()
        let result = try await sandbox.runHiit(arguments + ["--events"])
        expectHiitError(result, status: 64, naming: naming)
        #expect(try sandbox.historyLines().isEmpty)
    }

    // MARK: history edit

    @Test func historyEditCorrectsALegDistanceAndItsCaloriesOnly() async throws {
        let sandbox = try E2ESandbox()
        let original = try StoredHistory.write(in: sandbox)
        let result = try await sandbox.runHiit(["history", "edit", StoredHistory.multisportID, "--leg", "3", "--distance", "19.6km"])
        #expect(result.status == 0, "\(result.transcript)")
        #expect(result.stdout.contains("19.6 km"), "\(result.stdout)")
        let lines = try sandbox.historyLines()
        try #require(lines.count == 3)
        #expect(lines[0] == original[0] && lines[2] == original[2], "the other lines are kept byte for byte")
        let before = try MultisportRecord.decode(original[1]), after = try MultisportRecord.decode(lines[1])
        #expect(after.legs.map(\.distanceMeters) == [750, nil, 19_600, nil, 5000])
        // 20 km in 37:30 is 32.0 km/h (racing, 15.8 MET); 19.6 km is 31.4 km/h (very fast, 12.0).
        #expect(before.legs[2].kcal.map { abs($0 - 15.8 * 70 * 2250 / 3600) < 1e-6 } == true)
        #expect(after.legs[2].kcal.map { abs($0 - 12.0 * 70 * 2250 / 3600) < 1e-6 } == true, "\(lines[1])")
        #expect(zip(before.legs, after.legs).enumerated().allSatisfy { $0.offset == 2 || $0.element.0.kcal == $0.element.1.kcal })
        let sum = after.legs.compactMap(\.kcal).reduce(0, +)
        #expect(after.kcal.map { abs($0 - sum) < 1e-6 } == true, "the session's kcal follows its legs'")
        #expect(after.id == before.id && after.workoutSeconds == before.workoutSeconds && after.totalSeconds == before.totalSeconds)
    }

    /// A correction faster than the sport allows is stored as given, with the timer's words as
    /// a warning (the bike leg's timer is 37:30: 100 km is 160 km/h).
    @Test func historyEditWarnsOfAnImplausibleDistanceAndStoresIt() async throws {
        let sandbox = try E2ESandbox()
        _ = try StoredHistory.write(in: sandbox)
        let result = try await sandbox.runHiit(["history", "edit", StoredHistory.multisportID, "--leg", "3", "--distance", "100km"])
        #expect(result.status == 0, "\(result.transcript)")
        #expect(result.stderrLines == ["Warning: leg 3 (Bike): 100 km in 37:30 is faster than 100 km/h; stored as given, check the distance"],
                "\(result.transcript)")
        let after = try MultisportRecord.decode(try sandbox.historyLines()[1])
        #expect(after.legs[2].distanceMeters == 100_000)
        let plausible = try await sandbox.runHiit(["history", "edit", StoredHistory.multisportID, "--leg", "3", "--distance", "40km"])
        #expect(plausible.status == 0 && plausible.stderr.isEmpty, "64 km/h is plausible: \(plausible.transcript)")
    }

    @Test(arguments: [
        ([StoredHistory.multisportID, "--leg", "2", "--distance", "1km"], ["T1"]),
        ([StoredHistory.multisportID, "--leg", "6", "--distance", "1km"], ["6"]),
        ([StoredHistory.multisportID, "--leg", "3", "--distance", "fast"], ["fast"]),
        ([StoredHistory.intervalsID, "--leg", "1", "--distance", "1km"], ["--leg"]),
    ])
    func historyEditRefusalsLeaveTheFileByteIdentical(arguments: [String], naming: [String]) async throws {
        let sandbox = try E2ESandbox()
        _ = try StoredHistory.write(in: sandbox)
        let before = try Data(contentsOf: sandbox.historyURL)
        let result = try await sandbox.runHiit(["history", "edit"] + arguments)
        expectHiitError(result, status: 64, naming: naming)
        #expect(try Data(contentsOf: sandbox.historyURL) == before, "nothing was changed")
    }

    // MARK: Full screen

    @Test func planOnTheFullScreen() async throws {
        let sandbox = try E2ESandbox()
        let (swim, t1, ignored, question, ending) = try await onOwnThread {
            let terminal = try TmuxTerminal(sandbox: sandbox)
            defer { terminal.close() }
            let run = try terminal.startHiit(["run", "Sprint triathlon", "--mute"])
            let swim = try terminal.waitForScreen(containing: "LEG 1/5 · SWIM")
            try terminal.press("n")
            let t1 = try terminal.waitForScreen(containing: "LEG 2/5 · T1")
            try terminal.press("n")
            let ignored = try terminal.waitForScreen(containing: "Second n within 3 s ignored")
            try terminal.press("f")
            let question = try terminal.waitForScreen(containing: "Finish and save?")
            try terminal.press("y")
            return (swim, t1, ignored, question, try terminal.waitForEnd(of: run))
        }
        #expect(swim.contains("Sprint triathlon"), "\(swim)")
        let legList = swim.nonEmptyLines.map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(legList.contains { $0.hasPrefix("▶ Swim") }, "\(swim)")
        #expect(legList.contains { $0.hasPrefix("T1") } && legList.contains { $0.hasPrefix("T2") }, "\(swim)")
        #expect(legList.contains { $0.hasPrefix("Bike") && $0.contains("20 km") }, "\(swim)")
        #expect(t1.nonEmptyLines.contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix("✓ Swim") }, "\(t1)")
        #expect(ignored.contains("LEG 2/5 · T1"), "still in T1 after the ignored n:\n\(ignored)")
        #expect(question.contains("[y/N]"), "\(question)")
        #expect(ending.status == 0)
        #expect(ending.sttyAfter == ending.sttyBefore, "the terminal is put back")
        let rows = ending.screen.nonEmptyLines.map { $0.split(separator: " ").map(String.init) }
        #expect(rows.contains { $0 == ["#", "LEG", "TIME", "DISTANCE", "PACE", "ENERGY"] }, "\(ending.screen)")
        #expect(rows.contains { $0.prefix(2) == ["1", "Swim"] } && rows.contains { $0.prefix(2) == ["2", "T1"] }, "\(ending.screen)")
        #expect(ending.screen.contains("Saved to history"), "\(ending.screen)")
        let record = try #require(try sandbox.multisportRecords().first)
        #expect(record.legs.map(\.sport) == ["swimming", "transition"])
    }
}

// MARK: - Reading multisport output

/// One `--events` line of a multisport run, with the fields `EventLine` does not read.
private struct MultisportEvent: Decodable {
    let event: String
    let t: Double
    let due: Double?
    let index: Int?
    let label: String?
    let sport: String?
    let cue: String?
    let message: String?
    let id: String?
    let workoutSeconds: Double?
    let legs: [StoredLeg]?
}

/// A stored (or reported) leg.
private struct StoredLeg: Decodable {
    let sport: String
    let startSeconds: Double
    let elapsedSeconds: Double
    let timerSeconds: Double
    let distanceMeters: Double?
    let kcal: Double?
}

/// A history line with its legs.
private struct MultisportRecord: Decodable {
    let id: String
    let workout: String
    let kind: String
    let workoutSeconds: Double
    let totalSeconds: Double
    let rounds: Int
    let weightKg: Double?
    let kcal: Double?
    let legs: [StoredLeg]

    static func decode(_ line: String) throws -> MultisportRecord {
        try decodeLine(line, as: "a multisport history record")
    }
}

extension HiitProcess {
    /// The `--events` lines so far, with the multisport fields.
    fileprivate func multisportEvents() throws -> [MultisportEvent] {
        try stdoutLines.map { try MultisportEvent.decodeLine($0, as: "a multisport event line") }
    }
}

extension E2ESandbox {
    /// The history file's records, with their legs.
    fileprivate func multisportRecords() throws -> [MultisportRecord] {
        try historyLines().map { try MultisportRecord.decode($0) }
    }
}

/// A history file of three sessions written by hand: an interval workout, a sprint triathlon
/// at 70 kg (bike 20 km in 37:30), and another interval workout.
private enum StoredHistory {
    static let intervalsID = "11111111-1111-4111-8111-111111111111"
    static let multisportID = "22222222-2222-4222-8222-222222222222"
    static let laterID = "33333333-3333-4333-8333-333333333333"

    static func intervals(_ id: String, day: Int) -> String {
        #"{"end":"2026-11-0\#(day)T06:04:00Z","exercises":1,"id":"\#(id)","kind":"intervals","legs":[],"localDate":"2026-11-0\#(day)","#
            + #""pausedSeconds":0,"rounds":8,"start":"2026-11-0\#(day)T06:00:00Z","timeZone":"UTC","totalSeconds":240,"#
            + #""utcOffsetSeconds":0,"version":1,"workout":"Tabata","workoutSeconds":160}"#
    }

    static func leg(_ sport: String, start: Double, seconds: Double, meters: Double?, kcal: Double) -> String {
        let distance = meters.map { #""distanceMeters":\#(Int($0)),"# } ?? ""
        return #"{\#(distance)"elapsedSeconds":\#(Int(seconds)),"kcal":\#(kcal),"laps":[{"elapsedSeconds":\#(Int(seconds)),"startSeconds":\#(Int(start))}],"#
            + #""sport":"\#(sport)","startSeconds":\#(Int(start)),"timerSeconds":\#(Int(seconds))}"#
    }

    static var multisport: String {
        let legs = [
            leg("swimming", start: 0, seconds: 900, meters: 750, kcal: 8.0 * 70 * 900 / 3600),
            leg("transition", start: 900, seconds: 90, meters: nil, kcal: 4.5 * 70 * 90 / 3600),
            leg("cycling", start: 990, seconds: 2250, meters: 20_000, kcal: 15.8 * 70 * 2250 / 3600),
            leg("transition", start: 3240, seconds: 60, meters: nil, kcal: 4.5 * 70 * 60 / 3600),
            leg("running", start: 3300, seconds: 1500, meters: 5000, kcal: 9.3 * 70 * 1500 / 3600),
        ]
        let kcal = 8.0 * 70 * 900 / 3600 + 4.5 * 70 * 90 / 3600 + 15.8 * 70 * 2250 / 3600 + 4.5 * 70 * 60 / 3600 + 9.3 * 70 * 1500 / 3600
        return #"{"end":"2026-11-02T07:20:00Z","exercises":0,"id":"\#(multisportID)","kcal":\#(kcal),"kind":"multisport","#
            + #""legs":[\#(legs.joined(separator: ","))],"localDate":"2026-11-02","pausedSeconds":0,"rounds":3,"#
            + #""start":"2026-11-02T06:00:00Z","timeZone":"UTC","totalSeconds":4800,"utcOffsetSeconds":0,"version":1,"#
            + #""weightKg":70,"workout":"Sprint triathlon","workoutSeconds":4650}"#
    }

    /// Writes the file (0600 in a 0700 folder) and returns its lines.
    static func write(in sandbox: E2ESandbox) throws -> [String] {
        let lines = [intervals(intervalsID, day: 1), multisport, intervals(laterID, day: 3)]
        guard mkdir(sandbox.dataFolder.path, 0o700) == 0 else { throw E2EFailure("cannot create \(sandbox.dataFolder.path)") }
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: sandbox.historyURL)
        guard chmod(sandbox.historyURL.path, 0o600) == 0 else { throw E2EFailure("chmod \(sandbox.historyURL.path)") }
        return lines
    }
}
