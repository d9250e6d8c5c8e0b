/// A flag such as `--yes`, declared at the Boolean that holds it:
/// `@Flag("yes", short: "y", help: "Delete without asking.") var isConfirmed: Bool`.
/// Given more than once it counts once; `--yes=1` is refused when parsing.
@propertyWrapper
public struct Flag: DeclaredParameter {
    /// The option as help and the parser see it.
    public let declaration: OptionSpec
    /// Whether the flag was given.
    private let outcome: BindingOutcome<Bool>

    /// Declares a flag.
    /// - Parameters:
    ///   - long: the name without `--`.
    ///   - short: an optional letter for `-x`.
    ///   - help: the sentences shown in the OPTIONS section.
    public init(_ long: String, short: Character? = nil, help: String) {
        let declaration = OptionSpec(long, short: short, help: help)
        self.declaration = declaration
        outcome = BindingOutcome { parsed in parsed.hasFlag(declaration) }
    }

    /// Whether the flag was given.
    public var wrappedValue: Bool { outcome.value(of: declaration.flagName) }

    /// The declaration, as `$name` (for messages that name the option: `$prepare.flagName`).
    public var projectedValue: OptionSpec { declaration }

    func declare(in spec: inout CommandSpec) { spec.options.append(declaration) }

    func checkBinding() throws(CommandLineError) { try outcome.check() }
}
