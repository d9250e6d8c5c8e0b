import Foundation
import Tracks
import WorkoutModel

/// What one activity file (FIT, GPX, TCX) says, decoded and not yet judged: the device's
/// totals as written (absent where the file has none), laps, pool lengths, points and timer
/// pauses, per session. A multisport file has one session per leg, transitions included, in
/// order. Pure values: no rule of hiit's (plans, limits) has been applied.
public struct RecordedActivity: Sendable, Equatable {
    /// The file formats hiit reads, recognised by content (``ActivityFile/format(of:)``).
    public enum Format: String, Sendable, Equatable, CaseIterable {
        /// Garmin's Flexible and Interoperable Data Transfer protocol (binary).
        case fit
        /// GPS Exchange Format 1.0 or 1.1 (XML).
        case gpx
        /// Garmin's Training Center Database (XML).
        case tcx
    }

    /// The file's format.
    public var format: Format
    /// The recording device, when the file names it.
    public var device: RecordingDevice?
    /// The offset from UTC of the start in seconds, when the file says (FIT
    /// `activity.local_timestamp − timestamp`, a GPX/TCX time written with an offset); `nil`
    /// when the file holds UTC times only.
    public var utcOffsetSeconds: Int?
    /// The activity's name, when the file gives one (GPX `trk/name`, TCX `Notes`…).
    public var name: String?
    /// The sessions in time order: one for a single-sport activity, one per leg (transitions
    /// included) for a multisport one. Never empty once decoded.
    public var sessions: [RecordedSession]
    /// What was not sound and was survived, one short line each ("CRC mismatch: imported
    /// anyway", "stopped at byte 7471: record message longer than the file"), for stderr.
    public var notes: [String]
    /// The kind of multisport event, as FIT's `sub_sport` names it (`triathlon` 78, `duathlon`
    /// 79, `brick` 80, `swim_run` 81; FIT SDK Profile.xlsx, type `sub_sport`), from a FIT
    /// `sport` message of sport `multisport` (18); `nil` when the file does not say.
    public var multisportName: String?
    /// The values of hiit's own record that a file hiit wrote carries (FIT developer fields of
    /// hiit's application id); `nil` for every other file.
    public var hiitSession: HiitSessionData?

    /// Creates an activity; see the properties.
    public init(format: Format, device: RecordingDevice? = nil, utcOffsetSeconds: Int? = nil, name: String? = nil,
                sessions: [RecordedSession], notes: [String] = [], multisportName: String? = nil,
                hiitSession: HiitSessionData? = nil) {
        self.format = format
        self.device = device
        self.utcOffsetSeconds = utcOffsetSeconds
        self.name = name
        self.sessions = sessions
        self.notes = notes
        self.multisportName = multisportName
        self.hiitSession = hiitSession
    }
}

/// The device that recorded a file: manufacturer and product as the file names them (FIT
/// `file_id.manufacturer` by its profile name, e.g. `garmin`, and `garmin_product` name or the
/// product number; a GPX `creator`; a TCX `Creator/Name`).
public struct RecordingDevice: Sendable, Equatable {
    /// The manufacturer, e.g. `garmin`, `wahoo_fitness`; `nil` when unknown.
    public var manufacturer: String?
    /// The product, e.g. `edge530` or `3121`; `nil` when unknown.
    public var product: String?

    /// Creates a device; see the properties.
    public init(manufacturer: String?, product: String?) {
        self.manufacturer = manufacturer
        self.product = product
    }
}

/// One session of a recorded activity (one leg of a multisport one).
public struct RecordedSession: Sendable, Equatable {
    /// The sport, mapped to hiit's (``Sport/other`` for one hiit has no name for).
    public var sport: Sport
    /// The file's own name of the sport, as written (`running`, `Biking`, `kitesurfing`,
    /// FIT's sport and sub-sport names such as `cycling/indoor_cycling`); kept for `other`.
    public var sportName: String
    /// The instant the session started (UTC).
    public var start: Date
    /// The session's totals as the device wrote them; each absent where the file has none.
    public var totals: RecordedTotals
    /// The device's laps, in order.
    public var laps: [RecordedLap]
    /// Pool lengths, in order (FIT `length` messages); empty otherwise.
    public var lengths: [RecordedLength]
    /// A pool swim's pool length in metres (FIT `session.pool_length`), or `nil`.
    public var poolLengthMeters: Double?
    /// The samples, in time order (may be empty: a summary-only file).
    public var points: [TrackPoint]
    /// Timer pauses (stop…start) inside the session, in order.
    public var pauses: [TimerPause]

    /// Creates a session; see the properties.
    public init(sport: Sport, sportName: String, start: Date, totals: RecordedTotals = RecordedTotals(),
                laps: [RecordedLap] = [], lengths: [RecordedLength] = [], poolLengthMeters: Double? = nil,
                points: [TrackPoint] = [], pauses: [TimerPause] = []) {
        self.sport = sport
        self.sportName = sportName
        self.start = start
        self.totals = totals
        self.laps = laps
        self.lengths = lengths
        self.poolLengthMeters = poolLengthMeters
        self.points = points
        self.pauses = pauses
    }
}

extension RecordedSession {
    /// Where the session ends, given its elapsed time in seconds: its start plus
    /// `elapsedSeconds`, or its last point when that is later (real devices write an elapsed
    /// time that ends before their own last record: an Edge 1000, 113 s of elapsed time over
    /// 126 s of records).
    public func end(elapsedSeconds: Double) -> Date {
        let summaryEnd = start.addingTimeInterval(elapsedSeconds)
        return max(summaryEnd, points.last?.time ?? summaryEnd)
    }
}

/// Totals of a session or lap as the device wrote them (FIT `session`/`lap` fields, TCX `Lap`
/// elements); each `nil` when the file has no value (or FIT's invalid value).
public struct RecordedTotals: Sendable, Equatable {
    /// Seconds from start to end, pauses included (FIT `total_elapsed_time`).
    public var elapsedSeconds: Double?
    /// Seconds with the timer running (FIT `total_timer_time`, TCX `TotalTimeSeconds`).
    public var timerSeconds: Double?
    /// Metres (FIT `total_distance`, TCX `DistanceMeters`).
    public var distanceMeters: Double?
    /// Metres climbed (FIT `total_ascent`).
    public var ascentMeters: Double?
    /// Metres descended (FIT `total_descent`).
    public var descentMeters: Double?
    /// kcal (FIT `total_calories`, TCX `Calories`).
    public var kcal: Double?
    /// Beats per minute (FIT `avg_heart_rate`, TCX `AverageHeartRateBpm`).
    public var averageHeartRate: Double?
    /// Beats per minute (FIT `max_heart_rate`, TCX `MaximumHeartRateBpm`).
    public var maximumHeartRate: Double?
    /// Revolutions or steps per minute, as the device writes them (FIT `avg_cadence`).
    public var averageCadence: Double?
    /// Revolutions or steps per minute (FIT `max_cadence`).
    public var maximumCadence: Double?
    /// Metres per second (FIT `enhanced_max_speed`/`max_speed`, TCX `MaximumSpeed`).
    public var maximumSpeedMetersPerSecond: Double?

    /// Creates totals; every value defaults to absent.
    public init(elapsedSeconds: Double? = nil, timerSeconds: Double? = nil, distanceMeters: Double? = nil,
                ascentMeters: Double? = nil, descentMeters: Double? = nil, kcal: Double? = nil,
                averageHeartRate: Double? = nil, maximumHeartRate: Double? = nil,
                averageCadence: Double? = nil, maximumCadence: Double? = nil,
                maximumSpeedMetersPerSecond: Double? = nil) {
        self.elapsedSeconds = elapsedSeconds
        self.timerSeconds = timerSeconds
        self.distanceMeters = distanceMeters
        self.ascentMeters = ascentMeters
        self.descentMeters = descentMeters
        self.kcal = kcal
        self.averageHeartRate = averageHeartRate
        self.maximumHeartRate = maximumHeartRate
        self.averageCadence = averageCadence
        self.maximumCadence = maximumCadence
        self.maximumSpeedMetersPerSecond = maximumSpeedMetersPerSecond
    }
}

/// One lap as the device wrote it: its start, its totals, and what kind of effort it was.
public struct RecordedLap: Sendable, Equatable {
    /// The instant the lap started (UTC).
    public var start: Date
    /// The lap's totals.
    public var totals: RecordedTotals
    /// The effort (FIT `lap.intensity`, TCX `Intensity`); `nil` when the file does not say.
    public var intensity: LapIntensity?
    /// The lap's name, when the file gives one (the exercise of an interval session hiit wrote,
    /// a FIT developer field of hiit's); `nil` otherwise.
    public var name: String?

    /// Creates a lap; see the properties.
    public init(start: Date, totals: RecordedTotals, intensity: LapIntensity? = nil, name: String? = nil) {
        self.start = start
        self.totals = totals
        self.intensity = intensity
        self.name = name
    }
}

/// The effort of a lap, as FIT's type `intensity` numbers it (FIT SDK Profile.xlsx): TCX's
/// `Intensity` has `Active` and `Resting` only.
public enum LapIntensity: UInt8, Sendable, Equatable, CaseIterable {
    /// Work (FIT 0; TCX `Active`).
    case active = 0
    /// Rest (FIT 1; TCX `Resting`).
    case rest = 1
    /// Warm-up or prepare (FIT 2).
    case warmup = 2
    /// Cool-down (FIT 3).
    case cooldown = 3
    /// Recovery (FIT 4).
    case recovery = 4
    /// Interval (FIT 5).
    case interval = 5
    /// Other (FIT 6).
    case other = 6
}

/// The values of a session hiit recorded that no standard field of a file holds, so that a
/// file hiit exported and imported again gives the same record (FIT developer fields under
/// hiit's developer application id; DESIGN §8).
public struct HiitSessionData: Sendable, Equatable {
    /// The record's id.
    public var id: UUID
    /// Interval or multisport.
    public var kind: SessionRecord.Kind
    /// The workout's name as recorded.
    public var workout: String
    /// The IANA zone the record was dated in, e.g. `Europe/Prague`.
    public var timeZone: String
    /// Rounds counted (work segments or sport legs).
    public var rounds: Int
    /// Exercises counted (0 for multisport).
    public var exercises: Int
    /// Workout Time, seconds (work segments, or the sport legs' timer time).
    public var workoutSeconds: Double
    /// The record's kcal, unrounded; `nil` when it has none.
    public var kcal: Double?
    /// The body weight used for the estimate, kg; `nil` when none was set.
    public var weightKg: Double?

    /// Creates the values; see the properties.
    public init(id: UUID, kind: SessionRecord.Kind, workout: String, timeZone: String, rounds: Int, exercises: Int,
                workoutSeconds: Double, kcal: Double?, weightKg: Double?) {
        self.id = id
        self.kind = kind
        self.workout = workout
        self.timeZone = timeZone
        self.rounds = rounds
        self.exercises = exercises
        self.workoutSeconds = workoutSeconds
        self.kcal = kcal
        self.weightKg = weightKg
    }
}

/// One pool length (FIT `length` message): its start, its time, and whether it was swum
/// (`active`) or a rest at the wall (`idle`).
public struct RecordedLength: Sendable, Equatable {
    /// The instant the length started (UTC).
    public var start: Date
    /// Seconds the length took (FIT `total_timer_time`, else `total_elapsed_time`).
    public var seconds: Double
    /// `true` for a swum length, `false` for rest (FIT `length_type` idle).
    public var isActive: Bool
    /// Strokes counted, when the device wrote them.
    public var strokes: Int?

    /// Creates a length; see the properties.
    public init(start: Date, seconds: Double, isActive: Bool, strokes: Int? = nil) {
        self.start = start
        self.seconds = seconds
        self.isActive = isActive
        self.strokes = strokes
    }
}
