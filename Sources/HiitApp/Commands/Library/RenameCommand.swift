import CommandLineKit
import Foundation
import WorkoutModel
import WorkoutStore

/// `hiit rename WORKOUT NEW_NAME` (DESIGN §3, §6): renames a workout of the library; its file
/// follows the name and the selection follows the workout. History is never touched.
struct RenameCommand: Command {
    /// The workout to rename.
    static let workout = ArgumentSpec("WORKOUT", help: "A workout of the library.")
    /// The new name.
    static let newName = ArgumentSpec("NEW_NAME", help: "The new name, 1–60 characters, not already in the library.")

    static let path = ["rename"]
    static let spec = CommandSpec(
        name: "rename",
        abstract: "Rename a workout (its file follows). History keeps the old name.",
        arguments: [workout, newName])

    /// The WORKOUT argument as typed.
    let word: String
    /// The new name, trimmed; its limits are checked by the library.
    let newName: String

    init(_ parsed: ParsedCommand) throws(CommandLineError) {
        word = parsed.argument(Self.workout) ?? ""
        newName = (parsed.argument(Self.newName) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func run(_ context: CommandContext) throws -> Int32 {
        let console = context.console
        let library = UserLibrary(context)
        library.seedIfFirstUse()
        let change = try library.library.rename(word, to: newName)
        let oldName = change.before.name ?? word
        if change.isUnchanged {
            console.out("'\(oldName)' already has that name.")
            return ExitStatus.success
        }
        console.out("Renamed '\(oldName)' to '\(newName)' (\(change.after.url.path)). History keeps the old name.")
        if library.updateSelection(from: oldName, to: newName) {
            console.out("It is still the selected workout.")
        }
        return ExitStatus.success
    }
}
