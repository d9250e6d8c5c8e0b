import Foundation
import WorkoutModel

/// Fixing or removing a library file that does not parse (DESIGN §3).
///
/// Broken files are never changed by the ordinary changes (``WorkoutLibrary/update(_:_:)``,
/// ``WorkoutLibrary/rename(_:to:)``, ``WorkoutLibrary/delete(_:)``), which refuse with the
/// file's error. These two are the only ways out, and both act on an entry read earlier:
/// they change the file only while it still holds exactly the bytes read then, under the
/// data folder's lock, so a hand edit made meanwhile is never lost.
extension WorkoutLibrary {
    /// Finds the entry a command names, like ``find(_:in:forChange:)`` with `forChange`, but
    /// returns a broken file instead of refusing it: a readable workout whose name matches,
    /// else a file whose stem is the word, else a broken file whose stem is the word's slug.
    /// - Parameters:
    ///   - word: what the user typed (a name, a file stem, or a stem with `.json`).
    ///   - entries: from ``entries()``.
    /// - Returns: the entry, readable or broken.
    /// - Throws: ``LibraryError/noSuchWorkout(name:known:)``, ``LibraryError/ambiguous(name:paths:)``.
    public static func findIncludingBroken(_ word: String, in entries: [LibraryEntry]) throws(LibraryError) -> LibraryEntry {
        do {
            return try find(word, in: entries, forChange: true)
        } catch {
            guard case let .unreadable(storeError) = error,
                  let broken = entries.first(where: { $0.error == storeError }) else { throw error }
            return broken
        }
    }

    /// Replaces a broken file, read earlier as `entry`, with a valid workout: atomically,
    /// under the lock, and only when the file still holds exactly `entry.data`. When the file
    /// name does not fit the workout's name, the file then moves to the name's slug (the
    /// first free one).
    /// - Parameters:
    ///   - entry: the broken entry as read (``LibraryEntry/error`` is not `nil`).
    ///   - workout: the workout to write; it is validated first.
    /// - Returns: the entry before (broken) and after.
    /// - Throws: ``LibraryError/invalid(_:)`` (field, value, range),
    ///   ``LibraryError/nameTaken(name:existing:path:)`` when another readable workout has the
    ///   name, ``LibraryError/changedMeanwhile(name:path:)`` when the file changed or is gone,
    ///   ``LibraryError/store(_:)`` when writing fails (the broken file is then as it was).
    @discardableResult
    public func repair(_ entry: LibraryEntry, with workout: IntervalWorkout) throws(LibraryError) -> LibraryChange {
        try repair(entry, with: LibraryDocument.intervals(workout))
    }

    /// Deletes a broken file read earlier as `entry`, under the lock, only when it still
    /// holds exactly `entry.data` (a file fixed by hand meanwhile is kept).
    /// - Parameter entry: the broken entry as read.
    /// - Returns: the entry removed.
    /// - Throws: ``LibraryError/changedMeanwhile(name:path:)`` when the file changed, is gone
    ///   or now holds a valid workout; ``LibraryError/store(_:)`` when removing fails.
    @discardableResult
    public func deleteBroken(_ entry: LibraryEntry) throws(LibraryError) -> LibraryEntry {
        try locked { () throws(LibraryError) -> LibraryEntry in
            let current = try Self.unchanged(entry, among: try entries())
            do throws(StoreError) { try LibraryFiles.remove(current.url) } catch { throw .store(error) }
            return current
        }
    }

    /// The broken entry of `entries` at `entry`'s place, when it still holds the same bytes
    /// and still is broken.
    static func unchanged(_ entry: LibraryEntry, among entries: [LibraryEntry]) throws(LibraryError) -> LibraryEntry {
        guard let current = entries.first(where: { $0.url.path == entry.url.path }),
              current.data == entry.data, current.error != nil else {
            throw .changedMeanwhile(name: entry.workout?.name ?? entry.url.lastPathComponent, path: entry.url.path)
        }
        return current
    }
}

extension StoreError {
    /// The file the error is about.
    var filePath: String {
        switch self {
        case let .emptyFile(path), let .tooLarge(path, _, _), let .unsupportedVersion(path, _, _),
             let .invalidPlan(path, _), let .notEncodable(path, _), let .io(path, _, _), let .notAFolder(path),
             let .notRegularFile(path, _), let .readOnly(path):
            return path
        case let .invalidUTF8(location, _), let .syntax(location, _), let .wrongType(location, _, _, _),
             let .missingKey(location, _, _), let .invalidValue(location, _, _):
            return location.path
        }
    }

    /// Whether the file's bytes were read, so a person can fix them in an editor (a file
    /// too large, or one that could not be opened, was not read).
    public var isEditable: Bool {
        switch self {
        case .tooLarge, .io, .notAFolder, .notRegularFile, .readOnly, .notEncodable: return false
        default: return true
        }
    }
}
