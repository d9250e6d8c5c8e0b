import Foundation
import TestSupport

/// Seeded mutations of a valid JSON document (a workout, a plan, a history line), each with
/// what it does to validity: some can never be valid (a cut, invalid UTF-8, a duplicated key,
/// a wrong type, an out-of-range number, 10,000 levels of nesting), one never changes it (a
/// byte-order mark before the text), and the rest may go either way (a flipped byte).
enum JSONMutator {
    /// Whether a mutated document can be valid.
    enum Validity: String { case invalid, valid, either }

    /// One mutation of `document`.
    struct Mutation {
        let bytes: Data
        let validity: Validity
        let name: String
    }

    /// Values of another type than the one a key holds.
    private static func wrongType(for value: Any, _ r: inout SeededGenerator) -> Any {
        switch value {
        case is String: return r.pick([[1] as Any, ["a": 1] as Any, true as Any, 7 as Any])
        case is NSNumber: return r.pick(["20" as Any, [20] as Any, ["n": 1] as Any])
        case is [Any]: return r.pick(["list" as Any, 3 as Any, ["a": [1]] as Any])
        default: return r.pick(["text" as Any, 3 as Any, [1, 2] as Any])
        }
    }

    /// Paths (keys and indices) to every leaf and container below the root.
    private static func paths(in value: Any, prefix: [AnyHashable] = []) -> [[AnyHashable]] {
        var result: [[AnyHashable]] = []
        if let object = value as? [String: Any] {
            for (key, child) in object {
                result.append(prefix + [key])
                result += paths(in: child, prefix: prefix + [key])
            }
        } else if let array = value as? [Any] {
            for (index, child) in array.enumerated() {
                result.append(prefix + [index])
                result += paths(in: child, prefix: prefix + [index])
            }
        }
        return result
    }

    private static func value(at path: [AnyHashable], in root: Any) -> Any? {
        var current: Any? = root
        for step in path {
            if let key = step as? String { current = (current as? [String: Any])?[key] }
            else if let index = step as? Int, let array = current as? [Any], index < array.count { current = array[index] }
            else { return nil }
        }
        return current
    }

    private static func replacing(_ path: [AnyHashable], in root: Any, with new: Any) -> Any {
        guard let step = path.first else { return new }
        let rest = Array(path.dropFirst())
        if let key = step as? String, var object = root as? [String: Any], let child = object[key] {
            object[key] = replacing(rest, in: child, with: new)
            return object
        }
        if let index = step as? Int, var array = root as? [Any], index < array.count {
            array[index] = replacing(rest, in: array[index], with: new)
            return array
        }
        return root
    }

    /// Serializes `object` with keys sorted; `placeholder` strings are then replaced by raw text
    /// (for numbers JSONSerialization cannot write, such as `1e400` or `NaN`).
    private static func serialize(_ object: Any, placeholder: String? = nil, raw: String = "") -> Data? {
        guard var data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .fragmentsAllowed]) else { return nil }
        if let placeholder {
            let text = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\"\(placeholder)\"", with: raw)
            data = Data(text.utf8)
        }
        return data
    }

    /// A seeded mutation of `document` (valid JSON whose root is an object).
    static func mutate(_ document: Data, _ r: inout SeededGenerator) -> Mutation {
        let parsed = try? JSONSerialization.jsonObject(with: document)
        let allPaths = parsed.map { paths(in: $0) } ?? []
        // Booleans come as numbers too: a number in their place is as wrong as one out of range.
        let numeric = allPaths.filter { path in parsed.flatMap { value(at: path, in: $0) } is NSNumber }
        let bytes = [UInt8](document)
        switch r.int(0...14) {
        case 0, 1:  // flipped bytes
            var copy = bytes
            for _ in 0..<r.int(1...3) where !copy.isEmpty {
                copy[r.int(0...(copy.count - 1))] ^= UInt8(r.int(1...255))
            }
            return Mutation(bytes: Data(copy), validity: .either, name: "flipped bytes")
        case 2:  // cut before the closing brace
            let end = bytes.lastIndex(of: UInt8(ascii: "}")) ?? bytes.count
            let length = r.int(0...max(0, end - 1))
            return Mutation(bytes: Data(bytes.prefix(length)), validity: .invalid, name: "cut at \(length)")
        case 3:  // invalid UTF-8 somewhere
            var copy = bytes
            let bad = r.pick([[0xFF], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xE2, 0x82], [0x80], [0xF8, 0x88, 0x80, 0x80, 0x80]] as [[UInt8]])
            copy.insert(contentsOf: bad, at: r.int(0...copy.count))
            return Mutation(bytes: Data(copy), validity: .invalid, name: "invalid UTF-8 \(bad)")
        case 4:  // a byte-order mark before the text
            return Mutation(bytes: Data([0xEF, 0xBB, 0xBF] + bytes), validity: .valid, name: "BOM")
        case 5:  // a key given twice
            guard let object = parsed as? [String: Any], let key = object.keys.sorted().first,
                  let brace = bytes.firstIndex(of: UInt8(ascii: "{")) else { break }
            var copy = bytes
            copy.insert(contentsOf: Array("\"\(key)\":\"again\",".utf8), at: brace + 1)
            return Mutation(bytes: Data(copy), validity: .invalid, name: "duplicate key \(key)")
        case 6, 7:  // a wrong type
            guard let parsed, let path = allPaths.isEmpty ? nil : r.pick(allPaths),
                  let old = value(at: path, in: parsed) else { break }
            let new = wrongType(for: old, &r)
            guard let data = serialize(replacing(path, in: parsed, with: new)) else { break }
            return Mutation(bytes: data, validity: .invalid, name: "wrong type at \(path): \(new)")
        case 8, 9:  // a huge or negative number
            guard let parsed, let path = numeric.isEmpty ? nil : r.pick(numeric) else { break }
            let raw = r.pick(["-1", "-1000000000", "1e400", "-1e400", "1e20", "99999999999999999999999999999", "NaN", "Infinity", "-0.5e308"])
            guard let data = serialize(replacing(path, in: parsed, with: "@@RAW@@"), placeholder: "@@RAW@@", raw: raw) else { break }
            // -1 may be fine for a field without a lower bound; the others never are (a plan's
            // leg targets and pool length have upper bounds too: 1000 km, 7 days, 1000).
            return Mutation(bytes: data, validity: raw == "-1" ? .either : .invalid, name: "number at \(path) = \(raw)")
        case 10:  // 10,000 levels of nesting in a value, or as the whole document
            let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
            if let parsed, let path = allPaths.isEmpty ? nil : r.pick(allPaths),
               let data = serialize(replacing(path, in: parsed, with: "@@RAW@@"), placeholder: "@@RAW@@", raw: deep) {
                return Mutation(bytes: data, validity: .invalid, name: "deep nesting at \(path)")
            }
            return Mutation(bytes: Data(deep.utf8), validity: .invalid, name: "deep nesting")
        case 11:  // a lone surrogate or a NUL escape in a string
            guard let quote = bytes.firstIndex(of: UInt8(ascii: "\"")) else { break }
            var copy = bytes
            let escape = r.pick(["\\ud800", "\\udfff", "\\u0000", "\\x41", "\\"])
            copy.insert(contentsOf: Array(escape.utf8), at: quote + 1)
            return Mutation(bytes: Data(copy), validity: escape == "\\u0000" ? .either : .invalid, name: "escape \(escape)")
        case 12:  // something that is not the document at all
            let junk = r.pick(["", " ", "\n", "null", "[]", "{}", "\"text\"", "42", "{\"version\":1}", "{\"version\":99}", "[{}]", "{\"a\":"])
            return Mutation(bytes: Data(junk.utf8), validity: .invalid, name: "junk \(junk.debugDescription)")
        case 14:  // a size class: 5,000 unknown keys, or an array's first element 2,000 times
            guard let brace = bytes.firstIndex(of: UInt8(ascii: "{")) else { break }
            if r.chance(0.5) {
                var copy = bytes
                let keys = (0..<5_000).map { "\"x\($0)\":\($0)," }.joined()
                copy.insert(contentsOf: Array(keys.utf8), at: brace + 1)
                return Mutation(bytes: Data(copy), validity: .either, name: "5000 unknown keys")
            }
            let arrays = allPaths.filter { path in parsed.flatMap { value(at: path, in: $0) as? [Any] }?.isEmpty == false }
            guard let parsed, let path = arrays.isEmpty ? nil : r.pick(arrays),
                  let array = value(at: path, in: parsed) as? [Any], let first = array.first,
                  let data = serialize(replacing(path, in: parsed, with: Array(repeating: first, count: 2000))) else { break }
            return Mutation(bytes: data, validity: .either, name: "2000 copies at \(path)")
        default:  // random bytes spliced in
            var copy = bytes
            let junk = (0..<r.int(1...16)).map { _ in UInt8(r.int(0...255)) }
            copy.insert(contentsOf: junk, at: r.int(0...copy.count))
            return Mutation(bytes: Data(copy), validity: .either, name: "spliced \(junk)")
        }
        return Mutation(bytes: Data(bytes.reversed()), validity: .either, name: "reversed")
    }
}
