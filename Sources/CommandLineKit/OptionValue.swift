import WorkoutModel

// MARK: - Typed option values

/// Conversions of option values typed on the command line into numbers and choices, each
/// failing with ``CommandLineError/badValue(option:value:reason:)`` whose message names the
/// option, quotes the value and states what is allowed:
/// `--prepare: 'abc' is not a whole number of seconds (0–3600)`.
public enum OptionValue {
    /// A whole number in `range`: optional sign and ASCII digits only (no spaces, no decimals).
    /// - Parameters:
    ///   - value: the text typed.
    ///   - option: the option as shown, e.g. `--prepare`.
    ///   - range: the accepted values.
    ///   - unit: the unit in words, plural (`seconds`, `sessions`), or `""` for a plain count.
    /// - Returns: the number.
    /// - Throws: ``CommandLineError/badValue(option:value:reason:)``: "is not a whole number of
    ///   seconds (0–3600)" or "is outside 0–3600 seconds".
    public static func wholeNumber(_ value: String, option: String, range: ClosedRange<Int>, unit: String) throws(CommandLineError) -> Int {
        let span = "\(range.lowerBound)–\(range.upperBound)"
        let body = value.first == "-" || value.first == "+" ? value.dropFirst() : Substring(value)
        guard !body.isEmpty, body.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(value) else {
            if !body.isEmpty, body.allSatisfy({ $0.isASCII && $0.isNumber }) {
                throw .badValue(option: option, value: value, reason: "is outside \(span)\(unit.isEmpty ? "" : " " + unit)")
            }
            throw .badValue(option: option, value: value, reason: "is not a whole number\(unit.isEmpty ? "" : " of " + unit) (\(span))")
        }
        guard range.contains(number) else {
            throw .badValue(option: option, value: value, reason: "is outside \(span)\(unit.isEmpty ? "" : " " + unit)")
        }
        return number
    }

    /// A duration of whole seconds in `range`, typed as a person types it: `40`, `90s`,
    /// `1m30s`, `2m`, `1:00`, `1h` (``DurationText``: a bare number is seconds, `m` minutes).
    /// - Parameters:
    ///   - value: the text typed.
    ///   - option: the option as shown, e.g. `--prepare`.
    ///   - range: the accepted seconds.
    /// - Returns: the seconds.
    /// - Throws: ``CommandLineError/badValue(option:value:reason:)``: "is not a time such as
    ///   10, 10s, 1m30s or 1:00 (0–3600 s)", "is not a whole number of seconds" or
    ///   "is 3601 s; allowed 0–3600 s".
    public static func duration(_ value: String, option: String, range: ClosedRange<Int>) throws(CommandLineError) -> Int {
        let span = "\(range.lowerBound)–\(range.upperBound) s"
        guard let seconds = DurationText.seconds(value) else {
            throw .badValue(option: option, value: value, reason: "is not a time such as 10, 10s, 1m30s or 1:00 (\(span))")
        }
        guard seconds == seconds.rounded() else {
            throw .badValue(option: option, value: value, reason: "is not a whole number of seconds (\(span))")
        }
        guard seconds >= Double(range.lowerBound), seconds <= Double(range.upperBound) else {
            let shown = seconds <= DurationText.maximumSeconds ? String(Int(seconds)) : "more than \(range.upperBound)"
            throw .badValue(option: option, value: value, reason: "is \(shown) s; allowed \(span)")
        }
        return Int(seconds)
    }

    /// A decimal number in `range`: optional sign, ASCII digits and at most one `.`
    /// (`72.5`, `.5`, `70`); no exponents, no `nan`/`inf`, no comma.
    /// - Parameters:
    ///   - value: the text typed.
    ///   - option: the option as shown, e.g. `--weight`.
    ///   - range: the accepted values.
    ///   - unit: the unit in words, plural (`kilograms`), or `""`.
    /// - Returns: the number.
    /// - Throws: ``CommandLineError/badValue(option:value:reason:)``: "is not a number of
    ///   kilograms (20–300)" or "is outside 20–300 kilograms".
    public static func decimal(_ value: String, option: String, range: ClosedRange<Double>, unit: String) throws(CommandLineError) -> Double {
        let span = "\(format(range.lowerBound))–\(format(range.upperBound))"
        let body = value.first == "-" || value.first == "+" ? value.dropFirst() : Substring(value)
        let digits = body.filter { $0 != "." }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
              body.filter({ $0 == "." }).count <= 1, let number = Double(value), number.isFinite
        else {
            throw .badValue(option: option, value: value, reason: "is not a number\(unit.isEmpty ? "" : " of " + unit) (\(span))")
        }
        guard range.contains(number) else {
            throw .badValue(option: option, value: value, reason: "is outside \(span)\(unit.isEmpty ? "" : " " + unit)")
        }
        return number
    }

    /// One of a fixed set of words, matched exactly.
    /// - Parameters:
    ///   - value: the text typed.
    ///   - option: the option as shown, e.g. `--units`.
    ///   - allowed: the accepted words in the order to list them.
    /// - Returns: `value`.
    /// - Throws: ``CommandLineError/badValue(option:value:reason:)``: "is not one of metric,
    ///   imperial" (with "did you mean" when a word is close).
    public static func choice(_ value: String, option: String, allowed: [String]) throws(CommandLineError) -> String {
        guard allowed.contains(value) else {
            let hint = closestMatch(to: value, among: allowed).map { "; did you mean '\($0)'?" } ?? ""
            throw .badValue(option: option, value: value, reason: "is not one of \(allowed.joined(separator: ", "))\(hint)")
        }
        return value
    }

    /// `20` for 20.0, `20.5` for 20.5.
    private static func format(_ number: Double) -> String {
        if number.rounded() == number, abs(number) < 1e15 { return String(Int(number)) }
        return String(number)
    }
}
