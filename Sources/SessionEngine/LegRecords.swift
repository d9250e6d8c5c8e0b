import Calories
import WorkoutModel

extension LegRecord {
    /// The stored form of one leg's result (DESIGN §2 "Per leg", §3 `legs`).
    ///
    /// Distance, in this order: a pool swim with laps marked counts one pool length per lap
    /// (30 laps of a 33⅓ yd pool = 1000 yd); otherwise the plan leg's target distance, unless
    /// the leg was cut short (the session finished before the plan's end); otherwise none (it
    /// can be entered afterwards with `hiit history edit`). A transition has no distance. Calories: ``LegCalories/kcal(sport:distanceMeters:timerSeconds:weightKg:isOpenWater:)``
    /// over the timer time, so paused time adds nothing.
    /// - Parameters:
    ///   - result: the leg's times as derived from the session log.
    ///   - planLeg: the plan's leg at the same position, or `nil` in a free-form session.
    ///   - weightKg: body weight in kg, or `nil` for no calorie estimate.
    ///   - isCutShort: the session finished in this leg before the plan's last leg, so its
    ///     target distance was not covered.
    ///
    /// A distance (the plan's target, or pool lengths) faster than the sport's
    /// ``Sport/plausibleSpeedLimitKilometersPerHour`` for the leg's timer time is not recorded:
    /// ``droppedDistance(_:planLeg:isCutShort:)`` says which.
    public init(_ result: LegResult, planLeg: Leg?, weightKg: Double?, isCutShort: Bool = false) {
        let isPoolSwim = result.sport == .swimming && planLeg?.poolLengthMeters != nil && planLeg?.isOpenWater != true
        // A distance faster than the sport allows was not covered (n pressed early): none.
        var distance = Self.candidateDistance(result, planLeg: planLeg, isCutShort: isCutShort)
        if let meters = distance, result.sport.isImplausible(meters: meters, seconds: result.timer.inSeconds) {
            distance = nil
        }
        self.init(
            sport: result.sport.rawValue, startSeconds: result.start.inSeconds,
            elapsedSeconds: result.elapsed.inSeconds, timerSeconds: result.timer.inSeconds,
            distanceMeters: distance, kcal: nil,
            laps: result.laps.map { LapRecord(startSeconds: $0.start.inSeconds, elapsedSeconds: $0.elapsed.inSeconds) },
            poolLength: isPoolSwim ? planLeg?.poolLength : nil,
            poolUnit: isPoolSwim ? (planLeg?.poolUnit ?? .meters) : nil,
            isOpenWater: result.sport == .swimming ? planLeg?.isOpenWater : nil)
        recomputeKcal(weightKg: weightKg)
    }

    /// The distance the leg would have had but that is not recorded because it is faster than
    /// the sport allows (see ``init(_:planLeg:weightKg:isCutShort:)``), in metres; `nil` when
    /// nothing was dropped. For the message `distance not recorded: 20 km in 0:08 is faster
    /// than 100 km/h`.
    public static func droppedDistance(_ result: LegResult, planLeg: Leg?, isCutShort: Bool = false) -> Double? {
        guard let meters = candidateDistance(result, planLeg: planLeg, isCutShort: isCutShort),
              result.sport.isImplausible(meters: meters, seconds: result.timer.inSeconds) else { return nil }
        return meters
    }

    /// The distance a leg's times give before the plausibility check: a pool swim's lengths
    /// (more than one) × the pool, else the plan's target unless the session was cut short
    /// in this leg; none for a transition.
    private static func candidateDistance(_ result: LegResult, planLeg: Leg?, isCutShort: Bool) -> Double? {
        guard result.sport != .transition else { return nil }
        let isPoolSwim = result.sport == .swimming && planLeg?.poolLengthMeters != nil && planLeg?.isOpenWater != true
        if isPoolSwim, let pool = planLeg?.poolLengthMeters, result.laps.count > 1 { return Double(result.laps.count) * pool }
        return isCutShort ? nil : planLeg?.targetDistanceMeters
    }

    /// Sets ``kcal`` from the sport, distance and timer time (`nil` without a weight or for a
    /// sport this program does not know). Used at the finish and after a distance is corrected.
    /// - Parameter weightKg: body weight in kg, or `nil`.
    public mutating func recomputeKcal(weightKg: Double?) {
        guard let weightKg, let sport = knownSport else {
            kcal = nil
            return
        }
        kcal = LegCalories.kcal(sport: sport, distanceMeters: distanceMeters, timerSeconds: timerSeconds,
                                weightKg: weightKg, isOpenWater: isOpenWater ?? false)
    }
}
