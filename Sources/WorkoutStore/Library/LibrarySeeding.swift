import Foundation
import WorkoutModel

/// What ``WorkoutLibrary/seedIfFirstUse(from:)`` did.
public struct LibrarySeeding: Equatable, Sendable {
    /// Whether this was the library's first use (no `.seeded` marker yet).
    public var wasFirstUse: Bool
    /// The shipped workouts copied into the library, as written.
    public var copied: [LibraryEntry]
    /// Shipped files that were not copied because they do not parse (a packaging error);
    /// each entry's error names the file.
    public var broken: [LibraryEntry]

    /// Creates a report.
    public init(wasFirstUse: Bool, copied: [LibraryEntry] = [], broken: [LibraryEntry] = []) {
        self.wasFirstUse = wasFirstUse
        self.copied = copied
        self.broken = broken
    }
}

extension WorkoutLibrary {
    /// The marker that records that the shipped workouts were offered: `workouts/.seeded`.
    public var seededMarkerURL: URL { url.appendingPathComponent(".seeded", isDirectory: false) }

    /// Whether the shipped workouts were already offered (the marker exists).
    public var isSeeded: Bool { LibraryFiles.exists(seededMarkerURL) }

    /// On the library's first use, copies the shipped example workouts into it, so that
    /// editing them never changes the package.
    ///
    /// First use means: `workouts/.seeded` does not exist. Then, under the lock, every valid
    /// shipped workout whose name (ignoring case) is not in the library yet, and whose file
    /// name is not taken (not even by a broken file), is copied byte for byte, keeping the
    /// shipped file name when it is a clean slug (so `hiit run classic-hiit` keeps working);
    /// then the marker is written. Deleting workouts later never brings them back; deleting
    /// `.seeded` offers the missing ones again. A crash half-way copies the rest next time,
    /// without duplicates.
    ///
    /// Without a shipped folder nothing is copied and no marker is written (so a later install
    /// that ships them still offers them).
    /// - Parameter shippedFolder: the package's `workouts/`, or `nil` when it cannot be found.
    /// - Returns: what was done.
    /// - Throws: ``LibraryError/store(_:)`` when the data folder cannot be created, locked,
    ///   listed or written.
    @discardableResult
    public func seedIfFirstUse(from shippedFolder: URL?) throws(LibraryError) -> LibrarySeeding {
        guard let shippedFolder, !isSeeded else { return LibrarySeeding(wasFirstUse: false) }
        return try locked { () throws(LibraryError) -> LibrarySeeding in
            guard !isSeeded else { return LibrarySeeding(wasFirstUse: false) }
            var report = LibrarySeeding(wasFirstUse: true)
            var entries = try entries()
            let shippedNames: [String]
            do throws(StoreError) { shippedNames = try LibraryFiles.jsonFileNames(in: shippedFolder) } catch { throw .store(error) }
            for name in shippedNames {
                let shipped = Self.read(shippedFolder.appendingPathComponent(name))
                guard let workout = shipped.document else {
                    report.broken.append(shipped)
                    continue
                }
                let key = WorkoutFileName.matchKey(workout.name)
                let stem = WorkoutFileName.isSafe(stem: shipped.stem) ? shipped.stem : WorkoutFileName.slug(for: workout.name)
                let nameIsTaken = entries.contains { $0.name.map { WorkoutFileName.matchKey($0) == key } ?? false }
                let fileIsTaken = LibraryFiles.exists(url.appendingPathComponent(stem + ".json"))
                guard !nameIsTaken, !fileIsTaken else { continue }
                do throws(StoreError) {
                    let file = try LibraryFiles.createNew(shipped.data, in: url, stem: stem)
                    let copy = LibraryEntry(url: file, data: shipped.data, content: .init(workout))
                    entries.append(copy)
                    report.copied.append(copy)
                } catch {
                    throw .store(error)
                }
            }
            do throws(StoreError) {
                try DiskFile.writeAtomically(Data(Self.markerText.utf8), to: seededMarkerURL)
            } catch {
                throw .store(error)
            }
            return report
        }
    }

    /// The marker's content: what it is for.
    static let markerText = """
        hiit copied its example workouts into this folder on first use.
        While this file exists they are not offered again; delete it to get back the ones that are missing.

        """
}
