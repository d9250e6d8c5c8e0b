import Testing
import WorkoutModel

/// Durations as people type them (issue "What users hit", item 9).
@Suite struct DurationTextTests {
    static let durations: [(String, Double?)] = [
        ("40", 40), ("0", 0), ("90s", 90), ("1m30s", 90), ("2m", 120), ("1 min", 60), ("1h30min", 5400),
        ("1h 5min 30s", 3930), ("1.5min", 90), ("1:00", 60), ("0:30", 30), ("1:20:00", 4800), ("10:05", 605),
        ("1H", 3600), ("45 SEC", 45), ("2minutes", 120),
        // Not durations: unit order, repeated units, bad clocks, other words, empty.
        ("30s1m", nil), ("1m1m", nil), ("1:75", nil), ("1:5:3:2", nil), ("1:", nil), (":30", nil), ("1:001", nil),
        ("abc", nil), ("", nil), ("1.2.3", nil), ("5km", nil), ("-5", nil), ("1e3", nil), ("½m", nil), ("٣٠", nil),
    ]

    @Test(arguments: durations)
    func durationsParse(text: String, seconds: Double?) {
        #expect(DurationText.seconds(text) == seconds)
    }

    @Test func whereMIsMetresMinutesAreMin() {
        #expect(DurationText.seconds("30m", minutes: .onlyMin) == nil, "run:30m is 30 metres")
        #expect(DurationText.seconds("30min", minutes: .onlyMin) == 1800)
        #expect(DurationText.seconds("30", bareNumber: .refused) == nil, "a bare number has no meaning in a leg's target")
        #expect(DurationText.seconds("25:00", bareNumber: .refused, minutes: .onlyMin) == 1500)
    }

    @Test func wholeSecondsRefusesFractionsAndHugeValues() {
        #expect(DurationText.wholeSeconds("1:30") == 90)
        #expect(DurationText.wholeSeconds("1.5s") == nil)
        #expect(DurationText.wholeSeconds("1.5min") == 90)
        #expect(DurationText.wholeSeconds("99999999999999999999h") == nil)
        #expect(DurationText.wholeSeconds("100000000000000000000000000") == nil)
    }
}

/// Body weights as people type them (issue "What users hit", item 10).
@Suite struct BodyWeightTests {
    static let weights: [(String, BodyWeight?)] = [
        ("72.5", BodyWeight(72.5, nil)), ("72.5kg", BodyWeight(72.5, .kilograms)), ("160lb", BodyWeight(160, .pounds)),
        ("160 lbs", BodyWeight(160, .pounds)), ("70 KG", BodyWeight(70, .kilograms)), ("154 pounds", BodyWeight(154, .pounds)),
        ("heavy", nil), ("-70", nil), ("7e1", nil), ("11st", nil), ("", nil), (".", nil), ("1.2.3kg", nil), ("nan", nil),
    ]

    @Test(arguments: weights)
    func weightsParse(text: String, weight: BodyWeight?) {
        #expect(BodyWeight(parsing: text) == weight)
    }

    @Test func aBareNumberIsInTheProfilesUnits() {
        let bare = BodyWeight(154, nil)
        #expect(bare.kilograms(unitless: .metric) == 154)
        #expect(abs(bare.kilograms(unitless: .imperial) - 69.853_225_0) < 1e-6, "154 × 0.45359237")
        #expect(BodyWeight(70, .kilograms).kilograms(unitless: .imperial) == 70, "a unit typed wins")
        #expect(abs(BodyWeight.pounds(kilograms: BodyWeight(160, .pounds).kilograms(unitless: .metric)) - 160) < 1e-9)
    }
}
