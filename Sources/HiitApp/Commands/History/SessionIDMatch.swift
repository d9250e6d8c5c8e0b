import CommandLineKit
import Foundation
import WorkoutStore

/// Finding the session a person names by its id, or by the first characters of it, as
/// `hiit history show ID` and `hiit history delete ID` take it.
///
/// Matching ignores case and hyphens (`1b4e28ba`, `1B4E-28BA` and the whole id all work). At
/// least ``minimumLength`` characters are needed, so a stray digit never picks a session.
enum SessionIDMatch: Equatable {
    /// Exactly one session has such an id (several lines with the same id count as one
    /// session; the first is given).
    case found(HistoryEntry)
    /// Fewer than ``minimumLength`` characters (hyphens not counted).
    case tooShort
    /// No session's id starts with the text.
    case notFound
    /// Several sessions' ids start with the text; one entry per session, in file order.
    case ambiguous([HistoryEntry])

    /// The fewest characters accepted.
    static let minimumLength = 4

    /// Looks up `text` among `entries`.
    /// - Parameters:
    ///   - text: what the person typed.
    ///   - entries: the valid history lines.
    /// - Returns: the outcome.
    static func find(_ text: String, in entries: [HistoryEntry]) -> SessionIDMatch {
        let wanted = normalized(text)
        guard wanted.count >= minimumLength else { return .tooShort }
        var matches: [HistoryEntry] = []
        var seen = Set<UUID>()
        for entry in entries where normalized(entry.record.id.uuidString).hasPrefix(wanted) {
            if seen.insert(entry.record.id).inserted { matches.append(entry) }
        }
        switch matches.count {
        case 0: return .notFound
        case 1: return .found(matches[0])
        default: return .ambiguous(matches)
        }
    }

    /// Upper case without hyphens or surrounding white space.
    private static func normalized(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespaces).uppercased().filter { $0 != "-" }
    }

    /// The message for an outcome other than ``found(_:)``, one line, naming the text typed.
    /// - Parameters:
    ///   - text: what the person typed.
    ///   - path: the history file's path.
    /// - Returns: the message, or `nil` for ``found(_:)``.
    func message(for text: String, path: String) -> String? {
        let shown = text.sanitizedForMessage
        switch self {
        case .found:
            return nil
        case .tooShort:
            return "'\(shown)' is too short: give at least \(Self.minimumLength) characters of a session id (the ID column of 'hiit history')"
        case .notFound:
            return "no session in \(path) has an id starting with '\(shown)' (see the ID column of 'hiit history')"
        case let .ambiguous(entries):
            let listed = entries.prefix(5).map { HistoryText.oneLine($0.record) }.joined(separator: "; ")
            let more = entries.count > 5 ? "; and \(entries.count - 5) more" : ""
            return "'\(shown)' matches \(entries.count) sessions: \(listed)\(more); give more characters of the id"
        }
    }
}

extension String {
    /// The text with control characters replaced by `?`, cut to 60 characters, for quoting
    /// a person's input inside a one-line message.
    var sanitizedForMessage: String {
        let cleaned = String(String.UnicodeScalarView(unicodeScalars.map {
            $0.properties.generalCategory == .control ? "?" : $0
        }))
        return cleaned.count > 60 ? String(cleaned.prefix(60)) + "…" : cleaned
    }
}

extension SessionIDMatch {
    /// Help for the ID argument of the history commands that name one session.
    static let argumentHelp = "The session's id, or its first characters (at least 4; case and hyphens do not matter), as in the ID column of 'hiit history'."

    /// Reads `history` (reporting unreadable lines) and finds the one session `id` names.
    /// - Returns: the entry.
    /// - Throws: ``StoreError`` when the history cannot be read (74); ``CommandFailure/usage(_:)``
    ///   when no session or several match `id` (64).
    static func entry(_ id: String, in history: HistoryFile, console: Console) throws -> HistoryEntry {
        let scan = try HistoryReading.scan(history, console: console)
        let match = find(id, in: scan.entries)
        guard case let .found(entry) = match else {
            throw CommandFailure.usage(match.message(for: id, path: history.url.path) ?? "")
        }
        return entry
    }
}
