import AudioCues
import CommandLineKit
import TerminalUI
import WorkoutModel
import WorkoutStats
import WorkoutStore

/// The one place where an error becomes what a person sees and the exit status the shell
/// gets (DESIGN §5, §6): `Error: ` and one line, a usage line after a ``CommandLineError``,
/// and the status from ``status(for:)``.
enum ErrorReport {
    /// The exit status for `error` — the one table of the program:
    /// - 64 (usage): ``CommandLineError``, an unknown or taken workout name, a bad QUICK form
    ///   or other refused word (``LibraryError/noSuchWorkout(name:known:)``, ``PlanError``);
    /// - 65 (bad data): a file whose bytes are wrong (``StoreError`` but the cases below,
    ///   ``LibraryError/unreadable(_:)``, ``LibraryError/ambiguous(name:paths:)``);
    /// - 74 (I/O): a file or device that cannot be read or written at all (``StoreError/io(path:operation:errno:)``,
    ///   ``StoreError/notAFolder(path:)``, ``StoreError/notRegularFile(path:type:)``, ``StoreError/readOnly(path:)``, ``StoreError/notEncodable(path:reason:)``, a file
    ///   changed meanwhile, ``TerminalError``, ``AudioError``), and anything unforeseen;
    /// - the status a ``CommandFailure`` carries.
    static func status(for error: any Error) -> Int32 {
        switch error {
        case is CommandLineError, is CommandLineFailure, is PlanError, is StatsError:
            return ExitStatus.usage
        case let failure as CommandFailure:
            return failure.status
        case let error as StoreError:
            switch error {
            case .io, .notAFolder, .notRegularFile, .readOnly, .notEncodable: return ExitStatus.ioError
            default: return ExitStatus.dataError
            }
        case let error as LibraryError:
            switch error {
            case .noSuchWorkout, .nameTaken, .invalid: return ExitStatus.usage
            case .ambiguous, .unreadable: return ExitStatus.dataError
            case .changedMeanwhile: return ExitStatus.ioError
            case let .store(storeError): return status(for: storeError)
            }
        case let error as WorkoutResolver.ResolveError:
            if case let .store(storeError) = error { return status(for: storeError) }
            return ExitStatus.usage
        default:
            return ExitStatus.ioError
        }
    }

    /// The one line after `Error: ` for `error`; an unknown workout name gets the closest
    /// known name (`; did you mean 'Tabata'?`).
    static func message(for error: any Error) -> String {
        if case let .noSuchWorkout(name, known)? = error as? LibraryError,
           let suggestion = WorkoutResolver.suggestion(for: name, among: known) {
            return "\(error); did you mean '\(suggestion)'?"
        }
        return "\(error)"
    }

    /// Writes `Error: …` for one failed item of a command that goes on with the others (one
    /// of several imported files), and returns its exit status for the command to return
    /// once every item was tried.
    /// - Parameters:
    ///   - error: what went wrong with the item.
    ///   - console: where the line goes (stderr).
    /// - Returns: ``status(for:)``.
    @discardableResult
    static func report(_ error: any Error, console: Console) -> Int32 {
        console.err("Error: \(message(for: error))")
        return status(for: error)
    }

    /// Writes what `error` says for a whole command that ended with it (`Error: …`, and for a
    /// ``CommandLineError`` the usage line and the `--help` hint of the command at `path`), and
    /// returns its exit status.
    /// - Parameters:
    ///   - error: what the command threw.
    ///   - path: the command chain from the root (for the usage line).
    ///   - width: the line width for the usage line.
    ///   - console: where the lines go (stderr).
    /// - Returns: ``status(for:)``.
    static func end(with error: any Error, path: [CommandSpec], width: Int, console: Console) -> Int32 {
        guard let usage = error as? CommandLineError else { return report(error, console: console) }
        console.err(usageErrorText(usage, for: path, width: width).trimmingTrailingNewlines)
        return status(for: error)
    }
}
