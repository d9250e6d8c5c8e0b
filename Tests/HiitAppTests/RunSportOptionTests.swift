import CommandLineKit
import Testing
import WorkoutModel
@testable import HiitApp

/// `--intervals SPORT` and `--track SPORT`: every sport the error names is taken, every other is
/// refused with that list, and the shells complete exactly those (a new-user check found
/// `--track hiking` refused by an error listing hiking, and completions offering six sports
/// `--intervals` refuses).
@Suite struct RunSportOptionTests {
    /// The message of `hiit run WORDS`' binding error, or `nil` when it binds.
    static func refusal(_ words: [String]) throws -> String? {
        guard case let .command(parsed) = try CommandTree.root.parse(words) else {
            Issue.record("not a command")
            return nil
        }
        do {
            _ = try RunWorkoutCommand.bound(to: parsed)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test(arguments: [("--intervals", RunWorkoutCommand.intervalsSports), ("--track", RunWorkoutCommand.trackSports)])
    func theSportsNamedAreTheSportsTaken(option: String, taken: [Sport]) throws {
        #expect(!taken.isEmpty)
        let list = RunWorkoutCommand.spokenList(taken)
        for sport in Sport.allCases {
            let message = try Self.refusal(["run", option, sport.rawValue])
            if taken.contains(sport) {
                #expect(message == nil, "\(option) \(sport.rawValue): \(message ?? "")")
            } else {
                #expect(message?.contains("use \(list)") == true, "\(option) \(sport.rawValue): \(message ?? "taken")")
                #expect(message?.contains(sport.rawValue + " or") == false && message?.contains(sport.rawValue + ",") == false,
                        "the refused sport is not in the list: \(message ?? "")")
            }
        }
    }

    @Test func theListsAreTheTimersSports() throws {
        #expect(RunWorkoutCommand.intervalsSports == [.swimming, .cycling, .running, .walking, .rowing])
        #expect(RunWorkoutCommand.trackSports == [.cycling, .running, .walking, .rowing])
        #expect(RunWorkoutCommand.spokenList(RunWorkoutCommand.trackSports) == "cycling, running, walking or rowing")
        #expect(try Self.refusal(["run", "--track", "hiking"])
                == "--track: 'hiking' is not a sport GPS records; use cycling, running, walking or rowing")
    }

    @Test func theShellsCompleteOnlyTheSportsTaken() {
        let rules = CompletionsCommand.rules
        #expect(rules.optionValues["intervals"] == .choices(RunWorkoutCommand.intervalsSports.map(\.rawValue)))
        #expect(rules.optionValues["track"] == .choices(RunWorkoutCommand.trackSports.map(\.rawValue)))
    }
}
