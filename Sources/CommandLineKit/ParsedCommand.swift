// MARK: - Stage 2: tokens to a command

/// What a command line asks for once bound to the command tree.
public enum ParseOutcome: Equatable, Sendable {
    /// Run a command with these values.
    case command(ParsedCommand)
    /// Show help for the command at `path` (subcommand names below the root): `--help` or
    /// `-h` was given anywhere before `--`, or the line was `hiit help …`.
    case help(path: [String])
    /// Show the version: `--version` at the root.
    case version
}

/// A command line bound to one command: the path to it and every value it was given.
public struct ParsedCommand: Equatable, Sendable {
    /// Subcommand names below the root, e.g. `["history", "show"]`; empty for `hiit` alone.
    public var path: [String]
    /// Values of options that take one, by long name, in the order given.
    public var options: [String: [String]]
    /// Long names of the flags that were given.
    public var flags: Set<String>
    /// Positional values by argument name (`WORKOUT`), in order; an optional argument that was
    /// left out is absent.
    public var arguments: [String: [String]]
    /// Every option value as typed, across options, in command-line order (for commands whose
    /// options apply in order, such as the quick edits of `hiit edit`).
    public var orderedOptions: [OptionOccurrence]

    /// One option given with a value: its long name and the value.
    public struct OptionOccurrence: Equatable, Sendable {
        /// Long name without dashes.
        public var name: String
        /// The value given.
        public var value: String
    }

    /// Two parsed commands are equal when they bound the same values; the order across
    /// options (``orderedOptions``) is not compared.
    public static func == (a: ParsedCommand, b: ParsedCommand) -> Bool {
        a.path == b.path && a.options == b.options && a.flags == b.flags && a.arguments == b.arguments
    }

    /// Creates a parsed command (for tests and defaults). Without `orderedOptions`, the
    /// options are taken in the order of their names, each option's values in order.
    public init(path: [String], options: [String: [String]] = [:], flags: Set<String> = [],
         arguments: [String: [String]] = [:], orderedOptions: [OptionOccurrence]? = nil) {
        self.path = path
        self.options = options
        self.flags = flags
        self.arguments = arguments
        self.orderedOptions = orderedOptions ?? options.keys.sorted().flatMap { name in
            (options[name] ?? []).map { OptionOccurrence(name: name, value: $0) }
        }
    }

    // Values are read through the option's or argument's spec (the constant the command
    // declared), so a misspelt name is a compile error, not a `nil` at run time.

    /// The value of `option` (one that takes a value), or `nil` when it was not given; the
    /// last one when it was given more than once.
    public func value(_ option: OptionSpec) -> String? { value(option.long) }
    /// Every value of a repeatable `option`, in order (empty when not given).
    public func values(_ option: OptionSpec) -> [String] { values(option.long) }
    /// Whether the flag `option` was given.
    public func hasFlag(_ option: OptionSpec) -> Bool { hasFlag(option.long) }
    /// The value of a single positional `argument`, or `nil` when it was left out.
    public func argument(_ argument: ArgumentSpec) -> String? { self.argument(argument.name) }
    /// Every value of a repeating positional `argument`, in order.
    public func argumentValues(_ argument: ArgumentSpec) -> [String] { argumentValues(argument.name) }

    /// The value of an option by long name (within this module and its tests only).
    func value(_ long: String) -> String? { options[long]?.last }
    /// Every value of a repeatable option by long name.
    func values(_ long: String) -> [String] { options[long] ?? [] }
    /// Whether a flag was given, by long name.
    func hasFlag(_ long: String) -> Bool { flags.contains(long) }
    /// A positional argument's value by name.
    func argument(_ name: String) -> String? { arguments[name]?.first }
    /// A repeating positional argument's values by name.
    func argumentValues(_ name: String) -> [String] { arguments[name] ?? [] }
}

extension CommandSpec {
    /// Parses the program's arguments against this command tree (this spec is the root):
    /// ``ArgumentToken/split(_:)`` then ``bind(_:)``.
    /// - Parameter arguments: the words after the program name.
    /// - Returns: a command to run, a help request or a version request.
    /// - Throws: ``CommandLineFailure`` with the first problem and the path reached.
    public func parse(_ arguments: [String]) throws(CommandLineFailure) -> ParseOutcome {
        try bind(ArgumentToken.split(arguments))
    }

    /// Binds tokens to this command tree (this spec is the root).
    ///
    /// Rules:
    /// - A plain word selects a subcommand of the current command when it names one and no
    ///   positional value has been seen yet; otherwise it is a positional value. A command with
    ///   subcommands and no arguments rejects any other word as an unknown subcommand.
    /// - `hiit help [SUBCOMMAND…]` asks for help on that command.
    /// - An option is looked up on the current command. Its value is the text after `=`, else
    ///   the next word, which may start with `-` (`--back -1`) unless it is an option the
    ///   current command knows, `--help`/`-h`, or `--`. In a short group (`-ab`) a letter that
    ///   takes a value takes the rest of the group (`-p5`) or the next word.
    /// - An option that takes a value may be given once unless it is repeatable; flags may be
    ///   repeated and count once.
    /// - After `--`, every word is a positional value.
    /// - Positional values are bound to the final command's arguments in order; a repeating
    ///   argument takes all that remain.
    /// - `--help`/`-h` anywhere before `--` wins over any error: the result is a help request
    ///   for the deepest command reached. `--version` or `-V` at the root is a version request.
    /// - Parameter tokens: from ``ArgumentToken/split(_:)``.
    /// - Returns: the outcome.
    /// - Throws: ``CommandLineFailure`` with the first problem and the path reached.
    public func bind(_ tokens: [ArgumentToken]) throws(CommandLineFailure) -> ParseOutcome {
        var binder = Binder(root: self, tokens: tokens)
        let wantsHelp = tokens.prefix(while: { $0 != .terminator }).contains { token in
            switch token {
            case .longOption(name: "help", value: nil): return true
            case let .shortOptions(letters): return letters.contains("h")
            default: return false
            }
        }
        do {
            let outcome = try binder.run()
            if wantsHelp { return .help(path: binder.pathNames) }
            return outcome
        } catch {
            if wantsHelp { return .help(path: binder.pathNames) }
            throw CommandLineFailure(error: error, path: binder.pathNames)
        }
    }
}

/// The state of stage 2 while it walks the tokens.
private struct Binder {
    let root: CommandSpec
    let tokens: [ArgumentToken]
    var chain: [CommandSpec]
    var index = 0
    var options: [String: [String]] = [:]
    var ordered: [ParsedCommand.OptionOccurrence] = []
    var flags: Set<String> = []
    var positionals: [String] = []
    var afterTerminator = false

    init(root: CommandSpec, tokens: [ArgumentToken]) {
        self.root = root
        self.tokens = tokens
        self.chain = [root]
    }

    var current: CommandSpec { chain[chain.count - 1] }
    var pathNames: [String] { chain.dropFirst().map(\.name) }

    mutating func run() throws(CommandLineError) -> ParseOutcome {
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            switch token {
            case .terminator:
                afterTerminator = true
            case let .word(word):
                if let outcome = try bindWord(word) { return outcome }
            case let .longOption(name, value):
                if name == "help", value == nil { continue }
                if name == "version", value == nil, chain.count == 1 { return .version }
                guard let option = current.option(long: name) else {
                    let candidates = current.options.map(\.flagName) + ["--help"] + (chain.count == 1 ? ["--version"] : [])
                    throw .unknownOption("--" + name, suggestion: closestMatch(to: "--" + name, among: candidates))
                }
                try bind(option, inlineValue: value)
            case let .shortOptions(letters):
                var rest = Substring(letters)
                while let letter = rest.first {
                    rest = rest.dropFirst()
                    if letter == "h" && current.option(short: "h") == nil { continue }
                    // `-V` is `--version`, and like it only for the top command.
                    if letter == "V", chain.count == 1, current.option(short: "V") == nil { return .version }
                    guard let option = current.option(short: letter) else {
                        throw .unknownOption("-\(letter)", suggestion: nil)
                    }
                    if option.takesValue {
                        try bind(option, inlineValue: rest.isEmpty ? nil : String(rest))
                        break
                    }
                    try bind(option, inlineValue: nil)
                }
            }
        }
        return .command(try finish())
    }

    /// A plain word: a subcommand, `help`, or a positional value.
    mutating func bindWord(_ word: String) throws(CommandLineError) -> ParseOutcome? {
        guard !afterTerminator, positionals.isEmpty else {
            positionals.append(word)
            return nil
        }
        if let subcommand = current.subcommand(named: word) {
            chain.append(subcommand)
            return nil
        }
        if word == "help", chain.count == 1, !root.subcommands.isEmpty {
            return .help(path: try helpTarget())
        }
        if !current.subcommands.isEmpty, current.arguments.isEmpty {
            let candidates = current.subcommands.map(\.name) + (chain.count == 1 ? ["help"] : [])
            throw .unknownSubcommand(word, suggestion: closestMatch(to: word, among: candidates))
        }
        positionals.append(word)
        return nil
    }

    /// The command named by the words after `help`.
    mutating func helpTarget() throws(CommandLineError) -> [String] {
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            guard case let .word(word) = token else { continue }
            guard let subcommand = current.subcommand(named: word) else {
                throw .unknownSubcommand(word, suggestion: closestMatch(to: word, among: current.subcommands.map(\.name)))
            }
            chain.append(subcommand)
        }
        return pathNames
    }

    /// Whether a token would be read as an option of the current command (so it is not taken
    /// as the value of the option before it).
    func isKnownOption(_ token: ArgumentToken) -> Bool {
        switch token {
        case .terminator:
            return true
        case let .longOption(name, _):
            return name == "help" || (name == "version" && chain.count == 1) || current.option(long: name) != nil
        case let .shortOptions(letters):
            guard let first = letters.first else { return false }
            return first == "h" || (first == "V" && chain.count == 1) || current.option(short: first) != nil
        case .word:
            return false
        }
    }

    mutating func bind(_ option: OptionSpec, inlineValue: String?) throws(CommandLineError) {
        guard let valueName = option.valueName else {
            if let inlineValue { throw .flagWithValue(option: option.flagName, value: inlineValue) }
            flags.insert(option.long)
            return
        }
        let value: String
        if let inlineValue {
            value = inlineValue
        } else if index < tokens.count, !isKnownOption(tokens[index]) {
            value = tokens[index].text
            index += 1
        } else {
            throw .missingValue(option: option.flagName, valueName: valueName)
        }
        if !option.isRepeatable, options[option.long] != nil {
            throw .repeatedOption(option.flagName)
        }
        options[option.long, default: []].append(value)
        ordered.append(ParsedCommand.OptionOccurrence(name: option.long, value: value))
    }

    /// Binds the positional values to the final command's arguments.
    func finish() throws(CommandLineError) -> ParsedCommand {
        var remaining = positionals[...]
        var bound: [String: [String]] = [:]
        for argument in current.arguments {
            if argument.isRepeating {
                if remaining.isEmpty, !argument.isOptional { throw .missingArgument(argument.label) }
                if !remaining.isEmpty { bound[argument.name] = Array(remaining) }
                remaining = []
            } else if let first = remaining.popFirst() {
                bound[argument.name] = [first]
            } else if !argument.isOptional {
                throw .missingArgument(argument.label)
            }
        }
        if let extra = remaining.first { throw .unexpectedArgument(extra) }
        if let missing = current.options.first(where: { $0.isRequired && options[$0.long] == nil && !flags.contains($0.long) }) {
            throw .missingOption(missing.synopsis, isRepeatable: missing.isRepeatable, example: missing.example)
        }
        return ParsedCommand(path: pathNames, options: options, flags: flags, arguments: bound, orderedOptions: ordered)
    }
}
