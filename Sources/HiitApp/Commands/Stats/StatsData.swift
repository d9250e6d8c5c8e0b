import Foundation
import WorkoutModel
import WorkoutStats
import WorkoutStore

/// What `hiit stats` reads from the history: the daily roll-up (enough for every period of a
/// day or longer), the records themselves when an hourly period (`day`, `24h`) needs them, and
/// the lines that could not be read (reported, skipped).
///
/// The history is the source of truth; the roll-up is derived from it and kept in a cache,
/// `<data>/cache/stats-rollup.cache` (``DerivedCacheFile``), with the history's
/// ``HistoryFingerprint`` and the places of its bad lines:
/// - the history is in the state the cache describes → the roll-up is decoded from the cache,
///   the history is not read (only its bad lines, read again so that they are reported with
///   the strict decoder's exact messages);
/// - lines were only appended → only the new lines are read and added; the cache is rewritten;
/// - anything else (no cache, a broken or newer cache, a rewritten history after
///   `history delete`/`history edit`, a shrunk or removed file) → the whole history is read and
///   the cache rewritten.
/// A failure to write the cache is ignored; the statistics never fail because of it.
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
        let history = folder.history
        let cache = cacheFile(folder: folder)
        if !needsRecords, let cached = cache.read(),
           let rollup = try? JSONDecoder().decode(DailyRollup.self, from: cached.payload) {
            switch try history.change(since: cached.fingerprint, problemLines: cached.problemLines) {
            case let .unchanged(problems):
                return StatsData(rollup: rollup, records: nil, problems: problems)
            case let .appended(read):
                var grown = rollup
                for record in read.records { grown.add(record) }
                store(grown, read: read, in: cache)
                return StatsData(rollup: grown, records: nil, problems: read.problems)
            case .replaced:
                break
            }
        }
        let read = try history.readWithFingerprint()
        let rollup = DailyRollup(records: read.records)
        store(rollup, read: read, in: cache)
        return StatsData(rollup: rollup, records: needsRecords ? read.records : nil, problems: read.problems)
    }

    /// Writes the cache for `read`; failures are ignored (the history stays the source of truth).
    private static func store(_ rollup: DailyRollup, read: HistoryRead, in cache: DerivedCacheFile) {
        guard let fingerprint = read.fingerprint else {
            try? cache.remove()
            return
        }
        guard let payload = try? JSONEncoder().encode(rollup) else { return }
        try? cache.write(DerivedCacheFile.Contents(fingerprint: fingerprint, problemLines: read.problemLines,
                                                   payload: payload))
    }
}
