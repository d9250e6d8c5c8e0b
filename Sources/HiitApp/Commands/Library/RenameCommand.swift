import CommandLineKit
import Foundation
import WorkoutModel
import WorkoutStore

/// `hiit rename WORKOUT NEW_NAME` (DESIGN §3, §6): renames a workout of the library; its file
/// follows the name and the selection follows the workout. History is never touched.
struct RenameCommand: Command {
    static let configuration = CommandConfiguration(
        path: ["rename"], abstract: "Rename a workout (its file follows). History keeps the old name.")

    /// The WORKOUT argument as typed.
    @Argument("WORKOUT", help: "A workout of the library.") var word: String
    /// The new name as typed; trimmed by ``newName``, its limits checked by the library.
    @Argument("NEW_NAME", help: "The new name, 1–60 characters, not already in the library.") var typedName: String

    /// The new name without surrounding white space.
    var newName: String { typedName.trimmingCharacters(in: .whitespacesAndNewlines) }

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
