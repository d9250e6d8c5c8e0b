/// Parameters declared once in a ``ParsableArguments`` type and shared by several commands:
/// `@OptionGroup var surroundings: Surroundings`. The group's arguments and options take
/// its place in the command's declaration order, and its ``ParsableArguments/validate()``
/// runs right after its own parameters are bound.
@propertyWrapper
public struct OptionGroup<Group: ParsableArguments>: DeclaredParameter {
    /// The group: declarations only, or bound with the command.
    public let wrappedValue: Group
    /// The group's parameters, in its declaration order.
    private let parameters: [any DeclaredParameter]

    /// Declares the group's parameters here.
    public init() {
        (wrappedValue, parameters) = Group.made()
        ParameterBinding.collector?.collect(self)
    }

    func declare(in spec: inout CommandSpec) {
        for parameter in parameters { parameter.declare(in: &spec) }
    }

    func checkBinding() throws(CommandLineError) {
        for parameter in parameters { try parameter.checkBinding() }
        try wrappedValue.validate()
    }
}
