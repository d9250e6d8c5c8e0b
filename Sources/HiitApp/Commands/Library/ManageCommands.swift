import CommandLineKit
import Foundation
import WorkoutModel
import WorkoutStore

extension LibraryCommand {
    // MARK: select

    /// `hiit select [WORKOUT] [--none]`: with WORKOUT, stores the workout's name (as written
    /// in its file) or a QUICK form in the profile (a path is refused: a file can move; import
    /// it first); with `--none`, clears the selection; with neither, shows it.
    func select(_ word: String?, clearing: Bool) -> Int32 {
        if clearing {
            if let word {
                console.err("Error: give a workout to select or --none, not both ('\(Self.shown(word))' and --none)")
                return ExitStatus.usage
            }
            return clearSelection()
        }
        guard let word else { return showSelection() }
        let name: String
        do {
            let (document, source) = try resolver.resolveDocument(word)
            switch source {
            case .quick: name = word
            case .library, .builtIn: name = document.name
            case .file:
                console.err("Error: select takes a workout of the library or a quick form; add the file first: hiit import \(Self.shown(word))")
                return ExitStatus.usage
            }
        } catch {
            if case .noSuchFile = error {
                console.err("Error: select takes a workout of the library or a quick form, and '\(Self.shown(word))' is neither")
                return ExitStatus.usage
            }
            return fail(error)
        }
        do {
            try profile.update { $0.selectedWorkout = name }
        } catch {
            console.err("Error: the selection was not saved: \(error)")
            return WorkoutResolver.exitStatus(for: error)
        }
        console.out("Selected '\(name)': plain 'hiit' runs it.")
        return ExitStatus.success
    }

    /// `hiit select --none`.
    private func clearSelection() -> Int32 {
        let previous = selection(warn: false)
        do {
            try profile.update { $0.selectedWorkout = nil }
        } catch {
            console.err("Error: the selection was not cleared: \(error)")
            return WorkoutResolver.exitStatus(for: error)
        }
        let fallback = WorkoutResolver.tabata.name
        if let previous {
            console.out("Cleared the selection (was '\(Self.shown(previous))'): plain 'hiit' runs \(fallback).")
        } else {
            console.out("No workout was selected: plain 'hiit' runs \(fallback).")
        }
        return ExitStatus.success
    }

    /// `hiit select` without arguments: which workout plain `hiit` runs.
    private func showSelection() -> Int32 {
        let fallback = WorkoutResolver.tabata.name
        guard let selected = selection(warn: true) else {
            console.out("No workout is selected: plain 'hiit' runs \(fallback).")
            return ExitStatus.success
        }
        do {
            _ = try resolver.resolveDocument(selected)
        } catch {
            if case .unknown = error {
                console.out("Selected: '\(Self.shown(selected))', which is no longer in the library: plain 'hiit' runs \(fallback).")
                return ExitStatus.success
            }
        }
        console.out("Selected: '\(Self.shown(selected))': plain 'hiit' runs it.")
        return ExitStatus.success
    }

    // MARK: new

    /// `hiit new NAME --exercise … [--rest-between S] [--prepare S]`.
    func create(_ parsed: ParsedCommand) throws(CommandLineError) -> Int32 {
        let name = (parsed.argument("NAME") ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        let texts = parsed.values("exercise")
        guard !texts.isEmpty else {
            throw .missingOption("--exercise <exercise>", isRepeatable: true, example: ExerciseArgument.example)
        }
        var exercises: [Exercise] = []
        for (index, text) in texts.enumerated() {
            exercises.append(ExerciseArgument.named(try ExerciseArgument.parse(text, option: "--exercise"), position: index + 1))
        }
        var workout = IntervalWorkout(name: name, exercises: exercises)
        if let value = parsed.value("rest-between") {
            workout.restBetweenExercisesSeconds = try OptionValue.wholeNumber(
                value, option: "--rest-between", range: IntervalWorkout.restBetweenExercisesRange, unit: "seconds")
        }
        if let value = parsed.value("prepare") {
            workout.prepareSeconds = try OptionValue.wholeNumber(
                value, option: "--prepare", range: IntervalWorkout.prepareRange, unit: "seconds")
        }
        do {
            try workout.validate()
        } catch {
            console.err("Error: cannot create '\(Self.shown(name))': \(error)")
            return ExitStatus.usage
        }
        do {
            let entry = try library.add(workout)
            console.out("Created '\(workout.name)' (\(entry.url.path)):")
        } catch {
            return fail(error)
        }
        for line in Self.summary(of: workout) { console.out(line) }
        return ExitStatus.success
    }

    // MARK: rename

    /// `hiit rename WORKOUT NEW_NAME`: the selection follows; history is not touched.
    func rename(_ word: String, to newName: String) -> Int32 {
        let name = newName.trimmingCharacters(in: .whitespacesAndNewlines)
        let change: LibraryChange
        do {
            change = try library.rename(word, to: name)
        } catch {
            return fail(error)
        }
        let oldName = change.before.name ?? word
        if change.isUnchanged {
            console.out("'\(oldName)' already has that name.")
            return ExitStatus.success
        }
        console.out("Renamed '\(oldName)' to '\(name)' (\(change.after.url.path)). History keeps the old name.")
        if updateSelection(from: oldName, to: name) {
            console.out("It is still the selected workout.")
        }
        return ExitStatus.success
    }

    // MARK: delete

    /// `hiit delete WORKOUT [--yes]`: asks on a terminal; refuses without `--yes` otherwise.
    /// A file that does not parse may be deleted too (matched by its file name or the slug of
    /// the word), after the same confirmation; it is removed only if unchanged since read.
    func delete(_ word: String, confirmed: Bool) -> Int32 {
        let entry: LibraryEntry
        do {
            entry = try WorkoutLibrary.findIncludingBroken(word, in: try library.entries())
        } catch {
            return fail(error)
        }
        if let error = entry.error {
            return deleteBroken(entry, error: error, confirmed: confirmed)
        }
        let name = entry.name ?? word
        if !confirmed {
            guard console.stdinIsTerminal else {
                console.err("Error: standard input is not a terminal, so 'hiit delete' cannot ask; add --yes to delete '\(name)'")
                return ExitStatus.usage
            }
            guard Prompt.confirm("Delete '\(name)'? [y/N]", console: console) else {
                console.out("Kept '\(name)'.")
                return ExitStatus.success
            }
        }
        let removed: LibraryEntry
        do {
            removed = try library.delete(word)
        } catch {
            return fail(error)
        }
        console.out("Deleted '\(name)' (\(removed.url.path)). History keeps its sessions.")
        if updateSelection(from: name, to: nil) {
            console.out("It was the selected workout; plain 'hiit' now runs \(WorkoutResolver.tabata.name).")
        }
        return ExitStatus.success
    }

    /// Deletes a broken library file after the usual confirmation (see ``delete(_:confirmed:)``).
    private func deleteBroken(_ entry: LibraryEntry, error: StoreError, confirmed: Bool) -> Int32 {
        let file = entry.url.lastPathComponent
        if !confirmed {
            guard console.stdinIsTerminal else {
                console.err("Error: standard input is not a terminal, so 'hiit delete' cannot ask; add --yes to delete the broken file \(entry.url.path)")
                return ExitStatus.usage
            }
            console.err("\(file) is broken: \(error)")
            guard Prompt.confirm("Delete the broken file \(file)? [y/N]", console: console) else {
                console.out("Kept \(file).")
                return ExitStatus.success
            }
        }
        do {
            try library.deleteBroken(entry)
        } catch {
            return fail(error)
        }
        console.out("Deleted the broken file \(file) (\(entry.url.path)).")
        return ExitStatus.success
    }

    // MARK: duplicate

    /// `hiit duplicate WORKOUT [NEW_NAME]`: WORKOUT may be any workout (library, file,
    /// QUICK, built-in); the copy goes into the library as `NEW_NAME`, by default
    /// `NAME copy` (then `NAME copy 2`, …).
    func duplicate(_ word: String, as newName: String?) -> Int32 {
        let source: LibraryDocument
        do {
            source = try resolver.resolveDocument(word).0
        } catch {
            return fail(error)
        }
        var copy = source
        let given = newName?.trimmingCharacters(in: .whitespacesAndNewlines)
        for attempt in 1... {
            copy.name = given ?? (attempt == 1 ? "\(source.name) copy" : "\(source.name) copy \(attempt)")
            do {
                let entry = try library.add(copy)
                console.out("Created '\(copy.name)' from '\(source.name)' (\(entry.url.path)).")
                return ExitStatus.success
            } catch {
                if case .nameTaken = error, given == nil, attempt < 1000 { continue }
                if case .invalid = error {
                    console.err("Error: cannot create '\(Self.shown(copy.name))': \(error)")
                    return ExitStatus.usage
                }
                return fail(error)
            }
        }
        return ExitStatus.usage
    }
}
