import CommandLineKit
import Foundation
import WorkoutModel
import WorkoutStats

/// `hiit completions bash|zsh|fish`: a shell completion script generated from
/// ``CommandTree/root``, the specification the parser and `--help` use (issue 6).
struct CompletionsCommand: Command {
    static let configuration = CommandConfiguration(
        path: ["completions"], abstract: "Write a shell completion script for bash, zsh or fish to standard output.",
        discussion: "It completes subcommands, options, fixed option values (such as --units metric or imperial), file names, and the names of the workouts and plans in your library, read when you press Tab with 'hiit list --names'. Names with spaces are inserted quoted.\nFor yourself: add 'source <(hiit completions bash)' to ~/.bashrc, or 'source <(hiit completions zsh)' to ~/.zshrc after compinit, or run 'hiit completions fish > ~/.config/fish/completions/hiit.fish'. For everyone: install the script as " + CompletionShell.allCases.map { "PREFIX/share/" + $0.installPath }.joined(separator: ", ") + " (see the README's Installing section).")

    /// The shell to write the script for.
    @Argument("SHELL", help: "The shell: " + CompletionsCommand.shellList + ".", as: CompletionsCommand.shellConversion)
    var target: CompletionShell

    /// `bash, zsh, fish`.
    static var shellList: String { CompletionShell.allCases.map(\.rawValue).joined(separator: ", ") }

    /// SHELL's conversion: one of the shells hiit completes.
    private static var shellConversion: ValueConversion<CompletionShell> {
        ValueConversion { word, _ throws(CommandLineError) in
            guard let shell = CompletionShell(rawValue: word) else {
                let hint = closestMatch(to: word, among: CompletionShell.allCases.map(\.rawValue)).map { "; did you mean '\($0)'?" } ?? ""
                throw .conflict("'\(word)' is not a shell hiit completes; use one of \(shellList)\(hint)")
            }
            return shell
        }
    }

    func run(_ context: CommandContext) throws -> Int32 {
        // The descriptions a shell shows beside candidates are help text: spelled for the locale.
        let script = CompletionScript.script(for: target, root: CommandTree.root, rules: Self.rules, version: CommandTree.version)
        context.console.out(context.glyphs.text(script).trimmingTrailingNewlines)
        return ExitStatus.success
    }

    // MARK: What completes to what

    /// The completions of option values and arguments, from the types that check them, so a
    /// new sport, metric or unit completes without a change here.
    static var rules: CompletionRules {
        let sports = Sport.allCases.filter { $0 != .transition }.map(\.rawValue)
        return CompletionRules(
            optionValues: [
                "compare": .choices(Baseline.allCases.map(\.rawValue)),
                "metric": .choices(Metric.allCases.map(\.rawValue)),
                "units": .choices(Profile.Units.allCases.map(\.rawValue)),
                "first-weekday": .choices(Profile.FirstWeekday.allCases.map(\.rawValue)),
                "intervals": .choices(RunWorkoutCommand.intervalsSports.map(\.rawValue)),
                "track": .choices(RunWorkoutCommand.trackSports.map(\.rawValue)),
                "sport": .choices(["all", "intervals"] + sports),
                "filter": .choices(["all", "intervals"] + sports),
                "pool": .choices(["25m", "50m", "25yd", "open-water"]),
                "folder": .folders,
                "originals": .folders,
            ],
            argumentValues: [
                "WORKOUT": .workouts,
                "PLAN": .workouts,
                "FILE": .files,
                "PATH": .files,
                "SHELL": .choices(CompletionShell.allCases.map(\.rawValue)),
                "PERIOD": .choices(PeriodKind.allCases.filter { $0 != .range }.map(\.rawValue)),
                "REQUEST": .choices(ControlRequest.allCases.map(\.rawValue)),
            ])
    }
}
