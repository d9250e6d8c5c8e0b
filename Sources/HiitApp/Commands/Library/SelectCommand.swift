import CommandLineKit
import Foundation
import WorkoutModel
import WorkoutStore

/// `hiit select [WORKOUT] [--none]` (DESIGN §6): with WORKOUT, stores the workout's name (as
/// written in its file) or a QUICK form in the profile as the workout plain `hiit` runs (a
/// path is refused: a file can move; import it first); with `--none`, clears the selection;
/// with neither, shows it.
struct SelectCommand: Command {
    static let configuration = CommandConfiguration(
        path: ["select"], abstract: "Choose the workout that plain 'hiit' runs.",
        discussion: "Without a selection, or when the selected workout no longer exists, plain 'hiit' runs Tabata (20/10x8) and says so.\nWithout WORKOUT, shows which workout is selected. 'hiit select --none' clears the selection, so plain 'hiit' runs Tabata again.")

    /// The WORKOUT argument, if given.
    @Argument("WORKOUT", help: "A workout's name (case-insensitive) or a quick form such as 30/30x10.") var word: String?
    /// `--none`: clear the selection.
    @Flag("none", help: "Clear the selection: plain 'hiit' runs Tabata.") var clears: Bool

    func run(_ context: CommandContext) throws -> Int32 {
        let library = UserLibrary(context)
        if clears {
            // Refused here rather than as a CommandLineError in `init`: the message (no usage
            // line, lowercase as written) is part of the tested output.
            if let word {
                throw CommandFailure.usage("give a workout to select or --none, not both ('\(word.oneLineEscaped)' and --none)")
            }
            return try clearSelection(library)
        }
        guard let word else { return showSelection(library) }
        let name: String
        do {
            let (document, source) = try library.resolver.resolveDocument(word)
            switch source {
            case .quick: name = word
            case .library, .builtIn: name = document.name
            case .file:
                throw CommandFailure.usage("select takes a workout of the library or a quick form; add the file first: hiit import \(word.oneLineEscaped)")
            }
        } catch let error as WorkoutResolver.ResolveError {
            if case .noSuchFile = error {
                throw CommandFailure.usage("select takes a workout of the library or a quick form, and '\(word.oneLineEscaped)' is neither")
            }
            throw error
        }
        do {
            try library.profileFile.update { $0.selectedWorkout = name }
        } catch {
            throw CommandFailure(status: ErrorReport.status(for: error), message: "the selection was not saved: \(error)")
        }
        context.console.out("Selected '\(name)': plain 'hiit' runs it.")
        return ExitStatus.success
    }

    /// `hiit select --none`.
    /// - Throws: ``CommandFailure`` when the profile cannot be written.
    private func clearSelection(_ library: UserLibrary) throws(CommandFailure) -> Int32 {
        let previous = library.selection(consequence: nil)
        do {
            try library.profileFile.update { $0.selectedWorkout = nil }
        } catch {
            throw CommandFailure(status: ErrorReport.status(for: error), message: "the selection was not cleared: \(error)")
        }
        let fallback = WorkoutResolver.tabata.name
        if let previous {
            library.console.out("Cleared the selection (was '\(previous.oneLineEscaped)'): plain 'hiit' runs \(fallback).")
        } else {
            library.console.out("No workout was selected: plain 'hiit' runs \(fallback).")
        }
        return ExitStatus.success
    }

    /// `hiit select` without arguments: which workout plain `hiit` runs.
    private func showSelection(_ library: UserLibrary) -> Int32 {
        let fallback = WorkoutResolver.tabata.name
        guard let selected = library.selection(consequence: "no selected workout") else {
            library.console.out("No workout is selected: plain 'hiit' runs \(fallback).")
            return ExitStatus.success
        }
        do {
            _ = try library.resolver.resolveDocument(selected)
        } catch {
            if case .unknown = error {
                library.console.out("Selected '\(selected.oneLineEscaped)', which is no longer in the library: plain 'hiit' runs \(fallback).")
                return ExitStatus.success
            }
        }
        library.console.out("Selected '\(selected.oneLineEscaped)': plain 'hiit' runs it.")
        return ExitStatus.success
    }
}
