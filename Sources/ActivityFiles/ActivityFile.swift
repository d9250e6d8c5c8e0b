import Foundation

/// Why an activity file was refused. Each case's ``description`` is one line without the file's
/// name, which the caller puts in front ("ride.fit: this is a FIT course file, not an activity").
public enum ActivityFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The bytes are none of FIT, GPX or TCX.
    case unknownFormat
    /// A file of a known format that holds no activity; `kind` says what it holds instead
    /// ("a FIT course file", "a FIT settings file", "a FIT monitoring file").
    case notAnActivity(kind: String)
    /// An activity file with nothing hiit can record; `reason` says what is missing ("a GPX
    /// with a route only and no track", "no track points", "track points without times").
    case noActivity(reason: String)
    /// The file could not be read as its format; `detail` names where and what ("FIT header
    /// size 9 is neither 12 nor 14", "XML line 4, column 2: …").
    case malformed(detail: String)
    /// GPX and TCX cannot be read on this machine: libxml2, opened on the first XML file,
    /// cannot be loaded (`detail`: which file and `dlerror`'s reason).
    case readerUnavailable(detail: String)

    /// One line, for `Error: FILE: …`.
    public var description: String {
        switch self {
        case .unknownFormat: "not a FIT, GPX or TCX file"
        case .notAnActivity(let kind): "this is \(kind), not an activity"
        case .noActivity(let reason): "no activity to import: \(reason)"
        case .malformed(let detail): detail
        case .readerUnavailable(let detail): "reading GPX and TCX needs libxml2 (Debian libxml2): \(detail)"
        }
    }
}

/// Reads activity files (recognises the format by content and decodes it) and writes them
/// (FIT, TCX, GPX). Pure: bytes in, values out, and values in, bytes out.
public enum ActivityFile {
    /// The format of `data` by its content, whatever the file's name: FIT by the header's
    /// `.FIT` signature (bytes 8–11, header size 12 or 14 in byte 0); GPX and TCX by the XML
    /// root element's local name (`gpx`, `TrainingCenterDatabase`), after an optional UTF-8
    /// byte order mark, white space, the XML declaration, comments and processing
    /// instructions. `nil` for anything else.
    public static func format(of data: Data) -> RecordedActivity.Format? {
        if data.count >= 12 {
            let start = data.startIndex
            let size = data[start]
            if size == 12 || size == 14, data[(start + 8)..<(start + 12)].elementsEqual(".FIT".utf8) { return .fit }
        }
        switch rootElementName(of: data) {
        case "gpx": return .gpx
        case "TrainingCenterDatabase": return .tcx
        default: return nil
        }
    }

    /// Decodes an activity file of any of the three formats.
    /// - Throws: ``ActivityFileError/unknownFormat`` when ``format(of:)`` recognises none;
    ///   otherwise what the format's decoder throws.
    public static func decode(_ data: Data) throws(ActivityFileError) -> RecordedActivity {
        switch format(of: data) {
        case .fit: try FITActivityDecoder.decode(data)
        case .gpx: try GPXActivityDecoder.decode(data)
        case .tcx: try TCXActivityDecoder.decode(data)
        case nil: throw .unknownFormat
        }
    }

    /// Writes `activity` as a FIT activity file, as the platforms that take uploads read it
    /// (Strava, Garmin Connect, intervals.icu), by ``FITActivityEncoder``. Pure: values in,
    /// bytes out.
    public static func encodeFIT(_ activity: RecordedActivity) -> Data {
        FITActivityEncoder.encode(activity)
    }

    /// Writes `activity` as a TCX file (Training Center Database v2), by
    /// ``TCXActivityEncoder``: one `Activity` per session, a `MultiSportSession` for several,
    /// at least two timed trackpoints per lap. Pure: values in, bytes out (UTF-8 XML).
    /// - Throws: ``ActivityFileError/noActivity(reason:)`` "an activity with no session".
    public static func encodeTCX(_ activity: RecordedActivity) throws(ActivityFileError) -> Data {
        try TCXActivityEncoder.encode(activity)
    }

    /// Writes `activity` as a GPX 1.1 file, by ``GPXActivityEncoder``: one track, a segment per
    /// session (and per span between timer pauses), the points that have a position. Pure:
    /// values in, bytes out (UTF-8 XML).
    /// - Throws: ``ActivityFileError/noActivity(reason:)`` "no GPS track: GPX holds only
    ///   positioned points" when no point of the activity has a position.
    public static func encodeGPX(_ activity: RecordedActivity) throws(ActivityFileError) -> Data {
        try GPXActivityEncoder.encode(activity)
    }

    /// The local name of the first element of an XML document (prefix dropped), reading at
    /// most the first 64 KiB; `nil` when the bytes do not start like XML.
    static func rootElementName(of data: Data) -> String? {
        var bytes = Array(data.prefix(65_536))
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        var index = 0
        func skipSpace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }
        func starts(_ text: String) -> Bool {
            let utf8 = Array(text.utf8)
            return bytes.count - index >= utf8.count && Array(bytes[index..<(index + utf8.count)]) == utf8
        }
        func skip(past end: String) -> Bool {
            let utf8 = Array(end.utf8)
            while index + utf8.count <= bytes.count {
                if Array(bytes[index..<(index + utf8.count)]) == utf8 {
                    index += utf8.count
                    return true
                }
                index += 1
            }
            return false
        }
        while true {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "<") else { return nil }
            if starts("<?") {
                guard skip(past: "?>") else { return nil }
            } else if starts("<!--") {
                guard skip(past: "-->") else { return nil }
            } else if starts("<!") {
                // A document type declaration may hold an internal subset, `[ … ]`, with `>` in it.
                var depth = 0
                index += 2
                while index < bytes.count, !(bytes[index] == UInt8(ascii: ">") && depth == 0) {
                    if bytes[index] == UInt8(ascii: "[") { depth += 1 }
                    if bytes[index] == UInt8(ascii: "]") { depth = max(0, depth - 1) }
                    index += 1
                }
                guard index < bytes.count else { return nil }
                index += 1
            } else {
                index += 1
                var name: [UInt8] = []
                while index < bytes.count, ![0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ">"), UInt8(ascii: "/")].contains(bytes[index]) {
                    name.append(bytes[index])
                    index += 1
                }
                guard let text = String(bytes: name, encoding: .utf8), !text.isEmpty else { return nil }
                return text.split(separator: ":").last.map(String.init)
            }
        }
    }
}
