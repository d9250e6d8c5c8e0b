import Foundation

/// Decoding and encoding of hiit's JSON files, separate from any file I/O so that it can be
/// tested without a disk (CONVENTIONS "Files and formats").
public enum JSONDocument {
    /// Decodes one JSON document, reporting the first problem with its place in the text.
    ///
    /// The checks run in this order and stop at the first failure:
    /// 1. the size: more than `maximumBytes` is refused without looking at the content;
    /// 2. UTF-8 and strict JSON syntax (RFC 8259; a leading byte order mark is allowed);
    /// 3. the `version` key of a top-level object, when `supportedVersion` is given: a whole
    ///    number above it is refused (a newer hiit wrote the file);
    /// 4. the shape: each key's type, missing keys, values the type rejects.
    ///
    /// - Parameters:
    ///   - type: the type to decode.
    ///   - data: the file's bytes.
    ///   - path: the file's path as shown in errors.
    ///   - supportedVersion: the newest `version` this program reads, or `nil` not to check.
    ///   - firstLine: the line number of the first byte (for one line of a larger file).
    ///   - maximumBytes: the largest document accepted, in bytes.
    /// - Returns: the decoded value.
    /// - Throws: ``StoreError/tooLarge(path:bytes:limit:)``, ``StoreError/emptyFile(path:)``,
    ///   ``StoreError/invalidUTF8(_:byte:)``, ``StoreError/syntax(_:reason:)``,
    ///   ``StoreError/unsupportedVersion(path:version:supported:)``,
    ///   ``StoreError/wrongType(_:keyPath:expected:found:)``,
    ///   ``StoreError/missingKey(_:keyPath:expected:)`` or ``StoreError/invalidValue(_:keyPath:reason:)``.
    public static func decode<T: Decodable>(
        _ type: T.Type, from data: Data, path: String, supportedVersion: Int?,
        firstLine: Int = 1, maximumBytes: Int = Int.max
    ) throws(StoreError) -> T {
        try decode(type, from: data, path: path, supportedVersionOfKind: { _ in supportedVersion },
                   firstLine: firstLine, maximumBytes: maximumBytes)
    }

    /// ``decode(_:from:path:supportedVersion:firstLine:maximumBytes:)`` for a file whose newest
    /// readable `version` depends on its top-level `kind` (a library file: interval workouts
    /// and multisport plans have their own versions).
    /// - Parameters:
    ///   - supportedVersionOfKind: the newest `version` read for the file's `kind` string
    ///     (`nil` when the file has none or it is not a string), or `nil` not to check.
    ///   - others: as ``decode(_:from:path:supportedVersion:firstLine:maximumBytes:)``.
    /// - Returns: the decoded value.
    /// - Throws: as ``decode(_:from:path:supportedVersion:firstLine:maximumBytes:)``.
    public static func decode<T: Decodable>(
        _ type: T.Type, from data: Data, path: String, supportedVersionOfKind: (String?) -> Int?,
        firstLine: Int = 1, maximumBytes: Int = Int.max
    ) throws(StoreError) -> T {
        guard data.count <= maximumBytes else {
            throw .tooLarge(path: path, bytes: data.count, limit: maximumBytes)
        }
        let bytes = [UInt8](data)
        let root = try JSONTreeParser.parse(bytes, path: path, firstLine: firstLine)
        var kind: String?
        if case let .object(members) = root.value, let kindNode = members.first(where: { $0.key == "kind" })?.node,
           case let .string(text) = kindNode.value {
            kind = text
        }
        if let supportedVersion = supportedVersionOfKind(kind), case let .object(members) = root.value,
           let versionNode = members.first(where: { $0.key == "version" })?.node,
           case let .number(text) = versionNode.value, let version = Int(text), version > supportedVersion {
            throw .unsupportedVersion(path: path, version: version, supported: supportedVersion)
        }
        return try JSONTreeDecoding.decode(type, from: root, bytes: bytes, path: path)
    }

    /// Encodes a value as a file's content: pretty-printed with two-space indentation, keys
    /// sorted (stable diffs), slashes unescaped, ending with a newline.
    /// - Parameters:
    ///   - value: the value to encode.
    ///   - path: the destination's path, named in errors.
    /// - Returns: UTF-8 JSON text.
    /// - Throws: ``StoreError/notEncodable(path:reason:)`` for a non-finite number.
    public static func encode<T: Encodable>(_ value: T, path: String) throws(StoreError) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        do {
            var data = try encoder.encode(value)
            data.append(0x0A)
            return data
        } catch {
            throw .notEncodable(path: path, reason: String(describing: error))
        }
    }
}
