import CommandLineKit
import Foundation
import SessionEngine
import TerminalUI
import WorkoutModel
import WorkoutStore
#if canImport(Glibc)
import Glibc
#endif

/// The `hiit` command tree (DESIGN §6), the dispatch from a parsed command line to its
/// ``Command``, and the one place that reports errors (through ``ErrorReport``).
enum CommandTree {
    /// The program's version, printed by `hiit --version`.
    static let version = "0.1.0"

    /// One entry of the tree: a command, or (while commands move to ``Command``) a group of
    /// subcommands still dispatched by hand.
    enum Entry {
        /// A command type.
        case command(any Command.Type)
        /// A group of subcommands with its own dispatch.
        case group(any CommandGroup.Type)
    }

    /// Every command in the order help lists them; a command's subcommands are the commands
    /// whose path extends its own by one name, in this order.
    static var entries: [Entry] {
        [
        .command(ShowCommand.self), .command(ListCommand.self), .command(SelectCommand.self), .command(NewCommand.self),
        .command(EditCommand.self), .command(RenameCommand.self), .command(DeleteCommand.self),
        .command(DuplicateCommand.self), .command(ImportCommand.self), .command(ExportCommand.self),
        .command(PlanCommand.self), .command(PlanNewCommand.self), .command(PlanAddCommand.self),
        .command(PlanRemoveCommand.self), .command(PlanMoveCommand.self), .command(PlanSetCommand.self),
        .group(HistoryCommands.self),
        .command(ProfileCommand.self), .group(SoundsCommands.self), .group(StatsCommands.self),
        .group(DemoCommands.self), .group(CompletionCommands.self),
        ]
    }

    /// The command types of ``entries``.
    static var commands: [any Command.Type] {
        entries.compactMap { if case let .command(type) = $0 { type } else { nil } }
    }

    /// The spec of the command at `path` with its subcommands.
    private static func spec(of type: any Command.Type) -> CommandSpec {
        var node = type.spec
        node.subcommands = commands.filter { $0.path.count == type.path.count + 1 && $0.path.starts(with: type.path) }
            .map { spec(of: $0) }
        return node
    }

    /// The whole tree: the root runs a workout as `hiit run` does.
    static let root = CommandSpec(
        name: "hiit",
        abstract: "An interval (HIIT, Tabata, EMOM) and multisport (swim, bike, run) workout timer for the terminal, with voice and beep cues, a history and statistics.",
        discussion: "Without a subcommand, runs the selected workout as 'hiit run' does.",
        options: RunCommands.runOptions,
        subcommands: [RunCommands.specs[0]] + entries.flatMap { entry -> [CommandSpec] in
            switch entry {
            case let .command(type): type.path.count == 1 ? [spec(of: type)] : []
            case let .group(group): group.specs
            }
        })

    /// Runs the program with `arguments` (without the program name) and returns the exit
    /// status; every error a command throws is reported here, through ``ErrorReport``.
    static func main(arguments: [String], environment: [String: String], console: Console) -> Int32 {
        let width = helpWidth(columnsVariable: environment["COLUMNS"],
                              terminalColumns: TerminalSize.query(fd: STDOUT_FILENO)?.columns)
        let outcome: ParseOutcome
        do {
            outcome = try root.parse(arguments)
        } catch {
            return ErrorReport.end(with: error.error, path: root.specs(along: error.path) ?? [root], width: width,
                                   console: console)
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
            let path = root.specs(along: parsed.path) ?? [root]
            do {
                if let type = commands.first(where: { $0.path == parsed.path }) {
                    return try type.init(parsed).run(context)
                }
                if let status = try RunCommands.handle(parsed, context: context) { return status }
                for case let .group(group) in entries {
                    if let status = try group.handle(parsed, context: context) { return status }
                }
                throw CommandLineError.unknownSubcommand(parsed.path.joined(separator: " "), suggestion: nil)
            } catch {
                return ErrorReport.end(with: error, path: path, width: width, console: console)
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
        CommandTree.main(arguments: arguments, environment: environment, console: Console())
    }
}
