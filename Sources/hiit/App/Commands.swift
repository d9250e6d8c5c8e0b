import Foundation
import SessionEngine
import TerminalUI
import WorkoutModel
import WorkoutStore
#if canImport(Glibc)
import Glibc
#endif

/// The `hiit` command tree (DESIGN §6) and the dispatch from a parsed command to its work.
enum Commands {
    /// The program's version, printed by `hiit --version`.
    static let version = "0.1.0"

    static let runOptions: [OptionSpec] = [
        OptionSpec("prepare", valueName: "seconds",
                   help: "Seconds of countdown before the first work segment, 0–3600; 0 turns it off (default: the workout's, usually 10)."),
        OptionSpec("mute", help: "Start with the cues off (press m to turn them on)."),
        OptionSpec("audio-device", valueName: "name",
                   help: "The ALSA device that plays the cues (default: $HIIT_AUDIO_DEVICE, else 'default')."),
        OptionSpec("no-record", help: "Do not write the completed session to history."),
        OptionSpec("events",
                   help: "Write one JSON object per line on standard output instead of drawing the timer, and read commands (pause, resume, skip, finish, quit) on standard input."),
        OptionSpec("weight", valueName: "kg", help: "Body weight for the calorie estimate, 20–400 kg."),
    ]

    static let workoutArgumentHelp =
        "A workout's name, a workout file, or a quick form WORK/RESTxROUNDS such as 20/10x8 (work 20 s, rest 10 s, 8 rounds)."

    /// The whole tree.
    static let root = CommandSpec(
        name: "hiit",
        abstract: "An interval and multisport workout timer for the terminal, with voice and beep cues.",
        discussion: "Without a subcommand, runs the default workout (Tabata) as 'hiit run' does.",
        options: runOptions,
        subcommands: [
            CommandSpec(
                name: "run",
                abstract: "Run a workout full screen with voice and beep cues, and record it when it completes.",
                discussion: "Keys: space pauses and resumes, n skips to the next segment, r restarts (asks first), m mutes, q quits (asks first; nothing is recorded). Ctrl-C quits at once.",
                arguments: [ArgumentSpec("WORKOUT", help: workoutArgumentHelp + " Default: tabata.", isOptional: true)],
                options: runOptions),
            CommandSpec(
                name: "show",
                abstract: "Show a workout's exercises, timeline and estimated time.",
                arguments: [ArgumentSpec("WORKOUT", help: workoutArgumentHelp)],
                options: [OptionSpec("json", help: "Write the timeline as JSON.")]),
            CommandSpec(
                name: "list",
                abstract: "List the workouts that can be run by name.",
                options: [OptionSpec("json", help: "Write the list as JSON.")]),
        ])

    /// Runs the program with `arguments` (without the program name) and returns the exit status.
    static func main(arguments: [String], environment: [String: String], console: Console) -> Int32 {
        let width = helpWidth(columnsVariable: environment["COLUMNS"],
                              terminalColumns: TerminalSize.query(fd: STDOUT_FILENO)?.columns)
        let outcome: ParseOutcome
        do {
            outcome = try root.parse(arguments)
        } catch {
            let path = root.specs(along: error.path) ?? [root]
            console.err(usageErrorText(error.error, for: path, width: width).trimmingTrailingNewlines)
            return CommandLineError.exitStatus
        }
        switch outcome {
        case .version:
            console.out("hiit \(version)")
            return ExitStatus.success
        case let .help(path):
            console.out(helpText(for: root.specs(along: path) ?? [root], width: width).trimmingTrailingNewlines)
            return ExitStatus.success
        case let .command(parsed):
            let locations = Locations(environment: environment,
                                      executable: URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath())
            do {
                return try dispatch(parsed, environment: environment, locations: locations, console: console)
            } catch {
                let path = root.specs(along: parsed.path) ?? [root]
                console.err(usageErrorText(error, for: path, width: width).trimmingTrailingNewlines)
                return CommandLineError.exitStatus
            }
        }
    }

    private static func dispatch(_ parsed: ParsedCommand, environment: [String: String], locations: Locations,
                                 console: Console) throws(CommandLineError) -> Int32 {
        switch parsed.path {
        case [], ["run"]:
            var options = RunWorkout.Options()
            options.workout = parsed.argument("WORKOUT")
            if let value = parsed.value("prepare") {
                options.prepareSeconds = try OptionValue.wholeNumber(
                    value, option: "--prepare", range: IntervalWorkout.prepareRange, unit: "seconds")
            }
            if let value = parsed.value("weight") {
                options.weightKg = try OptionValue.decimal(value, option: "--weight", range: 20...400, unit: "kg")
            }
            options.audioDevice = parsed.value("audio-device")
            options.isMuted = parsed.hasFlag("mute")
            options.noRecord = parsed.hasFlag("no-record")
            options.events = parsed.hasFlag("events")
            return RunWorkout(options: options, environment: environment, locations: locations, console: console).run()
        case ["show"]:
            return show(parsed.argument("WORKOUT") ?? "", json: parsed.hasFlag("json"), locations: locations, console: console)
        case ["list"]:
            return list(json: parsed.hasFlag("json"), locations: locations, console: console)
        default:
            throw .unknownSubcommand(parsed.path.joined(separator: " "), suggestion: nil)
        }
    }

    /// The folders searched for workout names: the library, then the shipped examples.
    static func resolver(_ locations: Locations) -> WorkoutResolver {
        WorkoutResolver(folders: [DataFolder(url: locations.dataFolder).workoutsURL]
                        + (locations.shippedWorkoutsFolder.map { [$0] } ?? []))
    }

    private static func show(_ word: String, json: Bool, locations: Locations, console: Console) -> Int32 {
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

    private static func list(json: Bool, locations: Locations, console: Console) -> Int32 {
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

extension String {
    /// The string without trailing newlines (help text ends with one; `Console` adds its own).
    var trimmingTrailingNewlines: String {
        var text = self
        while text.hasSuffix("\n") { text.removeLast() }
        return text
    }
}
