import Foundation
import WorkoutModel

extension LibraryEntry.Content {
    /// The content for a valid document: ``workout(_:)`` or ``plan(_:)``.
    public init(_ document: LibraryDocument) {
        switch document {
        case let .intervals(workout): self = .workout(workout)
        case let .multisport(plan): self = .plan(plan)
        }
    }
}

extension LibraryEntry {
    /// The multisport plan, when the file holds a valid one.
    public var plan: MultisportPlan? {
        if case let .plan(plan) = content { return plan }
        return nil
    }

    /// The workout or plan, when the file holds a valid one.
    public var document: LibraryDocument? {
        switch content {
        case let .workout(workout): .intervals(workout)
        case let .plan(plan): .multisport(plan)
        case .broken: nil
        }
    }

    /// The name inside the file (workout or plan), or `nil` for a broken file.
    public var name: String? { document?.name }
}

extension WorkoutLibrary {
    // MARK: Workouts and plans alike

    /// Adds a new workout or plan under a free file name; never replaces a file.
    /// - Parameter document: the workout or plan; it is validated first.
    /// - Returns: the new entry.
    /// - Throws: ``LibraryError/invalid(_:)`` (for a plan: the leg and the rule),
    ///   ``LibraryError/nameTaken(name:existing:path:)`` when a workout or plan has the name
    ///   (ignoring case), ``LibraryError/store(_:)``.
    @discardableResult
    public func add(_ document: LibraryDocument) throws(LibraryError) -> LibraryEntry {
        do { try document.validate() } catch { throw .invalid(error) }
        return try locked { () throws(LibraryError) -> LibraryEntry in
            let entries = try entries()
            try Self.checkNameIsFree(document.name, among: entries, except: nil)
            do throws(StoreError) {
                let data = try LibraryDocumentFile.encode(document, path: url.path)
                let file = try LibraryFiles.createNew(data, in: url, stem: WorkoutFileName.slug(for: document.name))
                return LibraryEntry(url: file, data: data, content: .init(document))
            } catch {
                throw .store(error)
            }
        }
    }

    /// Changes a workout or plan in place: under the lock, finds it again, applies `change`
    /// and writes the result (validated; a new name must be free; the file follows a new name).
    /// - Parameters:
    ///   - word: the name or file stem.
    ///   - change: edits the document; it runs while the lock is held, so keep it short. It
    ///     may throw ``LibraryError/invalid(_:)`` to refuse (nothing is written).
    /// - Returns: the entry before and after; ``LibraryChange/isUnchanged`` when nothing changed.
    /// - Throws: the errors of ``find(_:in:forChange:)`` (with `forChange`), ``LibraryError/invalid(_:)``,
    ///   ``LibraryError/nameTaken(name:existing:path:)``, ``LibraryError/store(_:)``.
    @discardableResult
    public func updateDocument(_ word: String, _ change: (inout LibraryDocument) throws(LibraryError) -> Void) throws(LibraryError) -> LibraryChange {
        try locked { () throws(LibraryError) -> LibraryChange in
            let entries = try entries()
            let current = try Self.find(word, in: entries, forChange: true)
            guard var document = current.document else { throw .noSuchWorkout(name: word, known: []) }
            try change(&document)
            return try write(document, over: current, entries: entries)
        }
    }

    /// Changes a multisport plan in place (see ``updateDocument(_:_:)``).
    /// - Throws: ``LibraryError/invalid(_:)`` with ``PlanError/notAPlan(name:)`` when `word`
    ///   names an interval workout, and
    ///   the errors of ``updateDocument(_:_:)``.
    @discardableResult
    public func updatePlan(_ word: String, _ change: (inout MultisportPlan) throws(LibraryError) -> Void) throws(LibraryError) -> LibraryChange {
        try updateDocument(word) { (document: inout LibraryDocument) throws(LibraryError) in
            guard var plan = document.plan else { throw .invalid(.notAPlan(name: document.name)) }
            try change(&plan)
            document = .multisport(plan)
        }
    }

    /// Replaces the workout or plan of an entry read earlier, provided its file still holds
    /// exactly the bytes read then (compare and swap), as ``replace(_:with:)`` does for workouts.
    /// - Throws: ``LibraryError/changedMeanwhile(name:path:)``, ``LibraryError/unreadable(_:)``,
    ///   ``LibraryError/invalid(_:)``, ``LibraryError/nameTaken(name:existing:path:)``, ``LibraryError/store(_:)``.
    @discardableResult
    public func replace(_ entry: LibraryEntry, with document: LibraryDocument) throws(LibraryError) -> LibraryChange {
        try locked { () throws(LibraryError) -> LibraryChange in
            let entries = try entries()
            let name = entry.name ?? entry.stem
            guard let current = entries.first(where: { $0.url.path == entry.url.path }), current.data == entry.data else {
                throw .changedMeanwhile(name: name, path: entry.url.path)
            }
            return try write(document, over: current, entries: entries)
        }
    }

    /// Writes `document` over `current` (which holds a valid workout or plan); the caller
    /// holds the lock. An equal document is not written.
    private func write(_ document: LibraryDocument, over current: LibraryEntry,
                       entries: [LibraryEntry]) throws(LibraryError) -> LibraryChange {
        guard let old = current.document else {
            throw .unreadable(current.error ?? .emptyFile(path: current.url.path))
        }
        do { try document.validate() } catch { throw .invalid(error) }
        if document == old { return LibraryChange(before: current, after: current) }
        if WorkoutFileName.matchKey(document.name) != WorkoutFileName.matchKey(old.name) {
            try Self.checkNameIsFree(document.name, among: entries, except: current)
        }
        do throws(StoreError) {
            let data = try LibraryDocumentFile.encode(document, path: current.url.path)
            try DiskFile.writeAtomically(data, to: current.url)
            var file = current.url
            if document.name != old.name, !WorkoutFileName.stem(current.stem, fits: document.name) {
                file = try LibraryFiles.move(current.url, toFreeNameFor: WorkoutFileName.slug(for: document.name))
            }
            return LibraryChange(before: current, after: LibraryEntry(url: file, data: data, content: .init(document)))
        } catch {
            throw .store(error)
        }
    }
}

extension WorkoutLibrary {
    /// Replaces a broken file, read earlier as `entry`, with a valid workout or plan: atomically, under the lock, only when the file
    /// still holds exactly `entry.data`; the file then moves to the name's slug when its name
    /// does not fit.
    /// - Throws: ``LibraryError/invalid(_:)``, ``LibraryError/nameTaken(name:existing:path:)``,
    ///   ``LibraryError/changedMeanwhile(name:path:)``, ``LibraryError/store(_:)``.
    @discardableResult
    public func repair(_ entry: LibraryEntry, with document: LibraryDocument) throws(LibraryError) -> LibraryChange {
        do { try document.validate() } catch { throw .invalid(error) }
        return try locked { () throws(LibraryError) -> LibraryChange in
            let entries = try entries()
            let current = try Self.unchanged(entry, among: entries)
            try Self.checkNameIsFree(document.name, among: entries, except: current)
            do throws(StoreError) {
                let data = try LibraryDocumentFile.encode(document, path: current.url.path)
                try DiskFile.writeAtomically(data, to: current.url)
                var file = current.url
                if !WorkoutFileName.stem(current.stem, fits: document.name) {
                    file = try LibraryFiles.move(current.url, toFreeNameFor: WorkoutFileName.slug(for: document.name))
                }
                return LibraryChange(before: current, after: LibraryEntry(url: file, data: data, content: .init(document)))
            } catch {
                throw .store(error)
            }
        }
    }
}
