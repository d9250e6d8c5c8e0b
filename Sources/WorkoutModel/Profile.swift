/// The person's settings, stored in `profile.json` (DESIGN §3, §6 `hiit profile`):
/// ```json
/// {"firstWeekday": "monday", "selectedWorkout": "Tabata", "units": "metric", "version": 1,
///  "weeklyGoal": {"metric": "time", "target": 9000}, "weightKg": 72.5}
/// ```
/// Every field but `version` may be missing (defaults: no weight, `system`, `metric`, none,
/// no weekly goal). `weeklyGoal` is optional and new in version 1 files: older profiles stay
/// valid as they are.
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
    }

    private enum CodingKeys: String, CodingKey {
        case version, weightKg, firstWeekday, units, selectedWorkout, weeklyGoal
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
    }
}
