import CommandLineKit
import Testing
import WorkoutModel
@testable import HiitApp

/// The words of `hiit plan …`: legs, target times and pool lengths.
@Suite struct LegArgumentTests {
    static let legs: [(String, Leg)] = [
        ("swim:750m", Leg(sport: .swimming, targetDistanceMeters: 750)),
        ("bike:20km", Leg(sport: .cycling, targetDistanceMeters: 20_000)),
        ("run:5km", Leg(sport: .running, targetDistanceMeters: 5000)),
        ("run:30min", Leg(sport: .running, targetSeconds: 1800)),
        ("bike:1h", Leg(sport: .cycling, targetSeconds: 3600)),
        ("running:25:00", Leg(sport: .running, targetSeconds: 1500)),
        ("t1", Leg(sport: .transition)),
        ("T2:90s", Leg(sport: .transition, targetSeconds: 90)),
        ("swimming:1000yd", Leg(sport: .swimming, targetDistanceMeters: 914.4)),
        ("cycling", Leg(sport: .cycling)),
        ("run:5k", Leg(sport: .running, targetDistanceMeters: 5000)),
        ("run:21.1k", Leg(sport: .running, targetDistanceMeters: 21_100)),
        ("run:10K", Leg(sport: .running, targetDistanceMeters: 10_000)),
        ("run:800m", Leg(sport: .running, targetDistanceMeters: 800)),
        ("bike:1h30min", Leg(sport: .cycling, targetSeconds: 5400)),
    ]

    @Test(arguments: legs)
    func legWordsParse(word: String, leg: Leg) throws {
        let parsed = try LegArgument.parse(word, position: 1)
        #expect(parsed.sport == leg.sport)
        #expect(parsed.targetSeconds == leg.targetSeconds)
        #expect(abs((parsed.targetDistanceMeters ?? 0) - (leg.targetDistanceMeters ?? 0)) < 1e-9)
    }

    static let times: [(String, Double?)] = [
        ("30min", 1800), ("1h", 3600), ("1h30min", 5400), ("1h 5min 30s", 3930), ("45s", 45), ("1.5h", 5400),
        ("25:00", 1500), ("1:20:00", 4800), ("0:00", nil), ("30m", nil), ("30min1h", nil), ("1:70", nil), ("", nil), ("abc", nil),
    ]

    @Test(arguments: times)
    func timesParse(text: String, seconds: Double?) {
        #expect(LegArgument.seconds(text) == seconds)
    }

    @Test func aTimeOptionTakesMAsMinutes() {
        #expect(LegArgument.seconds("30m", minutes: .mayBeM) == 1800)
        #expect(LegArgument.seconds("1m30s", minutes: .mayBeM) == 90)
        #expect(LegArgument.seconds("30", minutes: .mayBeM) == nil, "a bare number is neither minutes nor seconds here")
    }

    @Test func poolLengthsParse() throws {
        #expect(try LegArgument.pool("25m") == .pool(length: 25, unit: .meters))
        #expect(try LegArgument.pool("25yd") == .pool(length: 25, unit: .yards))
        let third = try LegArgument.pool("33⅓yd")
        guard case let .pool(length, unit) = third else { Issue.record("\(third)"); return }
        #expect(abs(length - 100.0 / 3) < 1e-9 && unit == .yards)
        #expect(try LegArgument.pool("open-water") == .openWater)
        #expect(try LegArgument.pool("0m") == .pool(length: 0, unit: .meters), "left for the plan's rule, which names the leg")
        #expect(throws: CommandLineError.self) { try LegArgument.pool("25km") }
        #expect(throws: CommandLineError.self) { try LegArgument.pool("lake") }
    }

    @Test func badWordsNameTheLeg() {
        #expect(throws: CommandLineError.badValue(option: "leg 2", value: "ski:5km",
                                                  reason: "does not start with a sport; use swim, bike, run, t1, t2 (or swimming, cycling, running, transition), e.g. swim:750m")) {
            try LegArgument.parse("ski:5km", position: 2)
        }
        #expect(throws: CommandLineError.self) { try LegArgument.parse("t1:400m", position: 2) }
    }
}
