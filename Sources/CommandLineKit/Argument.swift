/// A positional argument, declared at the property that holds the typed value:
///
/// - `String` or `T`: required;
/// - `String?` or `T?`: may be left out (shown in brackets);
/// - `[String]` or `[T]`: takes every remaining word (only the last argument may).
///
/// ```swift
/// /// The workout to delete.
/// @Argument("WORKOUT", help: "A workout of the library.") var word: String
/// ```
///
/// A conversion's error names the argument as `<workout>`.
public typealias Argument<Value> = Parameter<ArgumentKind, Value>

extension Parameter where Kind == ArgumentKind {
    /// Declares a required argument converted by `conversion`.
    /// - Parameters:
    ///   - name: e.g. `WORKOUT` (shown `<workout>`).
    ///   - help: the sentences shown in the ARGUMENTS section.
    ///   - conversion: makes the typed value.
    public init(_ name: String, help: String, as conversion: ValueConversion<Value>) {
        self.init(ArgumentSpec(name, help: help)) { parsed, argument throws(CommandLineError) in
            guard let text = parsed.argument(argument) else { throw .missingArgument(argument.label) }
            return try conversion.convert(text, ValueOrigin(name: argument.label))
        }
    }

    /// Declares a required argument kept as typed.
    /// - Parameters: as ``init(_:help:as:)``, without a conversion.
    public init(_ name: String, help: String) where Value == String {
        self.init(name, help: help, as: .text)
    }

    /// Declares an argument that may be left out (`nil`), converted by `conversion`.
    /// - Parameters: as ``init(_:help:as:)``.
    public init<Element>(_ name: String, help: String, as conversion: ValueConversion<Element>) where Value == Element? {
        self.init(ArgumentSpec(name, help: help, isOptional: true)) { parsed, argument throws(CommandLineError) in
            try parsed.argument(argument).map { text throws(CommandLineError) in
                try conversion.convert(text, ValueOrigin(name: argument.label))
            }
        }
    }

    /// Declares an argument that may be left out (`nil`), kept as typed.
    /// - Parameters: as ``init(_:help:as:)``, without a conversion.
    public init(_ name: String, help: String) where Value == String? {
        self.init(name, help: help, as: .text)
    }

    /// Declares a repeating argument: every remaining word, converted in order (each
    /// conversion is told the word's position, from 1).
    /// - Parameters:
    ///   - name: e.g. `FILE`.
    ///   - help: the sentences shown in the ARGUMENTS section.
    ///   - isOptional: whether no word at all is accepted (default `false`).
    ///   - conversion: makes each typed value.
    public init<Element>(_ name: String, help: String, isOptional: Bool = false,
                         as conversion: ValueConversion<Element>) where Value == [Element] {
        self.init(ArgumentSpec(name, help: help, isOptional: isOptional, isRepeating: true)) { parsed, argument throws(CommandLineError) in
            let texts = parsed.argumentValues(argument)
            if texts.isEmpty, !argument.isOptional { throw .missingArgument(argument.label) }
            return try conversion.convert(texts, name: argument.label)
        }
    }

    /// Declares a repeating argument kept as typed.
    /// - Parameters: as ``init(_:help:isOptional:as:)``, without a conversion.
    public init(_ name: String, help: String, isOptional: Bool = false) where Value == [String] {
        self.init(name, help: help, isOptional: isOptional, as: .text)
    }
}
