import CommandLineKit
import Foundation
import WorkoutModel
import WorkoutStore

/// `hiit duplicate WORKOUT [NEW_NAME]` (DESIGN §6): copies any workout (library, file, QUICK,
/// built-in) into the library as `NEW_NAME`, by default `NAME copy` (then `NAME copy 2`, …).
struct DuplicateCommand: Command {
    static let configuration = CommandConfiguration(
        path: ["duplicate"], abstract: "Copy a workout into the library under a new name.")

    /// The WORKOUT argument as typed.
    @Argument("WORKOUT", help: ArgumentHelp.workout) var word: String
    /// The copy's name as typed; `nil` for the default (trimmed by ``newName``).
    @Argument("NEW_NAME", help: "The copy's name (default: 'NAME copy', then 'NAME copy 2', …).") var typedName: String?

    /// The copy's name without surrounding white space; `nil` for the default.
    var newName: String? { typedName?.trimmingCharacters(in: .whitespacesAndNewlines) }

    func run(_ context: CommandContext) throws -> Int32 {
        let library = UserLibrary(context)
        library.seedIfFirstUse()
        let source = try library.resolver.resolveDocument(word).0
        var copy = source
        for attempt in 1...1000 {
            copy.name = newName ?? (attempt == 1 ? "\(source.name) copy" : "\(source.name) copy \(attempt)")
            do {
                let entry = try library.library.add(copy)
                context.console.out("Created '\(copy.name)' from '\(source.name)' (\(entry.url.path)).")
                return ExitStatus.success
            } catch {
                if case .nameTaken = error, newName == nil, attempt < 1000 { continue }
                if case .invalid = error {
                    throw CommandFailure.usage("cannot create '\(copy.name.oneLineEscaped)': \(error)")
                }
                throw error
            }
        }
        return ExitStatus.usage
    }
}
