import WorkoutModel

/// Sums over sessions: count, workout and total time, kcal, distance per sport and ascent.
///
/// Sums are kept in fixed point (milliseconds, micro-kcal, millimetres), each leg's or session's value
/// rounded once to that unit before adding, so sums are exact and independent of order:
/// bucket totals add up to the period total exactly, and a report from the ``DailyRollup``
/// equals one from the records bit for bit.
public struct StatsTotals: Equatable, Sendable {
    /// Sessions counted.
    public internal(set) var sessions: Int = 0
    var workoutMilliseconds: Int64 = 0
    var totalMilliseconds: Int64 = 0
    var microKcal: Int64 = 0
    var millimetresBySport: [String: Int64] = [:]
    var ascentMillimetres: Int64 = 0

    /// No sessions.
    public init() {}

    /// Seconds in work segments (sum of `workoutSeconds`, to the millisecond).
    public var workoutSeconds: Double { Double(workoutMilliseconds) / 1000 }
    /// Seconds from first work to completion, pauses excluded (sum of `totalSeconds`).
    public var totalSeconds: Double { Double(totalMilliseconds) / 1000 }
    /// Sum of the stored kcal estimates (sessions without one add 0), each rounded to the
    /// micro-kilocalorie (6 decimals) before adding: records keep kcal unrounded, and this
    /// rounding makes the sum exact and the same in any order (27.1234564 + 10.0000004 is
    /// 37.123456, not 37.1234568).
    public var kcal: Double { Double(microKcal) / 1_000_000 }
    /// Distance in metres over all counted legs (to the millimetre).
    public var distanceMeters: Double { Double(millimetresBySport.values.reduce(0, +)) / 1000 }
    /// Distance in metres per sport (HealthKit raw value → metres); sports with no distance absent.
    public var distanceBySport: [String: Double] { millimetresBySport.mapValues { Double($0) / 1000 } }
    /// Metres climbed: the sum of the counted legs' `ascentMeters` (legs without one add 0),
    /// each leg's value rounded to the millimetre before adding.
    public var ascentMeters: Double { Double(ascentMillimetres) / 1000 }

    /// The value of a metric: sessions (count), time (workout seconds), kcal, distance (metres),
    /// elevation (metres climbed).
    public func value(of metric: Metric) -> Double {
        switch metric {
        case .sessions: Double(sessions)
        case .time: workoutSeconds
        case .kcal: kcal
        case .distance: distanceMeters
        case .elevation: ascentMeters
        }
    }

    /// Adds another sum.
    public mutating func add(_ other: StatsTotals) {
        sessions += other.sessions
        workoutMilliseconds &+= other.workoutMilliseconds
        totalMilliseconds &+= other.totalMilliseconds
        microKcal &+= other.microKcal
        ascentMillimetres &+= other.ascentMillimetres
        for (sport, mm) in other.millimetresBySport { millimetresBySport[sport, default: 0] &+= mm }
    }

    /// Adds the sums of a roll-up cell, its ascent included (its distances come through
    /// ``addDistance(_:sport:)``).
    mutating func add(_ cell: DailyRollup.Cell) {
        sessions += Int(cell.sessions)
        workoutMilliseconds &+= cell.workoutMilliseconds
        totalMilliseconds &+= cell.totalMilliseconds
        microKcal &+= cell.microKcal
        ascentMillimetres &+= cell.ascentMillimetres
    }

    /// Adds millimetres of one sport.
    mutating func addDistance(_ millimetres: Int64, sport: String) {
        millimetresBySport[sport, default: 0] &+= millimetres
    }

    /// Adds one record as `filter` counts it (the caller has checked ``SessionFilter/includes(_:)``):
    /// the whole session's count, times and kcal, and the distance and ascent of the legs the
    /// filter counts (``SessionFilter/countsLegs(of:)``: every leg for `all`, `hiit` legs for
    /// `intervals`, the filtered sport's legs only).
    mutating func add(_ record: SessionRecord, filter: SessionFilter) {
        sessions += 1
        workoutMilliseconds &+= Self.fixed(record.workoutSeconds, scale: 1000)
        totalMilliseconds &+= Self.fixed(record.totalSeconds, scale: 1000)
        if let kcal = record.kcal { microKcal &+= Self.fixed(kcal, scale: 1_000_000) }
        for leg in record.legs where filter.countsLegs(of: leg.sport) {
            if let ascent = leg.ascentMeters { ascentMillimetres &+= Self.fixed(ascent, scale: 1000) }
            guard let meters = leg.distanceMeters else { continue }
            let mm = Self.fixed(meters, scale: 1000)
            if mm != 0 { millimetresBySport[leg.sport, default: 0] &+= mm }
        }
    }

    /// A value in fixed point, rounded half away from zero; non-finite values and values beyond
    /// ±1e15 units count as 0 (a broken record must not trap).
    static func fixed(_ value: Double, scale: Double) -> Int64 {
        let scaled = (value * scale).rounded(.toNearestOrAwayFromZero)
        guard scaled.isFinite, abs(scaled) < 1e15 else { return 0 }
        return Int64(scaled)
    }
}

/// Totals divided by a number of buckets: every value a mean per bucket (sessions fractional).
public struct StatsAverage: Equatable, Sendable {
    /// Sessions per bucket.
    public let sessions: Double
    /// Workout seconds per bucket.
    public let workoutSeconds: Double
    /// Total seconds per bucket.
    public let totalSeconds: Double
    /// kcal per bucket.
    public let kcal: Double
    /// Metres per bucket.
    public let distanceMeters: Double
    /// Metres per bucket, per sport.
    public let distanceBySport: [String: Double]
    /// Metres climbed per bucket.
    public let ascentMeters: Double
    /// The number of buckets divided by (0 gives all zeros).
    public let buckets: Int

    /// The mean of `totals` over `buckets` buckets; all zeros when `buckets` is 0.
    public init(_ totals: StatsTotals, buckets: Int) {
        let n = Double(max(buckets, 1))
        self.buckets = buckets
        sessions = buckets == 0 ? 0 : Double(totals.sessions) / n
        workoutSeconds = buckets == 0 ? 0 : totals.workoutSeconds / n
        totalSeconds = buckets == 0 ? 0 : totals.totalSeconds / n
        kcal = buckets == 0 ? 0 : totals.kcal / n
        distanceMeters = buckets == 0 ? 0 : totals.distanceMeters / n
        distanceBySport = buckets == 0 ? [:] : totals.distanceBySport.mapValues { $0 / n }
        ascentMeters = buckets == 0 ? 0 : totals.ascentMeters / n
    }

    /// The value of a metric per bucket.
    public func value(of metric: Metric) -> Double {
        switch metric {
        case .sessions: sessions
        case .time: workoutSeconds
        case .kcal: kcal
        case .distance: distanceMeters
        case .elevation: ascentMeters
        }
    }
}
