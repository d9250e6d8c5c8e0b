import Foundation
import Testing
import WorkoutModel
@testable import WorkoutStats

/// The `hiit stats --json` form (DESIGN §6).
struct JSONTests {
    @Test func sevenDayReportAsScriptsReadIt() throws {
        let ctx = try context("Europe/Berlin", now: "2026-11-30T12:00:00+01:00")
        let records = [try session("2026-11-29T07:01:02+01:00", in: "Europe/Berlin", minutes: 4, workoutSeconds: 160, kcal: 27.6),
                       try multisport("2026-11-21T09:00:00+01:00", in: "Europe/Berlin", workout: "Run",
                                      legs: [("running", 5000)], minutes: 30, kcal: nil)]
        let report = try StatsReport(records: records, query: StatsQuery(), context: ctx)
        let expected = [
            #"{"averagePerBucket":{"ascentMeters":0,"buckets":7,"distanceBySport":{},"distanceMeters":0,"kcal":3.942857142857143,"#,
            #""sessions":0.14285714285714285,"totalSeconds":34.285714285714285,"workoutSeconds":22.857142857142858},"#,
            #""best":{"ascentMeters":0,"distanceBySport":{},"distanceMeters":0,"end":"2026-11-29","kcal":27.6,"label":"Sun 29 Nov","#,
            #""sessions":1,"start":"2026-11-29","totalSeconds":240,"workoutSeconds":160},"buckets":[{"ascentMeters":0,"distanceBySport":{},"#,
            #""distanceMeters":0,"end":"2026-11-24","kcal":0,"label":"Tue 24 Nov","sessions":0,"#,
            #""start":"2026-11-24","totalSeconds":0,"workoutSeconds":0},{"ascentMeters":0,"distanceBySport":{},"distanceMeters":0,"#,
            #""end":"2026-11-25","kcal":0,"label":"Wed 25 Nov","sessions":0,"start":"2026-11-25","#,
            #""totalSeconds":0,"workoutSeconds":0},{"ascentMeters":0,"distanceBySport":{},"distanceMeters":0,"end":"2026-11-26","#,
            #""kcal":0,"label":"Thu 26 Nov","sessions":0,"start":"2026-11-26","totalSeconds":0,"#,
            #""workoutSeconds":0},{"ascentMeters":0,"distanceBySport":{},"distanceMeters":0,"end":"2026-11-27","kcal":0,"#,
            #""label":"Fri 27 Nov","sessions":0,"start":"2026-11-27","totalSeconds":0,"workoutSeconds":0},"#,
            #"{"ascentMeters":0,"distanceBySport":{},"distanceMeters":0,"end":"2026-11-28","kcal":0,"label":"Sat 28 Nov","#,
            #""sessions":0,"start":"2026-11-28","totalSeconds":0,"workoutSeconds":0},{"ascentMeters":0,"distanceBySport":{},"#,
            #""distanceMeters":0,"end":"2026-11-29","kcal":27.6,"label":"Sun 29 Nov","sessions":1,"#,
            #""start":"2026-11-29","totalSeconds":240,"workoutSeconds":160},{"ascentMeters":0,"distanceBySport":{},"#,
            #""distanceMeters":0,"end":"2026-11-30","kcal":0,"label":"Mon 30 Nov","sessions":0,"#,
            #""start":"2026-11-30","totalSeconds":0,"workoutSeconds":0}],"comparison":{"baseline":"previous","#,
            #""change":{"ascentMeters":{"difference":0,"new":false,"percent":null},"distanceBySport":{"running":{"difference":-5000,"new":false,"percent":-100}},"#,
            #""distanceMeters":{"difference":-5000,"new":false,"percent":-100},"kcal":{"difference":27.6,"#,
            #""new":true,"percent":null},"sessions":{"difference":0,"new":false,"percent":0},"totalSeconds":{"difference":-1560,"#,
            #""new":false,"percent":-86.66666666666667},"workoutSeconds":{"difference":-1640,"new":false,"#,
            #""percent":-91.11111111111111}},"end":"2026-11-23T12:00:00+01:00","partial":true,"start":"2026-11-17T00:00:00+01:00","#,
            #""totals":{"ascentMeters":0,"distanceBySport":{"running":5000},"distanceMeters":5000,"kcal":0,"sessions":1,"#,
            #""totalSeconds":1800,"workoutSeconds":1800}},"filter":"all","metric":"time","period":{"end":"2026-11-30","#,
            #""inProgress":true,"kind":"7d","start":"2026-11-24"},"totals":{"ascentMeters":0,"distanceBySport":{},"#,
            #""distanceMeters":0,"kcal":27.6,"sessions":1,"totalSeconds":240,"workoutSeconds":160}}"#,
        ].joined()
        #expect(report.jsonString == expected)
    }
}

extension JSONTests {
    @Test func monthAndHourlyDatesFollowTheirFormats() throws {
        let ctx = try context("Australia/Lord_Howe", now: "2024-04-07T09:45:00+10:30")
        let month = try StatsReport(records: [], query: StatsQuery(period: .month, date: try day("2024-02-10")), context: ctx)
        let json = try month.jsonObject()
        let period = try #require(json["period"] as? [String: Any])
        #expect(period["kind"] as? String == "month")
        #expect(period["start"] as? String == "2024-02-01")
        #expect(period["end"] as? String == "2024-02-29")
        #expect(period["inProgress"] as? Bool == false)
        let buckets = try #require(json["buckets"] as? [[String: Any]])
        #expect(buckets.map { $0["label"] as? String } == ["1–7", "8–14", "15–21", "22–28", "29"])
        #expect(buckets.last?["start"] as? String == "2024-02-29")
        #expect(buckets.last?["end"] as? String == "2024-02-29")
        #expect(json["best"] is NSNull)

        let day = try StatsReport(records: [], query: StatsQuery(period: .day), context: ctx)
        let dayJSON = try day.jsonObject()
        let dayPeriod = try #require(dayJSON["period"] as? [String: Any])
        #expect(dayPeriod["start"] as? String == "2024-04-07")
        #expect(dayPeriod["end"] as? String == "2024-04-07")
        let hours = try #require(dayJSON["buckets"] as? [[String: Any]])
        #expect(hours[1]["start"] as? String == "2024-04-07T01:00:00+11:00")
        #expect(hours[2]["label"] as? String == "01:30")
        #expect(hours[2]["start"] as? String == "2024-04-07T01:30:00+10:30")
        #expect(hours[2]["end"] as? String == "2024-04-07T02:00:00+10:30")
        let comparison = try #require(dayJSON["comparison"] as? [String: Any])
        #expect(comparison["start"] as? String == "2024-04-06T00:00:00+11:00")
        #expect(comparison["end"] as? String == "2024-04-06T09:00:00+11:00")
        let average = try #require(dayJSON["averagePerBucket"] as? [String: Any])
        #expect(average["buckets"] as? Int == 11) // 00:00, 01:00, 01:30, 02:00 … 09:00
    }
}
