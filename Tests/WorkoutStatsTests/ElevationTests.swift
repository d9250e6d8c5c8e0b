import Foundation
import Testing
import WorkoutModel
@testable import WorkoutStats

/// `--metric elevation` and the ascent in every figure (issue #13, "Statistics"): metres climbed
/// by the counted legs, summed to the millimetre, bucketed like everything else.
struct ElevationTests {
    /// A recorded activity with legs `(sport, metres, ascent)`.
    static func activity(_ start: String, legs: [(String, Double?, Double?)], minutes: Double = 60) throws -> SessionRecord {
        var record = try multisport(start, in: "Europe/Berlin", workout: "Activity",
                                    legs: legs.map { ($0.0, $0.1) }, minutes: minutes, kcal: nil)
        for index in record.legs.indices { record.legs[index].ascentMeters = legs[index].2 }
        return record
    }

    /// The week of 21–27 October 2024 in Berlin, whose Sunday is 25 hours long (CEST → CET at
    /// 03:00), and one hike the week before.
    static func history() throws -> [SessionRecord] {
        [
            // 02:30 CEST and 02:30 CET: the same wall-clock time twice on the fall-back day.
            try activity("2024-10-27T02:30:00+02:00", legs: [("hiking", 8000, 412.3456)]),
            try activity("2024-10-27T02:30:00+01:00", legs: [("cycling", 20_000, 250.1), ("running", 5000, 30.05)]),
            try session("2024-10-22T07:00:00+02:00", in: "Europe/Berlin"),  // timed intervals: no legs, no ascent
            try activity("2024-10-23T18:00:00+02:00", legs: [("hiit", nil, 12)], minutes: 30),  // a device's HIIT
            try activity("2024-10-24T18:00:00+02:00", legs: [("running", 5000, nil)], minutes: 30),  // no ascent recorded
            try activity("2024-10-19T10:00:00+02:00", legs: [("hiking", 6000, 200)]),  // the previous week
        ]
    }

    static func query(_ filter: SessionFilter = .all, period: PeriodSpec = .week) throws -> StatsQuery {
        StatsQuery(period: period, date: try day("2024-10-27"), metric: .elevation, filter: filter)
    }

    static func viewer() throws -> StatsContext {
        try context("Europe/Berlin", now: "2024-11-05T12:00:00+01:00")
    }

    @Test func ascentAddsUpToTheMillimetreInTheBucketOfEachStart() throws {
        let report = try StatsReport(records: Self.history(), query: Self.query(), context: Self.viewer())
        #expect(report.labels == ["Mon 21 Oct", "Tue 22 Oct", "Wed 23 Oct", "Thu 24 Oct", "Fri 25 Oct", "Sat 26 Oct", "Sun 27 Oct"])
        // 412.3456 m is 412,346 mm; 250.1 + 30.05 m are 280,150 mm; a device's HIIT 12 m.
        #expect(report.buckets.map(\.totals.ascentMeters) == [0, 0, 12, 0, 0, 0, 692.496])
        #expect(report.totals.ascentMeters == 704.496)
        #expect(report.totals.value(of: .elevation) == 704.496)
        #expect(report.averagePerBucket.ascentMeters == 704.496 / 7)
        #expect(report.averagePerBucket.value(of: .elevation) == 704.496 / 7)
        #expect(report.best?.label == "Sun 27 Oct")
        let comparison = try #require(report.comparison)
        #expect(comparison.totals.ascentMeters == 200)
        #expect(comparison.change(of: .elevation) == StatsChange(current: 704.496, baseline: 200))
        #expect(comparison.change(of: .elevation).difference == 504.496)
        // The sum does not depend on the order of the records.
        let reversed = try StatsReport(records: Self.history().reversed(), query: Self.query(), context: Self.viewer())
        #expect(try reversed.jsonData() == report.jsonData())
    }

    @Test func theFallBackDayPlacesEachClimbInItsOwnHour() throws {
        let report = try StatsReport(records: Self.history(), query: Self.query(period: .day), context: Self.viewer())
        #expect(report.buckets.count == 25)
        let climbed = report.buckets.filter { $0.totals.ascentMeters > 0 }.map { "\($0.label) \($0.totals.ascentMeters)" }
        #expect(climbed == ["02:00 412.346", "02:00 (2) 280.15"])
        #expect(report.best?.label == "02:00")
    }

    @Test(arguments: [
        ("hike", "hiking", 1, 412.346, 200.0), ("bike", "cycling", 1, 250.1, 0),
        ("run", "running", 2, 30.05, 0), ("hiit", "intervals", 2, 12, 0), ("intervals", "intervals", 2, 12, 0),
        ("paddle", "paddling", 0, 0, 0), ("all", "all", 5, 704.496, 200),
    ])
    func aSportFilterClimbsOnlyWithItsOwnLegs(word: String, filter: String, sessions: Int, ascent: Double, before: Double) throws {
        let parsed = try SessionFilter(argument: word)
        #expect(parsed.description == filter)
        let records = try Self.history()
        let report = try StatsReport(records: records, query: Self.query(parsed), context: Self.viewer())
        #expect(report.totals.sessions == sessions)
        #expect(report.totals.ascentMeters == ascent)
        #expect(report.comparison?.totals.ascentMeters == before)
        // The roll-up (the cache) gives the same report bit for bit.
        let fromRollup = try StatsReport(rollup: DailyRollup(records: records), query: Self.query(parsed), context: Self.viewer())
        #expect(try fromRollup.jsonData() == report.jsonData())
    }

    @Test func jsonCarriesAscentMetersInEveryFigure() throws {
        let report = try StatsReport(records: Self.history(), query: Self.query(), context: Self.viewer())
        let json = try report.jsonObject()
        #expect(json["metric"] as? String == "elevation")
        let totals = try #require(json["totals"] as? [String: Any])
        #expect(totals["ascentMeters"] as? Double == 704.496)
        let average = try #require(json["averagePerBucket"] as? [String: Any])
        #expect(average["ascentMeters"] as? Double == 704.496 / 7)
        let buckets = try #require(json["buckets"] as? [[String: Any]])
        #expect(buckets.map { $0["ascentMeters"] as? Double } == [0, 0, 12, 0, 0, 0, 692.496])
        #expect((json["best"] as? [String: Any])?["ascentMeters"] as? Double == 692.496)
        let comparison = try #require(json["comparison"] as? [String: Any])
        #expect((comparison["totals"] as? [String: Any])?["ascentMeters"] as? Double == 200)
        let change = try #require((comparison["change"] as? [String: Any])?["ascentMeters"] as? [String: Any])
        #expect(change["difference"] as? Double == 504.496)
        #expect(change["percent"] as? Double == 504.496 / 200 * 100)
        #expect(change["new"] as? Bool == false)
    }

    @Test func elevationIsAMetricByNameAndOthersAreRefusedWithTheList() throws {
        #expect(try Metric(argument: "elevation") == .elevation)
        #expect(try Metric(argument: "Elevation") == .elevation)
        #expect(try Metric(argument: "ascent") == .elevation)
        #expect(Metric.allCases.map(\.rawValue) == ["sessions", "time", "kcal", "distance", "elevation"])
        #expect(throws: StatsError.badMetric("climb")) { try Metric(argument: "climb") }
        #expect(StatsError.badMetric("climb").description
                == "'climb' is not a metric: expected sessions, time, kcal, distance or elevation")
    }

    @Test func theSportFilterKnowsTheSportsOfRecordedActivities() throws {
        let words = ["hiking": "hiking", "hike": "hiking", "paddling": "paddling", "paddle": "paddling", "kayak": "paddling",
                     "skiing": "skiing", "ski": "skiing", "strength": "strength", "other": "other", "walk": "walking",
                     "row": "rowing"]
        for (word, sport) in words {
            #expect(try SessionFilter(argument: word) == .sport(sport), "\(word)")
        }
        #expect(try SessionFilter(argument: "hiit") == .intervals)
        #expect(SessionFilter.sport("hiit").normalized == .intervals)
        #expect(SessionFilter.sport("hiit").key == SessionFilter.intervals.key)
        #expect(StatsError.badSportFilter("yoga").description
                == "'yoga' is not a sport: expected all, intervals, or one of swimming, cycling, running, walking, rowing, "
                + "transition, hiking, paddling, skiing, strength, hiit, other (or run, bike, swim, walk, row, hike, paddle, ski)")
    }

    @Test func aVersion2RollupIsRefusedSoTheCacheIsRebuilt() throws {
        var bytes = DailyRollup(records: try Self.history()).binaryForm
        #expect(Array(bytes.prefix(4)) == [3, 0, 0, 0])
        bytes.replaceSubrange(0..<4, with: [2, 0, 0, 0])
        #expect(throws: DailyRollup.FormatError(reason: "version 2 is not 3", offset: 0)) { try DailyRollup(binaryForm: bytes) }
    }
}
