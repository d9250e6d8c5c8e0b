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

extension KeyedDecodingContainer {
    /// Decodes a library document's `kind` and refuses any other than `expected`.
    /// - Parameters:
    ///   - expected: the kind the decoding type reads (`intervals`, `multisport`).
    ///   - what: the type as the message names it (`an interval workout`).
    ///   - key: the `kind` key.
    ///   - isRequired: whether a missing `kind` is an error (plans) or means `expected`
    ///     (interval workouts, written before there were kinds).
    /// - Throws: `DecodingError.dataCorrupted` saying `kind "…" is not WHAT (expected "…")`;
    ///   `DecodingError` for a missing required or mistyped `kind`.
    func decodeDocumentKind(_ expected: String, describedAs what: String, forKey key: Key,
                            isRequired: Bool) throws {
        let kind = isRequired ? try decode(String.self, forKey: key) : try decodeIfPresent(String.self, forKey: key)
        guard let kind, kind != expected else { return }
        throw DecodingError.dataCorruptedError(
            forKey: key, in: self, debugDescription: "kind \"\(kind)\" is not \(what) (expected \"\(expected)\")")
    }

    /// Decodes a library document's header, the counterpart of
    /// ``KeyedEncodingContainer/encodeDocumentHeader(version:kind:versionKey:kindKey:)``: its
    /// `version` (a missing one means `supported`), then its `kind`.
    /// - Parameters:
    ///   - supported: the newest version the decoding type reads.
    ///   - kind: the kind it reads; `what` names the type in messages; `isKindRequired` as in
    ///     ``decodeDocumentKind(_:describedAs:forKey:isRequired:)``.
    ///   - versionKey: the `version` key.
    ///   - kindKey: the `kind` key.
    /// - Throws: what ``decodeSchemaVersion(forKey:supported:isRequired:)`` and
    ///   ``decodeDocumentKind(_:describedAs:forKey:isRequired:)`` throw, in that order.
    func decodeDocumentHeader(supported: Int, kind: String, describedAs what: String, isKindRequired: Bool,
                              versionKey: Key, kindKey: Key) throws {
        _ = try decodeSchemaVersion(forKey: versionKey, supported: supported, isRequired: false)
        try decodeDocumentKind(kind, describedAs: what, forKey: kindKey, isRequired: isKindRequired)
    }
}

extension KeyedEncodingContainer {
    /// Encodes a library document's header: its schema `version` and its `kind`.
    /// - Parameters:
    ///   - version: the version written (the type's `currentVersion`).
    ///   - kind: `intervals` or `multisport`.
    ///   - versionKey: the `version` key.
    ///   - kindKey: the `kind` key.
    /// - Throws: what the encoder throws (nothing for these values in JSON).
    mutating func encodeDocumentHeader(version: Int, kind: String, versionKey: Key, kindKey: Key) throws {
        try encode(version, forKey: versionKey)
        try encode(kind, forKey: kindKey)
    }
}
