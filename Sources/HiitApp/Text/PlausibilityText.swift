import WorkoutModel

/// What a person reads when a distance is faster than its sport allows
/// (``Sport/plausibleSpeedLimitKilometersPerHour``).
enum PlausibilityText {
    /// `20 km in 0:08 is faster than 100 km/h` (`… than 62 mph` with imperial units); the time
    /// to the nearest second, as the leg table beside it says it (``Format/words(_:)``).
    /// - Parameters:
    ///   - meters: the distance, metres.
    ///   - seconds: the timer time, seconds.
    ///   - sport: the leg's sport (its limit; a swim's distance in m or yd).
    ///   - units: the person's units.
    static func tooFast(meters: Double, seconds: Double, sport: Sport, units: Profile.Units) -> String {
        let limit = sport.plausibleSpeedLimitKilometersPerHour ?? 0
        let speed = units == .imperial ? "\(Format.decimal(limit * 1000 / LengthUnit.miles.meters, places: 0)) mph"
            : "\(Format.decimal(limit, places: 0)) km/h"
        let distance = Format.distance(meters, units: units, sport: sport, poolUnit: nil)
        return "\(distance) in \(Format.clock(seconds.rounded())) is faster than \(speed)"
    }
}
