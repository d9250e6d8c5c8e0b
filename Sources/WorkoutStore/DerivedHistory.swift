import Foundation
import WorkoutModel

/// Data derived from the history (such as the statistics' daily roll-up), as
/// ``DerivedCacheFile/derive(from:needsRecords:build:add:)`` reads it: the value, the records
/// when they were asked for, and the lines that could not be read.
public struct DerivedHistory<Value> {
    /// The value derived from every readable record.
    public var value: Value
    /// Every readable record in file order, when the caller asked for them; `nil` otherwise.
    public var records: [SessionRecord]?
    /// The history's lines that were skipped, in file order, with the strict decoder's messages.
    public var problems: [HistoryProblem]

    /// Creates a result (see the properties).
    public init(value: Value, records: [SessionRecord]?, problems: [HistoryProblem]) {
        self.value = value
        self.records = records
        self.problems = problems
    }
}

extension DerivedHistory: Sendable where Value: Sendable {}

extension DerivedCacheFile {
    /// Reads `history` for a value derived from it, through this cache: the one place that
    /// decides when a cache may stand in for the history.
    ///
    /// The history is the source of truth; the cache holds the value (JSON), the history's
    /// ``HistoryFingerprint`` and the places of its bad lines:
    /// - the history is in the state the cache describes → the value is decoded from the
    ///   cache and the history is not read (only its bad lines, read again so that they are
    ///   reported with the strict decoder's exact messages);
    /// - lines were only appended → only the new lines are read and `add`ed; the cache is
    ///   rewritten;
    /// - anything else (no cache, a broken or newer cache, a payload that does not decode as
    ///   `Value`, a rewritten history after `history delete`/`history edit`, a shrunk or
    ///   removed file), and whenever the records themselves are needed → the whole history is
    ///   read, the value `build` from it and the cache rewritten (removed when there is no
    ///   history).
    /// A failure to write or remove the cache is ignored: it never fails the caller.
    /// - Parameters:
    ///   - history: the history the value is derived from.
    ///   - needsRecords: whether the caller needs the records too (they are then read whole).
    ///   - build: the value of all the records, in file order.
    ///   - add: adds one record appended since the cached state to the value.
    /// - Returns: the value, the records when asked for, and the bad lines.
    /// - Throws: ``StoreError/io(path:operation:errno:)`` when the history exists but cannot be read.
    public func derive<Value: Codable>(
        from history: HistoryFile, needsRecords: Bool,
        build: ([SessionRecord]) -> Value, add: (inout Value, SessionRecord) -> Void
    ) throws(StoreError) -> DerivedHistory<Value> {
        if !needsRecords, let cached = read(),
           let value = try? JSONDecoder().decode(Value.self, from: cached.payload) {
            switch try history.change(since: cached.fingerprint, problemLines: cached.problemLines) {
            case let .unchanged(problems):
                return DerivedHistory(value: value, records: nil, problems: problems)
            case let .appended(read):
                var grown = value
                for record in read.records { add(&grown, record) }
                store(grown, read: read)
                return DerivedHistory(value: grown, records: nil, problems: read.problems)
            case .replaced:
                break
            }
        }
        let read = try history.readWithFingerprint()
        let value = build(read.records)
        store(value, read: read)
        return DerivedHistory(value: value, records: needsRecords ? read.records : nil, problems: read.problems)
    }

    /// Writes the cache for `read` (or removes it when there is no history); failures are
    /// ignored, as the history stays the source of truth.
    private func store<Value: Encodable>(_ value: Value, read: HistoryRead) {
        guard let fingerprint = read.fingerprint else {
            try? remove()
            return
        }
        guard let payload = try? JSONEncoder().encode(value) else { return }
        try? write(Contents(fingerprint: fingerprint, problemLines: read.problemLines, payload: payload))
    }
}
