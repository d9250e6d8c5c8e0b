import Foundation
import WorkoutModel

/// A lap that ``LiveTrack`` closed by itself every so many metres.
public struct AutoLap: Sendable, Equatable {
    /// The lap's number, from 1.
    public var number: Int
    /// The distance from the start at its end, metres: `number` × the lap length.
    public var distanceMeters: Double
    /// The instant its end was crossed, interpolated linearly between the two fixes around it
    /// (on the caller's monotonic clock, as the fixes' instants).
    public var endedAt: Duration
    /// Its moving time: from the previous lap's end (or the first fix) to ``endedAt``, less
    /// the auto-pauses inside.
    public var movingDuration: Duration
}

/// Something ``LiveTrack/add(_:at:)`` tells the caller besides the verdict.
public enum LiveTrackEvent: Sendable, Equatable {
    /// An auto-lap boundary was crossed.
    case lap(AutoLap)
    /// The track paused by itself; the pause runs from this instant (the first slow fix).
    case autoPaused(at: Duration)
    /// The track resumed by itself; the pause ended at this instant (the first fast fix).
    case autoResumed(at: Duration)
}

/// A span during which ``LiveTrack`` was auto-paused: from `start` (the first slow fix) to
/// `end` (the first fast fix of the resume), on the caller's monotonic clock.
public struct AutoPauseSpan: Sendable, Equatable {
    /// The pause's first instant.
    public var start: Duration
    /// The instant it ended.
    public var end: Duration
}

/// The live GPS track of one leg: fixes in (each with the instant it was read), accepted
/// points, distance, current and average pace, time since the last fix, auto-laps and
/// auto-pause (DESIGN §8, issue 15). A value type with no clock: every instant is a parameter.
///
/// Instants are `Duration`s on the caller's monotonic clock (the run loop's, as the session
/// engine's instants; a replay may pass the fixes' own times as offsets). All times derived
/// here (pace windows, pauses, laps) are on that clock.
///
/// Rules, in order, for each fix:
/// 1. ``FixFilter``: mode 2-D or 3-D, a position, horizontal error at most 20 m.
/// 2. Not newer: an instant not after the last accepted fix's, or the same receiver time as it
///    (gpsd reports an epoch once per sentence until it knows the cycle) is dropped; a repeat
///    of the very first fix replaces it (with its later instant), so the first step is timed
///    as the rest are.
/// 3. Jumps: a step implying more than the sport's
///    ``Sport/plausibleSpeedLimitKilometersPerHour`` is dropped; after
///    ``TrackThresholds/jumpsBeforeRestart`` such drops in a row the next one restarts the
///    track from there, adding no distance for the jump.
/// 4. Distance: the great-circle step (``GreatCircle``) from the last accepted point, counted
///    unless the track is auto-paused. A step that ends a pause counts from the first fast fix.
public struct LiveTrack: Sendable {
    /// One accepted fix with what the track knew at it.
    public struct Sample: Sendable, Equatable {
        /// The instant it was read, on the caller's clock.
        public var instant: Duration
        /// The fix's sample.
        public var point: TrackPoint
        /// Metres travelled from the first accepted fix, every step counted (paused or not);
        /// the current pace is measured on it.
        public var pathMeters: Double
        /// ``LiveTrack/distanceMeters`` at this fix (steps while auto-paused not counted).
        public var distanceMeters: Double
    }

    /// The sport, for the jump limit.
    public let sport: Sport
    /// The auto-lap length in metres (e.g. 1000, or ``Splits/mile``), or `nil` for none.
    public let autoLapMeters: Double?
    /// The auto-pause rule, or `nil` for none.
    public let autoPause: AutoPause?

    /// The fix rule and its counts; ``FixFilter/droppedCounts`` also counts the jumps and
    /// repeats dropped here.
    public private(set) var filter: FixFilter
    /// The accepted fixes, in order.
    public private(set) var samples: [Sample] = []
    /// The distance in metres: the sum of the counted steps.
    public private(set) var distanceMeters = 0.0
    /// The auto-laps closed so far.
    public private(set) var laps: [AutoLap] = []
    /// The auto-pauses that have ended.
    public private(set) var pauses: [AutoPauseSpan] = []
    /// When auto-paused now, the instant the pause began; `nil` while moving.
    public private(set) var pausedSince: Duration?

    private var consecutiveJumps = 0
    /// While moving: the instant the speed first fell below the stop speed.
    private var slowSince: Duration?
    /// While paused: the instant the speed first rose above the resume speed.
    private var fastSince: Duration?
    /// While paused and fast: the steps since ``fastSince`` (metres, from, to), counted when
    /// the resume is confirmed.
    private var pendingSteps: [(meters: Double, from: Duration, to: Duration)] = []

    /// An empty track.
    /// - Parameters:
    ///   - sport: the leg's sport (its plausible speed limit rejects jumps; a sport without a
    ///     limit rejects none).
    ///   - autoLapMeters: the auto-lap length in metres, or `nil` (default) for none; a length
    ///     that is not positive and finite means none.
    ///   - autoPause: the auto-pause rule (``AutoPause/cycling`` for rides), or `nil` (default).
    ///   - maximumHorizontalErrorMeters: the fix filter's bar, metres (default 20 m,
    ///     ``TrackThresholds/maximumHorizontalErrorMeters``).
    public init(sport: Sport, autoLapMeters: Double? = nil, autoPause: AutoPause? = nil,
                maximumHorizontalErrorMeters: Double = TrackThresholds.maximumHorizontalErrorMeters) {
        self.sport = sport
        self.autoLapMeters = autoLapMeters.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
        self.autoPause = autoPause
        self.filter = FixFilter(maximumHorizontalErrorMeters: maximumHorizontalErrorMeters)
    }

    // MARK: Adding fixes

    /// Takes a fix read at `instant` through the rules (see the type) and returns the verdict
    /// with any laps closed and pauses begun or ended.
    /// - Parameters:
    ///   - fix: the fix.
    ///   - instant: when it was read, on the caller's monotonic clock.
    /// - Returns: the verdict and the events, in the order they happened.
    public mutating func add(_ fix: Fix, at instant: Duration) -> (verdict: FixVerdict, events: [LiveTrackEvent]) {
        let ruled = filter.admit(fix)
        guard ruled == .accepted, let latitude = fix.point.latitude, let longitude = fix.point.longitude else {
            return (ruled, [])
        }
        guard let last = samples.last else {
            samples.append(Sample(instant: instant, point: fix.point, pathMeters: 0, distanceMeters: 0))
            return (.accepted, [])
        }
        if instant <= last.instant || fix.point.time == last.point.time {
            // gpsd reports its first epoch twice (the RMC alone, then with the GGA): the repeat
            // of the only fix so far takes its place, read when the later epochs will be, so
            // the first step is not timed half a second long.
            if samples.count == 1, fix.point.time == last.point.time, instant > last.instant {
                samples[0] = Sample(instant: instant, point: fix.point, pathMeters: 0, distanceMeters: 0)
            }
            return (drop(.notNewer), [])
        }
        let meters = GreatCircle.meters(latitude1: last.point.latitude ?? latitude, longitude1: last.point.longitude ?? longitude,
                                        latitude2: latitude, longitude2: longitude)
        let seconds = (instant - last.instant) / .seconds(1)
        if sport.isImplausible(meters: meters, seconds: seconds) {
            consecutiveJumps += 1
            if consecutiveJumps <= TrackThresholds.jumpsBeforeRestart {
                return (drop(.implausibleJump), [])
            }
            // A restart: the track goes on from here, with nothing counted for the jump.
            consecutiveJumps = 0
            slowSince = nil
            fastSince = nil
            pendingSteps = []
            samples.append(Sample(instant: instant, point: fix.point, pathMeters: last.pathMeters, distanceMeters: distanceMeters))
            return (.accepted, [])
        }
        consecutiveJumps = 0
        let speed = fix.point.speedMetersPerSecond.flatMap { $0.isFinite ? $0 : nil } ?? meters / seconds
        let events = step(meters: meters, from: last.instant, to: instant, speed: speed)
        samples.append(Sample(instant: instant, point: fix.point, pathMeters: last.pathMeters + meters, distanceMeters: distanceMeters))
        return (.accepted, events)
    }

    /// Counts a rule-accepted fix as dropped for `reason`.
    private mutating func drop(_ reason: FixDropReason) -> FixVerdict {
        filter.count(.dropped(reason), replacingAccepted: true)
        return .dropped(reason)
    }

    /// One step of `meters` from `from` to `to` at `speed`: the auto-pause state, then the
    /// distance and the laps.
    private mutating func step(meters: Double, from: Duration, to: Duration, speed: Double) -> [LiveTrackEvent] {
        guard let rule = autoPause else { return count(meters: meters, from: from, to: to) }
        var events: [LiveTrackEvent] = []
        if let since = pausedSince {
            guard speed > rule.resumeAboveMetersPerSecond else {
                fastSince = nil
                pendingSteps = []
                return []
            }
            let fast = fastSince ?? to
            fastSince = fast
            // The step that ends at the first fast fix is the push-off: it counts.
            pendingSteps.append((meters, from, to))
            guard to - fast >= rule.resumeAfter else { return [] }
            pauses.append(AutoPauseSpan(start: since, end: fast))
            pausedSince = nil
            fastSince = nil
            events.append(.autoResumed(at: fast))
            let steps = pendingSteps
            pendingSteps = []
            for pending in steps {
                events += count(meters: pending.meters, from: pending.from, to: pending.to)
            }
            return events
        }
        events += count(meters: meters, from: from, to: to)
        if speed < rule.stopBelowMetersPerSecond {
            let slow = slowSince ?? to
            slowSince = slow
            if to - slow >= rule.stopAfter {
                pausedSince = slow
                slowSince = nil
                events.append(.autoPaused(at: slow))
            }
        } else {
            slowSince = nil
        }
        return events
    }

    /// Adds a counted step to the distance and closes the laps it crosses, each at its
    /// interpolated instant.
    private mutating func count(meters: Double, from: Duration, to: Duration) -> [LiveTrackEvent] {
        let before = distanceMeters
        distanceMeters += meters
        guard let lap = autoLapMeters, meters > 0 else { return [] }
        var events: [LiveTrackEvent] = []
        // A long step (after a gap) can cross several boundaries; the count is capped anyway.
        var number = laps.count + 1
        while Double(number) * lap <= distanceMeters, events.count < Splits.mostSplits {
            let boundary = Double(number) * lap
            let fraction = max(0, min(1, (boundary - before) / meters))
            let endedAt = from + (to - from) * fraction
            let start = laps.last?.endedAt ?? samples.first?.instant ?? from
            let lapRecord = AutoLap(number: number, distanceMeters: boundary, endedAt: endedAt,
                                    movingDuration: movingDuration(from: start, to: endedAt))
            laps.append(lapRecord)
            events.append(.lap(lapRecord))
            number += 1
        }
        return events
    }

    // MARK: What the screens show

    /// The last accepted fix, for the fix state (`GPS 3D ±4 m`); `nil` before the first.
    public var lastFix: TrackPoint? { samples.last?.point }

    /// Whether the track is auto-paused now.
    public var isPaused: Bool { pausedSince != nil }

    /// How long since the last accepted fix (for `GPS lost 0:12`); `nil` before the first.
    /// - Parameter now: the current instant on the caller's clock.
    /// - Returns: `now` less the last accepted fix's instant, never negative.
    public func timeSinceLastFix(at now: Duration) -> Duration? {
        samples.last.map { max(.zero, now - $0.instant) }
    }

    /// The current speed, metres per second, over the last
    /// ``TrackThresholds/currentPaceWindowSeconds`` (30 s) of accepted fixes, up to the last
    /// one: metres travelled in the window (every step, paused or not; the start interpolated
    /// between the two fixes around it) over its seconds. A track shorter than the window uses
    /// what it has. `nil` with fewer than two fixes.
    public var currentSpeedMetersPerSecond: Double? {
        guard let last = samples.last, samples.count >= 2 else { return nil }
        let windowStart = last.instant - .seconds(TrackThresholds.currentPaceWindowSeconds)
        var startInstant = samples[0].instant
        var startMeters = samples[0].pathMeters
        var index = samples.count - 1
        while index > 0 {
            let earlier = samples[index - 1]
            let later = samples[index]
            if earlier.instant <= windowStart {
                let fraction = (windowStart - earlier.instant) / (later.instant - earlier.instant)
                startInstant = windowStart
                startMeters = earlier.pathMeters + (later.pathMeters - earlier.pathMeters) * fraction
                break
            }
            index -= 1
        }
        let seconds = (last.instant - startInstant) / .seconds(1)
        guard seconds > 0 else { return nil }
        return (last.pathMeters - startMeters) / seconds
    }

    /// The current pace, seconds per kilometre, from ``currentSpeedMetersPerSecond``; `nil`
    /// without a speed or at a standstill.
    public var currentPaceSecondsPerKilometer: Double? {
        guard let speed = currentSpeedMetersPerSecond, speed > 0 else { return nil }
        return 1000 / speed
    }

    /// The moving time: from the first accepted fix to the last, less the auto-pauses.
    public var movingDuration: Duration {
        guard let first = samples.first, let last = samples.last else { return .zero }
        return movingDuration(from: first.instant, to: last.instant)
    }

    /// The average speed, metres per second: ``distanceMeters`` over ``movingDuration``; `nil`
    /// before any moving time.
    public var averageSpeedMetersPerSecond: Double? {
        let seconds = movingDuration / .seconds(1)
        return seconds > 0 ? distanceMeters / seconds : nil
    }

    /// The average pace, seconds per kilometre (``Pace/secondsPerKilometer(meters:seconds:)``
    /// of ``distanceMeters`` and ``movingDuration``); `nil` without distance.
    public var averagePaceSecondsPerKilometer: Double? {
        Pace.secondsPerKilometer(meters: distanceMeters, seconds: movingDuration / .seconds(1))
    }

    /// The time from `start` to `end` less the auto-pauses inside it (the ended ones and the
    /// current one, up to `end`).
    /// - Parameters:
    ///   - start: the first instant.
    ///   - end: the last instant; before `start` gives zero.
    /// - Returns: the moving time.
    public func movingDuration(from start: Duration, to end: Duration) -> Duration {
        guard end > start else { return .zero }
        var spans = pauses
        if let pausedSince { spans.append(AutoPauseSpan(start: pausedSince, end: end)) }
        let paused = spans.reduce(Duration.zero) { total, span in
            let overlapStart = max(span.start, start)
            let overlapEnd = min(span.end, end)
            return overlapEnd > overlapStart ? total + (overlapEnd - overlapStart) : total
        }
        return end - start - paused
    }
}
