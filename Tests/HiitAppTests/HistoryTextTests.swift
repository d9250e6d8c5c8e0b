import Foundation
import Testing
import TestSupport
import WorkoutModel
@testable import WorkoutStore
@testable import HiitApp

/// How sessions read in `hiit history`, and how an id typed by a person finds its session.
@Suite struct HistoryTextTests {
    @Test(arguments: [
        (0, "06:00", "UTC"),
        (3600, "07:00", "UTC+01:00"),
        (20_700, "11:45", "UTC+05:45"),      // Nepal
        (-12_600, "02:30", "UTC−03:30"),     // Newfoundland
        (50_400, "20:00", "UTC+14:00"),      // Kiribati
    ])
    func timeIsTheWallClockAtTheStoredOffset(offset: Int, time: String, label: String) {
        let start = Date(timeIntervalSince1970: 1_796_018_400)  // 2026-11-30 06:00 UTC
        #expect(HistoryText.wallClock(start, utcOffsetSeconds: offset).time == time)
        #expect(HistoryText.offset(offset) == label)
    }

    @Test func aSessionCrossingMidnightShowsItsOwnDatesAndTimes() {
        var record = historyRecord(0, offset: -28_800)  // 06:00 UTC is 22:00 the day before at UTC−8
        record.localDate = localDay("2026-11-29")
        record.end = record.start.addingTimeInterval(3 * 3600)
        let entry = HistoryEntry(line: 3, record: record, text: Data())
        let lines = HistoryText.details(entry, path: "h.jsonl")
        #expect(lines.contains("Started       2026-11-29 22:00:00  (2026-11-30T06:00:00Z)"))
        #expect(lines.contains("Ended         2026-11-30 01:00:00  (2026-11-30T09:00:00Z)"))
        #expect(lines.contains("Date          2026-11-29 (Europe/Prague, UTC−08:00)"))
        #expect(HistoryText.table([record]).last?.hasPrefix("00000000  2026-11-29  22:00  Night Tabata") == true)
    }

    /// An indoor ride recorded by a watch without a speed sensor: the device wrote 0 m and
    /// cadence 0. The table, `history show`, the leg table and the leg's detail leave them out,
    /// as the import's line does; a ride with a distance beside it still shows its own.
    @Test func aDevicesZeroDistanceAndCadenceAreNoReading() {
        func ride(_ n: Int, meters: Double) -> SessionRecord {
            var record = historyRecord(n, workout: "Indoor ride")
            record.kind = .multisport
            var leg = LegRecord(sport: "cycling", startSeconds: 0, elapsedSeconds: 230, timerSeconds: 196,
                                distanceMeters: meters, kcal: 25, laps: [])
            leg.avgCadence = meters > 0 ? 87 : 0
            record.legs = [leg]
            return record
        }
        let indoor = ride(1, meters: 0), outdoor = ride(2, meters: 12_345)
        #expect(HistoryText.table([indoor]).allSatisfy { !$0.contains("DISTANCE") && !$0.contains("0 m") },
                "\(HistoryText.table([indoor]))")
        let both = HistoryText.table([indoor, outdoor])
        #expect(both[0].contains("DISTANCE") && both.contains { $0.contains("12.35 km") }, "\(both)")
        #expect(!both.contains { $0.contains(" 0 m") }, "\(both)")
        let details = HistoryText.details(HistoryEntry(line: 1, record: indoor, text: Data()), path: "h")
        #expect(!details.contains { $0.hasPrefix("Distance") }, "\(details)")
        #expect(!LegTable.lines(indoor.legs, units: .metric).contains { $0.contains("0 m") })
        #expect(LegTable.lines(outdoor.legs, units: .metric).contains { $0.contains("12.35 km") })
        let detail = ActivityDetailText.legLines(indoor.legs[0], number: 1, of: 1, session: nil, units: .metric, width: 80, glyphs: .unicode)
        #expect(!detail.contains { $0.contains("cadence") || $0.contains("0 m") }, "\(detail)")
        let outdoorDetail = ActivityDetailText.legLines(outdoor.legs[0], number: 1, of: 1, session: nil, units: .metric, width: 80, glyphs: .unicode)
        #expect(outdoorDetail.contains { $0.contains("cadence 87") }, "\(outdoorDetail)")
    }

    @Test func namesAreCutAndControlCharactersNeverReachTheTerminal() {
        let record = historyRecord(1, workout: "A very long workout name that goes on\u{1B}[31m and on and on")
        let table = HistoryText.table([record])
        #expect(table.allSatisfy { !$0.unicodeScalars.contains("\u{1B}") })
        #expect(table[1].contains("  Morning A very long workout n…  "))
        let details = HistoryText.details(HistoryEntry(line: 1, record: record, text: Data()), path: "h")
        #expect(details.allSatisfy { !$0.unicodeScalars.contains("\u{1B}") })
    }

    @Test func idPrefixesFindOneSessionOrSayWhy() {
        let entries = [1, 2, 0x1B4E].enumerated().map { index, n in
            HistoryEntry(line: index + 1, record: historyRecord(n), text: Data())
        }
        let duplicate = HistoryEntry(line: 9, record: historyRecord(0x1B4E), text: Data())
        #expect(SessionIDMatch.find("00001b4e", in: entries + [duplicate]) == .found(entries[2]))
        #expect(SessionIDMatch.find("0000-1B4E-0000", in: entries) == .found(entries[2]))
        #expect(SessionIDMatch.find(" 00000001 ", in: entries) == .found(entries[0]))
        #expect(SessionIDMatch.find("000", in: entries) == .tooShort)
        #expect(SessionIDMatch.find("--00-0", in: entries) == .tooShort)
        #expect(SessionIDMatch.find("0000", in: entries) == .ambiguous(entries))
        #expect(SessionIDMatch.find("00000003", in: entries) == .notFound)
        #expect(SessionIDMatch.find("zzzz", in: []) == .notFound)
        #expect(SessionIDMatch.tooShort.message(for: "a\nb", path: "h") ==
            "'a?b' is too short: give at least 4 characters of a session id (the ID column of 'hiit history')")
    }
}
