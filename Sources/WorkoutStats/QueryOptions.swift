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
    /// Ascent in metres (shown in feet with imperial units): the sum of the legs' recorded
    /// `ascentMeters`, every leg's or only the filtered sport's legs (legs without one add 0).
    case elevation

    /// The unit of the metric's values in JSON: `sessions`, `s` (seconds of workout time),
    /// `kcal`, `m` (metres of distance or climbed).
    public var baseUnit: String {
        switch self {
        case .sessions: "sessions"
        case .time: "s"
        case .kcal: "kcal"
        case .distance, .elevation: "m"
        }
    }

    /// Parses `sessions`, `time`, `kcal`, `distance` or `elevation` (case-insensitive; also
    /// `ascent`).
    /// - Throws: ``StatsError/badMetric(_:)`` for any other word.
    public init(argument: String) throws(StatsError) {
        let word = argument.lowercased()
        if word == "ascent" { self = .elevation; return }
        guard let metric = Metric(rawValue: word) else { throw .badMetric(argument) }
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
/// - `intervals`: interval (HIIT) sessions: those this program timed (`kind == intervals`, no
///   legs, so no distance or ascent) and recorded activities with a leg of sport `hiit` (a
///   device's HIIT session), whose `hiit` legs add their distance and ascent. `sport("hiit")`
///   is the same filter (see ``normalized``).
/// - `sport(name)`: sessions with at least one leg of that sport (HealthKit raw value, e.g.
///   `running`); the session's counts, times and kcal count whole, but only that sport's legs
///   add distance and ascent.
public enum SessionFilter: Hashable, Sendable, CustomStringConvertible {
    /// Every session.
    case all
    /// Interval (HIIT) sessions only: timed intervals and recorded activities with a `hiit` leg.
    case intervals
    /// Sessions with a leg of this sport (HealthKit raw value, lowercase).
    case sport(String)

    /// Parses a `--sport` word: `all`; `intervals`, `interval`, `hiit` or `tabata` for interval
    /// sessions; a sport by HealthKit name (any ``Sport``: swimming, cycling, running, walking,
    /// rowing, transition, hiking, paddling, skiing, strength, other) or command-line short form
    /// (`run` → `running`, `bike` → `cycling`, `t1` → `transition`, `hike` → `hiking`,
    /// `paddle` → `paddling`, `ski` → `skiing`), case-insensitive.
    /// - Throws: ``StatsError/badSportFilter(_:)`` for any other word (a typo is refused, not
    ///   counted as a sport with no sessions).
    public init(argument: String) throws(StatsError) {
        let word = argument.lowercased()
        switch word {
        case "all": self = .all
        case "intervals", "interval", "hiit", "tabata": self = .intervals
        default:
            guard let sport = Sport(commandLine: word) else { throw .badSportFilter(argument) }
            self = SessionFilter.sport(sport.rawValue).normalized
        }
    }

    /// The filter as it counts: ``sport(_:)`` of `hiit` is ``intervals`` (a device's HIIT session
    /// is an interval workout, as ``SessionFilter/init(argument:)`` reads the word `hiit`); every
    /// other filter as it is.
    public var normalized: SessionFilter {
        if case .sport(Sport.hiit.rawValue) = self { return .intervals }
        return self
    }

    /// Whether a leg of `sport` adds its distance and ascent under this filter: every leg under
    /// `all`, `hiit` legs under `intervals`, the sport's legs under `sport(name)`.
    /// - Parameter sport: the leg's sport (HealthKit raw value).
    public func countsLegs(of sport: String) -> Bool {
        switch normalized {
        case .all: true
        case .intervals: sport == Sport.hiit.rawValue
        case .sport(let name): sport == name
        }
    }

    /// The key of this filter in a ``DailyRollup``: `all`, `intervals` or `sport:<name>`
    /// (of the ``normalized`` filter: `sport("hiit")` is `intervals`).
    public var key: String {
        switch normalized {
        case .all: "all"
        case .intervals: "intervals"
        case .sport(let name): "sport:" + name
        }
    }

    /// `all`, `intervals` or the sport's name, as JSON shows it.
    public var description: String {
        switch normalized {
        case .all: "all"
        case .intervals: "intervals"
        case .sport(let name): name
        }
    }

    /// Whether a record counts under this filter.
    public func includes(_ record: SessionRecord) -> Bool {
        switch normalized {
        case .all: true
        case .intervals: record.kind == .intervals || record.legs.contains { $0.sport == Sport.hiit.rawValue }
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
