import Foundation
import Testing
import TestSupport
import WorkoutModel
#if canImport(Glibc)
import Glibc
#endif

/// `hiit history …` run as a person or a script runs it: the built binary, a private data folder.
@Suite struct HistoryCommandTests {
    @Test func emptyHistorySaysSoFriendly() throws {
        let box = try E2ESandbox.forHistory()
        let run = try box.run(["history"])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdoutLines == ["No sessions yet: a workout is recorded here when it completes. Try one: hiit run 20/10x8"])
        #expect(run.stderr.isEmpty)
        #expect(try box.run(["history", "--json"]).stdout == "[]\n")
        #expect(!FileManager.default.fileExists(atPath: box.historyURL.path), "reading creates nothing")
    }

    @Test func listIsNewestFirstAtEachSessionsOwnOffsetTitledByTimeOfDay() throws {
        let box = try E2ESandbox.forHistory()
        // Stored in file order 0, 2, 1; session 2 started in New York (UTC−5), the others in Prague.
        var late = historyRecord(2, workout: "Evening, \"hard\"", offset: -18_000, weight: nil)
        late.timeZone = "America/New_York"
        try box.writeHistory(try jsonLines([historyRecord(0), late, historyRecord(1, workout: "Core+Legs")]))
        let run = try box.run(["history"])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdoutLines == [
            "ID        DATE        START  WORKOUT                WORKOUT TIME  TOTAL TIME  KCAL",
            "00000002  2026-11-30  01:02  Night Evening, \"hard\"         3 min       4 min",
            "00000001  2026-11-30  07:01  Morning Core+Legs             3 min       4 min   ~28",
            "00000000  2026-11-30  07:00  Morning Tabata                3 min       4 min   ~28",
        ])
        let last = try box.run(["history", "--last", "1"])
        #expect(last.stdoutLines.count == 2)
        #expect(last.stdoutLines.last?.hasPrefix("00000002") == true)
    }

    @Test func jsonIsAnArrayOfTheStoredLinesNewestFirst() throws {
        let box = try E2ESandbox.forHistory()
        // A line with a key from a newer hiit and extra spaces: kept as stored.
        let unusual = #"{"version": 1, "id": "00000009-0000-4000-8000-000000000000", "workout": "Hand made", "kind": "intervals", "start": "2026-12-01T06:00:00Z", "end": "2026-12-01T06:04:00Z", "timeZone": "UTC", "utcOffsetSeconds": 0, "localDate": "2026-12-01", "workoutSeconds": 160, "totalSeconds": 230, "future": {"x": [1, 2]}}"#
        var content = try jsonLines([historyRecord(0)])
        content.append(Data((unusual + "\n").utf8))
        try box.writeHistory(content)
        let run = try box.run(["history", "--json"])
        #expect(run.status == 0, "\(run)")
        let first = String(decoding: try historyRecord(0).jsonLine(), as: UTF8.self)
        #expect(run.stdout == "[\n\(unusual),\n\(first)\n]\n")
        let parsed = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]]
        #expect(parsed?.count == 2)
        #expect(try box.run(["history", "--json", "--last", "1"]).stdout == "[\n\(unusual)\n]\n")
    }

    @Test func badLinesAreReportedOneLineEachAndTheRestShows() throws {
        let box = try E2ESandbox.forHistory()
        var content = try jsonLines([historyRecord(0)])
        content.append(Data("not json\n".utf8))
        content.append(try jsonLines([historyRecord(1)]))
        content.append(try historyRecord(2).jsonLine().prefix(40))  // torn last line
        try box.writeHistory(content)
        let run = try box.run(["history"])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdoutLines.count == 3)
        let path = box.historyURL.path
        #expect(run.allStderrLines.count == 2)
        #expect(run.allStderrLines.first?.hasPrefix("Skipped: \(path), line 2, column 1: JSON syntax error") == true)
        #expect(run.allStderrLines.last?.hasPrefix("Skipped: \(path), line 4, column ") == true)
        #expect(run.allStderrLines.last?.hasSuffix("(the last line has no line end: it was probably cut off while being written)") == true)
        #expect(box.historyBytes() == content, "reading never repairs the file")
    }

    /// `--last N` reads the history from its end (issue 12, item 27): the same sessions as the
    /// whole listing, and only the bad lines after the oldest of them; all of them when there
    /// are fewer sessions than asked for.
    @Test func lastReadsFromTheEndAndReportsTheBadLinesItPasses() throws {
        let box = try E2ESandbox.forHistory()
        var content = Data("an old broken line\n".utf8)
        content.append(try jsonLines((0..<5).map { historyRecord($0) }))
        content.append(Data("a broken line among the last\n".utf8))
        content.append(try jsonLines((5..<7).map { historyRecord($0) }))
        try box.writeHistory(content)
        let path = box.historyURL.path
        let whole = try box.run(["history"])
        #expect(whole.allStderrLines.count == 2)
        for _ in 0..<2 {  // the first time builds the index, the second reads it
            let last = try box.run(["history", "--last", "3"])
            #expect(last.status == 0, "\(last)")
            #expect(last.stdoutLines == Array(whole.stdoutLines.prefix(4)), "the newest three, as in the whole listing")
            #expect(last.allStderrLines.count == 1)
            #expect(last.allStderrLines.first?.hasPrefix("Skipped: \(path), line 7, column 1: JSON syntax error") == true)
            let json = try box.run(["history", "--last", "1", "--json"])
            #expect(json.stdout == "[\n\(String(decoding: try historyRecord(6).jsonLine(), as: UTF8.self))\n]\n")
            #expect(json.stderr.isEmpty, "no bad line after the newest session")
            let more = try box.run(["history", "--last", "100"])
            #expect(more.stdoutLines == whole.stdoutLines)
            #expect(more.allStderrLines == whole.allStderrLines, "fewer sessions than asked: every bad line")
        }
        #expect(box.historyBytes() == content, "reading never changes the history")
    }

    @Test func manyBadLinesAreSummedUpAfterTwenty() throws {
        let box = try E2ESandbox.forHistory()
        try box.writeHistory(Data(String(repeating: "x\n", count: 25).utf8))
        let run = try box.run(["history"])
        #expect(run.status == 0)
        #expect(run.allStderrLines.count == 21)
        #expect(run.allStderrLines.last == "Skipped: 5 more lines of \(box.historyURL.path) that cannot be read")
        #expect(run.stdoutLines == ["No readable sessions in \(box.historyURL.path)."])
    }

    @Test func showPrintsEverythingInTheRecord() throws {
        let box = try E2ESandbox.forHistory()
        var record = historyRecord(5, workout: "Swim/Bike")
        record.kind = .multisport
        record.pausedSeconds = 12.5
        record.legs = [LegRecord(sport: "swimming", startSeconds: 0, elapsedSeconds: 905, timerSeconds: 900,
                                 distanceMeters: 750, kcal: 95.2, laps: [LapRecord(startSeconds: 0, elapsedSeconds: 30)])]
        try box.writeHistory(try jsonLines([historyRecord(0), record]))
        let run = try box.run(["history", "show", "00000005-0000"])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdoutLines == [
            "Session       00000005-0000-4000-8000-000000000000",
            "Workout       Swim/Bike (multisport)",
            "Date          2026-11-30 (Europe/Prague, UTC+01:00)",
            "Started       2026-11-30 07:05:00  (2026-11-30T06:05:00Z)",
            "Ended         2026-11-30 07:09:00  (2026-11-30T06:09:00Z)",
            "Workout Time  2 min 40 s (160 s)",
            "Total Time    3 min 50 s (230 s)",
            "Paused        13 s (12.5 s)",
            "Legs          1 (1 sport leg)",
            "Distance      750 m",
            "Weight        70 kg",
            "Energy        ~28 kcal (27.61 unrounded)",
            "Stored        \(box.historyURL.path), line 2",
            "",
            " #  LEG    TIME    DISTANCE  PACE        ENERGY",
            " 1  Swim   15 min  750 m     2:00 /100m  ~95 kcal",
            "    Total  15 min  750 m                 ~95 kcal",
        ])
    }

    @Test(arguments: [
        ("000", "'000' is too short: give at least 4 characters of a session id (the ID column of 'hiit history')"),
        ("abcd", "no session in PATH has an id starting with 'abcd' (see the ID column of 'hiit history')"),
        ("0000", "'0000' matches 2 sessions: 00000001 2026-11-30 07:01 Tabata; 00000002 2026-11-30 07:02 Tabata; give more characters of the id"),
    ])
    func showNamesWhatIsWrongWithAnID(typed: String, message: String) throws {
        let box = try E2ESandbox.forHistory()
        try box.writeHistory(try jsonLines([historyRecord(1), historyRecord(2)]))
        let before = box.historyBytes()
        for command in ["show", "delete"] {
            let run = try box.run(["history", command, typed, "--yes"].filter { command == "delete" || $0 != "--yes" })
            #expect(run.status == 64, "\(run)")
            #expect(run.allStderrLines == ["Error: " + message.replacingOccurrences(of: "PATH", with: box.historyURL.path)])
        }
        #expect(box.historyBytes() == before)
    }

    @Test func idsMatchWithoutCaseOrHyphens() throws {
        let box = try E2ESandbox.forHistory()
        let id = try #require(UUID(uuidString: "1B4E28BA-2FA1-41D2-883F-0016D3CCA427"))
        try box.writeHistory(try jsonLines([historyRecord(1, id: id)]))
        for typed in ["1b4e", "1B4E28BA2FA1", "1b4e28ba-2fa1-41d2-883f-0016d3cca427"] {
            let run = try box.run(["history", "show", typed])
            #expect(run.status == 0, "\(typed): \(run)")
            #expect(run.stdoutLines.first == "Session       1B4E28BA-2FA1-41D2-883F-0016D3CCA427")
        }
    }

    // MARK: delete

    @Test func deleteKeepsEveryOtherLineByteForByte() throws {
        let box = try E2ESandbox.forHistory()
        let keep1 = try historyRecord(1).jsonLine()
        let doomed = try historyRecord(2).jsonLine()
        let keep3 = try historyRecord(3).jsonLine()
        var newer = String(decoding: try historyRecord(4).jsonLine(), as: UTF8.self)
        newer = newer.replacingOccurrences(of: "\"version\":1", with: "\"version\":7")
        var content = Data()
        content.append(keep1); content.append(Data("\r\n".utf8))          // a CRLF line
        content.append(Data("{\"broken\": \n".utf8))                        // does not parse
        content.append(Data("   \n".utf8))                                  // blank
        content.append(doomed); content.append(0x0A)
        content.append(Data([0xFF, 0xFE, 0x7B, 0x0A]))                      // not UTF-8
        content.append(Data((newer + "\n").utf8))                           // a newer version
        content.append(keep3); content.append(0x0A)
        content.append(keep1.prefix(30))                                    // torn last line
        try box.writeHistory(content)

        let run = try box.run(["history", "delete", "00000002", "--yes"])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdoutLines == ["Deleted session 00000002 2026-11-30 07:02 Tabata (00000002-0000-4000-8000-000000000000)."])
        var expected = content
        let range = try #require(expected.range(of: doomed + Data([0x0A])))
        expected.removeSubrange(range)
        #expect(box.historyBytes() == expected)
        #expect(try fileModeBits(of: box.historyURL) == 0o600)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: box.dataFolder.path).filter { $0.contains(".tmp-") }
        #expect(leftovers.isEmpty)
    }

    @Test func deleteWithoutATerminalOrYesRefuses() throws {
        let box = try E2ESandbox.forHistory()
        try box.writeHistory(try jsonLines([historyRecord(1)]))
        let before = box.historyBytes()
        let run = try box.run(["history", "delete", "00000001"])
        #expect(run.status == 64)
        #expect(run.allStderrLines == ["Error: not deleting 00000001 2026-11-30 07:01 Tabata without confirmation: standard input is not a terminal to ask on; add --yes to delete it"])
        #expect(box.historyBytes() == before)
    }

    @Test(arguments: [("n\n", false), ("\n", false), ("y\n", true), ("YES\n", true)])
    func deleteAsksOnATerminal(reply: String, deletes: Bool) throws {
        let box = try E2ESandbox.forHistory()
        try box.writeHistory(try jsonLines([historyRecord(1), historyRecord(2)]))
        let terminal = try PseudoTerminal()
        defer { terminal.close() }
        try terminal.type(reply)
        let run = try box.run(["history", "delete", "00000001"], stdin: terminal.secondary)
        #expect(run.status == 0, "\(run)")
        #expect(run.stdoutLines.first == "Delete session 00000001 2026-11-30 07:01 Tabata from the history? This cannot be undone. [y/N]")
        #expect(run.stdoutLines.last == (deletes ? "Deleted session 00000001 2026-11-30 07:01 Tabata (00000001-0000-4000-8000-000000000000)."
                                           : "Nothing was deleted."))
        #expect(storedIDs(box.historyBytes()) == (deletes ? [numberedID(2)] : [numberedID(1), numberedID(2)]))
    }

    // MARK: export

    @Test func exportJSONIsTheStoredLinesAndImportReadsIt() throws {
        let box = try E2ESandbox.forHistory()
        var content = try jsonLines([historyRecord(1), historyRecord(2)])
        content.append(Data("junk\n".utf8))
        try box.writeHistory(content)
        let run = try box.run(["history", "export"])
        #expect(run.status == 0, "\(run)")
        #expect(Data(run.stdout.utf8) == (try jsonLines([historyRecord(1), historyRecord(2)])))
        #expect(run.allStderrLines == ["Skipped: \(box.historyURL.path), line 3, column 1: JSON syntax error: expected a value (object, array, string, number, true, false or null), found 'j'"])

        let file = box.file("out.jsonl")
        let toFile = try box.run(["history", "export", "--json", file.path])
        #expect(toFile.stdoutLines == ["Exported 2 sessions to \(file.path)"])
        #expect(try Data(contentsOf: file) == (try jsonLines([historyRecord(1), historyRecord(2)])))
        #expect(try fileModeBits(of: file) == 0o600)

        let other = try E2ESandbox.forHistory()
        let imported = try other.run(["history", "import", file.path])
        #expect(imported.stdoutLines == ["Imported 2 sessions, skipped 0 already present, 0 bad lines."])
        #expect(other.historyBytes() == (try jsonLines([historyRecord(1), historyRecord(2)])))
    }

    @Test func exportNeverOverwritesWithoutForce() throws {
        let box = try E2ESandbox.forHistory()
        try box.writeHistory(try jsonLines([historyRecord(1)]))
        let file = box.file("mine.csv")
        try Data("precious\n".utf8).write(to: file)
        let refused = try box.run(["history", "export", "--csv", file.path])
        #expect(refused.status == 64)
        #expect(refused.allStderrLines == ["Error: \(file.path) exists; add --force to replace it"])
        #expect(try String(contentsOf: file, encoding: .utf8) == "precious\n")
        let forced = try box.run(["history", "export", "--csv", "--force", file.path])
        #expect(forced.status == 0, "\(forced)")
        #expect(try String(contentsOf: file, encoding: .utf8).hasPrefix("id,workout,kind,"))
        let both = try box.run(["history", "export", "--csv", "--json"])
        #expect(both.status == 64)
        // A conflict between options is a usage error: the error, then the usage line.
        #expect(both.allStderrLines == ["Error: --csv and --json cannot be given together; choose one format.",
                                        "Usage: hiit history export [<file> ...] [--fit] [--tcx] [--gpx] [--json] [--csv] [--force]",
                                        "       [--originals <folder>] [--since <date>]",
                                        "  See 'hiit history export --help' for more information."])
    }

    @Test func exportCSVQuotesCommasQuotesAndNewlines() throws {
        let box = try E2ESandbox.forHistory()
        try box.writeHistory(try jsonLines([historyRecord(1, workout: "Legs, \"hard\"\nday 2", weight: nil)]))
        let run = try box.run(["history", "export", "--csv"])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout == "id,workout,kind,start,end,timeZone,localDate,workoutSeconds,totalSeconds,pausedSeconds,rounds,exercises,weightKg,kcal,distanceMeters,legDistances\r\n"
            + "00000001-0000-4000-8000-000000000000,\"Legs, \"\"hard\"\"\nday 2\",intervals,2026-11-30T06:01:00Z,2026-11-30T06:05:00Z,Europe/Prague,2026-11-30,160,230,0,8,1,,,,\r\n")
    }

    // MARK: import

    @Test func importSkipsPresentIDsAndCountsEverything() throws {
        let box = try E2ESandbox.forHistory()
        try box.writeHistory(try jsonLines([historyRecord(1), historyRecord(2)]))
        var file = try jsonLines([historyRecord(2), historyRecord(3), historyRecord(3), historyRecord(4)])
        file.append(Data("{\"version\": 1}\n\n".utf8))
        file.append(try historyRecord(5).jsonLine().prefix(50))
        let source = box.file("import.jsonl")
        try file.write(to: source)
        let run = try box.run(["history", "import", "--verbose", source.path])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdoutLines == [
            "saved \(numberedID(3).uuidString)",
            "saved \(numberedID(4).uuidString)",
            "already present \(numberedID(2).uuidString)",
            "already present \(numberedID(3).uuidString)",
            "Imported 2 sessions, skipped 2 already present, 2 bad lines.",
        ])
        #expect(run.allStderrLines.count == 2)
        #expect(run.allStderrLines.first == "Skipped: \(source.path), line 5, column 1: id is missing (expected a UUID string)")
        #expect(run.allStderrLines.last?.hasPrefix("Skipped: \(source.path), line 7, column ") == true)
        #expect(storedIDs(box.historyBytes()) == [1, 2, 3, 4].map { numberedID($0) })

        let again = try box.run(["history", "import", source.path])
        #expect(again.stdoutLines == ["Imported 0 sessions, skipped 4 already present, 2 bad lines."])
    }

    @Test func importOfAFileThatIsNotTextImportsNothing() throws {
        let box = try E2ESandbox.forHistory()
        try box.writeHistory(try jsonLines([historyRecord(1)]))
        let before = box.historyBytes()
        let binary = box.file("photo.jpg")
        var bytes = try jsonLines([historyRecord(2)])
        bytes.append(contentsOf: [0x0A, 0xFF, 0xD8, 0x00, 0x10])
        try bytes.write(to: binary)
        let run = try box.run(["history", "import", binary.path])
        #expect(run.status == 65)
        #expect(run.allStderrLines == ["Error: \(binary.path), line 3: not a text file (it holds a NUL byte); expected JSON lines as 'hiit history export --json' writes them; nothing was imported"])

        let latin1 = box.file("latin1.txt")
        try Data([0x63, 0x61, 0x66, 0xE9, 0x0A]).write(to: latin1)
        let notUTF8 = try box.run(["history", "import", latin1.path])
        #expect(notUTF8.status == 65)
        #expect(notUTF8.allStderrLines == ["Error: \(latin1.path), line 1: not UTF-8 text; expected JSON lines as 'hiit history export --json' writes them; nothing was imported"])

        let missing = try box.run(["history", "import", box.file("nope.jsonl").path])
        #expect(missing.status == 74)
        #expect(missing.allStderrLines == ["Error: \(box.file("nope.jsonl").path): cannot open: No such file or directory (errno 2); nothing was imported"])
        #expect(box.historyBytes() == before)
    }

    @Test func importOfAnEmptyFileSaysSo() throws {
        let box = try E2ESandbox.forHistory()
        let empty = box.file("empty.jsonl")
        try Data().write(to: empty)
        let run = try box.run(["history", "import", empty.path])
        #expect(run.status == 0)
        #expect(run.stdoutLines == ["Imported 0 sessions, skipped 0 already present, 0 bad lines."])
    }

    /// Issue 12, item 8: a file in which no line is a session is not "imported": exit 65, with
    /// what the file looks like and what import reads; the history is left alone.
    @Test func importOfTheWrongKindOfFileSaysWhatItIs() throws {
        let box = try E2ESandbox.forHistory()
        try box.writeHistory(try jsonLines([historyRecord(1), historyRecord(2)]))
        let before = box.historyBytes()
        let csv = try box.run(["history", "export", "--csv"])
        let csvFile = box.file("sessions.csv")
        try Data(csv.stdout.utf8).write(to: csvFile)
        let expected = "expected JSON lines as 'hiit history export --json' writes them; nothing was imported"
        let cases: [(URL, String)] = [
            (csvFile, "this is CSV as 'hiit history export --csv' writes it, which cannot be read back"),
            (box.workoutFile("tabata.json"), "this is a workout file; add it to the library with 'hiit import'"),
            (box.workoutFile("sprint-triathlon.json"), "this is a multisport plan file; add it to the library with 'hiit import'"),
        ]
        _ = try box.run(["list"])  // seeds the library, whose files are the workouts to try
        for (file, kind) in cases {
            let run = try box.run(["history", "import", file.path])
            #expect(run.status == 65, "\(file.lastPathComponent): \(run)")
            #expect(run.allStderrLines == ["Error: \(file.path): nothing to import: \(kind); \(expected)"], "\(run)")
            #expect(run.stdout.isEmpty)
        }
        let json = try box.run(["history", "--json"])
        let array = box.file("array.json")
        try Data(json.stdout.utf8).write(to: array)
        let arrayRun = try box.run(["history", "import", array.path])
        #expect(arrayRun.status == 65)
        #expect(arrayRun.allStderrLines.last?.contains("a JSON array (as 'hiit history --json' writes it)") == true, "\(arrayRun)")

        let notes = box.file("notes.txt")
        try Data("monday: 20 min\ntuesday: rest\n".utf8).write(to: notes)
        let run = try box.run(["history", "import", notes.path])
        #expect(run.status == 65)
        #expect(run.allStderrLines.count == 3, "each bad line, then the error: \(run)")
        #expect(run.allStderrLines.last == "Error: \(notes.path): no line is a session (2 bad lines); \(expected)")
        #expect(box.historyBytes() == before)
    }
}
