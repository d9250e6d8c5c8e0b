import CommandLineKit

/// One `hiit` command (DESIGN §6): where it sits in the tree, its spec, its typed values and
/// its work. The options and arguments are the spec's own constants (`static let json =
/// OptionSpec(…)`) and are read through them, so a misspelt option is a compile error.
///
/// A command never prints `Error: …` for what it throws and never picks an exit status for
/// it: ``CommandTree/main(arguments:environment:console:)`` reports every thrown error through
/// ``ErrorReport`` (one line, the usage line for a ``CommandLineError``, the status from one table).
protocol Command {
    /// Subcommand names below the root, e.g. `["history", "show"]`; `[]` for plain `hiit`.
    static var path: [String] { get }
    /// The command's name, help, arguments and options, without its subcommands (the tree
    /// adds them from the commands whose path extends this one).
    static var spec: CommandSpec { get }
    /// Binds a parsed command line to the command's values, checking every value before
    /// anything is read or written.
    /// - Throws: ``CommandLineError`` for a bad value or options that cannot go together (64).
    init(_ parsed: ParsedCommand) throws(CommandLineError)
    /// Does the command's work.
    /// - Returns: the exit status of work that ran to its end: ``ExitStatus/success``, or a
    ///   failure status after the items that failed were each reported (``ErrorReport/report(_:console:)``),
    ///   as when some of several imported files were refused.
    /// - Throws: whatever stopped the work; ``ErrorReport`` says it and picks the status.
    func run(_ context: CommandContext) throws -> Int32
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
