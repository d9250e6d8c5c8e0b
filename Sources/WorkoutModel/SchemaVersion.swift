extension KeyedDecodingContainer {
    /// Decodes a file's schema `version` and refuses one newer than this program reads.
    /// - Parameters:
    ///   - key: the `version` key.
    ///   - supported: the newest version this program reads.
    ///   - isRequired: whether a missing `version` is an error (history lines) or means
    ///     `supported` (hand-written workout and profile files).
    /// - Returns: the version, 1…`supported`.
    /// - Throws: `DecodingError.dataCorrupted` carrying
    ///   ``PlanError/unsupportedVersion(_:supported:)``'s message for a version outside
    ///   1…`supported`; `DecodingError` for a missing or mistyped required version.
    func decodeSchemaVersion(forKey key: Key, supported: Int, isRequired: Bool) throws -> Int {
        let version = isRequired ? try decode(Int.self, forKey: key)
                                 : try decodeIfPresent(Int.self, forKey: key) ?? supported
        guard version >= 1, version <= supported else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self,
                debugDescription: PlanError.unsupportedVersion(version, supported: supported).description)
        }
        return version
    }
}
