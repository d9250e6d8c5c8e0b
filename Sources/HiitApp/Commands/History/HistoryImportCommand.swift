import CommandLineKit
import Foundation
import ActivityFiles
import ActivityRecords
import POSIX
import WorkoutModel
import WorkoutStats
import WorkoutStore

/// `hiit history import PATH… [--verbose]` (DESIGN §6, §8): adds to the history the sessions of
/// hiit's own JSON lines files and the activities of FIT, GPX and TCX files, each recognised by
/// its content; a folder is searched (recursively) for FIT, GPX and TCX files.
///
/// One line per activity file (`imported …`, `already present …`, or the error on stderr),
/// then the summary. Exit status: 0 when every file was imported or already present, 65 when
/// some file was refused (the others are still imported), 74 when a path cannot be read — the
/// worst of them.
struct HistoryImportCommand: Command {
    static let configuration = CommandConfiguration(
        path: ["history", "import"], abstract: "Add sessions to the history: JSON lines, or activities recorded by a watch, bike computer or phone (FIT, GPX, TCX).",
        discussion: "Each file is recognised by its content, whatever its name. A folder is searched, with its subfolders, for FIT, GPX and TCX files (a watch mounted over USB, an export folder); other files in it are skipped. A session is already present when the history holds one with the same id, or (for an activity) one that started within 60 s with the same sports and a duration within 2 %. The original of each imported activity is kept byte for byte in the data folder. Sessions of JSON lines are appended in batches, each one locked and flushed to the disk before it is reported.")

    /// The PATH arguments as typed, in order.
    @Argument("PATH", help: "Files written by 'hiit history export --json', FIT, GPX or TCX files, or folders holding FIT, GPX or TCX files.")
    var paths: [String]
    /// `--verbose`: whether each session is reported.
    @Flag("verbose", short: "v", help: "Print 'saved ID' for each session of a JSON lines file once it is on the disk, and 'already present ID' for each one skipped.")
    var isVerbose: Bool

    /// Sessions appended per locked, flushed write.
    static let batchSize = 200
    /// The largest file read, in bytes (1 GiB).
    static let maximumBytes = 1 << 30

    func run(_ context: CommandContext) throws -> Int32 {
        var run = ImportRun(context: context, isVerbose: isVerbose, namedFiles: paths.count)
        for path in paths {
            run.importPath(path)
        }
        return run.finish()
    }

    /// The state of one `history import`: the history, what it holds, the counts.
    private struct ImportRun {
        let context: CommandContext
        let isVerbose: Bool
        /// How many paths were named (a JSON lines file gets its own line when there are several).
        let namedFiles: Int
        let folder: DataFolder
        var known = HistoryKnownIDs()
        /// The keys of the sessions in the history, sorted by start; read at the first activity.
        var keys: [ActivityDuplicate.Key]?
        var ids: Set<UUID> = []
        var profile: Profile?
        var imported = 0
        var present = 0
        var badLines = 0
        var refused = 0
        var otherFiles = 0
        var notActivities = 0
        /// Activities found in folders whose files give no time zone, and the zone they were dated in.
        var unzonedInFolders = 0
        var unzonedZone = ""
        /// The last such file, named when it is the only one.
        var unzonedFile = ""
        var filesDone = 0
        var status = ExitStatus.success

        init(context: CommandContext, isVerbose: Bool, namedFiles: Int) {
            self.context = context
            self.isVerbose = isVerbose
            self.namedFiles = namedFiles
            folder = DataFolder(url: context.locations.dataFolder)
        }

        var console: Console { context.console }

        /// Imports a path as typed: a folder's activity files, or one file of any kind.
        mutating func importPath(_ path: String) {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
                importFolder(path)
            } else {
                importNamedFile(path)
            }
        }

        /// The FIT, GPX and TCX files in `path` and its subfolders, in path order
        /// (``FolderSearch``: hidden entries, links and other file systems left out, bounded).
        mutating func importFolder(_ path: String) {
            let search = FolderSearch(path)
            if search.isCut {
                console.err("Note: \(path.oneLineEscaped): searched only the first \(FolderSearch.mostEntries) entries "
                    + "and \(FolderSearch.deepest) levels of folders; name a folder further down to import the rest")
            }
            for file in search.files {
                let url = URL(fileURLWithPath: file)
                let head: Data
                do {
                    head = try DiskFile.readPrefix(at: url, count: FolderSearch.sniffedBytes)
                } catch {
                    // A watch's file that cannot be read is a ride lost unless it is named.
                    fail(CommandFailure(status: ErrorReport.status(for: error), message: "\(error); not imported"))
                    continue
                }
                guard ActivityFile.format(of: head) != nil || FolderSearch.mayBeXML(head) else {
                    if let named = Self.activityExtension(of: file) {
                        refuseUnrecognised(file, size: head.count, named: named, alone: false)
                    } else {
                        otherFiles += 1
                    }
                    continue
                }
                guard let data = read(file, named: false) else { continue }
                guard let format = ActivityFile.format(of: data) else {
                    otherFiles += 1
                    continue
                }
                importActivity(data, format: format, path: file, inFolder: true)
            }
        }

        /// A file named on the command line: an activity file, or JSON lines.
        mutating func importNamedFile(_ path: String) {
            guard let data = read(path, named: true) else { return }
            if let format = ActivityFile.format(of: data) {
                importActivity(data, format: format, path: path, inFolder: false)
            } else if let named = Self.activityExtension(of: path), named == .fit || !FolderSearch.mayBeXML(data) {
                refuseUnrecognised(path, size: data.count, named: named, alone: namedFiles == 1)
            } else {
                importJSONLines(data, path: path)
            }
        }

        /// The activity format a file's name says (`.fit`, `.gpx`, `.tcx`, any case), or `nil`.
        static func activityExtension(of path: String) -> RecordedActivity.Format? {
            RecordedActivity.Format(rawValue: URL(fileURLWithPath: path).pathExtension.lowercased())
        }

        /// Refuses a file whose name says FIT, GPX or TCX but whose content is not (an empty
        /// or cut-off copy, another file renamed): data (65), naming it; `alone` when it is the
        /// only path named. (An empty file of another name is an empty history's JSON lines.)
        mutating func refuseUnrecognised(_ path: String, size: Int, named: RecordedActivity.Format, alone: Bool) {
            let what = if size == 0 {
                "the file is empty"
            } else {
                switch named {
                case .fit: size < 12 ? "too short for a FIT file (\(size) bytes; its header alone is 12 or 14)" : "not a FIT file (no .FIT signature in its header)"
                case .gpx: "not a GPX file (no <gpx> root element)"
                case .tcx: "not a TCX file (no <TrainingCenterDatabase> root element)"
                }
            }
            fail(.data("\(path.oneLineEscaped): \(what); \(alone ? "nothing was imported" : "not imported")"))
        }

        /// The bytes of `path`; `nil` after reporting why it cannot be read.
        mutating func read(_ path: String, named: Bool) -> Data? {
            let url = URL(fileURLWithPath: path)
            do {
                // A FIFO or device named on the line (`<(…)`) is read as `cat` would; a regular file
                // whole (`readInput` stops at a chunk with a NUL byte, which every FIT file has).
                if named, !isRegular(path) {
                    return try DiskFile.readInput(at: url, maximumBytes: HistoryImportCommand.maximumBytes)
                }
                return try DiskFile.read(at: url, maximumBytes: HistoryImportCommand.maximumBytes)
            } catch {
                let consequence = named && namedFiles == 1 ? "nothing was imported" : "not imported"
                fail(CommandFailure(status: ErrorReport.status(for: error), message: "\(error); \(consequence)"))
                return nil
            }
        }

        private func isRegular(_ path: String) -> Bool {
            (try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType) == .typeRegular
        }

        mutating func fail(_ failure: CommandFailure) {
            status = max(status, ErrorReport.report(failure, console: console))
            refused += 1
        }

        // MARK: Activities

        /// Decodes, converts, checks for a duplicate, keeps the original, appends the record.
        mutating func importActivity(_ data: Data, format: RecordedActivity.Format, path: String, inFolder: Bool) {
            let shown = path.oneLineEscaped
            let sha: String
            do throws(FileDigest.Unavailable) { sha = try FileDigest.sha256(of: data) } catch {
                fail(.io("\(shown): \(error)"))
                return
            }
            guard let fileID = ActivityIdentity.id(sha256: sha) else { return }
            guard loadKeys(), let keys else { return }
            if ids.contains(fileID) {
                present += 1
                // The session came back from a JSON lines backup without its original: keep it now.
                let originals = ActivityOriginals(folder)
                if originals.find(fileID) == nil, (try? originals.keep(data, id: fileID, format: format.rawValue)) != nil {
                    console.out("\(shown): already present (\(HistoryText.shortID(fileID))); its original kept")
                } else {
                    console.out("\(shown): already present (\(HistoryText.shortID(fileID)))")
                }
                return
            }
            let activity: RecordedActivity
            do {
                activity = try ActivityFile.decode(data)
            } catch {
                if inFolder, case let .notAnActivity(kind) = error {
                    notActivities += 1
                    console.out("\(shown): skipped: \(kind), not an activity")
                    return
                }
                if case .readerUnavailable = error {
                    fail(.io("\(shown): \(error)"))
                    return
                }
                fail(.data("\(shown): \(error)"))
                return
            }
            let profile = loadProfile()
            let zone = LocalTimeZone.current(environment: context.environment, at: activity.sessions.first?.start ?? Date())
            let source = RecordSource(format: format.rawValue, fileName: String(URL(fileURLWithPath: path).lastPathComponent.prefix(255)),
                                      sha256: sha, manufacturer: activity.device?.manufacturer, product: activity.device?.product)
            let converted: ImportedActivity
            do {
                converted = try ImportedActivity(activity, id: fileID, source: source, weightKg: profile.weightKg, zone: zone)
            } catch {
                fail(.data("\(shown): \(error)"))
                return
            }
            // A file hiit exported carries its session's own id.
            let id = converted.record.id
            if id != fileID, ids.contains(id) {
                present += 1
                console.out("\(shown): already present (\(HistoryText.shortID(id)))")
                return
            }
            let key = ActivityDuplicate.Key(converted.record)
            if let same = ActivityDuplicate.match(key, in: keys) {
                present += 1
                console.out("\(shown): already present (\(HistoryText.shortID(same.id)), the same activity)")
                return
            }
            let overlap = ActivityDuplicate.overlap(key, in: keys)
            let originals = ActivityOriginals(folder)
            do {
                try folder.create()
                try originals.keep(data, id: id, format: format.rawValue)
                let result = try folder.history.appendNew([converted.record], known: &known)
                guard !result.appended.isEmpty else {
                    present += 1
                    console.out("\(shown): already present (\(HistoryText.shortID(id)))")
                    return
                }
            } catch {
                _ = try? originals.remove(id)
                fail(CommandFailure(status: ErrorReport.status(for: error), message: "\(shown): \(error); not imported"))
                return
            }
            for note in converted.notes { console.err("Note: \(shown): \(note.oneLineEscaped)") }
            if let overlap {
                console.err("Note: \(shown): starts within a minute of \(HistoryText.shortID(overlap.id)) with the same sports but lasts "
                    + "\(Format.words(key.seconds)) against \(Format.words(overlap.seconds)): a cut-off copy? "
                    + "'hiit history delete \(HistoryText.shortID(id))' removes it")
            }
            if let zoneNote = converted.zoneNote {
                // Most GPX files are in UTC: in a folder of them, one line says so for them all.
                if inFolder {
                    unzonedInFolders += 1
                    unzonedZone = converted.record.timeZone
                    unzonedFile = shown
                } else {
                    console.err("Note: \(shown): \(zoneNote.oneLineEscaped)")
                }
            }
            imported += 1
            filesDone += 1
            insert(key)
            ids.insert(id)
            console.out("\(shown): imported \(Self.describe(converted.record, units: profile.units))")
        }

        /// `1B4E28BA 2026-11-28 07:12 Morning ride, 40.12 km in 1 h 20 min 5 s`.
        static func describe(_ record: SessionRecord, units: Profile.Units) -> String {
            let clock = HistoryText.wallClock(record.start, utcOffsetSeconds: record.utcOffsetSeconds)
            var text = "\(HistoryText.shortID(record.id)) \(record.localDate) \(clock.time) \(SessionTitle.title(for: record).sanitizedForTerminal)"
            let sports = Set(record.legs.compactMap(\.knownSport).filter { $0 != .transition })
            if let meters = Format.shownDistance(record.totalDistanceMeters) {
                let sport = sports.count == 1 ? sports.first : nil
                text += ", " + Format.distance(meters, units: units, sport: sport, poolUnit: record.legs.first?.poolUnit)
                text += " in " + Format.words(record.end.timeIntervalSince(record.start))
            } else {
                text += ", " + Format.words(record.end.timeIntervalSince(record.start))
            }
            return text
        }

        /// Reads the history's sessions once, for ids and the duplicate rule.
        /// - Returns: whether they could be read (else the failure was reported).
        mutating func loadKeys() -> Bool {
            guard keys == nil else { return true }
            do {
                let records = try folder.history.read().records
                keys = records.map(ActivityDuplicate.Key.init).sorted { $0.start < $1.start }
                ids = Set(records.map(\.id))
                return true
            } catch {
                fail(CommandFailure(status: ErrorReport.status(for: error), message: "\(error); nothing was imported"))
                return false
            }
        }

        /// Adds the key of a session just imported, keeping ``keys`` sorted by start.
        mutating func insert(_ key: ActivityDuplicate.Key) {
            guard let index = keys.map({ list in list.firstIndex { $0.start > key.start } ?? list.count }) else { return }
            keys?.insert(key, at: index)
        }

        mutating func loadProfile() -> Profile {
            if let profile { return profile }
            let loaded = ProfileLoader.load(context.locations, console: console, consequence: "no calorie estimate for activities without one")
            profile = loaded
            return loaded
        }

        // MARK: JSON lines

        /// hiit's own JSON lines: every session not already present (by id), in batches.
        mutating func importJSONLines(_ data: Data, path: String) {
            switch HistoryImportCommand.importLines(data, path: path, history: folder.history, known: &known,
                                                    isVerbose: isVerbose, console: console) {
            case let .success(counts):
                imported += counts.imported
                present += counts.present
                badLines += counts.bad
                filesDone += 1
                keys = nil  // the sessions appended count for the duplicate rule
                if namedFiles > 1 {
                    console.out("\(path.oneLineEscaped): imported \(counts.imported) \(counts.imported == 1 ? "session" : "sessions"), "
                        + "\(counts.present) already present, \(counts.bad) bad \(counts.bad == 1 ? "line" : "lines")")
                }
            case let .failure(failure):
                fail(failure)
            }
        }

        /// Prints the summary (unless the only file named was refused) and returns the status.
        func finish() -> Int32 {
            if unzonedInFolders > 0 {
                let files = unzonedInFolders == 1 ? "\(unzonedFile), found in a folder, gives" : "\(unzonedInFolders) files found in folders give"
                console.err("Note: \(files) no time zone: dated in \(unzonedZone.oneLineEscaped) at \(unzonedInFolders == 1 ? "its" : "each") start")
            }
            if filesDone > 0 || refused == 0 || namedFiles > 1 || notActivities + otherFiles > 0 {
                var line = "Imported \(imported) \(imported == 1 ? "session" : "sessions"), skipped \(present) already present, "
                    + "\(badLines) bad \(badLines == 1 ? "line" : "lines")"
                if refused > 0 { line += ", \(refused) \(refused == 1 ? "file" : "files") refused" }
                if notActivities > 0 { line += ", \(notActivities) not \(notActivities == 1 ? "an activity" : "activities")" }
                if otherFiles > 0 { line += ", \(otherFiles) other \(otherFiles == 1 ? "file" : "files") skipped" }
                console.out(line + ".")
            }
            return status
        }
    }

    /// The files a folder argument stands for: regular files below it, in path order, leaving out
    /// hidden entries (`.Trashes`, `.git`), symbolic links and other file systems (`/proc` under
    /// `/`), at most ``deepest`` levels down and ``mostEntries`` entries looked at, so that a
    /// folder typed by mistake (`/`, `~`) ends soon.
    struct FolderSearch {
        /// Entries (files and folders) looked at, at most.
        static let mostEntries = 100_000
        /// Levels of folders below the one named, at most (a watch: `GARMIN/Activity/`, 2).
        static let deepest = 12
        /// Bytes read from each file to recognise its format (a FIT header; the XML root
        /// element after a declaration and a comment or two).
        static let sniffedBytes = 4096

        /// The files found, sorted by path.
        var files: [String] = []
        /// Whether the search stopped at one of its bounds.
        var isCut = false

        init(_ path: String) {
            var root = stat()
            guard stat(path, &root) == 0 else { return }
            var found: [String] = []
            var looked = 0
            func walk(_ folder: String, level: Int) {
                guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
                for name in names.sorted() where !name.hasPrefix(".") {
                    looked += 1
                    guard looked <= Self.mostEntries else {
                        isCut = true
                        return
                    }
                    let child = folder.hasSuffix("/") ? folder + name : folder + "/" + name
                    var entry = stat()
                    guard lstat(child, &entry) == 0, entry.st_dev == root.st_dev else { continue }
                    switch entry.st_mode & S_IFMT {
                    case S_IFREG:
                        found.append(child)
                    case S_IFDIR:
                        if level < Self.deepest { walk(child, level: level + 1) } else { isCut = true }
                    default:
                        continue
                    }
                }
            }
            walk(path, level: 1)
            files = found
        }

        /// Whether `head` may start an XML document whose root lies past the bytes read (a
        /// long comment): a byte order mark, white space or `<` first.
        static func mayBeXML(_ head: Data) -> Bool {
            guard head.count >= sniffedBytes, let first = head.first else { return false }
            return first == UInt8(ascii: "<") || first == 0xEF || first == 0x20 || first == 0x0A || first == 0x0D || first == 0x09
        }
    }

    /// The counts of one JSON lines file.
    struct LineCounts {
        var imported = 0
        var present = 0
        var bad = 0
    }

    /// Imports the sessions of a JSON lines file; nothing when it holds none (the failure says
    /// what the file looks like).
    static func importLines(_ data: Data, path: String, history: HistoryFile, known: inout HistoryKnownIDs,
                            isVerbose: Bool, console: Console) -> Result<LineCounts, CommandFailure> {
        let expected = "expected JSON lines as 'hiit history export --json' writes them"
        let shown = path
        if let nul = Self.firstNUL(in: data) {
            let line = data[data.startIndex..<(data.startIndex + nul)].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
            return .failure(.data("\(shown), line \(line): not a text file (it holds a NUL byte); \(expected); nothing was imported"))
        }
        let scan = HistoryFile.scan(data, path: shown)
        if scan.entries.isEmpty, let line = Self.firstLineNotUTF8(data) {
            return .failure(.data("\(shown), line \(line): not UTF-8 text; \(expected); nothing was imported"))
        }
        // Nothing could be read, or a JSON array (never JSON lines, even where one of its lines
        // reads as a session): say what the file looks like rather than "0 imported".
        let nothingRead = scan.entries.isEmpty && !scan.problems.isEmpty
        let isArray = data.first { ![0x20, 0x09, 0x0D, 0x0A].contains($0) } == UInt8(ascii: "[")
        if nothingRead || isArray, let kind = Self.kindOfFile(data) {
            return .failure(.data("\(shown): nothing to import: this is \(kind); \(expected); nothing was imported"))
        }
        if nothingRead {
            HistoryReading.report(scan.problems, path: shown, console: console)
            let bad = scan.problems.count
            return .failure(.data("\(shown): no line is a session (\(bad) bad \(bad == 1 ? "line" : "lines")); \(expected); nothing was imported"))
        }
        HistoryReading.report(scan.problems, path: shown, console: console)

        var counts = LineCounts(bad: scan.problems.count)
        let entries = scan.entries
        var start = 0
        do {
            try DataFolder(url: history.url.deletingLastPathComponent()).create()
            while start < entries.count {
                let batch = Array(entries[start..<min(start + Self.batchSize, entries.count)])
                start += batch.count
                let result = try history.appendNew(lines: batch, known: &known)
                counts.imported += result.appended.count
                counts.present += result.alreadyPresent.count
                if isVerbose {
                    for record in result.appended { console.out("saved \(record.id.uuidString)") }
                    for record in result.alreadyPresent { console.out("already present \(record.id.uuidString)") }
                }
            }
        } catch {
            let imported = counts.imported
            return .failure(CommandFailure(status: ErrorReport.status(for: error),
                                           message: "\(error) (\(imported) \(imported == 1 ? "session was" : "sessions were") imported before it)"))
        }
        return .success(counts)
    }

    /// What a file that holds no session looks like, for the error: hiit's own CSV or another
    /// CSV, a workout or plan file, a JSON array (`hiit history --json`), XML (GPX, TCX); `nil`
    /// when it looks like none of them.
    /// - Parameter data: the file's bytes (text: no NUL byte).
    /// - Returns: a phrase that completes "this is …", with what to do instead where there is one.
    static func kindOfFile(_ data: Data) -> String? {
        let text = String(decoding: data.prefix(64 * 1024), as: UTF8.self)
            .trimmingCharacters(in: CharacterSet.whitespacesAndNewlines.union(CharacterSet(charactersIn: "\u{FEFF}")))
        let firstLine = text.prefix { $0 != "\n" && $0 != "\r" }
        if firstLine.hasPrefix("id,workout,kind,") {
            return "CSV as 'hiit history export --csv' writes it, which cannot be read back"
        }
        if text.hasPrefix("<") {
            let root = text.contains("<gpx") ? "GPX" : text.contains("<TrainingCenterDatabase") ? "TCX" : "XML"
            return "\(root), not JSON lines"
        }
        if text.hasPrefix("[") {
            return "a JSON array (as 'hiit history --json' writes it), not JSON lines"
        }
        if text.hasPrefix("{"), let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] {
            if object["exercises"] != nil { return "a workout file; add it to the library with 'hiit import'" }
            if object["legs"] != nil, object["start"] == nil {
                return "a multisport plan file; add it to the library with 'hiit import'"
            }
            return nil
        }
        if !text.hasPrefix("{"), firstLine.filter({ $0 == "," }).count >= 2 { return "CSV, not JSON lines" }
        return nil
    }

    /// The offset of the first NUL byte in `data` (from its start), or `nil`: `memchr` over the
    /// bytes, as a byte-by-byte search of a large `Data` is slow.
    static func firstNUL(in data: Data) -> Int? {
        data.withUnsafeBytes { buffer -> Int? in
            guard let base = buffer.baseAddress, let found = memchr(base, 0, buffer.count) else { return nil }
            return base.distance(to: UnsafeRawPointer(found))
        }
    }

    /// The 1-based number of the first line that is not valid UTF-8, or `nil`.
    static func firstLineNotUTF8(_ data: Data) -> Int? {
        for (index, line) in data.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated()
        where String(data: Data(line), encoding: .utf8) == nil {
            return index + 1
        }
        return nil
    }
}
