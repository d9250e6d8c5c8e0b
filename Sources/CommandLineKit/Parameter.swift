/// The property wrapper behind ``Flag``, ``Option``, ``Argument`` and ``OrderedOptions``: a
/// declaration (what help and the parser see) and the typed value bound from a command line.
///
/// The value is made when the command is made inside ``ParsableArguments/bound(to:)``: the
/// wrapper reads the command line being bound and converts its text; a failed conversion is
/// kept and thrown by `bound(to:)` in declaration order, so no caller ever holds it.
@propertyWrapper
public struct Parameter<Kind: ParameterKind, Value>: DeclaredParameter {
    /// What help and the parser see: an option, an argument, or several options.
    public let declaration: Kind.Declaration
    /// The value, the error that stopped it, or `nil` in a declaration-only instance.
    private let result: Result<Value, CommandLineError>?

    /// Declares a parameter and binds it from the command line being bound, if any.
    /// - Parameters:
    ///   - declaration: what it declares.
    ///   - bind: reads and converts its values from the command line.
    init(_ declaration: Kind.Declaration, bind: (ParsedCommand, Kind.Declaration) throws(CommandLineError) -> Value) {
        self.declaration = declaration
        result = ParameterBinding.current.map { parsed in
            Result { () throws(CommandLineError) -> Value in try bind(parsed, declaration) }
        }
        ParameterBinding.collector?.collect(self)
    }

    /// The typed value.
    ///
    /// Reading it from a declaration-only instance (made outside ``ParsableArguments/bound(to:)``)
    /// is a programmer error.
    public var wrappedValue: Value {
        guard case let .success(value)? = result else {
            preconditionFailure("\(Kind.name(of: declaration)) was read from an instance not bound to a command line")
        }
        return value
    }

    /// The declaration, as `$name`, for messages that name the option or argument
    /// (`$prepare.flagName` is `--prepare`).
    public var projectedValue: Kind.Declaration { declaration }

    func declare(in spec: inout CommandSpec) { Kind.declare(declaration, in: &spec) }

    func checkBinding() throws(CommandLineError) {
        if case let .failure(error)? = result { throw error }
    }
}

/// What a ``Parameter`` declares and where the declaration goes in a ``CommandSpec``.
public protocol ParameterKind {
    /// The declaration: ``OptionSpec``, ``ArgumentSpec`` or several options.
    associatedtype Declaration
    /// Adds `declaration` to `spec`'s arguments or options.
    static func declare(_ declaration: Declaration, in spec: inout CommandSpec)
    /// The declaration as shown to a programmer (`--prepare`, `<workout>`).
    static func name(of declaration: Declaration) -> String
}

/// An option or a flag (``Option``, ``Flag``).
public enum OptionKind: ParameterKind {
    public static func declare(_ declaration: OptionSpec, in spec: inout CommandSpec) { spec.options.append(declaration) }
    public static func name(of declaration: OptionSpec) -> String { declaration.flagName }
}

/// A positional argument (``Argument``).
public enum ArgumentKind: ParameterKind {
    public static func declare(_ declaration: ArgumentSpec, in spec: inout CommandSpec) { spec.arguments.append(declaration) }
    public static func name(of declaration: ArgumentSpec) -> String { declaration.label }
}

/// Options read together in command-line order (``OrderedOptions``).
public enum OrderedOptionsKind: ParameterKind {
    public static func declare(_ declaration: [OptionSpec], in spec: inout CommandSpec) { spec.options += declaration }
    public static func name(of declaration: [OptionSpec]) -> String {
        declaration.map(\.flagName).joined(separator: ", ")
    }
}
