import Foundation

/// Something in gpsd's output that was not understood, kept as a value so that the caller
/// decides what a person sees (a count on the screen, a line in a log); the rest of the stream
/// is still read.
public enum GPSDWarning: Sendable, Hashable, CustomStringConvertible {
    /// A line that is not a JSON object; the first bytes of it, for the message.
    case notJSON(preview: String)
    /// A JSON object without a string `class`.
    case noClass
    /// A field of the wrong type (a string where a number belongs, a non-finite number),
    /// left out of the report.
    case badField(className: String, field: String)
    /// A TPV `time` that is not an ISO 8601 UTC time, left out of the report.
    case unreadableTime(String)
    /// A line longer than the line buffer's limit, dropped whole; its length in bytes.
    case lineTooLong(bytes: Int)

    /// The most characters of a bad line a warning keeps: 40.
    public static let previewLength = 40

    /// The first ``previewLength`` characters of `data` as UTF-8 (invalid bytes replaced).
    static func preview(of data: Data) -> String {
        String(decoding: data.prefix(previewLength * 4), as: UTF8.self).prefix(previewLength).description
    }

    /// One line for a person: `gpsd sent a line that is not JSON: "…"`.
    public var description: String {
        switch self {
        case let .notJSON(preview): "gpsd sent a line that is not JSON: \"\(preview)\""
        case .noClass: "gpsd sent a JSON object without a class"
        case let .badField(className, field): "gpsd sent a \(className) report with an unreadable \"\(field)\""
        case let .unreadableTime(text): "gpsd sent an unreadable time \"\(text.prefix(Self.previewLength))\""
        case let .lineTooLong(bytes): "gpsd sent a line of \(bytes) bytes, longer than the limit; dropped"
        }
    }
}
