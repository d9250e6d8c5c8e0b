import WorkoutModel

/// Calorie estimate of an interval (HIIT) session, as the HIIT Timer defines it (DESIGN §4).
///
/// Gross energy by the Compendium convention `MET × kg × hours`:
/// - work: `8.0 × kg × workoutSeconds / 3600` — MET 8.0 is "calisthenics (e.g., push ups,
///   sit ups, pull-ups, jumping jacks), vigorous effort", 2011 Compendium of Physical
///   Activities, code 02020;
/// - rest: `2.0 × kg × (totalSeconds − workoutSeconds) / 3600` — MET 2.0, the HIIT Timer's
///   value for standing recovery between efforts.
///
/// Paused time adds nothing: `totalSeconds` already excludes pauses.
public enum HIITCalories {
    /// MET of work segments: 2011 Compendium of Physical Activities, code 02020
    /// (calisthenics, vigorous effort).
    public static let workMET = 8.0
    /// MET of rest segments (HIIT Timer's recovery value).
    public static let restMET = 2.0

    /// Estimated gross energy in kcal, unrounded.
    /// - Parameters:
    ///   - weightKg: body weight in kilograms (> 0).
    ///   - workoutSeconds: seconds spent in work segments.
    ///   - totalSeconds: seconds from the first work segment's start to completion, pauses
    ///     excluded; values below `workoutSeconds` count as no rest.
    /// - Returns: kcal, unrounded (store this; round only to show it).
    public static func kcal(weightKg: Double, workoutSeconds: Double, totalSeconds: Double) -> Double {
        let work = workMET * weightKg * workoutSeconds / 3600
        let rest = restMET * weightKg * max(totalSeconds - workoutSeconds, 0) / 3600
        return work + rest
    }

    /// The estimate as a person reads it: `~N kcal`, N rounded half away from zero once, after
    /// summing unrounded values (27.61 → `~28 kcal`).
    /// - Parameter kcal: unrounded kcal.
    public static func display(_ kcal: Double) -> String {
        "~\(Int(kcal.rounded(.toNearestOrAwayFromZero))) kcal"
    }
}
