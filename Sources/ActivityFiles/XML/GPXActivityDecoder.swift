import Foundation

/// Decodes GPX activity files into a RecordedActivity.
enum GPXActivityDecoder {
    /// Not written yet: every GPX file is refused with this reason (issue 13 in progress).
    /// - Throws: ActivityFileError/malformed(detail:) always.
    static func decode(_ data: Data) throws(ActivityFileError) -> RecordedActivity {
        throw .malformed(detail: "GPX files cannot be imported yet")
    }
}
