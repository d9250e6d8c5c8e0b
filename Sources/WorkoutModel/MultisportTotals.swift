// The totals of a multisport session, derived from its legs: the rules a record draft follows
// at the finish and that `hiit history edit` follows again when a leg is corrected.

extension SessionRecord {
    /// The work time of a multisport session, in seconds: the timer seconds (pauses excluded)
    /// of its sport legs, summed. Transitions are left out, as rest is in an interval workout,
    /// and so is the blank time between free-form legs, which is in no leg.
    /// - Parameter legs: the session's legs, in order.
    /// - Returns: seconds, 0 when there are no sport legs.
    public static func workoutSeconds(ofLegs legs: [LegRecord]) -> Double {
        legs.filter { $0.sport != Sport.transition.rawValue }.reduce(0) { $0 + $1.timerSeconds }
    }

    /// The rounds of a multisport session: its sport legs counted, transitions not.
    /// - Parameter legs: the session's legs.
    /// - Returns: the number of legs that are not transitions.
    public static func rounds(ofLegs legs: [LegRecord]) -> Int {
        legs.filter { $0.sport != Sport.transition.rawValue }.count
    }

    /// The energy of a multisport session, in kcal: the sum of its legs' estimates, unrounded (a
    /// leg without an estimate adds nothing).
    /// - Parameters:
    ///   - legs: the session's legs, each with its own estimate (``LegRecord/kcal``).
    ///   - weightKg: the body weight in kg the estimates were made with; `nil` when none was set.
    /// - Returns: kcal, or `nil` without a weight (then the session has no estimate).
    public static func kcal(ofLegs legs: [LegRecord], weightKg: Double?) -> Double? {
        weightKg.map { _ in legs.compactMap(\.kcal).reduce(0, +) }
    }
}
