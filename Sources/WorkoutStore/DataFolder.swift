import Foundation

/// hiit's data folder (DESIGN §3): `workouts/` (one JSON file per workout or plan),
/// `history.jsonl` (one completed session per line) and `profile.json`.
///
/// The executable computes the folder (`$XDG_DATA_HOME/hiit`, else `~/.local/share/hiit`)
/// and passes it in; nothing here reads the environment.
public struct DataFolder: Equatable, Sendable {
    /// The folder itself.
    public let url: URL

    /// A data folder at `url`; nothing is created until ``create()``.
    /// - Parameter url: a file URL, e.g. `~/.local/share/hiit`.
    public init(url: URL) {
        self.url = url
    }

    /// The folder of workout and plan files.
    public var workoutsURL: URL { url.appendingPathComponent("workouts", isDirectory: true) }
    /// The history file, one JSON record per line.
    public var historyURL: URL { url.appendingPathComponent("history.jsonl", isDirectory: false) }
    /// The profile file (weight, first weekday, units).
    public var profileURL: URL { url.appendingPathComponent("profile.json", isDirectory: false) }
    /// The history file as a ``HistoryFile``.
    public var history: HistoryFile { HistoryFile(url: historyURL) }

    /// Creates the folder and `workouts/` (and missing parents) with mode 0700. Existing
    /// folders are left as they are.
    /// - Throws: ``StoreError/io(path:operation:errno:)`` or ``StoreError/notAFolder(path:)``.
    public func create() throws(StoreError) {
        try DiskFile.createFolder(at: url)
        try DiskFile.createFolder(at: workoutsURL)
    }

    /// The lock file that serialises rewrites of the folder's files (`.lock`, 0600).
    public var lockURL: URL { url.appendingPathComponent(".lock", isDirectory: false) }

    /// Runs `body` while holding an exclusive `flock(2)` on the folder's lock file, so that
    /// read-modify-write changes from two `hiit` processes happen one after the other. The
    /// folder must exist (see ``create()``). The lock is released when `body` returns or throws.
    /// - Throws: ``StoreError/io(path:operation:errno:)`` when the lock cannot be taken, or what
    ///   `body` throws.
    public func withExclusiveLock<Result>(_ body: () throws(StoreError) -> Result) throws(StoreError) -> Result {
        let descriptor = try OpenFile(opening: lockURL.path, flags: O_RDWR | O_CREAT, mode: 0o600,
                                            operation: "open the lock file")
        try descriptor.lock(exclusive: true)
        let result = try body()
        try descriptor.unlock()
        return result
    }
}
