// MARK: - Stage 1: words to tokens

/// One command-line word, classified without knowing the command tree (the first of two
/// parsing stages, as in swift-argument-parser). Binding tokens to commands is stage 2
/// (``CommandSpec/bind(_:)``).
public enum ArgumentToken: Equatable, Sendable {
    /// `--name` or `--name=value` (the name without dashes; `value` is what follows the first `=`).
    case longOption(name: String, value: String?)
    /// `-h` or a group `-abc`: the letters after the dash.
    case shortOptions(String)
    /// `--`: every later word is a plain word.
    case terminator
    /// Anything else: a subcommand name, a positional value, a lone `-`, or any word after `--`.
    case word(String)

    /// The word as it was typed.
    public var text: String {
        switch self {
        case let .longOption(name, value):
            return value.map { "--\(name)=\($0)" } ?? "--\(name)"
        case let .shortOptions(letters):
            return "-" + letters
        case .terminator:
            return "--"
        case let .word(word):
            return word
        }
    }

    /// Splits the program's arguments (without the program name) into tokens.
    /// - Parameter arguments: e.g. `["run", "--prepare=5", "-h", "--", "--odd-name"]`.
    /// - Returns: one token per word, in order.
    public static func split(_ arguments: [String]) -> [ArgumentToken] {
        var tokens: [ArgumentToken] = []
        var afterTerminator = false
        for word in arguments {
            if afterTerminator {
                tokens.append(.word(word))
            } else if word == "--" {
                tokens.append(.terminator)
                afterTerminator = true
            } else if word.hasPrefix("--") {
                let body = word.dropFirst(2)
                if let equals = body.firstIndex(of: "=") {
                    tokens.append(.longOption(name: String(body[..<equals]),
                                              value: String(body[body.index(after: equals)...])))
                } else {
                    tokens.append(.longOption(name: String(body), value: nil))
                }
            } else if word.hasPrefix("-"), word.count > 1 {
                tokens.append(.shortOptions(String(word.dropFirst())))
            } else {
                tokens.append(.word(word))
            }
        }
        return tokens
    }
}
