import CommandLineKit
import Foundation
import WorkoutModel
import WorkoutStore

/// `hiit edit WORKOUT [quick edits]` (DESIGN §6): with quick-edit options, applies them in
/// order and saves once; without, runs the editor loop (``EditorSession``), also on a file
/// that does not parse, so it can be fixed (quick edits refuse such a file with its error, 65).
struct EditCommand: Command {
    static let configuration = CommandConfiguration(
        path: ["edit"], abstract: "Change a workout: in your editor, or with quick edits.",
        discussion: "Without options, opens a copy of the workout's JSON file in $VISUAL, else $EDITOR, else vi. When the editor exits the file is checked: a valid workout is saved; an invalid one is shown with its error and you choose to (e)dit again or (d)iscard. An invalid workout is never saved. A library file that does not parse opens the same way (name it by its file name, e.g. legs-2): once it holds a valid workout, that replaces the broken file.\nQuick edits change the workout without an editor. They are applied in the order given, each position counting the exercises as they are after the edits before it, and the result is checked once: nothing is saved unless every edit applies and the workout is valid. Example: hiit edit \"Leg day\" --add \"Lunges 30/15x4\" --at 1 --work 2=45 --remove 3")

    /// The WORKOUT argument as typed.
    @Argument("WORKOUT", help: "A workout of the library, by name (case-insensitive) or file name.") var word: String
    /// The quick edits in the order typed; empty for the editor.
    @OrderedOptions(QuickEdits.options, as: QuickEdits.parse) var steps: [QuickEditStep]

    func run(_ context: CommandContext) throws -> Int32 {
        let console = context.console
        let library = UserLibrary(context)
        library.seedIfFirstUse()
        guard !steps.isEmpty else {
            let entry = try WorkoutLibrary.findIncludingBroken(word, in: try library.library.entries())
            if let error = entry.error, !error.isEditable {
                throw LibraryError.unreadable(error)
            }
            return try EditorSession(library: library.library, entry: entry, console: console,
                                     environment: context.environment).run()
        }
        // Read, apply, and write only if the file is still as read; retried when another
        // hiit changed it in between.
        for attempt in 1...5 {
            let entry = try WorkoutLibrary.find(word, in: try library.library.entries(), forChange: true)
            if let plan = entry.plan {
                throw CommandFailure.usage("'\(plan.name.oneLineEscaped)' is a multisport plan; quick edits apply to interval workouts. Change its legs with 'hiit plan add|remove|move|set', or open it in your editor with 'hiit edit \"\(plan.name.oneLineEscaped)\"' (no options)")
            }
            guard var workout = entry.workout else { return ExitStatus.dataError }
            try QuickEdits.apply(steps, to: &workout)
            do {
                try workout.validate()
            } catch {
                throw CommandFailure.usage("cannot change '\((entry.workout?.name ?? word).oneLineEscaped)': \(error)")
            }
            do {
                let change = try library.library.replace(entry, with: workout)
                if change.isUnchanged {
                    console.out("No changes to '\(workout.name)'.")
                } else {
                    console.out("Changed '\(workout.name)' (\(change.after.url.path)):")
                    for line in WorkoutSummary.lines(of: workout, glyphs: console.glyphs) { console.out(line) }
                }
                return ExitStatus.success
            } catch {
                if case .changedMeanwhile = error, attempt < 5 { continue }
                throw error
            }
        }
        return ExitStatus.ioError
    }
}
