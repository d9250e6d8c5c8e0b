import Foundation
import SessionEngine
import TerminalUI
import WorkoutModel
import WorkoutStore

/// The state every library command works with: the data folder's library and profile, the
/// shipped examples, the console and the environment. Creating one offers the shipped
/// workouts on the library's first use (``WorkoutLibrary/seedIfFirstUse(from:)``), silently:
/// a data folder that cannot be written is reported by the command that needs it.
struct LibraryCommand {
    let library: WorkoutLibrary
    let profile: ProfileFile
    let console: Console
    let environment: [String: String]

    /// A command run from the command tree.
    init(context: CommandContext) {
        self.init(locations: context.locations, console: context.console, environment: context.environment)
    }

    /// A command for the given places (`RunWorkout` uses this through ``LibraryCommands``).
    init(locations: Locations, console: Console, environment: [String: String] = ProcessInfo.processInfo.environment) {
        let folder = DataFolder(url: locations.dataFolder)
        library = WorkoutLibrary(folder: folder)
        profile = ProfileFile(folder: folder)
        self.console = console
        self.environment = environment
        _ = try? library.seedIfFirstUse(from: locations.shippedWorkoutsFolder)
    }

    /// Resolves WORKOUT arguments (QUICK, files, the library, the built-in Tabata).
    /// (`init` has already seeded the library, so the resolver need not.)
    var resolver: WorkoutResolver { WorkoutResolver(library: library, shippedWorkouts: nil) }

    // MARK: Errors

    /// Writes `Error: …` for a library error (with the closest name for an unknown one) and
    /// returns its exit status.
    func fail(_ error: LibraryError) -> Int32 {
        var message = error.description
        if case let .noSuchWorkout(name, known) = error,
           let suggestion = WorkoutResolver.suggestion(for: name, among: known) {
            message += "; did you mean '\(suggestion)'?"
        }
        console.err("Error: \(message)")
        return Self.exitStatus(for: error)
    }

    /// 64 for a refused name or value, 65 for a broken file, 74 for a failed read or write
    /// or a file that changed meanwhile.
    static func exitStatus(for error: LibraryError) -> Int32 {
        switch error {
        case .noSuchWorkout, .nameTaken, .invalid: ExitStatus.usage
        case .ambiguous, .unreadable: ExitStatus.dataError
        case .changedMeanwhile: ExitStatus.ioError
        case let .store(storeError): WorkoutResolver.exitStatus(for: storeError)
        }
    }

    /// Writes `Error: …` for a resolver error and returns its exit status.
    func fail(_ error: WorkoutResolver.ResolveError) -> Int32 {
        console.err("Error: \(error)")
        return error.exitStatus
    }

    /// Finds a library workout to change or remove, or writes the error.
    /// - Returns: the entry, or the exit status of the error written.
    func entryToChange(_ word: String) -> Result<LibraryEntry, LibraryExit> {
        do {
            return .success(try WorkoutLibrary.find(word, in: try library.entries(), forChange: true))
        } catch {
            return .failure(LibraryExit(fail(error)))
        }
    }

    // MARK: Selection

    /// The profile's selected workout, or `nil`; a profile that cannot be read is reported
    /// with a warning and counts as no selection.
    func selection(warn: Bool) -> String? {
        do {
            return try profile.read().selectedWorkout
        } catch {
            if warn { console.err("Warning: \(error)") }
            return nil
        }
    }

    /// See ``LibraryCommands/workoutToRun(_:named:selection:)``.
    func workoutToRun(named word: String?, selection selected: String?) throws(WorkoutResolver.ResolveError) -> LibraryDocument {
        let resolver = resolver
        let fallback = WorkoutResolver.tabata.name
        if let word { return try resolver.resolveDocument(word).0 }
        guard let selected else { return try resolver.resolveDocument(fallback).0 }
        do {
            return try resolver.resolveDocument(selected).0
        } catch {
            guard case .unknown = error else { throw error }
            console.err("The selected workout '\(selected)' is no longer in the library; running \(fallback).")
            return try resolver.resolveDocument(fallback).0
        }
    }

    /// Updates the profile's selection after a rename or delete; a failure is a warning
    /// (the library change is done).
    func updateSelection(from oldName: String, to newName: String?) -> Bool {
        guard let selected = selection(warn: false),
              WorkoutFileName.matchKey(selected) == WorkoutFileName.matchKey(oldName) else { return false }
        do {
            try profile.update { $0.selectedWorkout = newName }
            return true
        } catch {
            console.err("Warning: the selection in the profile was not updated: \(error)")
            return false
        }
    }

    // MARK: Show

    func show(_ word: String, json: Bool) -> Int32 {
        let workout: IntervalWorkout
        do {
            switch try resolver.resolveDocument(word).0 {
            case let .intervals(found): workout = found
            case let .multisport(plan): return showPlan(plan, json: json)
            }
        } catch {
            return fail(error)
        }
        let program = Program(workout)
        if json {
            do {
                console.out(try TimelineJSON(program: program, kind: "intervals").render())
            } catch {
                console.err("Error: cannot write JSON: \(error)")
                return ExitStatus.ioError
            }
        } else {
            console.out(Format.plan(workout, program: program))
        }
        return ExitStatus.success
    }

    // MARK: Describing

    /// A name as shown inside a one-line message: control and format characters (which
    /// could move the cursor or split the line) written as `\u{…}`.
    static func shown(_ name: String) -> String {
        name.oneLineEscaped
    }

    /// Several lines describing a workout: its exercises, the rest between and the time.
    static func summary(of workout: IntervalWorkout) -> [String] {
        var lines = workout.exercises.enumerated().map { index, exercise in
            "  \(index + 1). \(exercise.name): \(exercise.workSeconds)/\(exercise.restSeconds) s × \(exercise.rounds)"
        }
        if workout.exercises.count > 1 {
            lines.append("  Rest between exercises: \(workout.restBetweenExercisesSeconds) s")
        }
        let prepare = workout.prepareSeconds > 0 ? " (+ \(Format.clock(Double(workout.prepareSeconds))) prepare)" : ""
        lines.append("Estimated time: \(Format.clock(Double(workout.estimatedSeconds)))\(prepare)")
        return lines
    }
}

/// An exit status carried in a `Result` failure.
struct LibraryExit: Error {
    let status: Int32
    init(_ status: Int32) { self.status = status }
}
