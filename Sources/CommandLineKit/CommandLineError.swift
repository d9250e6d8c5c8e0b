import WorkoutModel
// MARK: - Errors

/// A bad command line (exit status 64, `EX_USAGE`). Each case carries the word the user typed
/// so the message can quote it; the description is one line, as swift-argument-parser writes
/// it after `Error: `.
public enum CommandLineError: Error, Equatable, Sendable, CustomStringConvertible {
    /// An option no command on the path declares, as typed (`--prpare`, `-x`), with the
    /// closest known option when one is near (`--prepare`).
    case unknownOption(String, suggestion: String?)
    /// A word where a subcommand was expected, with the closest subcommand when one is near.
    case unknownSubcommand(String, suggestion: String?)
    /// An option that needs a value got none: `option` as `--prepare`, `valueName` as `seconds`.
    case missingValue(option: String, valueName: String)
    /// A positional word that no argument takes.
    case unexpectedArgument(String)
    /// A required positional argument is missing; `argument` as `<workout>`.
    case missingArgument(String)
    /// A required option was left out: its synopsis (`--exercise <exercise>`), whether it may
    /// be repeated (the message then asks for at least one), and an example as typed, if any.
    case missingOption(String, isRepeatable: Bool, example: String?)
    /// An option that takes one value was given twice (`--prepare`).
    case repeatedOption(String)
    /// A flag was given a value with `=` (`--mute=yes`).
    case flagWithValue(option: String, value: String)
    /// An option's value is not acceptable: `option` as `--prepare`, `value` as typed,
    /// `reason` completing the sentence "'abc' …" (`is not a whole number of seconds (0–3600)`).
    case badValue(option: String, value: String, reason: String)
    /// Options or arguments that cannot go together; the text says which and why
    /// (`--multisport starts a free-form session; it takes no WORKOUT ('Tabata')`).
    case conflict(String)

    /// The exit status for a bad command line (`EX_USAGE` from sysexits.h).
    public static let exitStatus: Int32 = 64

    /// One line, e.g. `Unknown option '--prpare'. Did you mean '--prepare'?`. A control
    /// character or line separator in a word as typed is written as an escape (`\u{a}`, see
    /// `String.oneLineEscaped`), so a word with a line end cannot break the message in two.
    public var description: String {
        text.oneLineEscaped
    }

    /// The message as composed from the words typed.
    private var text: String {
        switch self {
        case let .unknownOption(word, suggestion):
            return "Unknown option '\(word)'." + (suggestion.map { " Did you mean '\($0)'?" } ?? "")
        case let .unknownSubcommand(word, suggestion):
            return "Unknown subcommand '\(word)'." + (suggestion.map { " Did you mean '\($0)'?" } ?? "")
        case let .missingValue(option, valueName):
            return "Missing value for '\(option) <\(valueName)>'."
        case let .unexpectedArgument(word):
            return "Unexpected argument '\(word)'."
        case let .missingArgument(argument):
            return "Missing expected argument '\(argument)'."
        case let .missingOption(synopsis, isRepeatable, example):
            let option = synopsis.split(separator: " ").first.map(String.init) ?? synopsis
            let example = example.map { ", e.g. \($0)" } ?? ""
            return isRepeatable
                ? "At least one \(option) is needed\(example)."
                : "Missing expected option '\(synopsis)'\(example)."
        case let .repeatedOption(option):
            return "'\(option)' may only be given once."
        case let .flagWithValue(option, value):
            return "'\(option)' takes no value, but was given '\(value)'."
        case let .badValue(option, value, reason):
            return "\(option): '\(value)' \(reason)"
        case let .conflict(text):
            return text.prefix(1).uppercased() + text.dropFirst() + "."
        }
    }
}

/// A ``CommandLineError`` and the subcommand path that was reached when it happened (names
/// below the root), so the usage line and the `--help` hint name the right command.
public struct CommandLineFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong.
    public var error: CommandLineError
    /// Subcommand names below the root, e.g. `["history", "show"]`.
    public var path: [String]

    /// The error's one-line description.
    public var description: String { error.description }
}

/// The text for stderr after a bad command line, in swift-argument-parser's form:
/// ```
/// Error: Unknown option '--prpare'. Did you mean '--prepare'?
/// Usage: hiit run [<workout>] [--prepare <seconds>] [--mute]
///   See 'hiit run --help' for more information.
/// ```
/// The usage line is wrapped to `width` with continuation lines under its first item.
/// - Parameters:
///   - error: what is wrong.
///   - path: the command chain from the root (see ``CommandSpec/specs(along:)``).
///   - width: the line width in characters (the terminal's, or `COLUMNS`; 80 by default).
/// - Returns: three or more lines, ending with a newline.
public func usageErrorText(_ error: CommandLineError, for path: [CommandSpec], width: Int) -> String {
    let usage = wrapUsage(usageItems(for: path), prefix: "Usage: ", width: width)
    let names = path.map(\.name).joined(separator: " ")
    return "Error: \(error.description)\n" + usage.joined(separator: "\n")
        + "\n  See '\(names) --help' for more information.\n"
}

// MARK: - Suggestions

/// The candidate closest to `word` by edit distance (insertions, deletions, substitutions),
/// when it is close enough to be a likely typo: at most 2 edits and fewer than half of the
/// candidate's characters.
/// - Parameters:
///   - word: what the user typed, compared without leading dashes.
///   - candidates: the known words, compared without leading dashes.
/// - Returns: the best candidate as given (dashes kept), or `nil`.
public func closestMatch(to word: String, among candidates: [String]) -> String? {
    func bare(_ text: String) -> [Character] { Array(text.drop(while: { $0 == "-" })) }
    let typed = bare(word)
    var best: (candidate: String, distance: Int)?
    for candidate in candidates {
        let known = bare(candidate)
        let distance = editDistance(typed, known)
        if distance <= 2, distance * 2 < known.count, distance < (best?.distance ?? Int.max) {
            best = (candidate, distance)
        }
    }
    return best?.candidate
}

/// Levenshtein distance between two character sequences.
public func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
            current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
        }
        swap(&previous, &current)
    }
    return previous[b.count]
}
