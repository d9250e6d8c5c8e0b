import Foundation
import WorkoutModel
#if canImport(Glibc)
import Glibc
import TestSupport
#endif

// Support for the history and profile tests that run the built `hiit` as a person or a script
// would (through `E2ESandbox.run` and `E2ESandbox.start`, Support/): the history and profile
// files of a sandbox, and session records to import.

extension E2ESandbox {
    /// A sandbox for the history and profile tests: every run also gets `NO_COLOR=1` and
    /// `COLUMNS=100` (a fixed width).
    /// - Throws: ``E2EFailure`` when the folder cannot be created.
    static func forHistory() throws -> E2ESandbox {
        try E2ESandbox(environment: ["NO_COLOR": "1", "COLUMNS": "100"])
    }

    /// `profile.json` in the data folder.
    var profileURL: URL { dataFolder.appendingPathComponent("profile.json") }

    /// Creates the data folder (0700) and writes `history.jsonl` (0600) with `content`.
    /// - Throws: when the folder or the file cannot be written.
    func writeHistory(_ content: Data) throws {
        try writeDataFile(historyURL, content)
    }

    /// Creates the data folder (0700) and writes `profile.json` (0600) with `content`.
    /// - Throws: when the folder or the file cannot be written.
    func writeProfile(_ content: Data) throws {
        try writeDataFile(profileURL, content)
    }

    private func writeDataFile(_ url: URL, _ content: Data) throws {
        try FileManager.default.createDirectory(at: dataFolder, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        try content.write(to: url)
        chmod(url.path, 0o600)
    }

    /// The history file's bytes (empty when it does not exist).
    func historyBytes() -> Data { (try? Data(contentsOf: historyURL)) ?? Data() }
}
