import Foundation
import WorkoutModel

/// Decodes `Decodable` values from a ``JSONNode`` tree and turns any failure into a
/// ``StoreError`` that names the line, the column and the key path (`exercises[1].workSeconds`).
///
/// Numbers decode into integer types when their value is a whole number that fits
/// (`20`, `20.0`, `2e1`); `Date` decodes from ISO 8601 text (`2026-11-30T06:01:02Z`, fractional
/// seconds and offsets accepted), as `SessionRecord.decoder` does; `UUID` from its string form;
/// ``LocalDay`` from `YYYY-MM-DD` (its error quotes the text escaped, as for the others).
/// Unknown keys are ignored, so files with newer optional fields still load.
enum JSONTreeDecoding {
    /// Decodes `type` from `root`.
    /// - Parameters:
    ///   - type: the type to decode.
    ///   - root: the parsed document.
    ///   - bytes: the text `root` was parsed from (to compute columns for errors).
    ///   - path: the file's path as shown in errors.
    /// - Throws: ``StoreError/wrongType(_:keyPath:expected:found:)``,
    ///   ``StoreError/missingKey(_:keyPath:expected:)`` or ``StoreError/invalidValue(_:keyPath:reason:)``.
    static func decode<T: Decodable>(_ type: T.Type, from root: JSONNode, bytes: [UInt8], path: String) throws(StoreError) -> T {
        do {
            return try TreeDecoder(node: root, codingPath: []).unbox(type)
        } catch {
            throw storeError(for: error, root: root, bytes: bytes, path: path)
        }
    }

    /// Maps a `DecodingError` (from this decoder or from a type's own `init(from:)`) to a
    /// ``StoreError`` located with the tree.
    static func storeError(for error: any Error, root: JSONNode, bytes: [UInt8], path: String) -> StoreError {
        func located(_ codingPath: [any CodingKey]) -> (SourceLocation, String) {
            let components = codingPath.map(JSONPathComponent.init)
            let node = root.deepest(along: components)
            return (node.location(in: bytes, path: path), JSONPathComponent.render(components))
        }
        guard let decodingError = error as? DecodingError else {
            return .invalidValue(root.location(in: bytes, path: path), keyPath: "", reason: String(describing: error))
        }
        switch decodingError {
        case let .typeMismatch(type, context), let .valueNotFound(type, context):
            let components = context.codingPath.map(JSONPathComponent.init)
            let node = root.deepest(along: components)
            return .wrongType(node.location(in: bytes, path: path), keyPath: JSONPathComponent.render(components),
                              expected: expectedPhrase(for: type), found: node.value.phrase)
        case let .keyNotFound(key, context):
            let (location, _) = located(context.codingPath)
            let keyPath = JSONPathComponent.render((context.codingPath + [key]).map(JSONPathComponent.init))
            return .missingKey(location, keyPath: keyPath, expected: context.debugDescription)
        case let .dataCorrupted(context):
            let (location, keyPath) = located(context.codingPath)
            return .invalidValue(location, keyPath: keyPath, reason: context.debugDescription)
        @unknown default:
            return .invalidValue(root.location(in: bytes, path: path), keyPath: "", reason: String(describing: error))
        }
    }

    /// A short phrase for what a value of `type` looks like in JSON: `a whole number`, `a string`.
    static func expectedPhrase(for type: Any.Type) -> String {
        switch type {
        case is Int.Type, is Int8.Type, is Int16.Type, is Int32.Type, is Int64.Type:
            return "a whole number"
        case is UInt.Type, is UInt8.Type, is UInt16.Type, is UInt32.Type, is UInt64.Type:
            return "a whole number of at least 0"
        case is Double.Type, is Float.Type:
            return "a number"
        case is String.Type, is LocalDay.Type:
            return "a string"
        case is Bool.Type:
            return "true or false"
        case is Date.Type:
            return "a date and time such as \"2026-11-30T06:01:02Z\""
        case is UUID.Type:
            return "a UUID string"
        default:
            let name = String(describing: type)
            if name.hasPrefix("Array<") || name.hasPrefix("[") && !name.contains(":") { return "an array" }
            if name.hasPrefix("Optional<") { return "a value" }
            return "an object"
        }
    }
}

extension JSONPathComponent {
    /// The path step for a coding key: an index key of an array becomes `[n]`, any other key
    /// its string value.
    init(_ key: any CodingKey) {
        if let index = key as? IndexKey {
            self = .index(index.index)
        } else {
            self = .key(key.stringValue)
        }
    }
}

/// The coding key of an array element.
struct IndexKey: CodingKey {
    let index: Int
    init(_ index: Int) { self.index = index }
    init?(intValue: Int) { self.index = intValue }
    init?(stringValue: String) { return nil }
    var intValue: Int? { index }
    var stringValue: String { "Index \(index)" }
}

// MARK: - The Decoder

private struct TreeDecoder: Decoder {
    let node: JSONNode
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case let .object(members) = node.value else {
            throw mismatch([String: Any].self)
        }
        var lookup: [String: JSONNode] = [:]
        for member in members { lookup[member.key] = member.node }
        return KeyedDecodingContainer(KeyedContainer<Key>(node: node, members: lookup, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case let .array(elements) = node.value else {
            throw mismatch([Any].self)
        }
        return UnkeyedContainer(elements: elements, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleContainer(node: node, codingPath: codingPath)
    }

    func mismatch(_ type: Any.Type) -> DecodingError {
        .typeMismatch(type, DecodingError.Context(
            codingPath: codingPath,
            debugDescription: "expected \(JSONTreeDecoding.expectedPhrase(for: type)), found \(node.value.phrase)"))
    }

    // MARK: Values

    func unbox<T: Decodable>(_ type: T.Type) throws -> T {
        if type == Date.self, let date = try decodeDate() as? T { return date }
        if type == UUID.self, let uuid = try decodeUUID() as? T { return uuid }
        if type == LocalDay.self, let day = try decodeLocalDay() as? T { return day }
        return try T(from: self)
    }

    private func decodeDate() throws -> Date {
        let text = try decodeString()
        if let date = try? Date.ISO8601FormatStyle().parse(text) { return date }
        if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text) { return date }
        throw DecodingError.dataCorrupted(DecodingError.Context(
            codingPath: codingPath,
            debugDescription: "\"\(text.debugEscaped)\" is not a date and time in ISO 8601 form such as \"2026-11-30T06:01:02Z\""))
    }

    private func decodeUUID() throws -> UUID {
        let text = try decodeString()
        guard let uuid = UUID(uuidString: text) else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: codingPath,
                debugDescription: "\"\(text.debugEscaped)\" is not a UUID such as \"E621E1F8-C36C-495A-93FC-0C247A3E6E5F\""))
        }
        return uuid
    }

    private func decodeLocalDay() throws -> LocalDay {
        let text = try decodeString()
        guard let day = LocalDay(text) else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: codingPath, debugDescription: "\"\(text.debugEscaped)\" is not a date YYYY-MM-DD"))
        }
        return day
    }

    func decodeNull() -> Bool {
        if case .null = node.value { return true }
        return false
    }

    func checkNotNull(_ type: Any.Type) throws {
        if case .null = node.value {
            throw DecodingError.valueNotFound(type, DecodingError.Context(
                codingPath: codingPath,
                debugDescription: "expected \(JSONTreeDecoding.expectedPhrase(for: type)), found null"))
        }
    }

    func decodeString() throws -> String {
        try checkNotNull(String.self)
        guard case let .string(text) = node.value else { throw mismatch(String.self) }
        return text
    }

    func decodeBool() throws -> Bool {
        try checkNotNull(Bool.self)
        guard case let .bool(value) = node.value else { throw mismatch(Bool.self) }
        return value
    }

    func decodeInteger<I: FixedWidthInteger>(_ type: I.Type) throws -> I {
        try checkNotNull(type)
        guard case let .number(text) = node.value else { throw mismatch(type) }
        if let value = I(text) { return value }
        if let double = Double(text), double.isFinite, double.rounded() == double, let value = I(exactly: double) {
            return value
        }
        throw mismatch(type)
    }

    func decodeFloat<F: BinaryFloatingPoint & LosslessStringConvertible>(_ type: F.Type) throws -> F {
        try checkNotNull(type)
        guard case let .number(text) = node.value else { throw mismatch(type) }
        guard let value = F(text), value.isFinite else { throw mismatch(type) }
        return value
    }
}

// MARK: - Containers

private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let node: JSONNode
    let members: [String: JSONNode]
    let codingPath: [any CodingKey]

    var allKeys: [Key] { members.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

    private func child(_ key: Key, expecting type: Any.Type) throws -> TreeDecoder {
        guard let child = members[key.stringValue] else {
            throw DecodingError.keyNotFound(key, DecodingError.Context(
                codingPath: codingPath, debugDescription: JSONTreeDecoding.expectedPhrase(for: type)))
        }
        return TreeDecoder(node: child, codingPath: codingPath + [key])
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        guard let child = members[key.stringValue] else { return true }
        if case .null = child.value { return true }
        return false
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try child(key, expecting: type).decodeBool() }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try child(key, expecting: type).decodeString() }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try child(key, expecting: type).decodeFloat(type) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try child(key, expecting: type).decodeFloat(type) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try child(key, expecting: type).decodeInteger(type) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try child(key, expecting: type).decodeInteger(type) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try child(key, expecting: type).decodeInteger(type) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try child(key, expecting: type).decodeInteger(type) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try child(key, expecting: type).decodeInteger(type) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try child(key, expecting: type).decodeInteger(type) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try child(key, expecting: type).decodeInteger(type) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try child(key, expecting: type).decodeInteger(type) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try child(key, expecting: type).decodeInteger(type) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try child(key, expecting: type).decodeInteger(type) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try child(key, expecting: type).unbox(type) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try child(key, expecting: [String: Any].self).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try child(key, expecting: [Any].self).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        TreeDecoder(node: node, codingPath: codingPath)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        try child(key, expecting: [String: Any].self)
    }
}

private struct UnkeyedContainer: UnkeyedDecodingContainer {
    let elements: [JSONNode]
    let codingPath: [any CodingKey]
    var currentIndex = 0

    init(elements: [JSONNode], codingPath: [any CodingKey]) {
        self.elements = elements
        self.codingPath = codingPath
    }

    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    private mutating func next(_ type: Any.Type) throws -> TreeDecoder {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(type, DecodingError.Context(
                codingPath: codingPath + [IndexKey(currentIndex)],
                debugDescription: "the array has only \(elements.count) elements"))
        }
        let decoder = TreeDecoder(node: elements[currentIndex], codingPath: codingPath + [IndexKey(currentIndex)])
        currentIndex += 1
        return decoder
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd else { return false }
        if case .null = elements[currentIndex].value {
            currentIndex += 1
            return true
        }
        return false
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try next(type).decodeBool() }
    mutating func decode(_ type: String.Type) throws -> String { try next(type).decodeString() }
    mutating func decode(_ type: Double.Type) throws -> Double { try next(type).decodeFloat(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try next(type).decodeFloat(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try next(type).decodeInteger(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next(type).decodeInteger(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next(type).decodeInteger(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next(type).decodeInteger(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next(type).decodeInteger(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next(type).decodeInteger(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next(type).decodeInteger(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next(type).decodeInteger(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next(type).decodeInteger(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next(type).decodeInteger(type) }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next(type).unbox(type) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next([String: Any].self).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try next([Any].self).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        try next([String: Any].self)
    }
}

private struct SingleContainer: SingleValueDecodingContainer {
    let node: JSONNode
    let codingPath: [any CodingKey]

    private var decoder: TreeDecoder { TreeDecoder(node: node, codingPath: codingPath) }

    func decodeNil() -> Bool { decoder.decodeNull() }
    func decode(_ type: Bool.Type) throws -> Bool { try decoder.decodeBool() }
    func decode(_ type: String.Type) throws -> String { try decoder.decodeString() }
    func decode(_ type: Double.Type) throws -> Double { try decoder.decodeFloat(type) }
    func decode(_ type: Float.Type) throws -> Float { try decoder.decodeFloat(type) }
    func decode(_ type: Int.Type) throws -> Int { try decoder.decodeInteger(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try decoder.decodeInteger(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try decoder.decodeInteger(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try decoder.decodeInteger(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try decoder.decodeInteger(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try decoder.decodeInteger(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try decoder.decodeInteger(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try decoder.decodeInteger(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try decoder.decodeInteger(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try decoder.decodeInteger(type) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.unbox(type) }
}
