import Foundation
import WorkoutModel

/// Data derived from the history (such as the statistics' daily roll-up), as
/// ``DerivedCacheFile/derive(from:readsEverything:keepingSegments:empty:add:merge:payload:value:)`` reads it: the value and
/// the lines that could not be read.
public struct DerivedHistory<Value> {
    /// The value derived from every readable record.
    public var value: Value
    /// Whether every line of the history was read (no cache stood in for it).
    public var readWholeHistory: Bool
    /// The history's lines that were skipped, in file order, with the strict decoder's messages.
    public var problems: [HistoryProblem]
}

extension DerivedHistory: Sendable where Value: Sendable {}

extension DerivedCacheFile {
    /// Reads `history` for a value derived from it, through this cache: the one place that
    /// decides when a cache may stand in for the history.
    ///
    /// The history is the source of truth; the cache holds the value (`payload`), the
    /// history's ``HistoryFingerprint`` and the places of its bad lines:
    /// - the history is in the state the cache describes → the value is decoded from the
    ///   cache and the history is not read (only its bad lines, read again so that they are
    ///   reported with the strict decoder's exact messages);
    /// - lines were only appended → only the new lines are read and `add`ed; the cache is
    ///   rewritten;
    /// - anything else (no cache, a broken or newer cache, a payload that `value` refuses, a
    ///   rewritten history after `history delete`/`history edit`, a shrunk or removed file),
    ///   and whenever `readsEverything` → the whole history is read (in parts at once on
    ///   several processors, ``HistoryFile/readWithFingerprint(empty:add:merge:)``), the value
    ///   built by `add`ing each record to `empty()`, and the cache rewritten (removed when there
    ///   is no history).
    /// The history is read in chunks and each record is added as it is read, so memory stays
    /// that of the value, whatever the size of the history. Records are not always added in
    /// file order: the value must be a sum. A failure to write or remove the cache is ignored:
    /// it never fails the caller.
    /// - Parameters:
    ///   - history: the history the value is derived from.
    ///   - readsEverything: read the whole history even when the cache is current (for a value
    ///     that holds more than the cache does, such as an hourly report); the cache is still
    ///     rewritten.
    ///   - keepingSegments: `false` when `add` does not use ``SessionRecord/segments`` nor legs' laps
    ///     (``HistoryFile/readWithFingerprint(keepingSegments:empty:add:merge:)``).
    ///   - empty: the value of no records.
    ///   - add: adds one record to a value (called at once from several threads, each on its
    ///     own value).
    ///   - merge: adds the value of a later part of the history to the value of the parts
    ///     before it.
    ///   - payload: the value as the cache stores it (`nil`: the cache is not written).
    ///   - value: the value back from a payload (`nil` for a payload it does not accept: the
    ///     value is then rebuilt).
    /// - Returns: the value, whether the whole history was read, and the bad lines.
    /// - Throws: ``StoreError/io(path:operation:errno:)`` when the history exists but cannot be read.
    public func derive<Value: Sendable>(
        from history: HistoryFile, readsEverything: Bool = false, keepingSegments: Bool = true,
        empty: @Sendable () -> Value, add: @Sendable (inout Value, SessionRecord) -> Void,
        merge: (inout Value, Value) -> Void,
        payload: (Value) -> [UInt8]?, value: ([UInt8]) -> Value?
    ) throws(StoreError) -> DerivedHistory<Value> {
        if !readsEverything, let cached = read(), var known = value(cached.payload) {
            let change = try history.change(since: cached.fingerprint, problemLines: cached.problemLines) { record in
                add(&known, record)
            }
            switch change {
            case let .unchanged(problems):
                return DerivedHistory(value: known, readWholeHistory: false, problems: problems)
            case let .appended(read):
                store(payload(known), read: read)
                return DerivedHistory(value: known, readWholeHistory: false, problems: read.problems)
            case .replaced:
                break
            }
        }
        let (built, read) = try history.readWithFingerprint(keepingSegments: keepingSegments, empty: empty, add: add,
                                                            merge: merge)
        store(payload(built), read: read)
        return DerivedHistory(value: built, readWholeHistory: true, problems: read.problems)
    }

    /// Writes the cache for `read` (or removes it when there is no history); failures are
    /// ignored, as the history stays the source of truth.
    private func store(_ payload: [UInt8]?, read: HistoryRead) {
        guard let fingerprint = read.fingerprint else {
            try? remove()
            return
        }
        guard let payload else { return }
        try? write(Contents(fingerprint: fingerprint, problemLines: read.problemLines, payload: payload))
    }
}
