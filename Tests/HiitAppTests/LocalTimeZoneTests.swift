import Foundation
import Testing
@testable import HiitApp

/// `TZ` in the forms the C library reads (issue 11, item 11): never stored as `Etc/UTC`, offset
/// 0, unless that is what it says.
@Suite struct LocalTimeZoneTests {
    static func resolve(_ value: String, links: [String: String] = [:], offset: Int? = nil) -> TimeZone {
        LocalTimeZone.resolve(value, resolvingLinks: { links[$0] }, offset: { offset })
    }

    @Test(arguments: [
        ("America/St_Johns", "America/St_Johns"),
        (":America/St_Johns", "America/St_Johns"),
        ("/usr/share/zoneinfo/Asia/Tokyo", "Asia/Tokyo"),
        (":/usr/share/zoneinfo/America/Argentina/Buenos_Aires", "America/Argentina/Buenos_Aires"),
        ("/usr/share/zoneinfo/posix/Europe/Prague", "Europe/Prague"),
    ])
    func aZoneNameOrZoneFileIsTheIANAZone(value: String, identifier: String) {
        #expect(Self.resolve(value, offset: 0).identifier == identifier)
    }

    /// Foundation on Linux gives `TimeZone(identifier: "UTC")` the name "GMT", which import
    /// notes and records then showed for `TZ=UTC`.
    @Test(arguments: ["UTC", ":UTC", ":"])
    func utcIsCalledUTC(value: String) {
        #expect(Self.resolve(value, offset: 0).identifier == "Etc/UTC")
    }

    @Test func aLinkToAZoneFileIsFollowed() {
        // What realpath(3) gives for a link to /etc/localtime, itself a link to the zone file.
        let links = ["/home/a/tz": "/usr/share/zoneinfo/Australia/Adelaide"]
        #expect(Self.resolve(":/home/a/tz", links: links).identifier == "Australia/Adelaide")
    }

    @Test(arguments: [
        ("ABC-3", 10800, "GMT+0300"),
        ("CET-1CEST,M3.5.0,M10.5.0/3", 7200, "GMT+0200"),
        ("NST+3:30", -12600, "GMT-0330"),
        ("/no/such/zone/file", 19800, "GMT+0530"),
    ])
    func aPOSIXRuleIsTheCLibrarysOffsetAsAFixedZone(value: String, offset: Int, identifier: String) {
        let zone = Self.resolve(value, offset: offset)
        #expect(zone.identifier == identifier)
        #expect(zone.secondsFromGMT(for: Date(timeIntervalSince1970: 1_800_000_000)) == offset)
    }
}
