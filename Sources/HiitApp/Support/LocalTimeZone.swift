import Foundation
import POSIX
import WorkoutModel

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
        switch naming(value, resolvingLinks: resolvingLinks) {
        case .system: return TimeZone.current
        case let .iana(names):
            if let zone = names.lazy.compactMap(TimeZone.init(identifier:)).first { return zone }
        case .other: break
        }
        return fixed(offset() ?? 0)
    }

    /// What a `TZ` value names before any zone is looked up.
    private enum Naming {
        /// Unset or empty: the system's zone.
        case system
        /// IANA names to try in turn: the name given (`UTC` as `Etc/UTC`), or a zone file
        /// path's name after `zoneinfo/`, then that of the file it links to.
        case iana([String])
        /// A path with no zone's name in it: a POSIX rule's offset decides.
        case other
    }

    /// What `value` names (see the type's discussion).
    private static func naming(_ value: String?, resolvingLinks: (String) -> String?) -> Naming {
        guard var name = value, !name.isEmpty else { return .system }
        if name.hasPrefix(":") { name.removeFirst() }
        // Foundation names `UTC` "GMT"; `Etc/UTC` keeps its name, so `TZ=UTC` is recorded and
        // shown as UTC.
        if name.isEmpty || name == "UTC" { return .iana(["Etc/UTC"]) }
        guard name.hasPrefix("/") else { return .iana([name]) }
        let names = ianaNames(inPath: name, resolvingLinks: resolvingLinks)
        return names.isEmpty ? .other : .iana(names)
    }

    /// The zone a session is recorded in: ``current(environment:at:)``'s, found without
    /// `TimeZone` where the C library reads an IANA zone. `TimeZone` checks every name against
    /// ICU's zone data, whose first use costs a timer run about 0.5 ms of CPU and, when that
    /// part of the binary is not in memory, a read of 16 MB of it and 3–4 ms more (README,
    /// Cost). So an IANA name — `TZ`'s, a zone file path's,
    /// or, with `TZ` unset, `/etc/localtime`'s link's — whose zone file is installed is kept
    /// as written (as `TimeZone` keeps it), with the C library's offsets; any other form (a
    /// POSIX rule, a name with no zone file) is ``current(environment:at:)``'s zone.
    /// - Parameters:
    ///   - environment: the process environment (only `TZ` and `TZDIR` are read); the offsets
    ///     are those of the process's own `TZ`, so this is the process environment.
    ///   - instant: as for ``current(environment:at:)``.
    /// - Returns: the zone.
    static func recording(environment: [String: String], at instant: Date) -> any RecordingTimeZone {
        let folder = environment["TZDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/share/zoneinfo"
        let name = installedZoneName(environment["TZ"], resolvingLinks: { try? FileSystem.resolvedPath($0) }) {
            isZoneFile(folder + "/" + $0)
        }
        guard let name else { return current(environment: environment, at: instant) }
        return CLibraryZone(identifier: name)
    }

    /// The IANA name a `TZ` value names (`nil` or empty: `/etc/localtime`), when `isInstalled`
    /// says its zone file is there; pure apart from its closures.
    /// - Parameters:
    ///   - value: `TZ` as set, or `nil` when unset.
    ///   - resolvingLinks: the path with every symbolic link resolved (`realpath(3)`), or `nil`.
    ///   - isInstalled: whether the zone file of an IANA name (`Europe/Prague`) is installed.
    /// - Returns: the name, or `nil` for every other form.
    static func installedZoneName(_ value: String?, resolvingLinks: (String) -> String?,
                                  isInstalled: (String) -> Bool) -> String? {
        let names: [String]
        switch naming(value, resolvingLinks: resolvingLinks) {
        case .system: names = ianaNames(inPath: "/etc/localtime", resolvingLinks: resolvingLinks)
        case let .iana(given): names = given
        case .other: return nil
        }
        return names.first { name in
            !name.split(separator: "/", omittingEmptySubsequences: false).contains { $0.isEmpty || $0 == "." || $0 == ".." }
                && !["posixrules", "localtime", "Factory"].contains(name) && isInstalled(name)
        }
    }

    /// The IANA names in a zone file's `path`: what follows `zoneinfo/` in it (without a
    /// `posix/` or `right/` folder), then in the file it links to; none, one or two.
    private static func ianaNames(inPath path: String, resolvingLinks: (String) -> String?) -> [String] {
        func name(in path: String) -> String? {
            guard let range = path.range(of: "zoneinfo/", options: .backwards) else { return nil }
            var name = String(path[range.upperBound...])
            for prefix in ["posix/", "right/"] where name.hasPrefix(prefix) { name.removeFirst(prefix.count) }
            return name.isEmpty ? nil : name
        }
        return [name(in: path), resolvingLinks(path).flatMap(name(in:))].compactMap { $0 }
    }

    /// Whether `path` is a zone file: it starts with the magic `TZif` (RFC 8536 §3.1).
    private static func isZoneFile(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: 4)) == Data("TZif".utf8)
    }

    /// A zone the C library reads (`TZ`, else `/etc/localtime`), under its IANA name.
    private struct CLibraryZone: RecordingTimeZone {
        let identifier: String

        func secondsFromGMT(for date: Date) -> Int {
            LocalTimeZone.cLibraryOffset(at: date) ?? 0
        }
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
