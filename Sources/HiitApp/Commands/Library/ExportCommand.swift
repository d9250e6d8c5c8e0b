import CommandLineKit
import Foundation
import WorkoutModel
import WorkoutStore

/// `hiit export WORKOUT [FILE] [--force]` (DESIGN §6): the workout's JSON (keys sorted, with
/// its version) to FILE, or to stdout when FILE is left out or `-`. An existing FILE is
/// replaced only with `--force`; the write is atomic and the file is 0600.
struct ExportCommand: Command {
    /// `--force`: replace FILE when it exists.
    static let force = OptionSpec("force", short: "f", help: "Replace FILE when it exists.")
    /// The workout to export.
    static let workout = ArgumentSpec("WORKOUT", help: ArgumentHelp.workout)
    /// Where to write it.
    static let file = ArgumentSpec("FILE", help: "Where to write it; standard output when left out or '-'.", isOptional: true)

    static let path = ["export"]
    static let spec = CommandSpec(
        name: "export",
        abstract: "Write a workout as a JSON file, or to standard output.",
        arguments: [workout, file],
        options: [force])

    /// The WORKOUT argument as typed.
    let word: String
    /// The FILE to write; `nil` for stdout (also for `-`).
    let target: String?
    /// Whether `--force` was given.
    let replaces: Bool

    init(_ parsed: ParsedCommand) throws(CommandLineError) {
        word = parsed.argument(Self.workout) ?? ""
        target = parsed.argument(Self.file).flatMap { $0 == "-" ? nil : $0 }
        replaces = parsed.hasFlag(Self.force)
    }

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
