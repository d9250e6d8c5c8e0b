import CommandLineKit
import Foundation
import WorkoutModel
import WorkoutStore

/// `hiit history delete ID [--yes]`: asks on a terminal, refuses without one unless `--yes`.
struct HistoryDeleteCommand: Command {
    static let configuration = CommandConfiguration(
        path: ["history", "delete"], abstract: "Delete one session from the history (asks first).",
        discussion: "Every other line of the history file is kept exactly as it is, including lines that cannot be read. Without --yes the command asks on the terminal and refuses when standard input is not a terminal.")

    /// The ID as typed.
    @Argument("ID", help: SessionIDMatch.argumentHelp) var id: String
    /// `--yes`: delete without asking.
    @Flag("yes", short: "y", help: "Delete without asking.") var assumesYes: Bool

    func run(_ context: CommandContext) throws -> Int32 {
        try run(context, answer: { readLine(strippingNewline: true) })
    }

    /// ``run(_:)`` with the answer to the question read by `answer` (tests give one).
    func run(_ context: CommandContext, answer: () -> String?) throws -> Int32 {
        let console = context.console
        let history = DataFolder(url: context.locations.dataFolder).history
        let entry = try SessionIDMatch.entry(id, in: history, console: console)
        let named = HistoryText.oneLine(entry.record)
        if !assumesYes {
            guard console.stdinIsTerminal else {
                throw CommandFailure.usage("not deleting \(named) without confirmation: standard input is not a terminal to ask on; add --yes to delete it")
            }
            console.out("Delete session \(named) from the history? This cannot be undone. [y/N]")
            let reply = (answer() ?? "").trimmingCharacters(in: .whitespaces).lowercased()
            guard reply == "y" || reply == "yes" else {
                console.out("Nothing was deleted.")
                return ExitStatus.success
            }
        }
        let removed: [SessionRecord]
        do {
            removed = try history.removeSessions(withID: entry.record.id)
        } catch {
            throw CommandFailure.io("\(error); nothing was deleted")
        }
        guard !removed.isEmpty else {
            throw CommandFailure.usage("session \(entry.record.id.uuidString) is no longer in \(history.url.path); nothing was deleted")
        }
        console.out("Deleted session \(named) (\(entry.record.id.uuidString)).")
        // The original of an imported activity goes with its session (DESIGN §8).
        let originals = ActivityOriginals(DataFolder(url: context.locations.dataFolder))
        do {
            if let file = originals.find(entry.record.id) {
                try originals.remove(entry.record.id)
                console.out("Deleted its original file (\(file.lastPathComponent)).")
            }
        } catch {
            throw CommandFailure.io("\(error); the session was deleted, its original file was not")
        }
        return ExitStatus.success
    }
}
