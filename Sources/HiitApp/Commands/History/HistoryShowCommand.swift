import ActivityFiles
import CommandLineKit
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

    func run(_ context: CommandContext) throws -> Int32 {
        let history = DataFolder(url: context.locations.dataFolder).history
        let entry = try SessionIDMatch.entry(id, in: history, console: context.console)
        let units = ProfileLoader.load(context.locations, console: context.console, consequence: nil).units
        if isJSON {
            let folder = DataFolder(url: context.locations.dataFolder)
            let (activity, _) = entry.record.source == nil ? (nil, nil) : Self.original(of: entry.record, in: folder)
            let original = entry.record.source == nil ? nil : ActivityOriginals(folder).find(entry.record.id)?.path
            let document = try ActivityDetailJSON.document(line: entry.text, record: entry.record, activity: activity,
                                                           original: original, units: units)
            context.console.out(String(decoding: document, as: UTF8.self))
            return ExitStatus.success
        }
        var lines = HistoryText.details(entry, path: history.url.path, units: units, width: context.width, glyphs: context.glyphs)
        if entry.record.source != nil {
            let (activity, missing) = Self.original(of: entry.record, in: DataFolder(url: context.locations.dataFolder))
            lines += ActivityDetailText.lines(entry.record, activity: activity, missingOriginal: missing, units: units,
                                              width: context.width, glyphs: context.glyphs)
        }
        context.console.out(lines.joined(separator: "\n"))
        return ExitStatus.success
    }

    /// The kept original of an imported session, decoded; else why there is none.
    static func original(of record: SessionRecord, in folder: DataFolder) -> (RecordedActivity?, String?) {
        let originals = ActivityOriginals(folder)
        guard let url = originals.find(record.id) else {
            return (nil, "the original file is not in \(originals.url.path)")
        }
        do {
            let data = try DiskFile.read(at: url, maximumBytes: 1 << 30)
            return (try ActivityFile.decode(data), nil)
        } catch {
            return (nil, "\(url.path): \(error)")
        }
    }
}
