/// A weekly target, stored in the profile (`hiit goal --weekly 150min`, issue 16):
/// ```json
/// "weeklyGoal": {"metric": "distance", "target": 40000, "unit": "km", "sport": "running"}
/// ```
///
/// `target` is in the metric's base unit, as the statistics count it: seconds of workout
/// time (`workoutSeconds`, the time in work segments, as `hiit stats` shows "Workout time"),
/// sessions, kcal (the stored estimates), or metres. `unit` is only for a distance and says
/// how it was typed and is shown (`km` or `mi`). `sport` narrows the sessions counted, as
/// `hiit stats --sport` does (a HealthKit sport name, or `intervals`); `nil` counts every
/// session. Weeks start on the profile's first weekday.
public struct WeeklyGoal: Codable, Equatable, Sendable {
    /// What the goal counts; the raw values are the statistics' metric words.
    public enum Metric: String, Codable, Sendable, CaseIterable {
        /// Completed sessions.
        case sessions
        /// Workout time in seconds (time in work segments, pauses excluded).
        case time
        /// The stored calorie estimates, kcal.
        case kcal
        /// Distance in metres (the filtered sport's legs only, with a sport).
        case distance
    }

    /// How a distance goal is typed and shown.
    public enum DistanceUnit: String, Codable, Sendable, CaseIterable {
        /// Kilometres.
        case km
        /// Miles (1609.344 m).
        case mi

        /// Metres in one of this unit.
        public var meters: Double { self == .km ? 1000 : 1609.344 }
    }

    /// The accepted targets per metric, in base units: time 1 min–168 h (a week has 168 hours),
    /// sessions 1–100 (whole), kcal 1–50,000, distance 100 m–10,000 km.
    public static func range(of metric: Metric) -> ClosedRange<Double> {
        switch metric {
        case .time: 60...604_800
        case .sessions: 1...100
        case .kcal: 1...50_000
        case .distance: 100...10_000_000
        }
    }

    /// The words a sport filter may be besides a ``Sport`` raw value: `intervals`.
    public static let intervalsFilter = "intervals"

    /// What the goal counts.
    public var metric: Metric
    /// The weekly target in the metric's base unit (seconds, sessions, kcal, metres).
    public var target: Double
    /// The unit a distance goal is shown in; `nil` for other metrics.
    public var unit: DistanceUnit?
    /// Only sessions with a leg of this sport count (HealthKit raw value), or `intervals`;
    /// `nil` for every session.
    public var sport: String?

    /// Creates a goal (not checked: see ``validate()``).
    /// - Parameters:
    ///   - metric: what counts.
    ///   - target: seconds, sessions, kcal or metres.
    ///   - unit: km or mi for a distance (default: none).
    ///   - sport: a sport raw value or `intervals`; `nil` for every session.
    public init(metric: Metric, target: Double, unit: DistanceUnit? = nil, sport: String? = nil) {
        self.metric = metric
        self.target = target
        self.unit = unit
        self.sport = sport
    }

    /// Parses a goal as typed after `--weekly` (case-insensitive; spaces between the number and
    /// the unit allowed):
    /// - a time with units, as every duration option reads it (``DurationText``): `150min`,
    ///   `90m`, `2h`, `1h30min`, `2:30:00`;
    /// - sessions: `4sessions`, `4 sessions`, `1 session` (whole);
    /// - energy: `2000kcal`;
    /// - a distance: `40km`, `25mi` (also `mile`, `miles`, `kilometres`, `kilometers`).
    /// - Parameters:
    ///   - text: what was typed.
    ///   - sport: the sport filter, already checked (see ``init(metric:target:unit:sport:)``).
    /// - Throws: ``PlanError/badGoal(text:reason:)`` for a number without a unit, an unknown
    ///   unit, or a target outside ``range(of:)``.
    public init(parsing text: String, sport: String? = nil) throws(PlanError) {
        let typed = text.lowercased().filter { $0 != " " }
        let digits = typed.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
        let word = typed.dropFirst(digits.count)
        guard !typed.isEmpty else { throw .badGoal(text: text, reason: "it is empty") }
        guard !digits.isEmpty else { throw .badGoal(text: text, reason: "it does not start with a number") }
        if word.isEmpty {
            throw .badGoal(text: text, reason: "a number needs its unit")
        }
        let number = Double(digits).flatMap { $0.isFinite ? $0 : nil }
        switch word {
        case "session", "sessions":
            guard let number, number == number.rounded() else {
                throw .badGoal(text: text, reason: "sessions are a whole number")
            }
            self.init(metric: .sessions, target: number, sport: sport)
        case "kcal":
            guard let number else { throw .badGoal(text: text, reason: "no number before kcal") }
            self.init(metric: .kcal, target: number, sport: sport)
        case "km", "kilometre", "kilometres", "kilometer", "kilometers":
            guard let number else { throw .badGoal(text: text, reason: "no number before km") }
            self.init(metric: .distance, target: number * DistanceUnit.km.meters, unit: .km, sport: sport)
        case "mi", "mile", "miles":
            guard let number else { throw .badGoal(text: text, reason: "no number before mi") }
            self.init(metric: .distance, target: number * DistanceUnit.mi.meters, unit: .mi, sport: sport)
        default:
            guard let seconds = DurationText.seconds(typed, bareNumber: .refused, minutes: .mayBeM) else {
                throw .badGoal(text: text, reason: "'\(word)' is not a unit of time, sessions, kcal or distance")
            }
            self.init(metric: .time, target: seconds, sport: sport)
        }
        try validate(typed: text)
    }

    /// Checks the target's range (and that sessions are whole), the unit and the sport word.
    /// - Throws: ``PlanError/badGoal(text:reason:)`` naming the stored value.
    public func validate() throws(PlanError) {
        try validate(typed: nil)
    }

    /// ``validate()``, naming `typed` (what was typed) or else the stored target.
    private func validate(typed: String?) throws(PlanError) {
        let shown = typed ?? "\(metric.rawValue) \(Self.number(target))"
        let range = Self.range(of: metric)
        guard target.isFinite, range.contains(target) else {
            throw .badGoal(text: shown, reason: Self.rangeText(metric))
        }
        if metric == .sessions, target != target.rounded() {
            throw .badGoal(text: shown, reason: "sessions are a whole number")
        }
        if unit != nil, metric != .distance {
            throw .badGoal(text: shown, reason: "only a distance has a unit")
        }
        if let sport, sport != Self.intervalsFilter, Sport(rawValue: sport) == nil {
            throw .badGoal(text: shown, reason: "'\(sport)' is not a sport")
        }
    }

    /// The range of a metric in the words of its typed forms: `a time goal is 1 min to 168 h`.
    static func rangeText(_ metric: Metric) -> String {
        switch metric {
        case .time: "a time goal is 1 min to 168 h"
        case .sessions: "a sessions goal is 1 to 100 sessions"
        case .kcal: "an energy goal is 1 to 50000 kcal"
        case .distance: "a distance goal is 0.1 to 10000 km (0.07 to 6213 mi)"
        }
    }

    /// A number without a needless `.0`.
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// The accepted forms, as errors and help list them.
    public static let acceptedForms =
        "a time (150min, 90m, 2h), sessions (4sessions, \"4 sessions\"), energy (2000kcal) or a distance (40km, 25mi)"
}
