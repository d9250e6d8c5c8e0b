import ActivityFiles
import Calories
import Foundation
import Tracks
import WorkoutModel

/// A recorded activity made into a history record (DESIGN §8), with what the conversion had to
/// say about it. Pure: the caller passes the file's fingerprint, the weight and the zone.
public struct ImportedActivity: Sendable, Equatable {
    /// The record to append: kind `multisport`, one leg per recorded session in order.
    public var record: SessionRecord
    /// One line each, for stderr: the decoder's notes, then the conversion's ("the file does
    /// not name its sport: taken as running from its speed (10.2 km/h)", "leg 1: average heart
    /// rate 320 bpm is outside 0–300 bpm: not stored").
    public var notes: [String]
    /// When the file gives no offset from UTC, the line that says in which zone it was dated
    /// ("no time zone in the file: dated in Europe/Prague (UTC+01:00)"); `nil` otherwise. Apart
    /// from ``notes``, so that a folder of such files can say it once.
    public var zoneNote: String?

    /// Converts `activity` into a record.
    ///
    /// Rules (DESIGN §8):
    /// - One leg per recorded session, in order (transitions included); a leg starts at its
    ///   session's start, offset from the first.
    /// - The device first: each of elapsed and timer time, distance, ascent, descent, average
    ///   and maximum heart rate and average cadence is the session's total where the file has
    ///   one, else what ``TrackSummary`` computes from the points, else for a pool swim the
    ///   active lengths × the pool length (distance) and the lengths' times (elapsed).
    ///   Moving time is always computed from the points.
    /// - kcal per leg: the device's value (``KcalSource/device``); else with a weight for
    ///   running and walking ``DistanceCalories`` (``KcalSource/distance``); else
    ///   ``LegCalories`` MET × kg × hours (``KcalSource/met``); without a weight and a device
    ///   value, none. The session's kcal is the legs' sum; its ``SessionRecord/kcalSource`` is
    ///   `device` when every leg's value came from the device, else the estimate used first.
    /// - Zone: with an offset in the file, `zone` when it has that offset at the start, else
    ///   the fixed zone of the offset (`GMT+0200`); without one, `zone`, and a note says so.
    /// - A sport the file does not name (a GPX without `type`) is taken from the average speed
    ///   (``inferredSport(metersPerSecond:)``), and a note says so.
    /// - The session ends at the latest of each leg's start + elapsed time and its last point:
    ///   some devices write an elapsed time that ends before their own last record, and the
    ///   same activity exported by a platform (GPX, TCX) spans all its points. Time past the
    ///   device's elapsed time counts as paused, so the total stays the device's timer time.
    /// - Values outside ``RecordLimits`` are not stored (a note names each); a session longer
    ///   than the limit, or more legs than it allows, is refused.
    /// - Parameters:
    ///   - activity: the decoded file.
    ///   - id: the session's id (``ActivityIdentity/id(sha256:)``).
    ///   - source: the file's format, name, SHA-256 and device.
    ///   - weightKg: the profile's body weight, kg; `nil` when none is set.
    ///   - zone: the profile's or system's zone, for a file without an offset.
    /// - Throws: ``ActivityFileError/noActivity(reason:)`` when the activity has no session, lasts
    ///   longer than ``RecordLimits/seconds`` allows or has more legs than
    ///   ``RecordLimits/legsPerSession``.
    public init(_ activity: RecordedActivity, id: UUID, source: RecordSource, weightKg: Double?,
                zone: TimeZone) throws(ActivityFileError) {
        let sessions = activity.sessions.sorted { $0.start < $1.start }
        guard let first = sessions.first else { throw .noActivity(reason: "no session in the file") }
        guard sessions.count <= RecordLimits.legsPerSession else {
            throw .noActivity(reason: "\(sessions.count) sessions; hiit keeps at most \(RecordLimits.legsPerSession) legs in one")
        }
        var notes = activity.notes
        let start = first.start
        var legs: [LegRecord] = []
        var sources: [KcalSource] = []
        var end = start
        var paused = 0.0
        for (index, session) in sessions.enumerated() {
            let leg = LegDraft(session, sessionStart: start, weightKg: weightKg)
            if let note = leg.sportNote { notes.append(sessions.count == 1 ? note : "leg \(index + 1): \(note)") }
            var record = leg.record
            for problem in Self.dropOutOfRange(&record) {
                notes.append("leg \(index + 1): \(problem): not stored")
            }
            if let kcalSource = leg.kcalSource, record.kcal != nil { sources.append(kcalSource) }
            legs.append(record)
            // Real devices can write an elapsed time that ends before their own last record (an
            // Edge 1000: 113 s of elapsed time over 126 s of records): the leg ends no earlier
            // than its last point, and the time past the device's elapsed time is paused time
            // (the device's timer time stays what it said).
            let summaryEnd = session.start.addingTimeInterval(record.elapsedSeconds)
            let legEnd = session.end(elapsedSeconds: record.elapsedSeconds)
            paused += max(0, record.elapsedSeconds - record.timerSeconds) + legEnd.timeIntervalSince(summaryEnd)
            end = max(end, legEnd)
        }
        let span = end.timeIntervalSince(start)
        guard RecordLimits.seconds.contains(span) else {
            throw .noActivity(reason: "it lasts \(Int(span / 86_400)) days; a session lasts at most \(Int(RecordLimits.seconds.upperBound / 86_400))")
        }

        let (timeZone, zoneNote) = Self.zone(for: start, fileOffset: activity.utcOffsetSeconds, fallback: zone)
        var record = SessionRecord(
            id: id, workout: Self.workoutName(activity.name, legs: legs), kind: .multisport, start: start, end: end,
            timeZone: timeZone, workoutSeconds: SessionRecord.workoutSeconds(ofLegs: legs),
            // To the millisecond: the instants' differences carry a Date's rounding (8355.600000023842).
            totalSeconds: SegmentRecord.milliseconds(max(0, span - paused)),
            pausedSeconds: SegmentRecord.milliseconds(min(paused, span)),
            rounds: SessionRecord.rounds(ofLegs: legs), exercises: 0,
            weightKg: weightKg, kcal: nil, legs: legs)
        record.source = source
        if let total = Self.sumKcal(of: &record, sources: sources) {
            notes.append("\(Int(total)) kcal is outside 0–\(Int(RecordLimits.kcal.upperBound)) kcal: not stored")
        }
        var finalZoneNote = zoneNote
        if let mark = activity.hiitSession {
            Self.restore(mark, sessions: sessions, format: activity.format, in: &record, zoneNote: &finalZoneNote)
        }
        self.record = record
        self.notes = notes
        self.zoneNote = finalZoneNote
    }

    /// Gives back to a file hiit exported (``RecordedActivity/hiitSession``) the values of hiit's
    /// own record that no standard field holds: the id (so that importing the export where the
    /// session is is "already present"), the kind (an interval session has no legs), the
    /// workout's name, the zone when it is known here and has the file's offset at the start,
    /// rounds, exercises, Workout Time, the exact kcal and the weight. Legs keep what the file
    /// holds (their kcal to the whole kcal); ``SessionRecord/kcalSource`` is `nil`, as for every
    /// session of hiit's.
    /// A leg's distance is its session's total as written, never one from the points hiit
    /// made up for the file; its moving time only where a GPS track was recorded. An interval
    /// session's segments are its laps, when the file is FIT and each lap has a name and an
    /// intensity that stands for a segment (``SessionExport/segmentKind(of:)``), times to the
    /// millisecond.
    static func restore(_ mark: HiitSessionData, sessions: [RecordedSession], format: RecordedActivity.Format,
                        in record: inout SessionRecord,
                        zoneNote: inout String?) {
        if let named = TimeZone(identifier: mark.timeZone), named.secondsFromGMT(for: record.start) == record.utcOffsetSeconds {
            // The same offset at the start: the local date stays as it was computed.
            record.timeZone = named.identifier
            zoneNote = nil
        }
        // A value the history would refuse keeps what the file's standard fields gave.
        record.id = mark.id
        let name = mark.workout.trimmingCharacters(in: .whitespacesAndNewlines)
        if !name.isEmpty { record.workout = String(name.oneLineEscaped.prefix(200)) }
        record.kind = mark.kind
        if RecordLimits.count.contains(mark.rounds) { record.rounds = mark.rounds }
        if RecordLimits.count.contains(mark.exercises) { record.exercises = mark.exercises }
        if mark.workoutSeconds.isFinite, (0...record.totalSeconds + 0.001).contains(mark.workoutSeconds) {
            record.workoutSeconds = mark.workoutSeconds
        }
        if let kcal = mark.kcal, kcal.isFinite, RecordLimits.kcal.contains(kcal) { record.kcal = kcal }
        if mark.kcal == nil { record.kcal = nil }
        record.weightKg = mark.weightKg.flatMap { $0.isFinite && (1...1_000).contains($0) ? $0 : nil }
        record.kcalSource = nil
        if mark.kind == .intervals {
            record.legs = []
            // Only FIT's laps hold all a segment is (elapsed and timer time, every intensity).
            if format == .fit {
                record.segments = segments(of: sessions.first?.laps ?? [], recordStart: record.start)
            }
        }
        for (index, session) in sessions.enumerated() where index < record.legs.count {
            record.legs[index].distanceMeters = LegDraft.finite(session.totals.distanceMeters)
                .flatMap { RecordLimits.legDistanceMeters.contains($0) ? $0 : nil }
            if !session.points.contains(where: { $0.latitude != nil && $0.longitude != nil }) {
                record.legs[index].movingSeconds = nil
            }
        }
    }

    /// The segments hiit's laps stand for, or none when any lap is not one of hiit's segments.
    static func segments(of laps: [RecordedLap], recordStart: Date) -> [SegmentRecord] {
        var segments: [SegmentRecord] = []
        for lap in laps {
            guard let name = lap.name, let kind = lap.intensity.flatMap(SessionExport.segmentKind(of:)),
                  let elapsed = lap.totals.elapsedSeconds, let timer = lap.totals.timerSeconds,
                  elapsed.isFinite, timer.isFinite
            else { return [] }
            segments.append(SegmentRecord(
                kind: kind, label: name,
                startSeconds: SegmentRecord.milliseconds(lap.start.timeIntervalSince(recordStart)),
                elapsedSeconds: SegmentRecord.milliseconds(elapsed), timerSeconds: SegmentRecord.milliseconds(timer)))
        }
        guard segments.count <= RecordLimits.segmentsPerSession, segments.allSatisfy(\.keepsLimits) else { return [] }
        return segments
    }

    // MARK: Rules

    /// The sport of an activity whose file does not name one, from its average speed: up to
    /// 7 km/h walking, up to 20 km/h running, faster cycling (the project's bands: a brisk walk
    /// is about 6 km/h, few runners hold 20 km/h, few riders ride slower outdoors).
    /// - Parameter metersPerSecond: distance over moving (else timer) time; `nil` when unknown.
    /// - Returns: the sport, or ``Sport/other`` without a speed.
    public static func inferredSport(metersPerSecond: Double?) -> Sport {
        guard let speed = metersPerSecond, speed.isFinite, speed > 0 else { return .other }
        let kmh = speed * 3.6
        return kmh <= 7 ? .walking : kmh <= 20 ? .running : .cycling
    }

    /// The kcal of a recorded leg that carries no device value (DESIGN §8 "Calories"), and which
    /// estimate gave them: with a weight, running and walking ``DistanceCalories`` (km × kg,
    /// ``KcalSource/distance``), else ``LegCalories`` MET × kg × hours by sport and speed
    /// (``KcalSource/met``). The one rule of imported legs and of legs recorded live
    /// (``LiveRecording``).
    /// - Parameters:
    ///   - sport: the leg's sport.
    ///   - distanceMeters: the leg's distance, metres; `nil` when unknown (the sport's moderate MET).
    ///   - timerSeconds: the leg's timer time, seconds (pauses excluded).
    ///   - weightKg: body weight, kg; `nil` when none is set.
    ///   - isOpenWater: for a swim, open water rather than a pool.
    /// - Returns: kcal, unrounded, and their source; `nil` without a weight, and for a sport with
    ///   neither estimate (``Sport/other``).
    static func estimatedKcal(sport: Sport, distanceMeters: Double?, timerSeconds: Double, weightKg: Double?,
                              isOpenWater: Bool) -> (kcal: Double, source: KcalSource)? {
        guard let weightKg else { return nil }
        if let byDistance = DistanceCalories.kcal(sport: sport, distanceMeters: distanceMeters, weightKg: weightKg) {
            return (byDistance, .distance)
        }
        return LegCalories.kcal(sport: sport, distanceMeters: distanceMeters, timerSeconds: timerSeconds,
                                weightKg: weightKg, isOpenWater: isOpenWater).map { ($0, .met) }
    }

    /// Sets `record`'s kcal to its legs' sum (`nil` when no leg has kcal) and its
    /// ``SessionRecord/kcalSource`` to `device` when every leg's came from the device, else the
    /// estimate used first; a sum outside ``RecordLimits/kcal`` is not stored, nor are the legs'.
    /// - Parameters:
    ///   - record: the record, its legs' kcal set.
    ///   - sources: where each leg's kcal came from, in leg order, for the legs that have kcal.
    /// - Returns: the sum when it was outside the limits and so not stored; `nil` otherwise.
    static func sumKcal(of record: inout SessionRecord, sources: [KcalSource]) -> Double? {
        let legs = record.legs
        let kcal: Double? = legs.contains { $0.kcal != nil } ? legs.compactMap(\.kcal).reduce(0, +) : nil
        record.kcal = kcal
        record.kcalSource = kcal == nil ? nil
            : sources.allSatisfy { $0 == .device } ? .device : sources.first { $0 != .device }
        guard let kcal, !RecordLimits.kcal.contains(kcal) else { return nil }
        record.kcal = nil
        record.kcalSource = nil
        for index in record.legs.indices { record.legs[index].kcal = nil }
        return kcal
    }

    /// The zone a recorded start is dated in, and the note to print when it is a guess.
    /// - Parameters:
    ///   - start: the start instant.
    ///   - fileOffset: the file's offset from UTC in seconds at the start, when it gives one.
    ///   - fallback: the profile's or system's zone.
    /// - Returns: `fallback` when it has the file's offset at `start` (or the file has none), else
    ///   the fixed zone of the file's offset; with a note when the file gave no offset.
    public static func zone(for start: Date, fileOffset: Int?, fallback: TimeZone) -> (TimeZone, String?) {
        guard let offset = fileOffset, RecordLimits.utcOffsetSeconds.contains(offset) else {
            let fallbackOffset = fallback.secondsFromGMT(for: start)
            return (fallback, "no time zone in the file: dated in \(fallback.identifier) (UTC\(offsetText(fallbackOffset)))")
        }
        if fallback.secondsFromGMT(for: start) == offset { return (fallback, nil) }
        return (TimeZone(secondsFromGMT: offset) ?? fallback, nil)
    }

    /// `+01:00`, `−03:30`, `+00:00`.
    static func offsetText(_ seconds: Int) -> String {
        let sign = seconds < 0 ? "-" : "+"
        let minutes = abs(seconds) / 60
        return sign + String(format: "%02d:%02d", minutes / 60, minutes % 60)
    }

    /// The record's workout name: the file's own name, unless it is blank or a device's default
    /// of a time of day and a sport ("Morning Run", "Lunch Ride"), which `hiit history` makes
    /// again from the start and the legs; then the first sport leg's sport (the title rules of
    /// `SessionTitle` name the session from its legs).
    static func workoutName(_ name: String?, legs: [LegRecord]) -> String {
        let fallback = legs.first { $0.sport != Sport.transition.rawValue }?.sport ?? legs.first?.sport ?? Sport.other.rawValue
        guard let name = name?.trimmingCharacters(in: .whitespacesAndNewlines), !name.isEmpty else { return fallback }
        let words = name.split(separator: " ")
        let times: Set<String> = ["morning", "lunch", "afternoon", "evening", "night"]
        if words.count >= 2, times.contains(words[0].lowercased()) { return fallback }
        return String(name.oneLineEscaped.prefix(200))
    }

    /// Removes from `leg` every value outside ``RecordLimits`` (the history reader would refuse
    /// the line) and returns what was removed, one phrase each.
    static func dropOutOfRange(_ leg: inout LegRecord) -> [String] {
        var problems: [String] = []
        func check(_ value: inout Double?, _ range: ClosedRange<Double>, _ what: String, _ unit: String) {
            guard let number = value, !range.contains(number) || !number.isFinite else { return }
            problems.append("\(what) \(Self.number(number)) \(unit) is outside \(Self.number(range.lowerBound))–\(Self.number(range.upperBound)) \(unit)")
            value = nil
        }
        check(&leg.distanceMeters, RecordLimits.legDistanceMeters, "distance", "m")
        check(&leg.ascentMeters, RecordLimits.climbMeters, "ascent", "m")
        check(&leg.descentMeters, RecordLimits.climbMeters, "descent", "m")
        check(&leg.avgHeartRate, RecordLimits.heartRate, "average heart rate", "bpm")
        check(&leg.maxHeartRate, RecordLimits.heartRate, "maximum heart rate", "bpm")
        check(&leg.avgCadence, RecordLimits.cadence, "average cadence", "per minute")
        check(&leg.kcal, RecordLimits.kcal, "energy", "kcal")
        check(&leg.movingSeconds, RecordLimits.seconds, "moving time", "s")
        if leg.laps.count > RecordLimits.lapsPerLeg {
            problems.append("laps after the first \(RecordLimits.lapsPerLeg)")
            leg.laps = Array(leg.laps.prefix(RecordLimits.lapsPerLeg))
        }
        leg.laps = leg.laps.filter { lap in
            RecordLimits.seconds.contains(lap.startSeconds) && RecordLimits.seconds.contains(lap.elapsedSeconds)
        }
        for index in leg.laps.indices {
            if let meters = leg.laps[index].distanceMeters, !RecordLimits.climbMeters.contains(meters) {
                leg.laps[index].distanceMeters = nil
            }
        }
        return problems
    }

    /// `20` for 20.0, `20.5` for 20.5.
    static func number(_ value: Double) -> String {
        value.isFinite && value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(format: "%.1f", value)
    }
}

/// One recorded session made into a leg, with where its kcal came from.
struct LegDraft {
    /// The leg.
    var record: LegRecord
    /// Where ``record``'s kcal came from, when it has one.
    var kcalSource: KcalSource?
    /// A note when the sport was inferred.
    var sportNote: String?

    /// The rules of ``ImportedActivity/init(_:id:source:weightKg:zone:)`` for one session.
    init(_ session: RecordedSession, sessionStart: Date, weightKg: Double?) {
        let summary = TrackSummary(points: session.points, pauses: session.pauses, sport: session.sport)
        let hasPoints = session.points.count >= 2
        let totals = session.totals
        let activeLengths = session.lengths.filter(\.isActive)
        let lengthSeconds = session.lengths.reduce(0) { $0 + $1.seconds }
        let lapElapsed = session.laps.compactMap { $0.totals.elapsedSeconds ?? $0.totals.timerSeconds }.reduce(0, +)

        let elapsed = Self.finite(totals.elapsedSeconds)
            ?? (hasPoints ? summary.elapsedSeconds : nil)
            ?? (lapElapsed > 0 ? lapElapsed : nil)
            ?? (lengthSeconds > 0 ? lengthSeconds : nil)
            ?? Self.finite(totals.timerSeconds) ?? 0
        let timer = Self.finite(totals.timerSeconds) ?? (hasPoints ? summary.timerSeconds : nil) ?? elapsed
        var distance = Self.finite(totals.distanceMeters) ?? (hasPoints ? summary.distanceMeters : nil)
        if distance == nil, let pool = session.poolLengthMeters, pool > 0, !activeLengths.isEmpty {
            distance = pool * Double(activeLengths.count)
        }
        let moving = hasPoints ? summary.movingSeconds : nil

        var sport = session.sport
        var sportName = session.sportName
        if sport == .other, sportName.isEmpty {
            let speed = distance.flatMap { meters in (moving ?? timer) > 0 ? meters / (moving ?? timer) : nil }
            sport = ImportedActivity.inferredSport(metersPerSecond: speed)
            if sport != .other {
                sportNote = "the file does not name its sport: taken as \(sport.rawValue) from its speed "
                    + String(format: "(%.1f km/h)", (speed ?? 0) * 3.6)
            }
            sportName = ""
        }
        let isOpenWater: Bool? = if sport != .swimming {
            nil
        } else if sportName.contains("open_water") {
            true
        } else if session.poolLengthMeters != nil || sportName.contains("lap_swimming") {
            false
        } else {
            nil
        }

        var kcal: Double?
        if let device = Self.finite(totals.kcal) {
            kcal = device
            kcalSource = .device
        } else if let estimate = ImportedActivity.estimatedKcal(sport: sport, distanceMeters: distance, timerSeconds: timer,
                                                                weightKg: weightKg, isOpenWater: isOpenWater ?? false) {
            kcal = estimate.kcal
            kcalSource = estimate.source
        }

        let laps = session.laps.enumerated().map { index, lap in
            let next = index + 1 < session.laps.count ? session.laps[index + 1].start : nil
            let seconds = Self.finite(lap.totals.elapsedSeconds) ?? Self.finite(lap.totals.timerSeconds)
                ?? next.map { $0.timeIntervalSince(lap.start) } ?? 0
            return LapRecord(startSeconds: max(0, lap.start.timeIntervalSince(sessionStart)), elapsedSeconds: max(0, seconds),
                             distanceMeters: Self.finite(lap.totals.distanceMeters))
        }
        let pool = Self.pool(session.poolLengthMeters)
        let storedName = sportName.isEmpty || sportName.lowercased() == sport.rawValue ? nil : String(sportName.prefix(100))
        record = LegRecord(
            sport: sport.rawValue, startSeconds: max(0, session.start.timeIntervalSince(sessionStart)),
            elapsedSeconds: max(0, elapsed, timer), timerSeconds: max(0, timer),
            distanceMeters: distance, kcal: kcal, laps: laps,
            poolLength: pool?.length, poolUnit: pool?.unit, isOpenWater: isOpenWater,
            sportName: storedName,
            ascentMeters: Self.finite(totals.ascentMeters) ?? (hasPoints ? summary.ascentMeters : nil),
            descentMeters: Self.finite(totals.descentMeters) ?? (hasPoints ? summary.descentMeters : nil),
            avgHeartRate: Self.finite(totals.averageHeartRate) ?? summary.averageHeartRate,
            maxHeartRate: Self.finite(totals.maximumHeartRate) ?? summary.maximumHeartRate,
            avgCadence: Self.finite(totals.averageCadence) ?? summary.averageCadence,
            movingSeconds: moving)
    }

    /// `value` when it is a finite number, else `nil` (a device's invalid value was already `nil`).
    static func finite(_ value: Double?) -> Double? {
        guard let value, value.isFinite, value >= 0 else { return nil }
        return value
    }

    /// A pool length in metres as the length and unit a swimmer names it: 25 yd for 22.86 m,
    /// 33⅓ yd for 30.48 m, else metres.
    static func pool(_ meters: Double?) -> (length: Double, unit: LengthUnit)? {
        guard let meters, meters.isFinite, meters > 0 else { return nil }
        let yards = meters / LengthUnit.yards.meters
        let isWholeMetres = abs(meters - meters.rounded()) < 0.01
        if !isWholeMetres, abs(yards - yards.rounded()) < 0.01 { return (yards.rounded(), .yards) }
        if !isWholeMetres, abs(yards - 100.0 / 3) < 0.01 { return (100.0 / 3, .yards) }
        return (meters, .meters)
    }
}
