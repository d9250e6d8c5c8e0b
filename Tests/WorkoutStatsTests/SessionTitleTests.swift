import Foundation
import Testing
import WorkoutModel
@testable import WorkoutStats

/// "Morning Tabata", "Evening run": titles by the local time of the start (issue 5).
struct SessionTitleTests {
    @Test(arguments: [("04:59", "Night Tabata"), ("05:00", "Morning Tabata"), ("11:59", "Morning Tabata"),
                      ("12:00", "Afternoon Tabata"), ("16:59", "Afternoon Tabata"), ("17:00", "Evening Tabata"),
                      ("21:59", "Evening Tabata"), ("22:00", "Night Tabata"), ("00:00", "Night Tabata")])
    func boundaryHours(time: String, title: String) throws {
        let record = try session("2025-03-04T\(time):00+01:00", in: "Europe/Berlin")
        #expect(SessionTitle.title(for: record) == title)
    }

    @Test func hoursMapToPartsOfTheDay() {
        #expect((0..<24).map { TimeOfDay(hour: $0).name.prefix(1) }.joined() == "NNNNNMMMMMMMAAAAAEEEEENN")
        #expect(TimeOfDay(hour: 24) == .night)
        #expect(TimeOfDay(hour: -1) == .night)
    }

    @Test func titleUsesTheRecordsOwnOffset() throws {
        // 19:30 in Kolkata is 14:00 UTC: still an evening session wherever it is viewed.
        let record = try session("2025-03-04T19:30:00+05:30", in: "Asia/Kolkata", workout: "Legs")
        #expect(SessionTitle.title(for: record) == "Evening Legs")
    }

    @Test func multisportTitles() throws {
        let run = try multisport("2025-03-04T18:30:00+01:00", in: "Europe/Berlin", workout: "Run", legs: [("running", 5000)])
        #expect(SessionTitle.title(for: run) == "Evening run")
        let plan = try multisport("2025-03-04T07:00:00+01:00", in: "Europe/Berlin", workout: "Sprint triathlon",
                                  legs: [("swimming", 750), ("transition", nil), ("cycling", 20000), ("transition", nil), ("running", 5000)])
        #expect(SessionTitle.title(for: plan) == "Morning Sprint triathlon")
        let unnamed = try multisport("2025-03-04T07:00:00+01:00", in: "Europe/Berlin", workout: " ",
                                     legs: [("swimming", 750), ("transition", nil), ("cycling", 20000), ("running", 5000)])
        #expect(SessionTitle.title(for: unnamed) == "Morning swim–bike–run")
        let empty = try multisport("2025-03-04T13:00:00+01:00", in: "Europe/Berlin", workout: "", legs: [])
        #expect(SessionTitle.title(for: empty) == "Afternoon multisport")
        let blankInterval = try session("2025-03-04T23:00:00+01:00", in: "Europe/Berlin", workout: "")
        #expect(SessionTitle.title(for: blankInterval) == "Night workout")
    }

    @Test("recorded activities: a ride alone is a ride, new sports by their nouns, other by the file's sport name")
    func recordedActivityTitles() throws {
        let ride = try multisport("2025-03-04T18:30:00+01:00", in: "Europe/Berlin", workout: "cycling", legs: [("cycling", 40_000)])
        #expect(SessionTitle.title(for: ride) == "Evening ride")
        let brick = try multisport("2025-03-04T18:30:00+01:00", in: "Europe/Berlin", workout: "cycling",
                                   legs: [("cycling", 40_000), ("transition", nil), ("running", 5000)])
        #expect(SessionTitle.title(for: brick) == "Evening bike–run")
        let hike = try multisport("2025-03-04T08:00:00+01:00", in: "Europe/Berlin", workout: "hiking", legs: [("hiking", 12_000)])
        #expect(SessionTitle.title(for: hike) == "Morning hike")
        var kite = try multisport("2025-03-04T14:00:00+01:00", in: "Europe/Berlin", workout: "other", legs: [("other", nil)])
        kite.legs[0].sportName = "kite_surfing/generic"
        #expect(SessionTitle.title(for: kite) == "Afternoon kite surfing")
        kite.legs[0].sportName = nil
        #expect(SessionTitle.title(for: kite) == "Afternoon activity")
    }
}
