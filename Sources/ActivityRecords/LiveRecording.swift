import ActivityFiles
import Foundation
import Tracks
import WorkoutModel

/// The accepted fixes of one leg recorded live (`hiit run --gps`, issue 15).
public struct LiveLegTrack: Sendable, Equatable {
    /// The leg's position in the record's ``SessionRecord/legs``, from 0.
    public var leg: Int
    /// The fixes ``LiveTrack`` accepted, in time order: each with its time (UTC), latitude and
    /// longitude (degrees, WGS 84) and, where gpsd reported them, altitude (m), speed (m/s) and
    /// horizontal error (m); its ``TrackPoint/distanceMeters`` is the live track's distance so far
    /// at that fix, metres (``LiveTrack/Sample/distanceMeters``).
    public var points: [TrackPoint]
    /// The live track's distance, metres (``LiveTrack/distanceMeters``: steps while auto-paused
    /// not counted).
    public var distanceMeters: Double

    /// Creates a leg's track; see the properties for units.
    public init(leg: Int, points: [TrackPoint], distanceMeters: Double) {
        self.leg = leg
        self.points = points
        self.distanceMeters = distanceMeters
    }
}

/// A session recorded with live GPS made into what an imported activity is (DESIGN §8): the
/// record to store and the activity to keep as its FIT original, so that `hiit history show`
/// draws its splits, route and profiles as it does an imported file's. Pure: the record and the
/// tracks in, values out.
public enum LiveRecording {
    /// The device of a session recorded live: hiit reading gpsd.
    public static let device = RecordingDevice(manufacturer: "hiit", product: "gpsd")

    /// Whether a leg of `sport` records a live track: every sport but swims (a receiver under
    /// water has no fix; a swim's distance is the pool's lengths or the plan's) and transitions
    /// (time only). The live GPS of a run and the record it stores follow this one rule.
    public static func recordsTrack(_ sport: Sport) -> Bool {
        sport != .swimming && sport != .transition
    }

    /// The record and the activity of a multisport session `record` whose legs were tracked live.
    ///
    /// Rules:
    /// - A track counts for a leg that exists in `record` and is neither a transition (time
    ///   only) nor a swim (its distance is the pool's lengths or the plan's); the first track
    ///   given for a leg is used, later ones are ignored.
    /// - A leg's points: the track's in time order, only those within the leg (from its start to
    ///   its start plus its elapsed time; a point outside is dropped, never moved), at most one
    ///   per whole second (the first: FIT stamps records in whole seconds), and none in the whole
    ///   second the next leg starts in (a reader that places points by time, as FIT's decoder
    ///   does, gives those to the next leg). Their distances are laid from the leg's start
    ///   (the first point within the leg at 0) when every point carries one, else none is kept
    ///   (a reader measures along the positions). A leg counts as tracked when at least two of
    ///   its points have a position.
    /// - Returns `nil` when no leg is tracked: the caller stores `record` as it is, with no
    ///   original.
    /// - A tracked leg's distance is what was measured, in place of a plan's target: the
    ///   track's ``LiveLegTrack/distanceMeters`` (less what lay outside the leg when points were
    ///   dropped for that), when it is above 0 and not faster over the leg's timer time than
    ///   the sport's ``Sport/plausibleSpeedLimitKilometersPerHour``; otherwise none. Its moving
    ///   time, ascent and descent are ``TrackSummary``'s of its points (no timer pauses: the
    ///   record says how long the timer was paused, not when). Values outside ``RecordLimits``
    ///   are not stored.
    /// - kcal of a tracked leg by the rules of a recorded activity without a device value: with
    ///   a weight, running and walking km × kg (``KcalSource/distance``), else MET × kg × hours
    ///   by sport and speed (``KcalSource/met``); no weight, none. Legs without a track keep the
    ///   engine's kcal (MET). The record's kcal is the legs' sum (`nil` when no leg has any;
    ///   none at all when the sum is outside ``RecordLimits/kcal``), its
    ///   ``SessionRecord/kcalSource`` the estimate of the first leg with kcal (a leg without a
    ///   track counts as ``KcalSource/met``), and its weight `weightKg` (the engine's when `nil`).
    /// - Everything else is the engine's: times, laps, rounds, Workout Time, the id (no total of
    ///   the record depends on a leg's distance; ``SessionRecord/totalDistanceMeters`` is the
    ///   stored legs' sum). ``SessionRecord/source`` is left for the caller, who encodes the
    ///   activity and knows the SHA-256 of its bytes (``source(fileName:sha256:)``).
    /// - The activity is ``SessionExport/activity(of:)`` of the stored record (with hiit's
    ///   mark, so that the file imported again is "already present" by id) and ``device``; each
    ///   tracked leg's session has its points instead of the made-up ones, and no timer pause;
    ///   no session keeps a point in the whole second the next one starts in.
    ///
    /// - Parameters:
    ///   - record: the session engine's record of a multisport session (an interval session has
    ///     no legs, so no track counts).
    ///   - tracks: the tracked legs' fixes, any order.
    ///   - weightKg: body weight for the tracked legs' kcal, kg (the profile's, as the engine was
    ///     given); `nil` when none is set.
    /// - Returns: the record to store and the activity to encode as its original
    ///   (``ActivityFile/encodeFIT(_:)``), or `nil` when no leg is tracked.
    public static func recorded(_ record: SessionRecord, tracks: [LiveLegTrack],
                                weightKg: Double?) -> (record: SessionRecord, activity: RecordedActivity)? {
        var measured: [Int: MeasuredTrack] = [:]
        for track in tracks where record.legs.indices.contains(track.leg) && measured[track.leg] == nil {
            let leg = record.legs[track.leg]
            guard let sport = leg.knownSport, recordsTrack(sport) else { continue }
            let start = record.start.addingTimeInterval(leg.startSeconds)
            let nextStart = track.leg + 1 < record.legs.count
                ? record.start.addingTimeInterval(record.legs[track.leg + 1].startSeconds) : nil
            let end = start.addingTimeInterval(max(leg.elapsedSeconds, leg.timerSeconds))
            measured[track.leg] = MeasuredTrack(track, from: start, to: end, nextLegStart: nextStart, sport: sport)
        }
        guard !measured.isEmpty else { return nil }

        var stored = record
        var sources: [KcalSource] = []
        for index in stored.legs.indices {
            var kcalSource = KcalSource.met
            if let track = measured[index] {
                kcalSource = track.apply(to: &stored.legs[index], weightKg: weightKg)
            }
            if stored.legs[index].kcal != nil { sources.append(kcalSource) }
        }
        _ = ImportedActivity.sumKcal(of: &stored, sources: sources)
        stored.weightKg = weightKg ?? record.weightKg

        var activity = SessionExport.activity(of: stored)
        activity.device = device
        for (index, track) in measured where index < activity.sessions.count {
            activity.sessions[index].points = track.points
            activity.sessions[index].pauses = []
        }
        for index in activity.sessions.indices.dropLast() {
            activity.sessions[index].points = cut(activity.sessions[index].points, before: activity.sessions[index + 1].start)
        }
        return (stored, activity)
    }

    /// The ``SessionRecord/source`` of a session recorded live, once its activity is encoded
    /// and kept: format `fit`, the kept file's base name, the SHA-256 of its bytes and
    /// ``device``.
    /// - Parameters:
    ///   - fileName: the kept original's base name, e.g. `2026-12-01-07-30-12.fit`.
    ///   - sha256: the SHA-256 of the encoded bytes, 64 lowercase hexadecimal digits.
    public static func source(fileName: String, sha256: String) -> RecordSource {
        RecordSource(format: RecordedActivity.Format.fit.rawValue, fileName: fileName, sha256: sha256,
                     manufacturer: device.manufacturer, product: device.product)
    }

    // MARK: Points

    /// The whole second FIT stamps an instant with (rounded to the millisecond, then down;
    /// ``ActivityFile/encodeFIT(_:)``), seconds since 1970.
    static func wholeSecond(_ time: Date) -> Double {
        ((time.timeIntervalSince1970 * 1000).rounded() / 1000).rounded(.down)
    }

    /// `points` (in time order) up to the whole second before the one `next` is in; all of them
    /// when `next` is `nil`.
    static func cut(_ points: [TrackPoint], before next: Date?) -> [TrackPoint] {
        guard let next else { return points }
        let bound = wholeSecond(next)
        return Array(points.prefix { wholeSecond($0.time) < bound })
    }
}

/// One leg's live track as it is stored (the rules of
/// ``LiveRecording/recorded(_:tracks:weightKg:)``): its points and what was measured along them.
struct MeasuredTrack {
    /// The points the leg's session holds, in time order.
    var points: [TrackPoint]
    /// The distance measured within the leg, metres, before the plausibility check.
    var distanceMeters: Double
    /// The leg's sport.
    var sport: Sport

    /// The part of `track` within `start`…`end`, or `nil` when it has fewer than two positioned
    /// points there.
    /// - Parameters:
    ///   - track: the leg's track.
    ///   - start: the leg's start.
    ///   - end: the leg's end (start plus elapsed time).
    ///   - nextLegStart: the next leg's start, `nil` for the last leg.
    ///   - sport: the leg's sport.
    init?(_ track: LiveLegTrack, from start: Date, to end: Date, nextLegStart: Date?, sport: Sport) {
        let sorted = track.points.enumerated()
            .sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        var within = sorted.filter { $0.time >= start && $0.time <= end }
        // Distances from the leg's start where every point has one; else none (not a mixture).
        if let origin = within.first?.distanceMeters, within.allSatisfy({ $0.distanceMeters?.isFinite == true }) {
            for index in within.indices { within[index].distanceMeters = within[index].distanceMeters.map { max(0, $0 - origin) } }
        } else {
            for index in within.indices { within[index].distanceMeters = nil }
        }
        var kept: [TrackPoint] = []
        for point in LiveRecording.cut(within, before: nextLegStart)
        where kept.last.map({ LiveRecording.wholeSecond($0.time) }) != LiveRecording.wholeSecond(point.time) {
            kept.append(point)
        }
        guard kept.count(where: \.hasPosition) >= 2 else { return nil }
        points = kept
        self.sport = sport
        distanceMeters = within.count == sorted.count ? track.distanceMeters
            : TrackSummary(points: within, pauses: [], sport: sport).distanceMeters ?? 0
    }

    /// Sets `leg`'s distance, moving time, ascent, descent and kcal from the track (see
    /// ``LiveRecording/recorded(_:tracks:weightKg:)``), leaving out values outside
    /// ``RecordLimits``.
    /// - Parameters:
    ///   - leg: the engine's leg.
    ///   - weightKg: body weight, kg, or `nil`.
    /// - Returns: the estimate that gave the leg's kcal (meaningful when it has some).
    func apply(to leg: inout LegRecord, weightKg: Double?) -> KcalSource {
        let isMeasured = distanceMeters.isFinite && distanceMeters > 0
            && !sport.isImplausible(meters: distanceMeters, seconds: leg.timerSeconds)
        leg.distanceMeters = isMeasured ? distanceMeters : nil
        let summary = TrackSummary(points: points, pauses: [], sport: sport)
        leg.movingSeconds = summary.movingSeconds
        leg.ascentMeters = summary.ascentMeters
        leg.descentMeters = summary.descentMeters
        let estimate = ImportedActivity.estimatedKcal(sport: sport, distanceMeters: leg.distanceMeters, timerSeconds: leg.timerSeconds,
                                                      weightKg: weightKg, isOpenWater: leg.isOpenWater ?? false)
        leg.kcal = estimate?.kcal
        _ = ImportedActivity.dropOutOfRange(&leg)
        return estimate?.source ?? .met
    }
}
