import Foundation
import Testing
@testable import WorkoutModel

@Suite struct PaceTests {
    // MARK: The issue's cases

    @Test func swimPerHundredMeters() {
        #expect(Pace.swim(meters: 1500, seconds: 30 * 60) == "2:00 /100m")
        #expect(Pace.text(for: .swimming, meters: 1500, seconds: 1800) == "2:00 /100m")
    }

    @Test func bikeSpeedInKilometersPerHour() {
        #expect(Pace.speed(meters: 40_000, seconds: 80 * 60) == "30.0 km/h")
        #expect(Pace.text(for: .cycling, meters: 40_000, seconds: 4800) == "30.0 km/h")
    }

    @Test func runPacePerKilometer() {
        #expect(Pace.run(meters: 10_000, seconds: 50 * 60) == "5:00 /km")
        #expect(Pace.text(for: .running, meters: 10_000, seconds: 3000) == "5:00 /km")
    }

    @Test func imperialForms() {
        #expect(Pace.run(meters: LengthUnit.miles.meters, seconds: 8 * 60, per: .miles) == "8:00 /mi")
        #expect(Pace.speed(meters: 20 * LengthUnit.miles.meters, seconds: 3600, in: .miles) == "20.0 mph")
        #expect(Pace.swim(meters: 1000 * LengthUnit.yards.meters, seconds: 20 * 60, per: .yards) == "2:00 /100yd")
        #expect(Pace.text(for: .running, meters: LengthUnit.miles.meters, seconds: 480, units: .imperial) == "8:00 /mi")
        #expect(Pace.text(for: .cycling, meters: 20 * LengthUnit.miles.meters, seconds: 3600, units: .imperial) == "20.0 mph")
        // 10 km in 50:00 is 8:02.8 per mile, rounded to the nearest second.
        #expect(Pace.text(for: .running, meters: 10_000, seconds: 3000, units: .imperial) == "8:03 /mi")
    }

    @Test func thirtyLengthsOfAThirdYardPoolAreOneThousandYards() throws {
        let pool = try Distance(parsing: "33⅓yd")
        let swum = pool.meters * 30
        #expect(abs(swum - 1000 * LengthUnit.yards.meters) < 1e-9)
        #expect(Distance.reading(meters: swum, in: .yards) == "1000 yd")
        #expect(Pace.text(for: .swimming, meters: swum, seconds: 20 * 60, poolUnit: .yards) == "2:00 /100yd")
    }

    // MARK: Rounding

    static let clockCases: [(Double, String)] = [
        (59.6, "1:00"), (59.4, "0:59"), (59.5, "1:00"), (119.6, "2:00"), (0, "0:00"),
        (3599.6, "1:00:00"), (-3, "0:00"), (3725, "1:02:05"), (36_000, "10:00:00"), (605, "10:05"),
        (.nan, "0:00"), (.infinity, "0:00"),
        // Far past any workout, and past Int's range: clamped, never a trap.
        (1e300, "277777777777:46:40"),
    ]

    @Test(arguments: clockCases)
    func clockRoundsToTheNearestSecond(seconds: Double, text: String) {
        #expect(Pace.clock(seconds) == text)
    }

    @Test func paceJustUnderAMinuteCarriesIntoTheMinute() {
        // 100 m in 59.6 s: "1:00 /100m", never "0:60 /100m".
        #expect(Pace.swim(meters: 100, seconds: 59.6) == "1:00 /100m")
        // 29.96 km/h reads 30.0.
        #expect(Pace.speed(meters: 29_960, seconds: 3600) == "30.0 km/h")
    }

    @Test func transitionsAndEmptyLegsHaveNoPace() {
        #expect(Pace.text(for: .transition, meters: 100, seconds: 60) == nil)
        #expect(Pace.text(for: .running, meters: 0, seconds: 60) == nil)
        #expect(Pace.text(for: .running, meters: 1000, seconds: 0) == nil)
        #expect(Pace.text(for: .cycling, meters: .nan, seconds: 60) == nil)
    }

    // MARK: Distances

    static let parsedDistances: [(String, Double, LengthUnit, Double)] = [
        ("750m", 750, .meters, 750),
        ("20km", 20, .kilometers, 20_000),
        ("5mi", 5, .miles, 8046.72),
        ("1500yd", 1500, .yards, 1371.6),
        ("2.5km", 2.5, .kilometers, 2500),
        ("25 m", 25, .meters, 25),
        ("50M", 50, .meters, 50),
    ]

    @Test(arguments: parsedDistances)
    func distancesParse(text: String, value: Double, unit: LengthUnit, meters: Double) throws {
        let distance = try Distance(parsing: text)
        #expect(distance.unit == unit)
        #expect(abs(distance.value - value) < 1e-9)
        #expect(abs(distance.meters - meters) < 1e-6)
    }

    static let fractionCases: [(String, Double)] = [
        ("33⅓yd", 100.0 / 3), ("33.33yd", 33.33), ("10½m", 10.5), ("⅔mi", 2.0 / 3),
        ("1¼km", 1.25), ("2¾km", 2.75), ("66⅔yd", 200.0 / 3),
    ]

    @Test(arguments: fractionCases)
    func fractionsParse(text: String, value: Double) throws {
        #expect(abs(try Distance(parsing: text).value - value) < 1e-9)
    }

    static let badDistances: [(String, String)] = [
        ("750", "the unit is missing"), ("km", "does not start with a number"), ("20kg", "unknown unit \"kg\""),
        ("0m", "above 0"), ("1.2.3km", "is not a number"), ("3½5m", "is not a number"),
    ]

    @Test(arguments: badDistances)
    func badDistancesSayWhy(text: String, reason: String) {
        do {
            _ = try Distance(parsing: text)
            Issue.record("\(text) parsed")
        } catch {
            #expect(error.description.contains(reason), "\(error)")
            #expect(error.description.contains("is not a distance"))
        }
    }

    @Test func distancesReadBack() throws {
        #expect(try Distance(parsing: "33⅓yd").text == "33⅓ yd")
        #expect(Distance(25, .meters).text == "25 m")
        #expect(Distance(2.5, .kilometers).text == "2.5 km")
        #expect(Distance.reading(meters: 750) == "750 m")
        #expect(Distance.reading(meters: 20_000) == "20 km")
        #expect(Distance.reading(meters: 2500) == "2.5 km")
    }
}
