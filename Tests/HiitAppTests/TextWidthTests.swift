import Foundation
import Testing
import SessionEngine
import TerminalUI
import TestSupport
import WorkoutModel
import WorkoutStats
@testable import WorkoutStore
@testable import HiitApp

/// The text renderers at several widths and in ASCII (issue 12, items 4, 5 and 17): every line
/// fits, columns go in a stated order, durations read one way per screen, and the ASCII form of
/// a screen has the same widths as the Unicode one.
@Suite struct TextWidthTests {
    // MARK: Pieces

    @Test(arguments: [
        (0.0, "0 min"), (20, "<1 min"), (29.9, "<1 min"), (30, "1 min"), (160, "3 min"), (3599, "1 h"), (3600, "1 h"),
        (4200, "1 h 10 min"), (6786, "1 h 53 min"), (36_000 + 59 * 60, "10 h 59 min"), (-5, "0 min"), (.nan, "0 min"),
    ])
    func hoursAndMinutesCarryTheirUnits(seconds: Double, text: String) {
        #expect(Format.hoursMinutes(seconds) == text)
    }

    @Test(arguments: [
        ("Tabata — completed", "Tabata - completed"),
        ("1–7 · 8–14", "1-7 - 8-14"),
        ("20/10 s × 8", "20/10 s x 8"),
        ("UTC−03:30", "UTC-03:30"),
        ("▲ 25% ▼ 3%", "^ 25% v 3%"),
        ("last month, …", "last month, ..."),
        ("pool 33⅓ yd, ½", "pool 33 1/3 yd, 1/2"),
        ("Čeština, 日本", "Čeština, 日本"),
    ])
    func asciiSpellsTheProgramsPunctuationAndKeepsEverythingElse(unicode: String, ascii: String) {
        #expect(Glyphs.ascii.text(unicode) == ascii)
        #expect(Glyphs.unicode.text(unicode) == unicode)
    }

    @Test func aTableDropsColumnsInTheirOrderAndTheFlexibleOneTakesTheRest() {
        let table = TextTable(columns: [
            TextTable.Column(header: "A"), TextTable.Column(header: "NAME", flexible: 6...12),
            TextTable.Column(header: "B", alignment: .right, dropOrder: 2), TextTable.Column(header: "C", dropOrder: 1),
            TextTable.Column(header: ""),
        ], rows: [["aaaa", "a long name here", "bbbb", "cccc", ""]])
        // NAME at most 12; the empty last column takes no room.
        #expect(table.lines(width: 40, glyphs: .unicode) == ["A     NAME             B  C", "aaaa  a long name…  bbbb  cccc"])
        // Columns stay while NAME can have its 6; it takes what is left.
        #expect(table.lines(width: 26, glyphs: .unicode) == ["A     NAME         B  C", "aaaa  a long …  bbbb  cccc"])
        #expect(table.lines(width: 20, glyphs: .ascii) == ["A     NAME         B", "aaaa  a lon...  bbbb"])
        #expect(table.lines(width: 12, glyphs: .unicode) == ["A     NAME", "aaaa  a lon…"])
    }

    // MARK: hiit history

    /// An interval session, a multisport session with distances, one without kcal.
    static func records() -> [SessionRecord] {
        var race = historyRecord(3, workout: "Sprint triathlon with a long name")
        race.kind = .multisport
        race.workoutSeconds = 4_830
        race.legs = [
            LegRecord(sport: "swimming", startSeconds: 0, elapsedSeconds: 900, timerSeconds: 900, distanceMeters: 750, kcal: 140, laps: []),
            LegRecord(sport: "cycling", startSeconds: 900, elapsedSeconds: 2400, timerSeconds: 2400, distanceMeters: 20_000, kcal: 560, laps: []),
        ]
        return [race, historyRecord(1, workout: "Core+Legs", weight: nil), historyRecord(0)]
    }

    @Test(arguments: [
        (100, "ID        DATE        START  WORKOUT                        WORKOUT TIME  TOTAL TIME  DISTANCE  KCAL"),
        (80, "ID        DATE        START  WORKOUT                WORKOUT TIME  DISTANCE  KCAL"),
        (70, "ID        DATE        WORKOUT                   WORKOUT TIME  DISTANCE"),
        (60, "ID        DATE        WORKOUT                   WORKOUT TIME"),
        (40, "ID        DATE        WORKOUT"),
    ])
    func historyFitsEveryWidth(width: Int, header: String) {
        let lines = HistoryText.table(Self.records(), width: width)
        #expect(lines.first == header, "\(lines)")
        #expect(lines.count == 4)
        #expect(lines.allSatisfy { $0.displayWidth <= width && !$0.hasSuffix(" ") }, "\(lines)")
    }

    @Test func historyShowsDistanceInTheProfilesUnitsAndDurationsInHoursAndMinutes() {
        let metric = HistoryText.table(Self.records(), width: 120)
        #expect(metric[1].hasSuffix("  1 h 21 min       4 min  20.75 km   ~28"), "\(metric)")
        #expect(metric[2].hasSuffix("  Morning Core+Legs                      3 min       4 min"), "no distance, no kcal: \(metric)")
        let imperial = HistoryText.table(Self.records(), units: .imperial, width: 120)
        #expect(imperial[1].contains("  12.89 mi  "), "\(imperial)")
        let intervalsOnly = HistoryText.table([historyRecord(0)], width: 80)
        #expect(intervalsOnly.first == "ID        DATE        START  WORKOUT         WORKOUT TIME  TOTAL TIME  KCAL",
                "no DISTANCE column when no session has one: \(intervalsOnly)")
    }

    @Test(arguments: [80, 60, 40])
    func historyShowFitsAndReadsDurationsInWords(width: Int) {
        var record = Self.records()[0]
        record.legs[0].laps = (0..<12).map { LapRecord(startSeconds: Double($0) * 75, elapsedSeconds: 75) }
        let lines = HistoryText.details(HistoryEntry(line: 1, record: record, text: Data()), path: "h.jsonl", width: width)
        #expect(lines.allSatisfy { $0.displayWidth <= width }, "\(lines)")
        #expect(lines.contains("Workout Time  1 h 20 min 30 s (4830 s)"), "\(lines)")
        #expect(lines.contains("Distance      20.75 km"), "\(lines)")
        #expect(lines.contains { $0.hasPrefix(" Laps of leg 1 (Swim): 1 min 15 s,") }, "\(lines)")
        #expect(lines.filter { $0.contains("1 min 15 s") }.joined().components(separatedBy: "1 min 15 s").count == 13, "\(lines)")
        #expect(!lines.contains { $0.contains("1:15") }, "one duration style: \(lines)")
    }

    // MARK: The leg table

    @Test(arguments: [
        (80, [" #  LEG    TIME    DISTANCE  PACE        ENERGY", " 1  Swim   15 min  750 m     2:00 /100m  ~140 kcal"]),
        (40, [" #  LEG    TIME    DISTANCE  ENERGY", " 1  Swim   15 min  750 m     ~140 kcal"]),
        (30, [" #  LEG    TIME    DISTANCE", " 1  Swim   15 min  750 m"]),
        (20, [" #  LEG    TIME", " 1  Swim   15 min"]),
    ])
    func theLegTableDropsPaceThenEnergyThenDistance(width: Int, first: [String]) {
        let lines = LegTable.lines(Self.records()[0].legs, units: .metric, width: width)
        #expect(Array(lines.prefix(2)) == first, "\(lines)")
        #expect(lines.allSatisfy { $0.displayWidth <= width }, "\(lines)")
        #expect(lines.last?.hasPrefix("    Total  55 min") == true, "\(lines)")
    }

    // MARK: hiit show

    @Test(arguments: [80, 60, 40])
    func theTimelineStaysInLineAtEveryWidth(width: Int) {
        let workout = IntervalWorkout(name: "Quick", exercises: [Exercise(name: "Quick", workSeconds: 40, restSeconds: 20, rounds: 12)],
                                      restBetweenExercisesSeconds: 60, prepareSeconds: 10)
        let text = Format.plan(workout, program: Program(workout), width: width)
        let timeline = text.split(separator: "\n").map(String.init).drop { $0 != "Timeline:" }.dropFirst()
        #expect(timeline.count == 24)
        #expect(timeline.allSatisfy { $0.displayWidth <= width }, "\(text)")
        // The starts end in one column, the durations in another, before and after 10:00.
        #expect(Set(timeline.map { $0.prefix(7).last }) == ["0"], "\(text)")
        #expect(Set(timeline.map { $0.count }).count == 1, "\(text)")
        #expect(timeline.last?.hasPrefix("  11:10  WORK") == true, "\(text)")
    }

    @Test func aWorkoutOfSeveralExercisesDropsExerciseThenRoundAsItNarrows() throws {
        let workout = IntervalWorkout(name: "Legs", exercises: [
            Exercise(name: "Squats with a name long enough to be cut", workSeconds: 40, restSeconds: 20, rounds: 3),
            Exercise(name: "Lunges", workSeconds: 30, restSeconds: 15, rounds: 2),
        ], restBetweenExercisesSeconds: 60, prepareSeconds: 10)
        func timeline(_ width: Int) -> [String] {
            Format.plan(workout, program: Program(workout), width: width).split(separator: "\n").map(String.init)
        }
        let wide = timeline(100)
        #expect(wide.contains("  0:10  WORK     Squats with a name long enough to be cut  round 1/3  exercise 1/2  0:40"), "\(wide)")
        #expect(wide.contains("  2:50  REST     between exercises                                    exercise 1/2  1:00"), "\(wide)")
        // The name is cut before a column goes, down to 20 cells.
        let eighty = timeline(80)
        #expect(eighty.contains("  0:10  WORK     Squats with a name long enough …  round 1/3  exercise 1/2  0:40"), "\(eighty)")
        let sixty = timeline(60)
        #expect(sixty.contains("  0:10  WORK     Squats with a name long e…  round 1/3  0:40"), "\(sixty)")
        let forty = timeline(40)
        #expect(forty.contains("  0:10  WORK     Squats with a na…  0:40"), "\(forty)")
        #expect(forty.allSatisfy { $0.displayWidth <= 40 }, "\(forty)")
    }

    // MARK: hiit stats

    /// A week of sessions seen from Prague on Monday 30 November 2026: hours of cycling, a
    /// Tabata, a run, a comparison with the week before.
    static func statsScreen(width: Int, glyphs: Glyphs) throws -> [String] {
        let prague = try #require(TimeZone(identifier: "Europe/Prague"))
        let now = Date(timeIntervalSince1970: 1_796_036_400)  // 2026-11-30 12:00 in Prague
        let context = StatsContext(timeZone: prague, now: now, firstWeekday: .monday)
        func at(_ daysBack: Double, _ record: SessionRecord) -> SessionRecord {
            var record = record
            record.start = now.addingTimeInterval(-daysBack * 86_400)
            record.end = record.start.addingTimeInterval(record.totalSeconds)
            record.localDate = context.localDay(of: record.start)
            return record
        }
        var ride = Self.records()[0]
        ride.workoutSeconds = 10_862
        ride.totalSeconds = 10_900
        let records = [at(1, ride), at(2, historyRecord(0)), at(9, ride), at(10, historyRecord(1))]
        let report = try StatsReport(records: records, query: StatsQuery(), context: context)
        let screen = StatsScreen(report: report, context: context, units: .metric, glyphs: glyphs, width: width)
        return screen.lines().map(\.plainText)
    }

    @Test(arguments: [80, 60, 40, 30])
    func theStatsScreenFitsEveryWidth(width: Int) throws {
        let lines = try Self.statsScreen(width: width, glyphs: .unicode)
        #expect(lines.allSatisfy { $0.displayWidth <= width && !$0.hasSuffix(" ") }, "\(lines)")
        let header = try #require(lines.first { $0.contains("Total") })
        #expect(header.contains("Per day") == (width >= 60), "\(lines)")
        #expect(header.contains("Previous") == (width >= 60), "\(lines)")
        #expect(header.contains("Change") == (width >= 40), "\(lines)")
    }

    @Test func theStatsScreenReadsEveryDurationInHoursAndMinutes() throws {
        let lines = try Self.statsScreen(width: 80, glyphs: .unicode)
        #expect(lines.contains { $0.hasPrefix("Sun 29 Nov █") && $0.hasSuffix(" 3 h 1 min best") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("Sat 28 Nov ") && $0.hasSuffix(" 3 min") }, "\(lines)")
        #expect(lines.contains("Workout time   3 h 4 min    26 min   3 h 4 min     same"), "\(lines)")
        #expect(lines.contains("Best: Sun 29 Nov (3 h 1 min)"), "\(lines)")
        // No m:ss or h:mm:ss in the chart, the table or the best day: every duration has its
        // unit (the comparison note names times of day).
        let clock = try Regex(#"\b\d+:\d\d\b"#)
        #expect(!lines.prefix { !$0.hasPrefix("Compared") }.contains { $0.contains(clock) }, "\(lines)")
    }

    @Test(arguments: [80, 40])
    func theASCIIStatsScreenHasTheUnicodeScreensWidths(width: Int) throws {
        let unicode = try Self.statsScreen(width: width, glyphs: .unicode)
        let ascii = try Self.statsScreen(width: width, glyphs: .ascii)
        #expect(ascii.allSatisfy { $0.unicodeScalars.allSatisfy(\.isASCII) }, "\(ascii)")
        #expect(ascii.map(\.displayWidth) == unicode.map(\.displayWidth), "\(ascii)\n\(unicode)")
        #expect(unicode.contains { !$0.unicodeScalars.allSatisfy(\.isASCII) })
    }
}
