/// Several options whose values apply in the order typed across them, such as the quick
/// edits of `hiit edit` (`--add X --at 1 --remove 3`), declared together at the property
/// that holds what they make:
/// `@OrderedOptions(QuickEdits.options, as: QuickEdits.parse) var steps: [QuickEditStep]`.
@propertyWrapper
public struct OrderedOptions<Value>: DeclaredParameter {
    /// The options, in the order help lists them.
    public let declarations: [OptionSpec]
    /// The typed value, or the problem met making it.
    private let outcome: BindingOutcome<Value>

    /// Declares the options.
    /// - Parameters:
    ///   - declarations: the options, each taking a value, in help order.
    ///   - conversion: makes the value from every occurrence of these options, in command-line
    ///     order; its error names the option at fault.
    public init(_ declarations: [OptionSpec],
                as conversion: ([ParsedCommand.OptionOccurrence]) throws(CommandLineError) -> Value) {
        self.declarations = declarations
        let names = Set(declarations.map(\.long))
        outcome = BindingOutcome { parsed throws(CommandLineError) in
            try conversion(parsed.orderedOptions.filter { names.contains($0.name) })
        }
    }

    /// The value made from the occurrences.
    public var wrappedValue: Value { outcome.value(of: declarations.map(\.flagName).joined(separator: ", ")) }

    func declare(in spec: inout CommandSpec) { spec.options += declarations }

    func checkBinding() throws(CommandLineError) { try outcome.check() }
}
