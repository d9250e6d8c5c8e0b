/// A flag such as `--yes`, declared at the Boolean that holds it:
/// `@Flag("yes", short: "y", help: "Delete without asking.") var isConfirmed: Bool`.
/// Given more than once it counts once; `--yes=1` is refused when parsing.
public typealias Flag = Parameter<OptionKind, Bool>

extension Parameter where Kind == OptionKind, Value == Bool {
    /// Declares a flag.
    /// - Parameters:
    ///   - long: the name without `--`.
    ///   - short: an optional letter for `-x`.
    ///   - help: the sentences shown in the OPTIONS section.
    public init(_ long: String, short: Character? = nil, help: String) {
        self.init(OptionSpec(long, short: short, help: help)) { parsed, option in parsed.hasFlag(option) }
    }
}
