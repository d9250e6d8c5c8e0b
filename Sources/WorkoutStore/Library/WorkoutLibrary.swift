import Foundation
import POSIX
import WorkoutModel

/// The workout library: the data folder's `workouts/`, one JSON file per workout (DESIGN §3).
///
/// - A workout's identity is the `name` inside its file, compared ignoring case
///   (``WorkoutFileName/matchKey(_:)``); the file name is a safe slug of it
///   (``WorkoutFileName``). A name may also be given as a file's stem (`classic-hiit`).
/// - Reading needs no lock: files are only ever replaced by `rename(2)`, so a reader sees a
///   whole old file or a whole new one.
/// - Every change runs under the data folder's exclusive lock (``DataFolder/withExclusiveLock(_:)``),
///   re-reads the folder first, and writes atomically, so two `hiit` processes changing the
///   library at once lose nothing. Do not call this type's changing methods, or
///   `ProfileFile.update`, from inside another `withExclusiveLock` body: `flock(2)` locks
///   taken through two descriptors of one process exclude each other, so that would wait forever.
/// - A file that does not parse is listed as broken and never rewritten, moved or deleted,
///   except by ``repair(_:with:)`` and ``deleteBroken(_:)`` (which act on it as read).
/// - Files are created 0600 and folders 0700.
public struct WorkoutLibrary: Equatable, Sendable {
    /// The data folder whose `workouts/` this is.
    public let folder: DataFolder

    /// The library of a data folder; nothing is read or created until asked.
    public init(folder: DataFolder) {
        self.folder = folder
    }

    /// The library's folder (`<data>/workouts`).
    public var url: URL { folder.workoutsURL }

    // MARK: Reading

    /// Reads every workout file of the library, in file-name order. Broken files are
    /// entries too (``LibraryEntry/Content/broken(_:)``); one never stops the others.
    /// - Returns: the entries; empty when the folder does not exist yet.
    /// - Throws: ``LibraryError/store(_:)`` when the folder cannot be listed.
    public func entries() throws(LibraryError) -> [LibraryEntry] {
        let names: [String]
        do { names = try LibraryFiles.jsonFileNames(in: url) } catch { throw .store(error) }
        return names.map { Self.read(url.appendingPathComponent($0)) }
    }

    /// The readable workout a command names, for reading (running, showing, exporting).
    /// - Parameter word: a name (any case) or a file stem.
    /// - Returns: the entry; when two files hold the name, the first by file name.
    /// - Throws: the errors of ``find(_:in:forChange:)`` and of ``entries()``.
    public func workout(named word: String) throws(LibraryError) -> LibraryEntry {
        try Self.find(word, in: try entries(), forChange: false)
    }

    /// Finds the entry a command names among entries already read.
    ///
    /// In order: a readable workout whose name matches (ignoring case and surrounding white
    /// space); else a file whose stem is the word (`classic-hiit`, `core-legs-2`, also with
    /// `.json`); else a broken file whose stem is the word's slug (with or without a numeric
    /// suffix), since it may hold the workout.
    /// - Parameters:
    ///   - word: what the user typed.
    ///   - entries: from ``entries()``.
    ///   - forChange: `true` when the entry is to be changed or removed: then two files holding
    ///     the name is an error instead of taking the first.
    /// - Returns: an entry holding a valid workout or multisport plan.
    /// - Throws: ``LibraryError/noSuchWorkout(name:known:)`` (with every readable name),
    ///   ``LibraryError/unreadable(_:)`` when the matching file is broken,
    ///   ``LibraryError/ambiguous(name:paths:)`` (only when `forChange`).
    public static func find(_ word: String, in entries: [LibraryEntry], forChange: Bool) throws(LibraryError) -> LibraryEntry {
        let key = WorkoutFileName.matchKey(word)
        let byName = entries.filter { entry in entry.name.map { WorkoutFileName.matchKey($0) == key } ?? false }
        if let first = byName.first {
            if forChange, byName.count > 1 {
                throw .ambiguous(name: first.name ?? word, paths: byName.map(\.url.path))
            }
            return first
        }
        var stemWord = key
        if stemWord.hasSuffix(".json") { stemWord.removeLast(5) }
        if let byStem = entries.first(where: { $0.stem.lowercased() == stemWord }) {
            if let error = byStem.error { throw .unreadable(error) }
            return byStem
        }
        if let broken = entries.first(where: { $0.error != nil && WorkoutFileName.stem($0.stem, fits: word) }),
           let error = broken.error {
            throw .unreadable(error)
        }
        throw .noSuchWorkout(name: word, known: entries.compactMap(\.name))
    }

    // MARK: Changing

    /// Adds a new workout under a free file name (``WorkoutFileName``); never replaces a file.
    /// - Parameter workout: the workout; it is validated first.
    /// - Returns: the new entry.
    /// - Throws: ``LibraryError/invalid(_:)`` (field, value, range), ``LibraryError/nameTaken(name:existing:path:)``
    ///   when a readable workout has the name (ignoring case), ``LibraryError/store(_:)``.
    @discardableResult
    public func add(_ workout: IntervalWorkout) throws(LibraryError) -> LibraryEntry {
        do { try workout.validate() } catch { throw .invalid(error) }
        return try locked { () throws(LibraryError) -> LibraryEntry in
            let entries = try entries()
            try Self.checkNameIsFree(workout.name, among: entries, except: nil)
            do throws(StoreError) {
                let data = try WorkoutFile.encode(workout, path: url.path)
                let file = try LibraryFiles.createNew(data, in: url, stem: WorkoutFileName.slug(for: workout.name))
                return LibraryEntry(url: file, data: data, content: .workout(workout))
            } catch {
                throw .store(error)
            }
        }
    }

    /// Changes a workout in place: under the lock, finds it again, applies `change` and
    /// writes the result (see ``replace(_:with:)`` for the rules of writing).
    /// - Parameters:
    ///   - word: the workout's name or file stem.
    ///   - change: edits the workout; it runs while the lock is held, so keep it short.
    /// - Returns: the entry before and after; ``LibraryChange/isUnchanged`` when `change` changed nothing.
    /// - Throws: the errors of ``find(_:in:forChange:)`` (with `forChange`), ``LibraryError/invalid(_:)``,
    ///   ``LibraryError/nameTaken(name:existing:path:)``, ``LibraryError/store(_:)``.
    @discardableResult
    public func update(_ word: String, _ change: (inout IntervalWorkout) -> Void) throws(LibraryError) -> LibraryChange {
        try locked { () throws(LibraryError) -> LibraryChange in
            let entries = try entries()
            let current = try Self.find(word, in: entries, forChange: true)
            guard var workout = current.workout else { throw .noSuchWorkout(name: word, known: []) }
            change(&workout)
            return try write(workout, over: current, entries: entries)
        }
    }

    /// Replaces the workout of an entry read earlier, provided its file still holds exactly
    /// the bytes read then (compare and swap): a change made meanwhile by another `hiit` or by
    /// hand is never overwritten.
    ///
    /// The new workout is validated; a new name must not be another workout's. The file is
    /// rewritten atomically; when the name changed and the file name no longer fits it, the
    /// file then moves to the new name's slug. A workout equal to the stored one is not
    /// written at all.
    /// - Parameters:
    ///   - entry: the entry as read, holding a valid workout.
    ///   - workout: the new workout.
    /// - Returns: the entry before and after.
    /// - Throws: ``LibraryError/changedMeanwhile(name:path:)``, ``LibraryError/unreadable(_:)``,
    ///   ``LibraryError/invalid(_:)``, ``LibraryError/nameTaken(name:existing:path:)``, ``LibraryError/store(_:)``.
    @discardableResult
    public func replace(_ entry: LibraryEntry, with workout: IntervalWorkout) throws(LibraryError) -> LibraryChange {
        try locked { () throws(LibraryError) -> LibraryChange in
            let entries = try entries()
            let name = entry.workout?.name ?? entry.stem
            guard let current = entries.first(where: { $0.url.path == entry.url.path }), current.data == entry.data else {
                throw .changedMeanwhile(name: name, path: entry.url.path)
            }
            return try write(workout, over: current, entries: entries)
        }
    }

    /// Renames a workout or plan (the `name` inside its file; the file moves to the new slug).
    /// History lines keep the name they were recorded with.
    /// - Parameters:
    ///   - word: the workout's current name or file stem.
    ///   - newName: the new name (1–60 characters; not another workout's).
    /// - Returns: the entry before and after.
    /// - Throws: as ``update(_:_:)``.
    @discardableResult
    public func rename(_ word: String, to newName: String) throws(LibraryError) -> LibraryChange {
        try updateDocument(word) { $0.name = newName }
    }

    /// Deletes a workout's file. A broken file is never deleted. History is not touched.
    /// - Parameter word: the workout's name or file stem.
    /// - Returns: the entry that was removed.
    /// - Throws: the errors of ``find(_:in:forChange:)`` (with `forChange`), ``LibraryError/store(_:)``.
    @discardableResult
    public func delete(_ word: String) throws(LibraryError) -> LibraryEntry {
        try locked { () throws(LibraryError) -> LibraryEntry in
            let current = try Self.find(word, in: try entries(), forChange: true)
            do throws(StoreError) { try LibraryFiles.remove(current.url) } catch { throw .store(error) }
            return current
        }
    }

    // MARK: Internals

    /// Reads one file into an entry; never throws (a failure is a broken entry).
    static func read(_ file: URL) -> LibraryEntry {
        let data: Data
        do {
            data = try DiskFile.read(at: file, maximumBytes: WorkoutFile.maximumBytes)
        } catch {
            return LibraryEntry(url: file, data: Data(), content: .broken(error))
        }
        do {
            return LibraryEntry(url: file, data: data, content: .init(try LibraryDocumentFile.decode(data, path: file.path)))
        } catch {
            return LibraryEntry(url: file, data: data, content: .broken(error))
        }
    }

    /// Throws when a readable workout other than `except` has `name` (ignoring case).
    static func checkNameIsFree(_ name: String, among entries: [LibraryEntry], except: LibraryEntry?) throws(LibraryError) {
        let key = WorkoutFileName.matchKey(name)
        for entry in entries where entry.url.path != except?.url.path {
            if let other = entry.name, WorkoutFileName.matchKey(other) == key {
                throw .nameTaken(name: name, existing: other, path: entry.url.path)
            }
        }
    }

    /// Writes `workout` over `current` (which holds a valid workout); the caller holds the lock.
    private func write(_ workout: IntervalWorkout, over current: LibraryEntry,
                       entries: [LibraryEntry]) throws(LibraryError) -> LibraryChange {
        guard let old = current.workout else {
            throw .unreadable(current.error ?? .emptyFile(path: current.url.path))
        }
        do { try workout.validate() } catch { throw .invalid(error) }
        if workout == old { return LibraryChange(before: current, after: current) }
        if WorkoutFileName.matchKey(workout.name) != WorkoutFileName.matchKey(old.name) {
            try Self.checkNameIsFree(workout.name, among: entries, except: current)
        }
        do throws(StoreError) {
            let data = try WorkoutFile.encode(workout, path: current.url.path)
            try DiskFile.writeAtomically(data, to: current.url)
            var file = current.url
            if workout.name != old.name, !WorkoutFileName.stem(current.stem, fits: workout.name) {
                file = try LibraryFiles.move(current.url, toFreeNameFor: WorkoutFileName.slug(for: workout.name))
            }
            return LibraryChange(before: current, after: LibraryEntry(url: file, data: data, content: .workout(workout)))
        } catch {
            throw .store(error)
        }
    }

    /// Runs `body` holding the data folder's exclusive lock, creating the folders first.
    func locked<Value>(_ body: () throws(LibraryError) -> Value) throws(LibraryError) -> Value {
        var outcome: Result<Value, LibraryError>?
        do {
            try folder.create()
            try folder.withExclusiveLock { () throws(StoreError) in
                removeStaleTemporaryFiles()
                do throws(LibraryError) {
                    outcome = .success(try body())
                } catch {
                    outcome = .failure(error)
                }
            }
        } catch {
            throw .store(error)
        }
        guard let outcome else { throw .store(.io(path: folder.lockURL.path, operation: "lock", errno: 0)) }
        return try outcome.get()
    }

    /// Removes the temporary files of library writes that were killed before their rename
    /// (`.NAME.json.tmp-*` from `DiskFile.writeAtomically`, `.new-*.tmp` from a new file).
    /// Called only under the exclusive lock, when no library write can be in progress.
    /// Failures are ignored (the files are harmless: hidden, never read).
    private func removeStaleTemporaryFiles() {
        guard let names = try? FileSystem.entries(ofFolder: url.path) else { return }
        for name in names where name.hasPrefix(".") && (name.contains(".tmp-") || (name.hasPrefix(".new-") && name.hasSuffix(".tmp"))) {
            try? FileSystem.unlink(url.appendingPathComponent(name).path)
        }
    }
}

/// A workout's entry before and after a change.
public struct LibraryChange: Equatable, Sendable {
    /// The entry as it was.
    public let before: LibraryEntry
    /// The entry as written (the same as `before` when nothing changed).
    public let after: LibraryEntry

    /// Whether nothing was written.
    public var isUnchanged: Bool { before == after }
}
