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

    // MARK: The zone a timer records in, without ICU

    static func installedName(_ value: String?, links: [String: String] = [:],
                              installed: Set<String> = ["Europe/Prague", "Etc/UTC", "Asia/Tokyo", "America/St_Johns"]) -> String? {
        LocalTimeZone.installedZoneName(value, resolvingLinks: { links[$0] }, isInstalled: { installed.contains($0) })
    }

    @Test(arguments: [
        ("Europe/Prague", "Europe/Prague"),
        (":America/St_Johns", "America/St_Johns"),
        ("/usr/share/zoneinfo/Asia/Tokyo", "Asia/Tokyo"),
        ("/usr/share/zoneinfo/posix/Europe/Prague", "Europe/Prague"),
        ("UTC", "Etc/UTC"),
        (":", "Etc/UTC"),
    ])
    func anInstalledIANAZoneIsNamedWithoutFoundation(value: String, name: String) {
        #expect(Self.installedName(value) == name)
    }

    @Test func withTZUnsetTheSystemsLinkNamesTheZone() {
        let links = ["/etc/localtime": "/usr/share/zoneinfo/Europe/Prague"]
        #expect(Self.installedName(nil, links: links) == "Europe/Prague")
        #expect(Self.installedName("", links: links) == "Europe/Prague")
        // /etc/localtime a copy of a zone file, not a link: Foundation decides.
        #expect(Self.installedName(nil, links: ["/etc/localtime": "/etc/localtime"]) == nil)
    }

    @Test(arguments: [
        "ABC-3", "CET-1CEST,M3.5.0,M10.5.0/3", "Europe/Atlantis", "/no/such/zone/file", "posixrules",
        "Europe/../../../etc/passwd", "/usr/share/zoneinfo/", "Europe//Prague",
    ])
    func everyOtherFormIsLeftToFoundation(value: String) {
        #expect(Self.installedName(value, installed: ["Europe/Prague", "posixrules", "Europe/Atlantis/x"]) == nil)
    }

    /// In this process: the zone the timer records in is the one `TimeZone` would give, by
    /// name and by offset, over a year (a zone with summer time shows both offsets).
    @Test func theRecordingZoneIsFoundationsZone() {
        let environment = ProcessInfo.processInfo.environment
        for day in stride(from: 0, to: 365, by: 30) {
            let instant = Date(timeIntervalSince1970: 1_767_225_600 + Double(day) * 86_400)
            let recording = LocalTimeZone.recording(environment: environment, at: instant)
            let foundation = LocalTimeZone.current(environment: environment, at: instant)
            #expect(recording.identifier == foundation.identifier)
            #expect(recording.secondsFromGMT(for: instant) == foundation.secondsFromGMT(for: instant))
        }
    }
}
