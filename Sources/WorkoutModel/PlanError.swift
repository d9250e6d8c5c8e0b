/// Why a workout or plan is not valid. Each case carries what a person needs to fix it:
/// the field, the value and the allowed range.
public enum PlanError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A number outside its allowed range, e.g. `exercise 1 (Burpees) work` = 0 in 1...3600. The
    /// field is named in a person's words (work, rest, rounds, rest between exercises,
    /// prepare), not by its JSON key.
    /// `unit` is `"s"` for seconds or empty for counts.
    case outOfRange(field: String, value: Int, range: ClosedRange<Int>, unit: String)
    /// A name that is empty, only white space, too long (characters counted) or holds control characters.
    case badName(field: String, value: String, reason: String)
    /// A file written by a newer program (its `version` is above the supported one).
    case unsupportedVersion(Int, supported: Int)
    /// A QUICK form such as `20/10x8` that does not parse; `text` is the word given.
    case badQuickForm(text: String, reason: String)
    /// A body weight outside 20–400 kg (or not a finite number), in kg.
    case badWeight(Double)
    /// A multisport rule broken at leg `leg` (1-based) labelled `label` (`Swim`, `T1`, …).
    case legRule(leg: Int, label: String, rule: String)
    /// A distance such as `750m` or `33⅓yd` that does not parse; `text` is what was typed.
    case badDistance(text: String, reason: String)
    /// A plan command named an interval workout; `name` is the workout's name.
    case notAPlan(name: String)
    /// A weekly goal (``WeeklyGoal``) that does not parse or is out of range; `text` is what was
    /// typed (or the stored value), `reason` what is wrong.
    case badGoal(text: String, reason: String)
    /// A piece of a `--cues` setting (``CueSettings/applying(_:)``) that is not `KEY=VALUE`
    /// with a known key and value; `piece` is what was typed, `reason` what is wrong.
    case invalidCueSetting(_ piece: String, reason: String)

    /// One line: what is wrong, the value and the allowed range.
    public var description: String {
        switch self {
        case let .outOfRange(field, value, range, unit):
            let u = unit.isEmpty ? "" : " \(unit)"
            return "\(field) is \(value)\(u); allowed \(range.lowerBound)–\(range.upperBound)\(u)"
        case let .badName(field, value, reason):
            return "\(field) \"\(value.debugSafe)\" \(reason)"
        case let .unsupportedVersion(version, supported):
            let readable = supported == 1 ? "version 1" : "versions 1–\(supported)"
            return "version \(version) is not supported (this hiit reads \(readable); a newer hiit wrote it)"
        case let .badQuickForm(text, reason):
            return "\"\(text.debugSafe)\" is not a quick workout (\(reason)); expected WORK/REST[xROUNDS] such as 20/10x8 or 1:00/0:30x3"
        case let .legRule(leg, label, rule):
            return "leg \(leg) (\(label)): \(rule)"
        case let .badDistance(text, reason):
            return "\"\(text.debugSafe)\" is not a distance (\(reason)); expected a number and m, km, yd or mi such as 750m, 20km or 33⅓yd"
        case let .notAPlan(name):
            return "'\(name.debugSafe)' is an interval workout, not a multisport plan; change it with 'hiit edit'"
        case let .badGoal(text, reason):
            return "'\(text.debugSafe)' is not a weekly goal (\(reason)); expected \(WeeklyGoal.acceptedForms)"
        case let .invalidCueSetting(piece, reason):
            return "'\(piece.debugSafe)' is not a cue setting (\(reason)); expected e.g. names=off,countdown=words"
        case let .badWeight(weight):
            return "weightKg is \(weight); allowed 20–400 kg"
        }
    }

    static func check(_ value: Int, in range: ClosedRange<Int>, field: String, unit: String) throws(PlanError) {
        guard range.contains(value) else {
            throw .outOfRange(field: field, value: value, range: range, unit: unit)
        }
    }

    static func checkName(_ name: String, field: String) throws(PlanError) {
        let range = Exercise.nameLengthRange
        if name.allSatisfy({ $0.isWhitespace }) {
            throw .badName(field: field, value: name, reason: "is empty; a name needs 1–\(range.upperBound) characters")
        }
        if name.count > range.upperBound {
            throw .badName(field: field, value: String(name.prefix(20)) + "…",
                           reason: "has \(name.count) characters; allowed 1–\(range.upperBound)")
        }
        if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw .badName(field: field, value: name, reason: "contains a control character")
        }
        if let scalar = name.unicodeScalars.first(where: { isBidirectionalControl($0) || isLineBreak($0) }) {
            let code = "U+" + String(scalar.value, radix: 16, uppercase: true)
            throw .badName(field: field, value: name.oneLineEscaped,
                           reason: isLineBreak(scalar) ? "contains a line separator (\(code))"
                               : "contains a bidirectional control character (\(code)), which would reorder the text around it")
        }
    }

    /// The Unicode bidirectional formatting characters (UAX #9): ALM U+061C, LRM U+200E, RLM
    /// U+200F, LRE–RLO U+202A–U+202E, LRI–PDI U+2066–U+2069.
    static func isBidirectionalControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// The line and paragraph separators U+2028 and U+2029 (not control characters, but line
    /// ends to a terminal's text).
    static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value == 0x2028 || scalar.value == 0x2029
    }
}

extension String {
    /// The string with control characters shown as `\u{…}` escapes, safe for a one-line message.
    var debugSafe: String {
        var out = ""
        for scalar in unicodeScalars {
            if scalar.properties.generalCategory == .control {
                out += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
