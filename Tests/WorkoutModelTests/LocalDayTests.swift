import Foundation
import Testing
@testable import WorkoutModel

/// `LocalDay`: what a calendar date is, its day arithmetic without a `Calendar`, and its
/// stored form `YYYY-MM-DD` (the `localDate` of every history line).
@Suite struct LocalDayTests {
    @Test(arguments: [
        ("2024-02-29", true), ("2023-02-29", false), ("2000-02-29", true), ("1900-02-29", false),
        ("2026-12-31", true), ("2026-13-01", false), ("2026-04-31", false), ("2026-1-01", false),
        ("20261201", false), ("2026-12-0x", false), ("", false),
    ])
    func calendarDates(text: String, isDate: Bool) {
        #expect((LocalDay(text) != nil) == isDate)
        var bytes = text
        #expect(bytes.withUTF8 { LocalDay(utf8: $0) } == LocalDay(text), "bytes and text agree")
    }

    @Test(arguments: ["0000-01-01", "２０２５-01-01", "2025-00-10", "2025-01-00", "2025-01-32", " 2025-01-01", "2025-01-01 ",
                      "+025-01-01", "2025/01/01"])
    func textsThatAreNotDatesAreRefused(text: String) {
        #expect(LocalDay(text) == nil)
    }

    @Test func localDaysParseAndCountWithoutACalendar() throws {
        #expect(LocalDay("2024-02-29")?.description == "2024-02-29")
        #expect(LocalDay("2023-02-29") == nil)
        #expect(LocalDay("2024-2-9") == nil)
        #expect(LocalDay("2025-03-31")?.adding(months: -1)?.description == "2025-02-28")
        #expect(LocalDay("2025-01-01")?.weekdayAbbreviation == "Wed")
        #expect(LocalDay("0001-01-01")?.adding(days: -1) == nil)
        let d = try #require(LocalDay("1969-12-31"))
        #expect(d.dayNumber == -1)
        #expect(LocalDay(dayNumber: d.dayNumber + 1)?.description == "1970-01-01")
        #expect(LocalDay.epoch.dayNumber == 0)
        #expect(LocalDay.earliest.adding(days: -1) == nil && LocalDay.latest.adding(days: 1) == nil)
    }

    /// Day numbers and dates agree over whole centuries (leap years of every kind included).
    @Test func dayNumbersCountEveryDayOnce() throws {
        var day = try #require(LocalDay("1599-12-31"))
        var number = day.dayNumber
        while day.year < 2401 {
            let next = try #require(day.adding(days: 1))
            #expect(next.dayNumber == number + 1)
            #expect(LocalDay(dayNumber: number + 1) == next)
            #expect(next.day == 1 || (next.day == day.day + 1 && next.month == day.month))
            day = next
            number += 1
        }
        #expect(try #require(LocalDay("2400-02-29")).days(to: #require(LocalDay("2401-01-01"))) == 307)
    }

    // MARK: Coding

    @Test func codesAsItsTextAndBack() throws {
        let day = try #require(LocalDay("2024-02-29"))
        let data = try JSONEncoder().encode([day])
        #expect(String(decoding: data, as: UTF8.self) == #"["2024-02-29"]"#)
        #expect(try JSONDecoder().decode([LocalDay].self, from: data) == [day])
        let early = try #require(LocalDay(year: 12, month: 3, day: 4))
        #expect(String(decoding: try JSONEncoder().encode([early]), as: UTF8.self) == #"["0012-03-04"]"#)
    }

    @Test(arguments: ["2025-02-29", "2023-02-29", "2026-13-01", "2026-1-01", "0000-01-01", ""])
    func decodingRefusesATextThatIsNotADate(text: String) {
        let json = Data(#"["\#(text)"]"#.utf8)
        #expect {
            _ = try JSONDecoder().decode([LocalDay].self, from: json)
        } throws: { error in
            guard case let DecodingError.dataCorrupted(context) = error else { return false }
            return context.debugDescription == "\"\(text)\" is not a date YYYY-MM-DD"
        }
    }

    @Test func decodingRefusesANumber() {
        #expect(throws: DecodingError.self) {
            _ = try JSONDecoder().decode([LocalDay].self, from: Data("[20250228]".utf8))
        }
    }

    /// A history line read and written again is the same bytes: `localDate` is still the
    /// string it was.
    @Test func aHistoryLineIsWrittenBackByteForByte() throws {
        let line = #"{"end":"2024-02-29T23:59:00Z","exercises":1,"id":"00000001-0000-4000-8000-000000000000","kind":"intervals","legs":[],"localDate":"2024-03-01","pausedSeconds":0,"rounds":8,"start":"2024-02-29T23:55:00Z","timeZone":"Europe/Prague","totalSeconds":230,"utcOffsetSeconds":3600,"version":1,"weightKg":70,"workout":"Tabata","workoutSeconds":160}"#
        let record = try SessionRecord(jsonLine: Data(line.utf8))
        #expect(record.localDate == LocalDay(year: 2024, month: 3, day: 1))
        #expect(String(decoding: try record.jsonLine(), as: UTF8.self) == line)
        let broken = line.replacingOccurrences(of: "2024-03-01", with: "2025-02-29")
        #expect(throws: DecodingError.self) { try SessionRecord(jsonLine: Data(broken.utf8)) }
    }

    // MARK: Instants

    /// The local date of an instant is that of its zone: 23:30 UTC on 31 December is already
    /// 1 January in Prague and still 31 December in New York.
    @Test func theDateOfAnInstantIsThatOfItsZone() throws {
        let instant = Date(timeIntervalSince1970: 1_798_759_800)  // 2026-12-31T23:30:00Z
        func day(in zone: String) throws -> LocalDay? {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = try #require(TimeZone(identifier: zone))
            return LocalDay(of: instant, in: calendar)
        }
        #expect(try day(in: "Europe/Prague")?.description == "2027-01-01")
        #expect(try day(in: "America/New_York")?.description == "2026-12-31")
        #expect(try day(in: "UTC")?.description == "2026-12-31")
    }
}
