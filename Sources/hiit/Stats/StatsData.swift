import Foundation
import WorkoutModel
import WorkoutStats
import WorkoutStore

/// What `hiit stats` reads from the history: the daily roll-up (enough for every period of a
/// day or longer), the records themselves when an hourly period (`day`, `24h`) needs them, and
/// the lines that could not be read (reported, skipped).
///
/// The history is the source of truth; the roll-up is derived from it.
struct StatsData {
    /// Totals per local date, start hour and filter.
    var rollup: DailyRollup
    /// Every readable record, when asked for (`nil` otherwise).
    var records: [SessionRecord]?
    /// Lines of the history that were skipped.
    var problems: [HistoryProblem]

    /// Reads the history of `folder` (a missing file is an empty history).
    /// - Parameters:
    ///   - folder: the data folder.
    ///   - needsRecords: whether the caller needs the records (hourly periods).
    /// - Throws: ``StoreError/io(path:operation:errno:)`` when the history exists but cannot be read.
    static func load(folder: DataFolder, needsRecords: Bool) throws(StoreError) -> StatsData {
        let contents = try folder.history.read()
        return StatsData(rollup: DailyRollup(records: contents.records),
                         records: needsRecords ? contents.records : nil, problems: contents.problems)
    }
}
