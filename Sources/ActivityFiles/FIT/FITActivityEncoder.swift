import Foundation
import Tracks
import WorkoutModel

/// Writes a ``RecordedActivity`` as a FIT activity file (file type 4) that the platforms
/// taking uploads read (Strava, Garmin Connect, intervals.icu), and that
/// ``FITActivityDecoder`` reads back into the same activity. Pure: values in, bytes out; the
/// same activity always gives the same bytes (no clock, no randomness).
///
/// The file (FIT protocol rev. 2.x; message and field names and numbers from FIT SDK
/// Profile.xlsx, profile ``profileVersion``): a 14-byte header (protocol 2.0), then
/// - `file_id` (0): type activity 4, manufacturer development 255, product 1, product name
///   `hiit`, time_created (the first session's start), serial number (FNV-1a of the rest of the
///   file's records, so it follows the content);
/// - when the activity needs them, `developer_data_id` (207) of hiit's application
///   (``hiitApplicationID``, developer data index 0) and one `field_description` (206) per
///   developer field used (see below);
/// - `device_info` (23) of the creator (device_index 0): the recording device's manufacturer
///   and product numbers, its product name as text where FIT has no number for it;
/// - a `sport` (12) of sport multisport 18 with ``RecordedActivity/multisportName`` as its
///   sub-sport (triathlon 78, duathlon 79, brick 80, swim_run 81) when the activity has a name
///   for its kind or more than one session;
/// - per session, in time order: a timer start `event` (21; event timer 0, type start 0) at the
///   session's start, a stop_all (4) and start pair per timer pause, a `record` (20) per point,
///   a `length` (101) per pool length and a `lap` (19) per lap at its end; then the `session`
///   (18) (summary last, the order every platform reads);
/// - a timer stop_all `event` at the end, and `activity` (34): total timer time, number of
///   sessions, type manual 0 (auto_multi_sport 1 with several sessions), event activity 26
///   stop 1, local_timestamp = timestamp + ``RecordedActivity/utcOffsetSeconds`` when known;
/// - the file CRC.
///
/// Every FIT timestamp is the instant's whole second (after rounding to the millisecond);
/// values an activity lacks are written as their base type's invalid value or not written at
/// all. Sports: a session's `sportName` when it spells FIT's names for its sport
/// (`cycling/road`, `hiit/tabata`), else its ``Sport`` (``FITSportMapping/numbers(for:)``).
///
/// hiit's developer fields (``FITHiitDeveloperData``) carry what no standard field holds, and
/// are written only when the activity has such values: ``RecordedActivity/hiitSession``, a
/// lap name, a session or lap start with milliseconds, an activity name, a maker FIT has no
/// number for, or a session without laps (FIT activity files need a lap a session: such a
/// session gets one lap spanning it, marked `hiit_no_laps` so the decoder drops it). With
/// them, every session and lap carries `hiit_start_ms`.
///
/// What FIT holds of an activity, and so what a decode of the encoded file gives back:
/// times of sessions and laps to the millisecond; times of points, pauses and lengths to the
/// second (rounded to the millisecond, then down); durations to the millisecond; distances to
/// the centimetre; positions to a semicircle (180/2³¹°; +180° longitude is written as −180°);
/// altitude to 0.2 m from −500 m; speeds to 1 mm/s; heart rate, cadence, ascent, descent and
/// kcal totals whole; the UTC offset to 15 minutes (the decoder's rounding). Not held: the file
/// format (it becomes ``RecordedActivity/Format/fit``), the notes of the decode the activity
/// came from, a point's horizontal error, a sport name FIT does not spell (it becomes FIT's name
/// of the sport), a multisport name FIT does not name, text past a NUL or past 254 bytes.
public enum FITActivityEncoder {
    /// hiit's developer `application_id` (FIT `developer_data_id`): the UUID
    /// `d47214bf-c840-4561-afc2-744a2f482a14`, fixed for hiit; a reader finds hiit's developer
    /// fields by it and their names.
    public static let hiitApplicationID: UUID = FITHiitDeveloperData.applicationID

    /// The FIT profile version the header declares: 21.170, written as 21,170 (major × 1000 +
    /// minor, the SDK's scale for profile minors above 99). Every message, field and value this
    /// encoder writes is in that profile.
    public static let profileVersion: UInt16 = 21_170

    /// `file_id.product_name` of hiit's files, which tells the decoder a file is hiit's export.
    static let productName = "hiit"
    /// `file_id.product` of hiit's files (manufacturer development has no product list).
    static let productNumber: Int64 = 1

    /// The FIT activity file of `activity` (see the type's description).
    /// - Parameter activity: any activity; one without sessions gives a file with `file_id`,
    ///   `device_info` and `activity` only (which the decoder refuses as having no activity).
    /// - Returns: the file's bytes, the same for the same activity.
    public static func encode(_ activity: RecordedActivity) -> Data {
        let outline = FITActivityOutline(activity)
        var body = FITWriter()
        outline.writeBody(into: &body)
        var file = FITWriter()
        file.write(outline.fileID(serialNumber: serialNumber(of: body.records)))
        // The body's first message defines its own local number, so it may follow file_id's.
        return Data(FITWriter.file(records: file.records + body.records, profileVersion: profileVersion))
    }

    /// A `uint32z` serial number from `bytes`: their 32-bit FNV-1a hash (offset basis
    /// 2166136261, prime 16777619; Fowler, Noll, Vo), 1 where it is 0 (the invalid value).
    static func serialNumber(of bytes: [UInt8]) -> Int64 {
        var hash: UInt32 = 2_166_136_261
        for byte in bytes { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return Int64(hash == 0 ? 1 : hash)
    }
}

/// An instant as FIT holds it: whole seconds since the FIT epoch (1989-12-31 00:00 UTC) and
/// the milliseconds past them, after rounding to the millisecond; clamped to the absolute
/// `date_time` values (0x10000000…0xFFFFFFFE, FIT SDK Profile.xlsx type `date_time`).
struct FITTime: Equatable {
    /// Seconds since the FIT epoch.
    var seconds: UInt32
    /// Milliseconds past ``seconds``, 0…999.
    var milliseconds: UInt16

    /// A FIT time of its parts.
    init(seconds: UInt32, milliseconds: UInt16) {
        self.seconds = seconds
        self.milliseconds = milliseconds
    }

    /// The FIT time of `date`.
    init(_ date: Date) {
        let lowest = Double(FITProfile.smallestAbsoluteTime) * 1000, highest = Double(UInt32.max - 1) * 1000
        var fitMilliseconds = (date.timeIntervalSince1970 * 1000).rounded() - FITProfile.epochUnixSeconds * 1000
        if !fitMilliseconds.isFinite { fitMilliseconds = lowest }
        fitMilliseconds = min(max(fitMilliseconds, lowest), highest)
        let whole = (fitMilliseconds / 1000).rounded(.down)
        seconds = UInt32(whole)
        milliseconds = UInt16(fitMilliseconds - whole * 1000)
    }

    /// ``seconds`` as a field value.
    var value: Int64 { Int64(seconds) }
}

/// What the encoder works out from an activity before writing it: the sports, the laps to
/// write (one spanning a session without any), ends, indices and which of hiit's developer
/// fields are used; and the writing of each message.
struct FITActivityOutline {
    typealias Hiit = FITHiitDeveloperData.Field

    /// One session as written.
    struct Session {
        /// The session itself.
        var session: RecordedSession
        /// FIT `sport` and `sub_sport` (``FITSportMapping/numbers(sportName:sport:)``).
        var sport: (sport: UInt64, subSport: UInt64)
        /// The laps written: the session's, or one spanning it when it has none.
        var laps: [RecordedLap]
        /// Whether the session had no laps (its one lap is written for readers, `hiit_no_laps`).
        var hasNoLaps: Bool
        /// Each lap's end (its start plus its time, else the next lap's start, else the
        /// session's end).
        var lapEnds: [Date]
        /// The session's end: the latest of its start plus its time and what it holds.
        var end: Date
        /// Index of the first lap among the file's laps.
        var firstLapIndex: Int
        /// Index of the first length among the file's lengths.
        var firstLengthIndex: Int
    }

    /// The activity written.
    let activity: RecordedActivity
    /// Its sessions as written, in the activity's order.
    let sessions: [Session]
    /// hiit's developer fields the file carries (empty: no developer data at all).
    let developerFields: Set<Hiit>
    /// The device's numbers and names for `device_info`.
    let device: FITDeviceFields
    /// Which optional record fields some point has (so all records share one definition).
    let recordHas: (position: Bool, altitude: Bool, heartRate: Bool, cadence: Bool, distance: Bool, speed: Bool)

    /// Works out the outline of `activity`.
    init(_ activity: RecordedActivity) {
        self.activity = activity
        var sessions: [Session] = []
        var lapIndex = 0, lengthIndex = 0
        for session in activity.sessions {
            let hasNoLaps = session.laps.isEmpty
            let laps = hasNoLaps ? [RecordedLap(start: session.start, totals: session.totals)] : session.laps
            var end = session.start.addingTimeInterval(session.totals.elapsedSeconds ?? session.totals.timerSeconds ?? 0)
            for lap in laps { end = max(end, lap.start.addingTimeInterval(lap.totals.elapsedSeconds ?? lap.totals.timerSeconds ?? 0)) }
            for point in session.points { end = max(end, point.time) }
            for pause in session.pauses { end = max(end, pause.end) }
            for length in session.lengths { end = max(end, length.start.addingTimeInterval(length.seconds)) }
            let lapEnds = laps.indices.map { index in
                let lap = laps[index]
                if let time = lap.totals.elapsedSeconds ?? lap.totals.timerSeconds { return lap.start.addingTimeInterval(time) }
                return index + 1 < laps.count ? laps[index + 1].start : end
            }
            sessions.append(Session(session: session, sport: FITSportMapping.numbers(sportName: session.sportName, sport: session.sport),
                                    laps: laps, hasNoLaps: hasNoLaps, lapEnds: lapEnds, end: end,
                                    firstLapIndex: lapIndex, firstLengthIndex: lengthIndex))
            lapIndex += laps.count
            lengthIndex += session.lengths.count
        }
        self.sessions = sessions
        device = FITDeviceFields(activity.device)

        var used = Set<Hiit>()
        if let hiit = activity.hiitSession {
            used.formUnion([.id, .kind, .workout, .timeZone, .rounds, .exercises, .workoutTime])
            if hiit.kcal != nil { used.insert(.kcal) }
            if hiit.weightKg != nil { used.insert(.weight) }
        }
        if let name = activity.name, !name.isEmpty { used.insert(.activityName) }
        if device.manufacturerName != nil { used.insert(.manufacturer) }
        for session in sessions {
            if session.hasNoLaps { used.insert(.noLaps) }
            if FITTime(session.session.start).milliseconds != 0 { used.insert(.startMilliseconds) }
            for lap in session.laps {
                if let name = lap.name, !name.isEmpty { used.insert(.lapName) }
                if FITTime(lap.start).milliseconds != 0 { used.insert(.startMilliseconds) }
            }
        }
        if !used.isEmpty { used.insert(.startMilliseconds) }
        developerFields = used

        let points = activity.sessions.lazy.flatMap(\.points)
        recordHas = (points.contains { $0.hasPosition }, points.contains { $0.altitudeMeters != nil },
                     points.contains { $0.heartRate != nil }, points.contains { $0.cadence != nil },
                     points.contains { $0.distanceMeters != nil }, points.contains { $0.speedMetersPerSecond != nil })
    }

    // MARK: The file

    /// The first instant of the activity (the first session's start), else the FIT epoch's
    /// first absolute second.
    var firstTime: FITTime {
        FITTime(activity.sessions.map(\.start).min() ?? Date(timeIntervalSince1970: FITProfile.epochUnixSeconds
            + Double(FITProfile.smallestAbsoluteTime)))
    }

    /// The end of the activity: the latest session end, else its start.
    var endTime: Date {
        sessions.map(\.end).max() ?? Date(timeIntervalSince1970: FITProfile.epochUnixSeconds + Double(firstTime.seconds))
    }

    /// `file_id` (0).
    func fileID(serialNumber: Int64) -> FITDataMessage {
        typealias F = FITProfile.FileID
        return FITDataMessage(globalNumber: FITProfile.fileID, fields: [
            FITFieldValue(F.type, .enumeration, Int64(FITProfile.activityFileType)),
            FITFieldValue(F.manufacturer, .uint16, Int64(FITProfile.development)),
            FITFieldValue(F.product, .uint16, FITActivityEncoder.productNumber),
            FITFieldValue(F.serialNumber, .uint32z, serialNumber),
            FITFieldValue(F.timeCreated, .uint32, firstTime.value),
            FITFieldValue(F.productName, text: FITActivityEncoder.productName),
        ])
    }

    /// Everything after `file_id`, in the order of the type's description.
    func writeBody(into writer: inout FITWriter) {
        if !developerFields.isEmpty {
            writer.write(developerDataID())
            for field in Hiit.allCases where developerFields.contains(field) { writer.write(fieldDescription(field)) }
        }
        writer.write(deviceInfo())
        if activity.multisportName != nil || activity.sessions.count > 1 { writer.write(multisport()) }
        for (index, session) in sessions.enumerated() { writeSession(session, index: index, into: &writer) }
        writer.write(timer(at: endTime, start: false))
        writer.write(activityMessage())
    }

    /// `developer_data_id` (207) of hiit's application at index 0.
    func developerDataID() -> FITDataMessage {
        typealias D = FITProfile.DeveloperDataID
        return FITDataMessage(globalNumber: FITProfile.developerDataID, fields: [
            FITFieldValue(D.applicationID, byteArray: FITHiitDeveloperData.applicationIDBytes),
            FITFieldValue(D.manufacturerID, .uint16, Int64(FITProfile.development)),
            FITFieldValue(D.developerDataIndex, .uint8, Int64(FITHiitDeveloperData.developerIndex)),
            FITFieldValue(D.applicationVersion, .uint32, FITHiitDeveloperData.applicationVersion),
        ])
    }

    /// `field_description` (206) of one of hiit's fields.
    func fieldDescription(_ field: Hiit) -> FITDataMessage {
        typealias F = FITProfile.FieldDescription
        var fields = [
            FITFieldValue(F.developerDataIndex, .uint8, Int64(FITHiitDeveloperData.developerIndex)),
            FITFieldValue(F.fieldDefinitionNumber, .uint8, Int64(field.rawValue)),
            FITFieldValue(F.fitBaseTypeID, .uint8, Int64(field.baseType.definitionByte)),
            FITFieldValue(F.fieldName, text: field.name),
        ]
        if let units = field.units { fields.append(FITFieldValue(F.units, text: units)) }
        return FITDataMessage(globalNumber: FITProfile.fieldDescription, fields: fields)
    }

    /// `device_info` (23) of the creator.
    func deviceInfo() -> FITDataMessage {
        typealias D = FITProfile.DeviceInfo
        var fields = [
            FITFieldValue(FITProfile.timestampField, .uint32, firstTime.value),
            FITFieldValue(D.deviceIndex, .uint8, Int64(D.creator)),
            FITFieldValue(D.manufacturer, .uint16, device.manufacturer),
            FITFieldValue(D.product, .uint16, device.product),
        ]
        if let name = device.productName { fields.append(FITFieldValue(D.productName, text: name)) }
        var developer: [FITDeveloperFieldValue] = []
        if let maker = device.manufacturerName { developer.append(text(.manufacturer, maker)) }
        return FITDataMessage(globalNumber: FITProfile.deviceInfo, fields: fields, developerFields: developer)
    }

    /// `sport` (12) of sport multisport and the multisport name's sub-sport (generic 0 when
    /// FIT does not name it).
    func multisport() -> FITDataMessage {
        let subSport = activity.multisportName.flatMap(FITSportMapping.subSportNumber(named:)) ?? 0
        return FITDataMessage(globalNumber: FITProfile.sport, fields: [
            FITFieldValue(FITProfile.SportMessage.sport, .enumeration, Int64(FITProfile.multisport)),
            FITFieldValue(FITProfile.SportMessage.subSport, .enumeration, Int64(subSport)),
        ])
    }

    /// A timer `event` (21): start (0) or stop_all (4) at `time`.
    func timer(at time: Date, start: Bool) -> FITDataMessage {
        typealias E = FITProfile.Event
        return FITDataMessage(globalNumber: FITProfile.event, fields: [
            FITFieldValue(FITProfile.timestampField, .uint32, FITTime(time).value),
            FITFieldValue(E.event, .enumeration, Int64(E.timer)),
            FITFieldValue(E.eventType, .enumeration, Int64(start ? E.start : E.stopAll)),
        ])
    }

    /// `activity` (34).
    func activityMessage() -> FITDataMessage {
        typealias A = FITProfile.Activity
        let end = FITTime(endTime)
        let timer = sessions.reduce(0.0) { total, outline in
            let session = outline.session
            let paused = session.pauses.reduce(0.0) { $0 + $1.seconds }
            return total + (session.totals.timerSeconds ?? session.totals.elapsedSeconds
                ?? max(0, outline.end.timeIntervalSince(session.start) - paused))
        }
        var fields = [
            FITFieldValue(FITProfile.timestampField, .uint32, end.value),
            FITFieldValue(A.totalTimerTime, .uint32, timer, scale: FITProfile.timeScale),
            FITFieldValue(A.numSessions, .uint16, Int64(activity.sessions.count)),
            FITFieldValue(A.type, .enumeration, Int64(activity.sessions.count > 1 ? A.autoMultiSport : A.manual)),
            FITFieldValue(A.event, .enumeration, Int64(FITProfile.Event.activity)),
            FITFieldValue(A.eventType, .enumeration, Int64(FITProfile.Event.stop)),
        ]
        if let offset = activity.utcOffsetSeconds {
            fields.append(FITFieldValue(A.localTimestamp, .uint32, end.value + Int64(offset)))
        }
        return FITDataMessage(globalNumber: FITProfile.activity, fields: fields)
    }

    // MARK: Sessions

    /// One session's events, records, lengths and laps merged in time order (at the same
    /// instant: events, then records, lengths, laps), then its `session` message.
    func writeSession(_ outline: Session, index: Int, into writer: inout FITWriter) {
        let session = outline.session
        var events = [(time: session.start, message: timer(at: session.start, start: true))]
        for pause in session.pauses {
            events.append((pause.start, timer(at: pause.start, start: false)))
            events.append((pause.end, timer(at: pause.end, start: true)))
        }
        let records = session.points.map { (time: $0.time, message: record($0)) }
        let lengthLaps = lapOfLengths(outline)
        let lengths = session.lengths.enumerated().map { offset, length in
            (time: length.start.addingTimeInterval(length.seconds), message: lengthMessage(length, index: outline.firstLengthIndex + offset))
        }
        let laps = outline.laps.indices.map { lap in
            (time: outline.lapEnds[lap], message: lapMessage(outline, lap: lap, lengthLaps: lengthLaps))
        }
        let streams = [events, records, lengths, laps]
        var heads = [Int](repeating: 0, count: streams.count)
        while true {
            var next: Int?
            for stream in streams.indices where heads[stream] < streams[stream].count {
                if let best = next, streams[best][heads[best]].time <= streams[stream][heads[stream]].time { continue }
                next = stream
            }
            guard let stream = next else { break }
            writer.write(streams[stream][heads[stream]].message)
            heads[stream] += 1
        }
        writer.write(sessionMessage(outline, index: index))
    }

    /// A `record` (20): timestamp always; the optional fields some point of the activity has,
    /// invalid where this point has none.
    func record(_ point: TrackPoint) -> FITDataMessage {
        typealias R = FITProfile.Record
        var fields = [FITFieldValue(FITProfile.timestampField, .uint32, FITTime(point.time).value)]
        if recordHas.position {
            var latitude: Int64?, longitude: Int64?
            if let lat = point.latitude, let lon = point.longitude, abs(lat) <= 90, abs(lon) <= 180 {
                latitude = Int64((lat / FITProfile.degreesPerSemicircle).rounded())
                // +180° is 2³¹ semicircles, beyond sint32: the same meridian as −180°.
                let east = Int64((lon / FITProfile.degreesPerSemicircle).rounded())
                longitude = east >= 1 << 31 ? east - (1 << 32) : east
            }
            fields.append(FITFieldValue(R.positionLat, .sint32, latitude))
            fields.append(FITFieldValue(R.positionLong, .sint32, longitude))
        }
        if recordHas.altitude {
            fields.append(FITFieldValue(R.enhancedAltitude, .uint32, point.altitudeMeters, scale: FITProfile.altitudeScale,
                                        offset: FITProfile.altitudeOffset))
        }
        if recordHas.heartRate { fields.append(FITFieldValue(R.heartRate, .uint8, point.heartRate, scale: 1)) }
        if recordHas.cadence { fields.append(FITFieldValue(R.cadence, .uint8, point.cadence, scale: 1)) }
        if recordHas.distance {
            fields.append(FITFieldValue(R.distance, .uint32, point.distanceMeters, scale: FITProfile.distanceScale))
        }
        if recordHas.speed {
            fields.append(FITFieldValue(R.enhancedSpeed, .uint32, point.speedMetersPerSecond, scale: FITProfile.speedScale))
        }
        return FITDataMessage(globalNumber: FITProfile.record, fields: fields)
    }

    /// A `length` (101) numbered `index` among the file's lengths.
    func lengthMessage(_ length: RecordedLength, index: Int) -> FITDataMessage {
        typealias L = FITProfile.Length
        return FITDataMessage(globalNumber: FITProfile.length, fields: [
            FITFieldValue(FITProfile.messageIndexField, .uint16, Int64(index)),
            FITFieldValue(FITProfile.timestampField, .uint32, FITTime(length.start.addingTimeInterval(length.seconds)).value),
            FITFieldValue(L.event, .enumeration, Int64(FITProfile.Event.length)),
            FITFieldValue(L.eventType, .enumeration, Int64(FITProfile.Event.stop)),
            FITFieldValue(L.startTime, .uint32, FITTime(length.start).value),
            FITFieldValue(L.totalElapsedTime, .uint32, length.seconds, scale: FITProfile.timeScale),
            FITFieldValue(L.totalTimerTime, .uint32, length.seconds, scale: FITProfile.timeScale),
            FITFieldValue(L.totalStrokes, .uint16, length.strokes.map { Int64($0) }),
            FITFieldValue(L.lengthType, .enumeration, Int64(length.isActive ? L.active : L.idle)),
        ])
    }

    /// For each of the session's lengths, the index of the lap it lies in (the last lap that
    /// started at or before it; the first lap for one before every lap).
    func lapOfLengths(_ outline: Session) -> [Int] {
        outline.session.lengths.map { length in
            outline.laps.lastIndex { $0.start <= length.start } ?? 0
        }
    }

    /// A `lap` (19): the session's sport, the lap's totals, intensity, trigger (session_end
    /// for the last, else manual), the lengths it holds, and hiit's start milliseconds and name.
    func lapMessage(_ outline: Session, lap index: Int, lengthLaps: [Int]) -> FITDataMessage {
        typealias L = FITProfile.Lap
        let lap = outline.laps[index]
        let start = FITTime(lap.start)
        var fields = [
            FITFieldValue(FITProfile.messageIndexField, .uint16, Int64(outline.firstLapIndex + index)),
            FITFieldValue(FITProfile.timestampField, .uint32, FITTime(outline.lapEnds[index]).value),
            FITFieldValue(L.event, .enumeration, Int64(FITProfile.Event.lap)),
            FITFieldValue(L.eventType, .enumeration, Int64(FITProfile.Event.stop)),
            FITFieldValue(L.startTime, .uint32, start.value),
        ]
        fields += totals(lap.totals, fields: L.self)
        fields += [
            FITFieldValue(L.intensity, .enumeration, lap.intensity.map { Int64($0.rawValue) }),
            FITFieldValue(L.lapTrigger, .enumeration, Int64(index == outline.laps.count - 1 ? L.sessionEnd : L.manual)),
            FITFieldValue(L.sport, .enumeration, Int64(outline.sport.sport)),
            FITFieldValue(L.subSport, .enumeration, Int64(outline.sport.subSport)),
        ]
        if !outline.session.lengths.isEmpty {
            let mine = lengthLaps.indices.filter { lengthLaps[$0] == index }
            let active = mine.filter { outline.session.lengths[$0].isActive }.count
            fields += [
                FITFieldValue(L.numLengths, .uint16, Int64(mine.count)),
                FITFieldValue(L.firstLengthIndex, .uint16, mine.first.map { Int64(outline.firstLengthIndex + $0) }),
                FITFieldValue(L.numActiveLengths, .uint16, Int64(active)),
            ]
        }
        var developer: [FITDeveloperFieldValue] = []
        if developerFields.contains(.startMilliseconds) { developer.append(number(.startMilliseconds, Int64(start.milliseconds))) }
        if let name = lap.name, !name.isEmpty { developer.append(text(.lapName, name)) }
        return FITDataMessage(globalNumber: FITProfile.lap, fields: fields, developerFields: developer)
    }

    /// A `session` (18): sport, start, totals, laps, pool, trigger activity_end, and hiit's
    /// developer values (all of hiit's session values on the first session).
    func sessionMessage(_ outline: Session, index: Int) -> FITDataMessage {
        typealias S = FITProfile.Session
        let session = outline.session
        let start = FITTime(session.start)
        var fields = [
            FITFieldValue(FITProfile.messageIndexField, .uint16, Int64(index)),
            FITFieldValue(FITProfile.timestampField, .uint32, FITTime(outline.end).value),
            FITFieldValue(S.event, .enumeration, Int64(FITProfile.Event.session)),
            FITFieldValue(S.eventType, .enumeration, Int64(FITProfile.Event.stop)),
            FITFieldValue(S.startTime, .uint32, start.value),
            FITFieldValue(S.sport, .enumeration, Int64(outline.sport.sport)),
            FITFieldValue(S.subSport, .enumeration, Int64(outline.sport.subSport)),
        ]
        fields += totals(session.totals, fields: S.self)
        fields += [
            FITFieldValue(S.firstLapIndex, .uint16, Int64(outline.firstLapIndex)),
            FITFieldValue(S.numLaps, .uint16, Int64(outline.laps.count)),
            FITFieldValue(S.trigger, .enumeration, Int64(S.activityEnd)),
        ]
        if let pool = session.poolLengthMeters {
            fields.append(FITFieldValue(S.poolLength, .uint16, pool, scale: FITProfile.distanceScale))
            fields.append(FITFieldValue(S.poolLengthUnit, .enumeration, Int64(Self.isYards(pool) ? S.statute : S.metric)))
        }
        if !session.lengths.isEmpty {
            fields.append(FITFieldValue(S.numLengths, .uint16, Int64(session.lengths.count)))
            fields.append(FITFieldValue(S.numActiveLengths, .uint16, Int64(session.lengths.filter(\.isActive).count)))
        }
        var developer: [FITDeveloperFieldValue] = []
        if developerFields.contains(.startMilliseconds) { developer.append(number(.startMilliseconds, Int64(start.milliseconds))) }
        if outline.hasNoLaps { developer.append(number(.noLaps, 1)) }
        if index == 0 {
            if let hiit = activity.hiitSession {
                developer += [
                    text(.id, hiit.id.uuidString.lowercased()), text(.kind, hiit.kind.rawValue), text(.workout, hiit.workout),
                    text(.timeZone, hiit.timeZone), number(.rounds, Int64(hiit.rounds)), number(.exercises, Int64(hiit.exercises)),
                    float(.workoutTime, hiit.workoutSeconds),
                ]
                if let kcal = hiit.kcal { developer.append(float(.kcal, kcal)) }
                if let weight = hiit.weightKg { developer.append(float(.weight, weight)) }
            }
            if developerFields.contains(.activityName), let name = activity.name { developer.append(text(.activityName, name)) }
        }
        return FITDataMessage(globalNumber: FITProfile.session, fields: fields, developerFields: developer)
    }

    /// The totals a `lap` and a `session` share, at `Fields`' numbers: times (scale 1000),
    /// distance (scale 100), kcal, heart rate, cadence, ascent, descent, speeds (scale 1000;
    /// the 16-bit `max_speed` too, invalid above 65.534 m/s).
    func totals<Fields: FITSummaryFields>(_ totals: RecordedTotals, fields: Fields.Type) -> [FITFieldValue] {
        [
            FITFieldValue(Fields.totalElapsedTime, .uint32, totals.elapsedSeconds, scale: FITProfile.timeScale),
            FITFieldValue(Fields.totalTimerTime, .uint32, totals.timerSeconds, scale: FITProfile.timeScale),
            FITFieldValue(Fields.totalDistance, .uint32, totals.distanceMeters, scale: FITProfile.distanceScale),
            FITFieldValue(Fields.totalCalories, .uint16, totals.kcal, scale: 1),
            FITFieldValue(Fields.maxSpeed, .uint16, totals.maximumSpeedMetersPerSecond, scale: FITProfile.speedScale),
            FITFieldValue(Fields.avgHeartRate, .uint8, totals.averageHeartRate, scale: 1),
            FITFieldValue(Fields.maxHeartRate, .uint8, totals.maximumHeartRate, scale: 1),
            FITFieldValue(Fields.avgCadence, .uint8, totals.averageCadence, scale: 1),
            FITFieldValue(Fields.maxCadence, .uint8, totals.maximumCadence, scale: 1),
            FITFieldValue(Fields.totalAscent, .uint16, totals.ascentMeters, scale: 1),
            FITFieldValue(Fields.totalDescent, .uint16, totals.descentMeters, scale: 1),
            FITFieldValue(Fields.enhancedMaxSpeed, .uint32, totals.maximumSpeedMetersPerSecond, scale: FITProfile.speedScale),
        ]
    }

    /// Whether a pool length is a whole number of yards and not of metres (25 yd = 22.86 m):
    /// `pool_length_unit` statute then, else metric.
    static func isYards(_ meters: Double) -> Bool {
        let yards = meters / 0.9144
        return abs(yards - yards.rounded()) < 0.005 && abs(meters - meters.rounded()) >= 0.005
    }

    // MARK: hiit's developer values

    /// hiit's string field `field` with `value` (cut to 254 bytes on a character boundary).
    func text(_ field: Hiit, _ value: String) -> FITDeveloperFieldValue {
        FITDeveloperFieldValue(FITFieldValue(field.rawValue, text: value), developerIndex: FITHiitDeveloperData.developerIndex)
    }

    /// hiit's integer field `field` with `value` (invalid when out of its base type's range).
    func number(_ field: Hiit, _ value: Int64) -> FITDeveloperFieldValue {
        FITDeveloperFieldValue(FITFieldValue(field.rawValue, field.baseType, value), developerIndex: FITHiitDeveloperData.developerIndex)
    }

    /// hiit's `float64` field `field` with `value`.
    func float(_ field: Hiit, _ value: Double) -> FITDeveloperFieldValue {
        FITDeveloperFieldValue(FITFieldValue(field.rawValue, float64: value), developerIndex: FITHiitDeveloperData.developerIndex)
    }
}

/// A recording device as `device_info` holds it: the manufacturer's number where the profile
/// has one (or the name is a number it does not name), else the name as hiit's
/// `hiit_manufacturer`; the product's number where it is a number, or a `garmin_product` name
/// of a Garmin maker, else its text as `product_name`. So each decodes to the same text.
struct FITDeviceFields {
    /// `device_info.manufacturer`, `nil` when FIT has no number for the maker.
    var manufacturer: Int64?
    /// The maker's name for `hiit_manufacturer` when FIT has no number for it.
    var manufacturerName: String?
    /// `device_info.product`.
    var product: Int64?
    /// `device_info.product_name`, for a product that is text.
    var productName: String?

    /// The fields of `device` (all absent for `nil`).
    init(_ device: RecordingDevice?) {
        if let maker = device?.manufacturer {
            if let number = FITProfile.manufacturerNumbers[maker] {
                manufacturer = Int64(number)
            } else if let number = UInt16(maker), String(number) == maker, number != 0xFFFF,
                      FITProfile.manufacturerNames[UInt64(number)] == nil {
                manufacturer = Int64(number)
            } else {
                manufacturerName = maker
            }
        }
        guard let name = device?.product else { return }
        let isGarmin = manufacturer.map { FITProfile.garminProductMakers.contains(UInt64($0)) } ?? false
        if isGarmin, let number = FITProfile.garminProductNumbers[name] {
            product = Int64(number)
        } else if let number = UInt16(name), String(number) == name, number != 0xFFFF,
                  !(isGarmin && FITProfile.garminProductNames[UInt64(number)] != nil) {
            product = Int64(number)
        } else {
            productName = name
        }
    }
}
