import Foundation
import Testing
import WorkoutModel

/// `UTCInstant`: the ISO 8601 UTC text of history lines, the status file and gpsd, written and
/// read without ICU. What it writes must be, to the byte, what `Date.ISO8601FormatStyle` (the
/// `.iso8601` strategy history lines were written with before) writes for the same instant.
@Suite struct UTCInstantTests {
    /// Instants around the places day arithmetic goes wrong: 1970 and the years before it
    /// (negative seconds), leap days of 2000, 2024 and 1600, the non-leap 1900 and 2100, the
    /// last second of 9999, and instants of 2026 like those a timer writes now.
    static let instants: [Double] = [
        0, -1, -0.0004, -0.9996, 0.9996, 86_399.999, -86_400, -86_401,
        951_782_400, 951_868_799.5, // 2000-02-29, 2000-02-29T23:59:59.5
        1_709_164_800, 1_709_251_199.999, // 2024-02-29 and its last millisecond
        -2_203_891_200, -2_203_977_600, // 1900-03-01 and 1900-02-28
        4_107_542_400, // 2100-03-01
        -11_670_912_000, -11_670_998_400, // 1600-03-01 and 1600-02-29
        -11_676_096_000, // 1600-01-01, the first year written by arithmetic
        253_402_300_799, 253_402_300_799.999, // 9999-12-31T23:59:59(.999)
        1_796_342_400.25, 1_796_515_199, // 2026-12-04T00:00:00.25, 2026-12-05T23:59:59
        1_000_000_000.001, -500_000_000.005,
    ]

    @Test(arguments: instants)
    func writesWhatFoundationsISO8601StyleWrites(seconds: Double) {
        let date = Date(timeIntervalSince1970: seconds)
        #expect(UTCInstant.text(date) == date.formatted(Date.ISO8601FormatStyle()))
        #expect(UTCInstant.text(date, milliseconds: true)
            == date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true)))
    }

    @Test func everyMillisecondOfASecondIsTheOneFoundationWrites() {
        // Foundation counts the fraction from 2001-01-01 (what a `Date` holds): counted from
        // 1970 instead, about half of these would be a millisecond off.
        for base in [0.0, 1_000_000_000, 1_796_342_400, -500_000_000] {
            for k in 0..<1000 {
                let date = Date(timeIntervalSince1970: base + Double(k) / 1000)
                let expected = date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
                #expect(UTCInstant.text(date, milliseconds: true) == expected, "\(base) + \(k) ms")
            }
        }
    }

    @Test func outsideItsYearsFoundationWrites() {
        // Before the Gregorian reform Foundation counts Julian days: 1500-03-01 proleptic
        // Gregorian is 1500-02-20 there; and year 10000 has five digits.
        for seconds in [-14_826_672_000.0, -62_135_596_800, 253_402_300_800] {
            let date = Date(timeIntervalSince1970: seconds)
            #expect(UTCInstant.text(date) == date.formatted(Date.ISO8601FormatStyle()))
        }
        #expect(UTCInstant.text(Date(timeIntervalSince1970: -14_826_672_000)) == "1500-02-20T00:00:00Z")
    }

    @Test(arguments: instants)
    func readsBackWhatItWrites(seconds: Double) throws {
        let date = Date(timeIntervalSince1970: seconds)
        let whole = try #require(UTCInstant.date(from: UTCInstant.text(date)))
        #expect(whole.timeIntervalSince1970 == seconds.rounded(.down))
        // Read as Foundation's style reads it (which, like it, may write the result a
        // millisecond earlier: `.999` is not a `Double`).
        let text = UTCInstant.text(date, milliseconds: true)
        let milliseconds = try #require(UTCInstant.date(from: text))
        let foundations = try Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text)
        #expect(abs(milliseconds.timeIntervalSince(foundations)) < 1e-6, "\(text)")
        #expect(abs(milliseconds.timeIntervalSince1970 - seconds) < 0.002, "truncated, and at most a millisecond early")
    }

    @Test func readsFractionsOfOneToNineDigitsAndALeapSecond() {
        #expect(UTCInstant.date(from: "2026-12-03T12:01:45Z")?.timeIntervalSince1970 == 1_796_299_305)
        #expect(UTCInstant.date(from: "2026-12-03T12:01:45.5Z")?.timeIntervalSince1970 == 1_796_299_305.5)
        #expect(UTCInstant.date(from: "2026-12-03T12:01:45.000001Z").map { $0.timeIntervalSince1970 > 1_796_299_305 } == true)
        #expect(UTCInstant.date(from: "2016-12-31T23:59:60Z") == UTCInstant.date(from: "2017-01-01T00:00:00Z"))
        #expect(UTCInstant.date(from: "2026-12-03T12:01:45.123456789Z") != nil, "nine digits")
    }

    @Test(arguments: [
        "", "2026-12-03T12:01:45", "2026-12-03 12:01:45Z", "2026-12-03T12:01:45+01:00", "2026-12-03T12:01:45.Z",
        "2026-12-03T12:01:45.0000000001Z", "2026-12-03T24:00:00Z", "2026-12-03T12:60:00Z", "2026-12-03T12:00:61Z",
        "2023-02-29T00:00:00Z", "2026-13-01T00:00:00Z", "0000-01-01T00:00:00Z", "2026-12-3T12:01:45Z",
        "2026-12-03T12:01:4xZ", " 2026-12-03T12:01:45Z",
    ])
    func refusesWhatIsNotAUTCInstant(text: String) {
        #expect(UTCInstant.date(from: text) == nil)
    }
}
