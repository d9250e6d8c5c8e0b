import Calories
import Testing
import WorkoutModel

@Suite("The run tracker's km × kg for recorded runs and walks")
struct DistanceCaloriesTests {
    @Test("10 km at 70 kg is 700 kcal running or walking; other sports and bad inputs have none")
    func kmTimesKg() {
        #expect(DistanceCalories.kcal(sport: .running, distanceMeters: 10_000, weightKg: 70) == 700)
        #expect(DistanceCalories.kcal(sport: .walking, distanceMeters: 2_500, weightKg: 80) == 200)
        #expect(DistanceCalories.kcal(sport: .cycling, distanceMeters: 10_000, weightKg: 70) == nil)
        #expect(DistanceCalories.kcal(sport: .running, distanceMeters: 0, weightKg: 70) == nil)
        #expect(DistanceCalories.kcal(sport: .running, distanceMeters: nil, weightKg: 70) == nil)
        #expect(DistanceCalories.kcal(sport: .running, distanceMeters: .infinity, weightKg: 70) == nil)
        #expect(DistanceCalories.kcal(sport: .running, distanceMeters: 1000, weightKg: 0) == nil)
    }
}
