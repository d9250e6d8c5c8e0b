// MARK: - The manual page

/// A section of the manual page that the command tree does not hold (ENVIRONMENT, FILES,
/// EXIT STATUS, EXAMPLES): paragraphs, then tagged entries.
public struct ManSection: Equatable, Sendable {
    /// One tagged entry: a tag shown bold on its own line (`XDG_DATA_HOME`, `hiit run 20/10x8`)
    /// and its text, indented below it.
    public struct Entry: Equatable, Sendable {
        /// The tag, plain text.
        public var tag: String
        /// The text, plain text; `\n` separates paragraphs.
        public var text: String
    }

    /// The section's name, in capitals (`ENVIRONMENT`).
    public var title: String
    /// Paragraphs before the entries, plain text.
    public var paragraphs: [String]
    /// The entries, in order.
    public var entries: [Entry]

    /// Creates a section.
    /// - Parameters:
    ///   - title: the name, in capitals.
    ///   - paragraphs: plain-text paragraphs shown first (default none).
    ///   - entries: `(tag, text)` pairs shown after them.
    public init(_ title: String, paragraphs: [String] = [], entries: [(String, String)] = []) {
        self.title = title
        self.paragraphs = paragraphs
        self.entries = entries.map { Entry(tag: $0.0, text: $0.1) }
    }
}

/// The manual page (`man 1`, roff with the `man` macros) written from the command tree, so it
/// says what `--help` says: NAME and SYNOPSIS from the root, DESCRIPTION from its overview,
/// OPTIONS from the root's options, COMMANDS with every subcommand's usage, overview,
/// arguments and options (nested ones as `hiit history show`), then the sections given.
///
/// Every piece of text goes through ``ManPage/escaped(_:)``, so a help text can never start a
/// roff request or hold an escape by accident.
public enum ManPage {
    /// The page.
    /// - Parameters:
    ///   - root: the command tree's root.
    ///   - version: the program's version, shown in the page's footer.
    ///   - sections: further sections, in order, after COMMANDS.
    /// - Returns: roff source, ending with a newline; every line is a request (starts with
    ///   `.`), a comment, or text that does not start with `.` or `'`.
    public static func page(root: CommandSpec, version: String, sections: [ManSection]) -> String {
        let name = root.name
        var lines: [String] = []
        lines.append(#".\" The manual page of \#(name) \#(version), written by '\#(name) man' from the same"#)
        lines.append(#".\" specifications as its --help text."#)
        lines.append(".TH \(name.uppercased()) 1 \"\" \"\(escaped("\(name) \(version)"))\" \"User Commands\"")

        lines.append(".SH NAME")
        lines.append(escaped(name) + #" \- "# + escaped(root.abstract))

        lines.append(".SH SYNOPSIS")
        for usage in [usage([root]),
                      bold(name) + " " + escaped("<subcommand> [<arguments>] [<options>]", italicizingPlaceholders: true),
                      bold("\(name) help") + " " + escaped("[<subcommand> ...]", italicizingPlaceholders: true),
                      bold(name) + " " + escaped("--version")] {
            lines.append(".PP")
            lines.append(usage)
        }

        lines.append(".SH DESCRIPTION")
        lines += paragraphs([root.abstract] + split(root.discussion))
        lines += paragraphs(["Each subcommand is described under COMMANDS below; '\(name) SUBCOMMAND --help' shows the same text in the terminal."])

        lines.append(".SH OPTIONS")
        for option in root.options { lines += entry(optionTag(option), option.help) }
        lines += entry(bold("-V") + ", " + bold("--version"), "Show the version.")
        lines += entry(bold("-h") + ", " + bold("--help"), "Show help information.")

        lines.append(".SH COMMANDS")
        for subcommand in root.subcommands {
            appendCommand(path: [root, subcommand], to: &lines)
        }
        lines.append(".SS \(escaped("\(name) help"))")
        lines.append(".PP")
        lines.append(bold("\(name) help") + " " + escaped("[<subcommand> ...]", italicizingPlaceholders: true))
        lines += paragraphs(["Show the help of a subcommand, as '--help' does."])

        for section in sections {
            lines.append(".SH \(escaped(section.title))")
            lines += paragraphs(section.paragraphs)
            for item in section.entries { lines += entry(bold(item.tag), item.text) }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One command's subsection, then its subcommands'.
    private static func appendCommand(path: [CommandSpec], to lines: inout [String]) {
        guard let command = path.last else { return }
        lines.append(".SS \(escaped(path.map(\.name).joined(separator: " ")))")
        lines.append(".PP")
        lines.append(usage(path))
        lines += paragraphs([command.abstract] + split(command.discussion))
        for argument in command.arguments {
            let label = argument.label + (argument.isRepeating ? " ..." : "")
            lines += entry(escaped(label, italicizingPlaceholders: true), argument.help)
        }
        for option in command.options { lines += entry(optionTag(option), option.help) }
        for subcommand in command.subcommands {
            appendCommand(path: path + [subcommand], to: &lines)
        }
    }

    // MARK: Pieces

    /// A usage line: the command names bold, placeholders italic.
    private static func usage(_ path: [CommandSpec]) -> String {
        let items = usageItems(for: path)
        guard let names = items.first else { return "" }
        return ([bold(names)] + items.dropFirst().map { escaped($0, italicizingPlaceholders: true) }).joined(separator: " ")
    }

    /// `-e, --exercise <exercise>` with the names bold and the value italic.
    private static func optionTag(_ option: OptionSpec) -> String {
        var tag = option.short.map { bold("-\($0)") + ", " } ?? ""
        tag += bold(option.flagName)
        if let valueName = option.valueName { tag += " " + escaped("<\(valueName)>", italicizingPlaceholders: true) }
        return tag
    }

    /// `.TP`, the tag line, then the text's paragraphs (later ones after `.IP`, still indented).
    private static func entry(_ tag: String, _ text: String) -> [String] {
        var lines = [".TP", tag]
        for (index, paragraph) in split(text).enumerated() {
            if index > 0 { lines.append(".IP") }
            lines.append(escaped(paragraph))
        }
        return lines
    }

    /// `.PP` and the text of each paragraph.
    private static func paragraphs(_ texts: [String]) -> [String] {
        texts.flatMap { [".PP", escaped($0)] }
    }

    /// The non-empty paragraphs of a text whose paragraphs are separated by `\n`.
    private static func split(_ text: String?) -> [String] {
        guard let text else { return [] }
        return text.split(separator: "\n").map(String.init).filter { !$0.allSatisfy(\.isWhitespace) }
    }

    /// Text in bold, escaped.
    private static func bold(_ text: String) -> String {
        #"\fB"# + escaped(text) + #"\fR"#
    }

    /// `text` as one line of roff text that prints it as it is:
    /// - a backslash becomes `\e`;
    /// - in a word that is an option (it starts with `-`, after any of `[(<'"`), every `-`
    ///   becomes `\-`, a minus sign that can be copied and typed; other hyphens stay hyphens;
    /// - characters outside ASCII become `\[uXXXX]`, which groff and mandoc print in any
    ///   locale; control characters become spaces;
    /// - a line that would start with `.` or `'` (a request) starts with `\&`.
    /// - Parameters:
    ///   - text: plain text, one line (line breaks become spaces).
    ///   - italicizingPlaceholders: whether `<name>` placeholders are set in italics.
    /// - Returns: roff text.
    public static func escaped(_ text: String, italicizingPlaceholders: Bool = false) -> String {
        let words = text.split(separator: " ", omittingEmptySubsequences: false).map { word -> String in
            let core = word.drop { "[(<'\"".contains($0) }
            let isOption = core.first == "-"
            var out = ""
            for scalar in word.unicodeScalars {
                switch scalar {
                case "\\": out += #"\e"#
                case "-": out += isOption ? #"\-"# : "-"
                case "<" where italicizingPlaceholders: out += #"\fI<"#
                case ">" where italicizingPlaceholders: out += #">\fR"#
                default:
                    if scalar.value < 0x20 || scalar.value == 0x7F {
                        out += " "
                    } else if scalar.isASCII {
                        out.unicodeScalars.append(scalar)
                    } else {
                        let hex = String(scalar.value, radix: 16, uppercase: true)
                        out += #"\[u"# + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
                    }
                }
            }
            return out
        }
        let line = words.joined(separator: " ")
        return line.hasPrefix(".") || line.hasPrefix("'") ? #"\&"# + line : line
    }
}
