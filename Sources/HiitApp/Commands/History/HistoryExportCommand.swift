import ActivityFiles
import ActivityRecords
import CommandLineKit
import Foundation
import WorkoutModel
import WorkoutStore

/// `hiit history export [--csv|--json] [--force] [FILE]`: the history as JSON lines (the stored
/// lines, oldest first) or CSV, to FILE or standard output; `hiit history export ID
/// --fit|--tcx|--gpx [FILE]`: one session as an activity file for the training platforms;
/// `ID ID … --fit FOLDER` or `--since DATE --fit FOLDER`: one file per session into a folder.
struct HistoryExportCommand: Command {
    static let configuration = CommandConfiguration(
        path: ["history", "export"], abstract: "Write the history as JSON lines or CSV, or sessions as FIT, TCX or GPX files.",
        discussion: "With --fit (or --tcx, --gpx) the first argument is a session's ID (as 'hiit history' shows it) and the second where to write: a file, or a folder, in which the file is named YYYY-MM-DD-HHMM-<name>.<ext> from the session's local start; with none, standard output when it is not a terminal. Several IDs, or --since DATE (sessions of that local day or later), write one file per session into the folder given last (created when missing); nothing is written when one of the files exists without --force. Strava, Garmin Connect and intervals.icu take the FIT file as an upload; TCX (an interval session as Sport Other, a multisport one as a MultiSportSession) and GPX (only for a session with a GPS track; with several sessions those without one are left out and named) for platforms that prefer them. An imported session is written from its kept original: byte for byte when the format is the original's, else from what the original holds; hiit's own sessions from their record (an interval session as sport hiit with a tabata, emom, amrap or hiit sub-sport, a multisport one as a session per leg, with hiit's own values in FIT developer fields, so that importing the file where the session is says 'already present'). JSON lines are the stored lines, oldest first, exactly as stored. CSV (RFC 4180, CRLF line ends) has the columns id, workout, kind, start, end, timeZone, localDate, workoutSeconds, totalSeconds, pausedSeconds, rounds, exercises, weightKg, kcal, distanceMeters (the legs' distances added up, in metres; empty for interval workouts) and legDistances (every leg in order as sport=metres, separated by semicolons, nothing after = for a leg without a distance: swimming=750;transition=;cycling=20000). Lines that cannot be read are reported and left out.")

    /// The arguments as typed: `[FILE]` for the history, `ID [FILE]` for one session.
    @Argument("FILE", help: "Where to write (created 0600); standard output when left out. With --fit, --tcx or --gpx: the session's ID, then the file or folder; or several IDs, then the folder; with --since, the folder alone.", isOptional: true)
    var words: [String]
    /// `--fit`: sessions as FIT activity files.
    @Flag("fit", help: "Write the session ID as a FIT activity file (Strava, Garmin Connect, intervals.icu).") var isFIT: Bool
    /// `--tcx`: sessions as TCX files.
    @Flag("tcx", help: "Write the session ID as a TCX file (Training Center Database v2).") var isTCX: Bool
    /// `--gpx`: sessions with a GPS track as GPX files.
    @Flag("gpx", help: "Write the session ID's GPS track as a GPX 1.1 file (sessions with a track only).") var isGPX: Bool
    /// `--json`: JSON lines, the default.
    @Flag("json", help: "JSON lines (the default).") var isJSON: Bool
    /// `--csv`: CSV rather than JSON lines.
    @Flag("csv", help: "CSV with a header row.") var isCSV: Bool
    /// `--force`: whether an existing file is replaced.
    @Flag("force", help: "Replace FILE when it exists.") var replaces: Bool
    /// `--originals FOLDER`: where the kept originals of imported activities are copied.
    @Option("originals", valueName: "folder",
            help: "Also copy the kept original of each imported activity (FIT, GPX, TCX) into this folder (created 0700 when missing; files 0600, named by the session's id, never replaced).")
    var originalsFolder: String?

    /// `--since DATE`: with an activity format, every session of that local day or later.
    @Option("since", valueName: "date",
            help: "With --fit, --tcx or --gpx: every session whose local date is this day (YYYY-MM-DD) or later, one file each into the folder given (created 0700 when missing).",
            as: StatsCommand.dateConversion)
    var since: LocalDay?

    /// Where to write the history; `nil` for standard output.
    var destination: URL? { words.first.map { URL(fileURLWithPath: $0) } }

    /// The activity format asked for, if any.
    var activityFormat: RecordedActivity.Format? { isFIT ? .fit : isTCX ? .tcx : isGPX ? .gpx : nil }

    /// - Throws: ``CommandLineError/conflict(_:)`` for two formats together, or `--originals` with
    ///   an activity format; ``CommandLineError/invalidValue(option:value:reason:)``-style
    ///   usage errors for a wrong number of arguments.
    func validate() throws(CommandLineError) {
        let formats = [(isCSV, "--csv"), (isJSON, "--json"), (isFIT, "--fit"), (isTCX, "--tcx"), (isGPX, "--gpx")]
            .filter(\.0).map(\.1)
        if formats.count > 1 {
            throw .conflict("\(formats.joined(separator: " and ")) cannot be given together; choose one format")
        }
        if let format = activityFormat {
            let flag = "--\(format.rawValue)"
            if originalsFolder != nil { throw .conflict("--originals copies the originals with the history; it cannot be given with \(flag)") }
            if since != nil {
                if words.count != 1 {
                    throw .conflict("--since writes one file per session into a folder: hiit history export --since DATE \(flag) FOLDER")
                }
            } else if words.isEmpty {
                throw .conflict("\(flag) needs the session's ID: hiit history export ID \(flag) [FILE], or ID ID … \(flag) FOLDER, or --since DATE \(flag) FOLDER")
            }
        } else if since != nil {
            throw .conflict("--since picks the sessions to write as activity files; add --fit, --tcx or --gpx")
        } else if words.count > 1 {
            throw .conflict("give at most one FILE; to write one session as a file, add --fit, --tcx or --gpx")
        }
    }

    func run(_ context: CommandContext) throws -> Int32 {
        if let format = activityFormat {
            if since != nil || words.count > 2 { return try exportSessions(as: format, context: context) }
            return try exportSession(as: format, context: context)
        }
        let console = context.console
        let history = DataFolder(url: context.locations.dataFolder).history
        let scan = try HistoryReading.scan(history, console: console)
        let text = isCSV
            ? HistoryCSV.document(scan.entries.map(\.record))
            : scan.entries.map { $0.storedJSON + "\n" }.joined()
        guard let destination else {
            // The console adds the final "\n" itself. (Drop that byte, not the last Character:
            // CSV's "\r\n" is one Character.)
            // On a terminal, what a name holds is shown, never obeyed.
            let shown = console.stdoutIsTerminal ? TerminalText.escaped(text) : text
            if !shown.isEmpty { console.out(String(decoding: Data(shown.utf8).dropLast(), as: UTF8.self)) }
            try copyOriginals(of: scan.entries.map(\.record), context: context, reportOnStderr: true)
            return ExitStatus.success
        }
        try write(Data(text.utf8), to: destination)
        let count = scan.entries.count
        console.out("Exported \(count) \(count == 1 ? "session" : "sessions") to \(destination.path)")
        try copyOriginals(of: scan.entries.map(\.record), context: context, reportOnStderr: false)
        return ExitStatus.success
    }

    /// Writes `data` to `url` (0600), replacing it only with `--force`.
    /// - Throws: ``CommandFailure`` — usage (64) when the file exists without `--force`, I/O
    ///   (74) when it cannot be written.
    func write(_ data: Data, to url: URL) throws {
        do {
            try HistoryExport.write(data, to: url, replacing: replaces)
        } catch {
            if case let .io(_, operation, code) = error, code == EEXIST, operation == "create" {
                throw CommandFailure.usage("\(url.path) exists; add --force to replace it")
            }
            throw CommandFailure.io("\(error)")
        }
    }

    /// Copies the kept originals of `records` into ``originalsFolder`` (when given), saying how
    /// many (on stderr when the export itself goes to stdout); a file already there is left as
    /// it is (the same id is the same bytes).
    /// - Throws: ``CommandFailure`` (74) when the folder cannot be made or a file written.
    func copyOriginals(of records: [SessionRecord], context: CommandContext, reportOnStderr: Bool) throws {
        guard let originalsFolder else { return }
        let folder = URL(fileURLWithPath: originalsFolder, isDirectory: true)
        let originals = ActivityOriginals(DataFolder(url: context.locations.dataFolder))
        var copied = 0, missing = 0
        do {
            try DiskFile.createFolder(at: folder)
            for record in records where record.source != nil {
                guard let kept = originals.find(record.id) else {
                    missing += 1
                    continue
                }
                let target = folder.appendingPathComponent(kept.lastPathComponent)
                guard !FileManager.default.fileExists(atPath: target.path), let (_, data) = try originals.read(record.id) else { continue }
                try DiskFile.writeAtomically(data, to: target)
                copied += 1
            }
        } catch {
            throw CommandFailure.io("\(error) (\(copied) original \(copied == 1 ? "file was" : "files were") copied before it)")
        }
        let missingText = missing > 0 ? "; \(missing) imported \(missing == 1 ? "session has" : "sessions have") no original kept" : ""
        let line = "Copied \(copied) original \(copied == 1 ? "file" : "files") to \(folder.path)\(missingText)"
        if reportOnStderr { context.console.err(line) } else { context.console.out(line) }
    }

    // MARK: Sessions as activity files

    /// Writes the sessions `words.dropLast()` (or those since ``since``) as `format` files into
    /// the folder `words.last`, one each, named by ``fileName(of:format:)`` (`-2`, `-3` … added
    /// where two would share a name). Nothing is written when a file is there already without
    /// `--force`.
    /// With GPX, sessions without a GPS track are left out and named.
    /// - Throws: ``CommandFailure`` — usage (64) for an unknown or ambiguous ID, a folder that
    ///   is a file, or an existing file without `--force`; data (65) for a kept original that
    ///   no longer decodes, or GPX when no session has a track; I/O (74) when the folder or a
    ///   file cannot be written.
    func exportSessions(as format: RecordedActivity.Format, context: CommandContext) throws -> Int32 {
        let console = context.console
        let folder = DataFolder(url: context.locations.dataFolder)
        guard let last = words.last else { return ExitStatus.success }
        let target = URL(fileURLWithPath: last, isDirectory: true)
        let scan = try HistoryReading.scan(folder.history, console: console)
        var records: [SessionRecord] = []
        if let since {
            records = scan.entries.map(\.record).filter { $0.localDate >= since }
            guard !records.isEmpty else {
                console.out("No sessions on or after \(since) in \(folder.history.url.path); nothing written")
                return ExitStatus.success
            }
        } else {
            for id in words.dropLast() {
                let match = SessionIDMatch.find(id, in: scan.entries)
                guard case let .found(entry) = match else {
                    throw CommandFailure.usage(match.message(for: id, path: folder.history.url.path) ?? "")
                }
                if !records.contains(where: { $0.id == entry.record.id }) { records.append(entry.record) }
            }
        }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: target.path, isDirectory: &isFolder), !isFolder.boolValue {
            throw CommandFailure.usage("\(target.path) is a file; several sessions are written into a folder")
        }
        let files = Self.fileNames(of: records, format: format).map { target.appendingPathComponent($0) }
        if !replaces, let existing = files.first(where: { FileManager.default.fileExists(atPath: $0.path) }) {
            throw CommandFailure.usage("\(existing.path) exists; add --force to replace it (nothing was written)")
        }
        var written = 0
        var untracked: [UUID] = []
        for (record, file) in zip(records, files) {
            let data: Data
            do {
                data = try Self.fileBytes(of: record, as: format, in: folder)
            } catch let noTrack as NoGPSTrack {
                untracked.append(noTrack.id)
                continue
            }
            if written == 0 {
                do {
                    try DiskFile.createFolder(at: target)
                } catch {
                    throw CommandFailure.io("\(error)")
                }
            }
            try write(data, to: file)
            written += 1
            console.out("Exported \(HistoryText.shortID(record.id)) to \(file.path)")
        }
        let leftOut = untracked.isEmpty ? ""
            : "; \(untracked.count) without a GPS track left out (\(untracked.map(HistoryText.shortID).joined(separator: ", ")))"
        guard written > 0 else {
            if records.count == 1, let id = untracked.first { throw NoGPSTrack(id: id).failure }
            throw CommandFailure.data("none of the \(records.count) sessions has a GPS track, and a GPX file holds only positioned points; nothing written")
        }
        console.out("Exported \(written) \(written == 1 ? "session" : "sessions") to \(target.path)\(leftOut)")
        return ExitStatus.success
    }

    /// ``fileName(of:format:)`` of each record, made unique: the second of a name gets `-2`
    /// before its extension, the third `-3`, and so on.
    static func fileNames(of records: [SessionRecord], format: RecordedActivity.Format) -> [String] {
        var used = Set<String>()
        return records.map { record in
            let name = fileName(of: record, format: format)
            var candidate = name, number = 1
            while used.contains(candidate) {
                number += 1
                candidate = String(name.dropLast(format.rawValue.count + 1)) + "-\(number).\(format.rawValue)"
            }
            used.insert(candidate)
            return candidate
        }
    }

    // MARK: One session as an activity file

    /// Writes the session `words[0]` as a `format` file to `words[1]` (a file, or a folder to
    /// name it in) or to stdout when that is not a terminal.
    /// - Throws: ``CommandFailure`` — usage (64) for an unknown ID, a terminal stdout or an
    ///   existing file without `--force`; data (65) for a kept original that no longer decodes
    ///   or a GPX of a session without a GPS track; I/O (74) when the file cannot be written.
    func exportSession(as format: RecordedActivity.Format, context: CommandContext) throws -> Int32 {
        let console = context.console
        let folder = DataFolder(url: context.locations.dataFolder)
        let entry = try SessionIDMatch.entry(words[0], in: folder.history, console: console)
        let record = entry.record
        let data: Data
        do {
            data = try Self.fileBytes(of: record, as: format, in: folder)
        } catch let noTrack as NoGPSTrack {
            throw noTrack.failure
        }
        guard words.count > 1 else {
            if console.stdoutIsTerminal {
                throw CommandFailure.usage("a \(format.rawValue.uppercased()) file is not for the terminal; give a FILE (hiit history export \(HistoryText.shortID(record.id)) --\(format.rawValue) \(Self.fileName(of: record, format: format))) or redirect the output")
            }
            console.outBytes(data)
            return ExitStatus.success
        }
        var target = URL(fileURLWithPath: words[1])
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: target.path, isDirectory: &isFolder), isFolder.boolValue {
            target = target.appendingPathComponent(Self.fileName(of: record, format: format))
        }
        try write(data, to: target)
        console.out("Exported \(HistoryText.shortID(record.id)) to \(target.path)")
        return ExitStatus.success
    }

    /// The bytes of `record` as a `format` file: the kept original as it is when it is of that
    /// format; else encoded from the original's activity (an imported session) or from the
    /// record (``SessionExport/activity(of:)``; also for an imported session whose original is
    /// gone, with a note).
    /// - Throws: ``NoGPSTrack`` for GPX of a session without a positioned point;
    ///   ``CommandFailure`` (65) when the original no longer decodes or there is nothing to
    ///   write (a session without legs); (74) when the original cannot be read.
    static func fileBytes(of record: SessionRecord, as format: RecordedActivity.Format, in folder: DataFolder) throws -> Data {
        var activity = SessionExport.activity(of: record)
        if record.source != nil {
            let kept: (URL, Data)?
            do {
                kept = try ActivityOriginals(folder).read(record.id)
            } catch {
                throw CommandFailure.io("\(error)")
            }
            if let (url, data) = kept {
                if ActivityFile.format(of: data) == format { return data }
                do {
                    activity = SessionExport.completed(try ActivityFile.decode(data), with: record)
                } catch {
                    if case .readerUnavailable = error { throw CommandFailure.io("\(url.path): \(error)") }
                    throw CommandFailure.data("\(url.path): \(error)")
                }
            }
        }
        let reason: String
        do {
            switch format {
            case .fit: return ActivityFile.encodeFIT(activity)
            case .tcx: return try ActivityFile.encodeTCX(activity)
            case .gpx: return try ActivityFile.encodeGPX(activity)
            }
        } catch {
            if format == .gpx { throw NoGPSTrack(id: record.id) }
            if case let .noActivity(why) = error { reason = why } else { reason = "\(error)" }
        }
        throw CommandFailure.data("session \(HistoryText.shortID(record.id)): nothing to write as \(format.rawValue.uppercased()): \(reason)")
    }

    /// A session with no positioned point asked for as GPX, which holds nothing else.
    struct NoGPSTrack: Error {
        /// The session's id.
        var id: UUID

        /// The error for one session asked for alone: data (65), naming the formats that work.
        var failure: CommandFailure {
            .data("session \(HistoryText.shortID(id)) has no GPS track, and a GPX file holds only positioned points; write it with --fit or --tcx")
        }
    }

    /// `2026-11-28-0712-Tabata.fit`: the local start (the record's offset) and the workout's
    /// name with every character but letters, digits, `-` and `_` made `-` (at most 60).
    static func fileName(of record: SessionRecord, format: RecordedActivity.Format) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: record.utcOffsetSeconds) ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: record.start)
        let stamp = String(format: "%04d-%02d-%02d-%02d%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0, parts.hour ?? 0, parts.minute ?? 0)
        let name = String(record.workout.unicodeScalars.map { scalar -> Character in
            CharacterSet.alphanumerics.contains(scalar) || scalar == "-" || scalar == "_" ? Character(scalar) : "-"
        }.prefix(60))
        let trimmed = name.trimmingCharacters(in: CharacterSet(charactersIn: "-"))
        return stamp + "-" + (trimmed.isEmpty ? "session" : trimmed) + "." + format.rawValue
    }
}
