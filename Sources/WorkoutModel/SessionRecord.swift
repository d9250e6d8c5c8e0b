import Foundation

/// One completed session, as stored on one line of `history.jsonl` (DESIGN §3). Keys are
/// written sorted; `weightKg` and `kcal` are absent when no weight was set; times are seconds
/// (fractions allowed); `kcal` is kept unrounded.
public struct SessionRecord: Codable, Equatable, Sendable {
    /// The kind of session: an interval workout or a multisport session.
    public enum Kind: String, Codable, Sendable {
        /// A HIIT / interval workout.
        case intervals
        /// A multisport session (legs).
        case multisport
    }

    /// The schema version this program writes.
    public static let currentVersion = 1

    /// Schema version of the line.
    public var version: Int
    /// Unique identity of the session; `history import` skips ids already present.
    public var id: UUID
    /// The workout's name at the time it was run.
    public var workout: String
    /// Interval or multisport.
    public var kind: Kind
    /// Wall-clock instant the session started: for an interval workout, its warm-up's start,
    /// else its first work segment's (the start of Total Time).
    public var start: Date
    /// Wall-clock instant of completion.
    public var end: Date
    /// IANA time zone identifier in force at the start, e.g. `Europe/Prague`.
    public var timeZone: String
    /// Offset from UTC at the start, in seconds (3600 for CET).
    public var utcOffsetSeconds: Int
    /// Local calendar date of the start, written once (stored as `YYYY-MM-DD`).
    public var localDate: LocalDay
    /// Seconds spent in work segments (pauses excluded).
    public var workoutSeconds: Double
    /// Seconds from ``start`` (the warm-up's or the first work segment's) to completion,
    /// pauses excluded.
    public var totalSeconds: Double
    /// Seconds paused after ``start``.
    public var pausedSeconds: Double
    /// Work segments run (rounds summed over exercises).
    public var rounds: Int
    /// Exercises run.
    public var exercises: Int
    /// Body weight in kg used for the calorie estimate; `nil` when none was set.
    public var weightKg: Double?
    /// Estimated energy in kcal, unrounded; `nil` when no weight was set.
    public var kcal: Double?
    /// Per-leg results of a multisport session; empty for interval workouts.
    public var legs: [LegRecord]
    /// For an interval workout hiit's timer ran: each segment from ``start`` (the warm-up, else
    /// the first work segment) to completion, in order (prepare comes before the session and is not one of them);
    /// empty for multisport sessions, imported ones and those recorded before hiit kept them.
    public var segments: [SegmentRecord]
    /// For a session imported from a device's file: the file it came from; `nil` for sessions
    /// hiit's timer recorded or that were typed.
    public var source: RecordSource?
    /// Where ``kcal`` came from for an imported session (the device, distance × weight, or
    /// MET × weight × hours); `nil` for hiit's own sessions, whose kcal is always the MET estimate.
    public var kcalSource: KcalSource?

    /// Creates a record from values already measured.
    /// - Parameters: see the properties.
    @inlinable public init(
        id: UUID, workout: String, kind: Kind, start: Date, end: Date,
        timeZone: String, utcOffsetSeconds: Int, localDate: LocalDay,
        workoutSeconds: Double, totalSeconds: Double, pausedSeconds: Double,
        rounds: Int, exercises: Int, weightKg: Double?, kcal: Double?, legs: [LegRecord] = [],
        segments: [SegmentRecord] = [], source: RecordSource? = nil, kcalSource: KcalSource? = nil
    ) {
        self.version = Self.currentVersion
        self.id = id
        self.workout = workout
        self.kind = kind
        self.start = start
        self.end = end
        self.timeZone = timeZone
        self.utcOffsetSeconds = utcOffsetSeconds
        self.localDate = localDate
        self.workoutSeconds = workoutSeconds
        self.totalSeconds = totalSeconds
        self.pausedSeconds = pausedSeconds
        self.rounds = rounds
        self.exercises = exercises
        self.weightKg = weightKg
        self.kcal = kcal
        self.legs = legs
        self.segments = segments
        self.source = source
        self.kcalSource = kcalSource
    }

    /// Creates a record stamped in the given zone: `utcOffsetSeconds` and `localDate` are
    /// computed from `start` in `timeZone` with a Gregorian calendar (pure: nothing is read
    /// from the machine). A start outside the years 1–9999, which no clock gives, is dated
    /// with the nearest date of those years.
    /// - Parameters:
    ///   - start: wall-clock instant Total Time started: the warm-up's start, else the first
    ///     work segment's.
    ///   - timeZone: the zone in force at the start: its name is stored, and its offset at
    ///     `start` gives `utcOffsetSeconds` and `localDate`.
    ///   - others: as the properties.
    public init(
        id: UUID, workout: String, kind: Kind, start: Date, end: Date, timeZone: some RecordingTimeZone,
        workoutSeconds: Double, totalSeconds: Double, pausedSeconds: Double,
        rounds: Int, exercises: Int, weightKg: Double?, kcal: Double?, legs: [LegRecord] = [],
        segments: [SegmentRecord] = []
    ) {
        let offset = timeZone.secondsFromGMT(for: start)
        let localDate = LocalDay(of: start, utcOffsetSeconds: offset) ?? {
            // Before 1600 or after 9999: the date Foundation's Gregorian calendar gives.
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = (timeZone as? TimeZone) ?? TimeZone(secondsFromGMT: offset) ?? calendar.timeZone
            return LocalDay(of: start, in: calendar)
                ?? (start < Date(timeIntervalSince1970: 0) ? LocalDay.earliest : LocalDay.latest)
        }()
        self.init(
            id: id, workout: workout, kind: kind, start: start, end: end,
            timeZone: timeZone.identifier, utcOffsetSeconds: offset,
            localDate: localDate, workoutSeconds: workoutSeconds, totalSeconds: totalSeconds,
            pausedSeconds: pausedSeconds, rounds: rounds, exercises: exercises,
            weightKg: weightKg, kcal: kcal, legs: legs, segments: segments)
    }

    private enum CodingKeys: String, CodingKey {
        case version, id, workout, kind, start, end, timeZone, utcOffsetSeconds, localDate
        case workoutSeconds, totalSeconds, pausedSeconds, rounds, exercises, weightKg, kcal, legs
        case segments, source, kcalSource
    }

    /// Decodes a history line. Missing `legs` and `segments` read as empty; missing `weightKg`/`kcal`/`source`/
    /// `kcalSource` as `nil`.
    /// - Throws: `DecodingError` for a wrong type or a missing required key, or a
    ///   `dataCorrupted` error naming the version when it is newer than ``currentVersion`` or
    ///   the `localDate` when it is not a real `YYYY-MM-DD` date.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        version = try c.decodeSchemaVersion(forKey: .version, supported: Self.currentVersion, isRequired: true)
        id = try c.decode(UUID.self, forKey: .id)
        workout = try c.decode(String.self, forKey: .workout)
        kind = try c.decode(Kind.self, forKey: .kind)
        start = try c.decode(Date.self, forKey: .start)
        end = try c.decode(Date.self, forKey: .end)
        timeZone = try c.decode(String.self, forKey: .timeZone)
        utcOffsetSeconds = try c.decode(Int.self, forKey: .utcOffsetSeconds)
        localDate = try c.decode(LocalDay.self, forKey: .localDate)
        workoutSeconds = try c.decode(Double.self, forKey: .workoutSeconds)
        totalSeconds = try c.decode(Double.self, forKey: .totalSeconds)
        pausedSeconds = try c.decodeIfPresent(Double.self, forKey: .pausedSeconds) ?? 0
        rounds = try c.decodeIfPresent(Int.self, forKey: .rounds) ?? 0
        exercises = try c.decodeIfPresent(Int.self, forKey: .exercises) ?? 0
        weightKg = try c.decodeIfPresent(Double.self, forKey: .weightKg)
        kcal = try c.decodeIfPresent(Double.self, forKey: .kcal)
        legs = try c.decodeIfPresent([LegRecord].self, forKey: .legs) ?? []
        segments = try c.decodeIfPresent([SegmentRecord].self, forKey: .segments) ?? []
        source = try c.decodeIfPresent(RecordSource.self, forKey: .source)
        kcalSource = try c.decodeIfPresent(KcalSource.self, forKey: .kcalSource)
    }

    /// Encodes every key; `weightKg`, `kcal`, `source` and `kcalSource` only when set,
    /// `segments` only when there are some (a line without them is as hiit wrote it before).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(version, forKey: .version)
        try c.encode(id, forKey: .id)
        try c.encode(workout, forKey: .workout)
        try c.encode(kind, forKey: .kind)
        try c.encode(start, forKey: .start)
        try c.encode(end, forKey: .end)
        try c.encode(timeZone, forKey: .timeZone)
        try c.encode(utcOffsetSeconds, forKey: .utcOffsetSeconds)
        try c.encode(localDate, forKey: .localDate)
        try c.encode(workoutSeconds, forKey: .workoutSeconds)
        try c.encode(totalSeconds, forKey: .totalSeconds)
        try c.encode(pausedSeconds, forKey: .pausedSeconds)
        try c.encode(rounds, forKey: .rounds)
        try c.encode(exercises, forKey: .exercises)
        try c.encodeIfPresent(weightKg, forKey: .weightKg)
        try c.encodeIfPresent(kcal, forKey: .kcal)
        try c.encode(legs, forKey: .legs)
        if !segments.isEmpty { try c.encode(segments, forKey: .segments) }
        try c.encodeIfPresent(source, forKey: .source)
        try c.encodeIfPresent(kcalSource, forKey: .kcalSource)
    }

    /// The JSON line written to `history.jsonl`: keys sorted, dates ISO 8601 in UTC, no newline.
    /// - Throws: `EncodingError` only for non-finite numbers (NaN or infinity).
    public func jsonLine() throws -> Data {
        try Self.encoder.encode(self)
    }

    /// Decodes one history line (as written by ``jsonLine()``).
    /// - Throws: `DecodingError` describing the first problem.
    public init(jsonLine data: Data) throws {
        self = try Self.decoder.decode(SessionRecord.self, from: data)
    }

    /// The encoder for history lines: sorted keys, ISO 8601 dates in UTC to the second (as
    /// `.iso8601` writes them, by ``UTCInstant`` without ICU's time zone data), slashes not
    /// escaped.
    public static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(UTCInstant.text(date))
        }
        return encoder
    }

    /// The decoder for history lines: ISO 8601 dates.
    public static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}

/// One leg of a multisport session (DESIGN §3 `legs`). Times are seconds from the session start.
public struct LegRecord: Codable, Equatable, Sendable {
    /// HealthKit's name of the sport: `swimming`, `cycling`, `running`, `transition`, …
    public var sport: String
    /// Seconds from the session start to the leg's start.
    public var startSeconds: Double
    /// Seconds from the leg's start to its end, pauses included.
    public var elapsedSeconds: Double
    /// Elapsed seconds less the time paused.
    public var timerSeconds: Double
    /// Distance covered in metres, when known.
    public var distanceMeters: Double?
    /// Estimated energy of the leg in kcal, unrounded; `nil` when no weight was set.
    public var kcal: Double?
    /// Laps inside the leg, in order. In a pool swim each lap is one length of the pool.
    public var laps: [LapRecord]
    /// For a pool swim: the pool's length in ``poolUnit`` (absent otherwise).
    public var poolLength: Double?
    /// The unit of ``poolLength``, which also sets the swim pace's unit (per 100 m or 100 yd).
    public var poolUnit: LengthUnit?
    /// For a swim: open water rather than a pool (absent when not said).
    public var isOpenWater: Bool?
    /// For a recorded `other` sport: the file's own name of it (`kitesurfing`); absent otherwise.
    public var sportName: String?
    /// Metres climbed (recorded activities: the device's total, else from the points with 3 m
    /// hysteresis); absent when unknown.
    public var ascentMeters: Double?
    /// Metres descended, as ``ascentMeters``.
    public var descentMeters: Double?
    /// Average heart rate, beats per minute; absent when unknown.
    public var avgHeartRate: Double?
    /// Highest heart rate, beats per minute; absent when unknown.
    public var maxHeartRate: Double?
    /// Average cadence as the device records it (rpm on a bike, steps per minute on foot);
    /// absent when unknown.
    public var avgCadence: Double?
    /// Seconds moving (recorded activities: above the sport's stopped speed); absent when unknown.
    public var movingSeconds: Double?

    /// Creates a leg record; see the properties for units.
    @inlinable public init(sport: String, startSeconds: Double, elapsedSeconds: Double, timerSeconds: Double,
                distanceMeters: Double?, kcal: Double?, laps: [LapRecord],
                poolLength: Double? = nil, poolUnit: LengthUnit? = nil, isOpenWater: Bool? = nil,
                sportName: String? = nil, ascentMeters: Double? = nil, descentMeters: Double? = nil,
                avgHeartRate: Double? = nil, maxHeartRate: Double? = nil, avgCadence: Double? = nil,
                movingSeconds: Double? = nil) {
        self.sport = sport
        self.startSeconds = startSeconds
        self.elapsedSeconds = elapsedSeconds
        self.timerSeconds = timerSeconds
        self.distanceMeters = distanceMeters
        self.kcal = kcal
        self.laps = laps
        self.poolLength = poolLength
        self.poolUnit = poolUnit
        self.isOpenWater = isOpenWater
        self.sportName = sportName
        self.ascentMeters = ascentMeters
        self.descentMeters = descentMeters
        self.avgHeartRate = avgHeartRate
        self.maxHeartRate = maxHeartRate
        self.avgCadence = avgCadence
        self.movingSeconds = movingSeconds
    }

    /// The sport, when this program knows its name (`nil` for a sport written by a newer one).
    public var knownSport: Sport? { Sport(rawValue: sport) }

    /// The pool length in metres, when this was a pool swim.
    public var poolLengthMeters: Double? {
        guard let poolLength else { return nil }
        return poolLength * (poolUnit ?? .meters).meters
    }
}

/// One lap inside a leg: seconds from the session start, its length in seconds, and (for a
/// device's lap) its distance.
public struct LapRecord: Codable, Equatable, Sendable {
    /// Seconds from the session start to the lap's start.
    public var startSeconds: Double
    /// Length of the lap in seconds.
    public var elapsedSeconds: Double
    /// The lap's distance in metres, as the device recorded it; absent for hiit's own laps.
    public var distanceMeters: Double?

    /// Creates a lap record (seconds, metres).
    @inlinable public init(startSeconds: Double, elapsedSeconds: Double, distanceMeters: Double? = nil) {
        self.startSeconds = startSeconds
        self.elapsedSeconds = elapsedSeconds
        self.distanceMeters = distanceMeters
    }
}

/// One segment of an interval workout as it ran (DESIGN §3 `segments`): its kind, its label,
/// and its times in seconds from the session start, to the millisecond (the engine's precision;
/// the export writes each as a lap). Pauses count in ``elapsedSeconds``, not in ``timerSeconds``.
///
/// In a history line a segment is a JSON array of its five values in this order, `["work",
/// "Burpees", 0, 20, 20]` (kind, label, start, elapsed, timer): a session keeps one per
/// segment, dozens in a line, and an array says them in a third of an object's bytes. Values
/// after the fifth (a newer hiit's) are read past.
public struct SegmentRecord: Codable, Equatable, Sendable {
    /// What the segment was. Raw values are the `kind` words of `hiit show --json` (DESIGN §6);
    /// prepare is never recorded (it comes before the session's start).
    public enum Kind: String, Codable, Sendable, CaseIterable {
        /// Work of one round of an exercise.
        case work
        /// Rest between two rounds of an exercise.
        case rest
        /// Rest between two exercises.
        case restBetweenExercises
        /// The cool-down after the last work segment.
        case coolDown
        /// The warm-up before the first work segment.
        case warmUp
        /// Rest between two sets of a circuit.
        case restBetweenSets
    }

    /// What the segment was.
    public var kind: Kind
    /// What the screen named it: the exercise for work and rest, "Rest", "Rest between sets",
    /// "Warm up", "Cool down".
    public var label: String
    /// Seconds from the session start (the warm-up's start, else the first work segment's) to
    /// the segment's start.
    public var startSeconds: Double
    /// Seconds from the segment's start to its end, pauses included.
    public var elapsedSeconds: Double
    /// Seconds the segment ran, pauses excluded.
    public var timerSeconds: Double

    /// Creates a segment record; times in seconds (see the properties).
    @inlinable public init(kind: Kind, label: String, startSeconds: Double, elapsedSeconds: Double, timerSeconds: Double) {
        self.kind = kind
        self.label = label
        self.startSeconds = startSeconds
        self.elapsedSeconds = elapsedSeconds
        self.timerSeconds = timerSeconds
    }

    /// Reads `[kind, label, startSeconds, elapsedSeconds, timerSeconds, …]`.
    /// - Throws: `DecodingError` when the array is shorter, or a value is of another type or
    ///   (the kind) not one of ``Kind``'s words.
    public init(from decoder: any Decoder) throws {
        var values = try decoder.unkeyedContainer()
        kind = try values.decode(Kind.self)
        label = try values.decode(String.self)
        startSeconds = try values.decode(Double.self)
        elapsedSeconds = try values.decode(Double.self)
        timerSeconds = try values.decode(Double.self)
    }

    /// Writes `[kind, label, startSeconds, elapsedSeconds, timerSeconds]`.
    /// - Throws: `EncodingError` for a time that is not finite.
    public func encode(to encoder: any Encoder) throws {
        var values = encoder.unkeyedContainer()
        try values.encode(kind)
        try values.encode(label)
        try values.encode(startSeconds)
        try values.encode(elapsedSeconds)
        try values.encode(timerSeconds)
    }

    /// Whether each of its times is within ``RecordLimits/seconds`` (0 to 7 days), as the
    /// history reader requires.
    public var keepsLimits: Bool {
        RecordLimits.seconds.contains(startSeconds) && RecordLimits.seconds.contains(elapsedSeconds)
            && RecordLimits.seconds.contains(timerSeconds)
    }

    /// `seconds` to the nearest millisecond, the precision segment times are kept at (so that
    /// a time written to a file in milliseconds and read back is the same number).
    public static func milliseconds(_ seconds: Double) -> Double {
        guard seconds.isFinite else { return seconds }
        return (seconds * 1000).rounded() / 1000
    }
}

/// The file an imported session came from (DESIGN §8 `source`): its format, its base name, the
/// SHA-256 of its bytes (64 lowercase hexadecimal digits) and the recording device when known.
/// The original is kept byte for byte under the data folder, named by the session id.
public struct RecordSource: Codable, Equatable, Sendable {
    /// `fit`, `gpx` or `tcx`.
    public var format: String
    /// The file's base name as it was imported, e.g. `2026-05-01-07-30-12.fit`.
    public var fileName: String
    /// SHA-256 of the file's bytes, 64 lowercase hexadecimal digits.
    public var sha256: String
    /// The device's manufacturer (`garmin`), when the file names it.
    public var manufacturer: String?
    /// The device's product (`edge530`, or its number), when the file names it.
    public var product: String?

    /// Creates a source; see the properties.
    @inlinable public init(format: String, fileName: String, sha256: String, manufacturer: String? = nil, product: String? = nil) {
        self.format = format
        self.fileName = fileName
        self.sha256 = sha256
        self.manufacturer = manufacturer
        self.product = product
    }
}

/// Where an imported session's kcal came from (DESIGN §8 "Calories").
public enum KcalSource: String, Codable, Equatable, Sendable {
    /// The device's own total.
    case device
    /// Running and walking: km × kg (the run tracker's formula).
    case distance
    /// MET × kg × hours by sport and speed (2011/2024 Adult Compendium, see `LegCalories`).
    case met
}

extension SessionRecord {
    /// The legs' distances added up, metres; `nil` when no leg has one (every interval
    /// workout). `hiit history` shows it and `history export --csv` writes it.
    public var totalDistanceMeters: Double? {
        let distances = legs.compactMap(\.distanceMeters)
        return distances.isEmpty ? nil : distances.reduce(0, +)
    }
}
