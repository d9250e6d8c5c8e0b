import Foundation
import Testing
import WorkoutModel
@testable import WorkoutStore
import TestSupport

/// Multisport plans as library citizens: decoding by kind with line/column errors, a round
/// trip through the library, changes under the lock, shipped plans seeded on first use.
@Suite struct PlanLibraryTests {
    static let sprint = MultisportPlan(name: "Sprint triathlon", legs: [
        Leg(sport: .swimming, targetDistanceMeters: 750, poolLength: 25, poolUnit: .meters, isIndoor: true),
        Leg(sport: .transition),
        Leg(sport: .cycling, targetDistanceMeters: 20_000),
        Leg(sport: .transition),
        Leg(sport: .running, targetDistanceMeters: 5000),
    ])

    private func error(_ text: String) -> String? {
        do {
            _ = try LibraryDocumentFile.decode(Data(text.utf8), path: "plan.json")
            return nil
        } catch {
            return error.description
        }
    }

    // MARK: Decoding

    @Test func aFileDecodesByItsKind() throws {
        let plan = try LibraryDocumentFile.decode(try LibraryDocumentFile.encode(.multisport(Self.sprint), path: "p"), path: "p")
        #expect(plan == .multisport(Self.sprint))
        #expect(plan.kind == "multisport")
        let workout = try LibraryDocumentFile.decode(try WorkoutFile.encode(sampleWorkout, path: "w"), path: "w")
        #expect(workout == .intervals(sampleWorkout))
        // No kind: an interval workout, as before plans existed.
        let old = try LibraryDocumentFile.decode(Data(#"{"name": "T", "exercises": [{"name": "a", "workSeconds": 20, "restSeconds": 10, "rounds": 8}]}"#.utf8), path: "t")
        #expect(old.kind == "intervals")
    }

    @Test func theStoredPlanHasSortedKeysVersionAndKind() throws {
        let text = String(decoding: try LibraryDocumentFile.encode(.multisport(MultisportPlan(name: "R", legs: [Leg(sport: .running, targetSeconds: 1800)])), path: "p"), as: UTF8.self)
        #expect(text == """
            {
              "kind" : "multisport",
              "legs" : [
                {
                  "sport" : "running",
                  "targetSeconds" : 1800
                }
              ],
              "name" : "R",
              "version" : 1
            }

            """)
    }

    static let badPlans: [(String, String)] = [
        (#"{"kind": "multisport", "name": "P", "legs": [{"sport": "transition"}, {"sport": "running"}]}"#,
         "plan.json: leg 1 (T1): a plan cannot start with a transition"),
        (#"{"kind": "multisport", "name": "P", "legs": [{"sport": "running"}, {"sport": "transition"}]}"#,
         "plan.json: leg 2 (T1): a plan cannot end with a transition"),
        (#"{"kind": "multisport", "name": "P", "legs": [{"sport": "running"}, {"sport": "transition"}, {"sport": "transition"}, {"sport": "running"}]}"#,
         "plan.json: leg 3 (T2): two transitions in a row"),
        (#"{"kind": "multisport", "name": "P", "legs": [{"sport": "transition"}]}"#,
         "plan.json: leg 1 (T1): a plan needs at least one sport leg"),
        (#"{"kind": "multisport", "name": "P", "legs": [{"sport": "swimming", "poolLength": 0, "poolUnit": "m"}]}"#,
         "plan.json: leg 1 (Swim): pool length must be above 0 (is 0.0)"),
        (#"{"kind": "multisport", "name": "P", "legs": [{"sport": "running"}, {"sport": "skiing"}]}"#,
         "plan.json, line 1, column 78: legs[1].sport: \"skiing\" is not one of swimming, cycling, running, walking, rowing, transition"),
        ("{\"kind\": \"multisport\",\n \"name\": \"P\",\n \"legs\": [{\"sport\": \"running\" \"x\"}]}",
         "plan.json, line 3, column 31: JSON syntax error: expected ',' or '}' after the value of \"sport\", found '\"'"),
        (#"{"kind": "multisport", "name": "P"}"#,
         "plan.json, line 1, column 1: legs is missing (expected an array)"),
        (#"{"kind": "yoga", "name": "P"}"#,
         "plan.json, line 1, column 10: kind: kind \"yoga\" is not known (expected \"intervals\" or \"multisport\")"),
        (#"{"version": 9, "kind": "multisport", "name": "P", "legs": []}"#,
         "plan.json: version 9 is not supported (this hiit reads version 1; a newer hiit wrote it)"),
    ]

    @Test(arguments: badPlans)
    func badPlanFilesNameTheLegOrThePlace(text: String, message: String) {
        #expect(error(text) == message)
    }

    // MARK: The library

    @Test func aPlanRoundTripsThroughTheLibrary() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let library = WorkoutLibrary(folder: DataFolder(url: folder.url))
        try library.add(.intervals(sampleWorkout))
        let added = try library.add(.multisport(Self.sprint))
        #expect(added.url.lastPathComponent == "sprint-triathlon.json")
        #expect(try permissions(of: added.url) == 0o600)

        let entries = try library.entries()
        #expect(entries.compactMap(\.name).sorted() == ["Core+Legs", "Sprint triathlon"])
        let found = try library.workout(named: "SPRINT TRIATHLON")
        #expect(found.plan == Self.sprint)
        #expect(found.workout == nil)
        #expect(try library.workout(named: "sprint-triathlon").plan == Self.sprint)

        // A name is taken across kinds.
        #expect(throws: LibraryError.self) { try library.add(.multisport(MultisportPlan(name: "core+legs", legs: [Leg(sport: .running)]))) }

        // Changing a leg validates and writes; a broken rule writes nothing.
        let change = try library.updatePlan("Sprint triathlon") { $0.legs[2].targetDistanceMeters = 19_600 }
        #expect(change.after.plan?.legs[2].targetDistanceMeters == 19_600)
        let before = try Data(contentsOf: added.url)
        #expect(throws: LibraryError.invalid(.legRule(leg: 1, label: "T1", rule: "a plan cannot start with a transition"))) {
            try library.updatePlan("Sprint triathlon") { $0.legs.removeFirst() }
        }
        #expect(try Data(contentsOf: added.url) == before)
        // A plan command on a workout says so.
        #expect(throws: LibraryError.invalid(.notAPlan(name: "Core+Legs"))) {
            try library.updatePlan("core+legs") { $0.legs = [] }
        }

        // Rename moves the file; delete removes it.
        let renamed = try library.rename("sprint triathlon", to: "Sprint")
        #expect(renamed.after.url.lastPathComponent == "sprint.json")
        #expect(renamed.after.plan?.name == "Sprint")
        #expect(try library.workout(named: "Sprint").plan?.legs.count == 5)
        try library.delete("sprint")
        #expect(try library.entries().compactMap(\.name) == ["Core+Legs"])
    }

    @Test func theShippedPlansAreValidAndSeededOnFirstUse() throws {
        let shipped = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("workouts")
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let library = WorkoutLibrary(folder: DataFolder(url: folder.url))
        let report = try library.seedIfFirstUse(from: shipped)
        #expect(report.broken.isEmpty, "\(report.broken.map { $0.error?.description ?? "" })")
        let plans = try library.entries().compactMap(\.plan)
        #expect(Set(plans.map(\.name)) == ["Sprint triathlon", "Olympic triathlon", "Duathlon", "Aquathlon",
                                           "Bike-run brick", "Swimrun"])
        let byName = Dictionary(uniqueKeysWithValues: plans.map { ($0.name, $0) })
        let sprint = try #require(byName["Sprint triathlon"])
        #expect(sprint.legs.map(\.sport) == [.swimming, .transition, .cycling, .transition, .running])
        #expect(sprint.legs[0].poolLengthMeters == 25)
        #expect(sprint.legs.map(\.targetDistanceMeters) == [750, nil, 20_000, nil, 5000])
        let olympic = try #require(byName["Olympic triathlon"])
        #expect(olympic.legs[0].isOpenWater == true)
        #expect(olympic.legs.compactMap(\.targetDistanceMeters) == [1500, 40_000, 10_000])
        #expect(byName["Duathlon"]?.legs.compactMap(\.targetDistanceMeters) == [5000, 20_000, 2500])
        #expect(byName["Duathlon"]?.legs.filter { $0.sport != .transition }.map(\.sport) == [.running, .cycling, .running])
        #expect(byName["Aquathlon"]?.legs.filter { $0.sport != .transition }.map(\.sport) == [.swimming, .running])
        #expect(byName["Bike-run brick"]?.legs.compactMap(\.targetDistanceMeters) == [40_000, 5000])
        #expect(byName["Swimrun"]?.legs.map(\.sport) == [.running, .swimming, .running, .swimming, .running])
        for plan in plans { try plan.validate() }
    }
}
