import WorkoutModel
import WorkoutStats
import WorkoutStore

/// What `hiit stats` reads from the history: the daily roll-up (enough for every period of a
/// day or longer), the records themselves when an hourly period (`day`, `24h`) needs them, and
/// the lines that could not be read (reported, skipped).
///
/// The roll-up is derived from the history and kept in `<data>/cache/stats-rollup.cache`; when
/// the cache is used, the tail read or everything rebuilt is WorkoutStore's policy
/// (``DerivedCacheFile/derive(from:needsRecords:build:add:)``).
struct StatsData {
    /// Totals per local date, start hour and filter.
    var rollup: DailyRollup
    /// Every readable record, when asked for (`nil` otherwise).
    var records: [SessionRecord]?
    /// Lines of the history that were skipped.
    var problems: [HistoryProblem]

    /// The cache's payload kind: names the roll-up's schema version, so a roll-up of another
    /// version reads as no cache.
    static let cacheKind = "stats-rollup-\(DailyRollup.currentVersion)"

    /// The cache file of `folder`.
    static func cacheFile(folder: DataFolder) -> DerivedCacheFile {
        DerivedCacheFile(folder: folder, name: "stats-rollup.cache", kind: cacheKind)
    }

    /// Reads the history of `folder` (a missing file is an empty history), through the roll-up
    /// cache when the records themselves are not needed.
    /// - Parameters:
    ///   - folder: the data folder.
    ///   - needsRecords: whether the caller needs the records (hourly periods).
    /// - Throws: ``StoreError/io(path:operation:errno:)`` when the history exists but cannot be read.
    static func load(folder: DataFolder, needsRecords: Bool) throws(StoreError) -> StatsData {
        let derived = try cacheFile(folder: folder).derive(
            from: folder.history, needsRecords: needsRecords,
            build: { DailyRollup(records: $0) }, add: { $0.add($1) })
        return StatsData(rollup: derived.value, records: derived.records, problems: derived.problems)
    }
}
