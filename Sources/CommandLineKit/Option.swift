/// An option that takes a value, declared at the property that holds the typed value:
///
/// - `String?` or `T?`: given at most once, `nil` when left out;
/// - `T` (with `example:`): required, given once;
/// - `[T]`: repeatable, every value in order (required with `isRequired: true`).
///
/// ```swift
/// /// `--prepare S`: the countdown, seconds.
/// @Option("prepare", valueName: "seconds", help: "Countdown, 0–3600 s.",
///         as: .wholeNumber(range: 0...3600, unit: "seconds"))
/// var prepareSeconds: Int?
/// ```
///
/// The conversion runs when the command is bound; its error names the option
/// (`--prepare: 'abc' is not a whole number of seconds (0–3600)`).
public typealias Option<Value> = Parameter<OptionKind, Value>

extension Parameter where Kind == OptionKind {
    /// Declares an option given at most once, converted by `conversion`; `nil` when left out.
    /// - Parameters:
    ///   - long: the name without `--`.
    ///   - short: an optional letter for `-x`.
    ///   - valueName: the value's name in help (`seconds`, shown `<seconds>`).
    ///   - help: the sentences shown in the OPTIONS section.
    ///   - conversion: makes the typed value.
    public init<Element>(_ long: String, short: Character? = nil, valueName: String, help: String,
                         as conversion: ValueConversion<Element>) where Value == Element? {
        self.init(OptionSpec(long, short: short, valueName: valueName, help: help)) { parsed, option throws(CommandLineError) in
            try parsed.value(option).map { text throws(CommandLineError) in
                try conversion.convert(text, ValueOrigin(name: option.flagName))
            }
        }
    }

    /// Declares an option given at most once, kept as typed; `nil` when left out.
    /// - Parameters: as ``init(_:short:valueName:help:as:)``, without a conversion.
    public init(_ long: String, short: Character? = nil, valueName: String, help: String) where Value == String? {
        self.init(long, short: short, valueName: valueName, help: help, as: .text)
    }

    /// Declares a required option, given once and converted by `conversion`.
    /// - Parameters:
    ///   - long: the name without `--`.
    ///   - short: an optional letter for `-x`.
    ///   - valueName: the value's name in help.
    ///   - help: the sentences shown in the OPTIONS section.
    ///   - example: the option as typed (`--leg 3`), quoted by the error when it is missing.
    ///   - conversion: makes the typed value.
    public init(_ long: String, short: Character? = nil, valueName: String, help: String, example: String,
                as conversion: ValueConversion<Value>) {
        let declaration = OptionSpec(long, short: short, valueName: valueName, help: help, isRequired: true, example: example)
        self.init(declaration) { parsed, option throws(CommandLineError) in
            guard let text = parsed.value(option) else {
                throw .missingOption(option.synopsis, isRepeatable: false, example: option.example)
            }
            return try conversion.convert(text, ValueOrigin(name: option.flagName))
        }
    }

    /// Declares a required option, given once and kept as typed.
    /// - Parameters: as ``init(_:short:valueName:help:example:as:)``, without a conversion.
    public init(_ long: String, short: Character? = nil, valueName: String, help: String,
                example: String) where Value == String {
        self.init(long, short: short, valueName: valueName, help: help, example: example, as: .text)
    }

    /// Declares a repeatable option: every value, converted in order (each conversion is told
    /// the value's position, from 1).
    /// - Parameters:
    ///   - long: the name without `--`.
    ///   - short: an optional letter for `-x`.
    ///   - valueName: the value's name in help.
    ///   - help: the sentences shown in the OPTIONS section.
    ///   - isRequired: whether it must be given at least once (default `false`).
    ///   - example: the option as typed, quoted by the error when a required one is missing.
    ///   - conversion: makes each typed value.
    public init<Element>(_ long: String, short: Character? = nil, valueName: String, help: String,
                         isRequired: Bool = false, example: String? = nil,
                         as conversion: ValueConversion<Element>) where Value == [Element] {
        let declaration = OptionSpec(long, short: short, valueName: valueName, help: help, isRepeatable: true,
                                     isRequired: isRequired, example: example)
        self.init(declaration) { parsed, option throws(CommandLineError) in
            let texts = parsed.values(option)
            if texts.isEmpty, option.isRequired {
                throw .missingOption(option.synopsis, isRepeatable: true, example: option.example)
            }
            return try conversion.convert(texts, name: option.flagName)
        }
    }
}
