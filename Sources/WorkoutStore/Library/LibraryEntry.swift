import Foundation
import WorkoutModel

/// One `*.json` file of the library as it was read: its place, its bytes and what they hold.
public struct LibraryEntry: Equatable, Sendable {
    /// What a library file holds.
    public enum Content: Equatable, Sendable {
        /// A workout that decoded and passed validation.
        case workout(IntervalWorkout)
        /// A multisport plan that decoded and passed validation (`kind: "multisport"`).
        case plan(MultisportPlan)
        /// A file that cannot be read, does not parse or breaks a limit: the error names the
        /// file, line and column. Such a file is listed as broken and changed only by
        /// ``WorkoutLibrary/repair(_:with:)`` or ``WorkoutLibrary/deleteBroken(_:)``.
        case broken(StoreError)
    }

    /// The file.
    public let url: URL
    /// The bytes read (empty when the file could not be read at all); a change is written
    /// only while the file still holds exactly these bytes.
    public let data: Data
    /// The workout, or why there is none.
    public let content: Content

    /// The workout, when the file holds a valid one.
    public var workout: IntervalWorkout? {
        if case let .workout(workout) = content { return workout }
        return nil
    }

    /// The error, when the file is broken.
    public var error: StoreError? {
        if case let .broken(error) = content { return error }
        return nil
    }

    /// The file name without `.json` (`core-legs-2`).
    public var stem: String { url.deletingPathExtension().lastPathComponent }
}
