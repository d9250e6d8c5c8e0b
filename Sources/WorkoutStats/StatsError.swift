import WorkoutModel
/// Why a statistics request cannot be answered. Every case carries what a person needs to fix
/// the request; ``description`` is a one-line message.
public enum StatsError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A date is not a valid `YYYY-MM-DD` calendar date (the text as given).
    case badDate(String)
    /// A period word is none of `7d`, `week`, `month`, `quarter`, `year`, `day`, `24h` or
    /// `FROM..TO` (the text as given).
    case badPeriod(String)
    /// A custom range ends before it starts (`from`, `to` as `YYYY-MM-DD`).
    case rangeEndsBeforeStart(from: String, to: String)
    /// A metric word is none of `sessions`, `time`, `kcal`, `distance`, `elevation` (the text as given).
    case badMetric(String)
    /// A baseline word is neither `previous` nor `last-year` (the text as given).
    case badBaseline(String)
    /// A sport filter word is empty or contains characters other than letters, digits, `-` and `_`.
    case badSportFilter(String)
    /// `--back` was negative (the value given).
    case negativeBack(Int)
    /// `--date` was given for a period that does not take one (`24h` is always the last 24 hours
    /// before now; a `FROM..TO` range names its own dates). Carries the period word.
    case dateNotAllowed(period: String)
    /// The daily roll-up cannot answer an hourly period (`day`, `24h`): compute it from the
    /// records. Carries the period word.
    case hourlyPeriodNeedsRecords(period: String)
    /// A period reaches outside the years this module handles (1–9999). Carries the first day.
    case outOfCalendarRange(String)

    /// A one-line message naming the offending value.
    public var description: String {
        switch self {
        case .badDate(let text):
            "'\(text)' is not a date: expected YYYY-MM-DD, e.g. 2025-03-15"
        case .badPeriod(let text):
            "'\(text)' is not a period: expected 7d, week, month, quarter, year, day, 24h or FROM..TO (YYYY-MM-DD..YYYY-MM-DD)"
        case .rangeEndsBeforeStart(let from, let to):
            "the range \(from)..\(to) ends before it starts"
        case .badMetric(let text):
            "'\(text)' is not a metric: expected sessions, time, kcal, distance or elevation"
        case .badBaseline(let text):
            "'\(text)' is not a comparison: expected previous or last-year"
        case .badSportFilter(let text):
            "'\(text)' is not a sport: expected all, intervals, or one of \(Sport.allCases.map(\.rawValue).joined(separator: ", ")) (or run, bike, swim, walk, row, hike, paddle, ski)"
        case .negativeBack(let value):
            "--back must be 0 or more, not \(value)"
        case .dateNotAllowed(let period):
            "the period \(period) does not take a date"
        case .hourlyPeriodNeedsRecords(let period):
            "the period \(period) has hourly buckets and needs the session records, not the daily roll-up"
        case .outOfCalendarRange(let day):
            "the period starting \(day) is outside the years 1–9999"
        }
    }
}
