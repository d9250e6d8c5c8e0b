import Foundation
import WorkoutModel
import XMLText

/// Writes an XML document as UTF-8 text for the TCX and GPX encoders: the declaration
/// `<?xml version="1.0" encoding="UTF-8"?>`, then elements one per line, indented two spaces
/// a level, a leaf's text on its own line with its tags. The same calls always give the same
/// bytes (attributes in the order given, no clock, no locale).
///
/// Text and attribute values are escaped (`XMLText.escaped(_:)`); numbers are written by
/// ``number(_:)`` and instants by ``time(_:)``. Nesting is the caller's: every ``open(_:_:)``
/// needs its ``close()`` before ``data``, a programmer's error otherwise (the open elements
/// are closed then, so the document stays well-formed).
struct XMLWriter {
    /// The document so far.
    private var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    /// The names of the open elements, outermost first.
    private var openNames: [String] = []

    /// An empty document (the declaration only).
    init() {}

    /// Opens element `name` with `attributes` (name, value), in order.
    mutating func open(_ name: String, _ attributes: [(String, String)] = []) {
        text += indentation + "<" + name + Self.attributeText(attributes) + ">\n"
        openNames.append(name)
    }

    /// Closes the element opened last; nothing when none is open.
    mutating func close() {
        guard let name = openNames.popLast() else { return }
        text += indentation + "</" + name + ">\n"
    }

    /// Writes `<name attributes…>text</name>` on one line, `text` escaped.
    mutating func leaf(_ name: String, _ value: String, _ attributes: [(String, String)] = []) {
        text += indentation + "<" + name + Self.attributeText(attributes) + ">" + XMLText.escaped(value) + "</" + name + ">\n"
    }

    /// Writes `<name>number</name>` by ``number(_:)``; nothing when `value` is `nil` or not finite.
    mutating func leaf(_ name: String, number value: Double?) {
        guard let value, let written = Self.number(value) else { return }
        leaf(name, written)
    }

    /// The document's UTF-8 bytes, every element still open closed first.
    var data: Data {
        var copy = self
        while !copy.openNames.isEmpty { copy.close() }
        return Data(copy.text.utf8)
    }

    private var indentation: String { String(repeating: "  ", count: openNames.count) }

    private static func attributeText(_ attributes: [(String, String)]) -> String {
        attributes.map { " \($0.0)=\"\(XMLText.escaped($0.1))\"" }.joined()
    }

    // MARK: Formatting

    /// `value` as an XML Schema `double` without locale or exponent: the shortest decimal that
    /// reads back as the same `Double` (Swift's `description`), exponent expanded into zeros,
    /// trailing fraction zeros and a trailing point removed, `-0` as `0`: `3.0` → `3`,
    /// `0.1` → `0.1`, `1e-05` → `0.00001`, `1.5e+16` → `15000000000000000`, `-2.50` → `-2.5`.
    /// - Returns: `nil` for NaN and the infinities (callers then leave the element out).
    static func number(_ value: Double) -> String? {
        guard value.isFinite else { return nil }
        if value == 0 { return "0" }
        let shortest = value.magnitude.description
        var mantissa = Substring(shortest)
        var exponent = 0
        if let e = shortest.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            mantissa = shortest[..<e]
            exponent = Int(shortest[shortest.index(after: e)...]) ?? 0
        }
        let point = mantissa.firstIndex(of: ".")
        let integerDigits = point.map { mantissa[..<$0] } ?? mantissa
        let fractionDigits = point.map { mantissa[mantissa.index(after: $0)...] } ?? ""
        let digits = Array(integerDigits + fractionDigits)
        // The decimal point sits after `pointAt` of `digits`.
        let pointAt = integerDigits.count + exponent
        var whole: String
        var fraction: String
        if pointAt <= 0 {
            whole = "0"
            fraction = String(repeating: "0", count: -pointAt) + String(digits)
        } else if pointAt >= digits.count {
            whole = String(digits) + String(repeating: "0", count: pointAt - digits.count)
            fraction = ""
        } else {
            whole = String(digits[..<pointAt])
            fraction = String(digits[pointAt...])
        }
        while whole.count > 1, whole.first == "0" { whole.removeFirst() }
        while fraction.last == "0" { fraction.removeLast() }
        let text = fraction.isEmpty ? whole : whole + "." + fraction
        return value < 0 ? "-" + text : text
    }

    /// `date` as an XML Schema `dateTime` in UTC, rounded to the millisecond: whole seconds
    /// without a fraction (`2026-03-01T07:00:00Z`), else three digits (`2026-03-01T07:00:00.250Z`).
    /// Pure arithmetic on the proleptic Gregorian calendar (the date by
    /// ``LocalDay/init(dayNumber:)``); no time zone database, no locale. Instants outside the
    /// years 1–9999 are clamped to them.
    static func time(_ date: Date) -> String {
        let lowest = -62_135_596_800.0 * 1000, highest = 253_402_300_799_999.0  // 0001-01-01, 9999-12-31T23:59:59.999
        var milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        if !milliseconds.isFinite { milliseconds = 0 }
        milliseconds = min(max(milliseconds, lowest), highest)
        let total = Int64(milliseconds)
        let seconds = total >= 0 ? total / 1000 : (total - 999) / 1000
        let fraction = Int(total - seconds * 1000)
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = Int(seconds - days * 86_400)
        let date = LocalDay(dayNumber: Int(days)) ?? (days < 0 ? .earliest : .latest)
        let (year, month, day) = (date.year, date.month, date.day)
        func padded(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        var text = padded(year, 4) + "-" + padded(month, 2) + "-" + padded(day, 2) + "T"
            + padded(secondOfDay / 3600, 2) + ":" + padded(secondOfDay / 60 % 60, 2) + ":" + padded(secondOfDay % 60, 2)
        if fraction != 0 { text += "." + padded(fraction, 3) }
        return text + "Z"
    }
}
