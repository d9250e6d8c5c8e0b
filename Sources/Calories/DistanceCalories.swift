import WorkoutModel

/// The run tracker's estimate for a recorded run or walk that carries no device value
/// (DESIGN §8 "Calories for a recorded activity"): `kcal = km × kg`.
///
/// The rule of thumb that running costs about 1 kcal per kilogram of body weight per
/// kilometre, nearly whatever the pace (Margaria et al., "Energy cost of running", J Appl
/// Physiol 1963;18:367–370: about 1 kcal·kg⁻¹·km⁻¹); the run tracker this project grew from
/// uses it for walks too.
public enum DistanceCalories {
    /// kcal per kilogram of body weight per kilometre.
    public static let kcalPerKilogramKilometre = 1.0

    /// `km × kg` for running and walking.
    /// - Parameters:
    ///   - sport: the leg's sport; only ``Sport/running`` and ``Sport/walking`` have this estimate.
    ///   - distanceMeters: the distance covered, metres.
    ///   - weightKg: body weight, kg.
    /// - Returns: kcal, unrounded; `nil` for another sport or when the distance or the weight
    ///   is not a finite number above 0.
    public static func kcal(sport: Sport, distanceMeters: Double?, weightKg: Double) -> Double? {
        guard sport == .running || sport == .walking,
              let distanceMeters, distanceMeters.isFinite, distanceMeters > 0,
              weightKg.isFinite, weightKg > 0 else { return nil }
        return distanceMeters / 1000 * weightKg * kcalPerKilogramKilometre
    }
}
