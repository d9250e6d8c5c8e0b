/// Durations as people type them: `40`, `90s`, `1m30s`, `2m`, `1 min`, `1h30min`, `1:00`,
/// `1:20:00`.
///
/// Accepted forms (case-insensitive, spaces ignored):
/// - a clock: `m:ss` or `h:mm:ss`, the fields after the first of one or two digits below 60
///   (`1:00` is 60 s, `1:20:00` is 4,800 s);
/// - numbers with units, largest first, each unit once: `h` (`hr`, `hour(s)`), `min`
///   (`mins`, `minute(s)`), `s` (`sec(s)`, `second(s)`), and `m` for minutes where
///   ``Minutes/mayBeM`` says so (`1m30s` is 90 s). Decimals are allowed (`1.5min` is 90 s);
/// - a bare number, as seconds, where ``BareNumber/seconds`` says so (`40` is 40 s).
///
/// Where `m` means metres (a leg's target: `run:800m`), minutes are `min` only.
public enum DurationText {
    /// What a number with no unit means.
    public enum BareNumber: Sendable {
        /// Seconds: the quick form, `--prepare`, `--work` (`40` is 40 s).
        case seconds
        /// Not a duration (a leg's target, where a bare number has no meaning).
        case refused
    }

    /// Whether `m` is a unit of minutes.
    public enum Minutes: Sendable {
        /// `m` means minutes (`2m`), as in every duration option.
        case mayBeM
        /// `m` is not a time unit (it means metres there); minutes are `min`.
        case onlyMin
    }

    /// Parses `text` as a duration.
    /// - Parameters:
    ///   - text: what was typed.
    ///   - bareNumber: what a number without a unit means (default: seconds).
    ///   - minutes: whether `m` means minutes (default: yes).
    /// - Returns: the duration in seconds (0 or more, finite), or `nil` when the text is not a
    ///   duration of these forms.
    public static func seconds(_ text: String, bareNumber: BareNumber = .seconds,
                               minutes: Minutes = .mayBeM) -> Double? {
        let trimmed = String(text.lowercased().filter { $0 != " " })
        guard !trimmed.isEmpty, trimmed.allSatisfy(\.isASCII) else { return nil }
        if trimmed.contains(":") { return clock(trimmed) }
        if bareNumber == .seconds, let value = number(Substring(trimmed)) { return value }
        var total = 0.0
        var rest = Substring(trimmed)
        var lastScale = Double.infinity
        while !rest.isEmpty {
            let digits = rest.prefix { $0.isNumber || $0 == "." }
            guard let value = number(digits) else { return nil }
            rest = rest.dropFirst(digits.count)
            let unit = rest.prefix(while: \.isLetter)
            rest = rest.dropFirst(unit.count)
            guard let scale = scale(of: unit, minutes: minutes), scale < lastScale else { return nil }
            lastScale = scale
            total += value * scale
        }
        return total.isFinite ? total : nil
    }

    /// Parses `text` as a duration of whole seconds (``seconds(_:bareNumber:minutes:)``).
    /// - Returns: the seconds, or `nil` when the text is not a duration, is not a whole number
    ///   of seconds (`1.5s`) or is beyond 100 days.
    public static func wholeSeconds(_ text: String, bareNumber: BareNumber = .seconds,
                                    minutes: Minutes = .mayBeM) -> Int? {
        guard let value = seconds(text, bareNumber: bareNumber, minutes: minutes),
              value <= maximumSeconds, value == value.rounded() else { return nil }
        return Int(value)
    }

    /// The longest duration ``wholeSeconds(_:bareNumber:minutes:)`` gives: 100 days, far
    /// beyond every limit of a workout, so that a huge number is "outside 1–3600 s", never an
    /// overflow.
    public static let maximumSeconds: Double = 100 * 86_400

    // MARK: Parts

    /// A clock `m:ss` or `h:mm:ss`.
    private static func clock(_ text: String) -> Double? {
        let fields = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(fields.count),
              fields.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) }),
              fields.dropFirst().allSatisfy({ $0.count <= 2 }) else { return nil }
        let numbers = fields.compactMap { Double($0) }
        guard numbers.count == fields.count, numbers.dropFirst().allSatisfy({ $0 < 60 }) else { return nil }
        let total = numbers.reduce(0) { $0 * 60 + $1 }
        return total.isFinite ? total : nil
    }

    /// A decimal number of digits and at most one point (`40`, `1.5`), finite.
    private static func number(_ text: Substring) -> Double? {
        guard !text.isEmpty, text.allSatisfy({ $0.isNumber || $0 == "." }),
              text.filter({ $0 == "." }).count <= 1, text != ".",
              let value = Double(text), value.isFinite else { return nil }
        return value
    }

    /// Seconds per `unit`, or `nil` for a word that is not a time unit here.
    private static func scale(of unit: Substring, minutes: Minutes) -> Double? {
        switch unit {
        case "h", "hr", "hrs", "hour", "hours": 3600
        case "min", "mins", "minute", "minutes": 60
        case "m": minutes == .mayBeM ? 60 : nil
        case "s", "sec", "secs", "second", "seconds": 1
        default: nil
        }
    }
}
