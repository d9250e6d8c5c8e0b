import Foundation
import Testing
import WorkoutModel
@testable import WorkoutStore
import TestSupport

/// `history export --csv` (RFC 4180) and writing an export file.
@Suite struct HistoryCSVTests {
    @Test(arguments: [
        ("Tabata", "Tabata"),
        ("Legs, then arms", "\"Legs, then arms\""),
        ("The \"hard\" one", "\"The \"\"hard\"\" one\""),
        ("Two\nlines", "\"Two\nlines\""),
        ("Carriage\rreturn", "\"Carriage\rreturn\""),
        ("", ""),
        ("Semicolon; fine", "Semicolon; fine"),
    ])
    func fieldsAreQuotedOnlyWhenNeeded(value: String, field: String) {
        #expect(HistoryCSV.field(value) == field)
    }

    @Test func documentHasAHeaderAndOneRowPerSessionWithCRLF() {
        var named = sampleRecord(workout: "Legs, \"hard\"\nday 2")
        named.workoutSeconds = 160.25
        named.kcal = 27.613
        var noWeight = sampleRecord(workout: "Plain", minute: 1)
        noWeight.weightKg = nil
        noWeight.kcal = nil
        noWeight.start = Date(timeIntervalSince1970: 1_796_000_060.5)
        let text = HistoryCSV.document([named, noWeight])
        let expected = "id,workout,kind,start,end,timeZone,localDate,workoutSeconds,totalSeconds,pausedSeconds,rounds,exercises,weightKg,kcal,distanceMeters,legDistances\r\n"
            + "\(named.id.uuidString),\"Legs, \"\"hard\"\"\nday 2\",intervals,2026-11-30T00:53:20Z,2026-11-30T00:57:20Z,Europe/Prague,2026-11-30,160.25,230,0,8,1,70,27.613,,\r\n"
            + "\(noWeight.id.uuidString),Plain,intervals,2026-11-30T00:54:20.500Z,2026-11-30T00:58:20Z,Europe/Prague,2026-11-30,160,230,0,8,1,,,,\r\n"
        #expect(Array(text.utf8) == Array(expected.utf8))
    }

    @Test func multisportRowsCarryTheTotalDistanceAndEveryLegsDistanceInMetres() {
        var race = sampleRecord(workout: "Sprint triathlon")
        race.kind = .multisport
        race.legs = [
            LegRecord(sport: "swimming", startSeconds: 0, elapsedSeconds: 900, timerSeconds: 900, distanceMeters: 750, kcal: nil, laps: []),
            LegRecord(sport: "transition", startSeconds: 900, elapsedSeconds: 90, timerSeconds: 90, distanceMeters: nil, kcal: nil, laps: []),
            LegRecord(sport: "cycling", startSeconds: 990, elapsedSeconds: 2400, timerSeconds: 2400, distanceMeters: 19_600.5, kcal: nil, laps: []),
            LegRecord(sport: "running", startSeconds: 3390, elapsedSeconds: 1500, timerSeconds: 1500, distanceMeters: nil, kcal: nil, laps: []),
        ]
        let fields = HistoryCSV.row(race).split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        #expect(fields.count == HistoryCSV.columns.count)
        #expect(Array(HistoryCSV.columns.suffix(2)) == ["distanceMeters", "legDistances"])
        #expect(Array(fields.suffix(2)) == ["20350.5", "swimming=750;transition=;cycling=19600.5;running="])
    }

    @Test func anEmptyHistoryIsJustTheHeader() {
        #expect(HistoryCSV.document([]) == HistoryCSV.columns.joined(separator: ",") + "\r\n")
    }
}

@Suite struct HistoryExportFileTests {
    @Test func anExistingFileIsNeverOverwrittenWithoutReplacing() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let url = folder.file("export.jsonl")
        try HistoryExport.write(Data("first\n".utf8), to: url, replacing: false)
        #expect(try permissions(of: url) == 0o600)
        #expect(throws: StoreError.io(path: url.path, operation: "create", errno: EEXIST)) {
            try HistoryExport.write(Data("second\n".utf8), to: url, replacing: false)
        }
        #expect(try String(contentsOf: url, encoding: .utf8) == "first\n")
        try HistoryExport.write(Data("third\n".utf8), to: url, replacing: true)
        #expect(try String(contentsOf: url, encoding: .utf8) == "third\n")
        #expect(try permissions(of: url) == 0o600)
    }

    @Test func aMissingFolderIsNamed() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let url = folder.file("no/such/folder/export.csv")
        #expect(throws: StoreError.io(path: url.path, operation: "create", errno: ENOENT)) {
            try HistoryExport.write(Data("x".utf8), to: url, replacing: false)
        }
    }
}
