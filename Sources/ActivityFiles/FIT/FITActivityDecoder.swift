import Foundation
import Tracks
import WorkoutModel

/// Decodes FIT activity files into a ``RecordedActivity`` (pure: bytes in, values out), with
/// the codec of our own (``FITReader``) and the profile's fields (``FITProfile``).
///
/// What is sound is kept and what is not is said in ``RecordedActivity/notes``: a file CRC
/// that does not match ("CRC mismatch: imported anyway"), bytes after the last file that are
/// not a chained FIT file, a truncated end or an undefined local message ("stopped at byte N:
/// …"; the messages before it are kept).
///
/// Sessions: one ``RecordedSession`` per `session` message, in time order (a multisport file's
/// legs, transitions included), each from `start_time` to `start_time + total_elapsed_time`
/// wherever the summary was written (first or last). Laps go to their session by
/// `first_lap_index`/`num_laps`, else by their start; points, lengths and timer pauses by
/// their instant: each belongs to the last session that started at or before it (one before
/// every start belongs to the first). A file with records or laps but no session (cut short
/// before its summary) is one session without totals, its sport from the `sport` message,
/// else the first lap's, else `generic` (``Sport/other``).
///
/// Laps keep their `intensity` (field 23). A `sport` message of sport multisport (18) gives
/// ``RecordedActivity/multisportName``. Developer fields are read where a `field_description`
/// describes them under hiit's application id (``FITActivityEncoder/hiitApplicationID``):
/// hiit's session values (``RecordedActivity/hiitSession``, only when `hiit_id` is a UUID and
/// `hiit_kind` a kind hiit knows), the activity's name, lap names, the milliseconds of session
/// and lap starts, the recording device of a file hiit exported; every other developer field is
/// skipped by its size.
///
/// Instants are placed by whole seconds: a point, length or pause belongs to the last session
/// whose start's whole second is at or before it (a start at 100.25 s owns a point stamped
/// 100 s, as FIT's record timestamps are whole seconds).
public enum FITActivityDecoder {
    /// Decodes one FIT file, or several chained in one.
    /// - Parameter data: the file's bytes.
    /// - Returns: the activity; its `notes` say what was survived.
    /// - Throws: ``ActivityFileError/malformed(detail:)`` when the first header is not a FIT
    ///   header; ``ActivityFileError/notAnActivity(kind:)`` when `file_id.type` is not activity
    ///   (4), e.g. "a FIT course file"; ``ActivityFileError/noActivity(reason:)`` for an
    ///   activity file with no session, lap or record.
    public static func decode(_ data: Data) throws(ActivityFileError) -> RecordedActivity {
        let bytes = [UInt8](data)
        var messages = FITActivityMessages()
        let warnings: [FITWarning]
        do {
            warnings = try FITReader.read(bytes) { messages.add($0) }
        } catch {
            throw .malformed(detail: error.detail)
        }
        let types = messages.fileTypes.compactMap { $0 }
        if let first = types.first, !types.contains(FITProfile.activityFileType) {
            throw .notAnActivity(kind: FITProfile.fileKind(first))
        }
        let sessions = try assemble(messages)
        return RecordedActivity(format: .fit, device: messages.recordingDevice,
                                utcOffsetSeconds: utcOffset(messages.localOffsetSeconds), name: messages.activityName,
                                sessions: sessions, notes: warnings.map(\.description), multisportName: messages.multisportName,
                                hiitSession: messages.hiitSession)
    }

    /// The UTC offset from `activity.local_timestamp − timestamp`, rounded to the nearest 15
    /// minutes (every zone's offset is a multiple of 15 minutes, and devices may write the two
    /// a second or so apart); `nil` beyond ±14 hours (the widest offsets in use, UTC−12 and
    /// UTC+14), which is no zone.
    static func utcOffset(_ seconds: Int64?) -> Int? {
        guard let seconds, abs(seconds) <= 14 * 3600 + 450 else { return nil }
        let quarter: Int64 = 900
        let rounded = (seconds >= 0 ? seconds + quarter / 2 : seconds - quarter / 2) / quarter * quarter
        return Int(rounded)
    }

    /// One session of the file, not yet holding its laps, points, lengths and pauses.
    struct Span {
        /// The `session` message, `nil` for the one session of a file without any.
        var summary: FITSummary?
        /// The session's start (UTC).
        var start: Date
        /// FIT `sport` and `sub_sport`.
        var sport: UInt64?
        var subSport: UInt64?
    }

    /// The sessions, in time order, each with what belongs to it (see the type's rules).
    static func assemble(_ messages: FITActivityMessages) throws(ActivityFileError) -> [RecordedSession] {
        // A session with no time of its own (no start_time, no timestamp) cannot be placed; it
        // is used only when there is no other, starting with the first point or lap.
        var spans: [Span] = messages.sessions.compactMap { summary in
            summary.start.map { Span(summary: summary, start: $0, sport: summary.sport, subSport: summary.subSport) }
        }
        let fallbackSport = messages.sports.first ?? messages.laps.first.map { ($0.sport, $0.subSport) }
        if spans.isEmpty {
            let lapStart = messages.laps.compactMap(\.start).min()
            let starts = [messages.points.first?.time, lapStart].compactMap { $0 }
            guard let start = starts.min() else {
                throw .noActivity(reason: "a FIT activity file with no session, lap or record")
            }
            let summary = messages.sessions.first
            spans = [Span(summary: summary, start: start, sport: summary?.sport, subSport: summary?.subSport)]
        }
        spans = spans.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }.map(\.element)
        for index in spans.indices where spans[index].sport == nil {
            spans[index].sport = fallbackSport?.sport
            spans[index].subSport = fallbackSport?.subSport
        }

        let starts = spans.map { Date(timeIntervalSince1970: $0.start.timeIntervalSince1970.rounded(.down)) }
        func owner(_ time: Date) -> Int {
            var low = 0, high = starts.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if starts[middle] <= time { low = middle } else { high = middle - 1 }
            }
            return low
        }

        var sessions = spans.map { span in
            RecordedSession(sport: FITSportMapping.sport(span.sport, subSport: span.subSport),
                            sportName: FITSportMapping.name(span.sport, subSport: span.subSport),
                            start: span.start, totals: span.summary?.totals ?? RecordedTotals(),
                            poolLengthMeters: span.summary?.poolLengthMeters)
        }

        // Laps: by the session's index range where it is within the file's laps and overlaps no
        // range before it (so every lap is visited once, whatever the file claims), else by
        // start time.
        var lapTaken = [Bool](repeating: false, count: messages.laps.count)
        var ranges: [(session: Int, laps: Range<Int>)] = []
        for (index, span) in spans.enumerated() {
            guard let first = span.summary?.firstLapIndex, let count = span.summary?.lapCount, count > 0,
                  first < messages.laps.count, count <= messages.laps.count - first else { continue }
            ranges.append((index, first..<(first + count)))
        }
        ranges.sort { ($0.laps.lowerBound, $0.session) < ($1.laps.lowerBound, $1.session) }
        var claimedUpTo = 0
        for range in ranges where range.laps.lowerBound >= claimedUpTo {
            claimedUpTo = range.laps.upperBound
            // hiit's `hiit_no_laps`: the session had none, its lap message was written for readers.
            let hasNoLaps = spans[range.session].summary?.hasNoLaps == true
            for lapIndex in range.laps {
                lapTaken[lapIndex] = true
                let lap = messages.laps[lapIndex]
                guard !hasNoLaps else { continue }
                sessions[range.session].laps.append(RecordedLap(start: lap.start ?? spans[range.session].start, totals: lap.totals,
                                                                intensity: lap.intensity, name: lap.name))
            }
        }
        for (lapIndex, lap) in messages.laps.enumerated() where !lapTaken[lapIndex] {
            guard let start = lap.start else { continue }
            sessions[owner(start)].laps.append(RecordedLap(start: start, totals: lap.totals, intensity: lap.intensity, name: lap.name))
        }
        for index in sessions.indices {
            sessions[index].laps = sessions[index].laps.enumerated()
                .sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }.map(\.element)
        }

        for point in messages.points { sessions[owner(point.time)].points.append(point) }
        for length in messages.lengths { sessions[owner(length.start)].lengths.append(length) }
        for pause in pauses(messages.timerEvents) { sessions[owner(pause.start)].pauses.append(pause) }
        return sessions
    }

    /// Timer pauses from timer events in time order: each stop up to the next start (a stop
    /// with no start after it ends the activity and is no pause).
    static func pauses(_ events: [(time: Date, isStop: Bool)]) -> [TimerPause] {
        let sorted = events.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        var pauses: [TimerPause] = []
        var stoppedAt: Date?
        for event in sorted {
            if event.isStop {
                if stoppedAt == nil { stoppedAt = event.time }
            } else if let stop = stoppedAt {
                if event.time > stop { pauses.append(TimerPause(start: stop, end: event.time)) }
                stoppedAt = nil
            }
        }
        return pauses
    }
}
