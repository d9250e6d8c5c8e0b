extension String {
    /// The text as it may stand inside a one-line message: every control character, format
    /// character (such as U+200B or the bidirectional overrides) and line or paragraph
    /// separator written as an escape (`\u{a}`), so a name, path or word with a line end or a
    /// cursor movement in it can neither split the message nor disturb a terminal. Other
    /// characters are kept as they are.
    public var oneLineEscaped: String {
        guard unicodeScalars.contains(where: Self.needsEscape) else { return self }
        var line = ""
        for scalar in unicodeScalars {
            if Self.needsEscape(scalar) {
                line += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                line.unicodeScalars.append(scalar)
            }
        }
        return line
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }
}
