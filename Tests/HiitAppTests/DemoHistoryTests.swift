import Calories
import Foundation
import Testing
import WorkoutModel
import WorkoutStore
@testable import HiitApp

/// The demo history generator: deterministic, a year long, plausible, and every record one
/// that `history.jsonl` accepts.
@Suite struct DemoHistoryTests {
    /// A Monday-first ISO calendar in `zone`.
    static func calendar(_ zone: String) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone) ?? TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        calendar.firstWeekday = 2
        calendar.minimumDaysInFirstWeek = 4
        return calendar
    }

    /// 15 March 2026, 12:00 in Berlin (11:00 UTC).
    static let now = Date(timeIntervalSince1970: 1_773_572_400)
    static let berlin = calendar("Europe/Berlin")

    static func demo(seed: UInt64 = DemoHistory.defaultSeed, now: Date = now, calendar: Calendar = berlin,
                     weightKg: Double? = 70) -> [SessionRecord] {
        DemoHistory.sessions(seed: seed, now: now, calendar: calendar, weightKg: weightKg)
    }

    static func lines(_ records: [SessionRecord]) throws -> Data {
        var data = Data()
        for record in records {
            data.append(try record.jsonLine())
            data.append(0x0A)
        }
        return data
    }

    static func isoDate(_ date: Date, _ calendar: Calendar) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }

    // MARK: Determinism

    @Test func sameSeedGivesIdenticalLines() throws {
        let first = try Self.lines(Self.demo())
        #expect(first == (try Self.lines(Self.demo())))
        #expect(first != (try Self.lines(Self.demo(seed: 7))), "another seed, another history")
    }

    @Test func daysSharedByTwoEndDatesHaveTheSameSessions() throws {
        let later = Self.now.addingTimeInterval(40 * 86_400)
        let early = Self.demo()
        let shifted = Self.demo(now: later)
        let overlapStart = Self.berlin.date(byAdding: .year, value: -1, to: later) ?? later
        // Days whole in both windows: from the day after the later window starts.
        let from = Self.berlin.date(byAdding: .day, value: 1, to: Self.berlin.startOfDay(for: overlapStart)) ?? later
        let a = early.filter { $0.start >= from }
        let b = shifted.filter { $0.start >= from && $0.end <= Self.now }
        #expect(a.count > 100)
        #expect(a == b)
    }

    @Test func generatorMatchesTheSplitMix64ReferenceOutputs() {
        var random = SplitMix64(seed: 0)
        #expect([random.next(), random.next(), random.next()] == [0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4, 0x06C4_5D18_8009_454F])
        var draws = SplitMix64(seed: 42)
        for _ in 0..<1000 {
            #expect((3...6).contains(draws.int(in: 3...6)))
            #expect((0..<1).contains(draws.unit()))
        }
        let id = draws.uuid()
        #expect(id.uuidString.dropFirst(14).first == "4", "version 4: \(id)")
        #expect("89AB".contains(id.uuidString.dropFirst(19).first ?? "x"), "RFC variant: \(id)")
    }

    // MARK: Coverage

    @Test func coversTheYearBeforeNowAndNothingAfter() throws {
        let records = Self.demo()
        let yearAgo = try #require(Self.berlin.date(byAdding: .year, value: -1, to: Self.now))
        #expect(records.allSatisfy { $0.start >= yearAgo && $0.end <= Self.now })
        #expect(records == records.sorted { $0.start < $1.start }, "oldest first")
        let first = try #require(records.first), last = try #require(records.last)
        #expect(first.start < yearAgo.addingTimeInterval(7 * 86_400))
        #expect(last.start > Self.now.addingTimeInterval(-7 * 86_400))
        #expect((150...320).contains(records.count), "\(records.count) sessions")
        #expect(Set(records.map(\.id)).count == records.count, "ids are unique")
    }

    @Test(arguments: ["Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "UTC"])
    func everyWholeWeekHasThreeToSixSessionsOnDifferentDays(_ zone: String) throws {
        let calendar = Self.calendar(zone)
        let records = Self.demo(calendar: calendar)
        let yearAgo = try #require(calendar.date(byAdding: .year, value: -1, to: Self.now))
        var perWeek: [Date: [SessionRecord]] = [:]
        for record in records {
            let week = try #require(calendar.dateInterval(of: .weekOfYear, for: record.start))
            perWeek[week.start, default: []].append(record)
        }
        var wholeWeeks = 0
        var week = try #require(calendar.dateInterval(of: .weekOfYear, for: yearAgo)).end
        while let interval = calendar.dateInterval(of: .weekOfYear, for: week), interval.end <= Self.now {
            let sessions = perWeek[interval.start] ?? []
            #expect((3...6).contains(sessions.count), "week of \(Self.isoDate(interval.start, calendar)): \(sessions.count)")
            #expect(Set(sessions.map(\.localDate)).count == sessions.count, "one session a day")
            wholeWeeks += 1
            week = interval.end
        }
        #expect(wholeWeeks >= 50)
    }

    @Test func bothKindsAndTheShippedWorkoutsArePresent() {
        let records = Self.demo()
        let names = Set(records.map(\.workout))
        for name in ["Tabata", "Classic HIIT", "EMOM 10", "Gentle start", "Easy run", "Long ride", "Pool swim",
                     "Bike-run brick", "Sprint triathlon"] {
            #expect(names.contains(name), "\(name) missing from \(names.sorted())")
        }
        #expect(records.contains { $0.kind == .intervals })
        #expect(records.contains { $0.kind == .multisport })
        let sports = Set(records.flatMap { $0.legs.map(\.sport) })
        #expect(sports == ["swimming", "cycling", "running", "transition"])
    }

    @Test func startTimesSpreadOverTheFourPartsOfTheDayAndSomeCrossMidnight() {
        let records = Self.demo()
        var parts: [String: Int] = [:]
        for record in records {
            let hour = Self.berlin.component(.hour, from: record.start)
            let part = switch hour {
            case 5..<12: "morning"
            case 12..<17: "afternoon"
            case 17..<22: "evening"
            default: "night"
            }
            parts[part, default: 0] += 1
        }
        #expect(parts.keys.sorted() == ["afternoon", "evening", "morning", "night"], "\(parts)")
        #expect(parts.values.allSatisfy { $0 >= 5 }, "\(parts)")
        #expect(records.contains { Self.isoDate($0.end, Self.berlin) != $0.localDate.description },
                "a session that runs past midnight")
    }

    // MARK: Records

    @Test func everyRecordIsAcceptedByHistoryAndRoundTrips() throws {
        let records = Self.demo()
        let data = try Self.lines(records)
        let parsed = HistoryFile.parse(data, path: "demo.jsonl")
        #expect(parsed.problems.isEmpty, "\(parsed.problems.prefix(3))")
        #expect(parsed.records == records)
        for record in records.prefix(50) {
            #expect(try SessionRecord(jsonLine: try record.jsonLine()) == record)
        }
    }

    @Test(arguments: ["Europe/Berlin", "America/New_York", "Asia/Kolkata"])
    func localDateAndOffsetAreThoseOfTheCalendarsZone(_ zone: String) {
        let calendar = Self.calendar(zone)
        let records = Self.demo(calendar: calendar)
        for record in records {
            #expect(record.timeZone == zone)
            #expect(record.localDate.description == Self.isoDate(record.start, calendar))
            #expect(record.utcOffsetSeconds == calendar.timeZone.secondsFromGMT(for: record.start))
        }
        let offsets = Set(records.map(\.utcOffsetSeconds))
        #expect(offsets.count == (zone == "Asia/Kolkata" ? 1 : 2), "summer and winter time: \(offsets)")
    }

    @Test func intervalSessionsAreTheShippedWorkoutsAsTheEngineCountsThem() {
        // (workoutSeconds, totalSeconds, rounds, exercises): the rest after the last round is not run.
        let expected: [String: (Double, Double, Int, Int)] = [
            "Tabata": (160, 230, 8, 1),
            "Classic HIIT": (480, 820, 12, 4),
            "EMOM 10": (600, 630, 10, 2),
            "Gentle start": (240, 780, 12, 3),
        ]
        let intervals = Self.demo().filter { $0.kind == .intervals }
        #expect(intervals.contains { $0.pausedSeconds > 0 }, "some sessions were paused")
        for record in intervals {
            guard let shape = expected[record.workout] else {
                Issue.record("unexpected interval workout \(record.workout)")
                continue
            }
            #expect((record.workoutSeconds, record.totalSeconds, record.rounds, record.exercises) == shape)
            #expect(record.end.timeIntervalSince(record.start) == record.totalSeconds + record.pausedSeconds)
            #expect(record.legs.isEmpty)
            // Its segments as the timer records them: they add up to its times and rounds.
            let segments = record.segments
            #expect(segments.map(\.timerSeconds).reduce(0, +) == record.totalSeconds)
            #expect(segments.map(\.elapsedSeconds).reduce(0, +) == record.totalSeconds + record.pausedSeconds)
            #expect(segments.filter { $0.kind == .work }.map(\.timerSeconds).reduce(0, +) == record.workoutSeconds)
            #expect(segments.filter { $0.kind == .work }.count == record.rounds)
            #expect(zip(segments, segments.dropFirst()).allSatisfy { $0.startSeconds + $0.elapsedSeconds == $1.startSeconds })
            #expect(record.weightKg == 70)
            #expect(record.kcal == HIITCalories.kcal(weightKg: 70, workoutSeconds: shape.0, totalSeconds: shape.1))
        }
    }

    @Test func multisportLegsFollowEachOtherAtRealisticPaces() throws {
        let sessions = Self.demo().filter { $0.kind == .multisport }
        #expect(sessions.contains { $0.pausedSeconds > 0 }, "some runs or rides had a stop")
        for record in sessions {
            var clock = 0.0
            for leg in record.legs {
                #expect(leg.startSeconds == clock)
                #expect(leg.timerSeconds > 0 && leg.elapsedSeconds >= leg.timerSeconds)
                if let first = leg.laps.first, let last = leg.laps.last {
                    #expect(first.startSeconds == leg.startSeconds)
                    #expect(last.startSeconds + last.elapsedSeconds == leg.startSeconds + leg.elapsedSeconds)
                    #expect(leg.laps.reduce(0) { $0 + $1.elapsedSeconds } == leg.elapsedSeconds)
                }
                let sport = try #require(Sport(rawValue: leg.sport))
                let kmh = (leg.distanceMeters ?? 0) / leg.timerSeconds * 3.6
                switch sport {
                case .running: #expect((8.0...13.5).contains(kmh), "run at \(kmh) km/h")
                case .cycling: #expect((20.0...35.0).contains(kmh), "ride at \(kmh) km/h")
                case .swimming: #expect((2.2...3.5).contains(kmh), "swim at \(kmh) km/h")
                case .transition:
                    #expect(leg.distanceMeters == nil && leg.laps.isEmpty && leg.elapsedSeconds <= 180)
                default: Issue.record("unexpected sport \(sport)")
                }
                let openWater = record.workout == "Open water swim" || record.workout == "Aquathlon"
                #expect(leg.kcal == LegCalories.kcal(sport: sport, distanceMeters: leg.distanceMeters,
                                                     timerSeconds: leg.timerSeconds, weightKg: 70,
                                                     isOpenWater: openWater && sport == .swimming))
                clock += leg.elapsedSeconds
            }
            #expect(record.end.timeIntervalSince(record.start) == clock)
            #expect(record.totalSeconds == record.legs.reduce(0) { $0 + $1.timerSeconds })
            #expect(record.pausedSeconds == clock - record.totalSeconds)
            #expect(record.workoutSeconds
                == record.legs.filter { $0.sport != "transition" }.reduce(0) { $0 + $1.timerSeconds })
            #expect(record.kcal == record.legs.reduce(0) { $0 + ($1.kcal ?? 0) })
        }
        let triathlon = try #require(sessions.first { $0.workout == "Sprint triathlon" })
        #expect(triathlon.legs.map(\.sport) == ["swimming", "transition", "cycling", "transition", "running"])
        #expect(triathlon.legs.map(\.distanceMeters) == [750, nil, 20_000, nil, 5000])
    }

    @Test func withoutAWeightNoCaloriesAreStored() {
        let records = Self.demo(weightKg: nil)
        #expect(!records.isEmpty)
        #expect(records.allSatisfy { $0.weightKg == nil && $0.kcal == nil && $0.legs.allSatisfy { $0.kcal == nil } })
    }
}
