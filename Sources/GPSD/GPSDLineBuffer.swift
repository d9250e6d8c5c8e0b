/// Bytes read from gpsd in, complete lines out: gpsd ends each report with CR LF
/// (gpsd_json(5)), and a read may end anywhere, even inside a UTF-8 character.
///
/// Pure: no I/O. A line longer than ``maximumLineBytes`` is dropped whole (the bytes are not
/// kept while it goes on) and reported once, when its end arrives, as
/// ``GPSDWarning/lineTooLong(bytes:)``; memory never grows past the limit.
public struct GPSDLineBuffer: Sendable {
    /// The longest line kept, in bytes without the line end: 64 KiB unless given otherwise.
    /// gpsd's longest reports (a `SKY` listing the satellites of several constellations) are a
    /// few kilobytes, so 64 KiB keeps every real one with room to spare (the project's value).
    public let maximumLineBytes: Int
    private var pending: [UInt8] = []
    /// While dropping an overlong line: its length so far.
    private var droppedBytes: Int?

    /// A buffer with the given limit.
    /// - Parameter maximumLineBytes: the longest line kept, bytes (default 65,536, at least 1).
    public init(maximumLineBytes: Int = 64 * 1024) {
        self.maximumLineBytes = max(1, maximumLineBytes)
    }

    /// The bytes of an unfinished line held now (0 while dropping an overlong one).
    public var pendingByteCount: Int { pending.count }

    /// Takes `bytes` just read and returns the lines they complete, without their line ends
    /// (LF, or CR LF); empty lines are skipped.
    /// - Parameter bytes: any number of bytes, including none.
    /// - Returns: the complete lines, in order, and a warning for each overlong line that ended.
    public mutating func append(_ bytes: some Collection<UInt8>) -> (lines: [[UInt8]], warnings: [GPSDWarning]) {
        var lines: [[UInt8]] = []
        var warnings: [GPSDWarning] = []
        var rest = bytes[...]
        while !rest.isEmpty {
            let newline = rest.firstIndex(of: UInt8(ascii: "\n"))
            let chunk = rest[..<(newline ?? rest.endIndex)]
            if let dropped = droppedBytes {
                droppedBytes = dropped + chunk.count
            } else if pending.count + chunk.count > maximumLineBytes + 1 {  // + 1: a CR before the LF
                droppedBytes = pending.count + chunk.count
                pending = []
            } else {
                pending.append(contentsOf: chunk)
            }
            guard let newline else { break }
            if let dropped = droppedBytes {
                warnings.append(.lineTooLong(bytes: dropped))
                droppedBytes = nil
            } else {
                if pending.last == UInt8(ascii: "\r") { pending.removeLast() }
                if pending.count > maximumLineBytes {
                    warnings.append(.lineTooLong(bytes: pending.count))
                } else if !pending.isEmpty {
                    lines.append(pending)
                }
                pending = []
            }
            rest = rest[rest.index(after: newline)...]
        }
        return (lines, warnings)
    }

    /// Forgets an unfinished line (after a reconnect, the next bytes start a new stream).
    public mutating func reset() {
        pending = []
        droppedBytes = nil
    }
}
