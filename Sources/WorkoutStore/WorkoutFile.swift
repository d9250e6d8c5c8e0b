import Foundation
import WorkoutModel

/// Reading and writing one interval workout file (DESIGN §3), e.g.
/// `{"exercises": [...], "kind": "intervals", "name": "Tabata", "version": 1, ...}`.
public enum WorkoutFile {
    /// The largest workout file accepted, in bytes (1 MiB; a 20-exercise workout is about 2 KB).
    public static let maximumBytes = 1024 * 1024

    /// Decodes and validates a workout from a file's bytes.
    /// - Parameters:
    ///   - data: the file's content.
    ///   - path: the file's path as shown in errors.
    /// - Returns: a workout that passed ``IntervalWorkout/validate()``.
    /// - Throws: every error of ``JSONDocument/decode(_:from:path:supportedVersion:firstLine:maximumBytes:)``
    ///   (size, UTF-8, syntax with line and column, newer version, key path of a wrong or
    ///   missing value), then ``StoreError/invalidPlan(path:_:)`` for a broken limit.
    public static func decode(_ data: Data, path: String) throws(StoreError) -> IntervalWorkout {
        let workout = try JSONDocument.decode(
            IntervalWorkout.self, from: data, path: path,
            supportedVersion: IntervalWorkout.currentVersion, maximumBytes: maximumBytes)
        do {
            try workout.validate()
        } catch {
            throw .invalidPlan(path: path, error)
        }
        return workout
    }

    /// Encodes a workout as file content: pretty JSON, keys sorted, a final newline.
    /// - Parameters:
    ///   - workout: the workout.
    ///   - path: the destination's path, named in errors.
    /// - Throws: ``StoreError/notEncodable(path:reason:)`` (not expected for valid workouts).
    public static func encode(_ workout: IntervalWorkout, path: String) throws(StoreError) -> Data {
        try JSONDocument.encode(workout, path: path)
    }

    /// Reads, decodes and validates a workout file.
    /// - Parameter url: the file.
    /// - Returns: the workout.
    /// - Throws: ``StoreError/io(path:operation:errno:)`` when it cannot be read, then the
    ///   errors of ``decode(_:path:)``; the path in errors is `url.path`.
    public static func load(from url: URL) throws(StoreError) -> IntervalWorkout {
        let data = try DiskFile.read(at: url, maximumBytes: maximumBytes)
        return try decode(data, path: url.path)
    }

    /// Validates a workout and writes it atomically (mode 0600) with
    /// ``DiskFile/writeAtomically(_:to:)``.
    /// - Parameters:
    ///   - workout: the workout to store.
    ///   - url: the destination file; its folder must exist.
    /// - Throws: ``StoreError/invalidPlan(path:_:)`` (nothing written), or the errors of the
    ///   atomic write.
    public static func save(_ workout: IntervalWorkout, to url: URL) throws(StoreError) {
        do {
            try workout.validate()
        } catch {
            throw .invalidPlan(path: url.path, error)
        }
        try DiskFile.writeAtomically(try encode(workout, path: url.path), to: url)
    }
}
