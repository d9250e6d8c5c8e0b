import Testing
import Calories
import WorkoutModel

@Suite struct LegCalorieTests {
    // MARK: Whole legs, hand-computed

    @Test func fortyKilometreRideAtThirtyKilometresPerHour() {
        // 40 km in 1:20:00 = 30 km/h → band 26–32 → 12.0 MET (01050, 2011)
        // 70 kg × 12.0 × 4800/3600 h = 70 × 12 × 1.333… = 1120 kcal
        let kcal = (LegCalories.kcal(sport: .cycling, distanceMeters: 40_000, timerSeconds: 4800,
                                    weightKg: 70, isOpenWater: false) ?? .nan)
        #expect(abs(kcal - 1120) < 1e-9)
    }

    @Test func tenKilometreRunInFiftyMinutes() {
        // 10 km in 50:00 = 12 km/h → 11.8 MET (12080, 2024)
        // 70 kg × 11.8 × 3000/3600 h = 826 × 0.8333… = 688.333… kcal
        let kcal = (LegCalories.kcal(sport: .running, distanceMeters: 10_000, timerSeconds: 3000,
                                    weightKg: 70, isOpenWater: false) ?? .nan)
        #expect(abs(kcal - 688.3333333) < 1e-6)
    }

    @Test func poolSwimAtTwoMinutesPerHundredIsModerate() {
        // 1500 m in 30:00 = 2:00 /100 m → moderate 8.0 MET (18290, 2024)
        // 60 kg × 8.0 × 0.5 h = 240 kcal
        let kcal = (LegCalories.kcal(sport: .swimming, distanceMeters: 1500, timerSeconds: 1800,
                                    weightKg: 60, isOpenWater: false) ?? .nan)
        #expect(abs(kcal - 240) < 1e-9)
    }

    @Test func openWaterSwimUsesSixMETAtAnySpeed() {
        // 1500 m in 25:00 = 1:40 /100 m would be "fast" (9.8) in a pool; open water is 6.0 (18300)
        // 70 kg × 6.0 × 1500/3600 h = 420 × 0.41666… = 175 kcal
        let kcal = (LegCalories.kcal(sport: .swimming, distanceMeters: 1500, timerSeconds: 1500,
                                    weightKg: 70, isOpenWater: true) ?? .nan)
        #expect(abs(kcal - 175) < 1e-9)
        let value = (LegCalories.met(for: .swimming, metersPerSecond: 1500.0 / 1500, isOpenWater: true) ?? LegCalories.hiit)
        #expect(value.met == 6.0 && value.code == "18300")
        #expect((LegCalories.met(for: .swimming, metersPerSecond: nil, isOpenWater: true) ?? LegCalories.hiit).met == 6.0)
    }

    @Test func transitionIsTimeOnly() {
        // T1 of 2:00: 70 kg × 4.5 × 120/3600 h = 10.5 kcal (11800, 2011); a distance changes nothing
        let without = (LegCalories.kcal(sport: .transition, distanceMeters: nil, timerSeconds: 120,
                                       weightKg: 70, isOpenWater: false) ?? .nan)
        let with = (LegCalories.kcal(sport: .transition, distanceMeters: 300, timerSeconds: 120,
                                    weightKg: 70, isOpenWater: false) ?? .nan)
        #expect(abs(without - 10.5) < 1e-9)
        #expect(with == without)
    }

    @Test func sprintTriathlonSumsItsLegsUnrounded() {
        // 70 kg: swim 750 m pool in 15:00 (2:00 /100 m → 8.0): 8.0 × 70 × 0.25 = 140
        //        T1 2:00 → 4.5 × 70 × 120/3600 = 10.5
        //        bike 20 km in 40:00 (30 km/h → 12.0): 12.0 × 70 × 2/3 = 560
        //        T2 1:00 → 4.5 × 70 × 60/3600 = 5.25
        //        run 5 km in 25:00 (12 km/h → 11.8): 11.8 × 70 × 25/60 = 344.1666…
        // total 1059.9166… → shown as ~1060 kcal
        let legs: [(Sport, Double?, Double)] = [
            (.swimming, 750, 900), (.transition, nil, 120), (.cycling, 20_000, 2400),
            (.transition, nil, 60), (.running, 5000, 1500),
        ]
        let total = legs.reduce(0.0) { sum, leg in
            sum + (LegCalories.kcal(sport: leg.0, distanceMeters: leg.1, timerSeconds: leg.2,
                                   weightKg: 70, isOpenWater: false) ?? .nan)
        }
        #expect(abs(total - 1059.9166667) < 1e-6)
        #expect(HIITCalories.display(total) == "~1060 kcal")
    }

    // MARK: No speed, no time, no weight

    @Test(arguments: [
        (Sport.cycling, 8.0, "01030"), (.running, 9.3, "12050"), (.swimming, 8.0, "18290"),
        (.walking, 3.8, "17190"), (.rowing, 5.8, "18050"), (.transition, 4.5, "11800"),
    ])
    func withoutDistanceTheSportsModerateDefaultApplies(sport: Sport, met: Double, code: String) {
        // 30 min at 70 kg: MET × 70 × 0.5 h
        for distance in [nil, 0, -5] as [Double?] {
            let kcal = (LegCalories.kcal(sport: sport, distanceMeters: distance, timerSeconds: 1800,
                                        weightKg: 70, isOpenWater: false) ?? .nan)
            #expect(abs(kcal - met * 35) < 1e-9)
        }
        let value = (LegCalories.met(for: sport, metersPerSecond: nil, isOpenWater: false) ?? LegCalories.hiit)
        #expect(value.met == met && value.code == code)
        #expect((LegCalories.met(for: sport, metersPerSecond: .nan, isOpenWater: false) ?? LegCalories.hiit) == value)
        #expect((LegCalories.met(for: sport, metersPerSecond: 0, isOpenWater: false) ?? LegCalories.hiit) == value)
    }

    @Test func zeroTimerTimeIsZeroKilocalories() {
        for sport in Sport.allCases where sport != .other {
            #expect((LegCalories.kcal(sport: sport, distanceMeters: 1000, timerSeconds: 0,
                                     weightKg: 70, isOpenWater: false) ?? .nan) == 0)
            #expect((LegCalories.kcal(sport: sport, distanceMeters: nil, timerSeconds: 0,
                                     weightKg: 70, isOpenWater: false) ?? .nan) == 0)
        }
        #expect((LegCalories.kcal(sport: .running, distanceMeters: 1000, timerSeconds: -60,
                                 weightKg: 70, isOpenWater: false) ?? .nan) == 0)
        #expect((LegCalories.kcal(sport: .running, distanceMeters: 1000, timerSeconds: .infinity,
                                 weightKg: 70, isOpenWater: false) ?? .nan) == 0)
    }

    @Test func noWeightIsZeroKilocalories() {
        #expect((LegCalories.kcal(sport: .cycling, distanceMeters: 20_000, timerSeconds: 3600,
                                 weightKg: 0, isOpenWater: false) ?? .nan) == 0)
        #expect((LegCalories.kcal(sport: .cycling, distanceMeters: 20_000, timerSeconds: 3600,
                                 weightKg: .nan, isOpenWater: false) ?? .nan) == 0)
    }

    // MARK: Band edges

    /// A speed exactly on a bound belongs to the faster band; just below it, to the slower one.
    /// Checked both from `distance / time` (the way a finished leg computes it) and from m/s.
    @Test(arguments: [
        // cycling, DESIGN §4 bands
        (Sport.cycling, 15.9, 4.0, "01010"), (.cycling, 16.0, 6.8, "01020"),
        (.cycling, 18.99, 6.8, "01020"), (.cycling, 19.0, 8.0, "01030"),
        (.cycling, 21.99, 8.0, "01030"), (.cycling, 22.0, 10.0, "01040"),
        (.cycling, 25.99, 10.0, "01040"), (.cycling, 26.0, 12.0, "01050"),
        (.cycling, 31.99, 12.0, "01050"), (.cycling, 32.0, 15.8, "01060"),
        (.cycling, 45.0, 15.8, "01060"),
        // running, DESIGN §4 values at 8/10/12/14/16 km/h
        (.running, 6.0, 7.5, "12020"), (.running, 7.99, 7.5, "12020"),
        (.running, 8.0, 8.5, "12030"), (.running, 10.0, 9.3, "12050"),
        (.running, 11.99, 9.3, "12050"), (.running, 12.0, 11.8, "12080"),
        (.running, 14.0, 12.5, "12100"), (.running, 15.99, 12.5, "12100"),
        (.running, 16.0, 14.8, "12120"), (.running, 20.0, 14.8, "12120"),
        // walking
        (.walking, 3.0, 3.0, "17170"), (.walking, 4.5, 3.8, "17190"),
        (.walking, 5.6, 4.8, "17200"), (.walking, 6.4, 5.5, "17220"),
        (.walking, 7.2, 7.0, "17230"), (.walking, 8.0, 8.5, "17231"),
        // rowing and transitions ignore speed
        (.rowing, 5.0, 5.8, "18050"), (.rowing, 15.0, 5.8, "18050"),
        (.transition, 6.0, 4.5, "11800"),
    ])
    func speedBandEdges(sport: Sport, kmh: Double, met: Double, code: String) {
        let byMetresPerSecond = (LegCalories.met(for: sport, metersPerSecond: kmh / 3.6, isOpenWater: false) ?? LegCalories.hiit)
        #expect(byMetresPerSecond.met == met)
        #expect(byMetresPerSecond.code == code)
        // kmh × 1000 m in exactly one hour; 80 kg × MET × 1 h
        let kcal = (LegCalories.kcal(sport: sport, distanceMeters: kmh * 1000, timerSeconds: 3600,
                                    weightKg: 80, isOpenWater: false) ?? .nan)
        #expect(abs(kcal - met * 80) < 1e-9)
    }

    @Test(arguments: [
        // (seconds per 100 m, MET, code): thresholds 1:45 and 2:30 per 100 m
        (200.0, 5.8, "18240"), (150.5, 5.8, "18240"), (150.0, 8.0, "18290"),
        (131.0, 8.0, "18290"), (105.5, 8.0, "18290"), (105.0, 9.8, "18230"), (80.0, 9.8, "18230"),
    ])
    func poolSwimPaceEdges(secondsPer100m: Double, met: Double, code: String) {
        // 1000 m at this pace: timer = 10 × pace; 65 kg × MET × timer/3600
        let timer = 10 * secondsPer100m
        let kcal = (LegCalories.kcal(sport: .swimming, distanceMeters: 1000, timerSeconds: timer,
                                    weightKg: 65, isOpenWater: false) ?? .nan)
        #expect(abs(kcal - met * 65 * timer / 3600) < 1e-9)
        let value = (LegCalories.met(for: .swimming, metersPerSecond: 100 / secondsPer100m, isOpenWater: false) ?? LegCalories.hiit)
        #expect(value.met == met && value.code == code)
    }

    @Test func openWaterFlagMattersOnlyForSwims() {
        let unflagged = (LegCalories.met(for: .running, metersPerSecond: 12 / 3.6, isOpenWater: false) ?? LegCalories.hiit)
        let flagged = (LegCalories.met(for: .running, metersPerSecond: 12 / 3.6, isOpenWater: true) ?? LegCalories.hiit)
        #expect(flagged == unflagged)
        #expect(flagged.met == 11.8)
    }

    @Test func otherSportsHaveNoEstimate() {
        #expect(LegCalories.met(for: .other, metersPerSecond: 3, isOpenWater: false) == nil)
        #expect(LegCalories.kcal(sport: .other, distanceMeters: 10_000, timerSeconds: 3600,
                                 weightKg: 70, isOpenWater: false) == nil)
        // a hike of 2 h at 70 kg: 6.0 × 70 × 2 = 840 kcal (17080, 2011)
        #expect(LegCalories.kcal(sport: .hiking, distanceMeters: 8000, timerSeconds: 7200,
                                 weightKg: 70, isOpenWater: false) == 840)
    }

    // MARK: Sources

    @Test func everyValueNamesItsCodeAndEdition() {
        let values = Sport.allCases.filter { $0 != .other }.flatMap { sport in
            [nil, 1.0, 3.0, 5.0, 8.0, 12.0].map {
                (LegCalories.met(for: sport, metersPerSecond: $0, isOpenWater: false) ?? LegCalories.hiit)
            }
        }
        for value in values {
            #expect(value.code.count == 5 && value.code.allSatisfy(\.isNumber))
            #expect([METValue.compendium2011, METValue.compendium2024].contains(value.edition))
            #expect(!value.activity.isEmpty)
        }
    }
}
