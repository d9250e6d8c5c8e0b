import CommandLineKit
import Foundation
import TerminalUI

/// One `hiit` command (DESIGN §6): where it sits in the tree, its help, its typed values and
/// its work. Each option and argument is declared once, at the property that holds its value
/// (`@Flag("json", help: …) var isJSON: Bool`, see ``ParsableArguments``), and read through
/// that property, so a misspelt option is a compile error. The tree binds a parsed command
/// line with ``ParsableArguments/bound(to:)``: every value is converted and checked (and
/// ``ParsableArguments/validate()`` run) before anything is read or written.
///
/// A command never prints `Error: …` for what it throws and never picks an exit status for
/// it: ``CommandTree/main(arguments:environment:console:)`` reports every thrown error through
/// ``ErrorReport`` (one line, the usage line for a ``CommandLineError``, the status from one table).
protocol Command: ParsableCommand {
    /// Does the command's work.
    /// - Returns: the exit status of work that ran to its end: ``ExitStatus/success``, or a
    ///   failure status after the items that failed were each reported (``ErrorReport/report(_:console:)``),
    ///   as when some of several imported files were refused.
    /// - Throws: whatever stopped the work; ``ErrorReport`` says it and picks the status.
    func run(_ context: CommandContext) throws -> Int32
}

extension Command {
    /// Subcommand names below the root, e.g. `["history", "show"]`.
    static var path: [String] { configuration.path }
}

/// What every command needs: the environment, where things are, and the console.
struct CommandContext {
    /// The process environment.
    let environment: [String: String]
    /// The only writer to stdout and stderr.
    let console: Console
    /// The instant the command line was dispatched: "now" for `hiit stats` and `hiit goal`
    /// (today, this week), read from the clock once by ``CommandTree/main(arguments:environment:console:now:)``
    /// and fixed by tests that run the commands in-process.
    let now: Date
    /// The data folder and the shipped resources.
    let locations: Locations

    /// The characters the program's own text may use (the console's, from the locale).
    var glyphs: Glyphs { console.glyphs }

    /// The columns that tables and screens on stdout are laid out for: the terminal's width
    /// when stdout is one, else `COLUMNS`, else 80 (``TerminalSize/resolve(queried:columns:lines:default:)``).
    var width: Int {
        let queried = console.stdoutIsTerminal ? TerminalSize.query(fd: STDOUT_FILENO) : nil
        return TerminalSize.resolve(queried: queried, columns: environment["COLUMNS"], lines: nil).columns
    }
}
