// MARK: - Typed binding: a command declares each option at the property that holds it

/// A type whose stored properties declare command-line parameters with ``Flag``, ``Option``,
/// ``Argument``, ``OptionGroup`` and ``OrderedOptions`` (the swift-argument-parser style):
///
/// ```swift
/// struct Show: ParsableCommand {
///     static let configuration = CommandConfiguration(path: ["show"], abstract: "Show a workout.")
///     /// The workout to show.
///     @Argument("WORKOUT", help: "A workout of the library.") var word: String
///     /// `--json`: JSON instead of text.
///     @Flag("json", help: "Write JSON.") var isJSON: Bool
/// }
/// ```
///
/// The declarations are collected while a default instance (`init()`) is made: each
/// parameter hands itself to the collector as its property is initialized, in the order of
/// the stored properties, so help lists them as the type declares them (no reflection, which
/// would read the type's metadata and demangle its field types at every start); a parameter
/// is read by its property, so a misspelt option is a compile error. ``bound(to:)`` makes an
/// instance whose properties hold the values of a parsed command line.
public protocol ParsableArguments {
    /// Creates an instance; outside ``bound(to:)`` it holds only declarations (reading a
    /// parameter's value from it is a programmer error).
    init()

    /// Checks values against one another once every parameter is bound (options that cannot
    /// go together, a value that depends on another). The default checks nothing.
    /// - Throws: ``CommandLineError`` naming the options (exit status 64).
    func validate() throws(CommandLineError)
}

extension ParsableArguments {
    /// Checks nothing.
    public func validate() throws(CommandLineError) {}

    /// Binds a parsed command line to a new instance and checks it.
    ///
    /// Every parameter converts its values while the instance is made; then, in declaration
    /// order, the first conversion that failed is thrown (a group's own ``validate()`` runs
    /// right after the group's parameters), and last this type's ``validate()``.
    /// - Parameter parsed: the command line, from ``CommandSpec/parse(_:)``.
    /// - Returns: the instance holding the values.
    /// - Throws: ``CommandLineError``: a value that does not convert, a required argument or
    ///   option that is missing, or what ``validate()`` refuses.
    public static func bound(to parsed: ParsedCommand) throws(CommandLineError) -> Self {
        let (instance, parameters) = ParameterBinding.$current.withValue(parsed) { made() }
        // The first problem binding met, in declaration order, then what validate() throws.
        for parameter in parameters { try parameter.checkBinding() }
        try instance.validate()
        return instance
    }

    /// A new instance and the parameters its properties declared while it was made, in the
    /// order of its stored properties (a group's own parameters are inside the group's).
    static func made() -> (Self, [any DeclaredParameter]) {
        let collector = ParameterCollector()
        let instance = ParameterBinding.$collector.withValue(collector) { Self() }
        return (instance, collector.parameters)
    }

    /// Adds the arguments and options this type declares to `spec`, in declaration order.
    static func declare(in spec: inout CommandSpec) {
        for parameter in made().1 { parameter.declare(in: &spec) }
    }
}

/// A command whose parameters are declared by its properties: ``ParsableArguments`` plus
/// where it sits in the command tree and its help texts.
public protocol ParsableCommand: ParsableArguments {
    /// The command's path and help texts.
    static var configuration: CommandConfiguration { get }
}

extension ParsableCommand {
    /// The command's specification without subcommands: the configuration's name and texts,
    /// and the arguments and options its properties declare, in declaration order.
    public static var spec: CommandSpec {
        var spec = CommandSpec(name: configuration.name, abstract: configuration.abstract,
                               discussion: configuration.discussion)
        declare(in: &spec)
        return spec
    }
}

/// Where a command sits in the tree and what its help says.
public struct CommandConfiguration: Sendable {
    /// Subcommand names below the root, e.g. `["history", "show"]`; `[]` for the root.
    public var path: [String]
    /// One sentence shown after `OVERVIEW:` and in the parent's SUBCOMMANDS list.
    public var abstract: String
    /// Further paragraphs shown below the overview; `\n` separates paragraphs.
    public var discussion: String?

    /// Creates a configuration.
    /// - Parameters:
    ///   - path: subcommand names below the root.
    ///   - abstract: one sentence.
    ///   - discussion: optional paragraphs separated by `\n`.
    public init(path: [String], abstract: String, discussion: String? = nil) {
        self.path = path
        self.abstract = abstract
        self.discussion = discussion
    }

    /// The word that selects the command: the path's last name (`""` for the root).
    public var name: String { path.last ?? "" }
}

// MARK: - Binding machinery

/// The parsed command line that the parameters being made read from; `nil` while a
/// declaration-only instance is made (for help). Task-local: parallel bindings never meet.
enum ParameterBinding {
    /// The command line of the ``ParsableArguments/bound(to:)`` call in progress.
    @TaskLocal static var current: ParsedCommand?
    /// Where the parameters of the instance being made go; `nil` outside
    /// ``ParsableArguments/made()``. Each instance made (a group's too) has its own.
    @TaskLocal static var collector: ParameterCollector?
}

/// The parameters declared while one ``ParsableArguments`` instance is made, in the order they
/// were made (the order of the stored properties).
///
/// `@unchecked Sendable` (a task-local value must be Sendable), and why that is safe: an
/// instance is made synchronously by one thread inside ``ParsableArguments/made()``, and only
/// that thread touches the collector, before `made()` returns its list.
final class ParameterCollector: @unchecked Sendable {
    /// The parameters so far.
    private(set) var parameters: [any DeclaredParameter] = []

    /// Adds one parameter (a group, with its own parameters inside it).
    func collect(_ parameter: any DeclaredParameter) {
        parameters.append(parameter)
    }
}

/// What ``Parameter`` and ``OptionGroup`` are to the binding: declarations, and a value or
/// the problem met converting it.
protocol DeclaredParameter {
    /// Adds the arguments and options it declares to `spec`, in order.
    func declare(in spec: inout CommandSpec)
    /// Throws the problem binding met, if any.
    func checkBinding() throws(CommandLineError)
}
