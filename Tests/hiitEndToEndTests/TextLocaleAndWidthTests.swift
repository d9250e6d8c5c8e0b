import Foundation
import Testing
import TerminalUI
import TestSupport
import WorkoutModel

/// What the built `hiit` prints under a locale that is not UTF-8, and at narrow widths
/// (issue 12, items 4 and 5): ASCII with the same column widths as the UTF-8 run, user data as
/// it is, every line within `COLUMNS`.
@Suite struct TextLocaleAndWidthTests {
    /// A history with an interval session, a multisport session with distances and one of an
    /// imported sport, all with kcal.
    static func history() throws -> Data {
        var race = historyRecord(3, workout: "Sprint triathlon")
        race.kind = .multisport
        race.workoutSeconds = 4_830
        race.totalSeconds = 4_950
        race.legs = [
            LegRecord(sport: "swimming", startSeconds: 0, elapsedSeconds: 900, timerSeconds: 900, distanceMeters: 750,
                      kcal: 140, laps: (0..<3).map { LapRecord(startSeconds: Double($0) * 300, elapsedSeconds: 300) }),
            LegRecord(sport: "transition", startSeconds: 900, elapsedSeconds: 90, timerSeconds: 90, distanceMeters: nil, kcal: 8, laps: []),
            LegRecord(sport: "cycling", startSeconds: 990, elapsedSeconds: 2400, timerSeconds: 2400, distanceMeters: 20_000, kcal: 560, laps: []),
            LegRecord(sport: "transition", startSeconds: 3390, elapsedSeconds: 60, timerSeconds: 60, distanceMeters: nil, kcal: 5, laps: []),
            LegRecord(sport: "running", startSeconds: 3450, elapsedSeconds: 1500, timerSeconds: 1500, distanceMeters: 5000, kcal: 344, laps: []),
        ]
        return try jsonLines([historyRecord(0), historyRecord(1, workout: "Core+Legs"), race])
    }

    /// A sandbox holding ``history()`` with `environment`.
    static func sandbox(_ environment: [String: String]) throws -> E2ESandbox {
        let box = try E2ESandbox(environment: ["NO_COLOR": "1", "TZ": "Europe/Prague"].merging(environment) { $1 })
        try box.writeHistory(try history())
        return box
    }

    /// Every command of the issue, as a person types it.
    static let commands: [[String]] = [
        ["list"], ["show", "tabata"], ["show", "Sprint triathlon"], ["show", "40/20x12"], ["history"],
        ["history", "show", "00000003"], ["stats", "--date", "2026-11-30"], ["stats", "month", "--date", "2026-11-30"],
        ["stats", "day", "--date", "2026-11-30"], ["run", "1/0x1", "--prepare", "0"],
    ]

    /// The commands whose UTF-8 output holds typographic punctuation (`—`, `–`, `×`, `·`).
    static let drawsPunctuation: [[String]] = [
        ["show", "tabata"], ["show", "Sprint triathlon"], ["stats", "--date", "2026-11-30"],
        ["stats", "month", "--date", "2026-11-30"], ["run", "1/0x1", "--prepare", "0"],
    ]

    @Test(arguments: commands)
    func aCLocaleGetsASCIIInTheSameColumnsAsUTF8(arguments: [String]) throws {
        let unicode = try Self.sandbox(["LANG": "C.UTF-8", "COLUMNS": "80"]).run(arguments)
        let box = try Self.sandbox(["LANG": "C", "LC_ALL": "C", "COLUMNS": "80"])
        let ascii = try box.run(arguments)
        #expect(unicode.status == 0 && ascii.status == 0, "\(unicode)\n\(ascii)")
        let bytes = Array(ascii.stdout.utf8) + Array(ascii.stderr.utf8)
        #expect(bytes.allSatisfy { $0 < 0x80 }, "\(ascii)")
        // The C run writes its own paths; put the UTF-8 run's in their place before comparing.
        let lines = ascii.stdoutLines
        #expect(lines.count == unicode.stdoutLines.count, "\(unicode)\n\(ascii)")
        for (plain, fancy) in zip(lines, unicode.stdoutLines) where !plain.contains("hiit-e2e-") {
            #expect(plain.displayWidth == fancy.displayWidth, "\(plain)\n\(fancy)")
            #expect(plain.count == fancy.displayWidth, "one character a cell: \(plain)")
        }
        if Self.drawsPunctuation.contains(arguments) {
            #expect(unicode.stdout.unicodeScalars.contains { !$0.isASCII }, "the UTF-8 run has something to replace: \(unicode)")
        }
    }

    @Test func helpIsASCIIAndWrapsWithinTheWidth() throws {
        let box = try Self.sandbox(["LANG": "C", "COLUMNS": "80"])
        for arguments in [["help"], ["help", "stats"], ["help", "history"], ["plan", "add", "--help"], ["run", "--help"]] {
            let run = try box.run(arguments)
            #expect(run.status == 0, "\(run)")
            #expect(run.stdout.utf8.allSatisfy { $0 < 0x80 }, "\(arguments): \(run)")
            #expect(run.stdoutLines.allSatisfy { $0.count <= 80 }, "\(arguments): \(run)")
        }
        let unicode = try box.run(["help", "stats"], extraEnvironment: ["LANG": "C.UTF-8"])
        #expect(unicode.stdout.contains("1–7"), "UTF-8 keeps its dashes: \(unicode)")
        let error = try box.run(["stats", "--back", "-1"])
        #expect(error.status == 64)
        #expect(error.allStderrLines.first == "Error: --back: '-1' is outside 0-10000 periods", "\(error)")
    }

    @Test func userDataIsPrintedAsItIsUnderTheCLocale() throws {
        let box = try Self.sandbox(["LANG": "C", "COLUMNS": "80"])
        let created = try box.run(["new", "Čeština — dvě", "--exercise", "Dřepy 40/20x3"])
        #expect(created.status == 0, "\(created)")
        #expect(created.stdoutLines.contains("  1. Dřepy: 40/20 s x 3"), "\(created)")
        let list = try box.run(["list"])
        #expect(list.stdoutLines.contains { $0.hasPrefix("  Čeština — dvě ") }, "\(list)")
        let show = try box.run(["show", "čeština — dvě"])
        #expect(show.stdoutLines.first == "Čeština — dvě - intervals, estimated 2 min 40 s (+ 10 s prepare)", "\(show)")
    }

    // MARK: Widths

    @Test(arguments: [80, 60, 40])
    func everyScreenFitsTheColumns(columns: Int) throws {
        let box = try Self.sandbox(["LANG": "C.UTF-8", "COLUMNS": String(columns)])
        for arguments in Self.commands where arguments[0] != "run" {
            let run = try box.run(arguments)
            #expect(run.status == 0, "\(run)")
            for line in run.stdoutLines where !line.contains("hiit-e2e-") {
                #expect(line.displayWidth <= columns, "\(arguments) at \(columns): '\(line)'")
                #expect(!line.hasSuffix(" "), "\(arguments): '\(line)'")
            }
        }
    }

    @Test func historyDropsColumnsInOrderAsTheTerminalNarrows() throws {
        let box = try Self.sandbox(["LANG": "C.UTF-8"])
        func header(_ columns: Int) throws -> String? {
            try box.run(["history"], extraEnvironment: ["COLUMNS": String(columns)]).stdoutLines.first
        }
        // The workout's title gets 20 to 30 cells; below that the table drops TOTAL TIME, then
        // START, KCAL, DISTANCE and WORKOUT TIME.
        #expect(try header(100) == "ID        DATE        START  WORKOUT                   WORKOUT TIME  TOTAL TIME  DISTANCE  KCAL")
        let eighty = try header(80)
        #expect(eighty == "ID        DATE        START  WORKOUT                WORKOUT TIME  DISTANCE  KCAL", "\(String(describing: eighty))")
        #expect(try header(60) == "ID        DATE        WORKOUT                   WORKOUT TIME")
        #expect(try header(40) == "ID        DATE        WORKOUT")
        let rows = try box.run(["history"], extraEnvironment: ["COLUMNS": "80"]).stdoutLines
        #expect(rows.dropFirst().first == "00000003  2026-11-30  07:03  Morning Sprint triat…    1 h 21 min  25.75 km   ~28", "\(rows)")
        #expect(rows.last == "00000000  2026-11-30  07:00  Morning Tabata                3 min             ~28", "\(rows)")
        let miles = try box.run(["profile", "--units", "imperial"])
        #expect(miles.status == 0, "\(miles)")
        let imperial = try box.run(["history"], extraEnvironment: ["COLUMNS": "80"]).stdoutLines
        #expect(imperial.dropFirst().first?.contains("  16 mi  ") == true, "\(imperial)")
    }

    @Test func theTimelineStaysInLineFromTenMinutesOn() throws {
        let box = try Self.sandbox(["LANG": "C.UTF-8", "COLUMNS": "80"])
        let run = try box.run(["show", "40/20x12"])
        #expect(run.status == 0, "\(run)")
        let timeline = run.stdoutLines.drop { $0 != "Timeline:" }.dropFirst()
        #expect(timeline.count == 24)
        #expect(timeline.first == "   0:00  PREPARE                      0:10", "\(run)")
        #expect(timeline.contains("   9:50  REST     Quick  round 10/12  0:20"), "\(run)")
        #expect(timeline.contains("  10:10  WORK     Quick  round 11/12  0:40"), "\(run)")
        // Every duration ends in the same column.
        #expect(Set(timeline.map(\.count)).count == 1, "\(run)")
    }
}
