import Testing
import Calories

@Suite struct HIITCalorieTests {
    @Test func tabataAtSeventyKilograms() {
        // work 8.0 × 70 × 160/3600 = 24.888…; rest 2.0 × 70 × 70/3600 = 2.7222…
        let kcal = HIITCalories.kcal(weightKg: 70, workoutSeconds: 160, totalSeconds: 230)
        #expect(abs(kcal - 27.6111) < 0.001)
        #expect(HIITCalories.display(kcal) == "~28 kcal")
    }

    @Test(arguments: [
        (80.0, 1800.0, 1800.0, 320.0),   // all work: 8 × 80 × 0.5 h
        (60.0, 0.0, 3600.0, 120.0),      // all rest: 2 × 60 × 1 h
        (70.0, 100.0, 50.0, 70.0 * 8 * 100 / 3600), // total below work counts as no rest
    ])
    func formulaMatchesHandComputedValues(weight: Double, work: Double, total: Double, expected: Double) {
        #expect(abs(HIITCalories.kcal(weightKg: weight, workoutSeconds: work, totalSeconds: total) - expected) < 1e-9)
    }

    @Test func displayRoundsHalfUpOnce() {
        #expect(HIITCalories.display(27.5) == "~28 kcal")
        #expect(HIITCalories.display(27.49) == "~27 kcal")
        #expect(HIITCalories.display(0.2) == "~0 kcal")
    }
}
