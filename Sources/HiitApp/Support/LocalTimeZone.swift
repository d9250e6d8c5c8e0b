import Foundation
import POSIX

/// The time zone sessions are recorded in and statistics are counted in: the process's `TZ`
/// as the C library reads it (POSIX.1-2017, §8.3 "Other Environment Variables", TZ), which
/// Foundation on Linux does not fully understand — it takes only an IANA name and gives
/// `Etc/UTC`, offset 0, for every other form.
///
/// - unset or empty: the system's zone (`/etc/localtime`), as Foundation finds it;
/// - an IANA name (`Europe/Prague`), also after a leading `:` (`:America/St_Johns`);
/// - a file path (`/usr/share/zoneinfo/Asia/Tokyo`, `:/etc/localtime`, or a link to a zone
///   file): the IANA name after `zoneinfo/` in the path or in the file it links to;
/// - anything else is a POSIX rule (`ABC-3`, `CET-1CEST,M3.5.0,M10.5.0/3`): the offset the C
///   library gives for the instant (`localtime_r`, `tm_gmtoff`, so a rule's summer time
///   counts), as a fixed zone whose name says so (`GMT+0300`).
enum LocalTimeZone {
    /// The zone for `instant` under `environment["TZ"]`.
    /// - Parameters:
    ///   - environment: the process environment (only `TZ` is read).
    ///   - instant: the moment whose offset a POSIX rule decides (a session's start).
    /// - Returns: the zone; never `Etc/UTC` for a `TZ` the C library reads as another offset.
    static func current(environment: [String: String], at instant: Date) -> TimeZone {
        resolve(environment["TZ"], resolvingLinks: { try? FileSystem.resolvedPath($0) }) { cLibraryOffset(at: instant) }
    }

    /// The zone a `TZ` value names (see the type's discussion); pure apart from its closures.
    /// - Parameters:
    ///   - value: `TZ` as set, or `nil` when unset.
    ///   - resolvingLinks: the path with every symbolic link resolved (`realpath(3)`), or
    ///     `nil` when it cannot be resolved.
    ///   - offset: the C library's UTC offset in seconds for the instant, or `nil` when it has none.
    /// - Returns: the zone.
    static func resolve(_ value: String?, resolvingLinks: (String) -> String?, offset: () -> Int?) -> TimeZone {
        guard var name = value, !name.isEmpty else { return TimeZone.current }
        if name.hasPrefix(":") { name.removeFirst() }
        // Foundation names `UTC` "GMT"; `Etc/UTC` keeps its name, so `TZ=UTC` is recorded and
        // shown as UTC.
        if name.isEmpty || name == "UTC" { return TimeZone(identifier: "Etc/UTC") ?? TimeZone.current }
        if name.hasPrefix("/") {
            if let zone = zoneNamed(inPath: name) ?? resolvingLinks(name).flatMap(zoneNamed(inPath:)) { return zone }
        } else if let zone = TimeZone(identifier: name) {
            return zone
        }
        return fixed(offset() ?? 0)
    }

    /// The IANA zone named by what follows `zoneinfo/` in `path`, if Foundation knows it.
    private static func zoneNamed(inPath path: String) -> TimeZone? {
        guard let range = path.range(of: "zoneinfo/", options: .backwards) else { return nil }
        var name = String(path[range.upperBound...])
        for prefix in ["posix/", "right/"] where name.hasPrefix(prefix) { name.removeFirst(prefix.count) }
        return TimeZone(identifier: name)
    }

    /// A fixed zone of `seconds` east of UTC, named `GMT+HHMM` by Foundation.
    private static func fixed(_ seconds: Int) -> TimeZone {
        TimeZone(secondsFromGMT: seconds) ?? TimeZone(secondsFromGMT: 0) ?? TimeZone.current
    }

    /// `tm_gmtoff` of `localtime_r` for the instant, after `tzset` reads `TZ`.
    private static func cLibraryOffset(at instant: Date) -> Int? {
        tzset()
        var seconds = time_t(instant.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        guard localtime_r(&seconds, &parts) != nil else { return nil }
        return Int(parts.tm_gmtoff)
    }
}
