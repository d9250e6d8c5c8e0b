import WorkoutModel
import WorkoutStore

/// The one way commands read `profile.json`, with the one fallback: when the file cannot be
/// read, the default ``Profile`` (no weight, Monday, metric, nothing selected). The file is
/// never changed by reading it.
enum ProfileLoader {
    /// The profile of the data folder, or the default profile when it cannot be read.
    /// - Parameters:
    ///   - locations: where the data folder is.
    ///   - console: where the warning goes.
    ///   - consequence: what the default means for this command ("no calorie estimate and no
    ///     selected workout"); when given, a file that cannot be read is reported once on
    ///     stderr as `Warning: <consequence>: the profile cannot be read: <file, line, what>`;
    ///     `nil` falls back silently (the command does not need the profile to be right).
    /// - Returns: the stored profile or ``Profile/init()``.
    static func load(_ locations: Locations, console: Console, consequence: String?) -> Profile {
        do {
            return try ProfileFile(folder: DataFolder(url: locations.dataFolder)).read()
        } catch {
            if let consequence { console.err("Warning: \(consequence): the profile cannot be read: \(error)") }
            return Profile()
        }
    }
}
