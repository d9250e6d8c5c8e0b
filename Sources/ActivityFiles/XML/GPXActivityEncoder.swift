import Foundation

/// PLACEHOLDER: replaced by the GPX encoder.
public enum GPXActivityEncoder {
    /// Placeholder.
    public static func encode(_ activity: RecordedActivity) throws(ActivityFileError) -> Data { Data() }
}
