import CommandLineKit
import Foundation
import POSIX
import SessionEngine
import TerminalUI
import WorkoutModel
import WorkoutStore

/// The `hiit` command tree (DESIGN §6), the dispatch from a parsed command line to its
/// ``Command``, and the one place that reports errors (through ``ErrorReport``).
enum CommandTree {
    /// The program's version, printed by `hiit --version`.
    static let version = "0.1.0"

    /// Every command but `run` (which is also the root) in the order help lists them; a
    /// command's subcommands are the commands whose path extends its own by one name, in
    /// this order.
    static var commands: [any Command.Type] {
        [
            ShowCommand.self, ListCommand.self, SelectCommand.self, NewCommand.self, EditCommand.self,
            RenameCommand.self, DeleteCommand.self, DuplicateCommand.self, ImportCommand.self, ExportCommand.self,
            PlanCommand.self, PlanNewCommand.self, PlanAddCommand.self, PlanRemoveCommand.self, PlanMoveCommand.self,
            PlanSetCommand.self,
            HistoryListCommand.self, HistoryShowCommand.self, HistoryEditCommand.self, HistoryDeleteCommand.self,
            HistoryExportCommand.self, HistoryImportCommand.self,
            ProfileCommand.self, GoalCommand.self, StatusCommand.self, ControlCommand.self, SoundsCommand.self, GPSCommand.self, StatsCommand.self, DemoCommand.self,
            CompletionsCommand.self, ManCommand.self,
        ]
    }

    /// The spec of the command at `path` with its subcommands.
    private static func spec(of type: any Command.Type) -> CommandSpec {
        var node = type.spec
        node.subcommands = commands.filter { $0.path.count == type.path.count + 1 && $0.path.starts(with: type.path) }
            .map { spec(of: $0) }
        return node
    }

    /// The root's one-line description.
    private static let rootAbstract = "An interval (HIIT, Tabata, EMOM) and multisport (swim, bike, run) workout timer for the terminal, with voice and beep cues, a history and statistics."
    /// The root's help paragraph.
    private static let rootDiscussion = "Without a subcommand, runs the selected workout as 'hiit run' does."

    /// The whole tree: the root runs a workout as `hiit run` does.
    static let root = CommandSpec(
        name: "hiit", abstract: rootAbstract, discussion: rootDiscussion,
        options: RunWorkoutCommand.spec.options,
        subcommands: [RunWorkoutCommand.spec] + commands.filter { $0.path.count == 1 }.map { spec(of: $0) })

    /// The tree a command line is parsed with, and whether it is the whole ``root``.
    ///
    /// When the first word names a command, the root with that command's branch alone (and
    /// `run`), so that a start builds the specs of one command and its subcommands rather than
    /// of all thirty (building a spec runs the command's property wrappers: the whole tree was
    /// about a seventh of a warm `hiit stats`); when no word names a command (`hiit`, `hiit
    /// tabata --mute`, `hiit run …`), the root with `run` alone; otherwise (`help`, a command
    /// named after an option) the whole tree. The branch holds every spec the words can reach,
    /// so such a command line parses to the same command as with the whole tree; help and
    /// errors are parsed again with the whole tree (``dispatch``), which lists and suggests
    /// every command.
    static func tree(for arguments: [String]) -> (tree: CommandSpec, isWhole: Bool) {
        if let first = arguments.first, let top = commands.first(where: { $0.path == [first] }) {
            return (pruned(branch: spec(of: top)), false)
        }
        let topNames = Set(commands.compactMap { $0.path.count == 1 ? $0.path[0] : nil } + ["help"])
        if arguments.contains(where: topNames.contains) { return (root, true) }
        return (pruned(branch: nil), false)
    }

    /// The root (its texts, options and arguments) with `branch` and `run` as its only
    /// subcommands.
    private static func pruned(branch: CommandSpec?) -> CommandSpec {
        CommandSpec(name: "hiit", abstract: rootAbstract, discussion: rootDiscussion, options: RunWorkoutCommand.spec.options,
                    subcommands: [RunWorkoutCommand.spec] + (branch.map { [$0] } ?? []))
    }

    /// Runs the program with `arguments` (without the program name) and returns the exit
    /// status; every error a command throws is reported here, through ``ErrorReport``.
    /// The program's own text follows the locale (``Glyphs/decide(environment:)``): under a
    /// locale that is not UTF-8 help, errors and every screen are ASCII.
    /// - Parameter now: the instant "now" for the commands that show where today stands
    ///   (``CommandContext/now``); the clock when not given (tests give a fixed instant).
    static func main(arguments: [String], environment: [String: String], console: Console, now: Date = Date()) -> Int32 {
        let console = console.using(Glyphs.decide(environment: environment))
        return checkedOutput(dispatch(arguments: arguments, environment: environment, console: console, now: now),
                             console: console)
    }

    /// The exit status `status`, or 74 after one `Error:` line when a write to stdout failed
    /// (a full disk, a closed stdout): output that did not arrive is never a success. A command
    /// that already failed keeps its own status.
    private static func checkedOutput(_ status: Int32, console: Console) -> Int32 {
        guard let code = console.stdoutFailure else { return status }
        let failure = CommandFailure.io("cannot write to standard output: \(SystemCallError.text(forErrno: code)); the output is incomplete")
        let reported = ErrorReport.report(failure, console: console)
        return status == ExitStatus.success ? reported : status
    }

    /// Parses `arguments`, runs the command and reports what it threw.
    private static func dispatch(arguments: [String], environment: [String: String], console: Console, now: Date) -> Int32 {
        let width = helpWidth(columnsVariable: environment["COLUMNS"],
                              terminalColumns: TerminalSize.query(fd: STDOUT_FILENO)?.columns)
        var outcome: ParseOutcome
        var (tree, isWhole) = tree(for: arguments)
        do {
            outcome = try tree.parse(arguments)
            if case .help = outcome, !isWhole {
                tree = root
                outcome = try root.parse(arguments)
            }
        } catch {
            // The whole tree, for the same error and its suggestions as every other command line.
            do {
                tree = root
                outcome = try root.parse(arguments)
            } catch {
                return ErrorReport.end(with: error.error, path: spelled(root.specs(along: error.path) ?? [root], console.glyphs),
                                       width: width, console: console)
            }
        }
        switch outcome {
        case .version:
            console.out("hiit \(version)")
            return ExitStatus.success
        case let .help(path):
            console.out(helpText(for: spelled(root.specs(along: path) ?? [root], console.glyphs), width: width)
                .trimmingTrailingNewlines)
            return ExitStatus.success
        case let .command(parsed):
            let context = CommandContext(
                environment: environment, console: console, now: now,
                locations: Locations(environment: environment,
                                     executable: URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()))
            let path = spelled(tree.specs(along: parsed.path) ?? [tree], console.glyphs)
            do {
                // Plain `hiit` is `hiit run`.
                if parsed.path.isEmpty || parsed.path == RunWorkoutCommand.path {
                    return try RunWorkoutCommand.bound(to: parsed).run(context)
                }
                if let type = commands.first(where: { $0.path == parsed.path }) {
                    return try type.bound(to: parsed).run(context)
                }
                throw CommandLineError.unknownSubcommand(parsed.path.joined(separator: " "), suggestion: nil)
            } catch {
                return ErrorReport.end(with: error, path: path, width: width, console: console)
            }
        }
    }
}

extension CommandTree {
    /// The command chain with every help text spelled with `glyphs` (``Glyphs/text(_:)``), so
    /// that help is wrapped as it will be written (`…` is three cells in ASCII).
    static func spelled(_ path: [CommandSpec], _ glyphs: Glyphs) -> [CommandSpec] {
        glyphs == .unicode ? path : path.map { $0.spelled(glyphs) }
    }
}

extension CommandSpec {
    /// The spec with its abstract, discussion and the help of its arguments, options and
    /// subcommands spelled with `glyphs` (names and value names are ASCII already).
    func spelled(_ glyphs: Glyphs) -> CommandSpec {
        var spec = self
        spec.abstract = glyphs.text(abstract)
        spec.discussion = discussion.map(glyphs.text)
        spec.arguments = arguments.map { argument in
            var argument = argument
            argument.help = glyphs.text(argument.help)
            return argument
        }
        spec.options = options.map { option in
            var option = option
            option.help = glyphs.text(option.help)
            return option
        }
        spec.subcommands = subcommands.map { $0.spelled(glyphs) }
        return spec
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

/// The `hiit` program as the executable runs it.
public enum HiitProgram {
    /// Parses `arguments` (without the program name), runs the command they name with the
    /// process's stdout and stderr, reports any error there, and returns the exit status
    /// (DESIGN §6: 0, 64 usage, 65 bad data, 74 I/O, 128 + N after signal N).
    public static func main(arguments: [String], environment: [String: String]) -> Int32 {
        // Descriptors 0–2 are made valid first (DESIGN §5): a closed one gets /dev/null, so no
        // file opened later becomes stdin or stdout; a closed stdin reads as the end of input,
        // and a closed stdout is reported as a failed write.
        _ = try? FileDescriptor.standardInput.openNullDeviceIfClosed()
        let stdoutWasClosed = (try? FileDescriptor.standardOutput.openNullDeviceIfClosed()) ?? true
        _ = try? FileDescriptor.standardError.openNullDeviceIfClosed()
        return CommandTree.main(arguments: arguments, environment: environment,
                                console: stdoutWasClosed ? Console.withClosedStdout() : Console())
    }
}
