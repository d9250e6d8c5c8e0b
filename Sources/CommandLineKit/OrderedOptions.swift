/// Several options whose values apply in the order typed across them, such as the quick
/// edits of `hiit edit` (`--add X --at 1 --remove 3`), declared together at the property
/// that holds what they make:
/// `@OrderedOptions(QuickEdits.options, as: QuickEdits.parse) var steps: [QuickEditStep]`.
public typealias OrderedOptions<Value> = Parameter<OrderedOptionsKind, Value>

extension Parameter where Kind == OrderedOptionsKind {
    /// Declares the options.
    /// - Parameters:
    ///   - declarations: the options, each taking a value, in help order.
    ///   - conversion: makes the value from every occurrence of these options, in command-line
    ///     order; its error names the option at fault.
    public init(_ declarations: [OptionSpec],
                as conversion: ([ParsedCommand.OptionOccurrence]) throws(CommandLineError) -> Value) {
        self.init(declarations) { parsed, options throws(CommandLineError) in
            let names = Set(options.map(\.long))
            return try conversion(parsed.orderedOptions.filter { names.contains($0.name) })
        }
    }
}
