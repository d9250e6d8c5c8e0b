import Foundation
import SessionEngine
import TerminalUI
import WorkoutModel
import WorkoutStore

/// The workout library: `hiit show`, `hiit list`.
enum LibraryCommands: CommandGroup {
    static let specs = [
        CommandSpec(
            name: "show",
            abstract: "Show a workout's exercises, timeline and estimated time.",
            arguments: [ArgumentSpec("WORKOUT", help: RunCommands.workoutArgumentHelp)],
            options: [OptionSpec("json", help: "Write the timeline as JSON.")]),
        CommandSpec(
            name: "list",
            abstract: "List the workouts that can be run by name.",
            options: [OptionSpec("json", help: "Write the list as JSON.")]),
    ]

    static func handle(_ parsed: ParsedCommand, context: CommandContext) throws(CommandLineError) -> Int32? {
        switch parsed.path {
        case ["show"]:
            return show(parsed.argument("WORKOUT") ?? "", json: parsed.hasFlag("json"),
                        locations: context.locations, console: context.console)
        case ["list"]:
            return list(json: parsed.hasFlag("json"), locations: context.locations, console: context.console)
        default:
            return nil
        }
    }

    /// The name run when none is given: the selected workout.
    static func selectedWorkoutName(_ locations: Locations) -> String {
        "tabata"
    }

    /// The folders searched for workout names: the library, then the shipped examples.
    static func resolver(_ locations: Locations) -> WorkoutResolver {
        WorkoutResolver(folders: [DataFolder(url: locations.dataFolder).workoutsURL]
                        + (locations.shippedWorkoutsFolder.map { [$0] } ?? []))
    }

    static func show(_ word: String, json: Bool, locations: Locations, console: Console) -> Int32 {
        let workout: IntervalWorkout
        do {
            workout = try resolver(locations).resolve(word).0
        } catch {
            console.err("Error: \(error)")
            return error.exitStatus
        }
        let program = Program(workout)
        if json {
            do {
                console.out(try TimelineJSON(program: program, kind: "intervals").render())
            } catch {
                console.err("Error: cannot write JSON: \(error)")
                return ExitStatus.ioError
            }
        } else {
            console.out(Format.plan(workout, program: program))
        }
        return ExitStatus.success
    }

    static func list(json: Bool, locations: Locations, console: Console) -> Int32 {
        struct Entry: Encodable {
            var name: String
            var kind: String
            var exercises: Int
            var estimatedSeconds: Int
            var file: String
        }
        var entries: [Entry] = []
        var seen = Set<String>()
        for file in resolver(locations).workoutFiles() {
            do {
                let workout = try WorkoutFile.load(from: file)
                guard seen.insert(workout.name.lowercased()).inserted else { continue }
                entries.append(Entry(name: workout.name, kind: "intervals", exercises: workout.exercises.count,
                                     estimatedSeconds: workout.estimatedSeconds, file: file.path))
            } catch {
                console.err("Warning: \(error)")
            }
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
            guard let data = try? encoder.encode(entries) else { return ExitStatus.ioError }
            console.out(String(decoding: data, as: UTF8.self))
            return ExitStatus.success
        }
        if entries.isEmpty {
            console.out("No workouts found. Try a quick one: hiit run 20/10x8")
            return ExitStatus.success
        }
        let nameWidth = min(entries.map(\.name.count).max() ?? 0, 40)
        for entry in entries {
            let name = entry.name.padded(toWidth: nameWidth)
            let count = entry.exercises == 1 ? "1 exercise" : "\(entry.exercises) exercises"
            console.out("\(name)  \(entry.kind)  \(count.padded(toWidth: 12))  \(Format.clock(Double(entry.estimatedSeconds)))")
        }
        return ExitStatus.success
    }
}
