/// The person's settings, stored in `profile.json` (DESIGN §3, §6 `hiit profile`):
/// ```json
/// {"firstWeekday": "monday", "selectedWorkout": "Tabata", "units": "metric", "version": 1,
///  "weeklyGoal": {"metric": "time", "target": 9000}, "weightKg": 72.5}
/// ```
/// Every field but `version` may be missing (defaults: no weight, `system`, `metric`, none,
/// no weekly goal, no default period or baseline). `weeklyGoal`, `defaultPeriod` and
/// `defaultCompare` are optional and new in version 1 files: older profiles stay valid as they
/// are, and are written back without them when they are not set.
public struct Profile: Codable, Equatable, Sendable {
    /// The first day of a calendar week for statistics.
    public enum FirstWeekday: String, Codable, Sendable, CaseIterable {
        /// Weeks start on Monday (ISO 8601).
        case monday
        /// Weeks start on Sunday.
        case sunday
        /// Weeks start on Saturday.
        case saturday
        /// The locale's first weekday, Monday where the locale says nothing (DESIGN §4).
        case system
    }

    /// Units for distances and paces.
    public enum Units: String, Codable, Sendable, CaseIterable {
        /// Metres, kilometres, km/h, min/km.
        case metric
        /// Yards, miles, mph, min/mi.
        case imperial
    }

    /// The schema version this program writes and reads.
    public static let currentVersion = 1
    /// Allowed body weight in kg.
    public static let weightRange: ClosedRange<Double> = 20...400

    /// Body weight in kg (20–400) for calorie estimates; `nil` when not set (no kcal shown).
    public var weightKg: Double?
    /// First day of the week for week views.
    public var firstWeekday: FirstWeekday
    /// Units for distances and paces.
    public var units: Units
    /// The name of the workout plain `hiit` runs; `nil` for the default.
    public var selectedWorkout: String?
    /// The weekly goal (`hiit goal`); `nil` when none is set.
    public var weeklyGoal: WeeklyGoal?
    /// The period plain `hiit stats` shows (`month`, `year`, `2026-01-01..2026-03-31`, one of
    /// ``statsPeriodWords`` or a range of two dates); `nil`: the last 7 days.
    public var defaultPeriod: String?
    /// The baseline plain `hiit stats` compares with (`previous` or `last-year`); `nil`: previous.
    public var defaultCompare: String?

    /// The period words `hiit stats` takes (WorkoutStats' `PeriodSpec`), as stored: besides them a
    /// range `YYYY-MM-DD..YYYY-MM-DD`.
    public static let statsPeriodWords = ["7d", "day", "24h", "week", "month", "quarter", "year"]
    /// The baseline words `hiit stats --compare` takes (WorkoutStats' `Baseline`), as stored.
    public static let statsCompareWords = ["previous", "last-year"]

    /// Creates a profile; the defaults are an empty profile.
    public init(weightKg: Double? = nil, firstWeekday: FirstWeekday = .system, units: Units = .metric,
                selectedWorkout: String? = nil, weeklyGoal: WeeklyGoal? = nil) {
        self.weightKg = weightKg
        self.firstWeekday = firstWeekday
        self.units = units
        self.selectedWorkout = selectedWorkout
        self.weeklyGoal = weeklyGoal
    }

    /// Checks the weight range and the weekly goal.
    /// - Throws: ``PlanError/outOfRange(field:value:range:unit:)``-like message as
    ///   ``PlanError/badWeight(_:)`` when the weight is outside 20–400 kg or not finite;
    ///   ``PlanError/badGoal(text:reason:)`` for a weekly goal that ``WeeklyGoal/validate()`` refuses.
    public func validate() throws(PlanError) {
        if let weightKg, !(weightKg.isFinite && Self.weightRange.contains(weightKg)) {
            throw .badWeight(weightKg)
        }
        try weeklyGoal?.validate()
        if let defaultPeriod, !Self.isStatsPeriod(defaultPeriod) {
            throw .badName(field: "defaultPeriod", value: defaultPeriod,
                           reason: "is not one of " + Self.statsPeriodWords.joined(separator: ", ") + ", FROM..TO (YYYY-MM-DD..YYYY-MM-DD)")
        }
        if let defaultCompare, !Self.statsCompareWords.contains(defaultCompare) {
            throw .badName(field: "defaultCompare", value: defaultCompare,
                           reason: "is not one of " + Self.statsCompareWords.joined(separator: ", "))
        }
    }

    /// Whether `word` is a stored period: one of ``statsPeriodWords`` or two dates `FROM..TO`,
    /// the first not after the second.
    public static func isStatsPeriod(_ word: String) -> Bool {
        if statsPeriodWords.contains(word) { return true }
        let parts = word.components(separatedBy: "..")
        guard parts.count == 2, let from = LocalDay(parts[0]), let to = LocalDay(parts[1]) else { return false }
        return from <= to
    }

    private enum CodingKeys: String, CodingKey {
        case version, weightKg, firstWeekday, units, selectedWorkout, weeklyGoal, defaultPeriod, defaultCompare
    }

    /// Decodes a profile; missing fields take their defaults.
    /// - Throws: `DecodingError` for a wrong type or an unknown weekday or unit, or a newer version.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        _ = try c.decodeSchemaVersion(forKey: .version, supported: Self.currentVersion, isRequired: false)
        weightKg = try c.decodeIfPresent(Double.self, forKey: .weightKg)
        firstWeekday = try c.decodeIfPresent(FirstWeekday.self, forKey: .firstWeekday) ?? .system
        units = try c.decodeIfPresent(Units.self, forKey: .units) ?? .metric
        selectedWorkout = try c.decodeIfPresent(String.self, forKey: .selectedWorkout)
        weeklyGoal = try c.decodeIfPresent(WeeklyGoal.self, forKey: .weeklyGoal)
        defaultPeriod = try c.decodeIfPresent(String.self, forKey: .defaultPeriod)
        defaultCompare = try c.decodeIfPresent(String.self, forKey: .defaultCompare)
    }

    /// Encodes every set field and the version.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(Self.currentVersion, forKey: .version)
        try c.encodeIfPresent(weightKg, forKey: .weightKg)
        try c.encode(firstWeekday, forKey: .firstWeekday)
        try c.encode(units, forKey: .units)
        try c.encodeIfPresent(selectedWorkout, forKey: .selectedWorkout)
        try c.encodeIfPresent(weeklyGoal, forKey: .weeklyGoal)
        try c.encodeIfPresent(defaultPeriod, forKey: .defaultPeriod)
        try c.encodeIfPresent(defaultCompare, forKey: .defaultCompare)
    }
}
