import ActivityFiles
import CommandLineKit
import Foundation
import WorkoutModel
import WorkoutStore

/// `hiit history show ID`: everything recorded about one session.
struct HistoryShowCommand: Command {
    static let configuration = CommandConfiguration(
        path: ["history", "show"], abstract: "Show everything recorded about one session.")

    /// The ID as typed.
    @Argument("ID", help: SessionIDMatch.argumentHelp) var id: String
    /// `--json`: the stored line and, for an imported activity, its splits, profiles and route.
    @Flag("json", help: "Write one JSON object: the stored line as 'session', the kept original's path as 'original', and per leg its laps, splits, elevation and heart rate profiles and route (from the original of an imported activity).")
    var isJSON: Bool
    /// `--card FILE.svg|FILE.png`: the session as a picture to share, if given (#17).
    @Option("card", valueName: "file",
            help: "Write the session as a 1080×1350 picture to share instead: FILE.svg (SVG) or FILE.png (PNG, drawn with cairo). Its name, date, route (with a GPS track), legs and numbers.",
            as: CardFile.conversion)
    var card: CardFile?

    /// - Throws: ``CommandLineError/conflict(_:)`` for `--card` with `--json`.
    func validate() throws(CommandLineError) {
        if isJSON, card != nil { throw .conflict("--card and --json cannot be given together; choose one") }
    }

    func run(_ context: CommandContext) throws -> Int32 {
        let folder = DataFolder(url: context.locations.dataFolder)
        let history = folder.history
        let entry = try SessionIDMatch.entry(id, in: history, console: context.console)
        let units = ProfileLoader.load(context.locations, console: context.console, consequence: nil).units
        let original = entry.record.source == nil ? nil : Self.original(of: entry.record, in: folder)
        if let card {
            try card.write(SessionCardText.card(entry.record, activity: original?.activity, units: units).scene)
            context.console.out("Wrote \(card.url.path)")
            return ExitStatus.success
        }
        if isJSON {
            let document = try ActivityDetailJSON.document(line: entry.text, record: entry.record, activity: original?.activity,
                                                           original: original?.url?.path, units: units)
            context.console.out(String(decoding: document, as: UTF8.self))
            return ExitStatus.success
        }
        var lines = HistoryText.details(entry, path: history.url.path, units: units, width: context.width, glyphs: context.glyphs)
        if let original {
            lines += ActivityDetailText.lines(entry.record, activity: original.activity, missingOriginal: original.problem,
                                              units: units, width: context.width, glyphs: context.glyphs)
        }
        context.console.out(lines.joined(separator: "\n"))
        return ExitStatus.success
    }

    /// An imported session's kept original: where it is, what it decodes to, or why it cannot.
    struct Original {
        /// The file, when one is kept.
        var url: URL?
        /// The file decoded, when it could be.
        var activity: RecordedActivity?
        /// Why there is no ``activity`` (no file kept, or the file's error).
        var problem: String?
    }

    /// The kept original of an imported session, read and decoded once.
    static func original(of record: SessionRecord, in folder: DataFolder) -> Original {
        let originals = ActivityOriginals(folder)
        do {
            guard let (url, data) = try originals.read(record.id) else {
                return Original(problem: "the original file is not in \(originals.url.path)")
            }
            do {
                return Original(url: url, activity: try ActivityFile.decode(data))
            } catch {
                return Original(url: url, problem: "\(url.path): \(error)")
            }
        } catch {
            return Original(problem: "\(error)")
        }
    }
}
