import CommandLineKit
import WorkoutModel
import WorkoutStore

/// `hiit history show ID`: everything recorded about one session.
struct HistoryShowCommand: Command {
    static let configuration = CommandConfiguration(
        path: ["history", "show"], abstract: "Show everything recorded about one session.")

    /// The ID as typed.
    @Argument("ID", help: SessionIDMatch.argumentHelp) var id: String

    func run(_ context: CommandContext) throws -> Int32 {
        let history = DataFolder(url: context.locations.dataFolder).history
        let entry = try SessionIDMatch.entry(id, in: history, console: context.console)
        let units = ProfileLoader.load(context.locations, console: context.console, consequence: nil).units
        context.console.out(HistoryText.details(entry, path: history.url.path, units: units,
                                                        width: context.width, glyphs: context.glyphs).joined(separator: "\n"))
        return ExitStatus.success
    }
}
