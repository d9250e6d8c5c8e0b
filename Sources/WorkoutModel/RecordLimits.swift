/// The bounds every value of a ``SessionRecord`` keeps (DESIGN §3, §4), in one place: the
/// history reader refuses a line that breaks one, and what hiit itself writes (a plan's leg
/// targets, a distance corrected with `hiit history edit`) stays inside them, so that a session
/// it records it can always read back. The body weight's bounds are ``Profile/weightRange``.
public enum RecordLimits {
    /// Seconds of a session, a leg or a lap, and offsets from the session start: 0 to 7 days
    /// (604,800 s).
    public static let seconds: ClosedRange<Double> = 0...604_800
    /// Work segments (rounds) or exercises counted in one session: 0–100,000.
    public static let count: ClosedRange<Int> = 0...100_000
    /// Offsets from UTC that exist, in seconds: ±18 hours (the range `TimeZone(secondsFromGMT:)`
    /// accepts).
    public static let utcOffsetSeconds: ClosedRange<Int> = -64_800...64_800
    /// Estimated energy of a session or a leg, in kcal: 0–100,000.
    public static let kcal: ClosedRange<Double> = 0...100_000
    /// Distance of one leg, in metres: 0–1,000,000 (1000 km).
    public static let legDistanceMeters: ClosedRange<Double> = 0...1_000_000
    /// Heart rate, beats per minute: 0–300 (the highest rates measured in people are about
    /// 250–300 bpm; anything above is a sensor fault).
    public static let heartRate: ClosedRange<Double> = 0...300
    /// Cadence as devices record it (rpm on a bike, steps or strides per minute on foot):
    /// 0–500 (track sprinters pedal about 250 rpm; sprinters step about 300 per minute).
    public static let cadence: ClosedRange<Double> = 0...500
    /// Ascent or descent of one leg, and the distance of one lap, in metres: as
    /// ``legDistanceMeters``.
    public static let climbMeters: ClosedRange<Double> = legDistanceMeters
    /// Legs of one session: at most 100 (a plan has at most 50, ``MultisportPlan/legCountRange``;
    /// the rest is room for recorded activities).
    public static let legsPerSession = 100
    /// Laps of one leg: at most 10,000 (a 10 km pool swim in a 25 m pool has 400 lengths; an
    /// ultra with a lap each kilometre a few hundred).
    public static let lapsPerLeg = 10_000
    /// Segments of one interval session: at most 10,000 (a workout has at most 20 exercises of
    /// 99 rounds, ``IntervalWorkout/exerciseCountRange`` and ``Exercise/roundsRange``: under
    /// 4,000 segments with their rests).
    public static let segmentsPerSession = 10_000
}
