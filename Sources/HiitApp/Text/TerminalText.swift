import WorkoutModel

/// Text bound for a terminal, made harmless: a name with `ESC ]2;…` must not retitle the
/// window or clear the screen when a person looks at an export (issue 11, item 7).
enum TerminalText {
    /// `text` with every control, format and line-separator character of each line written as
    /// an escape (`\u{1b}`, see `String.oneLineEscaped`); the line ends themselves (`\n`, and
    /// the `\r\n` of CSV) are kept. Use it only for a terminal: files and pipes get the bytes.
    static func escaped(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            let (body, end) = line.hasSuffix("\r") ? (line.dropLast(), "\r") : (line[...], "")
            return String(body).oneLineEscaped + end
        }.joined(separator: "\n")
    }
}
