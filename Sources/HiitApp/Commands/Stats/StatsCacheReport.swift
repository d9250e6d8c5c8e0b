import Foundation
import WorkoutModel
import WorkoutStats
import WorkoutStore

/// `hiit stats --cache` and `hiit stats --rebuild-cache` (issue 17): the roll-up cache's file,
/// the days and sessions it holds, when it was last written (its file's modification time: a
/// rebuild or an update after appends), and whether it matches the history now.
enum StatsCacheReport {
    /// Rebuilds (when asked) and shows (when asked) the cache of `folder`.
    /// - Returns: ``ExitStatus/success``.
    /// - Throws: ``CommandFailure/io(_:)`` when the history exists but cannot be read, or the
    ///   cache cannot be removed or written (the history is never changed).
    static func run(folder: DataFolder, rebuilds: Bool, shows: Bool, isJSON: Bool, context: CommandContext) throws -> Int32 {
        let console = context.console
        let file = StatsData.cacheFile(folder: folder)
        var said: [String] = []
        var rebuilt: (sessions: Int, days: Int)?
        if rebuilds {
            do throws(StoreError) {
                try file.remove()
                let data = try StatsData.load(folder: folder, rebuilding: true)
                HistoryReading.report(data.problems, path: folder.historyURL.path, console: console)
                rebuilt = (data.rollup.sessionCount, data.rollup.dayCount)
                if FileManager.default.fileExists(atPath: folder.historyURL.path) {
                    guard file.read() != nil else {
                        throw StoreError.io(path: file.url.path, operation: "write", errno: EIO)
                    }
                    said.append("Rebuilt the roll-up cache from the whole history: \(data.rollup.sessionCount) sessions on \(data.rollup.dayCount) days.")
                } else {
                    said.append("No history to roll up: the cache was removed.")
                }
            } catch {
                throw CommandFailure.io("\(error)")
            }
        }
        let state = try State.read(file: file, folder: folder)
        if isJSON {
            var object: [String: Any] = ["path": file.url.path, "state": state.word]
            object["days"] = state.rollup.map { $0.dayCount } ?? NSNull()
            object["sessions"] = state.rollup.map { $0.sessionCount } ?? NSNull()
            object["firstDay"] = state.rollup?.dateRange.map { $0.lowerBound.description } ?? NSNull()
            object["lastDay"] = state.rollup?.dateRange.map { $0.upperBound.description } ?? NSNull()
            let statsContext = WeekStanding.context(now: context.now, firstWeekday: .monday, environment: context.environment)
            object["written"] = state.written.map { statsContext.isoDateTime($0) } ?? NSNull()
            object["matchesHistory"] = state.word == "current"
            object["rebuilt"] = rebuilt != nil
            let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
            console.out(String(decoding: data, as: UTF8.self))
            return ExitStatus.success
        }
        for line in said { console.out(line) }
        if shows {
            let statsContext = WeekStanding.context(now: context.now, firstWeekday: .monday, environment: context.environment)
            var lines: [(String, String)] = [("Roll-up cache", file.url.path)]
            if let rollup = state.rollup {
                let range = rollup.dateRange.map { " (\(StatsScreen.dateRange($0.lowerBound, $0.upperBound, glyphs: context.glyphs)))" } ?? ""
                lines.append(("Holds", "\(rollup.sessionCount) sessions on \(rollup.dayCount) days\(range)"))
            }
            if let written = state.written {
                lines.append(("Last written", StatsScreen.instant(written, context: statsContext)))
            }
            lines.append(("State", state.text))
            let width = lines.map(\.0.count).max() ?? 0
            for (label, value) in lines {
                console.out(label.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + value)
            }
        }
        return ExitStatus.success
    }

    /// What the cache file holds and how it stands against the history.
    struct State {
        /// `current`, `behind`, `stale`, `missing` or `unreadable`.
        var word: String
        /// The sentence shown.
        var text: String
        /// The roll-up it holds, when readable.
        var rollup: DailyRollup?
        /// The file's modification time, when it exists.
        var written: Date?

        /// Reads the cache of `file` and compares it with the history of `folder` (reading only
        /// what was appended since, never rewriting anything).
        /// - Throws: ``CommandFailure/io(_:)`` when the history exists but cannot be read.
        static func read(file: DerivedCacheFile, folder: DataFolder) throws -> State {
            let written = (try? FileManager.default.attributesOfItem(atPath: file.url.path))?[.modificationDate] as? Date
            guard written != nil else {
                return State(word: "missing", text: "no cache yet: the next 'hiit stats' builds it", rollup: nil, written: nil)
            }
            guard let contents = file.read(), let rollup = try? DailyRollup(binaryForm: contents.payload) else {
                return State(word: "unreadable", text: "not a roll-up this hiit reads (damaged or of another version): the next 'hiit stats' rebuilds it",
                             rollup: nil, written: written)
            }
            let change: HistoryChange
            do throws(StoreError) {
                change = try folder.history.change(since: contents.fingerprint, problemLines: contents.problemLines)
            } catch {
                throw CommandFailure.io("\(error)")
            }
            switch change {
            case .unchanged:
                return State(word: "current", text: "matches the history: 'hiit stats' reads the cache, not the history",
                             rollup: rollup, written: written)
            case .appended(let read):
                return State(word: "behind", text: "\(read.records.count) sessions were added since: the next 'hiit stats' reads only those",
                             rollup: rollup, written: written)
            case .replaced:
                return State(word: "stale", text: "the history was rewritten or removed since: the next 'hiit stats' rebuilds it",
                             rollup: rollup, written: written)
            }
        }
    }
}
