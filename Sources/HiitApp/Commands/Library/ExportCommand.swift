import CommandLineKit
import Foundation
import WorkoutModel
import WorkoutStore

/// `hiit export WORKOUT [FILE] [--force]` (DESIGN §6): the workout's JSON (keys sorted, with
/// its version) to FILE, or to stdout when FILE is left out or `-`. An existing FILE is
/// replaced only with `--force`; the write is atomic and the file is 0600.
struct ExportCommand: Command {
    static let configuration = CommandConfiguration(
        path: ["export"], abstract: "Write a workout as a JSON file, or to standard output.")

    /// The WORKOUT argument as typed.
    @Argument("WORKOUT", help: ArgumentHelp.workout) var word: String
    /// The FILE argument as typed; `-` or none is standard output (see ``target``).
    @Argument("FILE", help: "Where to write it; standard output when left out or '-'.") var file: String?
    /// `--force`: replace FILE when it exists.
    @Flag("force", short: "f", help: "Replace FILE when it exists.") var replaces: Bool

    /// The FILE to write; `nil` for stdout (also for `-`).
    var target: String? { file == "-" ? nil : file }

    func run(_ context: CommandContext) throws -> Int32 {
        let console = context.console
        let workout = try UserLibrary(context).resolver.resolveDocument(word).0
        guard let target else {
            let data: Data
            do {
                data = try LibraryDocumentFile.encode(workout, path: "-")
            } catch {
                throw CommandFailure.io("\(error)")
            }
            console.out(String(decoding: data, as: UTF8.self).trimmingTrailingNewlines)
            return ExitStatus.success
        }
        let url = URL(fileURLWithPath: target)
        if !replaces, FileManager.default.fileExists(atPath: url.path) {
            throw CommandFailure.usage("\(target) exists; add --force to replace it")
        }
        try DiskFile.writeAtomically(try LibraryDocumentFile.encode(workout, path: url.path), to: url)
        console.out("Exported '\(workout.name)' to \(target).")
        return ExitStatus.success
    }
}
