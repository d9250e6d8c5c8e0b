import Foundation
import WorkoutModel
import WorkoutStore

/// A demo data root that `hiit demo` fills: `README` (says the folder holds made-up data) and
/// `hiit/` laid out as a real data folder (`history.jsonl`, `profile.json`, `workouts/`), so
/// that `XDG_DATA_HOME=<root> hiit …` reads it. Files are written atomically (0600, folders
/// 0700) under the data folder's lock.
struct DemoFolder {
    /// The root: what `XDG_DATA_HOME` must name to use the demo.
    let root: URL

    /// The first line of the README, which marks a folder as written by `hiit demo`.
    static let readmeMark = "hiit demo data"

    /// `<root>/hiit`.
    var data: DataFolder { DataFolder(url: root.appendingPathComponent("hiit", isDirectory: true)) }
    /// `<root>/README`.
    var readmeURL: URL { root.appendingPathComponent("README", isDirectory: false) }

    /// What ``fill(history:profile:readme:replacing:)`` did.
    enum Outcome: Equatable {
        /// Every file was written.
        case written
        /// A history is already there and replacing was not asked for; nothing was changed.
        case historyExists
        /// The folder holds a history or profile but no README marking it as demo data:
        /// someone's real data, never replaced; nothing was changed.
        case notADemoFolder
    }

    /// Whether the README is there and starts with ``readmeMark``.
    var isMarkedAsDemo: Bool {
        guard let data = try? DiskFile.read(at: readmeURL, maximumBytes: 64 * 1024) else { return false }
        return String(decoding: data, as: UTF8.self).split(separator: "\n", maxSplits: 1).first
            .map { $0 == Self.readmeMark } ?? false
    }

    /// Whether `hiit/` holds a history or a profile (a library alone, which any command seeds,
    /// is not data).
    var holdsData: Bool {
        let manager = FileManager.default
        return manager.fileExists(atPath: data.historyURL.path) || manager.fileExists(atPath: data.profileURL.path)
    }

    /// Writes the README, the profile and the history (in that order), replacing what a
    /// previous `hiit demo` wrote only when `replacing` is true.
    /// - Parameters:
    ///   - history: the sessions, one JSON line each, in order.
    ///   - profile: the demo profile.
    ///   - readme: the README's text; its first line should be ``readmeMark``.
    ///   - replacing: whether an existing demo history may be replaced.
    /// - Returns: ``Outcome/written``, or why nothing was written.
    /// - Throws: ``StoreError`` when a folder cannot be created or a file written
    ///   (`notEncodable` for a non-finite number: nothing is written then).
    func fill(history: [SessionRecord], profile: Profile, readme: String, replacing: Bool) throws(StoreError) -> Outcome {
        let folder = data
        var lines = Data()
        for record in history {
            do {
                lines.append(try record.jsonLine())
            } catch {
                throw .notEncodable(path: folder.historyURL.path, reason: String(describing: error))
            }
            lines.append(0x0A)
        }
        let profileData = try JSONDocument.encode(profile, path: folder.profileURL.path)
        let manager = FileManager.default
        // Nothing is created when the folder holds data that is not ours.
        if holdsData, !isMarkedAsDemo { return .notADemoFolder }
        try folder.create()
        return try folder.withExclusiveLock { () throws(StoreError) -> Outcome in
            let hasHistory = manager.fileExists(atPath: folder.historyURL.path)
            let hasProfile = manager.fileExists(atPath: folder.profileURL.path)
            if hasHistory || hasProfile, !isMarkedAsDemo { return .notADemoFolder }
            if hasHistory, !replacing { return .historyExists }
            try DiskFile.writeAtomically(Data(readme.utf8), to: readmeURL)
            try DiskFile.writeAtomically(profileData, to: folder.profileURL)
            try DiskFile.writeAtomically(lines, to: folder.historyURL)
            return .written
        }
    }
}
