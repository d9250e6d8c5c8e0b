import WorkoutModel

/// Every threshold the track maths use, in one place, each with its source (DESIGN §8).
public enum TrackThresholds {
    /// A point whose reported horizontal error is above this many metres is not accepted for
    /// distance or the route: 20 m, the run tracker's accuracy filter (DESIGN §8), the same
    /// bar live GPS uses for a fix.
    public static let maximumHorizontalErrorMeters = 20.0

    /// Elevation changes smaller than this many metres are not counted as ascent or descent:
    /// 3 m hysteresis (DESIGN §8). Barometric altimeters resolve about 0.3 m and GPS
    /// altitude wanders by metres, so unfiltered sums count noise as climbing (the
    /// "1,684 m where Strava says 169 m" complaint of issue 13).
    public static let ascentHysteresisMeters = 3.0

    /// Below this speed (metres per second) a sample is taken as stopped; moving starts again
    /// only above ``movingSpeed(for:)`` (hysteresis, so that a walker at a crossing does not
    /// flicker between moving and stopped). Per sport: a walking pace of 0.5 m/s (1.8 km/h) is
    /// the slowest deliberate walk; a bike under 1 m/s (3.6 km/h) is not being ridden; swimming
    /// 0.2 m/s is a swimmer resting at the wall. The project's values; the idea is Strava's and
    /// Garmin's "moving time".
    public static func stoppedSpeed(for sport: Sport) -> Double {
        switch sport {
        case .cycling, .skiing: 1.0
        case .swimming: 0.2
        case .running, .walking, .hiking, .rowing, .paddling, .strength, .hiit, .other, .transition: 0.5
        }
    }

    /// The speed (metres per second) above which a stopped track counts as moving again: 1.5 ×
    /// ``stoppedSpeed(for:)`` (the project's hysteresis).
    public static func movingSpeed(for sport: Sport) -> Double { stoppedSpeed(for: sport) * 1.5 }

    /// A gap of more than this many seconds between two samples, with the timer running, is
    /// counted as stopped when the device did not say (auto-pause files leave such gaps):
    /// 10 s, the longest smart-recording interval Garmin devices use is 8 s.
    public static let longestSampleGapSeconds = 10.0

    /// The mean Earth radius in metres used for great-circle steps: 6,371,008.8 m, the IUGG
    /// mean radius R1 (Moritz, Geodetic Reference System 1980).
    public static let earthRadiusMeters = 6_371_008.8

    // MARK: Live GPS (``LiveTrack``)

    /// The current pace and speed are measured over the last this many seconds of accepted
    /// fixes: 30 s, issue 15's rolling window. At 1 Hz that is 30 steps, so one noisy fix moves
    /// the pace by a few percent, and a change of pace shows within half a minute.
    public static let currentPaceWindowSeconds = 30.0

    /// After this many consecutive fixes dropped as implausible jumps, the next implausible one
    /// starts the track afresh from where it is (no distance for the jump). A multipath outlier
    /// lasts one or two fixes; three in a row more likely mean the point before them was the
    /// outlier, and without a restart the track would stay stuck on it. The project's value.
    public static let jumpsBeforeRestart = 3
}
