import Foundation

/// PLACEHOLDER: replaced by the TCX encoder.
public enum TCXActivityEncoder {
    /// Placeholder.
    public static func encode(_ activity: RecordedActivity) -> Data { Data() }
}
