import Foundation
import Tracks

/// The messages of a FIT activity file that hiit uses, read from ``FITMessage``s into values
/// with the profile's scales, offsets and units (FIT SDK Profile.xlsx; see ``FITProfile``),
/// in file order and not yet put together into sessions.
struct FITActivityMessages {
    /// `file_id.type` of each `file_id` message (one per chained file), `nil` where invalid.
    var fileTypes: [UInt64?] = []
    /// The first `file_id`'s device.
    var device: RecordingDevice?
    /// `session` messages.
    var sessions: [FITSummary] = []
    /// `lap` messages.
    var laps: [FITSummary] = []
    /// `length` messages.
    var lengths: [RecordedLength] = []
    /// `record` messages with a usable timestamp, as points.
    var points: [TrackPoint] = []
    /// Timer `event`s: the instant and whether the timer stopped (else started).
    var timerEvents: [(time: Date, isStop: Bool)] = []
    /// `activity.local_timestamp − activity.timestamp`, seconds, of the first activity message
    /// with both.
    var localOffsetSeconds: Int64?
    /// `sport` messages: sport, sub-sport (name, field 3, is not used: it is the device's
    /// profile name such as "Road Bike", not the activity's).
    var sports: [(sport: UInt64?, subSport: UInt64?)] = []

    /// Reads one data message into the values above; messages of other numbers are ignored.
    mutating func add(_ message: FITMessage) {
        switch message.globalNumber {
        case FITProfile.record: addRecord(message)
        case FITProfile.lap: laps.append(FITSummary(lap: message))
        case FITProfile.session: sessions.append(FITSummary(session: message))
        case FITProfile.event: addEvent(message)
        case FITProfile.length: addLength(message)
        case FITProfile.fileID: addFileID(message)
        case FITProfile.activity:
            if localOffsetSeconds == nil, let time = message.timestamp,
               let local = message.unsigned(FITProfile.Activity.localTimestamp).flatMap({ Int64(exactly: $0) }) {
                localOffsetSeconds = local - Int64(time)
            }
        case FITProfile.sport:
            sports.append((message.unsigned(FITProfile.SportMessage.sport), message.unsigned(FITProfile.SportMessage.subSport)))
        default: break
        }
    }

    /// The instant of a FIT `date_time` (seconds since 1989-12-31 00:00 UTC); `nil` for a
    /// value below 0x10000000, which counts from the device's power-on, not an instant.
    static func date(_ time: UInt32?) -> Date? {
        guard let time, time >= FITProfile.smallestAbsoluteTime else { return nil }
        return Date(timeIntervalSince1970: FITProfile.epochUnixSeconds + Double(time))
    }

    /// The instant of a `date_time` field.
    static func date(_ message: FITMessage, _ field: UInt8) -> Date? {
        date(message.unsigned(field).map { UInt32(truncatingIfNeeded: $0) })
    }

    /// A `record` (20) as a point: semicircles to degrees (positions outside ±90°/±180° and
    /// half positions dropped), enhanced altitude and speed where written, else the 16-bit ones;
    /// a record without an absolute timestamp is skipped.
    mutating func addRecord(_ message: FITMessage) {
        guard let time = Self.date(message.timestamp) else { return }
        typealias R = FITProfile.Record
        var latitude = message.number(R.positionLat).map { $0 * FITProfile.degreesPerSemicircle }
        var longitude = message.number(R.positionLong).map { $0 * FITProfile.degreesPerSemicircle }
        if let lat = latitude, let lon = longitude, abs(lat) <= 90, abs(lon) <= 180 {} else {
            latitude = nil
            longitude = nil
        }
        let altitude = message.value(R.enhancedAltitude, scale: FITProfile.altitudeScale, offset: FITProfile.altitudeOffset)
            ?? message.value(R.altitude, scale: FITProfile.altitudeScale, offset: FITProfile.altitudeOffset)
        let speed = message.value(R.enhancedSpeed, scale: FITProfile.speedScale)
            ?? message.value(R.speed, scale: FITProfile.speedScale)
        points.append(TrackPoint(time: time, latitude: latitude, longitude: longitude, altitudeMeters: altitude,
                                 distanceMeters: message.value(R.distance, scale: FITProfile.distanceScale),
                                 heartRate: message.number(R.heartRate), cadence: message.number(R.cadence),
                                 speedMetersPerSecond: speed))
    }

    /// A timer `event` (21): start, or stop (stop, stop_all, stop_disable, stop_disable_all).
    mutating func addEvent(_ message: FITMessage) {
        typealias E = FITProfile.Event
        guard message.unsigned(E.event) == E.timer, let type = message.unsigned(E.eventType),
              let time = Self.date(message.timestamp) else { return }
        if type == E.start {
            timerEvents.append((time, false))
        } else if E.stops.contains(type) {
            timerEvents.append((time, true))
        }
    }

    /// A `length` (101): start (else `timestamp − elapsed`), timer seconds (else elapsed),
    /// idle or active, strokes.
    mutating func addLength(_ message: FITMessage) {
        typealias L = FITProfile.Length
        let elapsed = message.value(L.totalElapsedTime, scale: FITProfile.timeScale)
        let timer = message.value(L.totalTimerTime, scale: FITProfile.timeScale)
        let start = Self.date(message, L.startTime)
            ?? Self.date(message.timestamp).map { $0.addingTimeInterval(-(elapsed ?? timer ?? 0)) }
        guard let start else { return }
        lengths.append(RecordedLength(start: start, seconds: timer ?? elapsed ?? 0,
                                      isActive: message.unsigned(L.lengthType) != L.idle,
                                      strokes: message.unsigned(L.totalStrokes).flatMap { Int(exactly: $0) }))
    }

    /// A `file_id` (0): its type, and the first one's manufacturer and product by name
    /// (`garmin_product` for Garmin's makers; else `product_name`, else the number).
    mutating func addFileID(_ message: FITMessage) {
        typealias F = FITProfile.FileID
        fileTypes.append(message.unsigned(F.type))
        guard device == nil else { return }
        let maker = message.unsigned(F.manufacturer)
        let productNumber = message.unsigned(F.product)
        var product: String?
        if let maker, let productNumber, FITProfile.garminProductMakers.contains(maker) {
            product = FITProfile.garminProductNames[productNumber]
        }
        product = product ?? message.string(F.productName) ?? productNumber.map { String($0) }
        let manufacturer = maker.map { FITProfile.manufacturerNames[$0] ?? String($0) }
        if manufacturer != nil || product != nil { device = RecordingDevice(manufacturer: manufacturer, product: product) }
    }
}

/// A `session` or `lap` message's values: its times, totals, sport and (sessions) laps and
/// pool length.
struct FITSummary {
    /// `start_time`.
    var startTime: Date?
    /// `timestamp` (253): when the summary was written, normally the end.
    var timestamp: Date?
    /// The totals with their units (seconds, metres, kcal, bpm, rpm, m/s).
    var totals: RecordedTotals
    /// `sport` (Types sheet `sport`).
    var sport: UInt64?
    /// `sub_sport` (Types sheet `sub_sport`).
    var subSport: UInt64?
    /// `session.first_lap_index`: the index of the session's first lap among the file's laps.
    var firstLapIndex: Int?
    /// `session.num_laps`.
    var lapCount: Int?
    /// `session.pool_length`, metres.
    var poolLengthMeters: Double?

    /// The start: `start_time`, else `timestamp − total_elapsed_time` (else − timer time).
    var start: Date? {
        startTime ?? timestamp.map { $0.addingTimeInterval(-(totals.elapsedSeconds ?? totals.timerSeconds ?? 0)) }
    }

    /// The end: `start_time + total_elapsed_time` (summaries may be written first, so the
    /// message's timestamp is not the end), else `timestamp`.
    var end: Date? {
        if let startTime, let elapsed = totals.elapsedSeconds { return startTime.addingTimeInterval(elapsed) }
        return timestamp
    }

    /// Reads a `session` message (18).
    init(session message: FITMessage) {
        typealias S = FITProfile.Session
        self.init(message, fields: S.self)
        firstLapIndex = message.unsigned(S.firstLapIndex).flatMap { Int(exactly: $0) }
        lapCount = message.unsigned(S.numLaps).flatMap { Int(exactly: $0) }
        poolLengthMeters = message.value(S.poolLength, scale: FITProfile.distanceScale)
    }

    /// Reads a `lap` message (19).
    init(lap message: FITMessage) {
        self.init(message, fields: FITProfile.Lap.self)
    }

    /// The times, totals and sport a `session` and a `lap` share, at their own field numbers.
    private init<Fields: FITSummaryFields>(_ message: FITMessage, fields: Fields.Type) {
        startTime = FITActivityMessages.date(message, Fields.startTime)
        timestamp = FITActivityMessages.date(message.timestamp)
        totals = RecordedTotals(
            elapsedSeconds: message.value(Fields.totalElapsedTime, scale: FITProfile.timeScale),
            timerSeconds: message.value(Fields.totalTimerTime, scale: FITProfile.timeScale),
            distanceMeters: message.value(Fields.totalDistance, scale: FITProfile.distanceScale),
            ascentMeters: message.number(Fields.totalAscent), descentMeters: message.number(Fields.totalDescent),
            kcal: message.number(Fields.totalCalories),
            averageHeartRate: message.number(Fields.avgHeartRate), maximumHeartRate: message.number(Fields.maxHeartRate),
            averageCadence: message.number(Fields.avgCadence), maximumCadence: message.number(Fields.maxCadence),
            maximumSpeedMetersPerSecond: message.value(Fields.enhancedMaxSpeed, scale: FITProfile.speedScale)
                ?? message.value(Fields.maxSpeed, scale: FITProfile.speedScale))
        sport = message.unsigned(Fields.sport)
        subSport = message.unsigned(Fields.subSport)
    }
}
