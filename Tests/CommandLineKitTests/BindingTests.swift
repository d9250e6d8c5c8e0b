@testable import CommandLineKit
import Testing

// MARK: - Sample declarations

/// A unit in a fixed set, for `.choice`.
private enum Unit: String, CaseIterable {
    case metric, imperial
}

/// A group shared by commands: two flags that cannot go together.
private struct Place: ParsableArguments {
    /// `--indoor`.
    @Flag("indoor", help: "Indoors.") var isIndoor: Bool
    /// `--outdoor`.
    @Flag("outdoor", help: "Outdoors.") var isOutdoor: Bool

    func validate() throws(CommandLineError) {
        if isIndoor, isOutdoor { throw .conflict("--indoor and --outdoor: give one") }
    }
}

/// A command with every kind of parameter, arguments and options interleaved.
private struct Sample: ParsableCommand {
    static let configuration = CommandConfiguration(path: ["tool", "sample"], abstract: "A sample.", discussion: "More.")

    /// NAME, required.
    @Argument("NAME", help: "A name.") var name: String
    /// `--yes`.
    @Flag("yes", short: "y", help: "Do not ask.") var isConfirmed: Bool
    /// `--count N`, optional, 1–5.
    @Option("count", short: "c", valueName: "n", help: "How many.", as: .wholeNumber(range: 1...5, unit: ""))
    var count: Int?
    /// The place options, here in the declaration order.
    @OptionGroup var place: Place
    /// `--weight KG`, optional, kept with its text.
    @Option("weight", valueName: "kg", help: "Weight.", as: ValueConversion.decimal(range: 20...300, unit: "kg").keepingText)
    var weight: (value: Double, text: String)?
    /// `--units U`, optional choice.
    @Option("units", valueName: "units", help: "Units.", as: .choice) var units: Unit?
    /// `--tag T`, repeatable, each value with its position.
    @Option("tag", valueName: "tag", help: "A tag.", as: ValueConversion { text, origin in "\(origin.position):\(text)" })
    var tags: [String]
    /// `--label L`, optional text.
    @Option("label", valueName: "text", help: "A label.") var label: String?
    /// NICK, optional.
    @Argument("NICK", help: "A nickname.") var nick: String?
    /// FILE…, repeating, optional.
    @Argument("FILE", help: "Files.", isOptional: true) var files: [String]

    func validate() throws(CommandLineError) {
        if isConfirmed, count == 5 { throw .conflict("--yes with --count 5") }
    }
}

/// A command with required options and a converted required argument.
private struct Strict: ParsableCommand {
    static let configuration = CommandConfiguration(path: ["strict"], abstract: "Strict.")

    /// LEVEL, required, 0–9.
    @Argument("LEVEL", help: "A level.", as: .wholeNumber(range: 0...9, unit: "")) var level: Int
    /// `--to M`, required text.
    @Option("to", valueName: "m", help: "Where.", example: "--to 1") var target: String
    /// `--leg N`, required number.
    @Option("leg", valueName: "n", help: "Which leg.", example: "--leg 3", as: .wholeNumber(range: 1...9, unit: ""))
    var leg: Int
    /// `--item X`, repeatable and required.
    @Option("item", valueName: "x", help: "An item.", isRequired: true, example: "--item a", as: .text) var items: [String]
}

/// A command whose options apply in the order typed across them.
private struct Ordered: ParsableCommand {
    static let configuration = CommandConfiguration(path: ["ordered"], abstract: "Ordered.")

    /// `--add` and `--remove`, in command-line order.
    @OrderedOptions([OptionSpec("add", valueName: "x", help: "Add.", isRepeatable: true),
                     OptionSpec("remove", valueName: "x", help: "Remove.", isRepeatable: true)],
                    as: { occurrences throws(CommandLineError) in
                        guard occurrences.first?.name != "remove" else {
                            throw .badValue(option: "--remove", value: occurrences[0].value, reason: "comes before any --add")
                        }
                        return occurrences.map { "\($0.name) \($0.value)" }
                    })
    var steps: [String]
    /// `--other`, not one of the ordered options.
    @Option("other", valueName: "x", help: "Other.") var other: String?
}

/// A root holding the sample commands, as a program's tree would.
private let root = CommandSpec(name: "tool", abstract: "Tools.", subcommands: [
    CommandSpec(name: "tool", abstract: "Nested.", subcommands: [Sample.spec]),
    Strict.spec, Ordered.spec,
])

/// Parses `words` against ``root`` and binds the command to `type`.
private func bind<Command: ParsableCommand>(_ type: Command.Type, _ words: [String]) throws -> Command {
    guard case let .command(parsed) = try root.parse(words) else { throw CommandLineError.conflict("not a command") }
    #expect(parsed.path == type.configuration.path)
    return try type.bound(to: parsed)
}

/// The error of binding `words` to `type`, from parsing or binding.
private func error<Command: ParsableCommand>(_ type: Command.Type, _ words: [String]) -> CommandLineError? {
    do {
        _ = try bind(type, words)
        return nil
    } catch let failure as CommandLineFailure {
        return failure.error
    } catch {
        return error as? CommandLineError
    }
}

// MARK: - Declarations

@Suite struct BindingDeclarationTests {
    @Test func specListsParametersInDeclarationOrder() {
        #expect(Sample.spec == CommandSpec(
            name: "sample", abstract: "A sample.", discussion: "More.",
            arguments: [
                ArgumentSpec("NAME", help: "A name."),
                ArgumentSpec("NICK", help: "A nickname.", isOptional: true),
                ArgumentSpec("FILE", help: "Files.", isOptional: true, isRepeating: true),
            ],
            options: [
                OptionSpec("yes", short: "y", help: "Do not ask."),
                OptionSpec("count", short: "c", valueName: "n", help: "How many."),
                OptionSpec("indoor", help: "Indoors."),
                OptionSpec("outdoor", help: "Outdoors."),
                OptionSpec("weight", valueName: "kg", help: "Weight."),
                OptionSpec("units", valueName: "units", help: "Units."),
                OptionSpec("tag", valueName: "tag", help: "A tag.", isRepeatable: true),
                OptionSpec("label", valueName: "text", help: "A label."),
            ]))
    }

    @Test func requiredOptionsAreDeclaredRequiredWithTheirExample() {
        #expect(Strict.spec.arguments == [ArgumentSpec("LEVEL", help: "A level.")])
        #expect(Strict.spec.options == [
            OptionSpec("to", valueName: "m", help: "Where.", isRequired: true, example: "--to 1"),
            OptionSpec("leg", valueName: "n", help: "Which leg.", isRequired: true, example: "--leg 3"),
            OptionSpec("item", valueName: "x", help: "An item.", isRepeatable: true, isRequired: true, example: "--item a"),
        ])
    }

    @Test func orderedOptionsDeclareEachOfTheirOptions() {
        #expect(Ordered.spec.options.map(\.long) == ["add", "remove", "other"])
    }

    @Test func projectedValueIsTheDeclaration() throws {
        let sample = try bind(Sample.self, ["tool", "sample", "Ann"])
        #expect(sample.$count.flagName == "--count")
        #expect(sample.$nick.label == "<nick>")
        #expect(sample.$isConfirmed.short == "y")
    }
}

// MARK: - Values

@Suite struct BindingValueTests {
    @Test func leftOutParametersHaveTheirEmptyValues() throws {
        let sample = try bind(Sample.self, ["tool", "sample", "Ann"])
        #expect(sample.name == "Ann")
        #expect(sample.nick == nil)
        #expect(sample.files == [])
        #expect(!sample.isConfirmed)
        #expect(sample.count == nil)
        #expect(sample.weight == nil)
        #expect(sample.units == nil)
        #expect(sample.tags == [])
        #expect(sample.label == nil)
        #expect(!sample.place.isIndoor && !sample.place.isOutdoor)
    }

    @Test func givenParametersHaveTheirTypedValues() throws {
        let sample = try bind(Sample.self, ["tool", "sample", "Ann", "Annie", "a.txt", "b.txt", "-c3", "--weight=72.50",
                                            "--units", "imperial", "--tag", "x", "--outdoor", "--tag=y", "--label", "-odd"])
        #expect(sample.name == "Ann")
        #expect(sample.nick == "Annie")
        #expect(sample.files == ["a.txt", "b.txt"])
        #expect(sample.count == 3)
        #expect(sample.weight?.value == 72.5)
        #expect(sample.weight?.text == "72.50")
        #expect(sample.units == .imperial)
        #expect(sample.tags == ["1:x", "2:y"])
        #expect(sample.label == "-odd")
        #expect(sample.place.isOutdoor && !sample.place.isIndoor)
    }

    @Test(arguments: [["--yes"], ["--yes", "--yes"], ["-y", "-y"], ["-yy"], ["--yes", "-y"]])
    func aFlagGivenMoreThanOnceCountsOnce(flags: [String]) throws {
        #expect(try bind(Sample.self, ["tool", "sample", "Ann"] + flags).isConfirmed)
    }

    @Test func requiredParametersBind() throws {
        let strict = try bind(Strict.self, ["strict", "7", "--to", "x", "--leg", "2", "--item", "a", "--item", "b"])
        #expect(strict.level == 7)
        #expect(strict.target == "x")
        #expect(strict.leg == 2)
        #expect(strict.items == ["a", "b"])
    }

    @Test func orderedOptionsKeepTheOrderTypedAcrossOptions() throws {
        let ordered = try bind(Ordered.self, ["ordered", "--add", "1", "--other", "o", "--remove", "2", "--add=3"])
        #expect(ordered.steps == ["add 1", "remove 2", "add 3"])
        #expect(ordered.other == "o")
    }

    @Test func bindingsInParallelNeverMeet() async throws {
        let counts = try await withThrowingTaskGroup(of: (Int, Int?).self) { group in
            for n in 1...5 {
                for _ in 0..<40 {
                    group.addTask { (n, try bind(Sample.self, ["tool", "sample", "Ann", "--count", "\(n)"]).count) }
                }
            }
            var pairs: [(Int, Int?)] = []
            for try await pair in group { pairs.append(pair) }
            return pairs
        }
        #expect(counts.count == 200)
        #expect(counts.allSatisfy { $0.0 == $0.1 })
    }
}

// MARK: - Errors

@Suite struct BindingErrorTests {
    @Test func aConversionErrorNamesTheOption() {
        #expect(error(Sample.self, ["tool", "sample", "Ann", "--count", "abc"])
            == .badValue(option: "--count", value: "abc", reason: "is not a whole number (1–5)"))
        #expect(error(Sample.self, ["tool", "sample", "Ann", "-c", "9"])
            == .badValue(option: "--count", value: "9", reason: "is outside 1–5"))
        #expect(error(Sample.self, ["tool", "sample", "Ann", "--units", "imprial"])
            == .badValue(option: "--units", value: "imprial", reason: "is not one of metric, imperial; did you mean 'imperial'?"))
        #expect(error(Sample.self, ["tool", "sample", "Ann", "--weight", "1e3"])
            == .badValue(option: "--weight", value: "1e3", reason: "is not a number of kg (20–300)"))
    }

    @Test func aConversionErrorNamesTheArgument() {
        #expect(error(Strict.self, ["strict", "x", "--to", "1", "--leg", "1", "--item", "a"])
            == .badValue(option: "<level>", value: "x", reason: "is not a whole number (0–9)"))
    }

    @Test func theFirstFailingParameterInDeclarationOrderIsThrown() {
        // --count is declared before --weight and --units, whatever the order typed.
        #expect(error(Sample.self, ["tool", "sample", "Ann", "--units", "x", "--weight", "x", "--count", "x"])
            == .badValue(option: "--count", value: "x", reason: "is not a whole number (1–5)"))
        #expect(error(Sample.self, ["tool", "sample", "Ann", "--units", "x", "--weight", "x"])
            == .badValue(option: "--weight", value: "x", reason: "is not a number of kg (20–300)"))
    }

    @Test func aGroupIsValidatedRightAfterItsOwnParameters() {
        // The group comes before --weight: its conflict is thrown before a bad weight.
        #expect(error(Sample.self, ["tool", "sample", "Ann", "--indoor", "--outdoor", "--weight", "x"])
            == .conflict("--indoor and --outdoor: give one"))
        // --count comes before the group.
        #expect(error(Sample.self, ["tool", "sample", "Ann", "--indoor", "--outdoor", "--count", "x"])
            == .badValue(option: "--count", value: "x", reason: "is not a whole number (1–5)"))
    }

    @Test func theCommandIsValidatedLast() {
        #expect(error(Sample.self, ["tool", "sample", "Ann", "--yes", "--count", "5"]) == .conflict("--yes with --count 5"))
        #expect(error(Sample.self, ["tool", "sample", "Ann", "--yes", "--count", "5", "--units", "x"])
            == .badValue(option: "--units", value: "x", reason: "is not one of metric, imperial"))
    }

    @Test func aSingleOptionGivenTwiceIsRefused() {
        #expect(error(Sample.self, ["tool", "sample", "Ann", "--count", "1", "--count", "2"]) == .repeatedOption("--count"))
    }

    @Test func aFlagWithAValueIsRefused() {
        #expect(error(Sample.self, ["tool", "sample", "Ann", "--yes=1"]) == .flagWithValue(option: "--yes", value: "1"))
    }

    @Test func missingRequiredParametersAreRefusedWhenParsing() {
        #expect(error(Sample.self, ["tool", "sample"]) == .missingArgument("<name>"))
        #expect(error(Strict.self, ["strict", "1", "--leg", "1", "--item", "a"])
            == .missingOption("--to <m>", isRepeatable: false, example: "--to 1"))
        #expect(error(Strict.self, ["strict", "1", "--to", "1", "--leg", "1"])
            == .missingOption("--item <x>", isRepeatable: true, example: "--item a"))
    }

    @Test func missingRequiredParametersAreRefusedWhenBinding() {
        // A parsed command made by hand, without the parser's checks.
        func bindError(_ parsed: ParsedCommand) -> CommandLineError? {
            do {
                _ = try Strict.bound(to: parsed)
                return nil
            } catch {
                return error
            }
        }
        let complete = ParsedCommand(path: ["strict"], options: ["to": ["1"], "leg": ["2"], "item": ["a"]],
                                     arguments: ["LEVEL": ["3"]])
        #expect(bindError(complete) == nil)
        var noLevel = complete
        noLevel.arguments = [:]
        #expect(bindError(noLevel) == .missingArgument("<level>"))
        var noLeg = complete
        noLeg.options["leg"] = nil
        #expect(bindError(noLeg) == .missingOption("--leg <n>", isRepeatable: false, example: "--leg 3"))
        var noItem = complete
        noItem.options["item"] = nil
        #expect(bindError(noItem) == .missingOption("--item <x>", isRepeatable: true, example: "--item a"))
    }

    @Test func anOrderedOptionsErrorIsThrown() {
        #expect(error(Ordered.self, ["ordered", "--remove", "2", "--add", "1"])
            == .badValue(option: "--remove", value: "2", reason: "comes before any --add"))
    }
}
