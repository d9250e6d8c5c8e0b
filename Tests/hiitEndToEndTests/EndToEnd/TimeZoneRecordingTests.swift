import Foundation
import Testing

/// A session recorded under each form of `TZ` the C library reads (issue 11, item 11) keeps
/// the zone and the offset that form means, not `Etc/UTC` with offset 0.
@Suite struct TimeZoneRecordingTests {
    /// Runs a 2-second workout under `TZ=tz` and returns its stored line.
    static func recorded(underTZ tz: String) async throws -> HistoryLine {
        let sandbox = try E2ESandbox()
        let run = try await sandbox.runHiit(["run", "1/1x1", "--prepare", "0", "--mute"], extraEnvironment: ["TZ": tz])
        #expect(run.status == 0, "\(run)")
        let records = try sandbox.historyRecords()
        return try #require(records.first, "no session recorded under TZ=\(tz)")
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/usr/share/zoneinfo/Asia/Tokyo"),
                   "the zone files (Debian tzdata) are not installed"),
          arguments: [
        (":America/St_Johns", "America/St_Johns"),
        ("/usr/share/zoneinfo/Asia/Tokyo", "Asia/Tokyo"),
    ])
    func aZoneWrittenAsAPathOrWithAColonIsTheIANAZone(tz: String, zone: String) async throws {
        let line = try await Self.recorded(underTZ: tz)
        #expect(line.timeZone == zone)
        let expected = TimeZone(identifier: zone)?.secondsFromGMT(for: Date()) ?? 0
        #expect(line.utcOffsetSeconds == expected)
        // The local date is the start's date on that zone's clock, as Foundation's calendar says.
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: zone))
        let start = try Date.ISO8601FormatStyle().parse(line.start)
        let day = calendar.dateComponents([.year, .month, .day], from: start)
        let date = String(format: "%04d-%02d-%02d", day.year ?? 0, day.month ?? 0, day.day ?? 0)
        #expect(line.localDate == date)
    }

    @Test func aPOSIXRuleIsStoredAsTheFixedOffsetItGives() async throws {
        let fixed = try await Self.recorded(underTZ: "ABC-3")
        #expect(fixed.timeZone == "GMT+0300")
        #expect(fixed.utcOffsetSeconds == 10800)

        // Central European time by rule: +1 h in winter, +2 h in summer, whichever it is now.
        let rule = try await Self.recorded(underTZ: "CET-1CEST,M3.5.0,M10.5.0/3")
        #expect([("GMT+0100", 3600), ("GMT+0200", 7200)].contains { $0 == (rule.timeZone, rule.utcOffsetSeconds) },
                "\(rule.timeZone) \(rule.utcOffsetSeconds)")
    }
}
