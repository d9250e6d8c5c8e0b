import Foundation

/// Decodes FIT activity files into a RecordedActivity.
enum FITActivityDecoder {
    /// Not written yet: every FIT file is refused with this reason (issue 13 in progress).
    /// - Throws: ActivityFileError/malformed(detail:) always.
    static func decode(_ data: Data) throws(ActivityFileError) -> RecordedActivity {
        throw .malformed(detail: "FIT files cannot be imported yet")
    }
}
