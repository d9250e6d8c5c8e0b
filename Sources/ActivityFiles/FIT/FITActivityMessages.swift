import Foundation
import Tracks
import WorkoutModel

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
    /// `sport` messages other than multisport ones: sport, sub-sport (name, field 3, is not
    /// used: it is the device's profile name such as "Road Bike", not the activity's).
    var sports: [(sport: UInt64?, subSport: UInt64?)] = []
    /// The `sub_sport` name of the first `sport` message of sport multisport (18) that has a
    /// sub-sport other than generic (`triathlon`, `duathlon`, …; a number the profile does not
    /// name as its number).
    var multisportName: String?
    /// The file's developer applications and field descriptions, as read so far.
    var developer = FITDeveloperDescriptions()
    /// Whether the first `file_id` is hiit's export (manufacturer development 255, product
    /// name `hiit`): its recording device is then the creator's `device_info`, not the
    /// `file_id`, which names hiit.
    var isWrittenByHiit = false
    /// The creator's `device_info` (device_index 0), the first one: whether there is one, and
    /// the device it names.
    var hasCreatorDeviceInfo = false
    var creatorDevice: RecordingDevice?
    /// hiit's session values from the first `session` message carrying valid ones.
    var hiitSession: HiitSessionData?
    /// The activity's name from hiit's `hiit_name` on a `session` message, the first one.
    var activityName: String?

    /// The device that recorded the activity: the `file_id`'s, or for a file hiit exported the
    /// creator's `device_info` (`nil` when it names none).
    var recordingDevice: RecordingDevice? { isWrittenByHiit ? creatorDevice : device }

    /// Reads one data message into the values above; messages of other numbers are ignored.
    mutating func add(_ message: FITMessage) {
        switch message.globalNumber {
        case FITProfile.record: addRecord(message)
        case FITProfile.lap: addLap(message)
        case FITProfile.session: addSession(message)
        case FITProfile.event: addEvent(message)
        case FITProfile.length: addLength(message)
        case FITProfile.fileID: addFileID(message)
        case FITProfile.activity:
            if localOffsetSeconds == nil, let time = message.timestamp,
               let local = message.unsigned(FITProfile.Activity.localTimestamp).flatMap({ Int64(exactly: $0) }) {
                localOffsetSeconds = local - Int64(time)
            }
        case FITProfile.sport:
            let sport = message.unsigned(FITProfile.SportMessage.sport)
            let subSport = message.unsigned(FITProfile.SportMessage.subSport)
            if sport == FITProfile.multisport {
                if multisportName == nil, let subSport, subSport != 0 {
                    multisportName = FITProfile.subSportNames[subSport] ?? String(subSport)
                }
            } else {
                sports.append((sport, subSport))
            }
        case FITProfile.deviceInfo: addDeviceInfo(message)
        case FITProfile.developerDataID: developer.addApplication(message)
        case FITProfile.fieldDescription: developer.addDescription(message)
        default: break
        }
    }

    /// A `session` (18), with hiit's developer values: the start's milliseconds, whether it
    /// had no laps, and (first ones only) hiit's session values and the activity's name.
    mutating func addSession(_ message: FITMessage) {
        var summary = FITSummary(session: message)
        if developer.hasHiitFields, !message.definition.developerFields.isEmpty {
            let values = developer.hiitValues(message)
            summary.addStartFraction(values.startFraction)
            summary.hasNoLaps = values.numbers[.noLaps] == 1
            if hiitSession == nil { hiitSession = values.session }
            if activityName == nil { activityName = values.texts[.activityName] }
        }
        sessions.append(summary)
    }

    /// A `lap` (19), with hiit's developer values: the start's milliseconds and the name.
    mutating func addLap(_ message: FITMessage) {
        var summary = FITSummary(lap: message)
        if developer.hasHiitFields, !message.definition.developerFields.isEmpty {
            let values = developer.hiitValues(message)
            summary.addStartFraction(values.startFraction)
            summary.name = values.texts[.lapName]
        }
        laps.append(summary)
    }

    /// A `device_info` (23): the first of the creator (device_index 0), with hiit's
    /// `hiit_manufacturer` for a maker FIT has no number for.
    mutating func addDeviceInfo(_ message: FITMessage) {
        typealias D = FITProfile.DeviceInfo
        guard !hasCreatorDeviceInfo, message.unsigned(D.deviceIndex) == D.creator else { return }
        hasCreatorDeviceInfo = true
        let makerName = developer.hasHiitFields ? developer.hiitValues(message).texts[.manufacturer] : nil
        creatorDevice = Self.device(maker: message.unsigned(D.manufacturer), makerName: makerName,
                                    product: message.unsigned(D.product), productName: message.string(D.productName))
    }

    /// A device from FIT's numbers: the manufacturer by its profile name (else `makerName`,
    /// else the number), the product as a `garmin_product` name for Garmin's makers, else
    /// `productName`, else the number; `nil` when neither is known.
    static func device(maker: UInt64?, makerName: String?, product: UInt64?, productName: String?) -> RecordingDevice? {
        var name: String?
        if let maker, let product, FITProfile.garminProductMakers.contains(maker) {
            name = FITProfile.garminProductNames[product]
        }
        name = name ?? productName ?? product.map { String($0) }
        let manufacturer = maker.map { FITProfile.manufacturerNames[$0] ?? String($0) } ?? makerName
        guard manufacturer != nil || name != nil else { return nil }
        return RecordingDevice(manufacturer: manufacturer, product: name)
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
        let maker = message.unsigned(F.manufacturer)
        if fileTypes.isEmpty {
            isWrittenByHiit = maker == FITProfile.development && message.string(F.productName) == FITActivityEncoder.productName
        }
        fileTypes.append(message.unsigned(F.type))
        guard device == nil else { return }
        device = Self.device(maker: maker, makerName: nil, product: message.unsigned(F.product),
                             productName: message.string(F.productName))
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
    /// `lap.intensity` (field 23), `nil` when absent or a value the profile does not name.
    var intensity: LapIntensity?
    /// hiit's `hiit_lap_name` of a lap.
    var name: String?
    /// hiit's `hiit_no_laps` of a session: it had no laps, and its one lap is not one.
    var hasNoLaps = false

    /// Adds hiit's `hiit_start_ms` (as seconds) to `start_time`, which FIT holds in whole
    /// seconds: `start_time + fraction` computed from Unix seconds, as the encoder split it.
    mutating func addStartFraction(_ fraction: Double) {
        guard fraction > 0, let startTime else { return }
        self.startTime = Date(timeIntervalSince1970: startTime.timeIntervalSince1970 + fraction)
    }

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
        intensity = message.unsigned(FITProfile.Lap.intensity).flatMap { UInt8(exactly: $0) }.flatMap(LapIntensity.init(rawValue:))
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
