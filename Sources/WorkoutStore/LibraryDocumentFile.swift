import Foundation
import WorkoutModel

/// Reading and writing one library file that may hold an interval workout or a multisport
/// plan (DESIGN §3), told apart by its `kind`. Errors carry the file, line and column as for
/// ``WorkoutFile``.
public enum LibraryDocumentFile {
    /// Decodes and validates a workout or plan from a file's bytes.
    /// - Parameters:
    ///   - data: the file's content (at most ``WorkoutFile/maximumBytes``).
    ///   - path: the file's path as shown in errors.
    /// - Returns: a document that passed ``LibraryDocument/validate()``.
    /// - Throws: every error of ``JSONDocument/decode(_:from:path:supportedVersionOfKind:firstLine:maximumBytes:)``
    ///   (size, UTF-8, syntax with line and column, a version newer than the file's kind reads
    ///   (``LibraryDocument/currentVersion(ofKind:)``), key path of a wrong or
    ///   missing value, an unknown `kind`), then ``StoreError/invalidPlan(path:_:)`` for a
    ///   broken rule (for a plan: the leg and the rule).
    public static func decode(_ data: Data, path: String) throws(StoreError) -> LibraryDocument {
        let document = try JSONDocument.decode(
            LibraryDocument.self, from: data, path: path,
            supportedVersionOfKind: LibraryDocument.currentVersion(ofKind:), maximumBytes: WorkoutFile.maximumBytes)
        do {
            try document.validate()
        } catch {
            throw .invalidPlan(path: path, error)
        }
        return document
    }

    /// Encodes a document as file content: pretty JSON, keys sorted, a final newline.
    /// - Throws: ``StoreError/notEncodable(path:reason:)`` (not expected for valid documents).
    public static func encode(_ document: LibraryDocument, path: String) throws(StoreError) -> Data {
        try JSONDocument.encode(document, path: path)
    }

    /// Reads, decodes and validates a library file.
    /// - Parameter url: the file.
    /// - Throws: ``StoreError/io(path:operation:errno:)`` when it cannot be read, then the
    ///   errors of ``decode(_:path:)``.
    public static func load(from url: URL) throws(StoreError) -> LibraryDocument {
        let data = try DiskFile.read(at: url, maximumBytes: WorkoutFile.maximumBytes)
        return try decode(data, path: url.path)
    }
}
