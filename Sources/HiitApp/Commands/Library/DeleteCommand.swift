import CommandLineKit
import Foundation
import WorkoutModel
import WorkoutStore

/// `hiit delete WORKOUT [--yes]` (DESIGN §3, §6): deletes a workout of the library after
/// asking on a terminal (without a terminal `--yes` is required). A file that does not parse
/// may be deleted too, matched by its file name or the slug of the word, after the same
/// confirmation; it is removed only if unchanged since read. History keeps its sessions.
struct DeleteCommand: Command {
    static let configuration = CommandConfiguration(
        path: ["delete"], abstract: "Delete a workout from the library. History keeps its sessions.",
        discussion: "Asks 'Delete NAME? [y/N]' first. When standard input is not a terminal, --yes is required. A library file that does not parse can be deleted too, by its file name (e.g. legs-2).")

    /// The WORKOUT argument as typed.
    @Argument("WORKOUT", help: "A workout of the library.") var word: String
    /// `--yes`: delete without asking.
    @Flag("yes", short: "y", help: "Delete without asking.") var isConfirmed: Bool

    func run(_ context: CommandContext) throws -> Int32 {
        let console = context.console
        let library = UserLibrary(context)
        library.seedIfFirstUse()
        let entry = try WorkoutLibrary.findIncludingBroken(word, in: try library.library.entries())
        if let error = entry.error {
            return try deleteBroken(entry, error: error, from: library.library, console: console)
        }
        let name = entry.name ?? word
        if !isConfirmed {
            guard console.stdinIsTerminal else {
                throw CommandFailure.usage("standard input is not a terminal, so 'hiit delete' cannot ask; add --yes to delete '\(name)'")
            }
            guard Prompt.confirm("Delete '\(name)'? [y/N]", console: console) else {
                console.out("Kept '\(name)'.")
                return ExitStatus.success
            }
        }
        let removed = try library.library.delete(word)
        console.out("Deleted '\(name)' (\(removed.url.path)). History keeps its sessions.")
        if library.updateSelection(from: name, to: nil) {
            console.out("It was the selected workout; plain 'hiit' now runs \(WorkoutResolver.tabata.name).")
        }
        return ExitStatus.success
    }

    /// Deletes a broken library file after the usual confirmation.
    /// - Parameters:
    ///   - entry: the broken file.
    ///   - error: why it does not parse (shown before the question).
    ///   - library: the library it is in.
    ///   - console: where the question and the result go.
    /// - Throws: ``CommandFailure`` without a terminal and `--yes`; ``LibraryError`` when the
    ///   file cannot be removed or changed since read.
    private func deleteBroken(_ entry: LibraryEntry, error: StoreError, from library: WorkoutLibrary,
                              console: Console) throws -> Int32 {
        let file = entry.url.lastPathComponent
        if !isConfirmed {
            guard console.stdinIsTerminal else {
                throw CommandFailure.usage("standard input is not a terminal, so 'hiit delete' cannot ask; add --yes to delete the broken file \(entry.url.path)")
            }
            console.err("\(file) is broken: \(error)")
            guard Prompt.confirm("Delete the broken file \(file)? [y/N]", console: console) else {
                console.out("Kept \(file).")
                return ExitStatus.success
            }
        }
        try library.deleteBroken(entry)
        console.out("Deleted the broken file \(file) (\(entry.url.path)).")
        return ExitStatus.success
    }
}
