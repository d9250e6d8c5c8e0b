import Foundation
import WorkoutModel

/// Why a change to the workout library was refused or failed (DESIGN §3). Every case leaves
/// the library as it was: nothing is half-written, and a file that does not parse is never
/// rewritten, moved or deleted except by ``WorkoutLibrary/repair(_:with:)`` and
/// ``WorkoutLibrary/deleteBroken(_:)``.
///
/// (A separate enum from ``StoreError`` so that the library's refusals — an unknown or taken
/// name — stay apart from problems with bytes on disk, which it wraps.)
public enum LibraryError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No workout of the library has this name (compared ignoring case) or file name.
    /// `known` holds the names of every readable workout, for a suggestion.
    case noSuchWorkout(name: String, known: [String])
    /// Another workout already has this name (compared ignoring case); `existing` is its name
    /// as stored and `path` its file.
    case nameTaken(name: String, existing: String, path: String)
    /// Two or more files hold a workout of this name, so a change could hit the wrong one.
    /// `paths` are the files.
    case ambiguous(name: String, paths: [String])
    /// The file that holds (or may hold) the workout does not parse or breaks a limit; it
    /// was not changed. The wrapped error names the file, line and column; the message says
    /// how to fix it (`hiit edit STEM`) or remove it (`hiit delete STEM`).
    case unreadable(StoreError)
    /// The workout breaks a limit of DESIGN §2 (field, value and allowed range); nothing was written.
    case invalid(PlanError)
    /// The file changed on disk after it was read (another `hiit`, or a hand edit), so the
    /// change was not written over it. `path` is the file.
    case changedMeanwhile(name: String, path: String)
    /// Reading or writing a file failed (``StoreError/io(path:operation:errno:)`` and kin).
    case store(StoreError)

    /// One line saying what is wrong and, where it helps, what to do.
    public var description: String {
        switch self {
        case let .noSuchWorkout(name, known):
            return known.isEmpty
                ? "no workout named '\(name.messageSafe)' (the library is empty)"
                : "no workout named '\(name.messageSafe)' in the library"
        case let .nameTaken(name, existing, path):
            let same = existing == name ? "" : " as '\(existing.messageSafe)'"
            return "a workout named '\(name.messageSafe)' already exists\(same) (\(path)); names are compared ignoring case"
        case let .ambiguous(name, paths):
            return "\(paths.count) files hold a workout named '\(name.messageSafe)' (\(paths.joined(separator: ", "))); rename or remove all but one by hand"
        case let .unreadable(error):
            let stem = URL(fileURLWithPath: error.filePath).deletingPathExtension().lastPathComponent
            let word = WorkoutFileName.isSafe(stem: stem) ? stem : "\"\(stem.messageSafe)\""
            return error.isEditable
                ? "\(error) (the file was not changed; fix it with 'hiit edit \(word)' or remove it with 'hiit delete \(word)')"
                : "\(error) (the file was not changed; remove it with 'hiit delete \(word)')"
        case let .invalid(error):
            return error.description
        case let .changedMeanwhile(name, path):
            return "'\(name.messageSafe)' changed on disk (\(path)) after it was read; nothing was written over it"
        case let .store(error):
            return error.description
        }
    }
}

extension String {
    /// The string with control characters shown as `\u{…}`, safe inside a one-line message.
    var messageSafe: String {
        var out = ""
        for scalar in unicodeScalars {
            if scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format {
                out += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
