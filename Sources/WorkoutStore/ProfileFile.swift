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

    /// Reads the profile; a missing file is the default (empty) profile. Nothing is ever
    /// written here.
    /// - Throws: ``StoreError`` naming the file, line and column when it does not parse, holds
    ///   a wrong type, an unknown `firstWeekday` or `units` word, a weight outside 20–400 kg,
    ///   a `weeklyGoal` out of range or of an unknown metric, unit or sport, a `defaultPeriod` or
    ///   `defaultCompare` that `hiit stats` does not take, or was written by a newer hiit; ``StoreError/io(path:operation:errno:)`` when it
    ///   cannot be read. The file is never changed.
    public func read() throws(StoreError) -> Profile {
        let url = folder.profileURL
        let data: Data
        do {
            data = try DiskFile.read(at: url, maximumBytes: Self.maximumBytes)
        } catch {
            if case let .io(_, _, code) = error, code == ENOENT { return Profile() }
            throw error
        }
        return try Self.decode(data, path: url.path)
    }

    /// Decodes and checks a profile from a file's bytes (no I/O).
    /// - Parameters:
    ///   - data: the content of `profile.json`.
    ///   - path: the file's path as shown in errors.
    /// - Returns: a profile that passed ``Profile/validate()``.
    /// - Throws: the errors of ``JSONDocument/decode(_:from:path:supportedVersion:firstLine:maximumBytes:)``;
    ///   an unknown weekday or unit and an out-of-range weight as
    ///   ``StoreError/invalidValue(_:keyPath:reason:)`` at the value's line and column.
    public static func decode(_ data: Data, path: String) throws(StoreError) -> Profile {
        let profile: Profile
        do {
            profile = try JSONDocument.decode(Profile.self, from: data, path: path,
                                              supportedVersion: Profile.currentVersion,
                                              maximumBytes: maximumBytes)
        } catch {
            throw clearer(error)
        }
        do throws(PlanError) {
            try profile.validate()
        } catch {
            let bytes = [UInt8](data)
            if let root = try? JSONTreeParser.parse(bytes, path: path) {
                if case let .badName(field, value, reason) = error, field == "defaultPeriod" || field == "defaultCompare" {
                    let location = root.deepest(along: [.key(field)]).location(in: bytes, path: path)
                    throw .invalidValue(location, keyPath: field, reason: "'\(value.oneLineEscaped)' \(reason)")
                }
                if case let .badGoal(_, reason) = error {
                    let location = root.deepest(along: [.key("weeklyGoal")]).location(in: bytes, path: path)
                    throw .invalidValue(location, keyPath: "weeklyGoal", reason: reason)
                }
                if let weight = profile.weightKg {
                    let location = root.deepest(along: [.key("weightKg")]).location(in: bytes, path: path)
                    throw .invalidValue(location, keyPath: "weightKg",
                                        reason: "\(HistoryRecordRules.number(weight)) is outside 20–400 kg")
                }
            }
            throw .invalidPlan(path: path, error)
        }
        return profile
    }

    /// An unknown `firstWeekday`, `units`, `weeklyGoal.metric` or `weeklyGoal.unit` word, said
    /// with the words allowed.
    private static func clearer(_ error: StoreError) -> StoreError {
        guard case let .invalidValue(location, keyPath, _) = error, let words = allowedWords[keyPath] else { return error }
        return .invalidValue(location, keyPath: keyPath, reason: "expected one of " + words.joined(separator: ", "))
    }

    /// The words each key of a word takes.
    private static let allowedWords: [String: [String]] = [
        "firstWeekday": Profile.FirstWeekday.allCases.map(\.rawValue),
        "units": Profile.Units.allCases.map(\.rawValue),
        "weeklyGoal.metric": WeeklyGoal.Metric.allCases.map(\.rawValue),
        "weeklyGoal.unit": WeeklyGoal.DistanceUnit.allCases.map(\.rawValue),
    ]

    /// Changes the profile: reads it under the data folder's exclusive lock, applies `change`,
    /// validates, and replaces the file atomically (0600). A file that does not parse is never
    /// replaced. Temporary files left by an update that was killed before its rename
    /// (`.profile.json.tmp-*`) are removed under the lock.
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
            removeStaleTemporaryFiles()
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

    /// Removes `.profile.json.tmp-*` files: only a write of the profile creates them, and every
    /// write happens under the folder lock the caller holds, so any such file is left over
    /// from a killed process. Failures are ignored (the files are harmless).
    private func removeStaleTemporaryFiles() {
        let prefix = "." + folder.profileURL.lastPathComponent + ".tmp-"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.url.path) else { return }
        for name in names where name.hasPrefix(prefix) {
            try? FileManager.default.removeItem(at: folder.url.appendingPathComponent(name))
        }
    }
}
