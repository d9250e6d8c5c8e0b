import Foundation

/// PLACEHOLDER: replaced by the FIT encoder.
public enum FITActivityEncoder {
    /// Placeholder.
    public static func encode(_ activity: RecordedActivity) -> Data { Data() }
}
