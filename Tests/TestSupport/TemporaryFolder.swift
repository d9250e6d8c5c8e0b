import Foundation

/// A fresh folder of a test's own under the system's temporary directory, removed by
/// ``remove()`` (tests touch only their own folders).
public struct TemporaryFolder: Sendable {
    /// The folder.
    public let url: URL

    /// Creates `hiit-<prefix>-<UUID>` under the temporary directory.
    /// - Parameter prefix: names the test target, to tell leftovers apart (`store-tests`).
    /// - Throws: what `FileManager.createDirectory` throws.
    public init(prefix: String = "tests") throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("hiit-\(prefix)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// A path inside the folder.
    public func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    /// Removes the folder and everything in it.
    public func remove() { try? FileManager.default.removeItem(at: url) }
}
