import WorkoutModel
import WorkoutStats
import WorkoutStore

/// What `hiit stats` reads from the history: the daily roll-up (enough for every period of a
/// day or longer), for an hourly period (`day`, `24h`) its report built from every record as
/// it is read, and the lines that could not be read (reported, skipped).
///
/// The roll-up is derived from the history and kept in `<data>/cache/stats-rollup.cache`; when
/// the cache is used, the tail read or everything rebuilt is WorkoutStore's policy
/// (``DerivedCacheFile/derive(from:readsEverything:keepingSegments:empty:add:merge:payload:value:)``). The history is read
/// in chunks and never held: each record goes into the roll-up (and the hourly report) as it
/// is read.
struct StatsData {
    /// Totals per local date, start hour and filter.
    var rollup: DailyRollup
    /// The hourly report, when a builder was given (`nil` otherwise).
    var hourly: StatsReport?
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
    /// cache unless an hourly report must see every record.
    /// - Parameters:
    ///   - folder: the data folder.
    ///   - hourly: a builder for an hourly period's report, which is then given every record
    ///     (the whole history is read); `nil` for a day-or-longer period.
    ///   - rebuilding: read the whole history even when the cache is current, and write the
    ///     cache again (`hiit stats --rebuild-cache`).
    /// - Throws: ``StoreError/io(path:operation:errno:)`` when the history exists but cannot be read.
    static func load(folder: DataFolder, hourly: StatsReportBuilder? = nil, rebuilding: Bool = false) throws(StoreError) -> StatsData {
        let derived = try cacheFile(folder: folder).derive(
            // The statistics use no segment times: the fast reader only checks them.
            from: folder.history, readsEverything: hourly != nil || rebuilding, keepingSegments: false,
            empty: { Sums(rollup: DailyRollup(), hourly: hourly) },
            add: { sums, record in
                sums.rollup.add(record)
                sums.hourly?.add(record)
            },
            merge: { sums, other in
                sums.rollup.merge(other.rollup)
                if let later = other.hourly { sums.hourly?.merge(later) }
            },
            payload: { $0.rollup.binaryForm },
            value: { bytes in (try? DailyRollup(binaryForm: bytes)).map { Sums(rollup: $0, hourly: nil) } })
        return StatsData(rollup: derived.value.rollup, hourly: derived.value.hourly?.report, problems: derived.problems)
    }

    /// What a read of the history adds up: the roll-up, and the hourly report being built.
    struct Sums: Sendable {
        var rollup: DailyRollup
        var hourly: StatsReportBuilder?
    }
}
