import Foundation

/// `hiit status --format TEMPLATE`: text with placeholders in braces, checked once when the
/// option is read, so a misspelt placeholder is an error rather than text in the bar.
///
/// Placeholders (``Placeholder``): `{text}` the whole plain line, `{phase}` (`WORK`, `BIKE`,
/// `IDLE`), `{remaining}` (the time shown: left in a timed segment, or an open segment's timer
/// time; empty when idle), `{label}`, `{round}`, `{rounds}`, `{workout}`, `{state}` (`running`,
/// `paused`, `idle`), `{class}` (``StatusClass``), `{percent}` (0–100), `{week}` (`95/150
/// min`, empty while a timer runs), `{change}` (`▲12%`, empty when there is none). `{{` and
/// `}}` write a brace.
public struct StatusTemplate: Equatable, Sendable {
    /// The placeholders a template may use.
    public enum Placeholder: String, CaseIterable, Sendable {
        case text, phase, remaining, label, round, rounds, workout, state, `class`, percent, week, change
    }

    /// A piece of a parsed template.
    enum Piece: Equatable, Sendable {
        case literal(String)
        case placeholder(Placeholder)
    }

    /// The template's pieces in order.
    let pieces: [Piece]

    /// Parses a template.
    /// - Parameter text: the template as typed, e.g. `{phase} {remaining}`.
    /// - Throws: ``StatusTemplateError`` for an unknown placeholder (naming it and the known
    ///   ones) or a brace that is not closed or not doubled.
    public init(parsing text: String) throws(StatusTemplateError) {
        var pieces: [Piece] = []
        var literal = ""
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            if character == "}" {
                guard next < text.endIndex, text[next] == "}" else { throw .unmatchedBrace }
                literal.append("}")
                index = text.index(after: next)
            } else if character == "{" {
                if next < text.endIndex, text[next] == "{" {
                    literal.append("{")
                    index = text.index(after: next)
                    continue
                }
                guard let close = text[next...].firstIndex(of: "}") else { throw .unmatchedBrace }
                let name = String(text[next..<close])
                guard let placeholder = Placeholder(rawValue: name) else { throw .unknownPlaceholder(name) }
                if !literal.isEmpty { pieces.append(.literal(literal)) }
                literal = ""
                pieces.append(.placeholder(placeholder))
                index = text.index(after: close)
            } else {
                literal.append(character)
                index = next
            }
        }
        if !literal.isEmpty { pieces.append(.literal(literal)) }
        self.pieces = pieces
    }

    /// The template with its placeholders replaced by `fields`.
    /// - Parameters:
    ///   - fields: the reading's texts.
    ///   - now: the reader's wall-clock time (for `{percent}`).
    public func render(_ fields: StatusFields, at now: Date) -> String {
        pieces.map { piece in
            switch piece {
            case let .literal(text): text
            case let .placeholder(placeholder): Self.value(of: placeholder, in: fields, at: now)
            }
        }.joined()
    }

    /// One placeholder's text.
    static func value(of placeholder: Placeholder, in fields: StatusFields, at now: Date) -> String {
        switch placeholder {
        case .text: fields.text
        case .phase: fields.phase
        case .remaining: fields.time
        case .label: fields.label
        case .round: fields.round
        case .rounds: fields.rounds
        case .workout: fields.workout
        case .state: fields.state
        case .class: StatusClass(fields.reading).rawValue
        case .percent: "\(fields.percent(at: now))"
        case .week: fields.week
        case .change: fields.change
        }
    }
}

/// Why a `--format` template was refused.
public enum StatusTemplateError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `{name}` is not a placeholder.
    case unknownPlaceholder(String)
    /// A `{` without its `}`, or a lone `}` (write `{{` and `}}` for braces).
    case unmatchedBrace

    /// `'{remain}' is not a placeholder; known: {text}, {phase}, …`.
    public var description: String {
        switch self {
        case let .unknownPlaceholder(name):
            "'{\(name)}' is not a placeholder; known: " + StatusTemplate.Placeholder.allCases.map { "{\($0.rawValue)}" }
                .joined(separator: ", ")
        case .unmatchedBrace: "a brace is not matched; write {{ and }} for braces"
        }
    }
}
