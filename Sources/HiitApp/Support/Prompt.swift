import Foundation

/// Questions asked on the terminal: the question on stderr, the answer one line of stdin.
enum Prompt {
    /// Asks a yes/no question on stderr and reads one line from stdin.
    /// - Parameters:
    ///   - question: the question, ending with `[y/N]`.
    ///   - console: where the question goes.
    /// - Returns: `true` only for `y` or `yes` (any case); `false` for anything else or end of input.
    static func confirm(_ question: String, console: Console) -> Bool {
        console.err(question)
        guard let answer = readLine() else { return false }
        return ["y", "yes"].contains(answer.trimmingCharacters(in: .whitespaces).lowercased())
    }

    /// Asks until the answer is one of `choices` (matched by first letter or whole word, any
    /// case).
    /// - Parameters:
    ///   - question: the question, naming the choices.
    ///   - choices: the answers allowed, lowercase.
    ///   - console: where the question goes.
    /// - Returns: the choice, or `nil` at end of input.
    static func choose(_ question: String, among choices: [String], console: Console) -> String? {
        while true {
            console.err(question)
            guard let line = readLine() else { return nil }
            let answer = line.trimmingCharacters(in: .whitespaces).lowercased()
            if let choice = choices.first(where: { $0 == answer || (answer.count == 1 && $0.hasPrefix(answer)) }) {
                return choice
            }
        }
    }
}
