// MARK: - Command tree specification

/// One command of the `hiit` command tree: its name, its help texts, the positional arguments
/// and options it accepts, and its subcommands (DESIGN §6). The root is `hiit` itself.
///
/// A command type usually gets its spec from its declarations (``ParsableCommand/spec``:
/// its ``CommandConfiguration`` and the ``Flag``, ``Option`` and ``Argument`` properties, in
/// order); a program's tree nests those specs as subcommands.
///
/// `--help`/`-h` are accepted by every command and `--version` by the root without being
/// declared; declaring options named `help` or `version` (or short `h`) is a programmer error.
public struct CommandSpec: Equatable, Sendable {
    /// The word that selects the command (`run`, `history`); for the root, the program name.
    public var name: String
    /// One sentence shown after `OVERVIEW:` and in the parent's SUBCOMMANDS list.
    public var abstract: String
    /// Further paragraphs shown below the overview; `\n` separates paragraphs.
    public var discussion: String?
    /// Positional arguments, bound in order.
    public var arguments: [ArgumentSpec]
    /// Options, in the order shown in help and usage.
    public var options: [OptionSpec]
    /// Subcommands, in the order shown in help.
    public var subcommands: [CommandSpec]

    /// Creates a command specification.
    /// - Parameters:
    ///   - name: the word that selects it.
    ///   - abstract: one sentence.
    ///   - discussion: optional paragraphs separated by `\n`.
    ///   - arguments: positional arguments in order (at most the last may be repeating).
    ///   - options: options in display order.
    ///   - subcommands: subcommands in display order.
    public init(name: String, abstract: String, discussion: String? = nil, arguments: [ArgumentSpec] = [],
         options: [OptionSpec] = [], subcommands: [CommandSpec] = []) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.arguments = arguments
        self.options = options
        self.subcommands = subcommands
    }

    /// The subcommand selected by `word`, if any.
    public func subcommand(named word: String) -> CommandSpec? {
        subcommands.first { $0.name == word }
    }

    /// The option whose long name (without `--`) is `long`, if any.
    public func option(long: String) -> OptionSpec? {
        options.first { $0.long == long }
    }

    /// The option whose short name is `short`, if any.
    public func option(short: Character) -> OptionSpec? {
        options.first { $0.short == short }
    }

    /// The chain of specifications from this (root) command down a path of subcommand names.
    /// - Parameter path: subcommand names below the root, e.g. `["history", "show"]`.
    /// - Returns: `[root, history, show]`, or `nil` when a name is not a subcommand.
    public func specs(along path: [String]) -> [CommandSpec]? {
        var chain = [self]
        for name in path {
            guard let next = chain[chain.count - 1].subcommand(named: name) else { return nil }
            chain.append(next)
        }
        return chain
    }
}

/// A positional argument such as `WORKOUT`.
public struct ArgumentSpec: Equatable, Sendable {
    /// The argument's name, e.g. `WORKOUT`; shown as `<workout>`; the key of its values in
    /// ``ParsedCommand/arguments``.
    public var name: String
    /// One or more sentences shown in the ARGUMENTS section.
    public var help: String
    /// Whether the argument may be left out (shown in brackets).
    public var isOptional: Bool
    /// Whether it takes every remaining positional word (shown with `...`); only the last
    /// argument may repeat.
    public var isRepeating: Bool

    /// Creates an argument specification.
    /// - Parameters:
    ///   - name: e.g. `WORKOUT`.
    ///   - help: shown in help.
    ///   - isOptional: may be left out (default `false`).
    ///   - isRepeating: takes all remaining words (default `false`).
    public init(_ name: String, help: String, isOptional: Bool = false, isRepeating: Bool = false) {
        self.name = name
        self.help = help
        self.isOptional = isOptional
        self.isRepeating = isRepeating
    }

    /// `<workout>`: the name in lower case between angle brackets.
    public var label: String { "<\(name.lowercased())>" }
}

/// An option such as `--prepare <seconds>` or a flag such as `--mute`.
public struct OptionSpec: Equatable, Sendable {
    /// The long name without the dashes (`prepare`); the key of its values in
    /// ``ParsedCommand/options`` or ``ParsedCommand/flags``.
    public var long: String
    /// An optional one-letter short name (`p` for `-p`).
    public var short: Character?
    /// The name of the value (`seconds`, shown `<seconds>`), or `nil` for a flag.
    public var valueName: String?
    /// One or more sentences shown in the OPTIONS section.
    public var help: String
    /// Whether the option may be given more than once (each value is kept, in order).
    public var isRepeatable: Bool
    /// Whether the command needs the option (at least once): it is shown without brackets in
    /// the usage line, and parsing fails with ``CommandLineError/missingOption(_:isRepeatable:example:)``
    /// when it is left out.
    public var isRequired: Bool
    /// An example of the option as typed (`--exercise "Burpees 40/20x3"`), quoted in the error
    /// for a missing required option; `nil` for none.
    public var example: String?

    /// Creates an option specification.
    /// - Parameters:
    ///   - long: name without `--`.
    ///   - short: optional letter for `-x`.
    ///   - valueName: the value's name, or `nil` for a flag (default).
    ///   - help: shown in help.
    ///   - isRepeatable: may be given more than once (default `false`).
    ///   - isRequired: must be given at least once (default `false`).
    ///   - example: the option as typed, for the error when a required option is missing.
    public init(_ long: String, short: Character? = nil, valueName: String? = nil, help: String, isRepeatable: Bool = false,
         isRequired: Bool = false, example: String? = nil) {
        self.long = long
        self.short = short
        self.valueName = valueName
        self.help = help
        self.isRepeatable = isRepeatable
        self.isRequired = isRequired
        self.example = example
    }

    /// Whether the option takes a value (it is not a flag).
    public var takesValue: Bool { valueName != nil }

    /// `--prepare`.
    public var flagName: String { "--\(long)" }

    /// `--prepare <seconds>` or `--mute`, as in usage lines and messages.
    public var synopsis: String {
        guard let valueName else { return flagName }
        return "\(flagName) <\(valueName)>"
    }

    /// `-p, --prepare <seconds>` or `--mute`, as in the OPTIONS section.
    public var helpLabel: String {
        guard let short else { return synopsis }
        return "-\(short), \(synopsis)"
    }
}
