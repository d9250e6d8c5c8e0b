/// Where the week stands, for `hiit status` when no timer runs: the weekly goal's progress when
/// a goal is set (`hiit goal`), else this week's workout time; and the change against last
/// week at the same point (its first days up to the same weekday, as `hiit stats week`
/// compares).
public struct WeekFigures: Equatable, Sendable {
    /// The amount as shown after `Week `: `95/150 min` with a goal (done and target in the
    /// goal's unit), `95 min` without one.
    public var amount: String
    /// The goal's progress, done ÷ target (0 or more, above 1 past the goal); `nil` without a goal.
    public var goalFraction: Double?
    /// Whether the week has met the goal (`false` without one).
    public var isGoalMet: Bool
    /// The change against last week at the same point, in percent (12 for +12 %); `nil` when
    /// last week had nothing by then (a change is a percentage only against more than zero).
    public var changePercent: Double?

    /// Creates the figures.
    public init(amount: String, goalFraction: Double? = nil, isGoalMet: Bool = false, changePercent: Double? = nil) {
        self.amount = amount
        self.goalFraction = goalFraction
        self.isGoalMet = isGoalMet
        self.changePercent = changePercent
    }

    /// The goal's progress in whole percent, rounded down and clamped to 0…100 (a bar's
    /// `percentage`); `nil` without a goal.
    public var goalPercent: Int? {
        guard let goalFraction, goalFraction.isFinite else { return nil }
        return Int(min(max(goalFraction * 100, 0), 100).rounded(.down))
    }
}
