import CommandLineKit
import Foundation
import SessionEngine
import TerminalUI
import WorkoutModel
import WorkoutStore
#if canImport(Glibc)
import Glibc
#endif

/// The `hiit` command tree (DESIGN §6) and the dispatch from a parsed command to its work.
/// Each group of subcommands lives in its own file as a ``CommandGroup``.
enum Commands {
    /// The program's version, printed by `hiit --version`.
    static let version = "0.1.0"

    /// The command groups, in the order their subcommands are listed in help.
    static var groups: [any CommandGroup.Type] {
        [RunCommands.self, LibraryCommands.self, PlanCommands.self, HistoryCommands.self, ProfileCommands.self, SoundsCommands.self, StatsCommands.self, DemoCommands.self, CompletionCommands.self]
    }

    /// The whole tree: the root runs a workout as `hiit run` does.
    static let root = CommandSpec(
        name: "hiit",
        abstract: "An interval (HIIT, Tabata, EMOM) and multisport (swim, bike, run) workout timer for the terminal, with voice and beep cues, a history and statistics.",
        discussion: "Without a subcommand, runs the selected workout as 'hiit run' does.",
        options: RunCommands.runOptions,
        subcommands: groups.flatMap { $0.specs })

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
            let context = CommandContext(
                environment: environment, console: console,
                locations: Locations(environment: environment,
                                     executable: URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()))
            do throws(CommandLineError) {
                for group in groups {
                    if let status = try group.handle(parsed, context: context) { return status }
                }
                throw .unknownSubcommand(parsed.path.joined(separator: " "), suggestion: nil)
            } catch {
                let path = root.specs(along: parsed.path) ?? [root]
                console.err(usageErrorText(error, for: path, width: width).trimmingTrailingNewlines)
                return CommandLineError.exitStatus
            }
        }
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

/// What every command needs: the environment, where things are, and the console.
struct CommandContext {
    /// The process environment.
    let environment: [String: String]
    /// The only writer to stdout and stderr.
    let console: Console
    /// The data folder and the shipped resources.
    let locations: Locations
}

/// A group of subcommands: their specs and the code that runs them.
protocol CommandGroup {
    /// The subcommands this group adds to the root.
    static var specs: [CommandSpec] { get }
    /// Runs `parsed` if its path belongs to this group.
    /// - Returns: the exit status, or `nil` when the path is not this group's.
    /// - Throws: ``CommandLineError`` for a bad option value (exit 64).
    static func handle(_ parsed: ParsedCommand, context: CommandContext) throws(CommandLineError) -> Int32?
}

/// The `hiit` program as the executable runs it.
public enum HiitProgram {
    /// Parses `arguments` (without the program name), runs the command they name with the
    /// process's stdout and stderr, reports any error there, and returns the exit status
    /// (DESIGN §6: 0, 64 usage, 65 bad data, 74 I/O, 128 + N after signal N).
    public static func main(arguments: [String], environment: [String: String]) -> Int32 {
        Commands.main(arguments: arguments, environment: environment, console: Console())
    }
}
