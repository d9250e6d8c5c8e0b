import Foundation
import ShareCards
import Testing
import TestSupport
import WorkoutModel
@testable import HiitApp

/// A session's share card in words: what the legs and the legend under the bar are called.
@Suite struct SessionCardTextTests {
    /// A duathlon's transitions are T1 and T2, as in the leg table: "Transition" twice filled
    /// the legend under the bar edge to edge (a new-user check found "Transition● Bike").
    @Test func transitionsAreT1AndT2() {
        var record = historyRecord(1, workout: "Duathlon")
        record.kind = .multisport
        let legs: [(String, Double, Double?)] = [("running", 1500, 5000), ("transition", 40, nil), ("cycling", 2472, 20_000),
                                                 ("transition", 41, nil), ("running", 787, 2500)]
        var start = 0.0
        record.legs = legs.map { sport, seconds, meters in
            defer { start += seconds }
            return LegRecord(sport: sport, startSeconds: start, elapsedSeconds: seconds, timerSeconds: seconds,
                             distanceMeters: meters, kcal: nil, laps: [])
        }
        let card = SessionCardText.card(record, activity: nil, units: .metric)
        #expect(card.legs.map(\.name) == ["Run", "T1", "Bike", "T2", "Run"])
        #expect(card.parts.map(\.label) == ["Run", "T1", "Bike", "T2", "Run"])
    }
}
