import WorkoutModel

/// What the bars show and what "best bucket" means.
public enum Metric: String, Sendable, CaseIterable, Codable {
    /// Completed sessions (a count).
    case sessions
    /// Workout time in seconds: time in work segments (`workoutSeconds`), pauses excluded.
    case time
    /// Stored calorie estimates in kcal (sessions without one add 0).
    case kcal
    /// Distance in metres: every leg's distance, or only the filtered sport's legs.
    case distance

    /// Parses `sessions`, `time`, `kcal` or `distance` (case-insensitive).
    /// - Throws: ``StatsError/badMetric(_:)`` for any other word.
    public init(argument: String) throws(StatsError) {
        guard let metric = Metric(rawValue: argument.lowercased()) else { throw .badMetric(argument) }
        self = metric
    }
}

/// The period a report compares with.
public enum Baseline: String, Sendable, CaseIterable, Codable {
    /// The period just before (previous 7 days, week, month, …; a range of N days: the N days before).
    case previous
    /// The same period a year earlier; 29 February maps to 28 February (for `year` the same
    /// window as ``previous``; for `24h` the window of the same length ending a calendar year
    /// before its end; see ``StatsReport``).
    case lastYear = "last-year"

    /// Parses `previous`, `last-year` (also `lastyear`, `last_year`, `lastYear`), case-insensitive.
    /// - Throws: ``StatsError/badBaseline(_:)`` for any other word.
    public init(argument: String) throws(StatsError) {
        switch argument.lowercased() {
        case "previous", "prev": self = .previous
        case "last-year", "lastyear", "last_year": self = .lastYear
        default: throw .badBaseline(argument)
        }
    }
}

/// Which sessions a report counts.
///
/// - `all`: every session; distance is every leg's distance.
/// - `intervals`: interval (HIIT) sessions only (`kind == intervals`); they have no distance.
/// - `sport(name)`: sessions with at least one leg of that sport (HealthKit raw value, e.g.
///   `running`); the session's counts, times and kcal count whole, but only that sport's legs
///   add distance.
public enum SessionFilter: Hashable, Sendable, CustomStringConvertible {
    /// Every session.
    case all
    /// Interval (HIIT) sessions only.
    case intervals
    /// Sessions with a leg of this sport (HealthKit raw value, lowercase).
    case sport(String)

    /// Parses a `--sport` word: `all`; `intervals`, `interval`, `hiit` or `tabata` for interval
    /// sessions; a sport by HealthKit name or command-line short form (`run` → `running`,
    /// `bike` → `cycling`, `t1` → `transition`), case-insensitive.
    /// - Throws: ``StatsError/badSportFilter(_:)`` for any other word (a typo is refused, not
    ///   counted as a sport with no sessions).
    public init(argument: String) throws(StatsError) {
        let word = argument.lowercased()
        switch word {
        case "all": self = .all
        case "intervals", "interval", "hiit", "tabata": self = .intervals
        default:
            guard let sport = Sport(commandLine: word) else { throw .badSportFilter(argument) }
            self = .sport(sport.rawValue)
        }
    }

    /// The key of this filter in a ``DailyRollup``: `all`, `intervals` or `sport:<name>`.
    public var key: String {
        switch self {
        case .all: "all"
        case .intervals: "intervals"
        case .sport(let name): "sport:" + name
        }
    }

    /// `all`, `intervals` or the sport's name, as JSON shows it.
    public var description: String {
        switch self {
        case .all: "all"
        case .intervals: "intervals"
        case .sport(let name): name
        }
    }

    /// Whether a record counts under this filter.
    public func includes(_ record: SessionRecord) -> Bool {
        switch self {
        case .all: true
        case .intervals: record.kind == .intervals
        case .sport(let name): record.legs.contains { $0.sport == name }
        }
    }
}

/// One `hiit stats` request: the period, where it sits, the baseline, the metric and the filter.
public struct StatsQuery: Equatable, Sendable {
    /// Which period (default: the last 7 days).
    public var period: PeriodSpec
    /// The period containing this local date; `nil` for today (the local date of now).
    /// Not allowed with `24h` or a `FROM..TO` range.
    public var date: LocalDay?
    /// How many periods to step back from the one containing `date` (0 or more).
    public var back: Int
    /// The baseline to compare with; `nil` for no comparison.
    public var baseline: Baseline?
    /// What the bars show and what "best" means (default: workout time).
    public var metric: Metric
    /// Which sessions count (default: all).
    public var filter: SessionFilter

    /// Creates a query; every parameter has the `hiit stats` default.
    public init(period: PeriodSpec = .last7Days, date: LocalDay? = nil, back: Int = 0,
                baseline: Baseline? = .previous, metric: Metric = .time, filter: SessionFilter = .all) {
        self.period = period
        self.date = date
        self.back = back
        self.baseline = baseline
        self.metric = metric
        self.filter = filter
    }
}
