import CommandLineKit
import Foundation
import POSIX
import WorkoutModel
import WorkoutStore

/// `hiit import FILE… [--rename]` (DESIGN §6): each file is read, checked and added to the
/// library on its own, with one line per file. A taken name is refused, or with `--rename`
/// imported as `NAME 2` (3, …).
///
/// Exit status: 0 when every file was imported, else the worst failure (74 a file that cannot
/// be read — missing, a folder, no permission — or written, 65 bad data, 64 a taken name), as
/// `hiit history import` does.
struct ImportCommand: Command {
    static let configuration = CommandConfiguration(
        path: ["import"], abstract: "Copy workout files into the library.",
        discussion: "Each file is checked on its own and reported on its own line. A workout whose name is already in the library is refused unless --rename is given.")

    /// The FILE arguments as typed, in order.
    @Argument("FILE", help: "Workout files (JSON).") var paths: [String]
    /// `--rename`: import a workout whose name is taken under the next free name.
    @Flag("rename", help: "Import a workout whose name is taken as 'NAME 2' (or 3, …).") var renames: Bool

    func run(_ context: CommandContext) throws -> Int32 {
        let console = context.console
        let library = UserLibrary(context)
        library.seedIfFirstUse()
        var status = ExitStatus.success
        var imported = 0
        for path in paths {
            switch importFile(path, into: library.library, console: console) {
            case .success: imported += 1
            case let .failure(failure): status = max(status, ErrorReport.report(failure, console: console))
            }
        }
        if paths.count > 1 {
            console.out("Imported \(imported) of \(paths.count) files.")
        }
        return status
    }

    /// Reads one file and adds its workout to the library, saying so on stdout.
    /// - Parameters:
    ///   - path: the file as typed.
    ///   - library: the library to add to.
    ///   - console: where the line goes.
    /// - Returns: success, or why the file was not imported (for ``ErrorReport/report(_:console:)``).
    private func importFile(_ path: String, into library: WorkoutLibrary, console: Console) -> Result<Void, CommandFailure> {
        let shownPath = path.oneLineEscaped
        let workout: LibraryDocument
        do {
            workout = try LibraryDocumentFile.load(from: URL(fileURLWithPath: path))
        } catch {
            if case let .io(_, _, code) = error {
                let reason = code == ENOENT ? "no such file" : code == EISDIR ? "is a folder, not a file"
                    : SystemCallError.text(forErrno: code)
                return .failure(.io("\(shownPath): cannot be read: \(reason); not imported"))
            }
            if case let .notRegularFile(_, type) = error {
                return .failure(.io("\(shownPath): cannot be read: is \(type), not a file; not imported"))
            }
            return .failure(CommandFailure(status: ErrorReport.status(for: error), message: "\(error); not imported"))
        }
        var copy = workout
        var attempt = 1
        while true {
            do {
                let entry = try library.add(copy)
                let renamed = attempt > 1 ? " as '\(copy.name)'" : ""
                console.out("Imported '\(workout.name)'\(renamed) from \(path) (\(entry.url.path)).")
                return .success(())
            } catch {
                guard case .nameTaken = error else {
                    return .failure(CommandFailure(status: ErrorReport.status(for: error), message: "\(shownPath): \(error); not imported"))
                }
                guard renames, attempt < 1000 else {
                    return .failure(.usage("\(shownPath): \(error); not imported (add --rename to import it as '\(workout.name.oneLineEscaped) 2')"))
                }
            }
            attempt += 1
            copy.name = "\(workout.name) \(attempt)"
        }
    }
}
