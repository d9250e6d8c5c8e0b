import CommandLineKit
import Foundation
import WorkoutModel
import WorkoutStore

extension LibraryCommand {
    /// `hiit edit WORKOUT [quick edits]`: with quick-edit options, applies them in order and
    /// saves once; without, runs the editor loop (``EditorSession``), also on a file that does
    /// not parse, so it can be fixed (quick edits refuse such a file with its error, 65).
    func edit(_ word: String, parsed: ParsedCommand) throws(CommandLineError) -> Int32 {
        let pairs = QuickEdits.orderedValues(parsed)
        let steps = try QuickEdits.parse(pairs)
        guard !steps.isEmpty else {
            let entry: LibraryEntry
            do {
                entry = try WorkoutLibrary.findIncludingBroken(word, in: try library.entries())
            } catch {
                return fail(error)
            }
            if let error = entry.error, !error.isEditable {
                return fail(.unreadable(error))
            }
            return EditorSession(library: library, entry: entry, console: console, environment: environment).run()
        }
        // Read, apply, and write only if the file is still as read; retried when another
        // hiit changed it in between.
        for attempt in 1...5 {
            let entry: LibraryEntry
            switch entryToChange(word) {
            case let .success(found): entry = found
            case let .failure(exit): return exit.status
            }
            if let plan = entry.plan { return refuseQuickEdits(on: plan) }
            guard var workout = entry.workout else { return ExitStatus.dataError }
            try QuickEdits.apply(steps, to: &workout)
            do {
                try workout.validate()
            } catch {
                console.err("Error: cannot change '\(Self.shown(entry.workout?.name ?? word))': \(error)")
                return ExitStatus.usage
            }
            do {
                let change = try library.replace(entry, with: workout)
                if change.isUnchanged {
                    console.out("No changes to '\(workout.name)'.")
                } else {
                    console.out("Changed '\(workout.name)' (\(change.after.url.path)):")
                    for line in Self.summary(of: workout) { console.out(line) }
                }
                return ExitStatus.success
            } catch {
                if case .changedMeanwhile = error, attempt < 5 { continue }
                return fail(error)
            }
        }
        return ExitStatus.ioError
    }
}
