// MARK: - What a shell completes, from the command tree

/// What a shell offers for an option's value or a positional argument.
public enum CompletionValue: Equatable, Sendable {
    /// Free text (a number, a name to be made up): nothing is offered.
    case text
    /// One of a fixed set of words, in the order to offer them. Words hold no whitespace,
    /// commas or shell quoting characters (``CompletionTable`` checks).
    case choices([String])
    /// A path to a file (or folder).
    case files
    /// A path to a folder.
    case folders
    /// The name of a workout or plan of the user's library, read at completion time with
    /// `hiit list --names`; a word holding `/` completes as a file path instead.
    case workouts

    /// The kind as the completion table writes it: `text`, `choice=a,b`, `files`, `dirs`,
    /// `workouts`.
    public var tableField: String {
        switch self {
        case .text: "text"
        case let .choices(words): "choice=" + words.joined(separator: ",")
        case .files: "files"
        case .folders: "dirs"
        case .workouts: "workouts"
        }
    }
}

/// Which values are completed for which options and arguments. Options are matched by long
/// name and arguments by name wherever they appear in the tree, so a new command whose
/// `--units` or `WORKOUT` means what it means elsewhere completes without a change here.
public struct CompletionRules: Sendable {
    /// Values of options that take one, by long name (`units`).
    public var optionValues: [String: CompletionValue]
    /// Values of positional arguments, by name (`WORKOUT`).
    public var argumentValues: [String: CompletionValue]

    /// Creates rules.
    /// - Parameters:
    ///   - optionValues: by option long name; an option that takes a value and is not listed
    ///     completes files when its value name is `file` or `path`, else nothing.
    ///   - argumentValues: by argument name; an argument not listed completes nothing.
    public init(optionValues: [String: CompletionValue], argumentValues: [String: CompletionValue]) {
        self.optionValues = optionValues
        self.argumentValues = argumentValues
    }

    /// What is completed after `option`: `nil` for a flag (it takes no value).
    public func value(for option: OptionSpec) -> CompletionValue? {
        guard let valueName = option.valueName else { return nil }
        if let value = optionValues[option.long] { return value }
        return ["file", "path"].contains(valueName.lowercased()) ? .files : .text
    }

    /// What is completed for `argument`.
    public func value(for argument: ArgumentSpec) -> CompletionValue {
        argumentValues[argument.name] ?? .text
    }
}

/// The command tree flattened into the lines the completion scripts read: one line per
/// subcommand, option and positional argument of every command, fields separated by a tab.
///
/// ```
/// sub   hiit history        show        Show everything recorded about one session.
/// opt   hiit profile        --units     choice=metric,imperial   Units for distances and paces…
/// opt   hiit history delete -y          flag                     Delete without asking.
/// arg   hiit export         1           files                    FILE
/// arg   hiit import         0+          files                    FILE
/// ```
/// The second field is the command path (never empty: the root is `hiit`). An `arg` line's
/// third field is the argument's position among the positional words (from 0), with `+`
/// when it takes every remaining word. No field is empty, so a shell's `read` with a tab
/// separator keeps every field in place. Every command gets `--help` and `-h`; the root gets
/// `--version` and the `help` subcommand (`hiit help history show`), which the scripts follow
/// with the root's subcommands.
public enum CompletionTable {
    /// The lines for the tree under `root`, in the order of the tree.
    /// - Parameters:
    ///   - root: the root command (its name is the first word of every path).
    ///   - rules: what option values and arguments complete to.
    /// - Returns: the lines, without newlines.
    public static func lines(root: CommandSpec, rules: CompletionRules) -> [String] {
        var lines: [String] = []
        appendLines(for: root, path: root.name, isRoot: true, rules: rules, to: &lines)
        return lines
    }

    private static func appendLines(for command: CommandSpec, path: String, isRoot: Bool, rules: CompletionRules,
                                    to lines: inout [String]) {
        for subcommand in command.subcommands {
            lines.append(row("sub", path, subcommand.name, description(subcommand.abstract)))
        }
        for option in command.options {
            let kind = rules.value(for: option)?.tableField ?? "flag"
            lines.append(row("opt", path, option.flagName, kind, description(option.help)))
            if let short = option.short {
                lines.append(row("opt", path, "-\(short)", kind, description(option.help)))
            }
        }
        if isRoot {
            lines.append(row("sub", path, "help", "Show subcommand help information."))
            lines.append(row("opt", path, "--version", "flag", "Show the version."))
            lines.append(row("opt", path, "-V", "flag", "Show the version."))
        }
        lines.append(row("opt", path, "--help", "flag", "Show help information."))
        lines.append(row("opt", path, "-h", "flag", "Show help information."))
        for (index, argument) in command.arguments.enumerated() {
            let position = argument.isRepeating ? "\(index)+" : "\(index)"
            lines.append(row("arg", path, position, rules.value(for: argument).tableField, argument.name))
        }
        for subcommand in command.subcommands {
            appendLines(for: subcommand, path: path + " " + subcommand.name, isRoot: false, rules: rules, to: &lines)
        }
    }

    /// Joins fields with tabs; tabs and line breaks inside a field become spaces and an empty
    /// field becomes `-`, so every line keeps its fields.
    private static func row(_ fields: String...) -> String {
        fields.map { field in
            let flat = String(field.map { $0 == "\t" || $0.isNewline ? " " : $0 })
            return flat.isEmpty ? "-" : flat
        }.joined(separator: "\t")
    }

    /// The first sentence of a help text, at most 80 characters (cut at a word, with `…`),
    /// as a shell shows it beside a candidate.
    public static func description(_ help: String) -> String {
        var text = help
        if let end = text.range(of: ". ") { text = String(text[..<end.lowerBound]) + "." }
        guard text.count > 80 else { return text }
        var cut = String(text.prefix(79))
        if let space = cut.lastIndex(of: " ") { cut = String(cut[..<space]) }
        return cut + "…"
    }

    /// Whether `word` may be offered as a choice: printable, with no whitespace, commas,
    /// quotes, backslashes or other characters a shell would need quoted.
    public static func isPlainChoice(_ word: String) -> Bool {
        !word.isEmpty && word.unicodeScalars.allSatisfy { scalar in
            scalar.properties.isAlphabetic || ("0"..."9").contains(Character(scalar))
                || "-_.:/+@%".unicodeScalars.contains(scalar)
        }
    }
}
