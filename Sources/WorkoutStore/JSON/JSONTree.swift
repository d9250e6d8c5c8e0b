// MARK: - The tree

/// A JSON value with the place it starts in its text, so that a decoding error can name the
/// line and column of the value at fault. Produced by ``JSONTreeParser``.
struct JSONNode: Sendable {
    /// The value.
    var value: JSONValue
    /// 1-based line of the value's first character.
    var line: Int
    /// Byte offset of the start of that line in the text.
    var lineStart: Int
    /// Byte offset of the value's first character in the text.
    var offset: Int

    /// The node's line and column (Unicode scalars, from 1) in `bytes`, the text it was parsed from.
    func location(in bytes: [UInt8], path: String) -> SourceLocation {
        SourceLocation(path: path, line: line, column: scalarColumn(in: bytes, lineStart: lineStart, offset: offset))
    }
}

/// The 1-based column of `offset`, counting Unicode scalars (bytes that are not UTF-8
/// continuation bytes) from `lineStart`.
func scalarColumn(in bytes: [UInt8], lineStart: Int, offset: Int) -> Int {
    var column = 1
    var i = lineStart
    while i < offset, i < bytes.count {
        if bytes[i] & 0xC0 != 0x80 { column += 1 }
        i += 1
    }
    return column
}

/// A JSON value (RFC 8259). Numbers keep their text so that whole numbers are never rounded
/// through `Double`. Object members keep their order.
enum JSONValue: Sendable {
    case object([(key: String, node: JSONNode)])
    case array([JSONNode])
    case string(String)
    case number(String)
    case bool(Bool)
    case null

    /// A short phrase naming the value for an error message: `the string "x"`, `the number 1.5`,
    /// `an object`, `null`.
    var phrase: String {
        switch self {
        case .object: return "an object"
        case .array: return "an array"
        case let .string(text):
            let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
            return "the string \"\(shown.debugEscaped)\""
        case let .number(text): return "the number \(text)"
        case let .bool(value): return value ? "true" : "false"
        case .null: return "null"
        }
    }
}

extension JSONNode {
    /// The node reached by following `path` (object keys and array indices) from this node,
    /// or the deepest node that exists along it.
    func deepest(along path: [JSONPathComponent]) -> JSONNode {
        var node = self
        for component in path {
            switch (component, node.value) {
            case let (.key(key), .object(members)):
                guard let member = members.last(where: { $0.key == key }) else { return node }
                node = member.node
            case let (.index(index), .array(elements)):
                guard elements.indices.contains(index) else { return node }
                node = elements[index]
            default:
                return node
            }
        }
        return node
    }
}

/// One step of a path into a JSON tree.
enum JSONPathComponent: Equatable, Sendable {
    case key(String)
    case index(Int)

    /// Renders a path as people write it: `exercises[1].workSeconds`.
    static func render(_ path: [JSONPathComponent]) -> String {
        var out = ""
        for component in path {
            switch component {
            case let .key(key):
                if !out.isEmpty { out += "." }
                out += key
            case let .index(index):
                out += "[\(index)]"
            }
        }
        return out
    }
}

extension String {
    /// The string with `"`, `\` and control characters escaped, safe inside a one-line message.
    var debugEscaped: String {
        var out = ""
        for scalar in unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.properties.generalCategory == .control {
                    out += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}

// MARK: - The parser

/// A strict RFC 8259 parser that builds a ``JSONNode`` tree and reports the first problem with
/// its line and column: invalid UTF-8, a syntax error (saying what was expected and what was
/// found), a duplicate key, nesting deeper than ``maximumDepth``.
///
/// It stops at the first problem, so a large junk file fails after a few bytes. Recursion is
/// bounded by ``maximumDepth``, so no input can exhaust the stack. A UTF-8 byte order mark at
/// the start is skipped.
struct JSONTreeParser {
    /// Deepest nesting of arrays and objects accepted.
    static let maximumDepth = 64

    private let bytes: [UInt8]
    private let path: String
    private var index = 0
    private var line = 1
    private var lineStart = 0

    /// Parses a whole document.
    /// - Parameters:
    ///   - bytes: the file's bytes.
    ///   - path: the file's path as shown in errors.
    ///   - firstLine: the line number of the first byte (for a document that is one line of a
    ///     larger file, such as a history line).
    /// - Returns: the root value.
    /// - Throws: ``StoreError/emptyFile(path:)`` for no bytes or only white space,
    ///   ``StoreError/invalidUTF8(_:byte:)`` and ``StoreError/syntax(_:reason:)``.
    static func parse(_ bytes: [UInt8], path: String, firstLine: Int = 1) throws(StoreError) -> JSONNode {
        var parser = JSONTreeParser(bytes: bytes, path: path)
        parser.line = firstLine
        return try parser.parseDocument()
    }

    private init(bytes: [UInt8], path: String) {
        self.bytes = bytes
        self.path = path
    }

    private mutating func parseDocument() throws(StoreError) -> JSONNode {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            index = 3
            lineStart = 3
        }
        skipWhitespace()
        guard index < bytes.count else { throw .emptyFile(path: path) }
        let root = try parseValue(depth: 0)
        skipWhitespace()
        if index < bytes.count {
            throw syntaxError("unexpected \(try foundPhrase()) after the end of the JSON value")
        }
        return root
    }

    // MARK: Positions and messages

    private func location(at position: Int) -> SourceLocation {
        SourceLocation(path: path, line: line, column: scalarColumn(in: bytes, lineStart: lineStart, offset: position))
    }

    /// Where a comma is, remembered cheaply (its column is worked out only for an error: a
    /// column costs a scan of the line, which per comma made long lines quadratic).
    private struct CommaPlace {
        let offset: Int, line: Int, lineStart: Int
    }

    private func commaPlace() -> CommaPlace {
        CommaPlace(offset: index, line: line, lineStart: lineStart)
    }

    private func location(of comma: CommaPlace) -> SourceLocation {
        SourceLocation(path: path, line: comma.line,
                       column: scalarColumn(in: bytes, lineStart: comma.lineStart, offset: comma.offset))
    }

    private func syntaxError(_ reason: String, at position: Int? = nil) -> StoreError {
        .syntax(location(at: position ?? index), reason: reason)
    }

    /// Names what is at the current position: `'x'`, `the end of the file`, a control character.
    /// - Throws: ``StoreError/invalidUTF8(_:byte:)`` when the bytes there are not UTF-8.
    private func foundPhrase() throws(StoreError) -> String {
        guard index < bytes.count else { return "the end of the text" }
        let byte = bytes[index]
        if byte < 0x20 || byte == 0x7F {
            return "a control character (U+\(hex4(UInt32(byte))))"
        }
        if byte < 0x80 { return "'\(Character(Unicode.Scalar(byte)))'" }
        let length = try utf8Length(at: index)
        let scalarText = String(decoding: bytes[index..<index + length], as: UTF8.self)
        return "'\(scalarText)'"
    }

    private func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    // MARK: White space

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D:
                index += 1
            case 0x0A:
                index += 1
                line += 1
                lineStart = index
            default:
                return
            }
        }
    }

    // MARK: Values

    private mutating func parseValue(depth: Int) throws(StoreError) -> JSONNode {
        let start = index
        let startLine = line
        let startLineStart = lineStart
        guard index < bytes.count else {
            throw syntaxError("expected a value, found the end of the text")
        }
        let value: JSONValue
        switch bytes[index] {
        case UInt8(ascii: "{"):
            value = try parseObject(depth: depth + 1)
        case UInt8(ascii: "["):
            value = try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""):
            value = .string(try parseString())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            value = .number(try parseNumber())
        case UInt8(ascii: "t"):
            try parseLiteral("true")
            value = .bool(true)
        case UInt8(ascii: "f"):
            try parseLiteral("false")
            value = .bool(false)
        case UInt8(ascii: "n"):
            try parseLiteral("null")
            value = .null
        default:
            throw syntaxError("expected a value (object, array, string, number, true, false or null), found \(try foundPhrase())")
        }
        return JSONNode(value: value, line: startLine, lineStart: startLineStart, offset: start)
    }

    private mutating func checkDepth(_ depth: Int) throws(StoreError) {
        if depth > Self.maximumDepth {
            throw syntaxError("arrays and objects are nested more than \(Self.maximumDepth) deep")
        }
    }

    private mutating func parseObject(depth: Int) throws(StoreError) -> JSONValue {
        try checkDepth(depth)
        index += 1  // {
        var members: [(key: String, node: JSONNode)] = []
        var seen: Set<String> = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw syntaxError("expected a key in double quotes, found \(try foundPhrase())")
            }
            let keyStart = index
            let key = try parseString()
            guard seen.insert(key).inserted else {
                throw syntaxError("the key \"\(key.debugEscaped)\" appears twice in the same object", at: keyStart)
            }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw syntaxError("expected ':' after the key \"\(key.debugEscaped)\", found \(try foundPhrase())")
            }
            index += 1
            skipWhitespace()
            let node = try parseValue(depth: depth)
            members.append((key, node))
            skipWhitespace()
            guard index < bytes.count else {
                throw syntaxError("expected ',' or '}' after the value of \"\(key.debugEscaped)\", found the end of the text")
            }
            switch bytes[index] {
            case UInt8(ascii: ","):
                let comma = commaPlace()
                index += 1
                skipWhitespace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                    throw .syntax(location(of: comma), reason: "a ',' is followed by '}'; remove the trailing comma")
                }
            case UInt8(ascii: "}"):
                index += 1
                return .object(members)
            default:
                throw syntaxError("expected ',' or '}' after the value of \"\(key.debugEscaped)\", found \(try foundPhrase())")
            }
        }
    }

    private mutating func parseArray(depth: Int) throws(StoreError) -> JSONValue {
        try checkDepth(depth)
        index += 1  // [
        var elements: [JSONNode] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue(depth: depth))
            skipWhitespace()
            guard index < bytes.count else {
                throw syntaxError("expected ',' or ']' after an array element, found the end of the text")
            }
            switch bytes[index] {
            case UInt8(ascii: ","):
                let comma = commaPlace()
                index += 1
                skipWhitespace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                    throw .syntax(location(of: comma), reason: "a ',' is followed by ']'; remove the trailing comma")
                }
            case UInt8(ascii: "]"):
                index += 1
                return .array(elements)
            default:
                throw syntaxError("expected ',' or ']' after an array element, found \(try foundPhrase())")
            }
        }
    }

    private mutating func parseLiteral(_ word: StaticString) throws(StoreError) {
        let expected = word.withUTF8Buffer { Array($0) }
        let start = index
        for byte in expected {
            guard index < bytes.count, bytes[index] == byte else {
                // Show the whole word that was typed: `tru`, `nul`, `this`.
                var end = start
                while end < bytes.count, end - start < 20,
                      (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[end] | 0x20) {
                    end += 1
                }
                let typed = String(decoding: bytes[start..<end], as: UTF8.self)
                let text = String(decoding: expected, as: UTF8.self)
                // `tru`, `nul`, `fals`: that literal mistyped. `this`, `foo`, `none`: text that
                // only starts with its letter, which is no literal at all.
                guard typed.count <= text.count + 1, typed.lowercased().hasPrefix(text.prefix(2)) else {
                    throw syntaxError("expected a value (object, array, string, number, true, false or null), found '\(typed)'",
                                      at: start)
                }
                throw syntaxError("expected \(text), found '\(typed)'", at: start)
            }
            index += 1
        }
    }

    // MARK: Numbers

    private mutating func parseNumber() throws(StoreError) -> String {
        let start = index
        func isDigit(_ i: Int) -> Bool {
            i < bytes.count && bytes[i] >= UInt8(ascii: "0") && bytes[i] <= UInt8(ascii: "9")
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard isDigit(index) else {
            throw syntaxError("expected a digit after '-', found \(try foundPhrase())")
        }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if isDigit(index) {
                throw syntaxError("a number cannot start with 0 followed by more digits", at: start)
            }
        } else {
            while isDigit(index) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard isDigit(index) else {
                throw syntaxError("expected a digit after the decimal point, found \(try foundPhrase())")
            }
            while isDigit(index) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard isDigit(index) else {
                throw syntaxError("expected a digit in the exponent, found \(try foundPhrase())")
            }
            while isDigit(index) { index += 1 }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    // MARK: Strings

    private mutating func parseString() throws(StoreError) -> String {
        let start = index
        index += 1  // opening quote
        var out: [UInt8] = []
        while true {
            guard index < bytes.count else {
                throw syntaxError("a string is not closed: it starts here and the text ends before its closing '\"'", at: start)
            }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try parseEscape(into: &out)
            case 0x0A:
                throw syntaxError("a string is not closed before the end of the line (write a line break as \\n)", at: start)
            case 0..<0x20:
                throw syntaxError("a control character (U+\(hex4(UInt32(byte)))) inside a string; write it as an escape such as \\t")
            case 0x80...:
                let length = try utf8Length(at: index)
                out.append(contentsOf: bytes[index..<index + length])
                index += length
            default:
                out.append(byte)
                index += 1
            }
        }
    }

    private mutating func parseEscape(into out: inout [UInt8]) throws(StoreError) {
        let escapeStart = index
        index += 1  // backslash
        guard index < bytes.count else {
            throw syntaxError("a string is not closed: the text ends after '\\'", at: escapeStart)
        }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""): out.append(0x22)
        case UInt8(ascii: "\\"): out.append(0x5C)
        case UInt8(ascii: "/"): out.append(0x2F)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "u"):
            var value = try parseHex4(escapeStart: escapeStart)
            if (0xD800...0xDBFF).contains(value) {
                // A high surrogate must be followed by \u and a low surrogate.
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                    throw syntaxError("\\u\(hex4(value)) is half of a surrogate pair; the other half is missing", at: escapeStart)
                }
                index += 2
                let low = try parseHex4(escapeStart: escapeStart)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw syntaxError("\\u\(hex4(value)) is not followed by a low surrogate", at: escapeStart)
                }
                value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(value) {
                throw syntaxError("\\u\(hex4(value)) is half of a surrogate pair; the other half is missing", at: escapeStart)
            }
            guard let scalar = Unicode.Scalar(value) else {
                throw syntaxError("\\u escape is not a Unicode character", at: escapeStart)
            }
            out.append(contentsOf: Array(String(Character(scalar)).utf8))
        default:
            index -= 1
            throw syntaxError("unknown escape '\\\(try foundPhrase().trimmingQuotes)' in a string (allowed: \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)", at: escapeStart)
        }
    }

    private mutating func parseHex4(escapeStart: Int) throws(StoreError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count else {
                throw syntaxError("\\u must be followed by four hexadecimal digits", at: escapeStart)
            }
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default:
                throw syntaxError("\\u must be followed by four hexadecimal digits", at: escapeStart)
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    // MARK: UTF-8

    /// The length (2–4) of the valid UTF-8 sequence of a non-ASCII scalar at `position`.
    /// - Throws: ``StoreError/invalidUTF8(_:byte:)`` for a stray continuation byte, a truncated
    ///   sequence, an overlong form, a surrogate or a value above U+10FFFF.
    private func utf8Length(at position: Int) throws(StoreError) -> Int {
        guard let length = UTF8Sequence.length(in: bytes, at: position) else {
            throw .invalidUTF8(location(at: position), byte: bytes[position])
        }
        return length
    }
}

private extension String {
    /// `'x'` → `x`.
    var trimmingQuotes: String {
        guard count >= 2, first == "'", last == "'" else { return self }
        return String(dropFirst().dropLast())
    }
}
