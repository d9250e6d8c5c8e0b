import Foundation
import WorkoutModel
import WorkoutStore

/// The data folder's workout library and the profile's selected workout, as the library, plan
/// and run commands use them (DESIGN §3, §6).
///
/// Making one writes nothing. The shipped example workouts are offered to the library
/// (``WorkoutLibrary/seedIfFirstUse(from:)``) only by ``seedIfFirstUse()``, which the commands
/// that list or change the library call first, and by the ``resolver`` just before it first
/// looks a name up in the library. So `hiit list`, `hiit show Tabata` and `hiit run Tabata`
/// meet the shipped workouts on first use, while `hiit run 20/10x8`, `hiit show 20/10x8` and
/// a workout named by its file path leave the data folder as it was (absent, on first use).
struct UserLibrary {
    /// The library of the data folder (`workouts/`).
    let library: WorkoutLibrary
    /// The profile file of the data folder, which holds the selected workout.
    let profileFile: ProfileFile
    /// Where the data folder and the shipped workouts are.
    let locations: Locations
    /// Where warnings go (stderr).
    let console: Console

    /// The library and profile of the context's data folder; nothing is read or written.
    /// - Parameter context: the command's context.
    init(_ context: CommandContext) {
        let folder = DataFolder(url: context.locations.dataFolder)
        library = WorkoutLibrary(folder: folder)
        profileFile = ProfileFile(folder: folder)
        locations = context.locations
        console = context.console
    }

    /// Creates a new workout or plan (`hiit new`, `hiit plan new`): checks its rules before
    /// anything is written, seeds the library on first use, adds it under a new file and
    /// prints `Created 'NAME' (PATH):` with its summary.
    /// - Parameter document: the workout or plan as typed.
    /// - Returns: ``ExitStatus/success``.
    /// - Throws: ``CommandFailure/usage(_:)`` `cannot create 'NAME': …` for a broken rule (64,
    ///   nothing written); ``LibraryError`` when the name is taken or the file cannot be written.
    func create(_ document: LibraryDocument) throws -> Int32 {
        do {
            try document.validate()
        } catch {
            throw CommandFailure.usage("cannot create '\(document.name.oneLineEscaped)': \(error)")
        }
        seedIfFirstUse()
        let entry = try library.add(document)
        console.out("Created '\(document.name)' (\(entry.url.path)):")
        for line in WorkoutSummary.lines(of: document, glyphs: console.glyphs) { console.out(line) }
        return ExitStatus.success
    }

    /// On the library's first use, copies the shipped workouts into it; silently: a data
    /// folder that cannot be written is reported by the command's own read or write that
    /// follows.
    func seedIfFirstUse() {
        _ = try? library.seedIfFirstUse(from: locations.shippedWorkoutsFolder)
    }

    /// Resolves WORKOUT arguments (QUICK, files, the library, the built-in Tabata), seeding
    /// the library just before a name is looked up in it.
    var resolver: WorkoutResolver {
        WorkoutResolver(library: library, shippedWorkouts: locations.shippedWorkoutsFolder)
    }

    // MARK: The selection

    /// The profile's selected workout, read through ``ProfileLoader`` (its one fallback: no
    /// selection when the profile cannot be read).
    /// - Parameter consequence: what a profile that cannot be read means here, for the warning;
    ///   `nil` reads silently.
    /// - Returns: the selected name or QUICK form, or `nil` when none is set.
    func selection(consequence: String?) -> String? {
        ProfileLoader.load(locations, console: console, consequence: consequence).selectedWorkout
    }

    /// After a rename or delete: when the workout was the selected one, makes the selection
    /// follow (`newName`) or clears it (`nil`). A profile that cannot be written is a warning
    /// on stderr, not a failure: the library change is done.
    /// - Parameters:
    ///   - oldName: the workout's name before the change.
    ///   - newName: its new name, or `nil` when it was deleted.
    /// - Returns: whether the selection named the workout and was updated.
    func updateSelection(from oldName: String, to newName: String?) -> Bool {
        guard let selected = selection(consequence: nil),
              WorkoutFileName.matchKey(selected) == WorkoutFileName.matchKey(oldName) else { return false }
        do {
            try profileFile.update { $0.selectedWorkout = newName }
            return true
        } catch {
            console.err("Warning: the selection in the profile was not updated: \(error)")
            return false
        }
    }

    // MARK: The workout to run

    /// The workout `hiit run` runs: the one named, else the profile's selected workout when
    /// it still resolves, else Tabata. When the selection no longer exists, one line on
    /// stderr says so and which workout runs.
    /// - Parameters:
    ///   - word: the WORKOUT argument, if given.
    ///   - selection: the profile's `selectedWorkout` (`nil` when none is set or the profile
    ///     cannot be read).
    /// - Returns: the interval workout or multisport plan to run.
    /// - Throws: ``WorkoutResolver/ResolveError`` for an unknown name, a bad file or QUICK form.
    func workoutToRun(named word: String?, selection: String?) throws(WorkoutResolver.ResolveError) -> LibraryDocument {
        let resolver = resolver
        let fallback = WorkoutResolver.tabata.name
        if let word { return try resolver.resolveDocument(word).0 }
        guard let selection else { return try resolver.resolveDocument(fallback).0 }
        do {
            return try resolver.resolveDocument(selection).0
        } catch {
            guard case .unknown = error else { throw error }
            console.err("The selected workout '\(selection)' is no longer in the library; running \(fallback).")
            return try resolver.resolveDocument(fallback).0
        }
    }
}
