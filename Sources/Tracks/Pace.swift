/// Pace: time per distance, for a leg or a split.
public enum Pace {
    /// Seconds per kilometre for `meters` covered in `seconds`; `nil` when the distance is zero
    /// or either value is not finite (pace is absent whenever distance is zero, the run
    /// tracker's rule).
    public static func secondsPerKilometer(meters: Double, seconds: Double) -> Double? {
        guard meters > 0, meters.isFinite, seconds.isFinite, seconds >= 0 else { return nil }
        return seconds / meters * 1_000
    }

    /// `m:ss` for a pace in seconds (per kilometre or per mile), rounded to the nearest second:
    /// 314.76 → `5:15`, 59.6 → `1:00`; `nil` for a negative or non-finite value.
    public static func minutesSeconds(_ seconds: Double) -> String? {
        guard seconds.isFinite, seconds >= 0, seconds < Double(Int.max / 2) else { return nil }
        let whole = Int(seconds.rounded())
        let rest = whole % 60
        return "\(whole / 60):\(rest < 10 ? "0" : "")\(rest)"
    }
}
