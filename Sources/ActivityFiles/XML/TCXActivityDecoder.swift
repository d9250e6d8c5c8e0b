import Foundation

/// Decodes TCX activity files into a RecordedActivity.
enum TCXActivityDecoder {
    /// Not written yet: every TCX file is refused with this reason (issue 13 in progress).
    /// - Throws: ActivityFileError/malformed(detail:) always.
    static func decode(_ data: Data) throws(ActivityFileError) -> RecordedActivity {
        throw .malformed(detail: "TCX files cannot be imported yet")
    }
}
