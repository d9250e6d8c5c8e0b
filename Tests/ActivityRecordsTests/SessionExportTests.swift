import ActivityFiles
import ActivityRecords
import Foundation
import Testing
import Tracks
import WorkoutModel

/// 2025-12-01 06:30:00.125 UTC.
private let start = Date(timeIntervalSince1970: 1_764_570_600.125)
private let prague = TimeZone(identifier: "Europe/Prague") ?? TimeZone(secondsFromGMT: 3600) ?? .gmt
private let fileSource = RecordSource(format: "fit", fileName: "x.fit", sha256: String(repeating: "cd", count: 32))

private func intervals(_ name: String, paused: Double = 0) -> SessionRecord {
    SessionRecord(id: UUID(), workout: name, kind: .intervals, start: start, end: start.addingTimeInterval(240 + paused),
                  timeZone: prague, workoutSeconds: 160, totalSeconds: 240, pausedSeconds: paused,
                  rounds: 8, exercises: 1, weightKg: 70, kcal: 41.718)
}

private func leg(_ sport: Sport, at start: Double, seconds: Double = 60) -> LegRecord {
    LegRecord(sport: sport.rawValue, startSeconds: start, elapsedSeconds: seconds, timerSeconds: seconds, distanceMeters: nil, kcal: nil, laps: [])
}

@Suite("A history record as an activity file holds it (export)")
struct SessionExportTests {
    @Test("an interval workout's FIT sub-sport comes from its name")
    func subSports() {
        #expect(SessionExport.intervalSubSport(workout: "Tabata 20/10") == "tabata")
        #expect(SessionExport.intervalSubSport(workout: "EMOM 12") == "emom")
        #expect(SessionExport.intervalSubSport(workout: "amrap burner") == "amrap")
        #expect(SessionExport.intervalSubSport(workout: "Classic HIIT") == "hiit")
    }

    @Test("the kind of multisport event comes from the sport legs in order, transitions left out")
    func multisportNames() {
        #expect(SessionExport.multisportName(legs: [leg(.swimming, at: 0), leg(.transition, at: 60), leg(.cycling, at: 120),
                                                   leg(.transition, at: 180), leg(.running, at: 240)]) == "triathlon")
        #expect(SessionExport.multisportName(legs: [leg(.running, at: 0), leg(.cycling, at: 60), leg(.running, at: 120)]) == "duathlon")
        #expect(SessionExport.multisportName(legs: [leg(.cycling, at: 0), leg(.running, at: 60)]) == "brick")
        #expect(SessionExport.multisportName(legs: [leg(.swimming, at: 0), leg(.running, at: 60), leg(.swimming, at: 120)]) == "swim_run")
        #expect(SessionExport.multisportName(legs: [leg(.running, at: 0), leg(.rowing, at: 60)]) == nil)
    }

    @Test("an interval session is one hiit session with a point every second and its paused time as a pause at the end")
    func intervalActivity() throws {
        let record = intervals("Tabata", paused: 12.5)
        let activity = SessionExport.activity(of: record)
        let session = try #require(activity.sessions.first)
        #expect(activity.sessions.count == 1 && session.sport == .hiit && session.sportName == "hiit/tabata")
        #expect(session.start == start && session.totals.elapsedSeconds == 252.5 && session.totals.timerSeconds == 240)
        #expect(session.totals.kcal == 41.718)
        #expect(session.points.count == 254, "0…252 s and the end at 252.5 s")
        #expect(zip(session.points, session.points.dropFirst()).allSatisfy { $1.time.timeIntervalSince($0.time) <= 1 })
        #expect(session.points.last?.time == record.end)
        #expect(session.pauses == [TimerPause(start: record.end.addingTimeInterval(-12.5), end: record.end)])
        #expect(activity.utcOffsetSeconds == 3600 && activity.hiitSession?.id == record.id && activity.hiitSession?.kind == .intervals)
    }

    @Test("a leg's points carry its distance so far, linear in time")
    func legDistance() throws {
        var bike = leg(.cycling, at: 0, seconds: 100)
        bike.distanceMeters = 1000
        let record = SessionRecord(id: UUID(), workout: "Ride", kind: .multisport, start: start, end: start.addingTimeInterval(100),
                                   timeZone: prague, workoutSeconds: 100, totalSeconds: 100, pausedSeconds: 0,
                                   rounds: 1, exercises: 0, weightKg: nil, kcal: nil, legs: [bike])
        let points = try #require(SessionExport.activity(of: record).sessions.first?.points)
        #expect(points.count == 101 && points[50].distanceMeters == 500 && points.last?.distanceMeters == 1000)
    }

    @Test("an interval session written as FIT and converted back is the same record, whatever zone the importer is in")
    func fitRoundTrip() throws {
        let record = intervals("Tabata", paused: 12.5)
        let data = FITActivityEncoder.encode(SessionExport.activity(of: record))
        let decoded = try ActivityFile.decode(data)
        let back = try ImportedActivity(decoded, id: UUID(), source: fileSource, weightKg: nil,
                                        zone: TimeZone(identifier: "America/New_York") ?? .gmt)
        #expect(back.record.id == record.id && back.record.kind == .intervals && back.record.workout == "Tabata")
        #expect(back.record.timeZone == "Europe/Prague" && back.record.localDate == record.localDate && back.zoneNote == nil)
        #expect(abs(back.record.start.timeIntervalSince(record.start)) < 0.001)
        #expect(abs(back.record.totalSeconds - 240) < 0.001 && abs(back.record.pausedSeconds - 12.5) < 0.001)
        #expect(back.record.workoutSeconds == 160 && back.record.rounds == 8 && back.record.exercises == 1)
        #expect(back.record.kcal == 41.718 && back.record.weightKg == 70 && back.record.kcalSource == nil && back.record.legs.isEmpty)
    }

    /// Tabata's first three segments and a rest between exercises, a cool-down, and a pause
    /// of 2.5 s in the second work.
    private func segmented() -> SessionRecord {
        var record = intervals("Tabata", paused: 2.5)
        record.totalSeconds = 95
        record.end = start.addingTimeInterval(97.5)
        record.segments = [
            SegmentRecord(kind: .work, label: "Burpees", startSeconds: 0, elapsedSeconds: 20, timerSeconds: 20),
            SegmentRecord(kind: .rest, label: "Burpees", startSeconds: 20, elapsedSeconds: 10, timerSeconds: 10),
            SegmentRecord(kind: .work, label: "Burpees", startSeconds: 30, elapsedSeconds: 22.5, timerSeconds: 20),
            SegmentRecord(kind: .restBetweenExercises, label: "Rest", startSeconds: 52.5, elapsedSeconds: 15, timerSeconds: 15),
            SegmentRecord(kind: .work, label: "Squats", startSeconds: 67.5, elapsedSeconds: 20.123, timerSeconds: 20.123),
            SegmentRecord(kind: .coolDown, label: "Cool-down", startSeconds: 87.623, elapsedSeconds: 9.877, timerSeconds: 9.877),
        ]
        return record
    }

    @Test("an interval session has a lap per segment with its intensity, name, times and share of the kcal; each pause ends its segment")
    func segmentLaps() throws {
        let record = segmented()
        let session = try #require(SessionExport.activity(of: record).sessions.first)
        #expect(session.laps.count == 6)
        #expect(session.laps.map(\.intensity) == [.active, .rest, .active, .recovery, .active, .cooldown])
        #expect(session.laps.map(\.name) == ["Burpees", "Burpees", "Burpees", "Rest", "Squats", "Cool-down"])
        #expect(session.laps[2].start == start.addingTimeInterval(30))
        #expect(session.laps[2].totals.elapsedSeconds == 22.5 && session.laps[2].totals.timerSeconds == 20)
        // 41.718 kcal by timer time (20, 10, 20, 15, 20.123, 9.877 of 95 s): running totals
        // 8.78, 13.18, 21.96, 28.55, 37.38, 41.72 rounded are 9, 13, 22, 29, 37, 42.
        #expect(session.laps.compactMap(\.totals.kcal) == [9, 4, 9, 7, 8, 5], "whole kcal adding up to the session's 42")
        #expect(session.pauses == [TimerPause(start: start.addingTimeInterval(50), end: start.addingTimeInterval(52.5))])
        for kind in SegmentRecord.Kind.allCases {
            #expect(SessionExport.segmentKind(of: SessionExport.intensity(of: kind)) == kind)
        }
    }

    @Test("an interval session's segments come back from its FIT file to the millisecond, and a file without them has none")
    func segmentRoundTrip() throws {
        let record = segmented()
        let decoded = try ActivityFile.decode(FITActivityEncoder.encode(SessionExport.activity(of: record)))
        let back = try ImportedActivity(decoded, id: UUID(), source: fileSource, weightKg: nil, zone: prague)
        #expect(back.record.segments == record.segments)
        #expect(abs(back.record.pausedSeconds - 2.5) < 0.001)

        let plain = try ActivityFile.decode(FITActivityEncoder.encode(SessionExport.activity(of: intervals("Tabata"))))
        let none = try ImportedActivity(plain, id: UUID(), source: fileSource, weightKg: nil, zone: prague)
        #expect(none.record.segments.isEmpty, "one lap of no segment's: nothing made up")
    }

    @Test("whole kcal shared by weight add up to the rounded whole")
    func wholeKcal() {
        #expect(SessionExport.wholeKcal(10, sharedBy: [1, 1, 1]) == [3, 4, 3])
        #expect(SessionExport.wholeKcal(2.4, sharedBy: [3, 2, 3, 2, 3]) == [1, 0, 0, 1, 0])
        #expect(SessionExport.wholeKcal(5, sharedBy: [0, 0]) == [0, 0])
        #expect(SessionExport.wholeKcal(7.5, sharedBy: [0, 4, 0]) == [0, 8, 0])
    }

    @Test("a pool swim's laps are its lengths: each is a FIT length too, and the file read back gives the same laps and distance")
    func poolLengths() throws {
        var swim = leg(.swimming, at: 0, seconds: 95)
        swim.distanceMeters = 75
        swim.poolLength = 25
        swim.poolUnit = .meters
        swim.laps = [LapRecord(startSeconds: 0, elapsedSeconds: 30), LapRecord(startSeconds: 30, elapsedSeconds: 32.5),
                     LapRecord(startSeconds: 62.5, elapsedSeconds: 32.5)]
        let record = SessionRecord(id: UUID(), workout: "Pool", kind: .multisport, start: start, end: start.addingTimeInterval(95),
                                   timeZone: prague, workoutSeconds: 95, totalSeconds: 95, pausedSeconds: 0,
                                   rounds: 1, exercises: 0, weightKg: nil, kcal: nil, legs: [swim])
        let session = try #require(SessionExport.activity(of: record).sessions.first)
        #expect(session.lengths == [RecordedLength(start: start, seconds: 30, isActive: true),
                                    RecordedLength(start: start.addingTimeInterval(30), seconds: 32.5, isActive: true),
                                    RecordedLength(start: start.addingTimeInterval(62.5), seconds: 32.5, isActive: true)])
        #expect(session.poolLengthMeters == 25)
        let decoded = try ActivityFile.decode(FITActivityEncoder.encode(SessionExport.activity(of: record)))
        #expect(decoded.sessions.first?.lengths.count == 3)
        let back = try ImportedActivity(decoded, id: UUID(), source: fileSource, weightKg: nil, zone: prague)
        let leg = try #require(back.record.legs.first)
        #expect(leg.distanceMeters == 75 && leg.poolLength == 25 && leg.poolUnit == .meters)
        #expect(leg.laps.count == 3 && leg.laps.map(\.elapsedSeconds) == [30, 32.5, 32.5])
    }

    @Test("hiit's values out of the history's bounds are not taken: the file's own stand")
    func hostileValues() throws {
        var activity = SessionExport.activity(of: intervals("Tabata"))
        activity.hiitSession?.rounds = -5
        activity.hiitSession?.kcal = 1e12
        activity.hiitSession?.workoutSeconds = 1e9
        activity.hiitSession?.weightKg = -1
        let back = try ImportedActivity(activity, id: UUID(), source: fileSource, weightKg: nil, zone: prague)
        #expect(back.record.rounds == 1, "the one hiit leg counted as a round")
        #expect(back.record.kcal == 41.718, "the device's (file's) kcal")
        #expect(back.record.workoutSeconds <= back.record.totalSeconds && back.record.weightKg == nil)
    }
}
