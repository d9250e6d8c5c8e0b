import Foundation
import Testing
import WorkoutModel
@testable import WorkoutStats

/// Which bucket a session counts in (DESIGN §4 attribution), totals, averages and filters.
struct AttributionTests {
    @Test func sessionFromTenToMidnightCountsOnTheDayItStarted() throws {
        let ctx = try context("Europe/Berlin", now: "2025-03-05T12:00:00+01:00")
        let late = try session("2025-03-04T23:50:00+01:00", in: "Europe/Berlin", minutes: 30)
        let report = try StatsReport(records: [late], query: StatsQuery(), context: ctx)
        #expect(report.sessions("Tue 4 Mar") == 1)
        #expect(report.sessions("Wed 5 Mar") == 0)
        #expect(report.totals.totalSeconds == 1800)
        let day = try StatsReport(records: [late], query: StatsQuery(period: .day, date: try day("2025-03-04")), context: ctx)
        #expect(day.sessions("23:00") == 1)
    }

    @Test func singaporeSessionStaysOnItsSingaporeDateSeenFromLosAngeles() throws {
        // 07:00 on 15 January in Singapore is 15:00 on 14 January in Los Angeles.
        let record = try session("2025-01-15T07:00:00+08:00", in: "Asia/Singapore")
        #expect(record.localDate.description == "2025-01-15")
        let ctx = try context("America/Los_Angeles", now: "2025-01-15T20:00:00-08:00")
        let week = try StatsReport(records: [record], query: StatsQuery(), context: ctx)
        #expect(week.sessions("Wed 15 Jan") == 1)
        #expect(week.sessions("Tue 14 Jan") == 0)
        let day = try StatsReport(records: [record], query: StatsQuery(period: .day), context: ctx)
        #expect(day.sessions("07:00") == 1)
        #expect(day.totals.sessions == 1)
        #expect(SessionTitle.title(for: record) == "Morning Tabata")
        // The rolling 24 hours go by the instant: 15:00 on the 14th in Los Angeles is 29 hours ago.
        let rolling = try StatsReport(records: [record], query: StatsQuery(period: .last24Hours), context: ctx)
        #expect(rolling.totals.sessions == 0)
    }

    @Test func santiagoSessionsEitherSideOfTheMissingMidnight() throws {
        let ctx = try context("America/Santiago", now: "2024-09-08T12:00:00-03:00")
        let records = [try session("2024-09-07T23:30:00-04:00", in: "America/Santiago"),
                       try session("2024-09-08T01:15:00-03:00", in: "America/Santiago")]
        let week = try StatsReport(records: records, query: StatsQuery(), context: ctx)
        #expect(week.sessions("Sat 7 Sep") == 1)
        #expect(week.sessions("Sun 8 Sep") == 1)
        let day = try StatsReport(records: records, query: StatsQuery(period: .day), context: ctx)
        #expect(day.sessions("01:00") == 1)
        #expect(day.totals.sessions == 1)
    }

    @Test func fallBackSessionsGoToTheHourOfTheirOwnOffset() throws {
        let ctx = try context("Europe/Berlin", now: "2024-10-27T20:00:00+01:00")
        let summer = try session("2024-10-27T02:30:00+02:00", in: "Europe/Berlin")
        let winter = try session("2024-10-27T02:30:00+01:00", in: "Europe/Berlin")
        let spring = try session("2024-10-27T02:40:00+01:00", in: "Europe/London") // 01:40 in London
        let day = try StatsReport(records: [summer, winter, winter, spring], query: StatsQuery(period: .day), context: ctx)
        #expect(day.sessions("01:00") == 1)
        #expect(day.sessions("02:00") == 1)
        #expect(day.sessions("02:00 (2)") == 2)
        #expect(day.totals.sessions == 4)
        let json = try day.jsonObject()
        let buckets = try #require(json["buckets"] as? [[String: Any]])
        #expect(buckets[3]["label"] as? String == "02:00 (2)")
        #expect(buckets[3]["start"] as? String == "2024-10-27T02:00:00+01:00")
        #expect(buckets[3]["end"] as? String == "2024-10-27T03:00:00+01:00")
        #expect(buckets[3]["sessions"] as? Int == 2)
    }

    @Test func wallTimeMissingFromTheViewingDayGoesToTheHourBefore() throws {
        // 02:30 in New York on 31 March 2024 does not exist in Berlin (clocks jumped 02:00 → 03:00).
        let ctx = try context("Europe/Berlin", now: "2024-03-31T20:00:00+02:00")
        let record = try session("2024-03-31T02:30:00-04:00", in: "America/New_York")
        let day = try StatsReport(records: [record], query: StatsQuery(period: .day), context: ctx)
        #expect(day.sessions("01:00") == 1)
    }

    @Test func changingTheCurrentZoneLeavesEveryPastBucketUnchanged() throws {
        let history = try generatedHistory(seed: 7, count: 1500)
        for kind in [PeriodSpec.last7Days, .week, .month, .quarter, .year] {
            let query = StatsQuery(period: kind, date: try day("2024-06-15"), baseline: nil)
            let berlin = try StatsReport(records: history, query: query,
                                         context: context("Europe/Berlin", now: "2025-01-10T09:00:00+01:00"))
            let losAngeles = try StatsReport(records: history, query: query,
                                             context: context("America/Los_Angeles", now: "2025-01-10T09:00:00+01:00"))
            #expect(berlin.labels == losAngeles.labels)
            #expect(berlin.buckets.map(\.totals) == losAngeles.buckets.map(\.totals))
            #expect(berlin.totals.sessions > 0)
        }
    }

    @Test func rollingDayCountsByStartInstantUpToNow() throws {
        let ctx = try context("Europe/Berlin", now: "2024-10-27T14:37:00+01:00")
        let records = [try session("2024-10-26T15:30:00+02:00", in: "Europe/Berlin"), // before the first bucket
                       try session("2024-10-26T16:10:00+02:00", in: "Europe/Berlin"),
                       try session("2024-10-27T02:10:00+01:00", in: "Europe/Berlin"),
                       try session("2024-10-27T14:30:00+01:00", in: "Europe/Berlin"),
                       try session("2024-10-27T14:40:00+01:00", in: "Europe/Berlin")] // after now
        let report = try StatsReport(records: records, query: StatsQuery(period: .last24Hours), context: ctx)
        #expect(report.sessions("16:00") == 1)
        #expect(report.sessions("02:00 (2)") == 1)
        #expect(report.sessions("14:00") == 1)
        #expect(report.totals.sessions == 3)
        let json = try report.jsonObject()
        let period = try #require(json["period"] as? [String: Any])
        #expect(period["start"] as? String == "2024-10-26T16:00:00+02:00")
        #expect(period["end"] as? String == "2024-10-27T14:37:00+01:00")
    }

    @Test func bucketTotalsAddUpToThePeriodTotal() throws {
        let history = try generatedHistory(seed: 11, count: 3000)
        let ctx = try context("Australia/Lord_Howe", now: "2024-10-06T15:00:00+11:00")
        for spec in [PeriodSpec.day, .last24Hours, .last7Days, .week, .month, .quarter, .year,
                     .range(from: try day("2023-05-01"), to: try day("2024-10-06"))] {
            for filter in [SessionFilter.all, .intervals, .sport("running")] {
                let report = try StatsReport(records: history, query: StatsQuery(period: spec, filter: filter), context: ctx)
                var sum = StatsTotals()
                for bucket in report.buckets { sum.add(bucket.totals) }
                #expect(sum == report.totals)
                let counted = history.filter { filter.includes($0) && report.period.firstDay <= $0.localDate
                    && $0.localDate <= report.period.lastDay }.count
                if spec != .day && spec != .last24Hours { #expect(report.totals.sessions == counted) }
            }
        }
    }

    @Test func averagesIncludeTodayAndNeverMoreBucketsThanBegun() throws {
        let records = try ["2025-03-02T08:00:00+01:00", "2025-03-05T08:00:00+01:00", "2025-03-10T08:00:00+01:00",
                           "2025-02-03T08:00:00+01:00"].map { try session($0, in: "Europe/Berlin") }
        let ctx = try context("Europe/Berlin", now: "2025-03-10T12:00:00+01:00")
        let month = try StatsReport(records: records, query: StatsQuery(period: .month), context: ctx)
        #expect(month.averagePerBucket.buckets == 2)
        #expect(month.averagePerBucket.sessions == 1.5)
        #expect(month.averagePerBucket.workoutSeconds == 240)
        let week = try StatsReport(records: records, query: StatsQuery(), context: ctx)
        #expect(week.averagePerBucket.buckets == 7)
        #expect(week.averagePerBucket.sessions == 2.0 / 7)
        let february = try StatsReport(records: records, query: StatsQuery(period: .month, back: 1), context: ctx)
        #expect(february.averagePerBucket.buckets == 4)
        #expect(february.averagePerBucket.sessions == 0.25)
        let april = try StatsReport(records: records, query: StatsQuery(period: .month, date: try day("2025-04-01")), context: ctx)
        #expect(april.averagePerBucket.buckets == 0)
        #expect(april.averagePerBucket.sessions == 0)
    }

    @Test func bestBucketFollowsTheMetricAndTheEarliestOfEquals() throws {
        let ctx = try context("UTC", now: "2025-03-07T20:00:00Z")
        let records = [try session("2025-03-02T08:00:00Z", in: "UTC", workoutSeconds: 100),
                       try session("2025-03-02T09:00:00Z", in: "UTC", workoutSeconds: 100),
                       try session("2025-03-04T08:00:00Z", in: "UTC", workoutSeconds: 600),
                       try session("2025-03-06T08:00:00Z", in: "UTC", workoutSeconds: 600)]
        let byTime = try StatsReport(records: records, query: StatsQuery(metric: .time), context: ctx)
        #expect(byTime.best?.label == "Tue 4 Mar")
        let bySessions = try StatsReport(records: records, query: StatsQuery(metric: .sessions), context: ctx)
        #expect(bySessions.best?.label == "Sun 2 Mar")
        let byDistance = try StatsReport(records: records, query: StatsQuery(metric: .distance), context: ctx)
        #expect(byDistance.best == nil)
    }

    @Test func sportFilterCountsSessionsWithThatLegAndOnlyItsDistance() throws {
        let ctx = try context("UTC", now: "2025-03-07T20:00:00Z")
        let records = [try multisport("2025-03-05T07:00:00Z", in: "UTC", workout: "Duathlon",
                                      legs: [("running", 5000), ("transition", nil), ("cycling", 20000), ("running", 2500)]),
                       try session("2025-03-06T07:00:00Z", in: "UTC")]
        let all = try StatsReport(records: records, query: StatsQuery(filter: .all), context: ctx)
        #expect(all.totals.sessions == 2)
        #expect(all.totals.distanceMeters == 27500)
        #expect(all.totals.distanceBySport == ["running": 7500, "cycling": 20000])
        let running = try StatsReport(records: records, query: StatsQuery(filter: .sport("running")), context: ctx)
        #expect(running.totals.sessions == 1)
        #expect(running.totals.distanceBySport == ["running": 7500])
        #expect(running.totals.workoutSeconds == 3600)
        let hiit = try StatsReport(records: records, query: StatsQuery(filter: .intervals), context: ctx)
        #expect(hiit.totals.sessions == 1)
        #expect(hiit.totals.distanceMeters == 0)
        #expect(hiit.totals.kcal == 27.6)
    }

    @Test func emptyHistoryGivesZerosAndNoBest() throws {
        let ctx = try context("Asia/Kolkata", now: "2025-01-15T09:10:00+05:30")
        for spec in [PeriodSpec.day, .last24Hours, .last7Days, .month, .year] {
            let report = try StatsReport(records: [], query: StatsQuery(period: spec), context: ctx)
            #expect(report.totals == StatsTotals())
            #expect(report.best == nil)
            #expect(report.averagePerBucket.sessions == 0)
            #expect(report.comparison?.change(of: .sessions) == StatsChange(current: 0, baseline: 0))
            #expect(report.comparison?.change(of: .sessions).isNew == false)
            #expect(report.comparison?.change(of: .sessions).percent == nil)
        }
    }
}
