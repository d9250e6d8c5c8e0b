import Foundation
import WorkoutModel

/// Reading and changing `profile.json` (DESIGN §3). Changes are read-modify-write under the
/// data folder's lock and written atomically, so two `hiit` processes never lose each
/// other's change.
public struct ProfileFile: Equatable, Sendable {
    /// The largest profile file accepted, in bytes.
    public static let maximumBytes = 64 * 1024

    /// The data folder holding `profile.json` and the lock.
    public let folder: DataFolder

    /// The profile of a data folder; nothing is read until asked.
    public init(folder: DataFolder) {
        self.folder = folder
    }

    /// Reads the profile; a missing file is the default (empty) profile.
    /// - Throws: ``StoreError`` naming the file, line and column when it does not parse, holds
    ///   a wrong type, or was written by a newer hiit; the file is never changed.
    public func read() throws(StoreError) -> Profile {
        let url = folder.profileURL
        let data: Data
        do {
            data = try DiskFile.read(at: url, maximumBytes: Self.maximumBytes)
        } catch {
            if case let .io(_, _, code) = error, code == ENOENT { return Profile() }
            throw error
        }
        let profile = try JSONDocument.decode(Profile.self, from: data, path: url.path,
                                              supportedVersion: Profile.currentVersion,
                                              maximumBytes: Self.maximumBytes)
        do {
            try profile.validate()
        } catch {
            throw .invalidPlan(path: url.path, error)
        }
        return profile
    }

    /// Changes the profile: reads it under the data folder's exclusive lock, applies `change`,
    /// validates, and replaces the file atomically (0600).
    /// - Parameter change: edits the profile in place.
    /// - Returns: the profile as written.
    /// - Throws: the errors of ``read()`` (nothing is written when the file is unreadable),
    ///   ``StoreError/invalidPlan(path:_:)`` when the result is invalid, or the errors of the
    ///   atomic write.
    @discardableResult
    public func update(_ change: (inout Profile) -> Void) throws(StoreError) -> Profile {
        try folder.create()
        return try folder.withExclusiveLock { () throws(StoreError) -> Profile in
            var profile = try read()
            change(&profile)
            do throws(PlanError) {
                try profile.validate()
            } catch {
                throw .invalidPlan(path: folder.profileURL.path, error)
            }
            try DiskFile.writeAtomically(try JSONDocument.encode(profile, path: folder.profileURL.path),
                                         to: folder.profileURL)
            return profile
        }
    }
}
