@testable import CommandLineKit
import Testing
@testable import HiitApp

/// A small command tree shaped like `hiit`'s (DESIGN §6).
private let sampleTree = CommandSpec(
    name: "hiit",
    abstract: "An interval and multisport workout timer for the terminal.",
    subcommands: [
        CommandSpec(
            name: "run",
            abstract: "Run a workout with voice and beep cues.",
            discussion: "Without a workout, the selected one runs. Keys: space pauses, s skips, q quits.",
            arguments: [
                ArgumentSpec("WORKOUT", help: "A workout's name, a workout file, or a quick form such as 20/10x8 (work 20 s, rest 10 s, 8 rounds).", isOptional: true),
            ],
            options: [
                OptionSpec("prepare", short: "p", valueName: "seconds", help: "Seconds of countdown before the first work segment; 0 turns it off (default: 10)."),
                OptionSpec("mute", help: "No voice or beeps."),
                OptionSpec("audio-device", valueName: "name", help: "The ALSA device that plays the cues (default: default)."),
                OptionSpec("events", help: "Write one JSON object per line on standard output instead of showing the timer."),
            ]),
        CommandSpec(
            name: "new",
            abstract: "Create a workout.",
            arguments: [ArgumentSpec("NAME", help: "The workout's name.")],
            options: [
                OptionSpec("exercise", short: "e", valueName: "exercise", help: "An exercise such as \"Burpees 40/20x3\"; give one per exercise.", isRepeatable: true),
                OptionSpec("rest-between", valueName: "seconds", help: "Rest between exercises (default: 60)."),
            ]),
        CommandSpec(
            name: "history",
            abstract: "Show completed sessions, newest first.",
            options: [
                OptionSpec("last", valueName: "n", help: "Show only the last n sessions."),
                OptionSpec("json", help: "Write the stored records as JSON."),
            ],
            subcommands: [
                CommandSpec(name: "show", abstract: "Show one session.", arguments: [ArgumentSpec("ID", help: "The session's id.")]),
                CommandSpec(name: "import", abstract: "Import sessions from history files.",
                            arguments: [ArgumentSpec("FILE", help: "A file written by 'hiit history export'.", isRepeating: true)]),
            ]),
        CommandSpec(
            name: "stats",
            abstract: "Show totals for a period.",
            arguments: [ArgumentSpec("PERIOD", help: "7d, week, month, quarter or year.", isOptional: true)],
            options: [OptionSpec("back", valueName: "n", help: "Periods back from the current one.")]),
    ])

@Suite struct TokenizingTests {
    static let cases: [(words: [String], tokens: [ArgumentToken])] = [
        ([], []),
        (["run"], [.word("run")]),
        (["--mute"], [.longOption(name: "mute", value: nil)]),
        (["--prepare=5"], [.longOption(name: "prepare", value: "5")]),
        (["--name=a=b"], [.longOption(name: "name", value: "a=b")]),
        (["--prepare="], [.longOption(name: "prepare", value: "")]),
        (["-h"], [.shortOptions("h")]),
        (["-pe"], [.shortOptions("pe")]),
        (["-1"], [.shortOptions("1")]),
        (["-"], [.word("-")]),
        (["--", "--mute", "-h", "--"], [.terminator, .word("--mute"), .word("-h"), .word("--")]),
        (["history", "show", "ABC"], [.word("history"), .word("show"), .word("ABC")]),
        (["run", "20/10x8", "--prepare", "0"], [.word("run"), .word("20/10x8"), .longOption(name: "prepare", value: nil), .word("0")]),
    ]

    @Test(arguments: cases)
    func wordsBecomeTokens(_ testCase: (words: [String], tokens: [ArgumentToken])) {
        #expect(ArgumentToken.split(testCase.words) == testCase.tokens)
    }

    @Test func tokensKeepTheTypedText() {
        let words = ["--prepare=5", "-pe", "--", "x", "run"]
        #expect(ArgumentToken.split(words).map(\.text) == words)
    }
}

@Suite struct BindingTests {
    static let cases: [(words: [String], outcome: ParseOutcome)] = [
        ([], .command(ParsedCommand(path: []))),
        (["run"], .command(ParsedCommand(path: ["run"]))),
        (["run", "Tabata"], .command(ParsedCommand(path: ["run"], arguments: ["WORKOUT": ["Tabata"]]))),
        (["run", "--prepare", "5", "--mute", "20/10x8"],
         .command(ParsedCommand(path: ["run"], options: ["prepare": ["5"]], flags: ["mute"], arguments: ["WORKOUT": ["20/10x8"]]))),
        (["run", "--prepare=0", "--audio-device", "plughw:1"],
         .command(ParsedCommand(path: ["run"], options: ["prepare": ["0"], "audio-device": ["plughw:1"]]))),
        (["run", "-p", "7"], .command(ParsedCommand(path: ["run"], options: ["prepare": ["7"]]))),
        (["run", "-p7"], .command(ParsedCommand(path: ["run"], options: ["prepare": ["7"]]))),
        (["run", "--mute", "--mute"], .command(ParsedCommand(path: ["run"], flags: ["mute"]))),
        // An option's value may start with '-'.
        (["stats", "--back", "-1"], .command(ParsedCommand(path: ["stats"], options: ["back": ["-1"]]))),
        (["run", "--audio-device", "-weird"], .command(ParsedCommand(path: ["run"], options: ["audio-device": ["-weird"]]))),
        // After '--' every word is positional, even one that looks like an option or a subcommand.
        (["run", "--", "--mute"], .command(ParsedCommand(path: ["run"], arguments: ["WORKOUT": ["--mute"]]))),
        (["stats", "--", "-1"], .command(ParsedCommand(path: ["stats"], arguments: ["PERIOD": ["-1"]]))),
        (["new", "Core", "--exercise", "Burpees 40/20x3", "-e", "Squats 30/15x2", "--exercise=Plank 60/0x1"],
         .command(ParsedCommand(path: ["new"], options: ["exercise": ["Burpees 40/20x3", "Squats 30/15x2", "Plank 60/0x1"]],
                                arguments: ["NAME": ["Core"]]))),
        (["history"], .command(ParsedCommand(path: ["history"]))),
        (["history", "--last", "5", "--json"], .command(ParsedCommand(path: ["history"], options: ["last": ["5"]], flags: ["json"]))),
        (["history", "show", "E621E1F8"], .command(ParsedCommand(path: ["history", "show"], arguments: ["ID": ["E621E1F8"]]))),
        (["history", "import", "a.jsonl", "b.jsonl"],
         .command(ParsedCommand(path: ["history", "import"], arguments: ["FILE": ["a.jsonl", "b.jsonl"]]))),
        // A word matching a subcommand after a positional value is a value.
        (["stats", "run"], .command(ParsedCommand(path: ["stats"], arguments: ["PERIOD": ["run"]]))),
        // Help and version requests.
        (["--help"], .help(path: [])),
        (["-h"], .help(path: [])),
        (["run", "--help"], .help(path: ["run"])),
        (["--help", "history", "show"], .help(path: ["history", "show"])),
        (["run", "--prepare", "-h"], .help(path: ["run"])),
        (["run", "--bogus", "--help"], .help(path: ["run"])),
        (["run", "a", "b", "c", "-h"], .help(path: ["run"])),
        (["help"], .help(path: [])),
        (["help", "run"], .help(path: ["run"])),
        (["help", "history", "import"], .help(path: ["history", "import"])),
        (["--version"], .version),
        (["-V"], .version),
        (["run", "--", "--help"], .command(ParsedCommand(path: ["run"], arguments: ["WORKOUT": ["--help"]]))),
    ]

    @Test(arguments: cases)
    func tokensBindToCommands(_ testCase: (words: [String], outcome: ParseOutcome)) throws {
        #expect(try sampleTree.parse(testCase.words) == testCase.outcome)
    }

    @Test func accessorsReadBoundValues() throws {
        guard case let .command(parsed) = try sampleTree.parse(["new", "Core", "-e", "A 1/1x1", "-e", "B 2/2x2", "--rest-between", "30"]) else {
            Issue.record("expected a command")
            return
        }
        #expect(parsed.argument("NAME") == "Core")
        #expect(parsed.values("exercise") == ["A 1/1x1", "B 2/2x2"])
        #expect(parsed.value("rest-between") == "30")
        #expect(parsed.value("prepare") == nil)
        #expect(!parsed.hasFlag("mute"))
        #expect(parsed.argumentValues("NAME") == ["Core"])
    }

    static let errorCases: [(words: [String], error: CommandLineError, path: [String], message: String)] = [
        (["run", "--prpare", "5"], .unknownOption("--prpare", suggestion: "--prepare"), ["run"],
         "Unknown option '--prpare'. Did you mean '--prepare'?"),
        (["run", "--colour"], .unknownOption("--colour", suggestion: nil), ["run"],
         "Unknown option '--colour'."),
        (["run", "-x"], .unknownOption("-x", suggestion: nil), ["run"],
         "Unknown option '-x'."),
        (["run", "--version"], .unknownOption("--version", suggestion: nil), ["run"],
         "Unknown option '--version'."),
        (["run", "-V"], .unknownOption("-V", suggestion: nil), ["run"],
         "Unknown option '-V'."),
        (["hsitory"], .unknownSubcommand("hsitory", suggestion: "history"), [],
         "Unknown subcommand 'hsitory'. Did you mean 'history'?"),
        (["history", "shw", "x"], .unknownSubcommand("shw", suggestion: "show"), ["history"],
         "Unknown subcommand 'shw'. Did you mean 'show'?"),
        (["dance"], .unknownSubcommand("dance", suggestion: nil), [],
         "Unknown subcommand 'dance'."),
        (["help", "runn"], .unknownSubcommand("runn", suggestion: "run"), [],
         "Unknown subcommand 'runn'. Did you mean 'run'?"),
        (["run", "--prepare"], .missingValue(option: "--prepare", valueName: "seconds"), ["run"],
         "Missing value for '--prepare <seconds>'."),
        (["run", "--prepare", "--mute"], .missingValue(option: "--prepare", valueName: "seconds"), ["run"],
         "Missing value for '--prepare <seconds>'."),
        (["run", "-p"], .missingValue(option: "--prepare", valueName: "seconds"), ["run"],
         "Missing value for '--prepare <seconds>'."),
        (["run", "Tabata", "Extra"], .unexpectedArgument("Extra"), ["run"],
         "Unexpected argument 'Extra'."),
        (["history", "show"], .missingArgument("<id>"), ["history", "show"],
         "Missing expected argument '<id>'."),
        (["history", "import"], .missingArgument("<file>"), ["history", "import"],
         "Missing expected argument '<file>'."),
        (["run", "--prepare", "5", "--prepare=6"], .repeatedOption("--prepare"), ["run"],
         "'--prepare' may only be given once."),
        (["run", "--mute=yes"], .flagWithValue(option: "--mute", value: "yes"), ["run"],
         "'--mute' takes no value, but was given 'yes'."),
    ]

    @Test(arguments: errorCases)
    func badCommandLinesNameTheWord(_ testCase: (words: [String], error: CommandLineError, path: [String], message: String)) {
        #expect(throws: CommandLineFailure(error: testCase.error, path: testCase.path)) {
            try sampleTree.parse(testCase.words)
        }
        #expect(testCase.error.description == testCase.message)
    }

    @Test func usageErrorNamesCommandAndHelp() throws {
        let failure = #expect(throws: CommandLineFailure.self) { try sampleTree.parse(["run", "--prpare", "5"]) }
        let path = try #require(sampleTree.specs(along: failure?.path ?? []))
        #expect(usageErrorText(try #require(failure?.error), for: path, width: 80) == """
            Error: Unknown option '--prpare'. Did you mean '--prepare'?
            Usage: hiit run [<workout>] [--prepare <seconds>] [--mute]
                   [--audio-device <name>] [--events]
              See 'hiit run --help' for more information.

            """)
        #expect(usageErrorText(.unknownSubcommand("dance", suggestion: nil), for: [sampleTree], width: 80) == """
            Error: Unknown subcommand 'dance'.
            Usage: hiit <subcommand>
              See 'hiit --help' for more information.

            """)
        #expect(CommandLineError.exitStatus == 64)
    }
}

@Suite struct OptionValueTests {
    @Test func wholeNumbersInRangeAreAccepted() throws {
        #expect(try OptionValue.wholeNumber("0", option: "--prepare", range: 0...3600, unit: "seconds") == 0)
        #expect(try OptionValue.wholeNumber("3600", option: "--prepare", range: 0...3600, unit: "seconds") == 3600)
        #expect(try OptionValue.wholeNumber("-1", option: "--back", range: -100...100, unit: "") == -1)
        #expect(try OptionValue.decimal("72.5", option: "--weight", range: 20...300, unit: "kilograms") == 72.5)
        #expect(try OptionValue.decimal("70", option: "--weight", range: 20...300, unit: "kilograms") == 70)
        #expect(try OptionValue.choice("imperial", option: "--units", allowed: ["metric", "imperial"]) == "imperial")
    }

    static let badCases: [(error: CommandLineError?, message: String)] = [
        (badValue { try OptionValue.wholeNumber("abc", option: "--prepare", range: 0...3600, unit: "seconds") },
         "--prepare: 'abc' is not a whole number of seconds (0–3600)"),
        (badValue { try OptionValue.wholeNumber("2.5", option: "--prepare", range: 0...3600, unit: "seconds") },
         "--prepare: '2.5' is not a whole number of seconds (0–3600)"),
        (badValue { try OptionValue.wholeNumber("", option: "--prepare", range: 0...3600, unit: "seconds") },
         "--prepare: '' is not a whole number of seconds (0–3600)"),
        (badValue { try OptionValue.wholeNumber(" 5", option: "--prepare", range: 0...3600, unit: "seconds") },
         "--prepare: ' 5' is not a whole number of seconds (0–3600)"),
        (badValue { try OptionValue.wholeNumber("5000", option: "--prepare", range: 0...3600, unit: "seconds") },
         "--prepare: '5000' is outside 0–3600 seconds"),
        (badValue { try OptionValue.wholeNumber("99999999999999999999", option: "--last", range: 1...1000, unit: "") },
         "--last: '99999999999999999999' is outside 1–1000"),
        (badValue { try OptionValue.wholeNumber("x", option: "--last", range: 1...1000, unit: "") },
         "--last: 'x' is not a whole number (1–1000)"),
        (badValue { try OptionValue.decimal("seventy", option: "--weight", range: 20...300, unit: "kilograms") },
         "--weight: 'seventy' is not a number of kilograms (20–300)"),
        (badValue { try OptionValue.decimal("72,5", option: "--weight", range: 20...300, unit: "kilograms") },
         "--weight: '72,5' is not a number of kilograms (20–300)"),
        (badValue { try OptionValue.decimal("nan", option: "--weight", range: 20...300, unit: "kilograms") },
         "--weight: 'nan' is not a number of kilograms (20–300)"),
        (badValue { try OptionValue.decimal("1e3", option: "--weight", range: 20...300, unit: "kilograms") },
         "--weight: '1e3' is not a number of kilograms (20–300)"),
        (badValue { try OptionValue.decimal("19.9", option: "--weight", range: 20...300.5, unit: "kilograms") },
         "--weight: '19.9' is outside 20–300.5 kilograms"),
        (badValue { try OptionValue.choice("metrc", option: "--units", allowed: ["metric", "imperial"]) },
         "--units: 'metrc' is not one of metric, imperial; did you mean 'metric'?"),
        (badValue { try OptionValue.choice("feet", option: "--units", allowed: ["metric", "imperial"]) },
         "--units: 'feet' is not one of metric, imperial"),
    ]

    @Test(arguments: badCases)
    func badValuesNameOptionValueAndRange(_ testCase: (error: CommandLineError?, message: String)) {
        #expect(testCase.error?.description == testCase.message)
    }

    private static func badValue<T>(_ body: () throws -> T) -> CommandLineError? {
        do {
            _ = try body()
            return nil
        } catch {
            return error as? CommandLineError
        }
    }
}

@Suite struct HelpTextTests {
    @Test func widthComesFromColumnsThenTerminal() {
        #expect(helpWidth(columnsVariable: nil, terminalColumns: nil) == 80)
        #expect(helpWidth(columnsVariable: "120", terminalColumns: 100) == 120)
        #expect(helpWidth(columnsVariable: "wide", terminalColumns: 100) == 100)
        #expect(helpWidth(columnsVariable: "0", terminalColumns: nil) == 80)
        #expect(helpWidth(columnsVariable: "5", terminalColumns: nil) == 20)
    }

    @Test func rootHelpAtWidth80() throws {
        #expect(helpText(for: [sampleTree], width: 80) == """
            OVERVIEW: An interval and multisport workout timer for the terminal.

            USAGE: hiit <subcommand>

            OPTIONS:
              -V, --version           Show the version.
              -h, --help              Show help information.

            SUBCOMMANDS:
              run                     Run a workout with voice and beep cues.
              new                     Create a workout.
              history                 Show completed sessions, newest first.
              stats                   Show totals for a period.
              help                    Show subcommand help information.

              See 'hiit help <subcommand>' for detailed help.

            """)
    }

    @Test func runHelpAtWidth80() throws {
        let path = try #require(sampleTree.specs(along: ["run"]))
        #expect(helpText(for: path, width: 80) == """
            OVERVIEW: Run a workout with voice and beep cues.

            Without a workout, the selected one runs. Keys: space pauses, s skips, q quits.

            USAGE: hiit run [<workout>] [--prepare <seconds>] [--mute]
                   [--audio-device <name>] [--events]

            ARGUMENTS:
              <workout>               A workout's name, a workout file, or a quick form such
                                      as 20/10x8 (work 20 s, rest 10 s, 8 rounds).

            OPTIONS:
              -p, --prepare <seconds>
                                      Seconds of countdown before the first work segment; 0
                                      turns it off (default: 10).
              --mute                  No voice or beeps.
              --audio-device <name>   The ALSA device that plays the cues (default:
                                      default).
              --events                Write one JSON object per line on standard output
                                      instead of showing the timer.
              -h, --help              Show help information.

            """)
    }

    @Test func runHelpAtWidth40() throws {
        let path = try #require(sampleTree.specs(along: ["run"]))
        #expect(helpText(for: path, width: 40) == """
            OVERVIEW: Run a workout with voice and
            beep cues.

            Without a workout, the selected one
            runs. Keys: space pauses, s skips, q
            quits.

            USAGE: hiit run [<workout>]
                   [--prepare <seconds>] [--mute]
                   [--audio-device <name>]
                   [--events]

            ARGUMENTS:
              <workout>
                  A workout's name, a workout file,
                  or a quick form such as 20/10x8
                  (work 20 s, rest 10 s, 8 rounds).

            OPTIONS:
              -p, --prepare <seconds>
                  Seconds of countdown before the
                  first work segment; 0 turns it off
                  (default: 10).
              --mute
                  No voice or beeps.
              --audio-device <name>
                  The ALSA device that plays the
                  cues (default: default).
              --events
                  Write one JSON object per line on
                  standard output instead of showing
                  the timer.
              -h, --help
                  Show help information.

            """)
    }

    @Test func historyHelpAtWidth80() throws {
        let path = try #require(sampleTree.specs(along: ["history"]))
        #expect(helpText(for: path, width: 80) == """
            OVERVIEW: Show completed sessions, newest first.

            USAGE: hiit history [--last <n>] [--json] [<subcommand>]

            OPTIONS:
              --last <n>              Show only the last n sessions.
              --json                  Write the stored records as JSON.
              -h, --help              Show help information.

            SUBCOMMANDS:
              show                    Show one session.
              import                  Import sessions from history files.

              See 'hiit help history <subcommand>' for detailed help.

            """)
    }

    @Test func repeatableOptionAndLongLabelsAtWidth80() throws {
        let path = try #require(sampleTree.specs(along: ["new"]))
        #expect(helpText(for: path, width: 80) == """
            OVERVIEW: Create a workout.

            USAGE: hiit new <name> [--exercise <exercise> ...] [--rest-between <seconds>]

            ARGUMENTS:
              <name>                  The workout's name.

            OPTIONS:
              -e, --exercise <exercise>
                                      An exercise such as "Burpees 40/20x3"; give one per
                                      exercise.
              --rest-between <seconds>
                                      Rest between exercises (default: 60).
              -h, --help              Show help information.

            """)
    }

    @Test func repeatingArgumentAtWidth40() throws {
        let path = try #require(sampleTree.specs(along: ["history", "import"]))
        #expect(helpText(for: path, width: 40) == """
            OVERVIEW: Import sessions from history
            files.

            USAGE: hiit history import <file> ...

            ARGUMENTS:
              <file> ...
                  A file written by 'hiit history
                  export'.

            OPTIONS:
              -h, --help
                  Show help information.

            """)
    }

    @Test func everyLineFitsTheWidth() throws {
        for width in [40, 60, 80, 100] {
            for path in [[], ["run"], ["new"], ["history"], ["history", "import"], ["stats"]] {
                let specs = try #require(sampleTree.specs(along: path))
                for line in helpText(for: specs, width: width).split(separator: "\n") {
                    #expect(line.count <= width, "\(path) at \(width): \(line)")
                }
            }
        }
    }
}

@Suite struct OrderedOptionsTests {
    @Test func optionValuesKeepTheirOrderAcrossOptions() throws {
        let tree = CommandSpec(name: "t", abstract: "", options: [
            OptionSpec("a", valueName: "x", help: "", isRepeatable: true),
            OptionSpec("b", valueName: "x", help: "", isRepeatable: true),
            OptionSpec("flag", help: ""),
        ])
        guard case let .command(parsed) = try tree.parse(["--b", "1", "--flag", "--a=2", "--b", "3"]) else {
            Issue.record("not a command")
            return
        }
        #expect(parsed.orderedOptions.map { "\($0.name)=\($0.value)" } == ["b=1", "a=2", "b=3"])
        #expect(parsed.values("b") == ["1", "3"])
    }
}
