import Testing
import WorkoutModel
@testable import SessionEngine

/// What a finished leg stores: distance (pool lengths, target, none), laps, times and kcal
/// from the Compendium MET table (hand-computed below).
@Suite struct LegRecordTests {
    private func seconds(_ s: Double) -> Duration { .milliseconds(Int64((s * 1000).rounded())) }

    private func result(_ sport: Sport, start: Double = 0, elapsed: Double, timer: Double? = nil,
                        laps: [Double]? = nil) -> LegResult {
        let lapLengths = laps ?? [elapsed]
        var lapStart = start
        let lapResults = lapLengths.map { length -> LegResult.Lap in
            defer { lapStart += length }
            return LegResult.Lap(start: seconds(lapStart), elapsed: seconds(length))
        }
        return LegResult(sport: sport, index: 0, start: seconds(start), elapsed: seconds(elapsed),
                         timer: seconds(timer ?? elapsed), laps: lapResults, isRunning: false)
    }

    @Test func thirtyLengthsOfAThirdYardPoolAreOneThousandYards() throws {
        let pool = Leg(sport: .swimming, targetDistanceMeters: 500, poolLength: 100.0 / 3, poolUnit: .yards)
        let leg = LegRecord(result(.swimming, elapsed: 900, laps: Array(repeating: 30, count: 30)), planLeg: pool, weightKg: nil)
        let meters = try #require(leg.distanceMeters)
        #expect(abs(meters - 1000 * 0.9144) < 1e-9, "30 × 33⅓ yd = 1000 yd = 914.4 m, not the 500 m target")
        #expect(leg.poolUnit == .yards)
        #expect(Pace.text(for: .swimming, meters: meters, seconds: leg.timerSeconds, poolUnit: leg.poolUnit) == "1:30 /100yd")
        #expect(leg.laps.count == 30 && leg.laps[29].startSeconds == 870)
    }

    @Test func withoutLengthsAPoolSwimTakesItsTargetDistance() {
        let pool = Leg(sport: .swimming, targetDistanceMeters: 750, poolLength: 25, poolUnit: .meters)
        let leg = LegRecord(result(.swimming, elapsed: 900), planLeg: pool, weightKg: nil)
        #expect(leg.distanceMeters == 750)
        #expect(leg.kcal == nil, "no weight, no estimate")
    }

    @Test func aLegCutShortByAnEarlyFinishKeepsNoTargetDistance() {
        let bike = Leg(sport: .cycling, targetDistanceMeters: 20_000)
        #expect(LegRecord(result(.cycling, elapsed: 60), planLeg: bike, weightKg: nil, isCutShort: true).distanceMeters == nil)
        #expect(LegRecord(result(.cycling, elapsed: 900), planLeg: bike, weightKg: nil).distanceMeters == 20_000,
                "20 km in 15 min is 80 km/h: kept")
    }

    /// A distance faster than the sport allows is not recorded (issue "What users hit", item 7).
    @Test(arguments: [
        (Sport.cycling, 20_000.0, 8.0, false), (.cycling, 20_000, 720, true),   // 100 km/h exactly: kept
        (.cycling, 20_000, 719, false), (.running, 5000, 399, false), (.running, 5000, 400, true),
        (.swimming, 750, 269, false), (.swimming, 750, 270, true), (.walking, 1000, 179, false), (.walking, 1000, 180, true),
        (.rowing, 2000, 287, false), (.rowing, 2000, 288, true),
    ])
    func aTargetFasterThanTheSportAllowsIsNotRecorded(sport: Sport, meters: Double, seconds: Double, kept: Bool) {
        let leg = Leg(sport: sport, targetDistanceMeters: meters)
        let record = LegRecord(result(sport, elapsed: seconds), planLeg: leg, weightKg: nil)
        #expect((record.distanceMeters != nil) == kept, "\(sport) \(meters) m in \(seconds) s")
        #expect((LegRecord.droppedDistance(result(sport, elapsed: seconds), planLeg: leg) == nil) == kept)
    }

    @Test func poolLengthsPressedTooFastAreNotASwim() {
        let pool = Leg(sport: .swimming, targetDistanceMeters: 750, poolLength: 25, poolUnit: .meters)
        let fast = LegRecord(result(.swimming, elapsed: 20, laps: Array(repeating: 20.0 / 30, count: 30)), planLeg: pool, weightKg: nil)
        #expect(fast.distanceMeters == nil, "30 lengths in 20 s")
        let real = LegRecord(result(.swimming, elapsed: 600, laps: Array(repeating: 20, count: 30)), planLeg: pool, weightKg: nil)
        #expect(real.distanceMeters == 750)
    }

    @Test func aTransitionHasNoDistanceAndItsPauseIsNotTimerTime() {
        // T1 of 90 s elapsed with a 30 s pause: timer 60 s; transition MET 4.5 (code 11800):
        // 4.5 × 70 kg × 60 s / 3600 = 5.25 kcal.
        let leg = LegRecord(result(.transition, start: 900, elapsed: 90, timer: 60), planLeg: Leg(sport: .transition),
                            weightKg: 70)
        #expect(leg.distanceMeters == nil)
        #expect(leg.elapsedSeconds == 90 && leg.timerSeconds == 60)
        #expect(abs((leg.kcal ?? 0) - 5.25) < 1e-9)
    }

    @Test func bikeCaloriesFollowTheSpeedBand() {
        // 40 km in 1:20:00 = 30 km/h, band 26–32 km/h: MET 12.0 (2011 code 01050).
        // 12.0 × 70 kg × (4800 s / 3600) = 1120 kcal.
        let leg = LegRecord(result(.cycling, elapsed: 4800), planLeg: Leg(sport: .cycling, targetDistanceMeters: 40_000),
                            weightKg: 70)
        #expect(abs((leg.kcal ?? 0) - 1120) < 1e-9)
    }

    @Test func correctingTheDistanceRecomputesTheCalories() {
        // A free-form run of 50:00 with no distance: the default running MET 9.3 (2024 code 12050):
        // 9.3 × 60 kg × 50/60 h = 465 kcal. Then 10 km in 50:00 = 12 km/h: MET 11.8 (12080):
        // 11.8 × 60 × 50/60 = 590 kcal.
        var leg = LegRecord(result(.running, elapsed: 3000), planLeg: nil, weightKg: 60)
        #expect(leg.distanceMeters == nil)
        #expect(abs((leg.kcal ?? 0) - 465) < 1e-9)
        leg.distanceMeters = 10_000
        leg.recomputeKcal(weightKg: 60)
        #expect(abs((leg.kcal ?? 0) - 590) < 1e-9)
        #expect(Pace.text(for: .running, meters: 10_000, seconds: leg.timerSeconds) == "5:00 /km")
    }

    @Test func anOpenWaterSwimUsesTheOpenWaterValue() {
        // 1500 m in 30:00 in open water: MET 6.0 (code 18300): 6.0 × 80 × 0.5 h = 240 kcal.
        let lake = Leg(sport: .swimming, targetDistanceMeters: 1500, isOpenWater: true)
        let leg = LegRecord(result(.swimming, elapsed: 1800), planLeg: lake, weightKg: 80)
        #expect(leg.isOpenWater == true && leg.poolLength == nil)
        #expect(abs((leg.kcal ?? 0) - 240) < 1e-9)
        #expect(Pace.text(for: .swimming, meters: 1500, seconds: 1800) == "2:00 /100m")
    }
}
