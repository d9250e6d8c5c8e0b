import ActivityRecords
import Foundation
import GPSD
import SessionEngine
import Tracks
import WorkoutModel

/// The live GPS of a multisport run (`hiit run --gps`, #15): the connection to gpsd, served in
/// the run loop's wait (``RunAccessory``), and one ``LiveTrack`` per leg that records one.
///
/// Rules:
/// - A leg records a track when its sport moves over ground: every sport but swimming (a
///   receiver under water has no fix) and transitions. Fixes read between legs, in a plan's
///   countdown or in a swim go to no track; they still show the fix state.
/// - Each fix goes through ``LiveTrack``'s rules (2-D or 3-D, horizontal error ≤ 20 m, no
///   repeats, no jumps) with the instant the loop read it; the screen shows the running leg's
///   distance (two decimals, in the profile's unit), its current pace or speed (the last 30 s)
///   and its average, and the fix state: `GPS 3D ±4 m`, `no fix`, `GPS lost 0:12` (no fix good
///   enough for ``lostAfter`` or more), `no gpsd`, `GPS connecting`.
/// - Fixes keep coming while the session is paused by hand, and count: a paused race clock
///   does not stop the person moving. `--auto-pause` on a ride pauses the session when the
///   track pauses itself (``AutoPause/cycling``) and resumes it when the track does — only a
///   pause it made itself.
/// - gpsd missing, refusing or going away is said once (a note), and the session runs on with
///   time only while the client reconnects with backoff; gpsd coming back is said too.
/// - Undoing a leg change gives the fixes of the leg taken back to the leg that runs again.
final class LiveGPS: RunAccessory {
    /// The session served.
    typealias Engine = MultisportSession

    /// After this long without a fix good enough to record, the state reads `GPS lost 0:05`:
    /// five missed fixes of a 1 Hz receiver, long enough not to flicker in a brief shadow.
    static let lostAfter: Duration = .seconds(5)

    /// The connection.
    let client: GPSDClient
    /// Where gpsd is, as shown (`127.0.0.1:2947`).
    let endpoint: String
    /// The wall-clock time at the run's origin (given by ``begin(at:wallOrigin:)``): the
    /// instants of the recorded points are `wallOrigin` + the instant each fix was read.
    private(set) var wallOrigin = Date(timeIntervalSince1970: 0)
    /// The person's units, for the distance and pace shown.
    let units: WorkoutModel.Profile.Units
    /// `--auto-lap`: the auto-lap length in metres, or `nil`.
    let autoLapMeters: Double?
    /// `--auto-pause`: pause rides while stopped.
    let autoPause: Bool

    /// The track of each leg that records one, by the leg's position in the session.
    private(set) var tracks: [Int: LiveTrack] = [:]
    /// The last fix gpsd reported.
    private var lastReport: GPSDFix?
    /// When a fix good enough to record was last read (whether or not a leg took it).
    private var lastGoodAt: Duration?
    /// Whether a connection to gpsd was ever made.
    private var hasConnected = false
    /// Whether the current outage has been said.
    private var outageSaid = false
    /// Why the last connection attempt failed or the connection ended, as seen while the run
    /// went on (``end()`` closes the client, which then reads "not started").
    private var lastFailure: GPSDDisconnectReason?
    /// Whether the session is paused because a track paused itself.
    private var pausedBySelf = false
    /// The fix state of the last plain note, so plain output says each change once.
    private var lastStateSaid: String?
    private let filter = FixFilter()

    /// - Parameters:
    ///   - client: the connection, not yet started.
    ///   - endpoint: where gpsd is, as shown.
    ///   - units: the person's units.
    ///   - autoLapMeters: the auto-lap length in metres, or `nil`.
    ///   - autoPause: whether rides pause themselves while stopped.
    init(client: GPSDClient, endpoint: String, units: WorkoutModel.Profile.Units,
         autoLapMeters: Double? = nil, autoPause: Bool = false) {
        self.client = client
        self.endpoint = endpoint
        self.units = units
        self.autoLapMeters = autoLapMeters
        self.autoPause = autoPause
    }

    // MARK: RunAccessory

    var watched: [WatchedDescriptor] {
        guard let descriptor = client.fileDescriptor else { return [] }
        return [WatchedDescriptor(fd: descriptor.rawValue, events: client.pollEvents)]
    }

    /// The client's next reconnect or timeout, and the instant the fix turns `GPS lost` (for
    /// plain output, which draws nothing by itself to notice it) until that has been said.
    func nextDeadline(after now: Duration) -> Duration? {
        let lostAt = lastGoodAt.flatMap { good in lastStateSaid?.hasPrefix("GPS lost") == true ? nil : good + Self.lostAfter }
        return [client.nextAttempt(after: now), lostAt].compactMap { $0 }.min()
    }

    func begin(at now: Duration, wallOrigin: Date) -> [RunNote] {
        self.wallOrigin = wallOrigin
        client.connect(at: now)
        return connectionNotes(at: now)
    }

    func service(ready: [Int32], session: MultisportSession, at now: Duration) -> RunAccessoryWork<MultisportSession.Event> {
        var work = RunAccessoryWork<MultisportSession.Event>()
        client.reconnectIfDue(at: now)
        let fixes: [GPSDFix] = !ready.isEmpty || client.state == .connecting
            ? client.readAvailable(at: now).reports.compactMap { if case let .tpv(fix) = $0 { fix } else { nil } } : []
        // Most wakes are a redraw's: the legs are derived only when a fix or a track needs them.
        if !fixes.isEmpty || !tracks.isEmpty {
            let derived = session.derive()
            takeBackUndoneLegs(derived)
            for fix in fixes { take(fix, derived: derived, session: session, at: now, into: &work) }
        }
        work.notes = connectionNotes(at: now) + work.notes
        if let note = stateChange(at: now) { work.notes.append(note) }
        return work
    }

    func end() {
        client.close()
    }

    // MARK: Fixes

    /// One TPV report: into the running leg's track when it records one; an auto-lap or an
    /// auto-pause becomes a note (and a pause or resume of the session); a `gps` event line.
    private func take(_ report: GPSDFix, derived: MultisportSession.State, session: MultisportSession, at now: Duration,
                      into work: inout RunAccessoryWork<MultisportSession.Event>) {
        lastReport = report
        let fix = report.fix(fallbackTime: wallOrigin.addingTimeInterval(now.inSeconds))
        if filter.verdict(on: fix) == .accepted { lastGoodAt = now }
        var line = EventLine(event: "gps", t: now.inSeconds)
        line.fix = Self.fixWord(report)
        line.errorMeters = report.horizontalErrorMeters
        if let position = derived.currentLeg, LiveRecording.recordsTrack(derived.legs[position].sport) {
            let sport = derived.legs[position].sport
            var track = tracks[position] ?? newTrack(sport)
            let (verdict, events) = track.add(fix, at: now)
            tracks[position] = track
            line.leg = position
            line.verdict = Self.verdictWord(verdict)
            line.accepted = track.filter.acceptedCount
            line.dropped = track.filter.droppedCount
            line.distanceMeters = EventLine.seconds(track.distanceMeters)
            line.speedMetersPerSecond = track.currentSpeedMetersPerSecond.map(EventLine.seconds)
            for event in events {
                switch event {
                case let .lap(lap):
                    var lapLine = EventLine(event: "autoLap", t: now.inSeconds)
                    lapLine.due = lap.endedAt.inSeconds
                    lapLine.leg = position
                    lapLine.number = lap.number
                    lapLine.distanceMeters = lap.distanceMeters
                    lapLine.durationSeconds = EventLine.seconds(lap.movingDuration.inSeconds)
                    work.notes.append(RunNote(text: lapText(lap, sport: sport), line: lapLine))
                case .autoPaused:
                    if session.isCounting, !derived.isPaused {
                        work.events.append(.pause)
                        pausedBySelf = true
                    }
                    work.notes.append(RunNote(text: "Auto-paused: stopped", line: nil))
                case .autoResumed:
                    if pausedBySelf, derived.isPaused { work.events.append(.resume) }
                    pausedBySelf = false
                    work.notes.append(RunNote(text: "Auto-resumed: moving", line: nil))
                }
            }
        }
        work.notes.append(RunNote(text: nil, line: line))
    }

    /// An empty track for a leg of `sport`: the auto-lap, and with `--auto-pause` a ride's
    /// auto-pause.
    private func newTrack(_ sport: Sport) -> LiveTrack {
        LiveTrack(sport: sport, autoLapMeters: autoLapMeters, autoPause: autoPause && sport == .cycling ? .cycling : nil)
    }

    /// `Lap 3 · 1 km in 5:12` (`1 mi` with imperial units).
    private func lapText(_ lap: AutoLap, sport: Sport) -> String {
        let length = Format.distance(autoLapMeters ?? lap.distanceMeters, units: units, sport: sport, poolUnit: nil)
        return "Lap \(lap.number) · \(length) in \(Format.clock(lap.movingDuration.inSeconds.rounded()))"
    }

    /// After an undo took a leg change back, the fixes of the legs no longer there go to the
    /// leg that runs again (the same person kept moving); with no leg left, they are dropped.
    private func takeBackUndoneLegs(_ derived: MultisportSession.State) {
        let gone = tracks.keys.filter { $0 >= derived.legs.count }.sorted()
        guard !gone.isEmpty else { return }
        let target = derived.legs.count - 1
        for position in gone {
            guard let removed = tracks.removeValue(forKey: position) else { continue }
            guard target >= 0, LiveRecording.recordsTrack(derived.legs[target].sport) else { continue }
            let sport = derived.legs[target].sport
            var track = tracks[target] ?? newTrack(sport)
            for sample in removed.samples {
                _ = track.add(Fix(mode: .threeDimensional, point: sample.point), at: sample.instant)
            }
            tracks[target] = track
        }
    }

    // MARK: The connection

    /// What to say about the connection now: its first failure (once, until it comes back),
    /// and each time it is made (the first time only in plain output and event lines).
    private func connectionNotes(at now: Duration) -> [RunNote] {
        switch client.state {
        case .watching:
            guard outageSaid || !hasConnected else { return [] }
            let again = hasConnected
            hasConnected = true
            outageSaid = false
            var line = EventLine(event: "gps", t: now.inSeconds)
            line.fix = "connected"
            line.message = "gpsd at \(endpoint)"
            return [RunNote(text: again ? "GPS: gpsd is back" : "GPS: connected to gpsd at \(endpoint)", line: line,
                            showsOnScreen: again)]
        case let .disconnected(reason):
            if reason != .notStarted { lastFailure = reason }
            guard !outageSaid, reason != .notStarted else { return [] }
            outageSaid = true
            let text = (hasConnected ? "GPS lost: \(reason)" : "No GPS: \(reason)")
                + "; the session runs on with time only (hiit keeps trying)"
            var line = EventLine(event: "gps", t: now.inSeconds)
            line.fix = hasConnected ? "gpsdlost" : "nogpsd"
            line.message = text
            return [RunNote(text: text, line: line)]
        case .connecting:
            return []
        }
    }

    /// The fix state when it changed since plain output last said it (`GPS 3D ±4 m`, `no fix`,
    /// `GPS lost`), or `nil`; the seconds of a loss are left out, so a loss is said once.
    ///
    /// The loss of the fix (nothing good enough for ``lostAfter``) and its return also get a
    /// `gps` event line (`fix` `lost` or `found`), since the lines of the reports alone cannot
    /// show a receiver that went quiet. `no gpsd` is not said again: the outage note said it.
    private func stateChange(at now: Duration) -> RunNote? {
        let state = fixState(at: now, counting: false)
        guard state != lastStateSaid else { return nil }
        let wasLost = lastStateSaid == "GPS lost"
        lastStateSaid = state
        guard state != "no gpsd" else { return nil }
        var note = RunNote(text: state, line: nil, showsOnScreen: false)
        if state == "GPS lost" || wasLost {
            var line = EventLine(event: "gps", t: now.inSeconds)
            line.fix = state == "GPS lost" ? "lost" : "found"
            line.message = state == "GPS lost" ? "no fix good enough to record for \(Int(Self.lostAfter.inSeconds)) s" : state
            note.line = line
        }
        return note
    }

    // MARK: What the screen shows

    /// How long the fix has been lost at `now` (no fix good enough for ``lostAfter`` or
    /// more since the last one), or `nil` while it is not (or before any good fix).
    private func lostFor(at now: Duration) -> Duration? {
        lastGoodAt.flatMap { now - $0 >= Self.lostAfter ? now - $0 : nil }
    }

    /// The fix state: `GPS 3D ±4 m`, `GPS 2D`, `no fix`, `GPS lost 0:12`, `no gpsd`,
    /// `GPS connecting`.
    /// - Parameters:
    ///   - now: the current instant.
    ///   - counting: whether a loss shows how long it has lasted (the screen) or not (a plain
    ///     line said once).
    func fixState(at now: Duration, counting: Bool = true) -> String {
        let lost: String? = lostFor(at: now).map { "GPS lost" + (counting ? " " + Format.clock($0.inSeconds) : "") }
        switch client.state {
        case .connecting:
            return lost ?? "GPS connecting"
        case .disconnected:
            return lost ?? (hasConnected ? "no fix" : "no gpsd")
        case .watching:
            if let lost { return lost }
            guard let report = lastReport else { return "no fix" }
            return GPSText.fixState(report)
        }
    }

    /// The GPS line of the screen for the running leg: `3.42 km · 5:12 /km · avg 5:20 /km ·
    /// GPS 3D ±4 m` (a ride in km/h, `auto-paused` while it is), or the fix state alone when
    /// no leg records a track.
    func screenLine(session: MultisportSession, at now: Duration) -> String {
        let derived = session.derive()
        var parts: [String] = []
        if let position = derived.currentLeg, LiveRecording.recordsTrack(derived.legs[position].sport) {
            let sport = derived.legs[position].sport
            let track = tracks[position]
            parts.append(Self.liveDistance(track?.distanceMeters ?? 0, units: units))
            // While the fix is lost the last current pace is stale: only the average stays.
            if lostFor(at: now) == nil, let speed = track?.currentSpeedMetersPerSecond, speed > 0,
               let pace = Pace.text(for: sport, meters: speed * 1000, seconds: 1000, units: units) {
                parts.append(pace)
            }
            if let speed = track?.averageSpeedMetersPerSecond, speed > 0,
               let pace = Pace.text(for: sport, meters: speed * 1000, seconds: 1000, units: units) {
                parts.append("avg " + pace)
            }
            if track?.isPaused == true { parts.append("auto-paused") }
        }
        parts.append(fixState(at: now))
        return parts.joined(separator: " · ")
    }

    /// The leg's distance so far, metres, from its accepted fixes; `nil` when the leg records
    /// no track.
    func distanceMeters(ofLeg position: Int) -> Double? {
        tracks[position]?.distanceMeters
    }

    /// A distance on the live screen: always two decimals, in kilometres or miles (`0.00 km`,
    /// `3.42 km`, `2.13 mi`), so that the figure does not jump in width.
    static func liveDistance(_ meters: Double, units: WorkoutModel.Profile.Units) -> String {
        units == .imperial ? String(format: "%.2f mi", meters / LengthUnit.miles.meters)
            : String(format: "%.2f km", meters / 1000)
    }

    /// `3d`, `2d` or `none`: a TPV's mode for `gps` event lines.
    static func fixWord(_ report: GPSDFix) -> String {
        switch report.mode {
        case .threeDimensional: "3d"
        case .twoDimensional: "2d"
        case .noFix, .unknown: "none"
        }
    }

    /// `accepted`, or the reason a fix was dropped (`noFix`, `inaccurate`, …).
    static func verdictWord(_ verdict: FixVerdict) -> String {
        switch verdict {
        case .accepted: "accepted"
        case let .dropped(reason): reason.rawValue
        }
    }

    // MARK: The record

    /// Why a finished session has no track to store, for the line that says so: gpsd never
    /// reached (its reason), no leg that records one (all swims), or too few good fixes.
    /// - Parameter legs: the record's legs.
    func noTrackReason(legs: [LegRecord]) -> String {
        // The client is closed by now (the run loop ends its accessory), so the reason is the
        // one seen during the run.
        if !hasConnected, let reason = lastFailure {
            return "\(reason), so the session has time only and no distance from GPS"
        }
        if !hasConnected { return "gpsd at \(endpoint) never answered, so the session has time only" }
        if !legs.contains(where: { $0.knownSport.map(LiveRecording.recordsTrack) ?? false }) {
            return "no leg records a track (swims and transitions do not)"
        }
        let accepted = tracks.values.map(\.filter.acceptedCount).reduce(0, +)
        let dropped = tracks.values.map(\.filter.droppedCount).reduce(0, +)
        return "\(accepted) fix\(accepted == 1 ? "" : "es") good enough (\(dropped) dropped); a track needs two in a leg"
    }

    /// The tracks as the record's legs hold them (``LiveLegTrack``): each leg's accepted fixes
    /// dated `wallOrigin` + the instant they were read (the session's own clock, so that they
    /// line up with the leg's times; the receiver's time is not kept), each with the distance
    /// so far.
    func legTracks() -> [LiveLegTrack] {
        tracks.keys.sorted().compactMap { position in
            guard let track = tracks[position], track.samples.count >= 2 else { return nil }
            let points = track.samples.map { sample in
                var point = sample.point
                point.time = wallOrigin.addingTimeInterval(sample.instant.inSeconds)
                point.distanceMeters = sample.distanceMeters
                return point
            }
            return LiveLegTrack(leg: position, points: points, distanceMeters: track.distanceMeters)
        }
    }
}

/// A run's ``LiveGPS`` inside the adapter (a value the front ends copy), compared by identity.
struct LiveGPSLink: Equatable {
    /// The live GPS.
    let gps: LiveGPS

    static func == (lhs: LiveGPSLink, rhs: LiveGPSLink) -> Bool { lhs.gps === rhs.gps }
}
